"""What each viewer receives of the events that could name a hidden enemy (pools/view.py,
`shown`): the prey of a hidden trapmaster, the spotter of its trap, the victim of a hidden
ambusher's grapple or silent volley, and anyone reading the turn order. The GM receives the
true events; the hider's side receives them too; the others receive "someone" and
`hidden-trap` where the hidden one's name was, and lists without it."""

from __future__ import annotations

from fracas.core.events import Event, OrderSet
from fracas.core.secrecy import shown_events
from fracas.core.state import EncounterState
from fracas.rulesets.pools import RULESET
from tests.rulesets.pools.helpers import HIT, MISS, Fight, soldier

GRASS = {"cover": [{"distance": 2, "rating": "weak"}, {"distance": 6, "rating": "strong"}]}
TRAP = {"distance": 4, "kind": "killing", "hiding": 2, "damage": 3}
PISTOL = {"id": "pistol", "damage": 2, "rate_of_fire": 2, "suppressed": True}


def received(before: EncounterState, events: list[Event], viewer: str | None) -> list[str]:
    return [e.describe() for e in shown_events(RULESET, before, events, viewer)]


def trapped(intelligence: int, dice: list[int]) -> tuple[Fight, EncounterState, list[Event]]:
    """ada, hidden from rook and crow in the grass at 2, laid a trap at 4 before the fight;
    rook walks from 5 onto it."""
    fight = Fight(
        soldier("rook", "b", 5, intelligence=intelligence),
        soldier("crow", "b", 9),
        soldier("ada", "a", 2, hidden=True, traps=[TRAP]),
        soldier("bo", "a", 8),
        map=GRASS,
        dice=dice,
    )
    before = fight.state
    return fight, before, fight.act("rook", "move", to=4)


def test_a_trap_springs_on_its_prey_from_someone() -> None:
    """The springing is public, its maker is not: rook and its ally crow read "someone's
    trap", with its id (which names ada) withheld; ada's side and the GM read the truth; the
    spotting roll stays the GM's."""
    _, before, events = trapped(1, [MISS])
    moved = ["rook uses the turn's action: move to 4", "rook moves to distance 4"]
    truth = [
        "ada's trap (ada-trap-1) springs on rook",
        "rook takes 3 damage from ada's killing trap (3 successes, armor no use), 7 HP left",
    ]
    assert received(before, events, None) == [
        *moved,
        "trap spotting: rook: 1d6>=5 rolled [1] = 0",
        *truth,
    ]
    assert received(before, events, "bo") == [*moved, *truth]
    hidden = [
        "someone's trap (hidden-trap) springs on rook",
        "rook takes 3 damage from someone's killing trap (3 successes, armor no use), 7 HP left",
    ]
    assert received(before, events, "rook") == [*moved, *hidden]
    assert received(before, events, "crow") == [*moved, *hidden]
    sprung = shown_events(RULESET, before, events, "rook")[2]
    assert sprung.to_json() == {
        "kind": "trap_sprung",
        "owner": "someone",
        "trap": "hidden-trap",
        "prey": "rook",
    }


def test_a_spotted_trap_names_no_hidden_maker() -> None:
    """Spotting is the spotter's side's to know; the maker hiding from it stays someone."""
    _, before, events = trapped(2, [HIT, HIT])
    spotted = "rook spots someone's trap (hidden-trap) and steps around it"
    assert received(before, events, "rook")[-1] == spotted
    assert received(before, events, "crow")[-1] == spotted
    assert received(before, events, None)[-1] == (
        "rook spots ada's trap (ada-trap-1) and steps around it"
    )
    assert received(before, events, "bo") == [
        "rook uses the turn's action: move to 4",
        "rook moves to distance 4",
    ]


def test_an_ambush_names_none_of_the_hidden_and_counts_none() -> None:
    """ada (2 successes) ambushes rook (1) and crow (0) with a silent pistol. The ambushed
    read their own rolls, that someone caught them, and the round's order without ada; her
    roll, her place in the order and her very number are hers. Her volley on crow reaches
    them as someone's; she stays hidden, so no event names her."""
    fight = Fight(
        soldier("crow", "b", 5, intelligence=1),
        soldier("ada", "a", 2, intelligence=2, hidden=True, weapons=[PISTOL]),
        soldier("rook", "b", 6, intelligence=1),
        soldier("bo", "a", 8),
        map=GRASS,
        dice=[HIT, HIT, HIT, MISS],
    )
    fight.end("crow")
    before = fight.state
    events = fight.act("ada", "ambush", targets=["rook", "crow"])
    assert received(before, events, "rook") == [
        "ambush: rook: 1d6>=5 rolled [6] = 1",
        "ambush: crow: 1d6>=5 rolled [1] = 0",
        "ambush (rook 1, crow 0): someone catches them",
        "after the ambush the round goes on in the order: rook, crow, bo",
    ]
    sprung = shown_events(RULESET, before, events, "rook")[-1]
    assert sprung.to_json() == {
        "kind": "ambush_sprung",
        "ambushers": [],
        "ambushed": [["rook", 1], ["crow", 0]],
        "caught": ["someone"],
        "round_order": ["rook", "crow", "bo"],
        "index": 0,
    }
    assert received(before, events, "bo") == received(before, events, None)
    assert received(before, events, None)[-2:] == [
        "ambush (ada 2, rook 1, crow 0): ada catches them",
        "after the ambush the round goes on in the order: ada, rook, crow, bo",
    ]
    before = fight.state
    events = fight.act("ada", "shoot", weapon="pistol", targets=[{"target": "crow", "shots": 2}])
    assert received(before, events, "crow") == [
        "someone ambushed crow: 2 hits without a roll",
        "crow takes 2 damage from someone's pistol (2), 8 HP left",
        "crow takes 2 damage from someone's pistol (2), 6 HP left",
    ]
    assert received(before, events, None)[1] == "ada ambushed crow: 2 hits without a roll"


def test_a_grapple_from_hiding_names_someone_also_in_the_view() -> None:
    """After her ambush, ada grapples rook from hiding: rook reads someone's roll against its
    own (hers withheld, as a roll only hers would count her), someone grappling it, and its
    `grappled` condition's source as someone in its view."""
    fight = Fight(
        soldier("ada", "a", 2, intelligence=2, hidden=True),
        soldier("bo", "a", 8),
        soldier("rook", "b", 2, intelligence=1),
        map=GRASS,
        dice=[HIT, HIT, MISS, HIT, HIT, HIT, MISS],
    )
    fight.act("ada", "ambush", targets=["rook"])
    before = fight.state
    events = fight.act("ada", "grapple", target="rook")
    assert received(before, events, "rook") == [
        "grapple: rook: 2d6>=5 rolled [6, 1] = 1",
        "grapple: someone 2 against rook 1: someone wins",
        "someone grapples rook",
    ]
    assert received(before, events, None)[-1] == "ada grapples rook"
    rook = RULESET.view(fight.state, "rook")["combatants"][-1]
    assert rook["conditions"] == ["grappled (someone)"]
    assert RULESET.view(fight.state, None)["combatants"][-1]["conditions"] == ["grappled (ada)"]


def test_the_turn_order_leaves_out_the_hidden() -> None:
    """An initiative order lists everyone; a player's leaves out whom it does not know of,
    rather than count them as "someone"."""
    fight = Fight(soldier("ada", "a", 2, hidden=True), soldier("rook", "b", 5), map=GRASS)
    order = OrderSet(order=("ada", "rook"), reason="initiative")
    assert RULESET.shown(fight.state, order, "rook") == OrderSet(
        order=("rook",), reason="initiative"
    )
    assert RULESET.shown(fight.state, order, None) is order
    assert RULESET.shown(fight.state, order, "ada") is order


def test_an_allys_shot_at_an_enemy_one_does_not_know_of() -> None:
    """bo knows where crow is, ada does not: ada reads that bo shoots someone and bo's own
    roll, not the shot's result nor crow's wound and cover (events about one she does not
    know of)."""
    fight = Fight(
        soldier("bo", "a", 5),
        soldier("ada", "a", 5),
        soldier("crow", "b", 2, hidden=["ada"]),
        map=GRASS,
        dice=[HIT, HIT, MISS, MISS],
    )
    before = fight.state
    events = fight.act("bo", "shoot", weapon="rifle", targets=[{"target": "crow"}])
    assert received(before, events, "ada") == [
        "bo uses the turn's action: shoot someone with rifle",
        "shot: bo at someone: 2d6>=5 rolled [6, 6] = 2",
    ]
    assert (
        received(before, events, None)[-1] == "crow takes 3 damage from bo's rifle (3), 7 HP left"
    )
