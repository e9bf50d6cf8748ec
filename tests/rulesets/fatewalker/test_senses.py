"""Senses with a facing (Dramatic Scenes, "Situational Awareness", L1460-1467), option
`notice: senses`: a sentry not yet aware, looking one way (`facing`, degrees)."""

from __future__ import annotations

from fracas.rulesets.fatewalker.events import Noticed
from tests.rulesets.fatewalker.helpers import Fight, walker


def sentry(facing: float, x: float = 5) -> dict[str, object]:
    """Awareness 3: sight 6 m in the 270 degrees in front, hearing 3 m all round."""
    return walker("cy", "b", x=x, start=None, aware_at=50, facing=facing)


def test_behind_a_sentry_only_hearing_tells() -> None:
    """L1464-1465: characters "hear ... up to their (Awareness) meters away, even behind
    them" and "see ... up to (2x Awareness) meters within their field of view (say roughly
    270 degree arc in front)": 5 m behind is unseen; 2 m behind is heard."""
    far = walker("dee", "b", x=40, start=None, aware_at=90)
    fight = Fight(
        walker("ada", "a"), sentry(facing=0), far, options={"notice": "senses"}, dice=[9, 9, 9]
    )
    fight.end("ada")
    assert fight.events(Noticed) == []
    fight.act("ada", "begin_moving", mode="walk", x=3, y=0)
    while not fight.events(Noticed):
        fight.end("ada")
    noticed = fight.events(Noticed)[0]
    # walking from tick 2, 3 m at Speed 5 take ceil(6 x 3 / 5) = 4 ticks: at 2 m by tick 6
    assert (noticed.combatant, noticed.tick, noticed.seen) == ("cy", 6, "ada")


def test_in_front_of_a_sentry_sight_reaches_twice_awareness() -> None:
    """L1465: the same 5 m in front of the sentry is within its sight."""
    far = walker("dee", "b", x=40, start=None, aware_at=90)
    fight = Fight(
        walker("ada", "a"), sentry(facing=180), far, options={"notice": "senses"}, dice=[9, 9, 9]
    )
    fight.end("ada")
    assert [n.combatant for n in fight.events(Noticed)] == ["cy"]


def test_backstab_needs_the_attacker_behind_a_facing_target() -> None:
    """Backstab (L3513): "The target must be completely unaware that the attacker is behind
    them": facing the attacker, the sentry cannot be backstabbed."""
    fight = Fight(walker("ada", "a", skills={"observe": 2}), sentry(facing=180, x=1))
    fight.refuse("ada", "backstab", "needs the attacker behind cy", target="cy", weapon="knife")
