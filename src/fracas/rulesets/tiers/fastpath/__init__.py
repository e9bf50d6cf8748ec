"""The `tiers` simulation fast path: its rules and tactics restated over plain lists.

Why this package exists: `fracas sim` plays a fight through the engine, where every rule
emits events that `evolve` applies to frozen states and the tactics verify each wish. For
the duel example that is several hundred times the cost of the fight's dice (issue 10 asks
for at most 10). Here one fight is a handful of lists of numbers changed in place, and the
tactics' wishes are checked by the few comparisons their rules make; no event, state or
action object is built.

It is a restatement, so it is held to the engine: tests/sim/test_tiers_fastpath.py plays
the covered examples and generated sheets and options through both, seed for seed, and
compares every trial; the d20s are drawn from the same generator in the same order (read
in bulk by `core.dice.face_stream`, the faces `randint` would give), and the
map's own searches (`Grid.reachable`, `sight_blocked`, `line`), the arcs (`arcs.ahead`), the
compass (`common.direction`), the cover geometry (`cover.hides`) and the crit tactics' odds
(`crit_tactics.edge`) are the engine's functions, so only the control flow is restated. Each
piece names the engine code it mirrors.

What it models: a lit fight (the map bright everywhere, no light source, nothing lying on
it) of one-tile fighters on the ground, each holding one weapon (or a two-handed one, or
nothing) in melee, bow or thrown kind, without stealth skill, conditions or effects, from
the set-up (every trial rolls initiative, individually), under the `tactics` policy and the
options listed in `MODELLED`. Anything else makes `fast_path` answer None and the engine
plays the trial: darkness and low light, lights, large bodies, crossbows and firearms in
hand, dual wielding, stealth, forks taken after a scripted part, the other policies and any
other option value.
A fight that meets what is not restated on the way (a bare-handed fighter whose natural
weapon a crit wore below a carried weapon, which tactics._rearm would take up) is handed
back the same way.

The fights of one fork meet the same situations over and over, so the judgements that
follow from a situation alone are remembered per fork: the tactics' blow or walk by layout,
order of foes and actions left (by one number where the layout alone orders the foes,
`Compiled.plans`); an exchange's answer, crit picks, bonuses and armor by
attacker, defender, gap and gear (`Bout`).

Modules: `sheets` (the numbers and each fighter's sheet), `compiled` (one fork read once),
`fight` (the loop, turns, tactics and exchange), `crits` (crit targets, picks, `Bout`).

When a rule of tiers/rules or tiers/tactics.py changes, change it here too: the identity
test fails until both agree.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import cast

from fracas.core.fastpath import FastPath, ForkPoint
from fracas.rulesets.tiers.fastpath.compiled import Compiled
from fracas.rulesets.tiers.fastpath.sheets import KINDS
from fracas.rulesets.tiers.options import TiersOptions
from fracas.rulesets.tiers.rules.light import BRIGHT, LitGrid
from fracas.rulesets.tiers.warrior import Warrior

MODELLED = frozenset(
    {
        "tie",
        "death",
        "crits",
        "uncontested_crits",
        "min_damage",
        "cloaks_add_to_armor",
        "natural_armor_under_worn",
        "unarmed_counterattacks",
        "attacker_faces_target",
        "natural_crit_fail",
        "crit_fail_ten_armor",
        "diagonal",
    }
)
"""The options this fast path reads; every other one must keep its default value (most only
matter in darkness, with gear it declines, or with actions the tactics never take)."""


def compile_fast_path(point: ForkPoint, policies: Mapping[str, str]) -> FastPath | None:
    """The fast path for trials from `point`, or None where it would have to guess."""
    if any(name != "tactics" for name in policies.values()):
        return None  # other policies retarget through `verify`: not restated here
    if point.state is not None:
        return None  # a fork after a scripted part: not restated (see the module docstring)
    setup = point.setup
    opts = setup.options
    if not isinstance(opts, TiersOptions) or not _modelled_options(opts):
        return None
    board = setup.arena
    if not isinstance(board, LitGrid) or not _bright(board):
        return None
    if not all(type(c) is Warrior for c in setup.combatants):
        return None
    warriors = cast(tuple[Warrior, ...], setup.combatants)
    if not warriors or not all(_modelled_warrior(w) for w in warriors):
        return None
    return Compiled(point, warriors, opts, board)


def _modelled_options(opts: TiersOptions) -> bool:
    defaults = TiersOptions()
    return all(
        getattr(opts, name) == getattr(defaults, name)
        for name in TiersOptions.model_fields
        if name not in MODELLED
    )


def _bright(board: LitGrid) -> bool:
    """Bright everywhere: no darkness or low light for any rule to read, no light source
    (placed, carried or unlit: torches and candles have rules of their own), nothing lying
    on the map for the tactics to pick up."""
    lights = board.sources or board.carried or board.unlit
    return board.level >= BRIGHT and not lights and not board.ground


def _modelled_warrior(w: Warrior) -> bool:
    if w.conditions or w.large or w.z or w.skills.stealth:
        return False
    if w.turned_from is not None or w.bumped or w.stealth_spent or w.trails:
        return False
    if w.actions or w.contested or w.spent_ahead or w.crossed_at is not None:
        return False
    if w.off is not None and w.off != w.main:
        return False  # a pair in hand: dual wielding is not restated
    if w.main is None:
        # tactics._rearm would take up a carried weapon
        return not any(w.tier_of(x.id) > w.natural_weapon for x in w.weapons)
    weapon = w.weapon(w.main)
    return weapon is not None and weapon.kind in KINDS
