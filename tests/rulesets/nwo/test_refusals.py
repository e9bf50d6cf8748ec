"""nwo actions refused when they are read: a malformed action never reaches the rules."""

from __future__ import annotations

import pytest

from fracas.core.errors import ScenarioError
from fracas.rulesets.nwo import RULESET
from fracas.runner import run_scenario
from fracas.scenario import parse_scenario
from tests.rulesets.nwo.core_helpers import op, scenario


@pytest.mark.parametrize("kind", ["move", "dash", "disengage", "crawl"])
def test_an_empty_path_is_refused(kind: str) -> None:
    """A path lists "the tiles stepped through, ending at the destination": an empty one has
    no destination (it used to end in an IndexError)."""
    with pytest.raises(ScenarioError, match=f"{kind}.path: needs at least 1 item, not 0"):
        RULESET.parse_action({"actor": "ada", "do": kind, "path": []})


def test_an_empty_path_in_a_file_is_reported_and_changes_nothing() -> None:
    data = scenario(
        op("ada", "crew", 0, 0),
        op("rex", "gang", 3, 3),
        actions=[{"actor": "ada", "do": "move", "path": []}],
    )
    result = run_scenario(parse_scenario(data))
    assert result.error is not None and result.error.action == 0
    assert "move.path" in result.error.message
    assert result.encounter.state.get("ada").tile == (0, 0)  # type: ignore[attr-defined]
