"""Triggered actions (seed 004: "You can create a basic "if [something] happens, then [I do
this]" statement for your action. If the trigger does happen, your action takes priority over
anyone else's."; POOLS-43)."""

from __future__ import annotations

from typing import Any

from fracas.rulesets.pools.events import ActionFoiled, ShotRolled, TriggerFired, TriggerLapsed
from tests.rulesets.pools.helpers import HIT, MISS, Fight, soldier

SHOOT_ROOK: dict[str, Any] = {"do": "shoot", "weapon": "rifle", "targets": [{"target": "rook"}]}


def test_a_triggered_shot_cuts_in_before_the_attack_that_sets_it_off() -> None:
    """ "If the trigger does happen, your action takes priority over anyone else's." (P44:
    it is the declarer's action for the turn; it cuts in before the attack, and an attacker
    it puts down loses its attack.)"""
    fight = Fight(
        soldier("ada", "a", 0),
        soldier("rook", "b", 5, hp=3),
        soldier("crow", "b", 9),
        dice=[HIT, HIT],  # ada's 2 dice: 2 successes, 1 shot: 1 hit of 3
    )
    fight.act("ada", "trigger", when={"event": "attacks", "who": "rook"}, then=SHOOT_ROOK)
    assert fight.get("ada").acted
    fight.end("ada")
    fight.act("rook", "shoot", weapon="rifle", targets=[{"target": "ada"}])
    assert [e.by for e in fight.events(TriggerFired)] == ["rook shoot ada"]
    assert [(s.shooter, s.hits) for s in fight.shots()] == [("ada", 1)]
    assert [(e.combatant, e.why) for e in fight.events(ActionFoiled)] == [
        ("rook", "rook is unconscious")
    ]
    assert fight.hp("ada") == 10
    assert fight.get("ada").trigger is None


def test_an_approach_fires_on_arrival() -> None:
    """P45: "an enemy comes within N" happens when the mover arrives; the blow then comes
    before anything else."""
    fight = Fight(
        soldier("bea", "a", 4),
        soldier("rook", "b", 5),
        dice=[HIT, HIT, MISS, MISS],  # bea's knife: 2 successes against rook's 0
    )
    fight.act(
        "bea",
        "trigger",
        when={"event": "approaches", "within": 0},
        then={"do": "attack", "target": "rook", "weapon": "knife"},
    )
    fight.end("bea")
    fight.act("rook", "move", to=4)
    assert fight.damage() == [("rook", 2, 8)]
    assert fight.get("rook").distance == 4


def test_triggers_set_off_together_fire_in_initiative_order() -> None:
    """P19 (D19): simultaneous triggers resolve in initiative order."""
    fight = Fight(
        soldier("ada", "a", 0),
        soldier("bea", "a", 0),
        soldier("rook", "b", 5, hp=30),
        order=["bea", "ada", "rook"],
        dice=[MISS, MISS] * 3,
    )
    fight.act("bea", "trigger", when={"event": "moves"}, then=SHOOT_ROOK)
    fight.end("bea")
    fight.act("ada", "trigger", when={"event": "moves"}, then=SHOOT_ROOK)
    fight.end("ada")
    fight.act("rook", "move", to=6)
    assert [e.combatant for e in fight.events(TriggerFired)] == ["bea", "ada"]
    assert fight.get("rook").distance == 6


def test_the_after_reading_lets_the_triggering_action_go_first() -> None:
    """P44 `trigger_timing: after`: the triggered action follows the attack at once."""
    fight = Fight(
        soldier("ada", "a", 0),
        soldier("rook", "b", 5),
        options={"trigger_timing": "after"},
        dice=[MISS, MISS, MISS, MISS],  # rook's 2 dice, then ada's 2
    )
    fight.act("ada", "trigger", when={"event": "attacks"}, then=SHOOT_ROOK)
    fight.end("ada")
    fight.act("rook", "shoot", weapon="rifle", targets=[{"target": "ada"}])
    assert [s.shooter for s in fight.events(ShotRolled)] == ["rook", "ada"]


def test_a_trigger_that_does_not_fire_lapses_at_the_next_turn() -> None:
    """P45: held "for your action", it lasts until the declarer's next turn."""
    fight = Fight(soldier("ada", "a", 0), soldier("rook", "b", 5))
    fight.act("ada", "trigger", when={"event": "attacks"}, then=SHOOT_ROOK)
    fight.end("ada", "rook")
    assert [e.combatant for e in fight.events(TriggerLapsed)] == ["ada"]
    assert fight.get("ada").trigger is None


def test_a_triggered_action_that_cannot_be_taken_is_spent_for_nothing() -> None:
    """P46: the held action is checked when it fires; a blow at someone 5 distances off is
    refused then, and the trigger is gone."""
    fight = Fight(soldier("ada", "a", 0), soldier("rook", "b", 5))
    fight.act("ada", "trigger", when={"event": "moves"}, then={"do": "attack", "target": "rook"})
    fight.end("ada")
    fight.act("rook", "move", to=4)
    foiled = fight.events(ActionFoiled)
    assert [e.combatant for e in foiled] == ["ada"]
    assert "not at distance 0" in foiled[0].why
    assert fight.get("rook").distance == 4


def test_what_a_trigger_may_hold_is_checked_when_it_is_declared() -> None:
    """A closed set of conditions and the repertoire's own actions, its declarer's."""
    fight = Fight(soldier("ada", "a", 0), soldier("rook", "b", 5))
    when = {"event": "attacks"}
    fight.refuse(
        "ada",
        "trigger",
        "then.do: 'mount' cannot be held; accepted: attack",
        when=when,
        then={"do": "mount", "target": "rook"},
    )
    fight.refuse("ada", "trigger", "not rook's", when=when, then={**SHOOT_ROOK, "actor": "rook"})
    fight.refuse(
        "ada",
        "trigger",
        r"then: shoot\.targets",
        when=when,
        then={"do": "shoot", "weapon": "rifle", "targets": []},
    )
    fight.refuse(
        "ada",
        "trigger",
        "cannot watch itself",
        when={"event": "moves", "who": "ada"},
        then=SHOOT_ROOK,
    )
    fight.refuse(
        "ada",
        "trigger",
        "there is no combatant 'nobody'",
        when={"event": "moves", "who": "nobody"},
        then=SHOOT_ROOK,
    )


def test_a_triggered_shot_cuts_in_before_a_grapple() -> None:
    """ "If the trigger does happen, your action takes priority over anyone else's." P55:
    `grapples` watches the grapple family. ada's shot (2 successes, bea beside rook costing
    one) puts rook down before his grab at bea."""
    fight = Fight(
        soldier("ada", "a", 0),
        soldier("bea", "a", 3),
        soldier("rook", "b", 3, hp=3),
        dice=[HIT, HIT],
    )
    fight.act("ada", "trigger", when={"event": "grapples", "who": "rook"}, then=SHOOT_ROOK)
    fight.end("ada", "bea")
    fight.act("rook", "grapple", target="bea")
    assert [(s.net, s.hits) for s in fight.shots()] == [(2, 1)]
    assert fight.get("rook").status == "unconscious"
    assert fight.get("bea").conditions == ()
    assert fight.dice_left == 0


def test_a_shot_at_a_soldier_ducking_into_cover_comes_first() -> None:
    """P55 `hides`: rook taking the grass sets off ada's shot, which finds him still in the
    open (no cover dice: 1 success, 1 hit of 3)."""
    fight = Fight(
        soldier("ada", "a", 0),
        soldier("rook", "b", 5, in_cover=False),
        map={"cover": [{"distance": 5, "rating": "weak"}]},
        dice=[HIT, MISS],
    )
    fight.act("ada", "trigger", when={"event": "hides"}, then=SHOOT_ROOK)
    fight.end("ada")
    fight.act("rook", "take_cover")
    assert fight.damage() == [("rook", 3, 7)]
    assert fight.get("rook").in_cover
    assert fight.dice_left == 0


COVER_AT_0 = {"cover": [{"distance": 0, "rating": "weak"}, {"distance": 5, "rating": "weak"}]}


def _watch(event: str, do: str, **fields: Any) -> bool:
    """Whether rook's `do` sets off ada's trigger `event` (then: take cover, no dice)."""
    fight = Fight(
        soldier("ada", "a", 0, in_cover=False),
        soldier("rook", "b", 5, in_cover=False, gear=[{"id": "flare", "charges": 1}]),
        map=COVER_AT_0,
        dice=[MISS] * 4,
    )
    fight.act("ada", "trigger", when={"event": event}, then={"do": "take_cover"})
    fight.end("ada")
    fight.act("rook", do, **fields)
    return bool(fight.events(TriggerFired))


def test_what_each_kind_of_trigger_watches() -> None:
    """P55: the closed set of `when.event`, each against the actions it watches and one it
    does not."""
    assert _watch("hides", "take_cover")
    assert not _watch("hides", "search")
    assert _watch("uses", "use", item="flare")
    assert _watch("uses", "set_trap", kind="killing")
    assert not _watch("uses", "take_cover")
    assert _watch("acts", "search")
    assert _watch("acts", "use", item="flare")
    assert _watch("moves", "move", to=6)
    assert not _watch("attacks", "take_cover")
    assert not _watch("grapples", "move", to=6)


def test_an_ambushers_first_blow_sets_off_nothing_it_was_hidden_for() -> None:
    """ "If the ambush succeeds, the ones setting it up go first regardless of Dexterity,
    and their first actions automatically succeed": ada cannot react to what she does not
    perceive (P55), so her trigger waits while rook's ambush blow lands (knife: 2)."""
    fight = Fight(
        soldier("ada", "a", 2, in_cover=False),
        soldier("rook", "b", 2, hidden=True),
        map={"cover": [{"distance": 2, "rating": "weak"}]},
        dice=[HIT, MISS],  # the ambush: rook 1 against ada 0
    )
    fight.act("ada", "trigger", when={"event": "attacks"}, then={"do": "take_cover"})
    fight.end("ada")
    fight.act("rook", "ambush", targets=["ada"])
    fight.act("rook", "attack", target="ada", weapon="knife")
    assert fight.events(TriggerFired) == []
    assert fight.damage() == [("ada", 2, 8)]
    assert fight.get("ada").trigger is not None
