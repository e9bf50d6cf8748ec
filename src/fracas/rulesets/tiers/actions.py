"""The actions of `tiers`, with the names and fields scenario files use."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field

from fracas.core.actions import MAX_HP, Action
from fracas.core.grid import Point
from fracas.core.validation import Int
from fracas.rulesets.tiers.sheet import Facing, Size


@dataclass(frozen=True, slots=True, kw_only=True)
class Attack(Action):
    """The contested exchange with a melee, bow or thrown weapon in hand."""

    do: ClassVar[str] = "attack"
    target: str
    weapon: str | None = None
    """A weapon id in hand, or `unarmed`; the main hand's weapon (or bare hands) by default."""
    also: str | None = None
    """Dual wielding: the melee weapon in the other hand (or `unarmed`), wielded together
    with `weapon`: 2d20, the higher kept, the lower skill and the lower Tier."""
    third: str | None = None
    """Multi-wielding: a further weapon beside `weapon` and `also`, one more d20 ("an
    additional 1d20 for each weapon wielded & in range"). With both hands full only the
    race's own natural weapon (a tail, horns: `unarmed`) can be it (B6)."""
    defend_with: str | None = None
    """The defender's choice (a weapon it carries, or `unarmed`): it may swap freely to
    answer. By default a pair of one-handed melee weapons in hand that both reach the
    attacker (dual wielding), else the choice that reaches with the best skill, then Tier."""
    defender_third: str | None = None
    """The defender's `third`: beside a pair in hand that both reach, the race's natural
    weapon (`unarmed`) in range too, one more d20 (B60). Its choice, as `defend_with` is; off
    by default, since the third brings its own skill and Tier into the lowest of the three."""
    dodge: Point | None = None
    """The defender's reserved move away, which interrupts the attack so that it is not made
    (rules/dodging.py); the defender's choice, as `defend_with` is."""
    cover: Cover | None = None
    """An ally of the defender stepping into the incoming fire on its reserved move,
    `cover: {by, to}` (rules/dodging.py, B65): its choice, written on the shot."""
    keep: Literal["higher", "lower"] = "higher"
    """Dual wielding: which of the d20s is kept ("select either one of the 2 rolls"); a
    natural 1 or 20 counts only on the kept die (B6)."""
    defender_keep: Literal["higher", "lower"] = "higher"
    """The defender's `keep`, when it answers with a pair (its choice, as `defend_with`)."""
    crit_item: str | None = None
    """The attacker's pick if it rolls a natural 20: the defender's `armor`,
    `natural_armor`, `shield`, a weapon id, `natural_weapon` (or `unarmed`), or `none`; by
    default the documented order (rules/crits.py)."""
    fumble_item: str | None = None
    """The attacker's pick if it rolls a natural 1: its own `shield`, a weapon id in hand,
    or `natural_weapon`; by default the documented order."""
    defender_crit_item: str | None = None
    """The defender's pick if it rolls a natural 20, on the attacker's gear; the defender's
    choice, written on the attack as `defend_with` is."""
    defender_fumble_item: str | None = None
    """The defender's pick if it rolls a natural 1, on its own gear."""


Groping = Literal[
    "forward",
    "forward_right",
    "right",
    "backward_right",
    "backward",
    "backward_left",
    "left",
    "forward_left",
]
"""The 8 ways a Blind character may move, relative to its facing ("forward, left, right,
backward, diagonally forward left, ...")."""


class Cover(BaseModel):
    """`cover: {by, to}` on an `attack` with a projectile: the ally of the target who walks
    to `to` on a non-contested action held for it, interrupting the shot (B65)."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    by: str
    to: Point


class Block(BaseModel):
    """`block: {by, at}` on a `move`: who steps into the mover's path on a non-contested
    action held for it, and onto which tile of that path (rules/blocking.py)."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    by: str
    at: Point


class Shot(BaseModel):
    """`shot: {by, weapon, at}` on a `move`: a reserved sure shot (a loaded crossbow within
    the crossbow skill, a loaded firearm within `sure`) fired at the mover while it walks,
    on the first tile of its path where the shot is sure, or on `at` (rules/reserved_shot.py,
    B61)."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    by: str
    weapon: str | None = None
    """The shooter's crossbow or firearm in hand; its main hand's by default."""
    at: Point | None = None
    """The tile of the mover's path the shot lands on; by default the first where it is sure."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Move(Action):
    """A non-contested action: up to the race's move in tiles, never through an occupied
    square or terrain. A Blind mover gives `distance` and `direction` instead of `to`; a
    Blind NPC that gives neither moves by the GM's d20 table (rules/blindness.py)."""

    do: ClassVar[str] = "move"
    to: Point | None = None
    distance: int | None = None
    direction: Groping | None = None
    block: Block | None = None
    """Another's move that cuts this one short: the blocker's choice, written on the move
    it answers as the defender's `defend_with` is written on the attack."""
    shot: Shot | None = None
    """Another's reserved sure shot that lands while this move is under way: the shooter's
    choice, written on the move as `block` is."""
    bump: tuple[str, ...] = ()
    """A sighted mover's choice: the characters whose Blind lines of this round its path
    crosses as an event, a bump (B53). By default it slips past every line unnoticed."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Face(Action):
    """Declare the facing: a direction, or `target` to keep someone in front. "This is not a
    action, not even a free action"; fracas takes the last one declared in the turn."""

    do: ClassVar[str] = "face"
    free: ClassVar[bool] = True
    facing: Facing | None = None
    target: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Swap(Action):
    """A free action: take a carried weapon (or bare hands, `unarmed`) into a hand."""

    do: ClassVar[str] = "swap"
    free: ClassVar[bool] = True
    weapon: str
    hand: Literal["main", "off"] = "main"


@dataclass(frozen=True, slots=True, kw_only=True)
class StealthAttack(Action):
    """The contested action from behind: a Stealth contest, then on a win an attack the
    defender cannot roll against."""

    do: ClassVar[str] = "stealth_attack"
    target: str
    weapon: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class EquipShield(Action):
    """A non-contested action; two in a row put the shield in hand."""

    do: ClassVar[str] = "equip_shield"


@dataclass(frozen=True, slots=True, kw_only=True)
class UnequipShield(Action):
    """A non-contested action: the shield leaves the hand."""

    do: ClassVar[str] = "unequip_shield"


@dataclass(frozen=True, slots=True, kw_only=True)
class Reload(Action):
    """A non-contested action: load a crossbow or firearm that has fired."""

    do: ClassVar[str] = "reload"
    weapon: str


@dataclass(frozen=True, slots=True, kw_only=True)
class EvenSplit(Action):
    """The GM's "even split N" for a stalemate: each of the two applies N critical hits to
    the other's gear and N critical failures to its own."""

    do: ClassVar[str] = "even_split"
    by_gm: ClassVar[bool] = True
    between: tuple[str, str]
    times: Annotated[Int, Field(ge=1, le=99)]


@dataclass(frozen=True, slots=True, kw_only=True)
class MakeTerrain(Action):
    """The GM declares a square of fallen bodies terrain: cover, no longer entered."""

    do: ClassVar[str] = "make_terrain"
    by_gm: ClassVar[bool] = True
    at: Point


@dataclass(frozen=True, slots=True, kw_only=True)
class Fall(Action):
    """The GM rules that a character falls `tiles` (5 feet each)."""

    do: ClassVar[str] = "fall"
    by_gm: ClassVar[bool] = True
    target: str
    tiles: Annotated[Int, Field(ge=1, le=30)]


@dataclass(frozen=True, slots=True, kw_only=True)
class Climb(Action):
    """A move action spent climbing `up` or `down` a wall or terrain tile beside the
    climber."""

    do: ClassVar[str] = "climb"
    direction: Literal["up", "down"] = "up"


@dataclass(frozen=True, slots=True, kw_only=True)
class Jump(Action):
    """A move action: let go from a height and drop to the ground below, taking the
    falling table's damage."""

    do: ClassVar[str] = "jump"


@dataclass(frozen=True, slots=True, kw_only=True)
class ThrowObject(Action):
    """A non-contested action: toss an object (not as an attack) onto a tile, up to Body
    tiles plus the race's range bonus, no larger than the thrower's own size."""

    do: ClassVar[str] = "throw_object"
    item: str
    size: Size = "XS"
    to: Point


@dataclass(frozen=True, slots=True, kw_only=True)
class Cast(Action):
    """A free action on anyone's turn: cast a spell. The seed describes no spell, so the
    caster states what its spell deals (`damage`) and names any other `effect` for the log."""

    do: ClassVar[str] = "cast"
    free: ClassVar[bool] = True
    spell: str
    target: str
    damage: Annotated[Int, Field(ge=0, le=MAX_HP)] = 0
    effect: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Reserve(Action):
    """Hold a non-contested action for another character's turn."""

    do: ClassVar[str] = "reserve"


@dataclass(frozen=True, slots=True, kw_only=True)
class Identify(Action):
    """A non-contested action: a Blind character makes out who stands next to it."""

    do: ClassVar[str] = "identify"
    target: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Drop(Action):
    """A free action on anyone's turn: let a carried weapon (`weapon`) or other object
    (`item`, B62) fall where one stands. It leaves the hands and the gear and lies on the
    tile, on the GM's map."""

    do: ClassVar[str] = "drop"
    free: ClassVar[bool] = True
    weapon: str | None = None
    item: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Grab(Action):
    """A non-contested action: pick up a weapon (`weapon`) or other object (`item`, B62:
    ammunition included) lying on one's own tile or a neighbouring one (`at` says which tile
    when more than one holds it), or take a weapon from the hands of a neighbour (`holder`,
    B36)."""

    do: ClassVar[str] = "grab"
    weapon: str | None = None
    item: str | None = None
    at: Point | None = None
    holder: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Sheathe(Action):
    """A free action on anyone's turn: put a weapon in hand away ("sheath or holster a
    weapon"); it stays carried, to be swapped back to."""

    do: ClassVar[str] = "sheathe"
    free: ClassVar[bool] = True
    weapon: str


@dataclass(frozen=True, slots=True, kw_only=True)
class UseItem(Action):
    """A free action on anyone's turn: use a worn enchanted item. The seed gives no item's
    powers, so the user names what it does (`effect`) for the GM to apply (B63)."""

    do: ClassVar[str] = "use_item"
    free: ClassVar[bool] = True
    item: str
    target: str | None = None
    effect: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class LightTorch(Action):
    """A non-contested action: light the torch (or other light) one carries unlit."""

    do: ClassVar[str] = "light_torch"


@dataclass(frozen=True, slots=True, kw_only=True)
class PutOut(Action):
    """The GM puts a light out (wind, a clever idea): the one carried by `carried_by`, or the
    one standing at `at` (rules/torches.py)."""

    do: ClassVar[str] = "put_out"
    by_gm: ClassVar[bool] = True
    carried_by: str | None = None
    at: Point | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class TakeLight(Action):
    """A non-contested action: pick up a lit light standing on one's own tile or a
    neighbouring one (`at` says which when two stand near): "grabbing ... any object"."""

    do: ClassVar[str] = "take_light"
    at: Point | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class PlaceLight(Action):
    """The GM sets a lit light down on a tile mid-fight: "some weird magic", a lantern lowered
    into the room (rules/torches.py). It sheds light as a torch does."""

    do: ClassVar[str] = "place_light"
    by_gm: ClassVar[bool] = True
    at: Point
    light: Literal["torch", "campfire", "candle", "hurricane_lamp"] = "torch"


@dataclass(frozen=True, slots=True, kw_only=True)
class DropTorch(Action):
    """A free action on anyone's turn: set down the lit light one carries on one's tile,
    where it goes on shining."""

    do: ClassVar[str] = "drop_torch"
    free: ClassVar[bool] = True
