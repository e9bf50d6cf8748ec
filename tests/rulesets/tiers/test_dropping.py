"""Dropping a weapon (rules/dropping.py, TIERS-58): a free action on anyone's turn."""

from __future__ import annotations

import pytest

from fracas.core.errors import ScenarioError
from fracas.rulesets.tiers.events import Dropped
from fracas.rulesets.tiers.view import GM, view
from tests.rulesets.tiers.helpers import JAVELIN, SWORD, Fight, warrior


def _fight() -> Fight:
    """a at (0, 0) with a sword in hand and a javelin; b beside it at (0, 1)."""
    return Fight(
        warrior("a", "red", 0, 0, weapons=(SWORD, JAVELIN), wielding=["sword"]),
        warrior("b", "blue", 0, 1),
    )


def test_dropping_is_free_on_anyone_s_turn() -> None:
    """Seed: "Free actions can be used to: ... drop a weapon (or any other object) ... these
    things can be done at any time, on anyone's turn": a drops its javelin on its own turn and
    its sword on b's, spends no action, and both lie at (0, 0)."""
    fight = _fight()
    fight.act("a", "drop", weapon="javelin")
    fight.end("a")
    fight.act("a", "drop", weapon="sword")
    a = fight.get("a")
    assert a.actions == 0
    assert a.weapons == ()
    assert a.main is None
    assert [(e.item, e.at) for e in fight.events(Dropped)] == [
        ("javelin", (0, 0)),
        ("sword", (0, 0)),
    ]


def test_a_dropped_weapon_is_no_longer_carried() -> None:
    """Refusals: once dropped, the sword can be neither dropped again nor swapped to; bare
    hands cannot be dropped."""
    fight = _fight()
    fight.act("a", "drop", weapon="sword")
    fight.refuse("a", "drop", "carries no weapon 'sword'; it has: javelin", weapon="sword")
    fight.refuse("a", "swap", "carries no weapon 'sword'", weapon="sword")
    fight.refuse("a", "drop", "bare hands cannot be dropped", weapon="unarmed")


def test_a_dropped_weapon_stays_on_the_map_and_can_be_grabbed() -> None:
    """Seed: "Non-contested actions include: ... grabbing a weapon (or any object) from
    anywhere other than a worn weapon slot": a drops its sword at (0, 0); b, next to it,
    grabs it with one non-contested action and gets it at the Tier it had, T3, to swap in."""
    fight = _fight()
    fight.act("a", "drop", weapon="sword")
    assert [(g.at, g.weapon.id, g.tier) for g in fight.state.arena.ground] == [((0, 0), "sword", 3)]
    fight.end("a")
    fight.refuse("b", "grab", "already carries a weapon 'sword'", weapon="sword")
    fight.act("b", "drop", weapon="sword")
    fight.act("b", "grab", weapon="sword", at={"x": 0, "y": 0})
    b = fight.get("b")
    assert (b.actions, b.contested) == (1, False)
    assert b.tier_of("sword") == 3
    assert [g.at for g in fight.state.arena.ground] == [(0, 1)]
    fight.act("b", "swap", weapon="sword")
    assert fight.get("b").main == "sword"


def test_grab_reaches_one_tile_and_asks_which_when_two_lie_near() -> None:
    """Refusals: a weapon two tiles off is out of reach; with swords on two tiles in reach the
    grab must name the tile with `at`, and a tile holding none is refused."""
    fight = Fight(
        warrior("a", "red", 0, 0),
        warrior("b", "blue", 0, 1),
        warrior("c", "blue", 0, 3),
    )
    fight.act("a", "drop", weapon="sword")
    fight.act("b", "drop", weapon="sword")
    fight.act("c", "drop", weapon="sword")
    fight.end("a", "b")
    fight.act("c", "move", to={"x": 0, "y": 5})
    fight.refuse("c", "grab", r"no weapon 'sword' lies on or next to \(0, 5\)", weapon="sword")
    fight.end("c")
    fight.refuse(
        "a", "grab", r"'sword' lies on \(0, 0\), \(0, 1\); say which with `at`", weapon="sword"
    )
    fight.refuse("a", "grab", "no weapon 'sword' lies there", weapon="sword", at={"x": 1, "y": 1})
    fight.act("a", "grab", weapon="sword", at={"x": 0, "y": 1})
    assert sorted(g.at for g in fight.state.arena.ground) == [(0, 0), (0, 3)]


def test_gear_above_body_cannot_be_picked_up() -> None:
    """Seed: "If a character's gear exceeds their body stat, they cannot move it": a Body 2
    character may not grab the T3 sword."""
    fight = Fight(warrior("a", "red", 0, 0), warrior("b", "blue", 0, 1, body=2, weapons=()))
    fight.act("a", "drop", weapon="sword")
    fight.end("a")
    fight.refuse(
        "b",
        "grab",
        "T3, above b's Body 2: gear that exceeds the Body stat cannot be moved",
        weapon="sword",
    )


def test_a_fired_crossbow_stays_unloaded_on_the_ground() -> None:
    """A crossbow dropped after firing is picked up as it lay: still to be reloaded."""
    bow = {"id": "xbow", "kind": "crossbow", "tier": 2, "hands": 2, "range": 8, "loaded": False}
    fight = Fight(warrior("a", "red", 0, 0, weapons=(bow,)), warrior("b", "blue", 0, 1))
    fight.act("a", "drop", weapon="xbow")
    fight.end("a")
    fight.act("b", "grab", weapon="xbow")
    assert fight.get("b").unloaded == ("xbow",)


def test_the_gm_s_map_shows_what_lies_on_the_ground() -> None:
    """The GM's map marks a dropped weapon where it lies, with its Tier."""
    fight = _fight()
    fight.act("a", "drop", weapon="javelin")
    ground = view(fight.state, GM)["gm_map"]["ground"]
    assert ground == [{"x": 0, "y": 0, "weapon": "javelin", "tier": 4}]


def test_a_weapon_is_grabbed_from_another_s_hands_as_a_non_contested_action() -> None:
    """Seed: "Non-contested actions include: ... grabbing a weapon (or any object) from
    anywhere other than a worn weapon slot (including from other character's hands)" (B36):
    b takes a's sword out of its hands with one non-contested action and no die; a is left
    with its javelin carried and bare hands, b carries the sword at T3."""
    fight = _fight()
    fight.end("a")
    fight.act("b", "drop", weapon="sword")
    fight.act("b", "grab", weapon="sword", holder="a")
    a, b = fight.get("a"), fight.get("b")
    assert (a.main, [w.id for w in a.weapons]) == (None, ["javelin"])
    assert (b.actions, b.contested, b.tier_of("sword")) == (1, False, 3)
    assert fight.dice_left == 0
    assert [e.kind for e in fight.log if e.kind == "snatched"] == ["snatched"]


def test_option_grab_from_enemy_false_leaves_a_standing_foe_s_hands_alone() -> None:
    """B36, `grab_from_enemy: false`: a standing foe's weapon is refused; an ally's is not."""
    fight = Fight(
        warrior("a", "red", 0, 0),
        warrior("b", "blue", 0, 1, weapons=()),
        warrior("c", "blue", 1, 1),
        options={"grab_from_enemy": False},
    )
    fight.end("a")
    fight.refuse(
        "b", "grab", "a is a standing foe; with grab_from_enemy: false", weapon="sword", holder="a"
    )
    fight.act("b", "grab", weapon="sword", holder="c")
    assert fight.get("c").weapons == ()


def test_grabbing_from_hands_refusals() -> None:
    """From hands: only a weapon in a neighbour's hands, not a carried (worn-slot) one, nor
    from afar, nor an object, nor with `at` too; each refusal changes nothing."""
    fight = Fight(
        warrior("a", "red", 0, 0, weapons=(SWORD, JAVELIN), wielding=["sword"]),
        warrior("b", "blue", 0, 1, weapons=()),
        warrior("c", "blue", 0, 3, weapons=()),
    )
    fight.end("a")
    fight.refuse(
        "b",
        "grab",
        r"a holds no 'javelin' in its hands \(it holds sword\); a worn weapon slot",
        weapon="javelin",
        holder="a",
    )
    fight.refuse("b", "grab", "b cannot grab from its own hands", weapon="sword", holder="b")
    fight.refuse("b", "grab", "other objects are carried, not held", item="rope", holder="a")
    fight.refuse("b", "grab", "not both", weapon="sword", holder="a", at={"x": 0, "y": 0})
    fight.end("b")
    fight.refuse(
        "c", "grab", "a is 3 squares from c; grab reaches one tile", weapon="sword", holder="a"
    )


ROPE = {"id": "rope"}
BOLTS = {"id": "bolts", "kind": "ammo"}
RING = {"id": "ring", "kind": "enchanted"}


def test_any_other_object_is_dropped_free_and_grabbed_non_contested() -> None:
    """Seed: free actions: "drop a weapon (or any other object)"; non-contested: "grabbing a
    weapon (or any object) from anywhere other than a worn weapon slot" (B62): a drops its
    rope for no action; b grabs it from the next tile with one non-contested action."""
    fight = Fight(
        warrior("a", "red", 0, 0, items=[ROPE]),
        warrior("b", "blue", 0, 1),
    )
    fight.act("a", "drop", item="rope")
    assert (fight.get("a").items, fight.get("a").actions) == ((), 0)
    assert [(g.at, g.weapon.id, g.tier) for g in fight.state.arena.ground] == [((0, 0), "rope", 0)]
    fight.end("a")
    fight.refuse("b", "grab", "no weapon 'rope' lies on or next to", weapon="rope")
    fight.act("b", "grab", item="rope")
    b = fight.get("b")
    assert ([i.id for i in b.items], b.actions, b.contested) == (["rope"], 1, False)
    assert fight.state.arena.ground == ()


def test_ammunition_off_the_ground_takes_a_non_contested_action() -> None:
    """Seed: "grabbing ammunition from anywhere other than a ammo pouch" is non-contested:
    b's bolts, dropped, cost a a non-contested action to grab; in a's pouch they need none,
    and a reload is the one action it always was (B62)."""
    xbow = {"id": "xbow", "kind": "crossbow", "tier": 3, "range": 8, "loaded": False}
    fight = Fight(
        warrior("a", "red", 0, 0, weapons=[xbow]),
        warrior("b", "blue", 0, 1, items=[BOLTS]),
        order=["b", "a"],
    )
    fight.act("b", "drop", item="bolts")
    fight.end("b")
    fight.act("a", "grab", item="bolts", at={"x": 0, "y": 1})
    fight.act("a", "reload", weapon="xbow")
    a = fight.get("a")
    assert ([i.id for i in a.items], a.unloaded, a.actions) == (["bolts"], (), 2)


def test_sheathing_is_free_and_keeps_the_weapon_carried() -> None:
    """Seed: free actions: "sheath or holster a weapon": a sheathes its sword on b's turn for
    no action; it is still carried and swapped back to; bare hands cannot be sheathed."""
    fight = _fight()
    fight.end("a")
    fight.act("a", "sheathe", weapon="sword")
    a = fight.get("a")
    assert (a.main, a.actions, [w.id for w in a.weapons]) == (None, 0, ["sword", "javelin"])
    fight.refuse(
        "a", "sheathe", "holds no weapon 'javelin' to sheathe; it holds nothing", weapon="javelin"
    )
    fight.refuse("a", "sheathe", "holds no weapon 'unarmed'", weapon="unarmed")


def test_a_worn_enchanted_item_is_used_as_a_free_action() -> None:
    """Seed: free actions: "use a worn enchanted item" (B63): a uses its ring on b's turn for
    no action; the seed gives the ring no power, so the use is logged with the effect a
    states and nothing else changes. A rope is no enchanted item."""
    fight = Fight(
        warrior("a", "red", 0, 0, items=[RING, ROPE]),
        warrior("b", "blue", 0, 1),
    )
    fight.end("a")
    before = fight.get("b")
    fight.act("a", "use_item", item="ring", target="b", effect="a ward of light")
    used = [e for e in fight.log if e.kind == "item_used"]
    assert [(e.item, e.target, e.effect) for e in used] == [("ring", "b", "a ward of light")]
    assert fight.get("a").actions == 0
    assert fight.get("b") == before
    fight.refuse(
        "a", "use_item", "wears no enchanted item 'rope'; its enchanted items: ring", item="rope"
    )


def test_an_item_id_names_one_thing() -> None:
    """At load: an item may not share its id with a weapon or bare hands."""
    with pytest.raises(ScenarioError, match="item id 'sword' is used twice"):
        Fight(warrior("a", "red", 0, 0, items=[{"id": "sword"}]), warrior("b", "blue", 0, 1))
