"""A combatant under `lines`: the sheet plus what the fight changes."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from fracas.core.state import Combatant
from fracas.rulesets.lines.sheet import GearItem, WeaponCard


@dataclass(frozen=True, slots=True, kw_only=True)
class Fighter(Combatant):
    line: int
    strength: int
    dexterity: int
    constitution: int
    """Permanent Constitution; a revival lowers it by one."""
    perception: int
    mind: int
    strain: int = 0
    """Temporary Constitution lost to failed break-free rolls."""
    weapons: tuple[WeaponCard, ...] = ()
    gear: tuple[GearItem, ...] = ()
    charges: tuple[int, ...] = ()
    """Charges left on each item of `gear`, by index."""
    dual_wield_penalty: int = 4
    acted: bool = False
    """The turn's one action is spent."""
    moved: int = 0
    """Lines moved this turn by the fighter's own movement."""
    move_allowance: int = 1
    dying_left: int = 0
    """Turns (or rounds) left to be healed in, while dying."""
    dying_since: int = 0
    """The round the fighter fell in; that round does not count as one of "the next 3"."""

    @property
    def effective_constitution(self) -> int:
        return self.constitution - self.strain

    def weapon(self, weapon_id: str) -> WeaponCard | None:
        return next((w for w in self.weapons if w.id == weapon_id), None)

    def gear_index(self, item_id: str) -> int | None:
        return next((i for i, g in enumerate(self.gear) if g.id == item_id), None)

    def attribute(self, name: str) -> int:
        value: int = getattr(self, name)
        return value

    def position_json(self) -> Any:
        return {"line": self.line}

    def state_json(self) -> dict[str, Any]:
        return {
            "strength": self.strength,
            "dexterity": self.dexterity,
            "constitution": self.constitution,
            "constitution_strain": self.strain,
            "perception": self.perception,
            "mind": self.mind,
            "acted": self.acted,
            "moved": self.moved,
            "dying_turns_left": self.dying_left,
            "gear": {g.id: n for g, n in zip(self.gear, self.charges, strict=True)},
        }
