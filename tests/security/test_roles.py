"""A player acts only for its own combatants, and a revoked link stops at once.

Issue 12: "a player cannot act for another combatant, undo, override ... ; a revoked link
stops working". tests/web/test_api_play.py already refuses a player the GM's routes (undo,
redo, tactics, typed dice, links) and another combatant named plainly; these tests try the
ways around that: an actor spelt otherwise or not as a string, a masked `someone@x,y`, the
GM's rulings under the player's own actor, the socket as a way in, and a revoked link's
open socket.
"""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from fracas.store import EncounterStore
from tests.store.helpers import ATTACK, DUEL
from tests.web.api_helpers import example


def duel(store: EncounterStore) -> tuple[str, str, str]:
    """The duel (ada first) with a link for ada's player: (encounter, gm, ada's link)."""
    created = store.create(DUEL, seed=5)
    return (
        created.encounter_id,
        created.gm_token,
        store.add_player_link(created.encounter_id, ["ada"]),
    )


ANOTHER = [
    "raider",
    "Raider",
    "raider ",
    "gm",
    "GM",
    "someone@4,0",
    ["ada"],
    {"id": "ada"},
    None,
    7,
]


@pytest.mark.parametrize("actor", ANOTHER)
def test_a_player_cannot_act_as_anyone_else_however_spelt(
    client: TestClient, web_store: EncounterStore, actor: Any
) -> None:
    encounter, _, ada = duel(web_store)
    action = {"actor": actor, "do": "end_turn"}
    response = client.post(f"/api/{ada}/act", json={"action": action, "seq": 0})
    assert response.status_code == 403, response.text
    assert "acts only for ada" in response.json()["error"]
    assert web_store.load(encounter).seq == 0


@pytest.mark.parametrize(
    "action",
    [
        {"actor": "ada", "do": "override", "target": "raider", "hp": 0},
        {"actor": "ada", "do": "override", "target": "ada", "hp": 99},
    ],
)
def test_a_players_own_actor_does_not_make_a_gm_ruling(
    client: TestClient, web_store: EncounterStore, action: dict[str, Any]
) -> None:
    """core.actions.Override: "Only the GM (actor `gm`) overrides"."""
    encounter, _, ada = duel(web_store)
    response = client.post(f"/api/{ada}/act", json={"action": action, "seq": 0})
    assert response.status_code == 400 and "only the GM overrides" in response.json()["error"]
    state = web_store.load(encounter).encounter.state
    assert state.get("raider").hp == state.get("raider").max_hp
    assert web_store.load(encounter).seq == 0


def test_a_tiers_ruling_is_the_gms_even_under_a_players_actor(
    client: TestClient, web_store: EncounterStore
) -> None:
    """tiers: a fall is the GM's ruling (`by_gm`); its player's actor does not make it one."""
    created = web_store.create(example("tiers-duel.yaml"), seed=2)
    state = web_store.load(created.encounter_id).encounter.state
    mine = state.actor
    assert mine is not None
    link = web_store.add_player_link(created.encounter_id, [mine])
    other = next(c.id for c in state.combatants if c.id != mine)
    fall = {"actor": mine, "do": "fall", "target": other, "tiles": 30}
    response = client.post(f"/api/{link}/act", json={"action": fall, "seq": 0})
    assert response.status_code == 400 and "is the GM's ruling" in response.json()["error"]
    assert web_store.load(created.encounter_id).seq == 0


def test_the_socket_takes_no_action_unless_asked_to_act(
    client: TestClient, web_store: EncounterStore
) -> None:
    """A socket acts only on a message of type "act" (checked as the HTTP act is, below):
    anything else a browser sends it, an action included, is at most a step to resume
    from."""
    encounter, _, ada = duel(web_store)
    with client.websocket_connect(f"/ws/{ada}") as socket:
        socket.send_json({"seq": 0})
        socket.receive_json()
        socket.send_json({"action": ATTACK, "seq": 0})
        again = socket.receive_json()
        assert again["type"] == "state" and again["seq"] == 0
        socket.send_json({"do": "undo"})
        assert socket.receive_json()["seq"] == 0
    assert web_store.load(encounter).seq == 0


def test_a_revoked_link_stops_at_once_with_its_open_socket(
    client: TestClient, web_store: EncounterStore
) -> None:
    """The GM revokes over HTTP while the player's page is open: the socket is closed by the
    revocation itself (no later action needed), and every route refuses the token."""
    encounter, gm, ada = duel(web_store)
    with client.websocket_connect(f"/ws/{ada}") as socket:
        socket.send_json({"seq": 0})
        socket.receive_json()
        assert client.post(f"/api/{gm}/links/revoke", json={"link": ada}).status_code == 200
        with pytest.raises(WebSocketDisconnect) as closed:
            socket.receive_json()
        assert closed.value.code == 4403
    assert client.post(f"/api/{ada}/act", json={"action": ATTACK}).status_code == 404
    assert client.get(f"/api/{ada}/state").status_code == 404
    assert client.get(f"/play/{ada}").status_code == 404
    assert web_store.load(encounter).seq == 0


def test_a_socket_revoked_behind_the_servers_back_is_closed_at_its_next_word(
    client: TestClient, web_store: EncounterStore
) -> None:
    """Revoked in the store by another process: the open socket is sent nothing more, and
    the next thing it asks is answered by closing it."""
    encounter, _, ada = duel(web_store)
    with client.websocket_connect(f"/ws/{ada}") as socket:
        socket.send_json({"seq": 0})
        socket.receive_json()
        web_store.revoke_link(encounter, ada)
        socket.send_json({"seq": -1})
        with pytest.raises(WebSocketDisconnect) as closed:
            socket.receive_json()
        assert closed.value.code == 4403


@pytest.mark.parametrize(
    "message",
    [
        {"type": "act", "seq": 0, "action": {"actor": "raider", "do": "end_turn"}},
        {"type": "act", "seq": 0, "action": {"actor": "gm", "do": "override", "target": "ada"}},
        {"type": "act", "seq": 0, "action": {"actor": "Raider", "do": "end_turn"}},
        {"type": "act", "seq": 0, "action": {"actor": ["ada"], "do": "end_turn"}},
        {"type": "act", "seq": 0, "action": {**ATTACK, "actor": "ada"}, "dice": [6, 6, 6]},
        {"type": "undo", "seq": 0},
    ],
)
def test_a_players_socket_acts_only_for_its_own_combatant(
    client: TestClient, web_store: EncounterStore, message: dict[str, Any]
) -> None:
    """Over the socket as over HTTP: another's combatant, the GM's actor, typed dice are
    refused; an undo is no socket message at all (it reads as a step to resume from)."""
    encounter, _, ada = duel(web_store)
    with client.websocket_connect(f"/ws/{ada}") as socket:
        socket.send_json({"seq": 0})
        socket.receive_json()
        socket.send_json(message)
        answer = socket.receive_json()
    if message["type"] == "act":
        assert answer["type"] == "error" and answer["status"] == 403, answer
    else:
        assert answer["type"] == "state" and answer["seq"] == 0
    assert web_store.load(encounter).seq == 0
