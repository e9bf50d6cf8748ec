"""GM overrides (DESIGN.md: "A GM can override any automated step"): only the GM makes them,
each changes something, HP stays within its maximum unless the GM moves the maximum too,
and HP set to 0 has the same consequences in each ruleset as a blow that takes the last point.
"""

from __future__ import annotations

import pytest

from fracas.core.encounter import replay
from fracas.core.errors import IllegalAction, ScenarioError
from fracas.core.events import HpSet, MaxHpSet, StatusSet
from fracas.core.state import Status
from fracas.rulesets.lines import RULESET as LINES
from fracas.rulesets.lines.events import StartedDying
from fracas.rulesets.lines.fighter import Fighter
from fracas.rulesets.nwo.operative import Operative
from tests.engine.fixtures import act, encounter
from tests.rulesets.lines.helpers import Fight as LinesFight
from tests.rulesets.lines.helpers import ada, fighter, raider
from tests.rulesets.nwo.core_helpers import Fight as NwoFight
from tests.rulesets.nwo.core_helpers import op


def test_a_combatant_may_not_override() -> None:
    """Ada may act on her turn, but a ruling is the GM's alone."""
    fight = LinesFight(ada(), raider(), dice=[])
    fight.refuse("ada", "override", r"only the GM overrides \(actor: gm\)", target="raider", hp=1)
    fight.refuse("ada", "override", "only the GM overrides", target="ada", status="dead")


def test_a_combatant_out_of_turn_hears_that_overrides_are_the_gms() -> None:
    """The refusal names the real reason, not whose turn it is: no turn would let raider
    override."""
    fight = LinesFight(ada(), raider(), dice=[])
    fight.refuse("raider", "override", "only the GM overrides", target="ada", hp=1)


def test_an_override_that_changes_nothing_is_refused() -> None:
    fight = LinesFight(ada(), raider(), dice=[])
    expected = (
        "nothing to override: give one of hp, max_hp, status, add_condition, "
        "remove_condition, position"
    )
    fight.refuse("gm", "override", expected, target="raider")
    fight.refuse("gm", "override", expected, target="raider", note="a ruling about nothing")


def test_hp_above_the_maximum_is_refused() -> None:
    """Ada has Constitution 3, so 15 HP at most."""
    fight = LinesFight(ada(), raider(), dice=[])
    fight.refuse(
        "gm",
        "override",
        r"hp 16 is above ada's maximum of 15; give max_hp too to raise the maximum",
        target="ada",
        hp=16,
    )


def test_hp_above_the_old_maximum_with_a_new_maximum_is_accepted_and_replays() -> None:
    enc = encounter([])
    start, seen = enc.state, len(enc.log)
    act(enc, actor="gm", do="override", target="ada", hp=18, max_hp=20, note="blessed")
    assert (enc.state.get("ada").hp, enc.state.get("ada").max_hp) == (18, 20)
    assert [type(e) for e in enc.log[seen:]] == [MaxHpSet, HpSet]
    assert replay(LINES, start, enc.log[seen:]) == enc.state


def test_a_maximum_below_the_current_hp_needs_the_hp_too() -> None:
    fight = LinesFight(ada(), raider(), dice=[])
    fight.refuse(
        "gm",
        "override",
        r"its HP 15 is above ada's maximum of 10; give max_hp too",
        target="ada",
        max_hp=10,
    )
    fight.act("gm", "override", target="ada", max_hp=10, hp=10)
    assert (fight.state.get("ada").hp, fight.state.get("ada").max_hp) == (10, 10)


def test_override_values_are_checked_when_the_action_is_read() -> None:
    for fields, match in [
        ({"hp": -1}, "override.hp: Input should be greater than or equal to 0"),
        ({"max_hp": 0}, "override.max_hp: Input should be greater than or equal to 1"),
        ({"hp": 10**6}, "override.hp: Input should be less than or equal to 9999"),
    ]:
        with pytest.raises(ScenarioError, match=match):
            LINES.parse_action({"actor": "gm", "do": "override", "target": "ada", **fields})


def three() -> LinesFight:
    """Ada against two raiders, so one raider down does not end the fight."""
    return LinesFight(ada(), raider(), fighter("crow", "raiders", 5), dice=[])


def test_lines_hp_set_to_zero_starts_dying() -> None:
    """Seed 002: "Whenever the character's HP drops to 0, they are dying." A GM's 0 is a drop
    to 0 like any blow's: the fighter starts its three turns."""
    fight = three()
    fight.act("gm", "override", target="raider", hp=0)
    target = fight.state.get("raider")
    assert isinstance(target, Fighter)
    assert (target.hp, target.status, target.dying_left) == (0, Status.DYING, 3)
    assert [type(e) for e in fight.log[-2:]] == [HpSet, StartedDying]


def test_lines_hp_zero_with_a_status_leaves_the_status_to_the_gm() -> None:
    """A GM who also says `status: dead` has ruled on the consequence already."""
    fight = three()
    fight.act("gm", "override", target="raider", hp=0, status="dead")
    assert fight.state.get("raider").status is Status.DEAD
    assert not fight.events(StartedDying)


def test_lines_the_dying_are_not_started_again() -> None:
    fight = three()
    fight.act("gm", "override", target="raider", hp=0)
    fight.act("gm", "override", target="raider", hp=0, note="still down")
    assert len(fight.events(StartedDying)) == 1


def test_nwo_hp_set_to_zero_is_down() -> None:
    """nwo.md, "Down and death": "A combatant at 0 HP is `unconscious` (out of the fight)",
    the same as when damage takes the last point."""
    fight = NwoFight(op("ada", "crew", 0, 0), op("rex", "gang", 3, 3), op("kit", "gang", 5, 5))
    fight.gm("rex", hp=0, note="bled out")
    rex = fight.state.get("rex")
    assert isinstance(rex, Operative)
    assert (rex.hp, rex.status) == (0, Status.UNCONSCIOUS)
    down = fight.events(StatusSet)[-1]
    assert (down.target, down.status) == ("rex", Status.UNCONSCIOUS)


def test_nwo_down_by_override_ends_the_fight_when_nobody_is_left() -> None:
    fight = NwoFight(op("ada", "crew", 0, 0), op("rex", "gang", 3, 3))
    fight.gm("rex", hp=0)
    assert fight.state.outcome == "crew won"


def test_a_refused_override_changes_nothing() -> None:
    enc = encounter([])
    before, length = enc.state, len(enc.log)
    with pytest.raises(IllegalAction):
        act(enc, actor="gm", do="override", target="ada", hp=40)
    assert enc.state == before and len(enc.log) == length
