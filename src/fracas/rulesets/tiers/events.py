"""What happens in a `tiers` fight. Each event knows how it changes the state (`apply`), as
in nwo, so a rule module adds events without a central switch. Events carry the numbers
after the change (HP left, Tier left), so the log reads on its own and replay does no sums."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import ClassVar, cast

from fracas.core.events import StateEvent
from fracas.core.state import EncounterState
from fracas.core.state import update as update
from fracas.rulesets.tiers.sheet import Weapon
from fracas.rulesets.tiers.warrior import ACTIONS_PER_TURN, GroundItem, Warrior


def warrior(state: EncounterState, combatant_id: str) -> Warrior:
    return cast(Warrior, state.get(combatant_id))


def part(state: EncounterState, mover: str) -> EncounterState:
    """A character that moves on leaves behind the place where it bumped into someone in the
    dark (B32): neither of the pair counts as next to the other any more."""
    who = warrior(state, mover)
    for other in who.bumped:
        rest = tuple(b for b in warrior(state, other).bumped if b != mover)
        state = update(state, other, bumped=rest)
    if who.bumped or who.crossed_at is not None:
        return update(state, mover, bumped=(), crossed_at=None)
    return state


EQUIP_SHIELD = "equip shield"
RESERVED = "reserved"
"""The condition of a character holding a non-contested action for another's turn."""


@dataclass(frozen=True, slots=True, kw_only=True)
class TiersEvent(StateEvent):
    kind: ClassVar[str] = "tiers_event"


@dataclass(frozen=True, slots=True, kw_only=True)
class ActionSpent(TiersEvent):
    kind: ClassVar[str] = "action_spent"
    combatant: str
    action: str
    contested: bool

    def apply(self, state: EncounterState) -> EncounterState:
        who = warrior(state, self.combatant)
        return update(
            state,
            self.combatant,
            actions=who.actions + 1,
            contested=who.contested or self.contested,
            # equipping a shield takes "2 consecutive non-contested actions": any other
            # action in between starts it over
            shield_progress=who.shield_progress if self.action == EQUIP_SHIELD else 0,
        )

    def describe(self) -> str:
        how = "contested" if self.contested else "non-contested"
        return f"{self.combatant} uses a {how} action: {self.action}"


@dataclass(frozen=True, slots=True, kw_only=True)
class ReservationUsed(TiersEvent):
    """A reserved non-contested action is taken on another's turn: for that action the
    character has exactly one non-contested action left (its own counts start over on its
    next turn)."""

    kind: ClassVar[str] = "reservation_used"
    combatant: str

    def apply(self, state: EncounterState) -> EncounterState:
        who = warrior(state, self.combatant)
        kept = tuple(c for c in who.conditions if c.name != RESERVED)
        return update(
            state,
            self.combatant,
            conditions=kept,
            actions=ACTIONS_PER_TURN - 1,
            contested=True,
        )

    def describe(self) -> str:
        return f"{self.combatant} acts on its reserved action"


@dataclass(frozen=True, slots=True, kw_only=True)
class SpentAhead(TiersEvent):
    """A non-contested action of the character's turn still to come this round, spent now
    (a block, B16): that turn starts with it already spent."""

    kind: ClassVar[str] = "spent_ahead"
    combatant: str
    action: str

    def apply(self, state: EncounterState) -> EncounterState:
        who = warrior(state, self.combatant)
        return update(state, self.combatant, spent_ahead=who.spent_ahead + 1)

    def describe(self) -> str:
        return f"{self.combatant} uses a non-contested action of its coming turn: {self.action}"


@dataclass(frozen=True, slots=True, kw_only=True)
class Moved(TiersEvent):
    kind: ClassVar[str] = "moved"
    target: str
    path: tuple[tuple[int, int], ...]
    forced: bool = False

    def apply(self, state: EncounterState) -> EncounterState:
        x, y = self.path[-1]
        return part(update(state, self.target, x=x, y=y), self.target)

    def describe(self) -> str:
        how = "is moved" if self.forced else "moves"
        return f"{self.target} {how} to {self.path[-1]} ({len(self.path) - 1} tiles)"


@dataclass(frozen=True, slots=True, kw_only=True)
class FellShort(Moved):
    """A Blind mover felled in the exchanges after a crossing lies where it bumped, short of
    its end point (`bumped_fallen: stays`, B32): "They simply lay there". A move, so only
    those who see it learn where it lies (view.py)."""

    kind: ClassVar[str] = "fell_short"
    forced: bool = True

    def describe(self) -> str:
        return f"{self.target} falls where it bumped into someone, at {self.path[-1]}"


@dataclass(frozen=True, slots=True, kw_only=True)
class Faced(TiersEvent):
    kind: ClassVar[str] = "faced"
    combatant: str
    facing: str
    on: str | None = None
    """Whom the facing is locked on, if anyone."""

    def apply(self, state: EncounterState) -> EncounterState:
        return update(state, self.combatant, facing=self.facing, facing_on=self.on)

    def describe(self) -> str:
        locked = f", keeping {self.on} in front" if self.on else ""
        return f"{self.combatant} faces {self.facing}{locked}"


@dataclass(frozen=True, slots=True, kw_only=True)
class Swapped(TiersEvent):
    kind: ClassVar[str] = "swapped"
    combatant: str
    main: str | None
    off: str | None

    def apply(self, state: EncounterState) -> EncounterState:
        return update(state, self.combatant, main=self.main, off=self.off)

    def describe(self) -> str:
        return (
            f"{self.combatant} holds {self.main or 'nothing'} (main hand) and "
            f"{self.off or 'nothing'} (off hand)"
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class ShieldHandled(TiersEvent):
    """Progress on equipping the shield (1 of 2), the shield in hand (2), or put away (0)."""

    kind: ClassVar[str] = "shield_handled"
    combatant: str
    progress: int
    equipped: bool

    def apply(self, state: EncounterState) -> EncounterState:
        return update(
            state, self.combatant, shield_progress=self.progress, shield_equipped=self.equipped
        )

    def describe(self) -> str:
        if self.equipped:
            return f"{self.combatant} has the shield in hand"
        if self.progress:
            return f"{self.combatant} is equipping the shield ({self.progress} of 2 actions)"
        return f"{self.combatant} puts the shield away"


@dataclass(frozen=True, slots=True, kw_only=True)
class TerrainMade(TiersEvent):
    """A square became terrain: no longer entered, and it blocks shots like a wall."""

    kind: ClassVar[str] = "terrain_made"
    at: tuple[int, int]
    why: str

    def apply(self, state: EncounterState) -> EncounterState:
        board = state.arena
        return state.but(arena=dataclasses.replace(board, walls=board.walls | {self.at}))

    def describe(self) -> str:
        return f"{self.at} is terrain now ({self.why})"


@dataclass(frozen=True, slots=True, kw_only=True)
class Loaded(TiersEvent):
    """A crossbow or firearm fired (`loaded` false) or reloaded (true)."""

    kind: ClassVar[str] = "loaded"
    combatant: str
    weapon: str
    loaded: bool

    def apply(self, state: EncounterState) -> EncounterState:
        who = warrior(state, self.combatant)
        rest = tuple(w for w in who.unloaded if w != self.weapon)
        return update(state, self.combatant, unloaded=rest if self.loaded else (*rest, self.weapon))

    def describe(self) -> str:
        done = "reloads" if self.loaded else "has fired"
        return f"{self.combatant} {done} {self.weapon}"


@dataclass(frozen=True, slots=True, kw_only=True)
class ExchangeRolled(TiersEvent):
    """The two totals of a contested exchange and who won it ("none" on a tie)."""

    kind: ClassVar[str] = "exchange_rolled"
    attacker: str
    defender: str
    weapon: str
    defense: str
    attack_total: int
    defense_total: int
    winner: str

    def describe(self) -> str:
        return (
            f"{self.attacker} ({self.weapon}) {self.attack_total} against {self.defender} "
            f"({self.defense}) {self.defense_total}: "
            + ("a tie, nobody wins" if self.winner == "none" else f"{self.winner} wins")
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class GearWorn(TiersEvent):
    """A critical roll lowered a piece of gear by one Tier."""

    kind: ClassVar[str] = "gear_worn"
    owner: str
    item: str
    slot: str
    """weapon, armor, shield, natural_weapon or natural_armor."""
    tier: int
    why: str

    def apply(self, state: EncounterState) -> EncounterState:
        who = warrior(state, self.owner)
        if self.slot in ("armor", "natural_weapon", "natural_armor"):
            return update(state, self.owner, **{self.slot: self.tier})
        if self.slot == "shield":
            return update(state, self.owner, shield=self.tier)
        tiers = tuple(
            self.tier if w.id == self.item else t
            for w, t in zip(who.weapons, who.weapon_tiers, strict=True)
        )
        return update(state, self.owner, weapon_tiers=tiers)

    def describe(self) -> str:
        return f"{self.owner}'s {self.item} drops to T{self.tier} ({self.why})"


@dataclass(frozen=True, slots=True, kw_only=True)
class Damaged(TiersEvent):
    kind: ClassVar[str] = "damaged"
    target: str
    source: str
    amount: int
    hp: int
    formula: str
    """The damage formula with its numbers, as the seed's cheat-sheet writes it."""

    def apply(self, state: EncounterState) -> EncounterState:
        return update(state, self.target, hp=self.hp)

    def describe(self) -> str:
        return (
            f"{self.target} takes {self.amount} damage from {self.source} ({self.formula}), "
            f"{self.hp} HP left"
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class Climbed(TiersEvent):
    """A change of height (rules/falling.py): a climb, or a jump down to the ground."""

    kind: ClassVar[str] = "climbed"
    combatant: str
    z: int
    jumped: bool = False

    def apply(self, state: EncounterState) -> EncounterState:
        return update(state, self.combatant, z=self.z)

    def describe(self) -> str:
        if self.jumped:
            return f"{self.combatant} jumps down to the ground"
        return f"{self.combatant} climbs to {self.z} tiles above the ground"


@dataclass(frozen=True, slots=True, kw_only=True)
class AttackCalledOff(TiersEvent):
    """A shot that may no longer be made once an ally stepped into it (B65, `cover_move:
    proceeds`): it is not made, and the attacker keeps its actions."""

    kind: ClassVar[str] = "attack_called_off"
    attacker: str
    target: str
    why: str

    def describe(self) -> str:
        return f"{self.attacker} does not shoot at {self.target}: {self.why}"


@dataclass(frozen=True, slots=True, kw_only=True)
class ObjectThrown(TiersEvent):
    """An object tossed onto a tile (rules/throwing.py); it hurts nobody."""

    kind: ClassVar[str] = "object_thrown"
    combatant: str
    item: str
    to: tuple[int, int]

    def describe(self) -> str:
        return f"{self.combatant} throws {self.item} onto {self.to}"


@dataclass(frozen=True, slots=True, kw_only=True)
class SpellCast(TiersEvent):
    """A spell cast (rules/magic.py); its damage follows as `damaged`."""

    kind: ClassVar[str] = "spell_cast"
    caster: str
    target: str
    spell: str
    effect: str | None = None

    def describe(self) -> str:
        also = f": {self.effect}" if self.effect else ""
        return f"{self.caster} casts {self.spell} on {self.target}{also}"


def _lose(state: EncounterState, owner: str, item: str) -> tuple[EncounterState, GroundItem]:
    """`owner` without the weapon or other object `item`: out of both hands and the carried
    gear. Returns the new state and the thing as it would lie on the ground (its Tier and
    load kept, so whoever takes it gets it back as it was)."""
    who = warrior(state, owner)
    thing = who.item(item)
    if thing is not None:
        kept_items = tuple(i for i in who.items if i.id != item)
        return update(state, owner, items=kept_items), GroundItem(at=who.tile, weapon=thing, tier=0)
    kept = [i for i, w in enumerate(who.weapons) if w.id != item]
    lost = GroundItem(
        at=who.tile,
        weapon=next(w for w in who.weapons if w.id == item),
        tier=who.tier_of(item),
        unloaded=item in who.unloaded,
    )
    state = update(
        state,
        owner,
        weapons=tuple(who.weapons[i] for i in kept),
        weapon_tiers=tuple(who.weapon_tiers[i] for i in kept),
        main=None if who.main == item else who.main,
        off=None if who.off == item else who.off,
        unloaded=tuple(u for u in who.unloaded if u != item),
    )
    return state, lost


def _gain(state: EncounterState, taker: str, thing: GroundItem) -> EncounterState:
    """`taker` carrying `thing`: a weapon into its gear with its Tier and load, any other
    object among its items."""
    who = warrior(state, taker)
    if not isinstance(thing.weapon, Weapon):
        return update(state, taker, items=(*who.items, thing.weapon))
    name = thing.weapon.id
    return update(
        state,
        taker,
        weapons=(*who.weapons, thing.weapon),
        weapon_tiers=(*who.weapon_tiers, thing.tier),
        unloaded=(*who.unloaded, name) if thing.unloaded else who.unloaded,
    )


@dataclass(frozen=True, slots=True, kw_only=True)
class Dropped(TiersEvent):
    """A weapon (or other object, B62) let fall (rules/dropping.py): gone from the dropper's
    hands and gear, lying on the tile it stood on."""

    kind: ClassVar[str] = "dropped"
    combatant: str
    item: str
    at: tuple[int, int]

    def apply(self, state: EncounterState) -> EncounterState:
        state, fallen = _lose(state, self.combatant, self.item)
        fallen = dataclasses.replace(fallen, at=self.at)
        board = state.arena
        return state.but(arena=dataclasses.replace(board, ground=(*board.ground, fallen)))

    def describe(self) -> str:
        return f"{self.combatant} drops {self.item} at {self.at}"


@dataclass(frozen=True, slots=True, kw_only=True)
class Tossed(Dropped):
    """A carried weapon or object thrown, not as an attack (rules/throwing.py): it leaves the
    thrower's hands and gear and lies where it landed, as a dropped one would."""

    kind: ClassVar[str] = "tossed"

    def describe(self) -> str:
        return f"{self.combatant} throws {self.item} onto {self.at}, where it lies"


@dataclass(frozen=True, slots=True, kw_only=True)
class Revealed(TiersEvent):
    """A stealth attacker's place made known to everyone (rules/reveal.py)."""

    kind: ClassVar[str] = "revealed"
    combatant: str
    at: tuple[int, int]

    def apply(self, state: EncounterState) -> EncounterState:
        return update(state, self.combatant, revealed_at=self.at)

    def describe(self) -> str:
        return f"{self.combatant}'s stealth attack reveals it at {self.at} to everyone"


@dataclass(frozen=True, slots=True, kw_only=True)
class Grabbed(TiersEvent):
    """A weapon (or other object, B62) picked up off the map (rules/dropping.py): off the
    ground, into the grabber's carried gear with the Tier and load it had."""

    kind: ClassVar[str] = "grabbed"
    combatant: str
    item: str
    at: tuple[int, int]

    def apply(self, state: EncounterState) -> EncounterState:
        board = state.arena
        lying = next(g for g in board.ground if g.at == self.at and g.weapon.id == self.item)
        rest = tuple(g for g in board.ground if g is not lying)
        state = state.but(arena=dataclasses.replace(board, ground=rest))
        return _gain(state, self.combatant, lying)

    def describe(self) -> str:
        return f"{self.combatant} picks up {self.item} from {self.at}"


@dataclass(frozen=True, slots=True, kw_only=True)
class Snatched(TiersEvent):
    """A weapon taken from another character's hands (rules/dropping.py, B36): out of the
    holder's hands and gear, into the grabber's with the Tier and load it had."""

    kind: ClassVar[str] = "snatched"
    combatant: str
    holder: str
    item: str

    def apply(self, state: EncounterState) -> EncounterState:
        state, taken = _lose(state, self.holder, self.item)
        return _gain(state, self.combatant, taken)

    def describe(self) -> str:
        return f"{self.combatant} takes {self.item} from {self.holder}'s hands"


@dataclass(frozen=True, slots=True, kw_only=True)
class ItemUsed(TiersEvent):
    """A worn enchanted item used (rules/dropping.py, B63): logged by name, with what the
    user says it does, for the GM to apply."""

    kind: ClassVar[str] = "item_used"
    combatant: str
    item: str
    target: str | None = None
    effect: str | None = None

    def describe(self) -> str:
        on = f" on {self.target}" if self.target else ""
        also = f": {self.effect}" if self.effect else ""
        return f"{self.combatant} uses {self.item}{on}{also}"
