"""A combatant under `fatewalker`: the sheet plus what the fight changes (the wound chart)."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from fracas.core.state import Combatant
from fracas.rulesets.fatewalker.sheet import (
    Aid,
    Armor,
    Attributes,
    EnergyShield,
    HandShield,
    Optics,
    Power,
    Skills,
    Spend,
    Weapon,
    Wounds,
)


@dataclass(frozen=True, slots=True, kw_only=True)
class Walker(Combatant):
    x: float
    y: float
    attributes: Attributes
    skills: Skills
    weapons: tuple[Weapon, ...] = ()
    armor: Armor | None = None
    chart: Wounds
    temporary: int = 0
    normal: int = 0
    mortal: int = 0
    aware_at: int | None = None
    start_tick: int | None = None
    # -- fw-melee ------------------------------------------------------------------------
    ranges: tuple[tuple[str, int], ...] = ()
    """The melee range to each opponent it has changed it with (rules/melee.py); others
    stand where combat begins."""
    reacted: tuple[int, tuple[str, ...]] | None = None
    """The tick and simultaneous group it last reacted to: one reaction per group (L1431)."""
    footwork: tuple[int, int] | None = None
    """Footwork's bonus dice left and the tick they last until."""
    # -- fw-move: height, movement, cover, aim, ammunition, sight --
    z: float = 0.0
    prone: bool = False
    motion: Motion | None = None
    cover: int = 0
    barrier: int = 0
    aim: Aiming | None = None
    fired: tuple[tuple[str, int], ...] = ()
    """Rounds fired from each counted weapon since its last reload."""
    visible_range: float = 25.0
    optics: Optics = field(default_factory=Optics)
    illumination: str = "none"
    # -- fw-harm: the full wound chart, shields, Will (rules/wounds.py, rules/shields.py) --
    stun: int = 0
    """Boxes of the Normal section marked as stun ("/"); `normal` counts those marked "X"."""
    will_spent: int = 0
    """Will spent so far: on sprints and on initiating combat (rules/movement.py), on Tough
    (rules/wounds.py)."""
    bleeds_at: int | None = None
    """The tick of the next point of bleeding, while Mortal wounds bleed (L1693)."""
    temporary_since: int | None = None
    """The tick the Temporary section began to fill; it empties 600 ticks later (L1687)."""
    stabilized: int | None = None
    """Net successes of Stabilize rolls so far (None: no Stabilize begun)."""
    energy_shield: EnergyShield | None = None
    energy: int = 0
    """The energy shield's current Energy Pool."""
    shield: HandShield | None = None
    aid: Aid = field(default_factory=Aid)
    powers: tuple[Power, ...] = ()
    spend_will: str = "mortal"
    # -- fw-ranged: weapons in hand, on the ground; the Fate track; the free metre --
    holstered: tuple[str, ...] = ()
    """Its weapons not in hand: sheathed, slung or holstered (rules/arms.py)."""
    lying: tuple[tuple[str, float, float], ...] = ()
    """Its weapons on the ground, with where they lie."""
    fate_spent: int = 0
    spend: Spend = field(default_factory=Spend)
    stepped: int | None = None
    """The tick of its last free 1 m shift (one per action tick)."""

    def in_hand(self, weapon_id: str) -> bool:
        """fw-ranged: a weapon it holds (not holstered, not lying on the ground)."""
        return weapon_id not in self.holstered and all(w != weapon_id for w, _, _ in self.lying)

    @property
    def fate_left(self) -> int:
        """fw-ranged: Fate boxes left; Faterunner "can now convert Fate into Apathy", read
        as a second pass over the track (each box marked Fate, then Apathy)."""
        passes = 2 if "faterunner" in self.powers else 1
        return max(0, self.attributes.fate * passes - self.fate_spent)

    @property
    def ennui(self) -> bool:
        """ "filling all available Fate boxes with Apathy": -4 wound that nothing mitigates."""
        fate = self.attributes.fate
        return "faterunner" in self.powers and fate > 0 and self.fate_spent >= 2 * fate

    # -- fw-grapple: ground combat, holds, helmets (rules/ground.py) --
    ground: tuple[str, bool] | None = None
    """The partner of a ground combat and whether this one is on top; the level is the
    pair's melee range (3 ... 1)."""
    held: tuple[str, int] | None = None
    """Who holds this one in the unarmed Hold and the Hold value."""
    helmet: int = 0
    """A helmet's headbutt bonus (1-3), 0 for none."""
    # -- fw-shields: shield cover, evasive running (rules/handshield.py, rules/evasions.py) --
    shield_cover: int = 0
    """The hand-held shield held as cover: 0, 50 or 90 (Shield Cover)."""
    evasive: int | None = None
    """The successes of the running Evasive Running roll (None: not running evasively)."""
    leaping_until: int | None = None
    """A Leaping Dodge's leap lasts until this tick (the chart's leaping target rows)."""

    # -- fw-finish: theme powers, the sprint's Will, suppressive fire (rules/themes.py,
    # rules/willpower.py, rules/suppress.py) --
    bracers: bool = False
    """Metal bracers or guards: +1 damage on its blocks."""
    facing: float | None = None
    """The way it looks while not yet aware (degrees; None: all round)."""
    malcontent: str | None = None
    fates_end: str | None = None
    """Fate's End's target, named on the sheet and invoked as the fight begins."""
    transgressors: tuple[str, ...] = ()
    berserk_until: int | None = None
    """Berserker: a Normal wound's +3 waits for the next offensive action until this tick;
    defensive actions until then are at -3."""
    boon_until: int | None = None
    """Boon: +2 dice on this one's next action if taken by this tick."""
    sprint_paid: int | None = None
    """The tick the Will paid for the sprint under way runs out (1 point per 30 ticks)."""
    covering: Covering | None = None
    """Full Auto (Cover): the area this one's fire covers, and until when."""

    def weapon(self, weapon_id: str) -> Weapon | None:
        return next((w for w in self.weapons if w.id == weapon_id), None)

    @property
    def wound_penalty(self) -> int:
        """Each Normal column with damage in it carries its penalty; "Each Mortal point adds
        one more wound penalty"."""
        started = math.ceil((self.normal + self.stun) / self.chart.column_height)
        penalty = started * self.chart.penalty_per_column + self.mortal
        # Painless: "Suffer 2 less wound penalties" (L261)
        penalty = max(0, penalty - 2) if "painless" in self.powers else penalty
        return penalty + (4 if self.ennui else 0)  # fw-ranged: Ennui, "cannot be mitigated"

    @property
    def will_left(self) -> int:
        return max(0, will_track(self) - self.will_spent)

    def distance_to(self, other: Walker) -> float:
        return math.hypot(self.x - other.x, self.y - other.y)

    def distance3(self, other: Walker) -> float:
        """Metres between the two through the air, heights counted (a shot's range)."""
        return math.dist((self.x, self.y, self.z), (other.x, other.y, other.z))

    def position_json(self) -> Any:
        return {"x": self.x, "y": self.y, **({"z": self.z} if self.z else {})}

    @property
    def speed(self) -> int:
        """Speed after wounds: "every 2 wound penalties suffered reduces base speed by 1"."""
        return max(0, self.attributes.speed - self.wound_penalty // 2)

    def rounds_fired(self, weapon_id: str) -> int:
        return next((n for w, n in self.fired if w == weapon_id), 0)

    def state_json(self) -> dict[str, Any]:
        return {
            "wounds": {
                "temporary": f"{self.temporary}/{self.chart.temporary}",
                "normal": f"{self.normal}/{self.chart.columns * self.chart.column_height}",
                "stun": self.stun,
                "mortal": f"{self.mortal}/{self.chart.mortal}",
                "penalty": self.wound_penalty,
            },
            **_move_json(self),
            **self._harm_json(),
        }

    def _harm_json(self) -> dict[str, Any]:
        extra: dict[str, Any] = {"will": f"{self.will_left}/{self.attributes.will}"}
        if self.energy_shield is not None:
            extra["energy"] = f"{self.energy}/{self.energy_shield.reserve}"
        if self.bleeds_at is not None:
            extra["bleeds_at"] = self.bleeds_at
        return {**extra, **self._finish_json()}

    def _finish_json(self) -> dict[str, Any]:
        """fw-finish: the theme powers' windows, the sprint's paid Will, covering fire."""
        shown: dict[str, Any] = {}
        for name in ("berserk_until", "boon_until", "sprint_paid"):
            if getattr(self, name) is not None:
                shown[name] = getattr(self, name)
        area = self.covering
        if area is not None:
            shown["covering"] = (
                f"{area.radius:g} m about ({area.x:g}, {area.y:g}) with {area.weapon} "
                f"until tick {area.until}"
            )
        return shown

    def state_note(self) -> str | None:
        """The wound chart in a line for `fracas run`'s table (see rules/chart.py)."""
        from fracas.rulesets.fatewalker.rules.chart import compact

        return compact(self)


def _move_json(person: Walker) -> dict[str, Any]:
    """The fw-move fields worth showing, only when they say something."""
    shown: dict[str, Any] = {}
    if person.motion is not None:
        shown["moving"] = f"{person.motion.mode}, {person.motion.rate:g} m per 6 ticks"
    if person.prone:
        shown["prone"] = True
    if person.cover:
        shown["cover"] = person.cover
    if person.ground is not None:  # fw-grapple
        shown["ground"] = f"{'top' if person.ground[1] else 'bottom'} of {person.ground[0]}"
    if person.held is not None:  # fw-grapple
        shown["held"] = f"by {person.held[0]}, hold {person.held[1]}"
    if person.aim is not None:
        shown["aim"] = person.aim.bonus
    return shown


@dataclass(frozen=True, slots=True)
class Motion:
    """A movement under way: its type and rate (metres per 6 ticks), the segment (leg)
    running from `start` for `ticks` ticks, where it heads, and the metres run so far (a
    leap's run-up)."""

    mode: str
    rate: float
    start: int
    ticks: int
    x: float | None = None
    y: float | None = None
    toward: str | None = None
    within: float = 1.0
    ran: float = 0.0

    @property
    def end(self) -> int:
        return self.start + self.ticks


@dataclass(frozen=True, slots=True)
class Covering:
    """Full Auto (Cover): a circle of `radius` metres about (x, y), covered with `weapon`
    until tick `until` (12 ticks after the burst)."""

    x: float
    y: float
    radius: float
    weapon: str
    until: int


@dataclass(frozen=True, slots=True)
class Aiming:
    """Aim taken: the bonus dice and the tick the shot must come at (the aimer's next)."""

    bonus: int
    ready: int
    basic: bool


def will_track(person: Walker) -> int:
    """fw-ranged: the Will a fight may spend. Each box once as Will; Unbreakable marks it
    again as Fatigue, Unstoppable once more as Exhaustion ("functions identically to
    spending Will"); Iron Will adds 6 boxes; Refuse to Lose a free point a scene."""
    powers = person.powers
    boxes = person.attributes.will + (6 if "iron_will" in powers else 0)
    passes = 3 if "unstoppable" in powers else 2 if "unbreakable" in powers else 1
    return boxes * passes + (1 if "refuse_to_lose" in powers else 0)


def capacity(chart: Wounds) -> int:
    return chart.temporary + chart.columns * chart.column_height + chart.mortal
