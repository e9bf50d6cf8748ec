"""A combatant under `tiers`: the sheet plus what the fight changes (place, facing, the
turn's actions, what is in hand, gear Tiers lowered by crits)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from fracas.core.state import Combatant
from fracas.rulesets.tiers.sheet import UNARMED, Item, Race, Skills, Weapon

Tile = tuple[int, int]


@dataclass(frozen=True, slots=True, kw_only=True)
class GroundItem:
    """A weapon lying on a tile (dropped: rules/dropping.py), with the Tier it had and whether
    it was left unloaded, so whoever grabs it gets the same weapon back. `weapon` holds any
    other object dropped (an `Item`, B62) as well, with Tier 0, so the map keeps one list."""

    at: Tile
    weapon: Weapon | Item
    tier: int
    unloaded: bool = False


ACTIONS_PER_TURN = 2


@dataclass(frozen=True, slots=True, kw_only=True)
class Warrior(Combatant):
    x: int
    y: int
    z: int = 0
    """Tiles above the ground, gained by climbing (B37); 0 stands on the map."""
    facing: str
    """The declared facing, one of the 8 compass directions (n, e, s or w for a large body)."""
    width: int = 1
    """A large creature's tiles across its facing (B21); (x, y) is then its front-left tile."""
    length: int = 1
    """A large creature's tiles along its facing."""
    facing_on: str | None = None
    """A combatant the facing is locked on ("maintain facing an opponent"): it tracks them."""
    body: int
    reflex: int
    presence: int
    skills: Skills
    race: Race
    weapons: tuple[Weapon, ...] = ()
    items: tuple[Item, ...] = ()
    """Objects carried besides the weapons (B62): ammunition in the pouch, enchanted items."""
    weapon_tiers: tuple[int, ...] = ()
    """Each weapon's Tier now, by index of `weapons` (crits lower them)."""
    main: str | None = None
    """The weapon id in the main hand; None is a bare hand."""
    off: str | None = None
    """The weapon id in the off hand (a two-handed weapon is in both)."""
    armor_id: str | None = None
    armor: int = 0
    """The worn armor's Tier now."""
    natural_weapon: int = 0
    """The natural weapon's Tier now (crits lower it; bare hands are T0)."""
    natural_armor: int = 0
    """The natural armor's Tier now."""
    cloaks: int = 0
    """The Tiers of the cloaks worn over the armor, added up (B12)."""
    shield_id: str | None = None
    shield: int = 0
    """The shield's Tier now."""
    shield_equipped: bool = False
    shield_progress: int = 0
    """Non-contested actions spent in a row on equipping the shield (two are needed)."""
    unloaded: tuple[str, ...] = ()
    """Crossbows and firearms fired and not yet reloaded."""
    actions: int = 0
    """Actions declared this turn (two at most)."""
    contested: bool = False
    """This turn's one contested action is spent."""
    spent_ahead: int = 0
    """Actions of this round's turn still to come, already spent on blocks (B16)."""
    trails: tuple[tuple[Tile, Tile], ...] = ()
    """The lines of this round's Blind moves, start to end: the GM's map (GM-only)."""
    stealth_spent: tuple[str, ...] = ()
    identified: tuple[str, ...] = ()
    bumped: tuple[str, ...] = ()
    """Whom it bumped into in the dark this turn (rules/blindness.py, B32): the pair counts as
    adjacent until the turn ends or either moves again."""
    crossed_at: Tile | None = None
    """Where its Blind walk this turn met a line it crossed (B32), until it moves again or
    the turn ends: where it lies if felled meanwhile under `bumped_fallen: stays`."""
    turned_from: tuple[str, str | None] | None = None
    """The facing (and whom it kept in front) a defender that won will return to once the
    attacker's turn ends (rules/turning.py); None when facing as declared."""
    revealed_at: Tile | None = None
    """Where its last stealth attack revealed it "to everyone" (rules/reveal.py); it stays
    known there to every viewer until it leaves that tile."""
    """Whom it identified by touch and sound while unable to see them (rules/blindness.py)."""
    """Whom this round's free stealth attack on the Blind struck (rules/free_stealth.py)."""

    @property
    def tile(self) -> Tile:
        return (self.x, self.y)

    @property
    def large(self) -> bool:
        return self.width > 1 or self.length > 1

    def weapon(self, weapon_id: str) -> Weapon | None:
        return next((w for w in self.weapons if w.id == weapon_id), None)

    def item(self, item_id: str) -> Item | None:
        return next((i for i in self.items if i.id == item_id), None)

    def tier_of(self, weapon_id: str) -> int:
        """The weapon's Tier now; bare hands are T0."""
        for weapon, tier in zip(self.weapons, self.weapon_tiers, strict=True):
            if weapon.id == weapon_id:
                return tier
        return 0

    def in_hand(self, weapon_id: str) -> bool:
        if weapon_id == UNARMED:
            return self.main is None or (self.off is None and not self.shield_equipped)
        return weapon_id in (self.main, self.off)

    @property
    def wielded(self) -> tuple[str, ...]:
        held = (self.main, self.off)
        return tuple(dict.fromkeys(w for w in held if w is not None))

    def position_json(self) -> Any:
        where: dict[str, Any] = {"x": self.x, "y": self.y, "facing": self.facing}
        if self.z:
            where["z"] = self.z  # only once off the ground, so flat fights read as before
        if self.large:
            where["size"] = {"width": self.width, "length": self.length}
        return where

    def state_json(self) -> dict[str, Any]:
        return {
            "actions": self.actions,
            "contested": self.contested,
            "spent_ahead": self.spent_ahead,
            "facing_on": self.facing_on,
            "wielding": list(self.wielded),
            "weapon_tiers": {w.id: t for w, t in zip(self.weapons, self.weapon_tiers, strict=True)},
            "unloaded": list(self.unloaded),
            **({"items": [i.id for i in self.items]} if self.items else {}),
            "armor": self.armor,
            "natural_weapon": self.natural_weapon,
            "natural_armor": self.natural_armor,
            "cloaks": self.cloaks,
            "shield": self.shield if self.shield_id is not None else None,
            "shield_equipped": self.shield_equipped,
            "shield_progress": self.shield_progress,
        }
