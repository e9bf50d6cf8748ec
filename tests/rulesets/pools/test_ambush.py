"""Ambushes (POOLS-30, 31, 32; checklist D15): the final contested Intelligence, the order
it gives, the ambushers' automatic first actions, and the position it gives away."""

from __future__ import annotations

from fracas.core.events import DiceRolled
from fracas.rulesets.pools.events import AmbushSprung, AutomaticHit
from tests.rulesets.pools.helpers import HIT, MISS, Fight, soldier

GRASS = {"cover": [{"distance": 2, "rating": "weak"}, {"distance": 6, "rating": "strong"}]}
PISTOL = {"id": "pistol", "damage": 2, "rate_of_fire": 2, "suppressed": True}


def patrol(*dice: int, ada: dict[str, object] | None = None, **kwargs: object) -> Fight:
    """crow's turn comes first and it ends; then ada, hidden in the grass at 2, faces rook
    (in the trench at 6) and crow (at 5)."""
    fight = Fight(
        soldier("crow", "b", 5, intelligence=1),
        soldier("ada", "a", 2, intelligence=2, hidden=True, **(ada or {})),
        soldier("rook", "b", 6, intelligence=1),
        map=GRASS,
        dice=dice,
        **kwargs,  # type: ignore[arg-type]
    )
    fight.end("crow")
    return fight


def test_a_successful_ambush_goes_first_and_its_first_volley_needs_no_roll() -> None:
    """ "If the ambush succeeds, the ones setting it up go first regardless of Dexterity,
    and their first actions automatically succeed against the targets that were ambushed."
    ada's 2 successes beat rook's best of 1; all 3 shots go in past rook's strong cover (D15:
    no roll, cover ignored, normal damage): 10 - 9 = 1."""
    fight = patrol(HIT, HIT, HIT, MISS)
    fight.act("ada", "ambush", targets=["rook", "crow"])
    (sprung,) = fight.events(AmbushSprung)
    assert sprung.ambushers == (("ada", 2),)
    assert sprung.ambushed == (("rook", 1), ("crow", 0))
    assert sprung.caught == ("ada",)
    # crow had its turn already: it is in the ambush's order again, after rook
    assert fight.state.turns.this_round == ("ada", "rook", "crow")
    assert fight.state.actor == "ada" and not fight.get("ada").acted
    fight.act("ada", "shoot", weapon="rifle", targets=[{"target": "rook", "shots": 3}])
    assert [(e.target, e.hits) for e in fight.events(AutomaticHit)] == [("rook", 3)]
    assert fight.damage() == [("rook", 3, 7), ("rook", 3, 4), ("rook", 3, 1)]
    assert fight.dice_left == 0  # no shot roll and no cover roll


def test_ambushing_gives_away_the_position() -> None:
    """ "Ambushing someone gives away your position" with a rifle."""
    fight = patrol(HIT, HIT, HIT, MISS)
    fight.act("ada", "ambush", targets=["rook", "crow"])
    fight.act("ada", "shoot", weapon="rifle", targets=[{"target": "rook"}])
    assert fight.get("ada").hidden_from == ()


def test_a_suppressed_weapon_keeps_the_ambusher_hidden() -> None:
    """ "... unless your attack cannot be detected, such as by using a suppressed or silent
    weapon." The next attack on them is another ambush."""
    fight = patrol(HIT, HIT, HIT, MISS, ada={"weapons": [PISTOL]})
    fight.act("ada", "ambush", targets=["rook", "crow"])
    fight.act("ada", "shoot", weapon="pistol", targets=[{"target": "crow", "shots": 2}])
    assert fight.damage() == [("crow", 2, 8), ("crow", 2, 6)]
    assert fight.get("ada").hidden_from == ("crow", "rook")
    fight.end("ada")
    assert fight.get("ada").ambush_edge == ()  # the first action only


def test_a_silent_melee_weapon_keeps_the_ambusher_hidden_and_hits_without_a_contest() -> None:
    """A blade written `suppressed: true` is a silent weapon (P29); the ambusher's first
    blow hits with no Strength contest."""
    garrote = {"id": "garrote", "kind": "melee", "damage": 3, "suppressed": True}
    fight = Fight(
        soldier("ada", "a", 2, intelligence=2, hidden=True, weapons=[garrote]),
        soldier("rook", "b", 2, intelligence=1),
        map=GRASS,
        dice=[HIT, MISS, MISS],
    )
    fight.act("ada", "ambush", targets=["rook"])
    fight.act("ada", "attack", target="rook", weapon="garrote")
    assert fight.damage() == [("rook", 3, 7)]
    assert fight.contests() == []
    assert fight.get("ada").hidden_from == ("rook",)


def test_a_failed_ambush_lets_the_ambushed_go_first() -> None:
    """ "If the ambush fails, the ones being ambushed go first, regardless of Dexterity."
    ada's 1 ties rook's 1 (a tie is the ambushed's): rook, then crow, then ada; ada's turn
    ends at once, and the ambushed perceive it."""
    fight = patrol(HIT, MISS, HIT, MISS)
    fight.act("ada", "ambush", targets=["rook", "crow"])
    assert fight.events(AmbushSprung)[0].caught == ()
    assert fight.state.turns.this_round == ("rook", "crow", "ada")
    assert fight.state.actor == "rook"
    assert fight.get("ada").hidden_from == ()
    assert fight.get("ada").ambush_edge == ()


def test_the_log_tells_a_failed_ambush_before_the_turn_it_ends() -> None:
    """The log reads in the order things happened: the final contested perception check,
    then ada's turn ending for the ambushed to go first, then the new order and rook's turn."""
    fight = patrol(HIT, MISS, HIT, MISS)
    events = fight.act("ada", "ambush", targets=["rook", "crow"])
    kinds = [e.kind for e in events if e.kind != "dice_rolled"]
    assert kinds == [
        "ambush_checked",
        "turn_ended",
        "ambush_sprung",
        "awareness_changed",
        "turn_started",
    ]
    (checked,) = [e for e in events if e.kind == "ambush_checked"]
    assert checked.describe() == (
        "ambush (ada 1, rook 1, crow 0): it fails; the ambushed are ready first"
    )


def test_several_ambushers_each_roll_and_are_ordered_by_their_rolls() -> None:
    """ "If multiple characters are involved, all roll their Intelligences, compare to one
    another, and then decide the action order individually." By default the ambushers' best
    (bo's 2) against the ambushed's best (rook's 1) decides for both; the order follows the
    rolls: bo, ada, then rook."""
    fight = Fight(
        soldier("ada", "a", 2, intelligence=1, hidden=True),
        soldier("bo", "a", 2, intelligence=2, hidden=True),
        soldier("rook", "b", 6, intelligence=1),
        map=GRASS,
        dice=[MISS, HIT, HIT, HIT],
    )
    fight.act("ada", "ambush", targets=["rook"], joined_by=["bo"])
    assert fight.events(AmbushSprung)[0].caught == ("ada", "bo")
    assert fight.state.turns.this_round == ("bo", "ada", "rook")
    assert fight.state.actor == "bo"
    assert fight.get("ada").ambush_edge == ("rook",)  # kept for its turn, which comes next


def test_each_option_lets_only_the_better_ambushers_catch_them() -> None:
    """`ambush_check: each` (P27): ada's 0 does not beat rook's 1, bo's 2 does: bo first with
    its automatic action, then rook, then ada, whom rook has perceived."""
    fight = Fight(
        soldier("ada", "a", 2, intelligence=1, hidden=True),
        soldier("bo", "a", 2, intelligence=2, hidden=True),
        soldier("rook", "b", 6, intelligence=1),
        map=GRASS,
        options={"ambush_check": "each"},
        dice=[MISS, HIT, HIT, HIT],
    )
    fight.act("ada", "ambush", targets=["rook"], joined_by=["bo"])
    assert fight.events(AmbushSprung)[0].caught == ("bo",)
    assert fight.state.turns.this_round == ("bo", "rook", "ada")
    assert fight.get("ada").hidden_from == ()
    assert fight.get("bo").hidden_from == ("rook",)


def test_no_ambush_on_someone_who_knows_where_you_are() -> None:
    """An ambush is on "someone you are hiding from"; nothing is rolled when refused."""
    fight = Fight(
        soldier("ada", "a", 2, hidden=["crow"]),
        soldier("rook", "b", 6),
        soldier("crow", "b", 6),
        map=GRASS,
    )
    fight.refuse(
        "ada",
        "ambush",
        "ada is not hidden from rook: they know where it is",
        targets=["rook", "crow"],
    )
    fight.refuse(
        "ada", "ambush", "each participant of an ambush is named once", targets=["crow", "crow"]
    )
    fight.refuse("ada", "ambush", "rook is not on ada's side", targets=["crow"], joined_by=["rook"])
    assert fight.events(DiceRolled) == []
