"""A player's browser never receives GM-only information, over random play.

Issue 12: "a player cannot ... read GM-only information over HTTP or the WebSocket". The
examples with secrets are played by random legal actions (hypothesis picks them among what
the GM's panel offers); after every step, everything each player's link can fetch (its
page, the state JSON, every WebSocket frame, the answer to an action it tries) is checked:

- it names nobody that player's own view leaves out (tests/rulesets/secrets.py's reading:
  hidden raiders, the unseen in the dark), by id or by name;
- it holds no link token but the player's own: not the GM's, not another player's;
- a Blind player gets no darkness map (tiers: "Only the GM & any characters that are not
  effected by the Blind status effect may see the map");
- a player naming someone hidden from it in an action is refused in the very words used
  for someone who does not exist, so a refusal cannot tell who is there.
"""

from __future__ import annotations

import contextlib
import html
import json
import re
from typing import Any

import hypothesis.strategies as st
import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings

from fracas.core.ruleset import BaseRuleset
from fracas.core.state import EncounterState
from fracas.rulesets.tiers.rules.common import fighter
from fracas.rulesets.tiers.rules.light import blind
from fracas.store import EncounterStore
from tests.rulesets.secrets import WHOLE_FIGHTS, known_of
from tests.web.api_helpers import caught_up, example, gm_plays_the_tactics, mentions
from tests.web.maps import unknown_to

SECRET_EXAMPLES = ("tiers-dark-room.yaml", "tiers-torchlit-crypt.yaml", "pools-ambush.yaml")
"""The examples with GM-only information: the dark room and the torchlit crypt (candle and
torch light, Blind fighters), the pools ambush (raiders hidden from the patrol)."""
STEPS = 12
OFFERED = re.compile(r"data-action='([^']*)'")
NOBODY = "zz-nobody"
"""An id no example uses: what a refusal says of it is what it may say of the hidden."""


def offered(panel: str) -> list[dict[str, Any]]:
    return [json.loads(html.unescape(a)) for a in OFFERED.findall(panel)]


def leaks(text: str, hidden: list[tuple[str, str]]) -> list[str]:
    return [who for who, name in hidden if mentions(text, who) or mentions(text, name)]


class Table:
    """One fight with a link per combatant and a socket per link, read after each step."""

    def __init__(self, client: TestClient, store: EncounterStore, name: str, seed: int):
        self.client = client
        self.store = store
        created = store.create(example(name), seed=seed)
        self.encounter = created.encounter_id
        self.gm = created.gm_token
        state = self.state()
        self.links = {
            c.id: store.add_player_link(self.encounter, [c.id], label=f"{c.id}'s player")
            for c in state.combatants
        }

    def state(self) -> EncounterState:
        return self.store.load(self.encounter).encounter.state

    def ruleset(self) -> BaseRuleset:
        found = self.store.load(self.encounter).encounter.ruleset
        assert isinstance(found, BaseRuleset)
        return found

    def secrets_of(self, viewer: str) -> list[tuple[str, str]]:
        return unknown_to(self.ruleset(), self.state(), viewer)

    def never_known_to(self, viewer: str) -> list[tuple[str, str]]:
        """(id, name) of whom `viewer`'s view has left out at every moment of the fight so
        far (after each event of each step): the log may name one it knew of then."""
        loaded = self.store.load(self.encounter)
        ruleset = self.ruleset()
        state = loaded.encounter.setup
        everyone = {c.id for c in state.combatants}
        ever = known_of(ruleset.view(state, viewer), everyone)
        for entry in self.store.history(self.encounter):
            assert entry.kind in ("start", "action")  # this play neither undoes nor redoes
            for event in entry.events:
                state = ruleset.evolve(state, event)
                ever |= known_of(ruleset.view(state, viewer), everyone)
        return [(c.id, c.name) for c in state.combatants if c.id not in ever]

    def foreign_tokens(self, viewer: str) -> list[str]:
        return [self.gm] + [t for who, t in self.links.items() if who != viewer]


def check_player(table: Table, who: str, frames: list[Any]) -> None:
    """Everything `who`'s link receives now keeps `who`'s secrets."""
    token = table.links[who]
    hidden = table.secrets_of(who)
    never = table.never_known_to(who)
    page = table.client.get(f"/play/{token}").text
    state = table.client.get(f"/api/{token}/state?since=-1").json()
    received = [page, json.dumps(state), *(json.dumps(f) for f in frames)]
    for message in [state, *frames]:
        # a delta carries only what changed: the rest of its page is the state's, checked
        # whole just above (the state message is asked for now)
        drawn = message.get("map", "") + message.get("live", "")
        live = drawn + "".join(message.get("parts", {}).values())
        assert not leaks(live, hidden), (who, "now", leaks(live, hidden))
    for text in received:
        assert not leaks(text, never), (who, "ever", leaks(text, never))
        for other in table.foreign_tokens(who):
            assert other not in text, (who, "holds another link's token")
        assert "/gm/" not in text
    if table.ruleset().info.id == "tiers" and blind(table.state(), fighter(table.state(), who)):
        for text in received:
            assert 'class="light"' not in text and 'class="fog"' not in text
            assert "gm_map" not in text
    for target, _ in hidden[:2]:
        assert_refused_alike(table, who, target)


def assert_refused_alike(table: Table, who: str, target: str) -> None:
    """An attack on a hidden `target` is refused in the words used for an id that does not
    exist (`NOBODY`), with the same status, and nothing is stored."""
    seq = table.store.load(table.encounter).seq
    answers = []
    for named in (target, NOBODY):
        action = {"actor": who, "do": "attack", "target": named, "weapon": "x"}
        response = table.client.post(f"/api/{table.links[who]}/act", json={"action": action})
        body = response.json()
        answers.append((response.status_code, body.get("error", "").replace(named, "<who>")))
        others = [h for h in table.secrets_of(who) if h[0] != named]  # it named this one
        assert not leaks(json.dumps(body), others)
    assert answers[0] == answers[1], answers
    assert table.store.load(table.encounter).seq == seq


def play(client: TestClient, store: EncounterStore, name: str, data: st.DataObject) -> None:
    table = Table(client, store, name, seed=data.draw(st.integers(0, 2**16), label="seed"))
    with contextlib.ExitStack() as stack:
        sockets = {
            who: stack.enter_context(client.websocket_connect(f"/ws/{token}"))
            for who, token in table.links.items()
        }
        for who, socket in sockets.items():
            socket.send_json({"seq": -1})
            check_player(table, who, [socket.receive_json()])
        for _ in range(STEPS):
            now = client.get(f"/api/{table.gm}/state").json()
            choices = offered(now["parts"]["panel"])
            if not choices or 'class="outcome"' in now["parts"]["status"]:
                break
            action = data.draw(st.sampled_from(choices), label="action")
            done = client.post(f"/api/{table.gm}/act", json={"action": action, "seq": now["seq"]})
            assert done.status_code == 200, done.text
            for who, socket in sockets.items():
                check_player(table, who, [socket.receive_json()])


@pytest.mark.parametrize("name", SECRET_EXAMPLES)
@settings(
    WHOLE_FIGHTS,
    max_examples=4,
    suppress_health_check=[
        *WHOLE_FIGHTS.suppress_health_check,
        HealthCheck.function_scoped_fixture,
    ],
)
@given(data=st.data())
def test_a_players_link_receives_none_of_the_gms_secrets(
    client: TestClient, web_store: EncounterStore, name: str, data: st.DataObject
) -> None:
    """Each example is a new encounter with new links, so the app and store fixtures are
    shared by hypothesis' examples without one example seeing another's fight."""
    play(client, web_store, name, data)


def test_a_hidden_combatants_move_is_not_in_a_players_delta(
    client: TestClient, web_store: EncounterStore
) -> None:
    """pools-ambush: the GM plays the hidden raiders' turns. The delta each step sends the
    patrol's socket names nobody the patrol's view leaves out, while the GM's delta for
    the same step names the raider who acted (so the step was one of theirs)."""
    created = web_store.create(example("pools-ambush.yaml"), seed=11)
    hale = web_store.add_player_link(created.encounter_id, ["hale"])
    hidden_steps = 0
    with (
        client.websocket_connect(f"/ws/{hale}") as patrol,
        client.websocket_connect(f"/ws/{created.gm_token}") as gm,
    ):
        for socket in (patrol, gm):
            caught_up(socket, -1)
        for _ in range(8):
            played = gm_plays_the_tactics(client, web_store, created.encounter_id, created.gm_token)
            if played is None:
                break
            action, ruleset = played
            theirs, gms = patrol.receive_json(), gm.receive_json()
            assert theirs["type"] == gms["type"] == "delta"
            after = web_store.load(created.encounter_id).encounter.state
            hidden = unknown_to(ruleset, after, "hale")
            text = json.dumps(theirs)
            for combatant_id, name in hidden:
                assert not mentions(text, combatant_id) and not mentions(text, name)
            if action["actor"] in {c for c, _ in hidden}:
                hidden_steps += 1
                assert mentions(json.dumps(gms), action["actor"])
    assert hidden_steps >= 1
