"""The events of `fatewalker`. Those that change the state say how themselves (`apply`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from fracas.core.events import Event, Harm, StateEvent
from fracas.core.state import EncounterState, Status, update
from fracas.rulesets.fatewalker.walker import Aiming, Motion


@dataclass(frozen=True, slots=True, kw_only=True)
class PoolRolled(StateEvent):
    """One roll of a pool read: how many dice at which TN, how many wounded, successes."""

    kind: ClassVar[str] = "pool_rolled"
    combatant: str
    what: str
    dice: int
    tn: int
    wounded: int
    lost: int
    successes: int

    def describe(self) -> str:
        wounded = f" ({self.wounded} wounded)" if self.wounded else ""
        lost = f", {self.lost} lost to wounds" if self.lost else ""
        return (
            f"{self.combatant}'s {self.what}: {self.dice} dice at TN {self.tn}{wounded}{lost}: "
            f"{_successes(self.successes)}"
        )


def _successes(n: int) -> str:
    return f"{n} success" if n == 1 else f"{n} successes"


@dataclass(frozen=True, slots=True, kw_only=True)
class Struck(StateEvent):
    """A strike's outcome: the attack's and the reaction's successes, the net, and whether
    it hit; `pool` is the damage pool after promotion and deflection."""

    kind: ClassVar[str] = "struck"
    attacker: str
    target: str
    weapon: str
    successes: int
    reaction: str | None
    defence: int
    net: int
    hit: bool
    pool: str

    def describe(self) -> str:
        against = f" against {self.reaction} ({self.defence})" if self.reaction else ""
        if not self.hit:
            return (
                f"{self.attacker} misses {self.target} with {self.weapon}: "
                f"{_successes(self.successes)}{against}"
            )
        return (
            f"{self.attacker} hits {self.target} with {self.weapon}: "
            f"{_successes(self.successes)}{against}, net {self.net}; damage pool {self.pool}"
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class DamageRolled(StateEvent):
    """The damage dice read: points from dice showing 0 (`penetrating`, which armor does not
    absorb) and the rest with any flat bonus (`normal`), what Absorb took, the points a
    stopping parry or block cancelled, and what is left to wound (rules/harm.py)."""

    kind: ClassVar[str] = "damage_rolled"
    target: str
    normal: int
    penetrating: int
    absorbed: int
    total: int
    cancelled: int = 0

    def describe(self) -> str:
        zeros = f" + {self.penetrating} through armor" if self.penetrating else ""
        absorbed = f", {self.absorbed} absorbed" if self.absorbed else ""
        cancelled = f", {self.cancelled} cancelled" if self.cancelled else ""
        return f"damage to {self.target}: {self.normal}{zeros}{absorbed}{cancelled} = {self.total}"


@dataclass(frozen=True, slots=True, kw_only=True)
class Wounded(StateEvent, Harm):
    """Damage from one source marked on the wound chart: the sections' new filled totals;
    `dealt_by` is the combatant whose action dealt it (None: nobody's, as bleeding)."""

    kind: ClassVar[str] = "wounded"
    target: str
    amount: int
    temporary: int
    normal: int
    mortal: int
    hp: int
    """Boxes left on the whole chart, shown as HP."""
    stun: int = 0
    """Boxes of the Normal section marked stun; `amount` was stun if `stunning`."""
    stunning: bool = False
    temporary_since: int | None = None
    dealt_by: str | None = None

    def apply(self, state: EncounterState) -> EncounterState:
        return update(
            state,
            self.target,
            temporary=self.temporary,
            normal=self.normal,
            mortal=self.mortal,
            hp=self.hp,
            stun=self.stun,
            temporary_since=self.temporary_since,
        )

    def describe(self) -> str:
        stun = f", {self.stun} stun" if self.stun else ""
        kind = " stun" if self.stunning else ""
        return (
            f"{self.target} takes {self.amount}{kind}: chart {self.temporary} temporary, "
            f"{self.normal} normal{stun}, {self.mortal} mortal"
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class Expired(StateEvent):
    """ "A character expires the moment they run out of Mortal Wounds"."""

    kind: ClassVar[str] = "expired"
    target: str

    def apply(self, state: EncounterState) -> EncounterState:
        return update(state, self.target, status=Status.DEAD)

    def describe(self) -> str:
        return f"{self.target} has run out of mortal wounds and dies"


# -- fw-melee: melee range, defences, footwork, critical failures ------------------------------


def _with_range(ranges: tuple[tuple[str, int], ...], other: str, distance: int) -> Any:
    return (*((o, d) for o, d in ranges if o != other), (other, distance))


@dataclass(frozen=True, slots=True, kw_only=True)
class RangeChanged(StateEvent):
    """The melee range between two combatants moved on the ladder (6 Long ... 1 Clinch)."""

    kind: ClassVar[str] = "range_changed"
    first: str
    second: str
    was: int
    range: int
    why: str

    def apply(self, state: EncounterState) -> EncounterState:
        for me, other in ((self.first, self.second), (self.second, self.first)):
            ranges = getattr(state.get(me), "ranges", ())
            state = update(state, me, ranges=_with_range(ranges, other, self.range))
        return state

    def describe(self) -> str:
        return (
            f"{self.first} and {self.second}: melee range {self.was} -> {self.range} ({self.why})"
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class Defended(StateEvent):
    """A parry or block read: whether it stops the blow (2 successes, "resolved as an
    Attack") and the damage pool whose points will cancel the attack's (rules/damage.py)."""

    kind: ClassVar[str] = "defended"
    defender: str
    attacker: str
    maneuver: str
    successes: int
    stops: bool
    pool: str

    def describe(self) -> str:
        if not self.stops:
            return f"{self.defender}'s {self.maneuver} fails ({_successes(self.successes)})"
        return (
            f"{self.defender}'s {self.maneuver} meets the blow ({_successes(self.successes)}); "
            f"its {self.pool} cancels damage"
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class ReactionTaken(StateEvent):
    """A reaction to one of a simultaneous group's actions: the reactor may answer no other
    action of that group (L1431)."""

    kind: ClassVar[str] = "reaction_taken"
    combatant: str
    tick: int
    group: tuple[str, ...]

    def apply(self, state: EncounterState) -> EncounterState:
        return update(state, self.combatant, reacted=(self.tick, self.group))

    def describe(self) -> str:
        return f"{self.combatant} has reacted to the simultaneous {', '.join(self.group)}"


@dataclass(frozen=True, slots=True, kw_only=True)
class FootworkSet(StateEvent):
    """Footwork's bonus dice: rolled (or spent on a parry or evasion), lasting until `until`."""

    kind: ClassVar[str] = "footwork_set"
    combatant: str
    dice: int
    until: int

    def apply(self, state: EncounterState) -> EncounterState:
        return update(state, self.combatant, footwork=(self.dice, self.until))

    def describe(self) -> str:
        return f"{self.combatant} has {self.dice} footwork dice until tick {self.until}"


@dataclass(frozen=True, slots=True, kw_only=True)
class CriticalFailure(StateEvent):
    """An attack with no success at all "can critically fail ... (GM discretion using Margin
    of Failure)": logged with its margin for the GM; the engine adds no effect (gap 13)."""

    kind: ClassVar[str] = "critical_failure"
    combatant: str
    what: str
    margin: int

    def describe(self) -> str:
        return (
            f"{self.combatant}'s {self.what} fails critically (margin of failure {self.margin}; "
            "the GM may rule an effect)"
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class DamageCancelled(StateEvent):
    """The points a stopping parry or block rolled, to be taken from the blow's damage."""

    kind: ClassVar[str] = "damage_cancelled"
    defender: str
    points: int

    def describe(self) -> str:
        return f"{self.defender}'s defence cancels {self.points} damage"


# -- movement, senses, ranged combat, Will (fw-move; Tough spends it too) --------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class MotionSet(StateEvent):
    """A movement segment (leg) begins: on Begin Movement, a change, or continuing at a
    segment's end; the fields are `walker.Motion`'s, flat so the log replays."""

    kind: ClassVar[str] = "motion_set"
    combatant: str
    mode: str
    rate: float
    start: int
    ticks: int
    x: float | None = None
    y: float | None = None
    toward: str | None = None
    within: float = 1.0
    ran: float = 0.0
    why: str

    @property
    def motion(self) -> Motion:
        return Motion(
            mode=self.mode,
            rate=self.rate,
            start=self.start,
            ticks=self.ticks,
            x=self.x,
            y=self.y,
            toward=self.toward,
            within=self.within,
            ran=self.ran,
        )

    def apply(self, state: EncounterState) -> EncounterState:
        return update(state, self.combatant, motion=self.motion)

    def describe(self) -> str:
        return (
            f"{self.combatant} {self.mode}s at {self.rate:g} m per 6 ticks, ticks {self.start}-"
            f"{self.start + self.ticks} ({self.why})"
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class MotionEnded(StateEvent):
    kind: ClassVar[str] = "motion_ended"
    combatant: str
    why: str

    def apply(self, state: EncounterState) -> EncounterState:
        return update(state, self.combatant, motion=None)

    def describe(self) -> str:
        return f"{self.combatant} stops moving ({self.why})"


@dataclass(frozen=True, slots=True, kw_only=True)
class Moved(StateEvent):
    """The metres of a segment credited: the combatant stands at (x, y) now."""

    kind: ClassVar[str] = "moved"
    combatant: str
    x: float
    y: float
    metres: float
    why: str
    z: float | None = None

    def apply(self, state: EncounterState) -> EncounterState:
        z = {} if self.z is None else {"z": self.z}
        return update(state, self.combatant, x=self.x, y=self.y, **z)

    def describe(self) -> str:
        where = f"({self.x:.1f}, {self.y:.1f})"
        return f"{self.combatant} moves {self.metres:.1f} m to {where} ({self.why})"


@dataclass(frozen=True, slots=True, kw_only=True)
class PostureSet(StateEvent):
    """Prone or standing; cover taken or left (0, 50 or 90 with the cover's barrier)."""

    kind: ClassVar[str] = "posture_set"
    combatant: str
    prone: bool
    cover: int = 0
    barrier: int = 0

    def apply(self, state: EncounterState) -> EncounterState:
        return update(
            state, self.combatant, prone=self.prone, cover=self.cover, barrier=self.barrier
        )

    def describe(self) -> str:
        posture = "prone" if self.prone else "standing"
        cover = f", in {self.cover}% cover (barrier {self.barrier})" if self.cover else ""
        return f"{self.combatant} is {posture}{cover}"


@dataclass(frozen=True, slots=True, kw_only=True)
class Jumped(Event):
    """A jump's reach (the landing is a `Moved`): Speed after the roll, metres across, and
    the height the same Speed gives (Speed x 10 cm)."""

    kind: ClassVar[str] = "jumped"
    combatant: str
    jump: str
    speed: int
    metres: float
    height_cm: int

    def describe(self) -> str:
        return (
            f"{self.combatant}'s {self.jump} at Speed {self.speed}: {self.metres:g} m across "
            f"(or {self.height_cm} cm up)"
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class Noticed(StateEvent):
    """One not yet aware sees the fight: it becomes aware at this tick and joins late."""

    kind: ClassVar[str] = "noticed"
    combatant: str
    tick: int
    seen: str

    def apply(self, state: EncounterState) -> EncounterState:
        return update(state, self.combatant, aware_at=self.tick)

    def describe(self) -> str:
        return f"{self.combatant} sees {self.seen} and becomes aware at tick {self.tick}"


@dataclass(frozen=True, slots=True, kw_only=True)
class WillSpent(StateEvent):
    """Will spent: a point on a sprint or on initiating combat (rules/movement.py), or
    `amount` points on Tough, "spend a point of Will to ignore a point of damage"
    (rules/wounds.py); `spent` is the running total."""

    kind: ClassVar[str] = "will_spent"
    combatant: str
    amount: int = 1
    spent: int
    why: str

    def apply(self, state: EncounterState) -> EncounterState:
        return update(state, self.combatant, will_spent=self.spent)

    def describe(self) -> str:
        points = "a point of Will" if self.amount == 1 else f"{self.amount} Will"
        return f"{self.combatant} spends {points} on {self.why} ({self.spent} spent)"


@dataclass(frozen=True, slots=True, kw_only=True)
class AimTaken(StateEvent):
    """Aim set: `bonus` dice on a shot at tick `ready`; `bonus` None when the aim is lost."""

    kind: ClassVar[str] = "aim_taken"
    combatant: str
    bonus: int | None
    ready: int = 0
    basic: bool = False

    def apply(self, state: EncounterState) -> EncounterState:
        aim = None if self.bonus is None else Aiming(self.bonus, self.ready, self.basic)
        return update(state, self.combatant, aim=aim)

    def describe(self) -> str:
        if self.bonus is None:
            return f"{self.combatant}'s aim is spent"
        return f"{self.combatant} aims: {self.bonus:+d} on a shot at tick {self.ready}"


@dataclass(frozen=True, slots=True, kw_only=True)
class RoundsCounted(StateEvent):
    """Rounds fired from a counted weapon since its last reload (0: reloaded)."""

    kind: ClassVar[str] = "rounds_counted"
    combatant: str
    weapon: str
    fired: int
    why: str

    def apply(self, state: EncounterState) -> EncounterState:
        person = state.get(self.combatant)
        fired = getattr(person, "fired", ())
        kept = tuple((w, n) for w, n in fired if w != self.weapon)
        return update(state, self.combatant, fired=(*kept, (self.weapon, self.fired)))

    def describe(self) -> str:
        return f"{self.combatant}'s {self.weapon}: {self.fired} fired ({self.why})"


@dataclass(frozen=True, slots=True, kw_only=True)
class ShotTaken(Event):
    """A shot's setting before its roll: the effective range band and every modifier."""

    kind: ClassVar[str] = "shot_taken"
    shooter: str
    target: str
    weapon: str
    metres: float
    band: str
    modifiers: tuple[tuple[str, int], ...]

    def describe(self) -> str:
        mods = ", ".join(f"{why} {n:+d}" for why, n in self.modifiers) or "no modifiers"
        return (
            f"{self.shooter} shoots at {self.target} with {self.weapon}, {self.metres:.1f} m "
            f"({self.band} range): {mods}"
        )


# -- fw-harm: shields, the wound chart over time, healing --------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class ShieldScreened(StateEvent):
    """An energy shield met an attack: the dice it took out of the pool (`removed`, worth
    `prevented` points) and the energy left; `triggered` is False for a pool under the
    shield's minimum ("it simply doesn't trigger at all")."""

    kind: ClassVar[str] = "shield_screened"
    target: str
    shield: str
    triggered: bool
    removed: str
    prevented: int
    energy: int
    pool: str

    def apply(self, state: EncounterState) -> EncounterState:
        return update(state, self.target, energy=self.energy)

    def describe(self) -> str:
        if not self.triggered:
            return f"{self.target}'s {self.shield} shield does not trigger ({self.pool})"
        return (
            f"{self.target}'s {self.shield} shield takes {self.removed} ({self.prevented} "
            f"points): pool {self.pool}, energy {self.energy}"
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class ShieldRecharged(StateEvent):
    """ "The shield will regenerate Energy (up to the maximum) every 6 ticks"."""

    kind: ClassVar[str] = "shield_recharged"
    combatant: str
    energy: int

    def apply(self, state: EncounterState) -> EncounterState:
        return update(state, self.combatant, energy=self.energy)

    def describe(self) -> str:
        return f"{self.combatant}'s shield recharges to {self.energy}"


@dataclass(frozen=True, slots=True, kw_only=True)
class KnockedOut(StateEvent):
    """A consciousness roll failed after stun damage."""

    kind: ClassVar[str] = "knocked_out"
    target: str

    def apply(self, state: EncounterState) -> EncounterState:
        return update(state, self.target, status=Status.UNCONSCIOUS)

    def describe(self) -> str:
        return f"{self.target} falls unconscious"


@dataclass(frozen=True, slots=True, kw_only=True)
class BleedingScheduled(StateEvent):
    """The next point of bleeding out is due at `tick` (None: the bleeding has stopped)."""

    kind: ClassVar[str] = "bleeding_scheduled"
    target: str
    tick: int | None
    why: str

    def apply(self, state: EncounterState) -> EncounterState:
        return update(state, self.target, bleeds_at=self.tick)

    def describe(self) -> str:
        if self.tick is None:
            return f"{self.target} stops bleeding ({self.why})"
        return f"{self.target} bleeds again at tick {self.tick} ({self.why})"


@dataclass(frozen=True, slots=True, kw_only=True)
class TemporaryFaded(StateEvent):
    """ "Temporary Wounds completely disappear ... ~600 ticks (5 minutes)"."""

    kind: ClassVar[str] = "temporary_faded"
    target: str
    hp: int

    def apply(self, state: EncounterState) -> EncounterState:
        return update(state, self.target, temporary=0, temporary_since=None, hp=self.hp)

    def describe(self) -> str:
        return f"{self.target}'s temporary wounds fade"


@dataclass(frozen=True, slots=True, kw_only=True)
class Healed(StateEvent):
    """Boxes cleared by treatment: the chart's new totals, as in `Wounded`."""

    kind: ClassVar[str] = "healed"
    target: str
    amount: int
    how: str
    normal: int
    stun: int
    mortal: int
    hp: int

    def apply(self, state: EncounterState) -> EncounterState:
        return update(
            state, self.target, normal=self.normal, stun=self.stun, mortal=self.mortal, hp=self.hp
        )

    def describe(self) -> str:
        return f"{self.how} heals {self.target} of {self.amount}"


@dataclass(frozen=True, slots=True, kw_only=True)
class Stabilizing(StateEvent):
    """The running net total of an extended Stabilize roll on `target`."""

    kind: ClassVar[str] = "stabilizing"
    target: str
    total: int | None

    def apply(self, state: EncounterState) -> EncounterState:
        return update(state, self.target, stabilized=self.total)

    def describe(self) -> str:
        return f"stabilizing {self.target}: {self.total} net so far"


@dataclass(frozen=True, slots=True, kw_only=True)
class SerumUsed(StateEvent):
    kind: ClassVar[str] = "serum_used"
    combatant: str
    left: int

    def apply(self, state: EncounterState) -> EncounterState:
        person = state.get(self.combatant)
        aid = person.aid.model_copy(update={"serum": self.left})  # type: ignore[attr-defined]
        return update(state, self.combatant, aid=aid)

    def describe(self) -> str:
        return f"{self.combatant} uses a hypo of Serum ({self.left} left)"


# -- fw-ranged: weapons in hand, Fate, the free metre, observation ----------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class ArmsSet(StateEvent):
    """Where a combatant's weapons are: the ones holstered (sheathed, slung) and the ones on
    the ground with their places; every other weapon is in hand."""

    kind: ClassVar[str] = "arms_set"
    combatant: str
    holstered: tuple[str, ...]
    lying: tuple[tuple[str, float, float], ...]
    why: str

    def apply(self, state: EncounterState) -> EncounterState:
        return update(state, self.combatant, holstered=self.holstered, lying=self.lying)

    def describe(self) -> str:
        return f"{self.combatant}: {self.why}"


@dataclass(frozen=True, slots=True, kw_only=True)
class FateSpent(StateEvent):
    """Fate spent on a power (`amount` may be negative: Predestined gives its point back)."""

    kind: ClassVar[str] = "fate_spent"
    combatant: str
    amount: int = 1
    spent: int
    why: str

    def apply(self, state: EncounterState) -> EncounterState:
        return update(state, self.combatant, fate_spent=self.spent)

    def describe(self) -> str:
        if self.amount < 0:
            return f"{self.combatant} regains {-self.amount} Fate ({self.why})"
        points = "a point of Fate" if self.amount == 1 else f"{self.amount} Fate"
        return f"{self.combatant} spends {points} on {self.why} ({self.spent} spent)"


@dataclass(frozen=True, slots=True, kw_only=True)
class Stepped(StateEvent):
    """The free shift: "characters can always alter their position by a meter"."""

    kind: ClassVar[str] = "stepped"
    combatant: str
    x: float
    y: float
    tick: int

    def apply(self, state: EncounterState) -> EncounterState:
        return update(state, self.combatant, x=self.x, y=self.y, stepped=self.tick)

    def describe(self) -> str:
        return f"{self.combatant} shifts to ({self.x:.1f}, {self.y:.1f})"


@dataclass(frozen=True, slots=True, kw_only=True)
class Observed(Event):
    """A common action's roll read for the GM: a Quick Look's answer, the pieces of
    information a search or an observation earns, an acrobatic feat's or a skill's
    successes; what they reveal is the GM's."""

    kind: ClassVar[str] = "observed"
    combatant: str
    action: str
    successes: int
    result: str

    def describe(self) -> str:
        return f"{self.combatant}'s {self.action}: {self.result}"


# -- fw-shields: shield cover, evasive running ------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class ShieldCovered(StateEvent):
    """The hand-held shield raised as cover (50 or 90) or lowered (0)."""

    kind: ClassVar[str] = "shield_covered"
    combatant: str
    cover: int

    def apply(self, state: EncounterState) -> EncounterState:
        return update(state, self.combatant, shield_cover=self.cover)

    def describe(self) -> str:
        if not self.cover:
            return f"{self.combatant} lowers its shield"
        return f"{self.combatant} takes {self.cover}% cover behind its shield"


@dataclass(frozen=True, slots=True, kw_only=True)
class EvasiveSet(StateEvent):
    """The Evasive Running roll now in force (None: the evasive run is over)."""

    kind: ClassVar[str] = "evasive_set"
    combatant: str
    successes: int | None

    def apply(self, state: EncounterState) -> EncounterState:
        return update(state, self.combatant, evasive=self.successes)

    def describe(self) -> str:
        if self.successes is None:
            return f"{self.combatant} runs evasively no more"
        return f"{self.combatant} runs evasively ({_successes(self.successes)})"


@dataclass(frozen=True, slots=True, kw_only=True)
class LeapSet(StateEvent):
    """A Leaping Dodge's leap: the leaper counts as leaping until `until`."""

    kind: ClassVar[str] = "leap_set"
    combatant: str
    until: int

    def apply(self, state: EncounterState) -> EncounterState:
        return update(state, self.combatant, leaping_until=self.until)

    def describe(self) -> str:
        return f"{self.combatant} is in the air until tick {self.until}"
