"""Properties of a shot whatever the dice: hits never exceed the shots fired at a target,
net successes are never negative, and HP only ever falls by what the log says."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from fracas.rulesets.pools.events import ShotRolled
from tests.rulesets.pools.helpers import Fight, soldier

RATINGS = st.sampled_from([None, "weak", "middling", "strong", "fortified"])


@settings(max_examples=150, deadline=None)
@given(
    dexterity=st.integers(0, 8),
    rate=st.integers(1, 6),
    targets=st.integers(1, 3),
    rating=RATINGS,
    allies=st.integers(0, 2),
    faces=st.lists(st.integers(1, 6), min_size=80, max_size=80),
)
def test_hits_never_exceed_shots_and_net_is_never_negative(
    dexterity: int, rate: int, targets: int, rating: str | None, allies: int, faces: list[int]
) -> None:
    targets = min(targets, (rate + 1) // 2)  # each target needs a shot, and one wasted between
    gun = {"id": "gun", "damage": 2, "rate_of_fire": rate}
    people = [soldier("me", "a", 0, dexterity=dexterity, weapons=[gun])]
    people += [soldier(f"ally{n}", "a", 5) for n in range(allies)]
    people += [soldier(f"foe{n}", "b", 5, hp=50) for n in range(targets)]
    cover = [{"distance": 5, "rating": rating}] if rating else []
    fight = Fight(*people, dice=faces, map={"cover": cover})
    spare = rate - (targets - 1)
    shots = [spare - (targets - 1)] + [1] * (targets - 1)
    aims = [{"target": f"foe{n}", "shots": s} for n, s in enumerate(shots)]
    fight.act("me", "shoot", weapon="gun", targets=aims)
    rolled: list[ShotRolled] = fight.shots()
    assert len(rolled) == targets
    for shot in rolled:
        assert shot.net >= 0
        assert shot.hits + len(shot.ally_hits) <= shot.shots
        assert shot.net == max(0, shot.successes - shot.cover)
    dealt = sum(amount for _, amount, _ in fight.damage())
    lost = sum(c.max_hp - c.hp for c in fight.state.combatants)
    assert dealt == lost
