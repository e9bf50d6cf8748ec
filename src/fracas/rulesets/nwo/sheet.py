"""The `nwo` character sheet and map as a scenario file writes them, validated with pydantic.

Seed 000 tops skills at level 10 ("+2 at lvl 10") and gives no base HP (option `default_hp`);
the HP and initiative bonus ranges are ours, listed in docs/rulesets/nwo.md.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, model_validator

from fracas.core.grid import check_on_map
from fracas.core.validation import Int, repeated
from fracas.rulesets.nwo.catalog import Weapon, catalog

SKILLS = (
    "melee",
    "aiming",
    "nimble",
    "strength",
    "fitness",
    "resolve",
    "perception",
    "hiding",
    "robustness",
)
Level = Int
HP_MAX = 100
"""Ten times the usual 10 HP: room for a GM's brute, not for a typo."""
INITIATIVE_BONUS = 10
"""An initiative bonus lies within -10..10, like the skills it comes from."""


class Skills(BaseModel):
    """Skill levels 0-10; a missing skill is 0."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    melee: Level = Field(default=0, ge=0, le=10)
    aiming: Level = Field(default=0, ge=0, le=10)
    nimble: Level = Field(default=0, ge=0, le=10)
    strength: Level = Field(default=0, ge=0, le=10)
    fitness: Level = Field(default=0, ge=0, le=10)
    resolve: Level = Field(default=0, ge=0, le=10)
    perception: Level = Field(default=0, ge=0, le=10)
    hiding: Level = Field(default=0, ge=0, le=10)
    robustness: Level = Field(default=0, ge=0, le=10)


class Position(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    x: Int = Field(ge=0)
    y: Int = Field(ge=0)


def _weapon(entry: Any) -> Any:
    """A catalog key becomes its row; an inline table is left for `Weapon` to validate, so
    its errors carry their own place (`weapons[1].crit`)."""
    if isinstance(entry, str):
        row = catalog().get(entry)
        if row is None:
            known = ", ".join(sorted(catalog()))
            raise ValueError(f"unknown weapon {entry!r}; the catalog has: {known}")
        return row
    if isinstance(entry, dict):
        if "id" not in entry:
            raise ValueError("an inline weapon needs an id")
        return entry
    raise ValueError("a weapon is a catalog key or an inline table")


Arm = Annotated[Weapon, BeforeValidator(_weapon)]


def _entry_id(entry: Any) -> Any:
    return entry.get("id") if isinstance(entry, dict) else entry


class PreOverwatch(BaseModel):
    """An Overwatch declared before the fight (PvE only), with the action's fields."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    trigger: str
    target: str | None = None
    weapon: str | None = None


class Sheet(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    id: str
    name: str | None = None
    side: str
    hp: Int | None = Field(default=None, ge=1, le=HP_MAX)
    position: Position
    skills: Skills = Field(default_factory=Skills)
    initiative_bonus: Int = Field(default=0, ge=-INITIATIVE_BONUS, le=INITIATIVE_BONUS)
    armor: Literal["none", "light", "medium", "heavy"] = "none"
    weapons: list[Arm] = Field(default_factory=list)
    """In hand when the fight starts ("allowed to begin already wielding their weapons"),
    except those that `holstered` or `stowed` name."""
    holstered: list[Arm] = Field(default_factory=list)
    """Readily available: drawn with one action."""
    stowed: list[Arm] = Field(default_factory=list)
    """Carried but not readily available: stowing the current weapon first costs an action."""
    stats: dict[str, Int] = Field(default_factory=dict)
    """Accepted for the shared contract, but nwo reads `skills`; must be empty."""
    focused: bool = False
    """Starts the fight Focused (PvE only)."""
    overwatch: PreOverwatch | None = None
    """Starts the fight on Overwatch (PvE only)."""
    ambusher: bool = False
    """Tries to hide before the fight for an ambush round."""

    @model_validator(mode="before")
    @classmethod
    def _references(cls, data: Any) -> Any:
        """`holstered` and `stowed` may name weapons listed under `weapons` (then those are
        not in hand) or list further weapons; both spellings of the contract read alike."""
        if not isinstance(data, dict) or not isinstance(data.get("weapons"), list):
            return data
        data = dict(data)
        in_hand = list(data["weapons"])
        for place in ("holstered", "stowed"):
            entries = data.get(place)
            if not isinstance(entries, list):
                continue
            moved = []
            for entry in entries:
                match = next((w for w in in_hand if _entry_id(w) == entry), None)
                if isinstance(entry, str) and match is not None:
                    in_hand.remove(match)
                    moved.append(match)
                else:
                    moved.append(entry)
            data[place] = moved
        data["weapons"] = in_hand
        return data

    @model_validator(mode="after")
    def _hands_and_ids(self) -> Sheet:
        if self.stats:
            raise ValueError("nwo reads skills: {melee, aiming, ...}, not stats")
        hands = sum(w.hands for w in self.weapons)
        if hands > 2:
            listed = ", ".join(w.id for w in self.weapons)
            raise ValueError(f"weapons in hand need {hands} hands ({listed}); a character has 2")
        twice = repeated(w.id for w in (*self.weapons, *self.holstered, *self.stowed))
        if twice is not None:
            raise ValueError(f"weapon id {twice!r} is used twice; give inline copies ids")
        return self


class Arena(BaseModel):
    """`map:` for nwo."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    width: Int = Field(default=20, ge=1, le=200)
    height: Int = Field(default=20, ge=1, le=200)
    walls: list[tuple[Int, Int]] = Field(default_factory=list)
    cover: list[tuple[Int, Int]] = Field(default_factory=list)
    pvp: bool = False

    @model_validator(mode="after")
    def _on_the_map(self) -> Arena:
        """A wall or cover off the map is a typo; quietly dropping it would change the fight."""
        check_on_map(self.width, self.height, {"walls": self.walls, "cover": self.cover})
        return self
