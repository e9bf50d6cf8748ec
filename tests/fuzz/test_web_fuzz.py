"""Every HTTP and WebSocket endpoint of the web table under fuzzing: whatever path, token,
body, form or socket message arrives, the answer is a page or a clear refusal (a 4xx with
a JSON `error`, or an HTML page saying what went wrong), never a 500; a refusal leaves the
stored fights exactly as they were; and no request body or socket message past the bounds
in `fracas.web.limits` is read (issue 12, part 3)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote, unquote

import pytest
from fastapi.testclient import TestClient
from hypothesis import example, given
from hypothesis import strategies as st
from starlette.websockets import WebSocketDisconnect

from fracas.store import EncounterStore, open_store
from fracas.web.app import create_app
from fracas.web.limits import MAX_MESSAGE_BYTES, MAX_REQUEST_BYTES, TOO_BIG
from tests.fuzz.budget import share
from tests.fuzz.databases import KINDS, empty_database
from tests.scenario.test_garbage import VALUES

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
SKIRMISH = (EXAMPLES / "lines-skirmish.yaml").read_text(encoding="utf-8")
REQUESTS = share(6)
"""A sixth of the profile's examples for each database: each one is a request and a read of
the database."""


class Table:
    """One store with one fight, its GM token and one player's token."""

    def __init__(self, store: EncounterStore, client: TestClient) -> None:
        self.store, self.client = store, client
        created = store.create(SKIRMISH, source="skirmish.yaml", seed=4)
        self.fight, self.gm = created.encounter_id, created.gm_token
        self.player = store.add_player_link(self.fight, ["ada"], "fuzz")

    def stored(self) -> str:
        return json.dumps([self.store.export(s.id) for s in self.store.list()], sort_keys=True)


@pytest.fixture(scope="module", params=KINDS)
def table(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Table]:
    store = open_store(empty_database(request.param, tmp_path_factory))
    with TestClient(create_app(store, poll=None), raise_server_exceptions=False) as client:
        yield Table(store, client)
    store.close()


def clear_answer(response: Any, what: object) -> None:
    """Below 500; a refusal says why, as JSON `error` from the API or as a page."""
    assert response.status_code < 500, (what, response.status_code, response.text[:300])
    if response.status_code < 400:
        return
    kind = response.headers.get("content-type", "")
    if kind.startswith("application/json"):
        assert isinstance(response.json().get("error") or response.json().get("detail"), str | list)
    else:
        assert kind.startswith("text/html") or kind.startswith("text/plain"), (what, kind)
        assert response.text.strip(), (what, "an empty refusal")


def refused_without_change(table: Table, send: Any, what: object) -> None:
    before = table.stored()
    response = send()
    clear_answer(response, what)
    if response.status_code >= 400:
        assert table.stored() == before, (what, "a refusal changed what is stored")


TOKENS = st.one_of(
    st.sampled_from(["gm", "player", "", "x" * 43, "%00", "..%2F..", "a/b", "%2e%2e", "%ff"]),
    st.text(max_size=60).map(lambda text: quote(text, safe="")),
)
"""Tokens as a browser would send them: anything, percent-encoded (a raw control character
is refused by the HTTP client before it leaves, so never reaches the server)."""
ENDPOINTS = st.sampled_from(
    ["state", "act", "undo", "redo", "suggest", "links", "links/revoke", "nowhere"]
)
JSON_BODIES = st.one_of(
    VALUES,
    st.fixed_dictionaries(
        {},
        optional={
            "action": VALUES
            | st.fixed_dictionaries(
                {"actor": st.sampled_from(["ada", "bram", "gm", "x"]) | st.text(max_size=5)},
                optional={
                    "do": st.sampled_from(["attack", "move", "end_turn", "say"]),
                    "target": VALUES,
                    "to": VALUES,
                    "text": VALUES,
                },
            ),
            "seq": VALUES | st.integers(-(2**70), 2**70),
            "dice": VALUES | st.lists(st.integers(-3, 30), max_size=6),
            "combatants": VALUES,
            "label": VALUES,
            "link": VALUES,
        },
    ),
)


def token_for(table: Table, token: str) -> str:
    return {"gm": table.gm, "player": table.player}.get(token, token)


@REQUESTS
@given(TOKENS, ENDPOINTS, JSON_BODIES)
@example("gm", "act", {"action": {"actor": "ada", "do": "say", "text": "x"}, "seq": 2**70})
@example("gm", "act", {"action": {"actor": "ada", "do": "end_turn"}, "dice": [1] * 1000})
@example("player", "links", {"combatants": ["ada"]})
@example("%00", "state", {})
@example("gm", "links/revoke", {"link": "\x00"})
def test_api_calls_answer_or_refuse_cleanly(
    table: Table, token: str, endpoint: str, body: Any
) -> None:
    path = f"/api/{token_for(table, token)}/{endpoint}"
    if endpoint == "state":
        refused_without_change(table, lambda: table.client.get(path), path)
        return
    # sent as Python's json writes it: httpx's own `json=` refuses inf and NaN, which the
    # strategy draws and a browser-less client could send
    text = json.dumps(body)
    headers = {"content-type": "application/json"}
    post = lambda: table.client.post(path, content=text, headers=headers)  # noqa: E731
    refused_without_change(table, post, (path, body))


RAW_BODIES = st.one_of(
    st.binary(max_size=200),
    st.sampled_from(
        [
            b"[" * 5000 + b"]" * 5000,
            b'{"seq": NaN}',
            b'{"seq": 1e999}',
            b"\xff",
            b'{"action": ' + b"[" * 3000 + b"]" * 3000 + b"}",
        ]
    ),
)


@REQUESTS
@given(st.sampled_from(["gm", "player"]), ENDPOINTS, RAW_BODIES)
@example("gm", "act", b"[" * 5000 + b"]" * 5000)
@example("gm", "undo", b'{"seq": ' + b"[" * 5000 + b"]" * 5000 + b"}")
def test_raw_bodies_answer_or_refuse_cleanly(
    table: Table, token: str, endpoint: str, body: bytes
) -> None:
    path = f"/api/{token_for(table, token)}/{endpoint}"
    refused_without_change(table, lambda: table.client.post(path, content=body), (path, body))


@REQUESTS
@given(
    st.sampled_from(["/", "/gm/", "/play/", "/static/", "/api/", "/ws/", "/encounters/"]),
    TOKENS,
    st.sampled_from(["", "?since=x", "?since=99999999999999999999999", "?since=-5"]),
)
def test_any_path_answers_or_refuses_cleanly(
    table: Table, root: str, token: str, query: str
) -> None:
    path = root + token_for(table, token) + query
    refused_without_change(table, lambda: table.client.get(path), path)


FORMS = st.fixed_dictionaries(
    {},
    optional={
        "template": st.sampled_from(["lines-skirmish.yaml", "../pyproject.toml", "x"])
        | st.text(max_size=20),
        "scenario": st.one_of(
            st.text(max_size=200),
            st.integers(0, len(SKIRMISH)).map(lambda n: SKIRMISH[:n]),
            st.just("a: &a [*a, *a]\nb: &b [*a, *a]\nc: [*b, *b, *b]"),
        ),
    },
)


@REQUESTS
@given(FORMS, st.one_of(st.none(), st.binary(max_size=300)), st.text(max_size=20))
@example({}, b"\xff\xfe" + "ruleset: lines".encode("utf-16-le"), "x.yaml")
@example({"scenario": "ruleset: lines\ncombatants: []"}, None, "")
def test_a_new_encounter_from_any_form(
    table: Table, form: dict[str, str], upload: bytes | None, filename: str
) -> None:
    """A refused form is the home page again with the reason (400); an accepted one is a
    new fight and a redirect to its GM page."""
    files = None if upload is None else {"file": (filename or "f.yaml", upload, "text/yaml")}
    count = len(table.store.list())
    response = table.client.post("/encounters", data=form, files=files, follow_redirects=False)
    clear_answer(response, (form, upload, filename))
    if response.status_code >= 400:
        assert len(table.store.list()) == count


def test_a_body_past_the_bound_is_refused_before_it_is_read(table: Table) -> None:
    """A declared length past `MAX_REQUEST_BYTES` is answered 413 without reading a byte."""
    path = f"/api/{table.gm}/act"
    response = table.client.post(path, content=b"{" + b" " * MAX_REQUEST_BYTES + b"}")
    assert response.status_code == 413
    assert response.json() == {"error": f"a request is at most {MAX_REQUEST_BYTES} bytes"}


def test_a_streamed_body_past_the_bound_is_refused(table: Table) -> None:
    """Without a Content-Length (chunked), the bound is counted as the body arrives."""

    def chunks() -> Iterator[bytes]:
        for _ in range(MAX_REQUEST_BYTES // 65_536 + 2):
            yield b" " * 65_536

    response = table.client.post(f"/api/{table.gm}/act", content=chunks())
    assert response.status_code == 413
    assert response.json() == {"error": f"a request is at most {MAX_REQUEST_BYTES} bytes"}


def test_a_scenario_upload_at_the_file_bound_still_reaches_the_route(table: Table) -> None:
    """The HTTP bound leaves room for the largest scenario the store takes: refused by the
    store's own message (not YAML here), not by the size guard."""
    files = {"file": ("big.yaml", b"#" * (MAX_REQUEST_BYTES - MAX_MESSAGE_BYTES), "text/yaml")}
    response = table.client.post("/encounters", files=files, follow_redirects=False)
    assert response.status_code == 400
    assert "text/html" in response.headers["content-type"]


SOCKET_MESSAGES = st.one_of(
    st.text(max_size=100),
    st.builds(json.dumps, VALUES),
    st.builds(lambda n: json.dumps({"seq": n}), st.integers(-(2**70), 2**70)),
    st.just("[" * 5000 + "]" * 5000),
    # an action asked on the socket (docs/web.md): anything in its fields
    st.builds(
        lambda action, seq, more: json.dumps({"type": "act", "action": action, "seq": seq, **more}),
        VALUES,
        VALUES,
        st.dictionaries(st.sampled_from(["dice", "id", "type"]), VALUES, max_size=2),
    ),
)


@REQUESTS
@given(st.sampled_from(["gm", "player"]), st.lists(SOCKET_MESSAGES, min_size=1, max_size=3))
@example("gm", ['{"seq": ' + "[" * 5000 + "]" * 5000 + "}"])
def test_socket_messages_get_the_state_back(table: Table, token: str, messages: list[str]) -> None:
    """Whatever a browser sends, the socket answers with the state (or an error message: a
    refused action asked on it) and stays open; it never takes the server down."""
    before = table.stored()
    with table.client.websocket_connect(f"/ws/{token_for(table, token)}") as socket:
        for text in messages:
            socket.send_text(text)
            answer = socket.receive_json()
            assert answer["type"] in ("state", "error"), answer
    assert table.stored() == before


def test_a_socket_message_past_the_bound_closes_the_socket(table: Table) -> None:
    with table.client.websocket_connect(f"/ws/{table.gm}") as socket:
        socket.send_text(json.dumps({"seq": 0, "pad": "x" * MAX_MESSAGE_BYTES}))
        with pytest.raises(WebSocketDisconnect) as closed:
            socket.receive_json()
    assert closed.value.code == TOO_BIG


@REQUESTS
@given(TOKENS)
@example("%00")  # PostgreSQL refused the NUL in the query with an error of its own
@example(".")  # a dot segment, resolved away by the client: no route
@example("..")
def test_a_socket_with_any_token_is_served_or_closed(table: Table, token: str) -> None:
    try:
        with table.client.websocket_connect(f"/ws/{token_for(table, token)}") as socket:
            socket.send_text('{"seq": -1}')
            assert socket.receive_json()["type"] in ("state", "error")
    except WebSocketDisconnect as closed:
        # 4403: the app's "no such link"; 1000: Starlette's answer to a path no route has
        # (an empty token, one with a slash in it, or a dot segment, which the client
        # resolves before it sends, as RFC 3986 has it: "/ws/." goes as "/ws/")
        routed = token not in ("", ".", "..") and "/" not in unquote(token)
        assert closed.code == (4403 if routed else 1000), token
