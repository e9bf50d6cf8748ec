"""The `fatewalker` simulation fast path: armed melee on the tick timeline over plain lists.

Why this module exists: `fracas sim` plays a fight through the engine, where the tick
timeline, every pool, reaction and wound emits events that `evolve` applies to frozen
states, and the tactics verify each wish. For the courtyard duel that is about eighty times
the cost of the fight's dice (issue 10 asks for at most 10). Here one fight is a few lists of
numbers changed in place; no event, state or action object is built.

What it restates, each piece naming the engine code it mirrors:

- the tick timeline (core/ticks.py): initiative (rules/initiative.py), ticks reached for
  those due and for the rules' alarms, groups by Awareness that declare together and resolve
  in declaring order, tick costs that push a reactor out of the tick's queue, the dead
  passed over with their turns skipped;
- the tactics (tactics.py) of a fighter with weapons in hand and nothing else to do: a
  strike at the nearest foe (fewest boxes left first) with the weapon of the biggest damage
  pool that reaches it; and the target's default reaction (rules/strike.py,
  `default_reaction`; rules/defence.py, `preferred`): parry, dodge or none;
- the strike, parry and dodge (rules/strike.py, rules/defence.py, rules/melee.py at Long
  range), the damage pipeline (rules/harm.py: promotions, Deflection, the energy shield of
  rules/shields.py, penetrating zeros, Absorb, a stopping parry's points), the wound chart
  with Tough's Will, bleeding, consciousness and death (rules/wounds.py), and what the clock
  brings (rules/lasting.py: bleeding, Temporary wounds fading, shields recharging);
- a fork after a scripted part (fork.py, `resume`): the clock, the declarations waiting
  (plain strikes), and the marks, statuses, bleeding and last reactions it left.

Everything else makes `fast_path` answer None, so the engine plays the trial: a scripted
part that holds, declares anything but a strike, or leaves someone not yet aware; a map,
another policy than `tactics`, a sheet with powers, a hand-held shield, a gun, an unarmed
fighter, a late comer, any field of a sheet or weapon or any option this module does not
read set away from its default (so mechanics added later fall back safely). A fight that
wanders outside (a fighter with no blow in reach, who would move; an unarmed blow) is handed
back the same way, mid-fight. tests/sim/test_fatewalker_fastpath.py holds every trial
equal to the engine's, seed for seed: when a rule here changes in the engine, change it here
too, and that test fails until both agree.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import cast

from fracas.core.dice import Dice
from fracas.core.fastpath import FastPath, FastTrial, ForkPoint
from fracas.rulesets.fatewalker.fastpath.compiled import Profile, Readings
from fracas.rulesets.fatewalker.fastpath.fight import Fight
from fracas.rulesets.fatewalker.fastpath.fork import plain, plain_options, resume
from fracas.rulesets.fatewalker.options import FatewalkerOptions
from fracas.rulesets.fatewalker.walker import Walker


def compile_fast_path(point: ForkPoint, policies: Mapping[str, str]) -> FastPath | None:
    """The fast path for trials from `point`, or None where it would have to guess."""
    if any(name != "tactics" for name in policies.values()):
        return None  # other policies retarget through `verify`: not restated here
    if point.order is not None:
        return None  # fatewalker refuses a fixed order: nothing to restate
    setup = point.setup
    base = point.state if point.state is not None else setup
    opts = base.options
    if not isinstance(opts, FatewalkerOptions) or not plain_options(opts):
        return None
    if base.arena is not None:
        return None
    people = base.combatants
    if not people or not all(type(c) is Walker and plain(c) for c in people):
        return None
    walkers = cast(tuple[Walker, ...], people)
    if [c.id for c in walkers] != [c.id for c in setup.combatants]:
        return None  # the trial reports follow the set-up's order
    start = None
    if point.state is not None:
        start = resume(point.state, walkers)  # a fork after a scripted part
        if start is None:
            return None
    sheets = [Profile(w, opts) for w in walkers]
    sides = sorted({w.side for w in walkers})
    for n, sheet in enumerate(sheets):
        sheet.side = sides.index(walkers[n].side)
    rules = Readings(opts)
    distances = [[round(a.distance_to(b), 3) for b in walkers] for a in walkers]
    reaches = [[a.distance_to(b) for b in walkers] for a in walkers]
    side_names = tuple(w.side for w in walkers)

    def fight(dice: Dice, max_rounds: int) -> FastTrial | None:
        fight = Fight(sheets, rules, distances, reaches, side_names, dice.rng.randint)
        return fight.play(max_rounds, start)

    return fight
