"""Regression: the GM's "Tactics decide" without a `seq` once applied the move the tactics
chose for one step to whatever step the fight had reached by the time it was written. With
another action landing between the two, the move met a fight it was not decided on (here:
ada's attack after ada had ended her turn, refused with a rules error instead of the
fight moved on). It is now bound to the step the tactics looked at."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from fracas.store import EncounterStore, Loaded, open_store
from fracas.store.engine import make_engine
from fracas.web.app import create_app
from tests.store.helpers import DUEL, END_ADA


class Interrupted(EncounterStore):
    """A store in which another writer acts right after the next `load` (the tactics'
    look at the fight), as a second browser's action would land."""

    def __init__(self, url: str) -> None:
        super().__init__(make_engine(url))
        self.url = url
        self.meanwhile: dict[str, Any] | None = None

    def load(self, encounter_id: str) -> Loaded:
        loaded = super().load(encounter_id)
        if self.meanwhile is not None:
            action, self.meanwhile = self.meanwhile, None
            with open_store(self.url) as other:
                other.act(encounter_id, action)
        return loaded


def test_tactics_without_a_seq_are_bound_to_the_step_they_looked_at(database_url: str) -> None:
    store = Interrupted(database_url)
    created = store.create(DUEL, seed=2)
    with TestClient(create_app(store, poll=None)) as client:
        store.meanwhile = END_ADA
        answer = client.post(f"/api/{created.gm_token}/suggest", json={})
        assert answer.status_code == 409, answer.text
        assert "the fight moved on" in answer.json()["error"]
        assert answer.json()["state"]["seq"] == 1
        assert [e.action for e in store.history(created.encounter_id)[1:]] == [END_ADA]
        again = client.post(f"/api/{created.gm_token}/suggest", json={})  # decided anew
        assert again.status_code == 200 and again.json()["action"]["actor"] == "raider"
    store.close()
