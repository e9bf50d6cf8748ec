"""Ranged attacks under `pools` (seed 004, "Combat", "Ranged", "Distance"), with scripted
dice: the shooter's pool first, then the cover's (6 is a success, 1 is not)."""

from __future__ import annotations

import pytest

from fracas.core.events import DiceRolled
from tests.rulesets.pools.helpers import HIT, MISS, Fight, soldier

SMG = {"id": "smg", "damage": 2, "rate_of_fire": 5}
COVER = {"cover": [{"distance": 5, "rating": "weak"}, {"distance": 6, "rating": "strong"}]}


def rolls(fight: Fight) -> list[str]:
    return [e.expr for e in fight.events(DiceRolled)]


@pytest.mark.parametrize(
    ("rating", "dice"), [("weak", 2), ("middling", 4), ("strong", 6), ("fortified", 8)]
)
def test_cover_rolls_its_rating_in_dice(rating: str, dice: int) -> None:
    """ "Cover has four ratings: weak (2d6), middling (4d6), strong (6d6), and fortified
    (8d6)." (checklist example 1)"""
    fight = Fight(
        soldier("ada", "a", 0, dexterity=2),
        soldier("rook", "b", 3),
        map={"cover": [{"distance": 3, "rating": rating}]},
        dice=[HIT, HIT] + [MISS] * dice,
    )
    fight.act("ada", "shoot", weapon="rifle", targets=[{"target": "rook"}])
    assert rolls(fight) == ["2d6>=5", f"{dice}d6>=5"]
    assert fight.shots()[0].hits == 1


def test_one_success_over_the_cover_is_needed() -> None:
    """ "You need 1 success over the opponent's cover to shoot them." """
    fight = Fight(
        soldier("ada", "a", 0, dexterity=2),
        soldier("rook", "b", 5),
        map=COVER,
        dice=[HIT, HIT, HIT, HIT],
    )
    fight.act("ada", "shoot", weapon="rifle", targets=[{"target": "rook"}])
    shot = fight.shots()[0]
    assert (shot.successes, shot.cover, shot.net, shot.hits) == (2, 2, 0, 0)
    assert fight.damage() == []


@pytest.mark.parametrize(
    ("faces", "hits"),
    [
        ([HIT] * 4 + [MISS] * 2 + [HIT, HIT], 2),  # 4 against 2: net 2
        ([HIT] * 6 + [HIT, MISS], 3),  # 6 against 1: net 5, capped at the 3 shots
        ([HIT, HIT] + [MISS] * 4 + [HIT, HIT], 0),  # 2 against 2: net 0, a miss
    ],
)
def test_extra_successes_are_extra_hits_up_to_the_shots(faces: list[int], hits: int) -> None:
    """ "Every success above that is an additional shot into your target, up to how many
    shots you have fired." "Every shot past the first adds +1d6 to your accuracy."
    (checklist example 5: 3 shots at Dexterity 4 roll 6 dice)"""
    fight = Fight(
        soldier("ada", "a", 0, dexterity=4),
        soldier("rook", "b", 5, hp=20),
        map=COVER,
        dice=faces,
    )
    fight.act("ada", "shoot", weapon="rifle", targets=[{"target": "rook", "shots": 3}])
    assert rolls(fight) == ["6d6>=5", "2d6>=5"]
    assert fight.shots()[0].hits == hits
    assert fight.hp("rook") == 20 - 3 * hits


def three_targets(dice: list[int] | None = None) -> Fight:
    """A Dexterity 1 gunner with a rate-of-fire-5 SMG; foes at 5 (weak cover), 6 (strong)
    and 7 (none)."""
    foes = [soldier(f"r{n}", "b", 4 + n) for n in (1, 2, 3)]
    shooter = soldier("ada", "a", 0, dexterity=1, weapons=[SMG])
    return Fight(shooter, *foes, map=COVER, dice=dice or [])


def test_each_target_is_rolled_on_its_own_and_one_shot_is_wasted_per_extra_target() -> None:
    """ "You can shoot multiple targets per turn, but you must waste one shot per additional
    target." "Shooting each target is rolled individually" (checklist example 4: rate of fire
    5 against 3 targets leaves 1 shot each)."""
    fight = three_targets()
    fight.refuse(
        "ada",
        "shoot",
        "exceed smg's rate of fire 5",
        weapon="smg",
        targets=[{"target": "r1", "shots": 2}, {"target": "r2"}, {"target": "r3"}],
    )


def test_three_targets_three_rolls_each_against_its_own_cover() -> None:
    """ "In the example above, you must roll your shooting stats three times, against the
    three enemies' covers." """
    # r1: 1 success against weak cover's 0; r2: none against strong's 0; r3 (no cover): 1
    fight = three_targets([HIT, MISS, MISS] + [MISS] + [MISS] * 6 + [HIT])
    fight.act(
        "ada",
        "shoot",
        weapon="smg",
        targets=[{"target": "r1"}, {"target": "r2"}, {"target": "r3"}],
    )
    assert rolls(fight) == ["1d6>=5", "2d6>=5", "1d6>=5", "6d6>=5", "1d6>=5"]
    assert [(s.target, s.hits) for s in fight.shots()] == [("r1", 1), ("r2", 0), ("r3", 1)]
    assert fight.damage() == [("r1", 2, 8), ("r3", 2, 8)]
    assert fight.dice_left == 0


def test_ammunition_fires_in_the_declared_order() -> None:
    """ "If you have multiple ammo types, you must declare the order your shots are loaded
    in. If you fire multiple times in a turn, your successes fire the bullets in the order
    you declared." """
    rifle = {
        "id": "rifle",
        "damage": 3,
        "rate_of_fire": 3,
        "ammo": [{"id": "hollow", "damage": 5}, "ball", {"id": "tracer", "damage": 1}],
    }
    fight = Fight(
        soldier("ada", "a", 0, dexterity=1, weapons=[rifle]),
        soldier("rook", "b", 5, hp=20),
        dice=[HIT, HIT, MISS],  # 3 dice (1 + 2 extra shots): 2 hits
    )
    fight.act("ada", "shoot", weapon="rifle", targets=[{"target": "rook", "shots": 3}])
    assert [(d[1], d[2]) for d in fight.damage()] == [(5, 15), (3, 12)]


def test_damage_reduction_applies_to_each_shot_and_leaves_at_least_one() -> None:
    """ "Damage reductions apply to each shot individually." "Every attack ... deals at
    minimum 1 damage." """
    vest = {"category": "personal", "id": "vest", "reduction": 2}
    fight = Fight(
        soldier("ada", "a", 0, dexterity=1, weapons=[SMG]),
        soldier("rook", "b", 5, armor=vest),
        dice=[HIT, HIT, HIT],
    )
    fight.act("ada", "shoot", weapon="smg", targets=[{"target": "rook", "shots": 3}])
    assert fight.damage() == [("rook", 1, 9), ("rook", 1, 8), ("rook", 1, 7)]


@pytest.mark.parametrize(
    ("armor", "piercing", "dealt"),
    [
        ("light", "none", 0),
        ("light", "light", 3),
        ("medium", "light", 0),
        ("medium", "heavy", 3),
        ("heavy", "medium", 0),
        ("heavy", "heavy", 3),
        ("personal", "none", 3),
    ],
)
def test_armor_is_immune_to_lower_piercing(armor: str, piercing: str, dealt: int) -> None:
    """ "Light: can only be pierced by weapons with light armor piercing or higher. Immune to
    weapons with lower armor piercing." (Medium and Heavy alike.)"""
    gun = {"id": "gun", "damage": 3, "piercing": piercing}
    fight = Fight(
        soldier("ada", "a", 0, dexterity=1, weapons=[gun]),
        soldier("rook", "b", 5, armor=armor),
        dice=[HIT],
    )
    fight.act("ada", "shoot", weapon="gun", targets=[{"target": "rook"}])
    assert fight.damage()[0][1] == dealt


def test_no_shooting_with_an_enemy_at_distance_zero() -> None:
    """ "You cannot perform ranged attacks if there are enemies within distance 0." """
    fight = Fight(soldier("ada", "a", 3), soldier("rook", "b", 3), soldier("far", "b", 7))
    fight.refuse(
        "ada",
        "shoot",
        "enemy at distance 0 \\(rook\\)",
        weapon="rifle",
        targets=[{"target": "far"}],
    )


@pytest.mark.parametrize(("gap", "dice"), [(9, 6), (10, 3), (25, 1), (20, 1)])
def test_three_dice_fewer_for_every_ten_distances(gap: int, dice: int) -> None:
    """ "For every 10 distances away from the target, you have a −3d6 penalty to shoot
    them." (checklist example 2: 9 → 0, 10 → −3d6, 25 → −6d6); never below one die."""
    fight = Fight(
        soldier("ada", "a", 0, dexterity=6, intelligence=5),
        soldier("rook", "b", gap),
        dice=[MISS] * dice,
    )
    fight.act("ada", "shoot", weapon="rifle", targets=[{"target": "rook"}])
    assert rolls(fight) == [f"{dice}d6>=5"]


def test_past_the_view_range_three_more_dice_are_lost_per_ten() -> None:
    """ "Your comfortable view range is [Intelligence] × 20 + 40 distances. If the enemy is
    beyond this range ... roll −3d6 for every 10 distances past your maximum comfortable view
    range." (checklist example 3: Intelligence 3 sees 100; at 130, −9d6 more, on top of the
    −39d6 of range.)"""
    fight = Fight(
        soldier("ada", "a", 0, dexterity=20, intelligence=3, weapons=[SMG]),
        soldier("rook", "b", 130),
        soldier("near", "b", 100),
        dice=[MISS],
    )
    # 20 + 4 extra dice - 39 range - 9 view: one die (the floor)
    fight.act("ada", "shoot", weapon="smg", targets=[{"target": "rook", "shots": 5}])
    assert rolls(fight) == ["1d6>=5"]


def test_view_penalty_counts_whole_tens_past_the_range() -> None:
    """Intelligence 0 sees 40 distances; at 55 (15 past) 3 dice go, besides range's 15."""
    fight = Fight(
        soldier("ada", "a", 0, dexterity=20, intelligence=0),
        soldier("rook", "b", 55),
        dice=[MISS] * 2,
    )
    fight.act("ada", "shoot", weapon="rifle", targets=[{"target": "rook"}])
    assert rolls(fight) == ["2d6>=5"]


@pytest.mark.parametrize(("face", "hits"), [(6, 1), (5, 0), (1, 0)])
def test_an_unseen_target_gets_one_die_that_succeeds_only_on_six(face: int, hits: int) -> None:
    """ "If you cannot see a target directly due to darkness, fog, or smoke, but you know
    they are there, you may roll to attack, but may only roll 1 die, and only obtain success
    on a 6 or higher." (checklist example 11)"""
    fight = Fight(
        soldier("ada", "a", 0, dexterity=5, weapons=[SMG]),
        soldier("rook", "b", 4),
        map={"obscured": [4]},
        dice=[face],
    )
    fight.act("ada", "shoot", weapon="smg", targets=[{"target": "rook", "shots": 5}])
    assert rolls(fight) == ["1d6>=6"]
    assert fight.shots()[0].hits == hits


def test_darkness_hides_everyone() -> None:
    """Darkness, like fog, leaves the one die (`map.light: dark`)."""
    fight = Fight(
        soldier("ada", "a", 0, dexterity=5),
        soldier("rook", "b", 4),
        map={"light": "dark"},
        dice=[6],
    )
    fight.act("ada", "shoot", weapon="rifle", targets=[{"target": "rook"}])
    assert rolls(fight) == ["1d6>=6"]


def test_a_thrown_object_deals_two_and_leaves_the_hand() -> None:
    """ "Random thrown objects deal 2 damage. Chairs, rocks, bricks, and so on." """
    fight = Fight(
        soldier("ada", "a", 0, dexterity=1, weapons=["thrown_object"]),
        soldier("rook", "b", 2),
        dice=[HIT],
    )
    fight.act("ada", "shoot", weapon="thrown_object", targets=[{"target": "rook"}])
    assert fight.damage() == [("rook", 2, 8)]
    assert fight.get("ada").weapons == ()


def test_cover_does_not_shelter_a_flyer_above_it() -> None:
    """Cover lies on the ground: a target at altitude 2 over sandbags rolls none (P21)."""
    fight = Fight(
        soldier("ada", "a", 0, dexterity=1),
        soldier("rook", "b", 6, altitude=2, perks=["flight"]),
        map=COVER,
        dice=[HIT],
    )
    fight.act("ada", "shoot", weapon="rifle", targets=[{"target": "rook"}])
    assert rolls(fight) == ["1d6>=5"]
    assert fight.shots()[0].hits == 1


def test_total_extra_dice_option_counts_every_shot_fired() -> None:
    """P4 `extra_shot_dice: total`: the wasted shot and the other target's shots add dice."""
    fight = Fight(
        soldier("ada", "a", 0, dexterity=1, weapons=[SMG]),
        soldier("r1", "b", 5),
        soldier("r2", "b", 7),
        options={"extra_shot_dice": "total"},
        dice=[MISS] * 10,
    )
    fight.act(
        "ada", "shoot", weapon="smg", targets=[{"target": "r1", "shots": 2}, {"target": "r2"}]
    )
    assert rolls(fight) == ["4d6>=5", "4d6>=5"]  # 1 + 3 (four shots fired, one wasted)


def test_the_success_face_is_an_option() -> None:
    """P1 `success_on: 4`: a 4 counts."""
    fight = Fight(
        soldier("ada", "a", 0, dexterity=2),
        soldier("rook", "b", 5),
        options={"success_on": 4},
        dice=[4, 3],
    )
    fight.act("ada", "shoot", weapon="rifle", targets=[{"target": "rook"}])
    assert rolls(fight) == ["2d6>=4"]
    assert fight.shots()[0].hits == 1
