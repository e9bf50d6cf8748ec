"""The `nwo` simulation fast path: whole fights restated over plain lists.

Why this module exists: `fracas sim` plays an nwo fight through the engine, where every
panel roll, hit, step and turn is an event applied to frozen states and the tactics weigh
lines of fire and paths over those states (about 450 times the cost of the fight's dice
for the firefight). This module decides whether a fork is within the fast path;
`fastpath_fork.py` reads the fork into lists once, `fastpath_fight.py` plays one trial
over them (the rules) and `fastpath_tactics.py` restates the tactics' choices.

What it models, exactly as the engine plays it (each piece names the engine code it
mirrors): initiative without an ambush (`rules/initiative.py`), the turn flow of
`core.turns.InitiativeRounds` with nwo's turn reset, the tactics' wishes in their order
(`tactics._wishes`, the first that `first_legal` accepts): a strike from where a fighter
stands, the tile search for a better one (`_strike_after_moving`), a reload, a brace, a
draw or swap of a holstered weapon (`_draws`), a blow with bare hands or a gun's stock
(`_bare_strikes`), a dash (`_dash_target`), a walk toward the foes (`_approach`,
`_nearer`) and the step to cover after acting (`_after_acting`), each over the answers
the tactics read (`appraisal._zone`, `_shelter`, `_walking_distances`, `grid.reachable` and
`grid.path_to`, so the same tiles come in the same order; kept again per fork, without the
map in the key, by `fastpath_tables.Tables`, the searches and walks worked out there by
tile number) and with `appraisal._line_of_fire` restated over the fork's answers about
each line (`fastpath_tactics.verdict`); the walk
(`movement._walk`: attacks of opportunity as the mover leaves a reach, the spear's
sentinel stop with the round's action pledged); the attack as `rules/attack.py` resolves
it (panel rolls with advantage, the -2 of a shot after moving, shooting through characters
in the way, cover, parries, defense crits, armor hitpoints first), `arms.resolve_reload`,
`posture.resolve_brace` (read by `attack.defense_edge`), `arms.resolve_draw` and
`resolve_swap`, and the crit effects `double_damage`, `blade_advantage`, the stun, the
shotgun's splash, the assault rifle's suppression, the extra attacks on the same target
and the revolver's, forgone (`MODELLED_EFFECTS`), a bare hand's crit, the stun
(`crits._unarmed` with no effect named), and the spear's grapple (`crits._spear`, with
rules/holds.py: the ban on escaping until the end of the spearman's next turn, the escape
wish and its contest, the break-free contest after the held one hits its grappler, the
disadvantage of both sides' attacks, the held one's movement 0 and the hold's end after an
action that downs the spearman or leaves the held one out of its reach; `Fight.grips`) and
the restraint that a third failed grapple check in a row makes of it (`holds._record_fail`,
`restrain`: the grapple replaced, the held one disarmed, its holster kept; the restrained
wishing nothing `verify` accepts, so its turn ends, and never reacting; the restrainer's
two-handed attacks refused, so the tactics' next wish is taken; the restraint's end as a
grapple's, the restrained staying disarmed; a spear's crit on the restrained grappling it
beside the restraint, `fastpath_tactics.restrained` and `held_back`). The tactics never
wish the other holds (grapple, restrain, drag, release, free, shields, shoves), so nothing
else of holds.py is met. Only a turn of more than `TURN_ACTIONS` actions and a stalemate
of skipped turns hand a fight back mid-way, and the engine plays that trial with fresh dice
of the same seed. Anything else (any other crit effect, an ambush, any option but the
defaults, any condition but a long blade's advantage, any policy but `tactics`) is not
modelled: `compile_fast_path` answers None for a fork that holds it. A fork that hands
back its first `GIVE_UP_AFTER` trials without finishing one stops trying, so as not to add
to the engine's time. Its d6s are the faces `randint(1, 6)` gives, read in bulk
(`core.dice.face_stream`): a trial handed back leaves its generator spent, and the
engine's replay takes fresh dice anyway.

It is a restatement, so it is held to the engine: tests/sim/test_nwo_fastpath.py plays the
nwo examples and generated fights (close quarters, and sides that start apart and walk)
through both, seed for seed, and compares every trial the fast path finishes. When a rule
of nwo/rules or nwo/tactics.py changes, change it here too: the identity test fails until
both agree.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final, cast

from fracas.core.conditions import Condition, Expiry
from fracas.core.dice import Dice, face_stream
from fracas.core.fastpath import FastPath, FastTrial, ForkPoint
from fracas.core.grid import Grid
from fracas.core.state import EncounterState
from fracas.core.turns import InitiativeTurns
from fracas.rulesets.nwo.fastpath_fight import RESTATED_EFFECTS, Fight
from fracas.rulesets.nwo.fastpath_fork import STATUSES, Compiled
from fracas.rulesets.nwo.operative import Operative
from fracas.rulesets.nwo.options import NwoOptions
from fracas.rulesets.nwo.rules.common import BLADE_ADVANTAGE

MODELLED_EFFECTS: Final = RESTATED_EFFECTS
"""Crit effects restated here (`crits.apply`). The tactics never name an `extra_target`, so
`extra_attack` strikes the same target again and the revolver's `extra_attack_other_target`
is forgone without a roll. The assault rifle's suppression (`crits._suppress`) lasts until
the start of the target's next turn, and only what happens before then reads it
(`arms.suppression_block`, the verify of the target's own actions, and `support`'s
watches): nobody watches here, a reaction is no action verified, and the target's own turn
begins by lifting it, so it is played as nothing (`Fight.crit_effect`)."""


def compile_fast_path(point: ForkPoint, policies: Mapping[str, str]) -> FastPath | None:
    """The fast path for trials from `point`, or None where it would have to guess."""
    if any(name != "tactics" for name in policies.values()):
        return None  # other policies retarget through `verify`: not restated here
    state = point.state
    base = state if state is not None else point.setup
    if not isinstance(base.options, NwoOptions) or base.options != NwoOptions():
        return None
    if not isinstance(base.arena, Grid) or (state is not None and not _modelled_turns(state)):
        return None
    if not all(type(c) is Operative for c in base.combatants):
        return None
    people = cast(tuple[Operative, ...], base.combatants)
    if state is None and any(who.ambusher for who in people):
        return None  # the ambush round (initiative.ambush_round): not restated
    if not all(_modelled(who) for who in people):
        return None
    return _FastPath(Compiled(point, base, people))


def _modelled_turns(state: EncounterState) -> bool:
    turns = state.turns
    if not isinstance(turns, InitiativeTurns) or turns.round < 1 or turns.next_round is not None:
        return False
    if not turns.this_round or state.outcome is not None:
        return False
    ids = {c.id for c in state.combatants}
    if not all(cid in ids for cid in (*turns.order, *turns.this_round)):
        return False
    if tuple(turns.this_round) != tuple(turns.order):
        return False
    current = cast(Operative, state.get(turns.this_round[turns.index]))
    return current.moved == 0 and not current.disengaging


def _modelled(who: Operative) -> bool:
    """Only what the modelled rules read: the status, arms and the one condition."""
    if who.status not in STATUSES or who.grapple_fails:
        return False
    if any(w.effect not in MODELLED_EFFECTS for w in who.arsenal):
        return False
    return all(_blade_as_the_rules_put_it(condition, who) for condition in who.conditions)


def _blade_as_the_rules_put_it(c: Condition, who: Operative) -> bool:
    """crits._through_next_turn: on the attacker, anchored to it, ending with its turns."""
    return (
        c.name == BLADE_ADVANTAGE
        and c.source == who.id
        and c.anchor == who.id
        and c.expiry is Expiry.END_OF_TURN
        and 1 <= c.count <= 2
        and c.detail is None
        and c.event is None
    )


GIVE_UP_AFTER: Final = 24
"""Trials handed back, with none finished, after which a fork's trials go straight to the
engine: a fork that hands every trial back (as the firefight did before its walks were
restated) only adds the tries to the engine's time. Which trials the engine plays never
changes a result (it plays them with fresh dice of their seed either way)."""


class _FastPath:
    """A compiled fork, played one trial a call."""

    __slots__ = ("compiled", "finished", "handed_back")

    def __init__(self, compiled: Compiled) -> None:
        self.compiled = compiled
        self.finished = 0
        self.handed_back = 0

    @property
    def given_up(self) -> bool:
        return not self.finished and self.handed_back >= GIVE_UP_AFTER

    def __call__(self, dice: Dice, max_rounds: int) -> FastTrial | None:
        if self.given_up:
            return None
        fought = Fight(self.compiled, face_stream(dice, 6)).play(max_rounds)
        if fought is None:
            self.handed_back += 1
        else:
            self.finished += 1
        return fought
