"""Called and vitals shots, bursts, full auto and twin pistols with scripted dice (Actions and
Maneuvers, "Ranged Actions" L3329-3419). Dice order: the shooter's pool, then the damage
dice; twin pistols: the first shot whole, then the off-hand shot. Faces are 1-10; 10 reads 0."""

from __future__ import annotations

from typing import Any

from fracas.rulesets.fatewalker.events import DamageRolled, RoundsCounted, ShotTaken, Struck
from fracas.rulesets.fatewalker.rules import shots
from tests.rulesets.fatewalker.helpers import Fight, walker

RIFLE = {
    "id": "rifle",
    "damage": "3x1",
    "type": "slug",
    "speed": 5,
    "ranges": [15, 40, 80],
    "magazine": 30,
    "fire": "auto",
    "recoil": 2,
}
"""Example data: the seed tabulates no weapons, no recoil and no fire modes."""
PISTOL = {"id": "pistol", "damage": "3x1", "type": "slug", "size": "S", "speed": 4}
PISTOLS = [
    {**PISTOL, "ranges": [10, 25, 50]},
    {**PISTOL, "id": "holdout", "size": "XS", "speed": 3, "ranges": [5, 15, 30]},
]
MISSES = [9] * 40
"""Faces that fail any TN up to 8: the rest of a test's dice."""


def gunner(weapons: list[dict[str, Any]] | None = None, **extra: Any) -> dict[str, Any]:
    """Prowess 6, Ranged 6, Observe 4, Agility 4: every shot's requisites met."""
    skills = {"ranged": 6, "observe": 4, "agility": 4}
    return walker(
        "ada",
        "a",
        weapons=weapons or [RIFLE],
        **{"attributes": {"prowess": 6}, "skills": skills, **extra},
    )


def mark(wid: str = "bo", x: float = 10, start: int = 60, **extra: Any) -> dict[str, Any]:
    return walker(wid, "b", x=x, start=start, weapons=[], **extra)


def _mods(fight: Fight, index: int = -1) -> dict[str, int]:
    return dict(fight.events(ShotTaken)[index].modifiers)


def test_a_called_shot_at_the_heart() -> None:
    """L3378: "-4 for heart (Damage +3)"; L3341 Called Shot costs "Weapon +2". The +3 is the
    pipeline's flat bonus (step 7): with every damage die failing, 3 points still land."""
    fight = Fight(gunner(), mark(), dice=[1, 1, 1, 9, 9, 9, *MISSES])
    fight.act("ada", "shoot", target="bo", weapon="rifle", called="heart")
    assert _mods(fight)["called shot (heart)"] == -4
    assert fight.events(Struck)[0].successes == 3
    damage = fight.events(DamageRolled)[0]
    assert (damage.normal, damage.total) == (3, 3)
    assert fight.get("bo").temporary == 3
    assert fight.clock.next_tick("ada") == 1 + 5 + 2


def test_a_vitals_shot_and_its_requisites() -> None:
    """L3419: "center-mass (-2) or head (-4) vitals shot (Damage +3)"; L3355 Vitals Shot needs
    Ranged 6, Observe 4 and costs "Weapon +1"; a shortfall is a penalty (the larger of two)."""
    low = gunner(skills={"ranged": 6, "observe": 1})
    fight = Fight(low, mark(), dice=[9] * 8)
    fight.act("ada", "shoot", target="bo", weapon="rifle", vitals="head")
    assert _mods(fight)["vitals shot (head)"] == -4
    assert _mods(fight)["below the requisite"] == -3
    assert fight.clock.next_tick("ada") == 1 + 5 + 1


def test_bursts_searching_and_mdk() -> None:
    """L3389-3402: Short Burst 3 rounds, Searching +1, MDK -1 and +1 Damage; Long Burst 6
    rounds, Searching +2; Full Auto 20 rounds, MDK -3, +6 Damage; a burst costs "2x / 3x /
    4x Weapon recoil"."""
    fight = Fight(gunner(), mark(start=200), dice=[9] * 19 + [1, 1, 9, 9, 9, *MISSES])
    fight.act("ada", "shoot", target="bo", weapon="rifle", burst="short")
    assert _mods(fight)["short burst (searching)"] == 1
    assert fight.get("ada").rounds_fired("rifle") == 3
    assert fight.clock.next_tick("ada") == 1 + 2 * 2
    fight.act("ada", "shoot", target="bo", weapon="rifle", burst="long")
    assert _mods(fight)["long burst (searching)"] == 2
    assert fight.get("ada").rounds_fired("rifle") == 9
    assert fight.clock.next_tick("ada") == 5 + 3 * 2
    fight.act("ada", "shoot", target="bo", weapon="rifle", burst="auto", fire="mdk")
    assert _mods(fight)["auto burst (mdk)"] == -3
    assert fight.events(RoundsCounted)[-1].fired == 29
    assert fight.events(DamageRolled)[-1].normal == 6
    assert fight.clock.next_tick("ada") == 11 + 4 * 2
    fight.refuse(
        "ada",
        "shoot",
        "fires 3 rounds; ada's rifle has 1 left",
        target="bo",
        weapon="rifle",
        burst="short",
    )


def test_a_long_burst_and_full_auto_cap_the_aim() -> None:
    """L3397 Long Burst "Max aim bonus of +2"; L3400 Full Auto "Max aim bonus of +1"."""
    assert shots.aim_bonus(shots.Shoot(actor="a", target="b", weapon="w", burst="long"), 4) == 2
    assert shots.aim_bonus(shots.Shoot(actor="a", target="b", weapon="w", burst="auto"), 4) == 1
    fight = Fight(gunner(), mark(), dice=[9] * 20)
    fight.act("ada", "aim")
    fight.act("ada", "aim")
    fight.act("ada", "shoot", target="bo", weapon="rifle", burst="auto")
    assert _mods(fight)["aim"] == 1


def test_the_combinations_the_seed_refuses() -> None:
    """L3378 a called shot combines "with bursts or aims but not full auto fire"; L3413 the
    Marksman Shot "Cannot be combined with other actions except short bursts"; L3419 a vitals
    shot "Combines with Short Bursts and/or Aims"; a single-shot gun fires no burst."""
    single = {**RIFLE, "id": "musket", "fire": "single"}
    fight = Fight(gunner([RIFLE, single]), mark())
    fight.refuse(
        "ada", "shoot", "not full auto", target="bo", weapon="rifle", called="limb", burst="auto"
    )
    fight.refuse(
        "ada",
        "shoot",
        "nothing but a short burst",
        target="bo",
        weapon="rifle",
        marksman=True,
        called="limb",
    )
    fight.refuse(
        "ada",
        "shoot",
        "short bursts and aims only",
        target="bo",
        weapon="rifle",
        vitals="center",
        burst="long",
    )
    fight.refuse(
        "ada",
        "shoot",
        "superior called shot",
        target="bo",
        weapon="rifle",
        vitals="center",
        called="limb",
    )
    fight.refuse("ada", "shoot", "musket fires single", target="bo", weapon="musket", burst="short")
    fight.refuse("ada", "shoot", "fire: mdk is a burst's", target="bo", weapon="rifle", fire="mdk")


def test_a_gun_that_bursts_needs_its_recoil() -> None:
    """L3345: a burst costs "2x Weapon recoil": the sheet must give it."""
    import pytest

    from fracas.core.errors import ScenarioError

    with pytest.raises(ScenarioError, match="needs `recoil`"):
        Fight(gunner([{**RIFLE, "recoil": None}]), mark())


def test_twin_pistols_at_two_targets() -> None:
    """L3416: "fire two pistols with the same action. The shots are resolved separately ...
    Offhand penalties still apply to the offhand shot. An additional -1 penalty will apply
    to both actions if they are at different targets"; "Prowess(Ranged): -1", "Weapon +
    Weapon - 4" ticks (4 + 3 - 4 = 3)."""
    fight = Fight(gunner(PISTOLS), mark(), mark("cy", x=5), dice=[9] * 20)
    fight.act(
        "ada", "twin_pistols", target="bo", weapon="pistol", offhand="holdout", offhand_target="cy"
    )
    first, second = _mods(fight, 0), _mods(fight, 1)
    assert (first["twin pistols"], first["two targets"]) == (-1, -1)
    assert "off hand" not in first
    assert (second["off hand"], second["two targets"]) == (-2, -1)
    assert [e.target for e in fight.events(ShotTaken)] == ["bo", "cy"]
    assert fight.clock.next_tick("ada") == 1 + 3


def test_twin_pistols_fires_pistols_without_aims() -> None:
    """L3416 "Cannot be combined with Aims or Bursts"; pistols read as XS or S guns."""
    fight = Fight(gunner([*PISTOLS, RIFLE]), mark(), dice=[9] * 20)
    fight.refuse(
        "ada", "twin_pistols", "fires pistols", target="bo", weapon="pistol", offhand="rifle"
    )
    fight.act("ada", "aim")
    fight.refuse(
        "ada",
        "twin_pistols",
        "cannot be combined with aims",
        target="bo",
        weapon="pistol",
        offhand="holdout",
    )
