"""How many actions a second `fracas serve` takes from many browsers at once, and how long
each waits for its acknowledgement (issue 12, part 5).

For each database (SQLite, and PostgreSQL when `--postgres URL` or FRACAS_TEST_POSTGRES_URL
names one) this starts a real `fracas serve` on a free loopback port over a fresh database,
creates M encounters with a player link per client, and runs N clients for a bounded time.
A client is what a browser does: it holds a WebSocket that receives its seat's state, reads
the legal options from the action panel it was sent, and posts one of them with the step it
decided on; "the fight moved on" (409) gives it the current state, and it decides again. A
GM page watches every encounter over its own socket, so the GM's panel is rebuilt each step
as at a real table. A fight that ends is replaced by a fresh one, created beside the server
through the store (the server sees it like any other process's).

Latency is acknowledgement time: from sending the POST to reading its answer, which the
server gives only after the action is committed. Printed per database: actions a second,
p50 and p99 latency, errors (anything but 200 and a stale 409), stale retries, and the
ratio against the bare `store.act` loop measured in-process on the same kind of database
in the same run (benchmarks/run.py's convention: ratios read off one sitting). Nothing here
asserts; the goal (500 actions/s, p99 under 50 ms, no errors) is read by people.
"""

from __future__ import annotations

import argparse
import asyncio
import html
import json
import os
import random
import re
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import orjson
import websockets

from fracas.store import EncounterStore, open_store

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_SCENARIO = ROOT / "examples/lines-skirmish.yaml"
OPTION = re.compile(r"data-action='([^']*)'")
ACTOR = re.compile(r'class="choices" data-actor="([^"]*)"')


@dataclass
class Tally:
    latencies: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    stale: int = 0
    fights: int = 0


@dataclass
class Table:
    """One encounter as the clients know it: its GM link and a player link per client."""

    encounter_id: str
    gm: str
    players: list[str]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def new_table(store: EncounterStore, scenario: str, clients: int, seed: int) -> Table:
    """A fresh fight whose combatants are dealt round-robin to `clients` player links (a
    client beyond the number of combatants shares one, so conflicting actions happen)."""
    created = store.create(scenario, source="load.yaml", seed=seed)
    everyone = [c.id for c in store.load(created.encounter_id).encounter.state.combatants]
    hands: list[list[str]] = [[] for _ in range(min(clients, len(everyone)))]
    for n, who in enumerate(everyone):
        hands[n % len(hands)].append(who)
    links = [
        store.add_player_link(created.encounter_id, hands[k % len(hands)]) for k in range(clients)
    ]
    return Table(created.encounter_id, created.gm_token, links)


def options(panel: str) -> list[dict[str, Any]]:
    """The actions a panel offers, read back as a browser reads its buttons."""
    return [json.loads(html.unescape(found)) for found in OPTION.findall(panel)]


class Client:
    """One player's browser: a socket that keeps the page as the server's state and delta
    messages leave it (only the panel and whether the fight is over matter here), and a
    loop that acts, over that socket (or over HTTP with `--http`)."""

    def __init__(
        self, base: str, token: str, tally: Tally, deadline: float, rng: random.Random, http: bool
    ):
        self.base, self.token, self.tally, self.deadline, self.rng = (
            base,
            token,
            tally,
            deadline,
            rng,
        )
        self.over_http = http
        self.seq = -1
        self.panel = ""
        self.ended = False
        self.acted = -1
        """The step this client's last acknowledged action made: states before it are old."""
        self.fresh = asyncio.Event()
        self.asked = 0
        self.answers: dict[int, asyncio.Future[dict[str, Any]]] = {}
        self.ws: Any = None

    def take(self, message: dict[str, Any]) -> None:
        kind = message.get("type")
        if kind in ("state", "delta"):
            if message["seq"] < self.seq:
                return
            self.seq = message["seq"]
            parts = message.get("parts") or {}
            if "panel" in parts:
                self.panel = parts["panel"]  # its buttons are read when this client decides
            if "status" in parts:
                self.ended = 'class="outcome"' in parts["status"]
            self.fresh.set()
        elif kind in ("acted", "error"):
            waiting = self.answers.pop(message.get("id", -1), None)
            if waiting is not None and not waiting.done():
                waiting.set_result(message)

    async def listen(self, ws: Any) -> None:
        async for raw in ws:
            self.take(orjson.loads(raw))

    async def run(self, http: httpx.AsyncClient) -> bool:
        """Act until the deadline; True when the fight ended under this client."""
        ws_url = self.base.replace("http", "ws", 1) + f"/ws/{self.token}"
        async with websockets.connect(ws_url, max_size=None) as ws:
            self.ws = ws
            await ws.send(json.dumps({"seq": -1}))
            listener = asyncio.create_task(self.listen(ws))
            try:
                return await self.play(http)
            finally:
                listener.cancel()

    async def play(self, http: httpx.AsyncClient) -> bool:
        while time.monotonic() < self.deadline:
            try:
                await asyncio.wait_for(self.fresh.wait(), self.deadline - time.monotonic())
            except TimeoutError:
                return False
            self.fresh.clear()
            if self.seq < self.acted:
                continue
            choices = options(self.panel)
            if not choices:
                if self.ended:
                    return True
                continue
            action = self.rng.choice(choices)
            if self.over_http:
                await self.post(http, self.seq, action)
            else:
                await self.send(self.seq, action)
        return False

    async def send(self, seq: int, action: dict[str, Any]) -> None:
        """Act over the socket and wait for its answer (sent once the action is committed)."""
        self.asked += 1
        ask = self.asked
        waiting: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self.answers[ask] = waiting
        started = time.perf_counter()
        await self.ws.send(json.dumps({"type": "act", "id": ask, "seq": seq, "action": action}))
        try:
            answer = await asyncio.wait_for(waiting, 30)
        except TimeoutError:
            self.tally.errors.append("no answer within 30 s")
            return
        await self.answered(time.perf_counter() - started, answer.get("status", 200), answer)

    async def post(self, http: httpx.AsyncClient, seq: int, action: dict[str, Any]) -> None:
        started = time.perf_counter()
        try:
            answer = await http.post(
                f"{self.base}/api/{self.token}/act", json={"action": action, "seq": seq}
            )
        except httpx.HTTPError as error:
            self.tally.errors.append(f"{type(error).__name__}: {error}")
            return
        took = time.perf_counter() - started
        body = answer.json() if answer.status_code in (200, 409) else {"error": answer.text}
        await self.answered(took, answer.status_code, body)

    async def answered(self, took: float, status: int, body: dict[str, Any]) -> None:
        if status == 200:
            self.tally.latencies.append(took)
            self.acted = body["seq"]
        elif status == 409:
            self.tally.stale += 1
            if self.over_http:
                # the socket's deltas follow on from what it sent: catch it up as a page does
                await self.ws.send(json.dumps({"seq": self.seq}))
            else:
                self.take(body["state"])
        else:
            self.tally.errors.append(f"{status}: {str(body.get('error'))[:200]}")


async def drive(
    base: str,
    store: EncounterStore,
    scenario: str,
    encounters: int,
    clients: int,
    seconds: float,
    over_http: bool,
) -> tuple[Tally, float]:
    """N clients over M encounters for `seconds`; the tally and the seconds measured."""
    tally = Tally()
    per_table = max(1, clients // encounters)
    rng = random.Random(12)
    limits = httpx.Limits(max_connections=clients + encounters, max_keepalive_connections=clients)
    async with httpx.AsyncClient(limits=limits, timeout=30) as http:
        tables = [
            await asyncio.to_thread(new_table, store, scenario, per_table, n)
            for n in range(encounters)
        ]
        started = time.monotonic()
        deadline = started + seconds

        async def seat_loop(table_no: int) -> None:
            table = tables[table_no]
            while time.monotonic() < deadline:
                async with websockets.connect(
                    base.replace("http", "ws", 1) + f"/ws/{table.gm}", max_size=None
                ) as gm:
                    await gm.send(json.dumps({"seq": -1}))
                    players = [
                        Client(base, token, tally, deadline, random.Random(rng.random()), over_http)
                        for token in table.players
                    ]
                    watcher = asyncio.create_task(_drain(gm))
                    ended = await asyncio.gather(*(p.run(http) for p in players))
                    watcher.cancel()
                if any(ended) and time.monotonic() < deadline:
                    tally.fights += 1
                    seed = 1000 + table_no * 1000 + tally.fights
                    tables[table_no] = table = await asyncio.to_thread(
                        new_table, store, scenario, per_table, seed
                    )

        await asyncio.gather(*(seat_loop(n) for n in range(encounters)))
        return tally, time.monotonic() - started


async def _drain(ws: Any) -> None:
    async for _ in ws:
        pass


def serve(
    url: str, workers: int, profile: Path | None = None
) -> tuple[subprocess.Popen[bytes], str]:
    """A `fracas serve --workers K` on a free port (under cProfile, writing to `profile` as
    it stops, when one is named: with one worker only, since cProfile sees one process)."""
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    profiled = ["-m", "cProfile", "-o", str(profile)] if profile else []
    command = ["-m", "fracas", "serve", "--port", str(port), "--db", url]
    process = subprocess.Popen(
        [sys.executable, *profiled, *command, "--workers", str(workers)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    for _ in range(300):
        try:
            if httpx.get(base + "/", timeout=1).status_code == 200:
                return process, base
        except httpx.HTTPError:
            pass
        if process.poll() is not None:
            raise SystemExit(
                f"fracas serve died: {process.stderr.read().decode() if process.stderr else ''}"
            )
        time.sleep(0.1)
    process.kill()
    raise SystemExit("fracas serve did not answer within 30 s")


def bare_loop(store: EncounterStore, scenario: str, seconds: float) -> float:
    """The baseline: the store's own `act` loop in this process, one action after another
    (each a durable commit), actions a second. Only loading, deciding and acting are timed;
    a fight that ends is replaced outside the clock."""
    from fracas.core.choices import action_json

    done, spent = 0, 0.0
    encounter_id = store.create(scenario, source="load.yaml", seed=0).encounter_id
    while spent < seconds:
        started = time.perf_counter()
        loaded = store.load(encounter_id)
        over = loaded.encounter.state.outcome is not None
        if not over:
            action = action_json(loaded.encounter.ruleset.suggest(loaded.encounter.state))
            store.act(encounter_id, action, expected_seq=loaded.seq)
            done += 1
        spent += time.perf_counter() - started
        if over:
            encounter_id = store.create(scenario, source="load.yaml", seed=done).encounter_id
    return done / spent


def threaded_store(
    store: EncounterStore, scenario: str, threads: int, seconds: float
) -> dict[str, Any]:
    """The store alone under `threads` concurrent writers (one fight each, as a server's
    worker threads): actions a second and actions per commit, which group commit raises
    above one when writers queue up behind an fsync."""
    from fracas.core.choices import action_json

    fights = [
        store.create(scenario, source="load.yaml", seed=n).encounter_id for n in range(threads)
    ]
    counts = [0] * threads
    batches = getattr(getattr(store, "group", None), "batches", 0)
    started = time.monotonic()

    def writer(n: int) -> None:
        while time.monotonic() - started < seconds:
            loaded = store.load(fights[n])
            if loaded.encounter.state.outcome is not None:
                fights[n] = store.create(scenario, source="load.yaml", seed=100 + n).encounter_id
                continue
            action = action_json(loaded.encounter.ruleset.suggest(loaded.encounter.state))
            store.act(fights[n], action, expected_seq=loaded.seq)
            counts[n] += 1

    workers = [threading.Thread(target=writer, args=(n,)) for n in range(threads)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    took = time.monotonic() - started
    commits = getattr(getattr(store, "group", None), "batches", 0) - batches
    return {
        "store_threads": threads,
        "store_threads_actions_per_s": round(sum(counts) / took, 1),
        "actions_per_commit": round(sum(counts) / commits, 2) if commits else None,
    }


def server_steps(scenario: str, steps: int, profile: Path | None) -> dict[str, Any]:
    """The server's work for one step, in this process and one thread (`--steps N`): the
    tactics' action through `store.act` and `Tables.record`, then `Hub._messages` for the
    GM's socket and two players' (each holding half the combatants), the JSON of those
    messages; CPU milliseconds a step for each, and a cProfile of it into `profile`.
    `--profile` on the running server sees only its event loop's thread (the step's work
    runs in worker threads), which is why this exists."""
    import cProfile

    from fracas.core.choices import action_json
    from fracas.web.app import create_app
    from fracas.web.live import Socket

    spent = {"store_act_ms": 0.0, "messages_ms": 0.0, "json_ms": 0.0}
    with tempfile.TemporaryDirectory() as folder, open_store(f"sqlite:///{folder}/s.db") as store:
        hub = create_app(store, poll=None).state.hub

        def table(seed: int) -> tuple[str, list[Socket]]:
            created = store.create(scenario, source="load.yaml", seed=seed)
            ids = [c.id for c in store.load(created.encounter_id).encounter.state.combatants]
            links = [store.add_player_link(created.encounter_id, ids[k::2]) for k in range(2)]
            tokens = [created.gm_token, *links]
            return created.encounter_id, [Socket(None, hub.seats.seat(t)) for t in tokens]  # type: ignore[arg-type]

        def run(count: int, timed: bool) -> None:
            encounter_id, sockets = table(count)
            hub._messages(encounter_id, None, sockets)
            fight = hub.tables.fight(encounter_id)
            done = 0
            while done < count:
                fight = hub.tables.fight(encounter_id, fight.seq)
                if fight.state.outcome is not None:
                    encounter_id, sockets = table(count + done)
                    hub._messages(encounter_id, None, sockets)
                    fight = hub.tables.fight(encounter_id)
                    continue
                action = action_json(fight.ruleset.suggest(fight.state))
                started = time.process_time()
                acted = store.act(encounter_id, action, expected_seq=fight.seq)
                hub.tables.record(encounter_id, acted, None)
                committed = time.process_time()
                fight, messages = hub._messages(encounter_id, acted.seq, sockets)
                for live in sockets:
                    live.seen = fight.seq
                built = time.process_time()
                for message in messages:
                    json.dumps(message)
                if timed:
                    spent["store_act_ms"] += committed - started
                    spent["messages_ms"] += built - committed
                    spent["json_ms"] += time.process_time() - built
                done += 1

        run(50, timed=False)
        run(steps, timed=True)
        if profile is not None:
            profiler = cProfile.Profile()
            profiler.enable()
            run(steps, timed=False)
            profiler.disable()
            profiler.dump_stats(profile)
    return {"steps": steps, **{k: round(1000 * v / steps, 3) for k, v in spent.items()}}


def percentile(values: list[float], share: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def measure(
    name: str, url_for: Callable[[], str], args: argparse.Namespace, scenario: str
) -> dict[str, Any]:
    with open_store(url_for()) as store:
        baseline = bare_loop(store, scenario, args.baseline_seconds)
    with open_store(url_for()) as store:
        threaded = threaded_store(store, scenario, args.clients, args.baseline_seconds)
    url = url_for()
    profile = args.profile.with_suffix(f".{name}.prof") if args.profile else None
    process, base = serve(url, args.workers, profile)
    load_before = os.getloadavg()[0]
    server_cpu = cpu_seconds(process.pid)
    clients_cpu = time.process_time()
    try:
        with open_store(url) as store:
            tally, seconds = asyncio.run(
                drive(
                    base,
                    store,
                    scenario,
                    args.encounters,
                    args.clients,
                    args.seconds,
                    args.http,
                )
            )
        server_cpu = cpu_seconds(process.pid) - server_cpu
        clients_cpu = time.process_time() - clients_cpu
    finally:
        process.send_signal(signal.SIGINT)  # a clean stop, so a profile is written
        process.wait(30)
    rate = len(tally.latencies) / seconds
    return {
        "database": name,
        "acting_over": "http" if args.http else "socket",
        "workers": args.workers,
        "clients": args.clients,
        "encounters": args.encounters,
        "seconds": round(seconds, 1),
        "actions_per_s": round(rate, 1),
        "p50_ms": round(1000 * percentile(tally.latencies, 0.50), 1),
        "p99_ms": round(1000 * percentile(tally.latencies, 0.99), 1),
        "errors": len(tally.errors),
        "first_errors": tally.errors[:3],
        "stale_retries": tally.stale,
        "fights_finished": tally.fights,
        "baseline_store_act_per_s": round(baseline, 1),
        "ratio_to_baseline": round(rate / baseline, 2) if baseline else None,
        **threaded,
        "server_cpu_s": round(server_cpu, 1),
        "clients_cpu_s": round(clients_cpu, 1),
        "load_avg_1m": [round(load_before, 2), round(os.getloadavg()[0], 2)],
    }


def cpu_seconds(pid: int) -> float:
    """CPU seconds (user and system) a process and its children (the server's workers) have
    used, from /proc (0 where there is none)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    except OSError:
        return 0.0
    own = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return own + sum(cpu_seconds(int(child)) for child in children)


def fresh_postgres(url: str) -> Callable[[], str]:
    """The URL, its `public` schema emptied first: each run starts from no tables."""

    def make() -> str:
        import sqlalchemy as sa

        engine = sa.create_engine(url.replace("postgresql://", "postgresql+psycopg://", 1))
        with engine.begin() as conn:
            conn.exec_driver_sql("DROP SCHEMA IF EXISTS public CASCADE")
            conn.exec_driver_sql("CREATE SCHEMA public")
        engine.dispose()
        return url

    return make


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clients", type=int, default=20, help="N concurrent clients")
    parser.add_argument("--encounters", type=int, default=10, help="M encounters")
    parser.add_argument("--seconds", type=float, default=15.0, help="how long to drive")
    parser.add_argument("--baseline-seconds", type=float, default=3.0)
    parser.add_argument("--scenario", type=Path, default=DEFAULT_SCENARIO)
    parser.add_argument("--postgres", default=os.environ.get("FRACAS_TEST_POSTGRES_URL"))
    parser.add_argument("--only", choices=("sqlite", "postgresql"))
    parser.add_argument("--http", action="store_true", help="act by POST, not on the socket")
    parser.add_argument(
        "--workers", type=int, default=2, help="server processes (`fracas serve --workers`)"
    )
    parser.add_argument(
        "--profile", type=Path, help="cProfile the server into FILE.<database>.prof"
    )
    parser.add_argument(
        "--steps",
        type=int,
        help="instead: time N steps of the server's work in this process (SQLite; "
        "--profile FILE writes their cProfile)",
    )
    args = parser.parse_args()
    scenario = args.scenario.read_text(encoding="utf-8")
    if args.steps:
        print(json.dumps(server_steps(scenario, args.steps, args.profile)))
        return
    results = []
    with tempfile.TemporaryDirectory() as folder:
        counter = iter(range(1_000))
        if args.only in (None, "sqlite"):
            results.append(
                measure(
                    "sqlite",
                    lambda: f"sqlite:///{folder}/load-{next(counter)}.db",
                    args,
                    scenario,
                )
            )
        if args.postgres and args.only in (None, "postgresql"):
            results.append(measure("postgresql", fresh_postgres(args.postgres), args, scenario))
    for row in results:
        print(json.dumps(row))


if __name__ == "__main__":
    main()
