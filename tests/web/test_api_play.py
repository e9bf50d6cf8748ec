"""Playing over the web API: acting, the step an action was decided on, roles, and the
WebSocket that keeps every browser in step, each with only what its seat may see.

Issue 11/12: "a player can act only for their own combatants and only when the rules
allow"; "undo and GM overrides for the GM"; "Actions carry the sequence number they were
decided on ... the other gets a clear 'the fight moved on' error and the current state";
"every connected browser updated live, and a reconnecting browser resuming where it was".
"""

from __future__ import annotations

import html
import json
import re
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from fracas.core.choices import action_json
from fracas.store import EncounterStore
from fracas.web import examples
from tests.store.helpers import ATTACK, DUEL, END_ADA
from tests.web.api_helpers import example, gm_plays_the_tactics, mentions
from tests.web.maps import unknown_to


def duel(store: EncounterStore) -> tuple[str, str, str, str]:
    """A duel (ada first, then raider) with a link for each side: (id, gm, ada's, raider's)."""
    created = store.create(DUEL, seed=5)
    ada = store.add_player_link(created.encounter_id, ["ada"])
    raider = store.add_player_link(created.encounter_id, ["raider"])
    return created.encounter_id, created.gm_token, ada, raider


def act(client: TestClient, token: str, action: dict[str, Any], **more: Any) -> Any:
    return client.post(f"/api/{token}/act", json={"action": action, **more})


def test_a_player_acts_for_its_own_combatant_and_it_is_stored(
    client: TestClient, web_store: EncounterStore
) -> None:
    encounter, _, ada, _ = duel(web_store)
    response = act(client, ada, ATTACK, seq=0)
    assert response.status_code == 200 and response.json() == {"ok": True, "seq": 1}
    [_, entry] = web_store.history(encounter)
    assert entry.action == ATTACK and entry.events


def test_an_action_decided_on_an_old_step_gets_the_fight_moved_on_and_the_state(
    client: TestClient, web_store: EncounterStore
) -> None:
    encounter, gm, ada, _ = duel(web_store)
    assert act(client, ada, ATTACK, seq=0).status_code == 200
    stale = act(client, gm, END_ADA, seq=0)
    assert stale.status_code == 409
    body = stale.json()
    assert "the fight moved on" in body["error"] and body["stale"] is True
    assert body["state"]["seq"] == 1 and len(body["state"]["log"]) == 2
    assert web_store.load(encounter).seq == 1


@pytest.mark.parametrize(
    ("path", "payload", "why"),
    [
        ("act", {"action": {"actor": "raider", "do": "end_turn"}}, "acts only for ada"),
        (
            "act",
            {"action": {"actor": "gm", "do": "override", "target": "raider", "hp": 1}},
            "acts only for ada",
        ),
        ("act", {"action": ATTACK, "dice": [6, 6, 6]}, "only the GM may type in dice"),
        ("undo", {}, "only the GM may undo"),
        ("redo", {}, "only the GM may redo"),
        ("suggest", {}, "only the GM may let the tactics decide"),
        ("links", {"combatants": ["raider"]}, "only the GM may invite players"),
        ("links/revoke", {"link": "x"}, "only the GM may revoke links"),
    ],
)
def test_a_player_is_refused_what_only_others_may_do(
    client: TestClient, web_store: EncounterStore, path: str, payload: Any, why: str
) -> None:
    encounter, _, ada, _ = duel(web_store)
    response = client.post(f"/api/{ada}/{path}", json=payload)
    assert response.status_code == 403 and why in response.json()["error"]
    assert web_store.load(encounter).seq == 0 and len(web_store.links(encounter)) == 3


def test_the_rules_still_decide_when_a_player_may_act(
    client: TestClient, web_store: EncounterStore
) -> None:
    """The raider's player acting on ada's turn: the link allows the combatant, the rules
    refuse the moment, and nothing is stored."""
    encounter, _, _, raider = duel(web_store)
    response = act(client, raider, {"actor": "raider", "do": "end_turn"}, seq=0)
    assert response.status_code == 400 and response.json()["error"]
    assert web_store.load(encounter).seq == 0


def test_malformed_requests_get_a_clear_refusal(
    client: TestClient, web_store: EncounterStore
) -> None:
    encounter, gm, _, _ = duel(web_store)
    assert client.post(f"/api/{gm}/act", content=b"{nope").status_code == 400
    assert client.post(f"/api/{gm}/act", json=[1]).status_code == 400
    assert act(client, gm, "attack").status_code == 400  # type: ignore[arg-type]
    assert act(client, gm, ATTACK, seq="1").status_code == 400
    assert client.post(f"/api/{gm}/act", content=b" " * 70_000).status_code == 413
    assert act(client, gm, {"actor": "ada", "do": "fly"}).status_code == 400
    assert web_store.load(encounter).seq == 0


def test_the_gm_undoes_redoes_overrides_and_types_in_dice(
    client: TestClient, web_store: EncounterStore
) -> None:
    encounter, gm, _, _ = duel(web_store)
    """Faces typed in at the table: attack 1d6+3, defence 1d6+1, damage 1d6+2 in that
    order (the store tests' reading), so the raider loses exactly 3 + 2."""
    too_many = act(client, gm, ATTACK, seq=0, dice=[4, 3, 3, 4])
    assert too_many.status_code == 400 and "4 faces were given" in too_many.json()["error"]
    assert act(client, gm, ATTACK, seq=0, dice=[4, 3, 3]).status_code == 200
    assert web_store.history(encounter)[1].dice == (4, 3, 3)
    raider = web_store.load(encounter).encounter.state.get("raider")
    assert raider.hp == raider.max_hp - 5
    assert client.post(f"/api/{gm}/undo", json={"seq": 1}).json()["seq"] == 2
    assert client.post(f"/api/{gm}/redo", json={"seq": 2}).json()["seq"] == 3
    override = {"actor": "gm", "do": "override", "target": "raider", "hp": 1, "note": "ruling"}
    assert act(client, gm, override, seq=3).status_code == 200
    state = web_store.load(encounter).encounter.state
    assert state.get("raider").hp == 1
    kinds = [e.kind for e in web_store.history(encounter)]
    assert kinds == ["start", "action", "undo", "redo", "action"]


def test_the_gm_makes_and_revokes_player_links(
    client: TestClient, web_store: EncounterStore
) -> None:
    encounter, gm, _, _ = duel(web_store)
    made = client.post(f"/api/{gm}/links", json={"combatants": ["raider"], "label": "Bo"})
    link = made.json()["token"]
    assert made.json()["url"] == f"/play/{link}"
    access = web_store.access(link)
    assert access is not None and access.combatants == {"raider"}
    bad = client.post(f"/api/{gm}/links", json={"combatants": ["nobody"]})
    assert bad.status_code == 400 and "nobody" in bad.json()["error"]
    assert client.post(f"/api/{gm}/links/revoke", json={"link": link}).status_code == 200
    assert web_store.access(link) is None
    assert len(web_store.links(encounter)) == 4


def test_every_socket_of_the_fight_hears_an_action_and_resumes_from_its_step(
    client: TestClient, web_store: EncounterStore
) -> None:
    _, gm, ada, raider = duel(web_store)
    with (
        client.websocket_connect(f"/ws/{gm}") as gm_socket,
        client.websocket_connect(f"/ws/{raider}") as raider_socket,
    ):
        gm_socket.send_json({"seq": 0})
        raider_socket.send_json({"seq": 0})
        assert gm_socket.receive_json()["seq"] == raider_socket.receive_json()["seq"] == 0
        assert act(client, ada, END_ADA, seq=0).status_code == 200
        for socket in (gm_socket, raider_socket):
            message = socket.receive_json()
            assert message["type"] == "delta" and message["seq"] == 1
            assert message["since"] == 0 and len(message["log"]) == 1
            assert 'data-seq="1"' in message["log"][0]
        # the raider's turn now: its player's panel offers its actions
        assert "data-action=" in message["parts"]["panel"]
    with client.websocket_connect(f"/ws/{raider}") as again:
        again.send_json({"seq": 1})
        resumed = again.receive_json()
        assert resumed["seq"] == 1 and resumed["log"] == []
        again.send_json({"seq": -1})
        assert len(again.receive_json()["log"]) == 2


def test_a_revoked_links_socket_is_closed(client: TestClient, web_store: EncounterStore) -> None:
    encounter, gm, ada, _ = duel(web_store)
    with client.websocket_connect(f"/ws/{ada}") as socket:
        socket.send_json({"seq": 0})
        socket.receive_json()
        web_store.revoke_link(encounter, ada)
        # revoked by another process: this server hears of it at its poll (seat.Seats),
        # run here as its timer would, and the next update closes the socket
        hub = client.app.state.hub  # type: ignore[attr-defined]
        assert client.portal is not None
        client.portal.call(hub.poll)
        act(client, gm, ATTACK, seq=0)
        with pytest.raises(WebSocketDisconnect) as closed:
            socket.receive_json()
        assert closed.value.code == 4403
    with client.websocket_connect(f"/ws/{'y' * 43}") as unknown:
        with pytest.raises(WebSocketDisconnect) as refused:
            unknown.receive_json()
        assert refused.value.code == 4403


def test_a_players_socket_never_names_whom_its_view_hides(
    client: TestClient, web_store: EncounterStore
) -> None:
    """pools-ambush played four steps by the GM: after each, everything the patrol's socket
    received names nobody the patrol's own view leaves out."""
    created = web_store.create(example("pools-ambush.yaml"), seed=11)
    hale = web_store.add_player_link(created.encounter_id, ["hale"])
    with client.websocket_connect(f"/ws/{hale}") as socket:
        socket.send_json({"seq": -1})
        received = [socket.receive_json()]
        for _ in range(4):
            played = gm_plays_the_tactics(client, web_store, created.encounter_id, created.gm_token)
            if played is None:
                break
            ruleset = played[1]
            received.append(socket.receive_json())
            after = web_store.load(created.encounter_id).encounter.state
            hidden = unknown_to(ruleset, after, "hale")
            text = json.dumps(received[-1])
            for combatant_id, name in hidden:
                assert not mentions(text, combatant_id) and not mentions(text, name)
        assert len(received) >= 2


OFFERED = re.compile(r"data-action='([^']*)'")
MAX_STEPS = 400


@pytest.mark.parametrize("name", [names[0] for names in examples.by_ruleset().values()])
def test_each_rulesets_demo_plays_to_its_end_with_what_the_page_offers(
    client: TestClient, web_store: EncounterStore, name: str
) -> None:
    """Issue 11: "a whole fight can be played to its end with clicks alone, in every ruleset
    present". Each step clicks autoplay's choice, which the GM's panel must offer."""
    created = web_store.create(example(name), seed=1)
    gm = created.gm_token
    for _ in range(MAX_STEPS):
        state = client.get(f"/api/{gm}/state").json()
        if 'class="outcome"' in state["parts"]["status"]:
            break
        loaded = web_store.load(created.encounter_id)
        wish = action_json(loaded.encounter.ruleset.suggest(loaded.encounter.state))
        offered = [json.loads(html.unescape(a)) for a in OFFERED.findall(state["parts"]["panel"])]
        assert wish in offered
        response = act(client, gm, wish, seq=state["seq"])
        assert response.status_code == 200, response.text
    assert web_store.load(created.encounter_id).encounter.state.outcome is not None


def test_a_blind_player_strikes_someone_it_cannot_identify_by_place(
    client: TestClient, web_store: EncounterStore
) -> None:
    """tiers: the Blind "are aware of each others presence there. However, they cannot
    identify them": after six steps of the dark room (seed 1) the ogre's page shows someone
    at (11, 0) and offers to strike it by that place; the server turns the place back into
    whom the GM knows stands there, and refuses a place where its map shows nobody."""
    created = web_store.create(example("tiers-dark-room.yaml"), seed=1)
    for _ in range(6):
        loaded = web_store.load(created.encounter_id)
        web_store.act(
            created.encounter_id,
            action_json(loaded.encounter.ruleset.suggest(loaded.encounter.state)),
        )
    loaded = web_store.load(created.encounter_id)
    gm_map = loaded.encounter.ruleset.map_view(loaded.encounter.state, None)
    truly = next(t.id for t in gm_map.tokens if t.at == (11.0, 0.0))
    assert truly is not None
    grunt = web_store.add_player_link(created.encounter_id, ["grunt"])
    page = client.get(f"/play/{grunt}").text
    assert 'data-target="someone@11,0"' in page
    strike = {
        "do": "free_stealth_attack",
        "actor": "grunt",
        "target": "someone@11,0",
        "weapon": "maul",
    }
    assert strike in [json.loads(html.unescape(a)) for a in OFFERED.findall(page)]
    nobody = act(client, grunt, {**strike, "target": "someone@0,0"}, seq=6)
    assert nobody.status_code == 400 and "your map shows nobody" in nobody.json()["error"]
    assert act(client, grunt, strike, seq=6).status_code == 200
    assert web_store.history(created.encounter_id)[-1].action == {**strike, "target": truly}


def test_the_gm_lets_the_tactics_take_a_turn(client: TestClient, web_store: EncounterStore) -> None:
    """The GM's "Tactics decide": autoplay's pick for whoever acts, stored like any action
    and bound to the step the GM saw."""
    encounter, gm, _, _ = duel(web_store)
    loaded = web_store.load(encounter)
    wish = action_json(loaded.encounter.ruleset.suggest(loaded.encounter.state))
    done = client.post(f"/api/{gm}/suggest", json={"seq": 0})
    assert done.status_code == 200 and done.json() == {"ok": True, "seq": 1, "action": wish}
    assert web_store.history(encounter)[1].action == wish
    assert client.post(f"/api/{gm}/suggest", json={"seq": 0}).status_code == 409


@pytest.mark.parametrize("path", ["undo", "redo"])
def test_undo_and_redo_name_the_step_they_were_decided_on(
    client: TestClient, web_store: EncounterStore, path: str
) -> None:
    """Without `seq` an undo or a redo is refused, naming the field, and nothing changes."""
    encounter, gm, ada, _ = duel(web_store)
    assert act(client, ada, ATTACK, seq=0).status_code == 200
    if path == "redo":
        assert client.post(f"/api/{gm}/undo", json={"seq": 1}).status_code == 200
    before = web_store.load(encounter).seq
    for body in ({}, {"seq": None}):
        refused = client.post(f"/api/{gm}/{path}", json=body)
        assert refused.status_code == 400, refused.text
        assert (
            refused.json()["error"] == f"{path} needs seq: the whole-number step it was decided on"
        )
    assert web_store.load(encounter).seq == before
