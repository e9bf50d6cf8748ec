"""Acting over the socket, and the delta messages that follow a step.

Issue 12, part 5: "N concurrent WebSocket clients". A socket's `{"type": "act", ...}` goes
through the HTTP act's checks and is answered on the socket with the HTTP answer's fields
(docs/web.md); after a step each socket gets a `delta` with only what changed for its seat.
"""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from fracas.store import EncounterStore
from tests.store.helpers import ATTACK, END_ADA
from tests.web.api_helpers import caught_up
from tests.web.test_api_play import act, duel


def ask(socket: Any, action: Any, **more: Any) -> dict[str, Any]:
    """Act on the socket; the answer to this ask (deltas that come first are skipped)."""
    socket.send_json({"type": "act", "id": 7, "action": action, **more})
    while True:
        message: dict[str, Any] = socket.receive_json()
        if message["type"] in ("acted", "error"):
            return message


def test_a_player_acts_on_its_socket_and_every_socket_hears_of_it(
    client: TestClient, web_store: EncounterStore
) -> None:
    encounter, gm, ada, _ = duel(web_store)
    with (
        client.websocket_connect(f"/ws/{ada}") as mine,
        client.websocket_connect(f"/ws/{gm}") as gms,
    ):
        for socket in (mine, gms):
            caught_up(socket, 0)
        answer = ask(mine, ATTACK, seq=0)
        assert answer == {"type": "acted", "ok": True, "seq": 1, "id": 7}
        heard = gms.receive_json()
        assert heard["type"] == "delta" and heard["seq"] == 1 and heard["since"] == 0
        assert len(heard["log"]) == 1 and "ada attack target=raider" in heard["log"][0]
    [_, entry] = web_store.history(encounter)
    assert entry.action == ATTACK


def test_a_stale_socket_act_gets_the_fight_moved_on_and_the_state(
    client: TestClient, web_store: EncounterStore
) -> None:
    encounter, gm, ada, _ = duel(web_store)
    with client.websocket_connect(f"/ws/{gm}") as socket:
        caught_up(socket, 0)
        assert act(client, ada, ATTACK, seq=0).status_code == 200
        answer = ask(socket, END_ADA, seq=0)
        assert answer["status"] == 409 and answer["stale"] is True
        assert "the fight moved on" in answer["error"]
        assert answer["state"]["type"] == "state" and answer["state"]["seq"] == 1
    assert web_store.load(encounter).seq == 1


def test_a_socket_act_is_checked_as_the_http_one(
    client: TestClient, web_store: EncounterStore
) -> None:
    """Another's combatant (403), typed dice from a player (403), the rules' refusal (400),
    a bad seq (400), and an action that is not an object (400): nothing is stored."""
    encounter, _, ada, _ = duel(web_store)
    with client.websocket_connect(f"/ws/{ada}") as socket:
        caught_up(socket, 0)
        refusals = [
            (ask(socket, {"actor": "raider", "do": "end_turn"}, seq=0), 403, "acts only for ada"),
            (ask(socket, END_ADA, seq=0, dice=[1]), 403, "only the GM may type in dice"),
            (ask(socket, {**ATTACK, "weapon": "spoon"}, seq=0), 400, "spoon"),
            (ask(socket, END_ADA, seq="0"), 400, "seq is the whole-number step"),
            (ask(socket, "end_turn", seq=0), 400, "an action is a JSON object"),
        ]
    for answer, status, words in refusals:
        assert answer["type"] == "error" and answer["status"] == status, answer
        assert words in answer["error"], answer
    assert web_store.load(encounter).seq == 0


def test_a_delta_carries_only_what_changed_for_its_seat(
    client: TestClient, web_store: EncounterStore
) -> None:
    """ada ends her turn: the raider's player's panel appears (its turn now), ada's own
    page loses its panel, and neither is sent the map whole or a GM part."""
    _, gm, ada, raider = duel(web_store)
    with (
        client.websocket_connect(f"/ws/{ada}") as ada_socket,
        client.websocket_connect(f"/ws/{raider}") as raider_socket,
    ):
        for socket in (ada_socket, raider_socket):
            first = caught_up(socket, 0)
            assert set(first["parts"]) == {"status", "tracker", "panel", "gm"}
        assert "data-action=" not in first["parts"]["panel"]
        assert ask(ada_socket, END_ADA, seq=0)["seq"] == 1
        mine = ada_socket.receive_json()
        theirs = raider_socket.receive_json()
    for delta in (mine, theirs):
        assert delta["type"] == "delta" and delta["seq"] == 1
        assert "map" not in delta  # the ground is the same: only the moving layer
        assert "gm" not in delta.get("parts", {})  # a player's GM part stays empty
    assert "data-action=" in theirs["parts"]["panel"]
    assert "data-action=" not in mine["parts"]["panel"]
    # nothing more is sent for a step already sent
    with client.websocket_connect(f"/ws/{gm}") as gm_socket:
        gm_socket.send_json({"seq": 1})
        assert gm_socket.receive_json()["log"] == []


def test_an_ask_with_an_id_past_64_bits_is_answered_with_it(
    client: TestClient, web_store: EncounterStore
) -> None:
    """JSON numbers have no size limit, and the id is echoed as given: the answer must still
    be written (the socket's fast JSON writer stops at 64 bits; the standard one takes it)."""
    _, _, ada, _ = duel(web_store)
    with client.websocket_connect(f"/ws/{ada}") as socket:
        caught_up(socket, 0)
        socket.send_json({"type": "act", "id": 2**70, "action": ATTACK, "seq": 0})
        answer = socket.receive_json()
    assert answer == {"type": "acted", "ok": True, "seq": 1, "id": 2**70}
