"""Stealth, search and being spotted (POOLS-27, 28, 29; POOLS-33's spotting; POOLS-17's weak
cover that blocks vision): awareness per pair, scripted dice, exact results."""

from __future__ import annotations

from fracas.core.events import DiceRolled
from fracas.rulesets.pools.events import AwarenessChanged
from tests.rulesets.pools.helpers import HIT, MISS, Fight, soldier

GRASS = {"cover": [{"distance": 2, "rating": "weak"}]}


def hidden_in_grass(*dice: int) -> Fight:
    """ada walks from the open into the tall grass at 2, then tries stealth on rook (5):
    ada's two dice, rook's one, then whatever the test rolls next."""
    fight = Fight(
        soldier("ada", "a", 1, intelligence=2),
        soldier("rook", "b", 5, intelligence=1),
        map=GRASS,
        dice=dice,
    )
    fight.act("ada", "move", to=2)
    fight.end("ada", "rook")
    fight.act("ada", "stealth")
    return fight


def test_stealth_is_a_contested_intelligence_check() -> None:
    """ "Stealth is a contested Intelligence check. If you succeed, the opponent is not aware
    of your presence." ada's 2 dice (2 successes) beat rook's 1 (none)."""
    fight = hidden_in_grass(HIT, HIT, MISS)
    (check,) = fight.contests()
    assert (check.check, check.initiator_successes, check.responder_successes) == ("stealth", 2, 0)
    assert fight.get("ada").hidden_from == ("rook",)
    assert fight.get("ada").unnoticed_by == ()  # rook knows someone is about: it may search
    fight.end("ada")
    fight.refuse(
        "rook",
        "shoot",
        "rook does not know where ada is",
        weapon="rifle",
        targets=[{"target": "ada"}],
    )


def test_a_failed_stealth_leaves_the_enemy_aware_and_pins_the_spot() -> None:
    """ "Otherwise, they are." ... "A stealth check cannot be done if the enemy already knows
    where you are. You need to relocate and/or find a new hiding spot before you can stealth
    again." A tie (1 against 1) goes to the enemy."""
    fight = hidden_in_grass(HIT, MISS, HIT)
    assert fight.get("ada").hidden_from == ()
    assert fight.get("ada").located_at == (("rook", 2, True),)
    fight.end("ada", "rook")
    fight.refuse("ada", "stealth", r"know where ada is \(found at distance 2, in cover\); relocate")


def test_no_stealth_from_the_spot_the_enemy_saw_you_at() -> None:
    """ "A stealth check cannot be done if the enemy already knows where you are." Everyone
    not written `hidden` starts found where it stands."""
    fight = Fight(soldier("ada", "a", 2), soldier("rook", "b", 5), map=GRASS)
    fight.refuse("ada", "stealth", "relocate \\(move\\) or find a new hiding spot")


def test_a_new_hiding_spot_at_the_same_distance_allows_stealth() -> None:
    """ "relocate and/or find a new hiding spot": taking the grass one stood beside is a new
    hiding spot."""
    fight = Fight(
        soldier("ada", "a", 2, in_cover=False, intelligence=1),
        soldier("rook", "b", 5, intelligence=1),
        map=GRASS,
        dice=[HIT, MISS],
    )
    fight.act("ada", "take_cover")
    fight.end("ada", "rook")
    fight.act("ada", "stealth")
    assert fight.get("ada").hidden_from == ("rook",)


def test_hiding_needs_something_that_blocks_vision() -> None:
    """ "Weak cover does not actually block shots, but does block vision: tall grass,
    curtains." Out in the open, within view, there is nothing to hide behind (P25); the
    option `stealth_needs_concealment: false` lets one try anyway."""
    fight = Fight(soldier("ada", "a", 1), soldier("rook", "b", 5))
    fight.act("ada", "move", to=0)
    fight.end("ada", "rook")
    fight.refuse(
        "ada", "stealth", "nothing to hide behind at distance 0.*stealth_needs_concealment"
    )
    bold = Fight(
        soldier("ada", "a", 1, intelligence=1),
        soldier("rook", "b", 5, intelligence=1),
        options={"stealth_needs_concealment": False},
        dice=[HIT, MISS],
    )
    bold.act("ada", "move", to=0)
    bold.end("ada", "rook")
    bold.act("ada", "stealth")
    assert bold.get("ada").hidden_from == ("rook",)


def test_past_the_view_range_the_spotter_loses_dice() -> None:
    """ "In order to spot someone at all, you must be within viewing range of them. Your
    comfortable view range is [Intelligence] × 20 + 40 distances ... roll −3d6 for every 10
    distances past". rook (Intelligence 2: 80) is 101 away, 21 past: −6d6 leaves its pool at
    one die; being that far is concealment enough, even in the open."""
    fight = Fight(
        soldier("ada", "a", 0, intelligence=1),
        soldier("rook", "b", 102, intelligence=2),
        dice=[HIT, HIT],
    )
    fight.act("ada", "move", to=1)
    fight.end("ada", "rook")
    fight.act("ada", "stealth")
    rolls = [(e.expr, e.reason) for e in fight.events(DiceRolled)]
    assert rolls == [("1d6>=5", "stealth: ada"), ("1d6>=5", "stealth: rook")]
    assert fight.get("ada").hidden_from == ()  # 1 against 1: the spotter holds the tie


def test_search_is_the_enemys_action_and_finds_on_more_successes() -> None:
    """ "no further stealth checks are done unless the enemy spends their action to perform
    another contested Intelligence check, which can only be done if they are actively
    searching for you." rook's 1 success beats ada's none: found, and it may shoot."""
    fight = hidden_in_grass(HIT, HIT, MISS, HIT, MISS, MISS)
    fight.end("ada")
    fight.act("rook", "search")
    assert fight.get("rook").acted
    (_, search) = fight.contests()
    assert (search.check, search.winner) == ("search", "rook")
    assert fight.get("ada").hidden_from == ()
    assert fight.get("ada").located_at == (("rook", 2, True),)


def test_a_search_tie_stays_hidden() -> None:
    """The searcher initiates, so a tie is the hider's (P3, P26)."""
    fight = hidden_in_grass(HIT, HIT, MISS, HIT, HIT, MISS)
    fight.end("ada")
    fight.act("rook", "search")
    assert fight.get("ada").hidden_from == ("rook",)


def test_no_search_for_someone_entirely_unnoticed() -> None:
    """ "If they are entirely unaware of your presence, no further perception checks may be
    made unless you do something they can reasonably spot". A search rolls nothing for
    someone it never noticed, and is not refused (that would tell who hides)."""
    fight = Fight(soldier("ada", "a", 2, hidden=True), soldier("rook", "b", 5), map=GRASS)
    fight.end("ada")
    fight.act("rook", "search")
    assert fight.events(DiceRolled) == []
    assert fight.get("ada").hidden_from == ("rook",)
    assert fight.get("ada").unnoticed_by == ("rook",)


def test_walking_by_an_enemy_gives_it_a_check() -> None:
    """ "unless you do something they can reasonably spot, like walking by them". ada, hidden
    in the grass at 2, steps into rook's distance 3 (in the grass there too); rook rolls,
    1 against ada's 0: found."""
    grass = {"cover": [{"distance": 2, "rating": "weak"}, {"distance": 3, "rating": "weak"}]}
    fight = Fight(
        soldier("ada", "a", 2, hidden=True, intelligence=1),
        soldier("rook", "b", 3, intelligence=1),
        map=grass,
        dice=[MISS, HIT],
    )
    fight.act("ada", "move", to=3)
    (check,) = fight.contests()
    assert (check.check, check.winner) == ("spotting", "rook")
    assert fight.get("ada").hidden_from == ()
    assert fight.get("ada").located_at == (("rook", 3, True),)


def test_creeping_from_cover_to_cover_away_from_them_rolls_nothing() -> None:
    """Moving between hiding spots out of their distance is nothing they can spot (P26)."""
    grass = {"cover": [{"distance": 1, "rating": "weak"}, {"distance": 2, "rating": "weak"}]}
    fight = Fight(soldier("ada", "a", 2, hidden=True), soldier("rook", "b", 6), map=grass)
    fight.act("ada", "move", to=1)
    assert fight.events(DiceRolled) == []
    assert fight.get("ada").hidden_from == ("rook",)


def test_stepping_into_the_open_within_view_gives_a_check() -> None:
    """Leaving the grass for open ground rook can see is spottable (P26); ada's success
    against rook's none keeps it hidden."""
    fight = Fight(
        soldier("ada", "a", 2, hidden=True, intelligence=1),
        soldier("rook", "b", 6, intelligence=1),
        map=GRASS,
        dice=[HIT, MISS],
    )
    fight.act("ada", "move", to=1)
    (check,) = fight.contests()
    assert (check.check, check.winner) == ("spotting", "ada")
    assert fight.get("ada").hidden_from == ("rook",)


def test_a_loud_shot_gives_the_shooter_away_to_every_enemy() -> None:
    """ "Ambushing someone gives away your position, unless your attack cannot be detected,
    such as by using a suppressed or silent weapon." ada, hidden from crow only, shoots
    rook, who knows where it is: the rifle's report tells crow too (P29)."""
    fight = Fight(
        soldier("ada", "a", 2, hidden=["crow"]),
        soldier("rook", "b", 5),
        soldier("crow", "b", 6),
        map=GRASS,
        dice=[MISS, MISS],
    )
    fight.act("ada", "shoot", weapon="rifle", targets=[{"target": "rook"}])
    assert fight.get("ada").hidden_from == ()
    assert fight.events(AwarenessChanged)[-1].why == "its rifle gives it away"


def test_acting_on_someone_you_hide_from_must_be_an_ambush() -> None:
    """ "If you try to do something to someone you are hiding from — such as attacking them
    — you must do a final contested perception check, and this is considered an ambush." """
    fight = Fight(
        soldier("ada", "a", 2, hidden=True),
        soldier("rook", "b", 2),
        soldier("crow", "b", 5),
        map=GRASS,
        dice=[HIT, MISS, HIT, MISS],
    )
    fight.refuse(
        "ada",
        "attack",
        "ada is hidden from rook: acting on it is an ambush",
        target="rook",
        weapon="knife",
    )
    fight.act("ada", "move", to=3)  # by rook, into crow's sight: two checks ada wins
    fight.end("ada", "rook", "crow")
    fight.refuse(
        "ada",
        "shoot",
        r"ada is hidden from crow: .*do: ambush, targets: \[crow\]",
        weapon="rifle",
        targets=[{"target": "crow"}],
    )


def test_weak_cover_hides_option_makes_a_target_in_grass_unseen() -> None:
    """P22: by default a known target in weak cover is shot at against its 2d6;
    `weak_cover_hides: true` makes it unseen too, so the shooter rolls the one die on 6."""
    fight = Fight(
        soldier("ada", "a", 5),
        soldier("rook", "b", 2),
        map=GRASS,
        options={"weak_cover_hides": True},
        dice=[6, MISS, MISS],
    )
    fight.act("ada", "shoot", weapon="rifle", targets=[{"target": "rook"}])
    assert [e.expr for e in fight.events(DiceRolled)] == ["1d6>=6", "2d6>=5"]


def test_each_enemy_keeps_its_own_spot_where_it_found_the_hider() -> None:
    """ "A stealth check cannot be done if the enemy already knows where you are. You need
    to relocate and/or find a new hiding spot before you can stealth again." Per enemy
    (P56): rook found ada at 2; she creeps to 3, where crow (unaware of her) spots her
    walking by. Against crow she may not hide (it found her here); against rook she may (she
    relocated since): her stealth rolls against rook alone and wins, 1 against 0."""
    fight = Fight(
        soldier("ada", "a", 2, hidden=["crow"], intelligence=1),
        soldier("rook", "b", 6, intelligence=1),
        soldier("crow", "b", 3, intelligence=1),
        map={"cover": [{"distance": 2, "rating": "weak"}, {"distance": 3, "rating": "weak"}]},
        dice=[MISS, HIT, HIT, MISS],
    )
    fight.act("ada", "move", to=3)
    assert fight.get("ada").located_at == (("rook", 2, True), ("crow", 3, True))
    fight.end("ada", "rook", "crow")
    fight.act("ada", "stealth")
    assert [(c.responder, c.winner) for c in fight.contests()][-1:] == [("rook", "ada")]
    assert fight.get("ada").hidden_from == ("rook",)
    assert fight.get("ada").located_at == (("crow", 3, True),)
    assert fight.dice_left == 0
