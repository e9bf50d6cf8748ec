"""What the web API tests share: an app over a store of either database, and small readers."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from fracas.core.choices import action_json
from fracas.core.ruleset import BaseRuleset
from fracas.store import EncounterStore, open_store
from fracas.web.app import create_app
from tests.store.conftest import database_url  # noqa: F401  (the fixture: SQLite and PostgreSQL)
from tests.store.helpers import DUEL

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"

MARKUP_DUEL = DUEL.replace(
    "  - id: ada\n", '  - id: ada\n    name: "<script>alert(1)</script><b>Ada</b>"\n'
)
"""The store tests' duel with a name a careless page would run as a script."""


@pytest.fixture
def web_store(database_url: str) -> Iterator[EncounterStore]:  # noqa: F811
    opened = open_store(database_url)
    yield opened
    opened.close()


@pytest.fixture
def client(web_store: EncounterStore) -> Iterator[TestClient]:
    with TestClient(create_app(web_store, poll=None)) as made:
        yield made


def example(name: str) -> str:
    return (EXAMPLES / name).read_text(encoding="utf-8")


def mentions(text: str, word: str) -> bool:
    """Whether `word` is in `text` as a whole word (an id inside another id does not count)."""
    return re.search(rf"(?<![A-Za-z0-9_-]){re.escape(word)}(?![A-Za-z0-9_-])", text) is not None


def gm_plays_the_tactics(
    client: TestClient, store: EncounterStore, encounter_id: str, gm: str
) -> tuple[dict[str, Any], BaseRuleset] | None:
    """The GM posts the move the ruleset's tactics pick at the current step: that action and
    the ruleset, or None when the fight is over."""
    loaded = store.load(encounter_id)
    ruleset = loaded.encounter.ruleset
    assert isinstance(ruleset, BaseRuleset)
    state = loaded.encounter.state
    if state.outcome is not None:
        return None
    action = action_json(ruleset.suggest(state))
    done = client.post(f"/api/{gm}/act", json={"action": action, "seq": loaded.seq})
    assert done.status_code == 200, done.text
    return action, ruleset


def caught_up(socket: Any, seq: int) -> dict[str, Any]:
    """A socket's whole state from step `seq` (its first message)."""
    socket.send_json({"seq": seq})
    message: dict[str, Any] = socket.receive_json()
    assert message["type"] == "state"
    return message
