"""What each viewer may see (tiers/view.py): the GM's map of the dark is GM-only information.

Seed: "When darkness falls upon you, your GM will make a small map to track the movements &
orientation of all creatures in the area & mark any obstacles. Only the GM & any characters
that are not effected by the Blind status effect may see the map."
"""

from __future__ import annotations

from fracas.rulesets.tiers import RULESET
from fracas.rulesets.tiers.events import Dropped, Moved
from fracas.rulesets.tiers.rules.blindness import TrailMarked
from fracas.rulesets.tiers.view import GM, shows, view
from tests.rulesets.tiers.helpers import Fight, warrior

ROOM = {"width": 30, "height": 5, "light": {"level": 0}, "lights": [{"x": 0, "y": 2}]}
"""A torch at the west end: bright to x = 5, Low Light 1 to x = 10, dark beyond."""


def _fight() -> Fight:
    return Fight(
        warrior("lit", "players", 2, 2),
        warrior("blind", "players", 20, 2),
        warrior("orc", "npcs", 21, 2),
        warrior("goblin", "npcs", 25, 2),
        map=ROOM,
        order=["blind", "lit", "orc", "goblin"],
    )


def test_the_gm_sees_everything_and_the_map() -> None:
    """The GM's view holds every true position and the map of the dark with this round's
    lines."""
    fight = _fight()
    fight.act("blind", "move", distance=2, direction="backward")
    seen = RULESET.view(fight.state, GM)
    assert [c["id"] for c in seen["combatants"]] == ["lit", "blind", "orc", "goblin"]
    where = {c["id"]: (c["x"], c["y"], c["blind"]) for c in seen["gm_map"]["combatants"]}
    assert where["blind"] == (20, 4, True)
    assert where["lit"] == (2, 2, False)
    lines = {c["id"]: c["lines"] for c in seen["gm_map"]["combatants"]}
    assert lines["blind"] == [[[20, 2], [20, 4]]]


def test_a_blind_player_sees_neither_the_map_nor_the_unseen() -> None:
    """A Blind player's view has no `gm_map`; the orc next to it is someone unknown at a
    tile ("they will be aware of each others presence there. However, they cannot identify
    them"); the goblin farther off is not there at all; its ally in the light is seen."""
    seen = view(_fight().state, "blind")
    assert "gm_map" not in seen
    assert seen["combatants"] == [
        view(_fight().state, GM)["combatants"][0],
        view(_fight().state, GM)["combatants"][1],
        {"unknown": True, "position": {"x": 21, "y": 2}},
    ]


def test_a_player_in_the_light_sees_the_map_but_not_into_the_dark() -> None:
    """The non-Blind "may see the map"; in its own view the dark's foes stay unseen, and its
    Blind ally appears without a position."""
    seen = view(_fight().state, "lit")
    assert "gm_map" in seen
    ids = [c.get("id") for c in seen["combatants"]]
    assert ids == ["lit", "blind"]
    assert seen["combatants"][1]["position"] is None


def test_gm_only_events_and_unseen_moves_stay_with_the_gm() -> None:
    """The GM's lines go to the GM and the non-Blind; a move in the dark goes only to those
    who can see where the mover ends."""
    fight = _fight()
    fight.act("blind", "move", distance=2, direction="backward")
    marked = fight.events(TrailMarked)[0]
    moved = fight.events(Moved)[0]
    state = fight.state
    assert RULESET.shows(state, marked, GM) and shows(state, marked, "lit")
    assert not shows(state, marked, "blind")
    assert shows(state, moved, "blind")
    assert not shows(state, moved, "orc")
    assert not shows(state, moved, "lit")


def _ambush() -> Fight:
    """The dark room: the orc stands behind the Blind player (south of it, which faces
    north), both in the dark; `lit` is in the torchlight far off."""
    return Fight(
        warrior("lit", "players", 2, 2),
        warrior("blind", "players", 20, 2),
        warrior("orc", "npcs", 20, 3),
        map=ROOM,
        order=["orc", "blind", "lit"],
        dice=[5],
    )


def test_a_stealth_attack_reveals_the_attacker_to_every_viewer() -> None:
    """Seed: "Attacking once with stealth ... will automatically reveal the location of the
    attacker to everyone": before its free stealth attack the orc is unseen by `lit` and
    only someone unknown to `blind`; after it, both see it in full, as the GM does."""
    fight = _ambush()
    assert "orc" not in [c.get("id") for c in view(fight.state, "lit")["combatants"]]
    assert {"unknown": True, "position": {"x": 20, "y": 3}} in view(fight.state, "blind")[
        "combatants"
    ]
    fight.act("orc", "free_stealth_attack", target="blind")
    orc = view(fight.state, GM)["combatants"][2]
    assert orc["id"] == "orc"
    assert orc in view(fight.state, "lit")["combatants"]
    assert orc in view(fight.state, "blind")["combatants"]


def test_the_revealed_place_is_where_it_struck_from() -> None:
    """The seed reveals "the location": once the orc steps off it into the dark, `lit` loses
    it again and is not sent the move."""
    fight = _ambush()
    fight.act("orc", "free_stealth_attack", target="blind")
    fight.act("orc", "move", distance=1, direction="right")
    assert fight.get("orc").tile == (21, 3)
    assert "orc" not in [c.get("id") for c in view(fight.state, "lit")["combatants"]]
    assert not shows(fight.state, fight.events(Moved)[-1], "lit")


def test_a_drop_in_the_dark_is_not_sent_to_those_who_cannot_see_the_dropper() -> None:
    """A dropped weapon's tile says where its dropper stands: the goblin's drop in the dark
    reaches the GM and the goblin, not `lit` in the torchlight."""
    fight = _fight()
    fight.act("goblin", "drop", weapon="sword")
    dropped = fight.events(Dropped)[0]
    assert shows(fight.state, dropped, GM) and shows(fight.state, dropped, "goblin")
    assert not shows(fight.state, dropped, "lit")
