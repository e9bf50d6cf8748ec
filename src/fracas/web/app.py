"""`fracas serve`'s application: pages for the GM and the players, a small JSON API for
acting, and a WebSocket per browser that keeps its page up to date.

Every request names a link token; `seat.Seats` turns it into who is asking, and every
answer is built for that seat (`table.Snapshot`). Actions go through the store, which
verifies them against the rules, checks the step they were decided on and writes them
before anyone is told. docs/web.md describes the routes and the messages.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from fastapi.staticfiles import StaticFiles
from jinja2 import Environment, PackageLoader, select_autoescape
from starlette.websockets import WebSocketState

from fracas.core.choices import action_json, unmask
from fracas.core.errors import FracasError
from fracas.core.jsontext import json_text
from fracas.core.mapview import MapView
from fracas.store import MAX_SCENARIO_BYTES, Acted, EncounterStore, StaleSequence
from fracas.web import examples as scenario_templates
from fracas.web.bus import Bus
from fracas.web.headers import SecurityHeaders
from fracas.web.limits import MAX_MESSAGE_BYTES, BoundedRequests
from fracas.web.live import Hub, Pages, Sent, Socket
from fracas.web.odds import MovedOn, PanelOdds
from fracas.web.pieces import Pieces
from fracas.web.refusals import absent_for_hidden, kept_secret, restored
from fracas.web.seat import Refused, Seat, Seats
from fracas.web.table import Fight, Snapshot, Tables
from fracas.web.threads import in_thread
from fracas.web.words import odds_words, option_words

STATIC = Path(__file__).parent / "static"
POLL_SECONDS = 2.0
"""How often the hub looks for steps taken by another process (`fracas act`)."""
GmWork = Callable[[Seat, dict[str, Any]], Any]
"""A GM-only write: given the seat and the request's body, it writes to the store."""


def create_app(
    store: EncounterStore, *, poll: float | None = POLL_SECONDS, bus: Bus | None = None
) -> FastAPI:
    """The web app over `store`. `poll`: seconds between looks for changes made by other
    processes (None: never, for tests that drive one process); `bus`: the other workers of
    this server (`fracas serve --workers`), told of each write and heard from."""
    env = Environment(
        loader=PackageLoader("fracas.web", "templates"),
        autoescape=select_autoescape(default=True, default_for_string=True),
        trim_blocks=True,
        lstrip_blocks=True,
        auto_reload=False,  # the templates ship with the code: no stat of each at every use
    )
    env.globals["option_words"] = option_words
    tables = Tables(store)
    panel_odds = PanelOdds(tables)

    seats = Seats(store)
    pieces = Pieces(env)

    def message(snapshot: Snapshot, since: int, sent: Sent | None = None) -> dict[str, Any]:
        """What a browser needs to catch up from step `since`: every part of the page, the
        log lines after `since` and the steps now taken back; `sent` records it."""
        made = pieces.of(snapshot)
        if sent is not None:
            sent.clear()
            sent.update(made.parts, ground=made.drawn.ground, live=made.drawn.live)
            sent["undone"] = made.undone
        return {
            "type": "state",
            "seq": snapshot.seq,
            "since": since,
            "map": made.drawn.svg,
            "parts": dict(made.parts),
            "log": pieces.lines(snapshot, since),
            "undone": list(made.undone),
        }

    def delta(snapshot: Snapshot, since: int, sent: Sent) -> dict[str, Any]:
        """What a page showing `sent` at step `since` needs to show `snapshot`: the new
        log lines, and only the parts, the map's moving layer (or, when the ground itself
        changed, the whole map) and the list of steps taken back that differ."""
        made = pieces.of(snapshot)
        out: dict[str, Any] = {"type": "delta", "seq": snapshot.seq, "since": since}
        parts = {k: v for k, v in made.parts.items() if sent.get(k) != v}
        if parts:
            out["parts"] = parts
        if sent.get("ground") != made.drawn.ground:
            out["map"] = made.drawn.svg
        elif sent.get("live") != made.drawn.live:
            out["live"] = made.drawn.live
        out["log"] = pieces.lines(snapshot, since)
        if sent.get("undone") != made.undone:
            out["undone"] = list(made.undone)
        sent.update(made.parts, ground=made.drawn.ground, live=made.drawn.live)
        sent["undone"] = made.undone
        return out

    hub = Hub(store, tables, seats, Pages(message, delta), bus)

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        await in_thread(_warm)
        task = asyncio.create_task(hub.poll_forever(poll)) if poll else None
        if bus is not None:
            bus.listen(asyncio.get_running_loop(), hub.heard)
        yield
        if task is not None:
            task.cancel()
        if bus is not None:
            bus.close()

    app = FastAPI(title="fracas", lifespan=lifespan, docs_url=None, redoc_url=None)
    app.state.hub = hub
    app.add_middleware(BoundedRequests)
    # Added last, so outermost: a refusal by the size guard carries the headers too.
    app.add_middleware(SecurityHeaders)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    def page(name: str, status: int = 200, **context: Any) -> HTMLResponse:
        return HTMLResponse(env.get_template(name).render(**context), status_code=status)

    def refused(error: Refused) -> JSONResponse:
        return JSONResponse({"error": error.message}, status_code=error.status)

    async def seat(token: str) -> Seat:
        """The seat behind a token as this process knows it (`Seats`): for the requests
        that come at every step (actions, odds, the GM's writes). Only a token not held
        yet costs a query (in a worker thread)."""
        found = seats.held(token)
        return found if found is not None else await in_thread(seats.seat, token)

    async def seat_now(token: str) -> Seat:
        """The seat as the store says now: for loading a page or its state, where a link
        revoked by another process must be refused at once."""
        return await in_thread(seats.fresh, token)

    async def body(request: Request) -> dict[str, Any]:
        raw = await request.body()
        if len(raw) > MAX_MESSAGE_BYTES:
            raise Refused(f"a request is at most {MAX_MESSAGE_BYTES} bytes", 413)
        try:
            data = json.loads(raw or b"{}")
        except (ValueError, RecursionError):
            raise Refused("the request body is not JSON", 400) from None
        if not isinstance(data, dict):
            raise Refused("the request body is a JSON object", 400)
        return data

    async def gm_write(token: str, request: Request, what: str, work: GmWork) -> Response:
        """A GM-only write: refused for any other seat, else `work(seat, body)` in a worker
        thread, answered as `answer_write` does."""
        try:
            found = await seat(token)
            found.check_gm(what)
            data = await body(request)
        except Refused as error:
            return refused(error)
        return await answer_write(found, lambda: work(found, data))

    async def answer_write(seat_: Seat, write: Any) -> Response:
        """Run a store write for a seat and answer it over HTTP (`written`)."""
        status, answer = await written(seat_, write)
        return JSONResponse(answer, status_code=status)

    async def written(seat_: Seat, write: Any) -> tuple[int, dict[str, Any]]:
        """Run a store write for a seat; once it is committed, the answer (an HTTP status
        and its body), and every browser of the fight is told (`Hub.committed`: the answer
        does not wait for the pages)."""
        try:
            done = await in_thread(write)
        except StaleSequence as error:
            snapshot = await in_thread(tables.snapshot, seat_)
            return 409, {"error": str(error), "stale": True, "state": message(snapshot, -1)}
        except FracasError as error:
            return 400, {"error": str(error)}
        except Refused as error:
            return error.status, {"error": error.message}
        done = done or {}
        hub.committed(seat_.encounter_id, done.get("seq"), done.pop(ENTRY, None))
        return 200, {"ok": True, **done}

    # pages -----------------------------------------------------------------------------

    @app.get("/", response_class=HTMLResponse)
    async def home() -> HTMLResponse:
        return page("home.html", choices=scenario_templates.by_ruleset(), error=None)

    @app.post("/encounters")
    async def create(request: Request) -> Response:
        form = await request.form(max_files=1, max_fields=5)
        template = form.get("template")
        text = form.get("scenario")
        upload = form.get("file")
        source = "<text>"
        try:
            if isinstance(template, str) and template:
                text, source = scenario_templates.read(template)
            elif upload is not None and not isinstance(upload, str) and upload.filename:
                data = await upload.read(MAX_SCENARIO_BYTES + 1)
                text, source = data.decode("utf-8", "replace"), upload.filename
            if not isinstance(text, str) or not text.strip():
                raise FracasError("give a scenario: pick a template, paste YAML or upload a file")
            scenario = text
            created = await in_thread(lambda: store.create(scenario, source=Path(source).name))
        except FracasError as error:
            choices = scenario_templates.by_ruleset()
            return page("home.html", 400, choices=choices, error=str(error))
        return RedirectResponse(f"/gm/{created.gm_token}", status_code=303)

    @app.get("/gm/{token}", response_class=HTMLResponse)
    async def gm_page(token: str) -> HTMLResponse:
        return await table_page(token, "gm")

    @app.get("/play/{token}", response_class=HTMLResponse)
    async def player_page(token: str) -> HTMLResponse:
        return await table_page(token, "player")

    async def table_page(token: str, role: str) -> HTMLResponse:
        try:
            found = await seat_now(token)
        except Refused as error:
            return page("gone.html", error.status, error=error.message)
        if found.role != role:
            return page("gone.html", 404, error="no such link (it may have been revoked)")
        snapshot = await in_thread(tables.snapshot, found)
        parts = pieces.of(snapshot).parts
        log = pieces.lines(snapshot, -1)
        return page("table.html", s=snapshot, parts=parts, log=log, token=token)

    # the API ---------------------------------------------------------------------------

    @app.get("/api/{token}/state")
    async def state(token: str, since: int = -1) -> Response:
        try:
            found = await seat_now(token)
        except Refused as error:
            return refused(error)
        snapshot = await in_thread(tables.snapshot, found)
        return JSONResponse(message(snapshot, since))

    @app.get("/api/{token}/odds")
    async def odds(token: str, seq: int, do: str) -> Response:
        """The odds of each option of the panel's `do` group at step `seq` (web/odds.py)."""
        try:
            found = await seat(token)
            group = await in_thread(panel_odds.group, found, seq, do)
        except Refused as error:
            return refused(error)
        except MovedOn as error:
            state = message(error.snapshot, -1)
            return JSONResponse({"error": str(error), "stale": True, "state": state}, 409)
        return JSONResponse({"seq": seq, "do": do, "odds": [odds_words(o) for o in group]})

    @app.post("/api/{token}/act")
    async def act(token: str, request: Request) -> Response:
        try:
            found = await seat(token)
            data = await body(request)
        except Refused as error:
            return refused(error)
        status, answer = await acted(found, data)
        return JSONResponse(answer, status_code=status)

    async def acted(found: Seat, data: dict[str, Any]) -> tuple[int, dict[str, Any]]:
        """An action asked by a seat, over HTTP or its socket: checked, written, answered
        (an HTTP status and its body)."""
        try:
            action = found.check_action(data.get("action"))
            dice = data.get("dice")
            if dice is not None:
                found.check_gm("type in dice")
            expected = _step(data)
        except Refused as error:
            return error.status, {"error": error.message}

        def committed(raw: dict[str, Any], seq: int | None, dice: Any = None) -> dict[str, Any]:
            done = store.act(found.encounter_id, raw, expected_seq=seq, dice=dice)
            tables.record(found.encounter_id, done, dice)
            return {"seq": done.seq, ENTRY: bus_entry(done, dice)}

        def write() -> dict[str, Any]:
            raw, seq = action, expected
            if found.is_gm:
                return committed(raw, seq, dice)
            actor = str(action["actor"])
            fight = tables.fight_at(found.encounter_id, expected)
            swaps: dict[str, str] = {}
            try:
                seen = fight.map_view(actor)  # as the player's page drew it at this step
                raw, swaps = absent_for_hidden(fight.state, action, seen)
                raw, seq = _unmasked(fight, raw, expected, seen)
                return committed(raw, seq)
            except StaleSequence:
                raise
            except FracasError as error:
                words = kept_secret(fight.ruleset, fight.state, found, actor, error)
                raise FracasError(restored(words, swaps)) from None

        return await written(found, write)

    @app.post("/api/{token}/undo")
    async def undo(token: str, request: Request) -> Response:
        def work(found: Seat, data: dict[str, Any]) -> dict[str, Any]:
            step = _required_step(data, "undo")
            return {"seq": store.undo(found.encounter_id, expected_seq=step).seq}

        return await gm_write(token, request, "undo", work)

    @app.post("/api/{token}/redo")
    async def redo(token: str, request: Request) -> Response:
        def work(found: Seat, data: dict[str, Any]) -> dict[str, Any]:
            step = _required_step(data, "redo")
            return {"seq": store.redo(found.encounter_id, expected_seq=step).seq}

        return await gm_write(token, request, "redo", work)

    @app.post("/api/{token}/suggest")
    async def suggest(token: str, request: Request) -> Response:
        """The GM lets the ruleset's own tactics (autoplay's) take the current turn: for
        NPCs, and for any move the action panel does not offer. The move is decided on the
        step the tactics looked at, so it is bound to that step even when the GM gave none:
        another action landing meanwhile makes it stale, never misplaced."""

        def work(found: Seat, data: dict[str, Any]) -> dict[str, Any]:
            step = _step(data)
            loaded = store.load(found.encounter_id)
            if loaded.encounter.state.outcome is not None:
                raise FracasError("the fight is over")
            action = action_json(loaded.encounter.ruleset.suggest(loaded.encounter.state))
            seq = loaded.seq if step is None else step
            acted = store.act(found.encounter_id, action, expected_seq=seq)
            return {"seq": acted.seq, "action": action}

        return await gm_write(token, request, "let the tactics decide", work)

    @app.post("/api/{token}/links")
    async def add_link(token: str, request: Request) -> Response:
        def work(found: Seat, data: dict[str, Any]) -> dict[str, Any]:
            combatants, label = data.get("combatants"), data.get("label") or None
            link = store.add_player_link(found.encounter_id, combatants, label)  # type: ignore[arg-type]
            hub.links_changed(found.encounter_id)
            return {"token": link, "url": f"/play/{link}"}

        return await gm_write(token, request, "invite players", work)

    @app.post("/api/{token}/links/revoke")
    async def revoke_link(token: str, request: Request) -> Response:
        def work(found: Seat, data: dict[str, Any]) -> None:
            link = str(data.get("link"))
            store.revoke_link(found.encounter_id, link)
            hub.links_changed(found.encounter_id, revoked=link)

        return await gm_write(token, request, "revoke links", work)

    # the socket ------------------------------------------------------------------------

    @app.websocket("/ws/{token}")
    async def socket(websocket: WebSocket, token: str) -> None:
        await websocket.accept()
        try:
            found = await seat_now(token)
        except Refused:
            await websocket.close(code=4403)
            return
        live = Socket(websocket, found)
        hub.join(live)
        try:
            while True:
                raw = await websocket.receive_text()
                data = _socket_message(raw)
                if data.get("type") == "act":
                    await socket_act(live, data)
                else:
                    await hub.catch_up(live, _since(data))
                if websocket.application_state == WebSocketState.DISCONNECTED:
                    break  # closed on revocation: nothing more to read
        except WebSocketDisconnect:
            pass
        finally:
            hub.leave(live)

    async def socket_act(live: Socket, data: dict[str, Any]) -> None:
        """`{"type": "act", ...}` on a socket: the HTTP act's checks and answer, sent back
        as `{"type": "acted", ...}` (200) or `{"type": "error", "status": n, ...}`, with
        `id` echoed when the browser gave one to match answers to its asks."""
        try:
            found = await seat(live.seat.token)
        except Refused:
            await hub.revoked({live.seat.token})
            return
        status, answer = await acted(found, data)
        kind = "acted" if status == 200 else "error"
        reply: dict[str, Any] = {"type": kind, **answer}
        if status != 200:
            reply["status"] = status
        if status == 409:
            # the state goes as this socket's own catch-up, so its later deltas follow on
            # from it (a state the socket had not been sent would leave them a gap)
            async with live.lock:
                snapshot = await in_thread(tables.snapshot, found)
                reply["state"] = message(snapshot, live.seen, live.sent)
                live.seen = snapshot.seq
        ask = data.get("id")
        if isinstance(ask, (int, str)) and not isinstance(ask, bool):
            reply["id"] = ask if isinstance(ask, int) else ask[:64]
        with contextlib.suppress(Exception):
            await live.websocket.send_text(json_text(reply))

    return app


ENTRY = "entry"
"""The key under which an act's write hands its entry to `written`, for the other workers;
it is taken out before the answer is sent."""


def bus_entry(done: Acted, dice: Any) -> dict[str, Any] | None:
    """An action entry as the other workers take it in (`Tables.heard`): the action and its
    events as the log stores them (JSON text), the dice typed in."""
    if done.kind != "action":
        return None
    return {
        "action": done.action_json,
        "events": done.events_json,
        "dice": None if dice is None else list(dice),
    }


def _warm() -> None:
    """Pay at start what the first fight read would: importing every ruleset, and the
    fingerprint of the code that snapshots are checked against (store/snapshots.py)."""
    from fracas.core.registry import available
    from fracas.store.snapshots import code_fingerprint

    available()
    code_fingerprint()


def _unmasked(
    fight: Fight, action: dict[str, Any], expected: int | None, seen: MapView
) -> tuple[dict[str, Any], int | None]:
    """A player's action with each `someone@x,y` it names (someone its map shows there but
    cannot identify) turned back into an id, against the step the player decided on; the
    action is then bound to that step, so it cannot land on a board that changed since. An
    action decided on an older step goes on as it is, for the store to call stale."""
    if expected is not None and expected != fight.seq:
        return action, expected
    return unmask(fight.ruleset, fight.state, str(action["actor"]), action, seen), fight.seq


def _step(data: dict[str, Any]) -> int | None:
    """The step an action was decided on (`seq`); None acts on whatever step is current."""
    seq = data.get("seq")
    if seq is None:
        return None
    if isinstance(seq, bool) or not isinstance(seq, int):
        raise Refused("seq is the whole-number step the action was decided on", 400)
    return seq


def _required_step(data: dict[str, Any], what: str) -> int:
    """The step an undo or a redo was decided on, which it must name: taken back on
    whatever step is current, it could take back an action its GM never saw."""
    seq = _step(data)
    if seq is None:
        raise Refused(f"{what} needs seq: the whole-number step it was decided on", 400)
    return seq


def _socket_message(raw: str) -> dict[str, Any]:
    """A browser's socket message as a JSON object; anything else reads as `{}` (which
    asks for everything)."""
    if len(raw) > MAX_MESSAGE_BYTES:
        return {}
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError):
        return {}
    return data if isinstance(data, dict) else {}


def _since(data: dict[str, Any]) -> int:
    """The step a browser's `{"seq": n}` says it has; anything else asks for everything."""
    seq = data.get("seq")
    return seq if isinstance(seq, int) and not isinstance(seq, bool) else -1
