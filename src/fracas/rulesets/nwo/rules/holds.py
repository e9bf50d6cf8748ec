"""Grappling, restraint, human shields and shoving (seed 000: "Grappling", "Restrained",
"Human Shield", "Shoving").

Every contest here is a panel roll of 2d6 plus the check modifier of the skill (A5), the
initiator first, then the responder; a tie is a Parry and goes to the responder, or both
re-roll when the table plays `parry: reroll` (NWO-12). A helpless responder rolls nothing and
loses. Help bonuses ride on whichever roll they were given to and are spent by it.

How holds live in the state:

* GRAPPLED(source=grappler) on the held character. The grappler keeps it without rolling.
* RESTRAINED(source=restrainer) replaces GRAPPLED when a grapple is upgraded: restraint is
  the stronger hold, and keeping GRAPPLED too would give the restrainer the grappler's
  disadvantage, while the seed lets a restrainer make one-handed attacks (A16: no penalty).
* RESTRAINED whose source is not a combatant (None once bound with a `restrain` on an
  already restrained target, or "gm" from an override) is "physical restraints": nobody
  has to hold on, and an adjacent character's `free` action removes it.
* `grapple_fails` on the held character counts its lost grapple contests in a row (the one
  that put it in the hold, escapes, break-free rolls, upgrade attempts); any contest it wins
  resets it, and so does leaving the hold. The third in a row makes it restrained.
* SHIELDED(source=shield) on the character hiding behind someone. Whether the shield stands
  for it against a given attack is `shield_against`: always in melee; against a shot, by
  default, when the shield is on the line of fire between shooter and protected.

After every action (`after_action`) a hold ends if its holder is down or dead, the held one
is dead, or they stand farther apart than the holder's reach (1, or a spear's 2 for the
spear's crit grapple); a shield stops protecting when it no longer qualifies.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar, Final, cast

from fracas.core.conditions import Condition
from fracas.core.errors import IllegalAction
from fracas.core.events import ConditionApplied, ConditionRemoved
from fracas.core.state import EncounterState, Status
from fracas.core.transaction import Transaction
from fracas.rulesets.nwo.actions import (
    Drag,
    Escape,
    ForceProne,
    Free,
    Grapple,
    HumanShield,
    Release,
    Restrain,
    Shove,
)
from fracas.rulesets.nwo.events import (
    ActionSpent,
    Moved,
    MovementSpent,
    NwoEvent,
    WeaponsChanged,
    update,
)
from fracas.rulesets.nwo.grid import Tile
from fracas.rulesets.nwo.operative import Operative
from fracas.rulesets.nwo.rules import panel
from fracas.rulesets.nwo.rules.common import (
    GRAPPLED,
    NO_ESCAPE,
    PRONE,
    RESTRAINED,
    SHIELDED,
    check_modifier,
    fighter,
    grid,
    half,
    occupied,
    options,
    require_action,
    require_adjacent,
    require_movement,
    require_target,
)

if TYPE_CHECKING:
    from fracas.rulesets.nwo.catalog import Weapon
    from fracas.rulesets.nwo.rules.attack import Strike

FAILS_TO_RESTRAIN: Final = 3
"""seed: "If a character fails a grapple check three times in a row"."""
HELPERS_TO_RESTRAIN = 2
"""seed: "or the grappler is aided by two other characters"."""
COLLISION_DAMAGE = 2
"""seed: "If knocked into a wall or other character, the target (and that character) both
take 2 damage"."""


@dataclass(frozen=True, slots=True, kw_only=True)
class GrappleFailsSet(NwoEvent):
    """The held character's run of lost grapple contests, after a contest or a hold's end."""

    kind: ClassVar[str] = "grapple_fails_set"
    target: str
    count: int

    def apply(self, state: EncounterState) -> EncounterState:
        return update(state, self.target, grapple_fails=self.count)

    def describe(self) -> str:
        return f"{self.target}: {self.count} failed grapple checks in a row"


# -- reading holds ----------------------------------------------------------------------


def holder_of(state: EncounterState, target: Operative) -> str | None:
    """Who holds `target` by hand (grapple or hand-held restraint), if anyone."""
    for name in (GRAPPLED, RESTRAINED):
        condition = target.condition(name)
        if condition is not None and _is_combatant(state, condition.source):
            return condition.source
    return None


def is_bound(state: EncounterState, target: Operative) -> bool:
    """In physical restraints: restrained, and nobody's hands are what keeps it so."""
    condition = target.condition(RESTRAINED)
    return condition is not None and not _is_combatant(state, condition.source)


def _is_combatant(state: EncounterState, source: str | None) -> bool:
    return source is not None and state.find(source) is not None


def _holds(state: EncounterState, actor: Operative, target: Operative) -> bool:
    return holder_of(state, target) == actor.id


def _hold_reach(holder: Operative) -> int:
    """A spear's crit grapples at the spear's reach; hands hold at 1 tile."""
    return max(1, holder.reach)


# -- the contest --------------------------------------------------------------------------


def _modifier(state: EncounterState, who: Operative, skill: str) -> int:
    from fracas.rulesets.nwo.rules import support

    return check_modifier(state, who.skill(skill)) + support.help_bonus(state, who)


def contest(
    tx: Transaction,
    initiator_id: str,
    responder_id: str,
    purpose: str,
    *,
    initiator_skill: str = "strength",
    responder_skill: str = "strength",
) -> bool:
    """True if the initiator wins. Ties go to the responder ("parries go in favor of the
    defender") unless both re-roll by the table's option."""
    from fracas.rulesets.nwo.rules import support

    state = tx.state
    initiator = fighter(state, initiator_id)
    responder = fighter(state, responder_id)
    first_mod = _modifier(state, initiator, initiator_skill)
    second_mod = _modifier(state, responder, responder_skill)
    won = False
    while True:
        first = panel.roll(tx, initiator_id, f"{purpose} ({initiator_skill})", first_mod)
        if not responder.is_active:
            won = True  # the helpless do not resist
            break
        second = panel.roll(
            tx, responder_id, f"resists {initiator_id}'s {purpose} ({responder_skill})", second_mod
        )
        if first.total != second.total:
            won = first.total > second.total
            break
        if options(tx.state).parry != "reroll":
            break
    support.spend_help(tx, initiator_id)
    if responder.is_active:
        support.spend_help(tx, responder_id)
    return won


def _help_count(state: EncounterState, who: str) -> int:
    """Successful Help bonuses riding on `who`'s next roll (support.py keeps them)."""
    from fracas.rulesets.nwo.rules import support

    counter = getattr(support, "help_count", None)
    if counter is None:
        return 0
    count: int = counter(state, who)
    return count


def _record_fail(tx: Transaction, target_id: str, holder_id: str) -> None:
    """The held character lost a grapple check; the third in a row restrains it."""
    count = fighter(tx.state, target_id).grapple_fails + 1
    tx.emit(GrappleFailsSet(target=target_id, count=count))
    if count >= FAILS_TO_RESTRAIN and not fighter(tx.state, target_id).has(RESTRAINED):
        restrain(tx, target_id, holder_id, f"{FAILS_TO_RESTRAIN} failed grapple checks in a row")


def _record_success(tx: Transaction, target_id: str) -> None:
    if fighter(tx.state, target_id).grapple_fails:
        tx.emit(GrappleFailsSet(target=target_id, count=0))


def restrain(tx: Transaction, target_id: str, holder_id: str, why: str) -> None:
    """Upgrade into a restraint: it replaces the grapple, and "Is disarmed" drops what the
    restrained character holds."""
    target = fighter(tx.state, target_id)
    if target.has(GRAPPLED):
        tx.emit(ConditionRemoved(target=target_id, name=GRAPPLED, why=f"upgraded: {why}"))
    tx.emit(
        ConditionApplied(
            target=target_id, condition=Condition(name=RESTRAINED, source=holder_id, detail=why)
        )
    )
    _disarm(tx, target_id)


def _disarm(tx: Transaction, target_id: str) -> None:
    target = fighter(tx.state, target_id)
    if not target.wielded:
        return
    tx.emit(
        WeaponsChanged(
            combatant=target_id,
            wielded=(),
            holstered=target.holstered,
            dropped=(*target.dropped, *target.wielded),
            why="is restrained and disarmed",
        )
    )


def _let_go(tx: Transaction, target_id: str, why: str) -> None:
    target = fighter(tx.state, target_id)
    for name in (GRAPPLED, RESTRAINED):
        if target.has(name) and not (name == RESTRAINED and is_bound(tx.state, target)):
            tx.emit(ConditionRemoved(target=target_id, name=name, why=why))
    _record_success(tx, target_id)


# -- Grapple --------------------------------------------------------------------------------


def _common_target(state: EncounterState, actor: Operative, target_id: str, what: str) -> Operative:
    target = fighter(state, target_id)
    require_target(actor, target, what)
    return target


def verify_grapple(state: EncounterState, action: Grapple) -> None:
    actor = fighter(state, action.actor)
    require_action(actor)
    target = _common_target(state, actor, action.target, "grapple")
    require_adjacent(state, actor, target, "a grapple")
    if target.has(GRAPPLED) or target.has(RESTRAINED):
        raise IllegalAction(f"{target.id} is already grappled or restrained")
    if action.drop_weapon is not None:
        weapon = actor.weapon(action.drop_weapon)
        if action.drop_weapon not in actor.wielded or weapon is None:
            held = ", ".join(actor.wielded) or "nothing"
            raise IllegalAction(
                f"{actor.id} does not hold {action.drop_weapon!r} (in hand: {held})"
            )
        if weapon.hands != 2:
            raise IllegalAction(
                f"only a two-handed weapon is dropped as part of a grapple; {weapon.id} is "
                "one-handed: use the `drop` action first"
            )
        return
    if actor.free_hands < 1:
        held = ", ".join(actor.wielded)
        raise IllegalAction(
            f"{actor.id} has no free hand (in hand: {held}); a grapple needs one: name a "
            "two-handed weapon in `drop_weapon`, or drop or stow a weapon first"
        )


def resolve_grapple(tx: Transaction, action: Grapple) -> None:
    """NWO-44: "Grappling is a contested Strength check"; the loser's check counts towards
    restraint (A16), and two helpers on the grappler's roll restrain at once."""
    if action.drop_weapon is not None:
        actor = fighter(tx.state, action.actor)
        tx.emit(
            WeaponsChanged(
                combatant=action.actor,
                wielded=tuple(w for w in actor.wielded if w != action.drop_weapon),
                holstered=actor.holstered,
                dropped=(*actor.dropped, action.drop_weapon),
                why=f"drops the {action.drop_weapon} to grapple (free)",
            )
        )
    tx.emit(ActionSpent(combatant=action.actor, action=f"grapple {action.target}"))
    aided = _help_count(tx.state, action.actor) >= HELPERS_TO_RESTRAIN
    if not contest(tx, action.actor, action.target, "grapple"):
        _record_success(tx, action.target)
        return
    tx.emit(
        ConditionApplied(
            target=action.target, condition=Condition(name=GRAPPLED, source=action.actor)
        )
    )
    if aided:
        restrain(tx, action.target, action.actor, "the grappler is aided by two others")
    else:
        _record_fail(tx, action.target, action.actor)


# -- Escape ---------------------------------------------------------------------------------


def verify_escape(state: EncounterState, action: Escape) -> None:
    actor = fighter(state, action.actor)
    require_action(actor)
    if actor.has(RESTRAINED):
        raise IllegalAction(
            f"{actor.id} is restrained: a restraint cannot be escaped on one's own "
            "(Imprisonment Rules); an adjacent ally can `free` physical restraints"
        )
    if not actor.has(GRAPPLED):
        raise IllegalAction(f"{actor.id} is not grappled; there is nothing to escape")
    _no_escape_yet(actor)


def _no_escape_yet(actor: Operative) -> None:
    if actor.has(NO_ESCAPE):
        raise IllegalAction(
            f"{actor.id} is pinned by a spear's critical hit and cannot attempt to free "
            "itself until the end of the spear wielder's next turn"
        )


def resolve_escape(tx: Transaction, action: Escape) -> None:
    """NWO-46: "escape a grapple via a contested Strength roll on their turn, remaining
    grappled on a failed roll"."""
    tx.emit(ActionSpent(combatant=action.actor, action="escape the grapple"))
    _break_free(tx, action.actor, "escape")


def _break_free(tx: Transaction, target_id: str, purpose: str) -> None:
    holder = holder_of(tx.state, fighter(tx.state, target_id))
    assert holder is not None
    if contest(tx, target_id, holder, purpose):
        _let_go(tx, target_id, f"broke free of {holder}")
    else:
        _record_fail(tx, target_id, holder)


def after_hit(tx: Transaction, strike: Strike) -> None:
    """NWO-46: "A successful attack on the grappler from the target likewise triggers a
    contested Strength roll to attempt to break free." """
    attacker = fighter(tx.state, strike.attacker)
    grapple = attacker.condition(GRAPPLED)
    if grapple is None or grapple.source != strike.target or attacker.has(NO_ESCAPE):
        return
    if not attacker.is_active or not fighter(tx.state, strike.target).is_active:
        return  # a downed grappler lets go after the action anyway
    _break_free(tx, strike.attacker, "break free after a hit")


# -- Restrain -------------------------------------------------------------------------------


def verify_restrain(state: EncounterState, action: Restrain) -> None:
    actor = fighter(state, action.actor)
    require_action(actor)
    target = _common_target(state, actor, action.target, "restrain")
    if not _holds(state, actor, target):
        raise IllegalAction(
            f"{actor.id} does not hold {target.id}; grapple it first, then `restrain` to "
            "upgrade the grapple"
        )
    require_adjacent(state, actor, target, "restraining")


def resolve_restrain(tx: Transaction, action: Restrain) -> None:
    """NWO-47: the grappler "can [roll] in order to attempt an upgrade into a Restraint";
    NWO-49: two helpers on that roll restrain without a contest. On a target already held
    in a restraint, the action puts it in physical restraints ("keep hold of the character
    or put them into physical restraints"), freeing the restrainer's hands."""
    tx.emit(ActionSpent(combatant=action.actor, action=f"restrain {action.target}"))
    target = fighter(tx.state, action.target)
    if target.has(RESTRAINED):
        tx.emit(
            ConditionApplied(
                target=action.target,
                condition=Condition(name=RESTRAINED, detail=f"bound by {action.actor}"),
            )
        )
        return
    if _help_count(tx.state, action.actor) >= HELPERS_TO_RESTRAIN:
        from fracas.rulesets.nwo.rules import support

        support.spend_help(tx, action.actor)
        restrain(tx, action.target, action.actor, "the grappler is aided by two others")
        return
    if contest(tx, action.actor, action.target, "grapple upgrade"):
        restrain(tx, action.target, action.actor, "the grapple was upgraded")
    else:
        _record_success(tx, action.target)


# -- ForceProne, Drag, Release, Free --------------------------------------------------------


def _require_hold(state: EncounterState, actor: Operative, target_id: str, what: str) -> Operative:
    target = fighter(state, target_id)
    if not _holds(state, actor, target):
        raise IllegalAction(f"{actor.id} does not grapple or restrain {target_id}; {what}")
    return target


def verify_force_prone(state: EncounterState, action: ForceProne) -> None:
    actor = fighter(state, action.actor)
    require_action(actor)
    _require_hold(state, actor, action.target, "only a grappler can force its target prone")


def resolve_force_prone(tx: Transaction, action: ForceProne) -> None:
    """NWO-48: "force that target to a prone state as an action with no additional contest.
    Both characters are considered Prone." """
    tx.emit(ActionSpent(combatant=action.actor, action=f"force {action.target} prone"))
    for who in (action.target, action.actor):
        if not fighter(tx.state, who).has(PRONE):
            tx.emit(
                ConditionApplied(target=who, condition=Condition(name=PRONE, source=action.actor))
            )


def drag_allowance(state: EncounterState, grappler: Operative) -> int:
    """ "move half their standard distance": half of what the movement still allows."""
    from fracas.rulesets.nwo.rules import movement

    return half(state, max(0, movement.budget(state, grappler, "move")))


def _drag_path(state: EncounterState, action: Drag) -> list[Tile]:
    actor = fighter(state, action.actor)
    board = grid(state)
    goal: Tile = (action.to[0], action.to[1])
    if not board.walkable(goal):
        raise IllegalAction(f"tile {goal} is a wall or off the {board.width}x{board.height} map")
    blocked = occupied(state, besides=actor.id)
    if goal in blocked:
        raise IllegalAction(f"tile {goal} is taken; one combatant a tile")
    allowance = drag_allowance(state, actor)
    path = board.path_to(actor.tile, goal, allowance, blocked)
    if path is None or len(path) < 2:
        raise IllegalAction(
            f"{goal} is out of reach: dragging {action.target}, {actor.id} can move "
            f"{allowance} tiles (half its movement) from {actor.tile}"
        )
    return path


def verify_drag(state: EncounterState, action: Drag) -> None:
    from fracas.rulesets.nwo.rules import movement

    actor = fighter(state, action.actor)
    require_movement(actor)
    target = _require_hold(state, actor, action.target, "only a grappler can drag its target")
    require_adjacent(state, actor, target, "a drag")
    blocked = movement.why_cannot_move(actor)
    if blocked:
        raise IllegalAction(blocked)
    if actor.has(PRONE):
        raise IllegalAction(f"{actor.id} is prone: stand up before dragging {target.id}")
    _drag_path(state, action)


def resolve_drag(tx: Transaction, action: Drag) -> None:
    """NWO-48: "The grappler can use their movement to move half their standard distance
    with their grappled target." The grappler walks (reactions against it happen as on any
    move; the held target, dragged along, takes none); the target follows in its trail and
    ends on the tile the grappler last left."""
    from fracas.rulesets.nwo.rules import movement

    path = _drag_path(tx.state, action)
    start = fighter(tx.state, action.target).tile
    movement.walk(tx, action.actor, path, (action.target,))
    tx.emit(MovementSpent(combatant=action.actor, why=f"dragged {action.target}"))
    grappler = fighter(tx.state, action.actor)
    if not grappler.is_active or grappler.tile not in path:
        return
    reached = path.index(grappler.tile)
    if reached == 0:
        return
    trail = [start, *path[:reached]]
    cost = grid(tx.state).path_cost(trail) or len(trail) - 1
    tx.emit(Moved(target=action.target, path=tuple(trail), cost=cost, forced=True))


def verify_release(state: EncounterState, action: Release) -> None:
    actor = fighter(state, action.actor)
    _require_hold(state, actor, action.target, "there is no hold to release")


def resolve_release(tx: Transaction, action: Release) -> None:
    """NWO-48: "they can end the grapple as a free action during their turn"."""
    _let_go(tx, action.target, f"released by {action.actor}")


def verify_free(state: EncounterState, action: Free) -> None:
    actor = fighter(state, action.actor)
    require_action(actor)
    target = _common_target(state, actor, action.target, "free anyone")
    if not target.has(RESTRAINED):
        raise IllegalAction(f"{target.id} is not restrained")
    holder = holder_of(state, target)
    if holder is not None:
        raise IllegalAction(
            f"{target.id} is held by {holder}, not in physical restraints; the hold ends when "
            f"{holder} lets go, falls or is driven off"
        )
    require_adjacent(state, actor, target, "freeing someone")


def resolve_free(tx: Transaction, action: Free) -> None:
    """NWO-51: "Another character can use their action to free a character from physical
    restraints if they are directly adjacent." """
    tx.emit(ActionSpent(combatant=action.actor, action=f"free {action.target}"))
    tx.emit(ConditionRemoved(target=action.target, name=RESTRAINED, why=f"freed by {action.actor}"))
    _record_success(tx, action.target)


# -- Human shield ---------------------------------------------------------------------------


def _why_not_shield(state: EncounterState, protected: Operative, shield: Operative) -> str | None:
    if shield.id == protected.id:
        return f"{protected.id} cannot shield itself"
    if shield.status is Status.DEAD:
        return f"{shield.id} is dead"
    gap = grid(state).distance(protected.tile, shield.tile)
    if gap > 1:
        return f"{shield.id} is {gap} tiles away; a human shield must be adjacent"
    if _holds(state, protected, shield):
        return None
    if shield.side == protected.side and shield.is_active:
        return None
    return (
        f"{shield.id} is neither held by {protected.id} (grapple or restraint) nor a willing "
        "(same-side, conscious) character"
    )


def verify_human_shield(state: EncounterState, action: HumanShield) -> None:
    actor = fighter(state, action.actor)
    why = _why_not_shield(state, actor, fighter(state, action.shield))
    if why:
        raise IllegalAction(why)


def resolve_human_shield(tx: Transaction, action: HumanShield) -> None:
    """NWO-52: "When a character is grappling or restraining a target, or are adjacent to a
    willing character, they are able to utilize them as a Human Shield." """
    tx.emit(
        ConditionApplied(
            target=action.actor, condition=Condition(name=SHIELDED, source=action.shield)
        )
    )


def shield_against(
    state: EncounterState, attacker: Operative, protected: Operative, weapon: Weapon
) -> Operative | None:
    """The human shield that stands for `protected` against this attacker's attack, if any.

    NWO-52: "Characters protected by a human shield are able to roll defense with advantage.
    ... When shielding from ranged attacks, utilize line of sight rules." In melee a shield
    that still qualifies always counts. Against a shot the line-of-sight rules say where it
    counts: by default (`ranged_shield: between`) the shield must block the line of sight,
    that is stand upright on the line of fire between the shooter and the protected ("Any
    tile occupied by a non-prone character ... is considered blocking line-of-sight");
    `always` lets it count wherever it stands; `shoot_through` never, leaving the shield to
    the shooting-through rule as any other character in the way."""
    held = protected.condition(SHIELDED)
    if held is None or held.source is None:
        return None
    found = state.find(held.source)
    if found is None:
        return None
    shield = fighter(state, found.id)
    if _why_not_shield(state, protected, shield):
        return None
    reading = options(state).ranged_shield
    if not weapon.is_ranged or reading == "always":
        return shield
    upright = not shield.has(PRONE)
    if (
        reading == "between"
        and upright
        and shield.tile in grid(state).line(attacker.tile, protected.tile)
    ):
        return shield
    return None


def after_miss(tx: Transaction, strike: Strike) -> None:
    """NWO-52: "Attack rolls made against the character that fail instead damage the Human
    Shield" (A15: the weapon's base damage, no defense roll, armor first)."""
    from fracas.rulesets.nwo.rules import attack

    state = tx.state
    protected = fighter(state, strike.target)
    shield = shield_against(state, fighter(state, strike.attacker), protected, strike.weapon)
    if shield is None or shield.id == strike.attacker:
        return  # no shield stands between, or its own failed swing at its captor
    attack.deal(tx, shield.id, strike.weapon.damage, f"human shield for {protected.id}")


# -- Shove ----------------------------------------------------------------------------------


def unit_step(vector: tuple[int, int]) -> tuple[int, int]:
    """The nearest of the 8 grid directions: a component under ~0.41 of the larger one
    (tan 22.5 degrees) rounds to 0."""
    dx, dy = vector
    big = max(abs(dx), abs(dy))
    if big == 0:
        raise IllegalAction("a direction needs a non-zero (dx, dy)")

    def part(value: int) -> int:
        # |value| / big >= tan(22.5°) = sqrt(2) - 1; compared in integers: (|v|+big)^2 >= 2 big^2
        if (abs(value) + big) ** 2 >= 2 * big * big:
            return 1 if value > 0 else -1
        return 0

    return (part(dx), part(dy))


def verify_shove(state: EncounterState, action: Shove) -> None:
    actor = fighter(state, action.actor)
    require_action(actor)
    target = _common_target(state, actor, action.target, "shove")
    require_adjacent(state, actor, target, "a shove")
    if action.result == "away" and action.direction is not None:
        unit_step((action.direction[0], action.direction[1]))


def resolve_shove(tx: Transaction, action: Shove) -> None:
    """NWO-41/42: "a contested STR vs. STR or FIT (Defender's choice) roll. Defenders can
    choose to automatically fail this roll"; then Prone or "shoved back [Attacker's ½ STR]
    tiles in the direction of the Attacker's choice"."""
    tx.emit(ActionSpent(combatant=action.actor, action=f"shove {action.target}"))
    actor = fighter(tx.state, action.actor)
    target = fighter(tx.state, action.target)
    if not action.defender_fails:
        skill = action.defender_skill or (
            "fitness" if target.fitness > target.strength else "strength"
        )
        if not contest(tx, actor.id, target.id, "shove", responder_skill=skill):
            return
    if action.result == "prone":
        if not target.has(PRONE):
            tx.emit(
                ConditionApplied(target=target.id, condition=Condition(name=PRONE, source=actor.id))
            )
        return
    if action.direction is not None:
        step = unit_step((action.direction[0], action.direction[1]))
    else:
        step = unit_step((target.x - actor.x, target.y - actor.y))
    push(tx, target.id, step, half(tx.state, actor.strength), actor.id)


def push(tx: Transaction, target_id: str, step: tuple[int, int], tiles: int, source: str) -> None:
    """Move `target_id` up to `tiles` tiles along `step`. A17: the push stops at the first
    wall, map edge (a wall too) or character, and the collision deals 2 damage (armor first)
    to the target, then to the character it hit."""
    from fracas.rulesets.nwo.rules import attack

    board = grid(tx.state)
    dx, dy = step
    here = fighter(tx.state, target_id).tile
    path = [here]
    others = {
        fighter(tx.state, c.id).tile: c.id
        for c in tx.state.combatants
        if c.id != target_id and c.status is not Status.DEAD
    }
    struck: str | None = None
    wall = False
    for _ in range(tiles):
        there = (here[0] + dx, here[1] + dy)
        if not board.walkable(there) or board.path_cost([here, there]) is None:
            wall = True
            break
        if there in others:
            struck = others[there]
            break
        path.append(there)
        here = there
    if len(path) > 1:
        cost = board.path_cost(path) or len(path) - 1
        tx.emit(Moved(target=target_id, path=tuple(path), cost=cost, forced=True))
    if wall:
        attack.deal(tx, target_id, COLLISION_DAMAGE, f"shoved into a wall by {source}")
    elif struck is not None:
        attack.deal(tx, target_id, COLLISION_DAMAGE, f"shoved into {struck} by {source}")
        attack.deal(tx, struck, COLLISION_DAMAGE, f"{target_id} was shoved into it by {source}")


# -- after every action ---------------------------------------------------------------------


def _maybe_held(state: EncounterState) -> list[Operative]:
    """Whoever bears a hold or counts failed grapple checks, in the scenario's order: the
    only ones the checks after an action can concern (asking everyone made every action
    cost more the bigger the fight)."""
    marked = {c.id for name in (GRAPPLED, RESTRAINED) for c in state.bearers(name)}
    return [
        fighter(state, c.id)
        for c in state.combatants
        if c.id in marked or cast(Operative, c).grapple_fails
    ]


def after_action(tx: Transaction) -> None:
    """Holds and shields that no longer stand end (see the module docstring)."""
    state = tx.state
    for held in _maybe_held(state):
        holder_id = holder_of(state, held)
        if holder_id is not None:
            holder = fighter(state, holder_id)
            why = None
            if not holder.is_active:
                why = f"{holder_id} is {holder.status}"
            elif held.status is Status.DEAD:
                why = f"{held.id} is dead"
            elif grid(state).distance(holder.tile, held.tile) > _hold_reach(holder):
                why = f"{holder_id} is no longer within reach"
            if why is not None:
                _let_go(tx, held.id, why)
        elif held.grapple_fails and not held.has(RESTRAINED):
            tx.emit(GrappleFailsSet(target=held.id, count=0))
    for combatant in tx.state.bearers(SHIELDED):
        protected = fighter(tx.state, combatant.id)
        shield = protected.condition(SHIELDED)
        if shield is None:
            continue
        found = tx.state.find(shield.source) if shield.source else None
        why = (
            "the shield is gone"
            if found is None
            else _why_not_shield(tx.state, protected, fighter(tx.state, found.id))
        )
        if why is not None:
            tx.emit(ConditionRemoved(target=protected.id, name=SHIELDED, why=why))


RULES = {
    Grapple: (verify_grapple, resolve_grapple),
    Escape: (verify_escape, resolve_escape),
    Restrain: (verify_restrain, resolve_restrain),
    ForceProne: (verify_force_prone, resolve_force_prone),
    Drag: (verify_drag, resolve_drag),
    Release: (verify_release, resolve_release),
    Free: (verify_free, resolve_free),
    HumanShield: (verify_human_shield, resolve_human_shield),
    Shove: (verify_shove, resolve_shove),
}
