"""What moving does to a fight: the melee modifier chart's moving rows (L1617-1632), the
penalties of a target running evasively (Evasive Running, L3309) or leaping (Leaping Dodge),
and who is in melee with whom for a shot into a melee (L1657-1659).

- **Attacker running** -1, "Running as defined by effort, not speed": running, sprinting,
  running evasively, and charging (a charger is running when it strikes).
- **Target moving** 14+ -1, 20+ -2, every further 20 -1, by the target's rate in metres per
  6 ticks; a target running evasively takes "half" of its (successes - 1) instead ("melee
  attacks suffer half this", rounded down), and a target in the air of a Leaping Dodge the
  chart's leaping row (-2).
- **Shield Cover while moving**: the coverer's own actions take -2 (rules/handshield.py).
- The prone rows are fw-grapple's (it adds them to `melee.situation`).

**Into a melee** (gap: "in melee combat" is not defined): a target is in melee with each
active foe within melee distance of it (2 m, or the longer reach of a weapon either carries),
at their melee range on the ladder (rules/melee.py); the closest range counts, then the
nearest foe. Misses stray into that foe when the margin of failure equals that range.
"""

from __future__ import annotations

from fracas.core.state import EncounterState
from fracas.rulesets.fatewalker.actions import Shoot
from fracas.rulesets.fatewalker.rules import handshield, melee
from fracas.rulesets.fatewalker.rules.common import clock, walker
from fracas.rulesets.fatewalker.walker import Walker

RUNNING = frozenset({"run", "sprint", "evasive"})
"""Motion modes that are running "by effort"."""
LEAPING_SHOT = -3
"""The ranged chart's "Target Moving 20+ or Leaping/Acrobatics || -3"."""
MELEE_METRES = 2.0
"""Within this (or a weapon's longer reach) two foes are in melee (the unarmed reach)."""


def running(person: Walker) -> bool:
    return person.motion is not None and person.motion.mode in RUNNING


def leaping(state: EncounterState, person: Walker) -> bool:
    """In the air of a Leaping Dodge: until its next tick (the leap lands at once, but the
    dodge's 8 ticks are the leap's; rules/evasions.py)."""
    until = person.leaping_until
    return until is not None and clock(state).tick < until


def evasive_dice(person: Walker) -> int:
    """Evasive Running: ranged attacks at -(successes - 1)."""
    if person.evasive is None or person.motion is None or person.motion.mode != "evasive":
        return 0
    return -max(0, person.evasive - 1)


def melee_situation(state: EncounterState, attacker: Walker, target: Walker) -> int:
    """The moving rows of the melee chart for this pair as the state stands."""
    evasive = evasive_dice(target)
    speed = 0.0 if evasive or target.motion is None else target.motion.rate
    total = melee.chart_modifier(
        attacker_running=running(attacker),
        target_speed=speed,
        target_leaping=leaping(state, target) and not target.prone,  # fallen: landed
    )
    # "melee attacks suffer half this": half the penalty, rounded toward 0
    total -= (-evasive) // 2
    return total + handshield.moving_penalty(attacker)


def in_melee(state: EncounterState, target: Walker) -> tuple[str, int] | None:
    """Whom `target` is in melee with and at which range on the ladder, or None."""
    close: list[tuple[int, float, str]] = []
    for c in state.combatants:
        if c.side == target.side or not c.is_active or c.id == target.id:
            continue
        foe = walker(state, c.id)
        reach = max([MELEE_METRES, *(w.reach for w in foe.weapons + target.weapons)])
        apart = target.distance_to(foe)
        if apart <= reach:
            close.append((melee.melee_range(state, target.id, foe.id), apart, foe.id))
    if not close:
        return None
    distance, _, foe_id = min(close)
    return foe_id, distance


def ranged_rows(
    state: EncounterState,
    shooter: Walker,
    target: Walker,
    action: Shoot,
    rows: list[tuple[str, int]],
) -> list[tuple[str, int]]:
    """The ranged chart's rows with fw-shields' added: a target running evasively takes
    -(successes - 1) "Instead of the normal running target penalty"; a target in a Leaping
    Dodge the leaping row (-3, in place of any moving row); shield cover (rules/handshield.py);
    a shield-coverer shooting on the move -2."""
    if evasive_dice(target) or leaping(state, target):
        rows = [r for r in rows if not r[0].startswith("target moving")]
    if evasive_dice(target):
        rows.append((f"target running evasively ({target.evasive})", evasive_dice(target)))
    elif leaping(state, target):
        rows.append(("target leaping", LEAPING_SHOT))
    rows += handshield.shot_rows(target, action.cover == "around")
    if handshield.moving_penalty(shooter):
        rows.append(("moving behind a shield", handshield.moving_penalty(shooter)))
    return rows
