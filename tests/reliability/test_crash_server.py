"""`fracas serve` killed with SIGKILL while several clients act on two fights at once, then
started again: every action the server acknowledged is in the log, nothing it did not
finish is half there, and the log plays again to exactly the fight the store loads.

The clients act through the GM's link as a table would: mostly `say` (each with a text
no other action has, so it can be found), sometimes the tactics' move (`suggest`, which
rolls dice and moves the fight on) and sometimes an undo. The kill points are drawn from a
fixed seed, so a failure can be run again. The first fight starts a few entries short of
100, where the store also writes a snapshot in the appending transaction, so kills land
around that write too.
"""

from __future__ import annotations

import json
import random
import threading
import time
from dataclasses import dataclass
from itertools import count
from pathlib import Path

import httpx
from websockets.exceptions import WebSocketException
from websockets.sync.client import connect

from fracas.store import open_store
from tests.reliability.logs import assert_acknowledged, assert_replays, assert_whole
from tests.reliability.served import Ack, Acks, Served, current_seq, post

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
FIGHTS = ("lines-skirmish.yaml", "pools-brawl.yaml")
CLIENTS = 4
KILLS = 3
SPEAKERS = {"lines-skirmish.yaml": "ada", "pools-brawl.yaml": "bouncer"}
WARM = 96
"""The step the first fight is brought to before the clients start: entry 100 is near."""


@dataclass(frozen=True)
class Table:
    """One fight as its clients know it: its id, its GM link and who speaks in it."""

    encounter_id: str
    gm: str
    speaker: str


def play(base: str, table: Table, name: str, seed: int, acks: Acks, stop: threading.Event) -> None:
    """Act until told to stop or until the server stops answering; record each 200."""
    rng = random.Random(seed)
    with httpx.Client() as client:
        for number in count():
            if stop.is_set():
                return
            roll = rng.random()
            try:
                if roll < 0.75:
                    action = {"actor": table.speaker, "do": "say", "text": f"{name}-{number}"}
                    answer = post(client, base, table.gm, "act", {"action": action})
                    kind = "action"
                elif roll < 0.95:
                    answer = post(client, base, table.gm, "suggest", {})
                    action, kind = None, "action"
                else:
                    step = current_seq(client, base, table.gm)  # as a GM's page knows it
                    answer = post(client, base, table.gm, "undo", {"seq": step})
                    action, kind = None, "undo"
            except httpx.TransportError:
                return  # the server is gone: this action was never acknowledged
            acks.answered(answer)
            if answer.status_code == 200:
                body = answer.json()
                said = body.get("action", action)
                acks.add(Ack(table.encounter_id, int(body["seq"]), kind, said))


def watch(base: str, token: str, seen: list[int]) -> None:
    """A browser's socket: collect every step the server announces until it dies."""
    try:
        with connect(f"{base.replace('http', 'ws', 1)}/ws/{token}", open_timeout=10) as socket:
            socket.send('{"seq": -1}')
            while True:
                message = socket.recv(timeout=30)
                seen.append(int(json.loads(message)["seq"]))
    except (WebSocketException, OSError, TimeoutError):
        return


def test_sigkill_of_the_server_loses_nothing_acknowledged(served: Served) -> None:
    with open_store(served.db) as store:
        tables = []
        for seed, name in enumerate(FIGHTS):
            created = store.create((EXAMPLES / name).read_text(), source=name, seed=seed)
            tables.append(Table(created.encounter_id, created.gm_token, SPEAKERS[name]))
        first = tables[0]
        while store.summary(first.encounter_id).seq < WARM:
            store.act(first.encounter_id, {"actor": first.speaker, "do": "say", "text": "warm"})
    rng = random.Random(20261203)
    acks = Acks()
    announced: list[int] = []
    for kill in range(KILLS):
        stop = threading.Event()
        clients = [
            threading.Thread(
                target=play,
                args=(
                    served.base,
                    tables[i % len(tables)],
                    f"k{kill}c{i}",
                    rng.random(),
                    acks,
                    stop,
                ),
            )
            for i in range(CLIENTS)
        ]
        watcher = threading.Thread(target=watch, args=(served.base, tables[0].gm, announced))
        for thread in [*clients, watcher]:
            thread.start()
        time.sleep(rng.uniform(0.5, 2.0))
        served.kill()
        stop.set()
        for thread in [*clients, watcher]:
            thread.join(timeout=60)
        check(served.db, tables, acks)
        with open_store(served.db) as store:  # a socket was told only of committed steps
            assert max(announced, default=0) <= store.summary(tables[0].encounter_id).seq
        served.start()
        with httpx.Client() as client:
            for table in tables:  # the restarted server sees what the log holds
                with open_store(served.db) as store:
                    stored = store.summary(table.encounter_id).seq
                assert current_seq(client, served.base, table.gm) == stored
    assert acks.wrong == []
    assert len(acks.acks) >= KILLS, "the clients were hardly acknowledged: nothing was tested"
    assert announced, "no socket heard of any step: the watcher tested nothing"


def check(db: str, tables: list[Table], acks: Acks) -> None:
    """With the server dead: a fresh store (no cache) reads every fight's log whole, with
    every acknowledged write in it, no text said twice, and the log plays again."""
    with open_store(db) as store:
        for table in tables:
            entries = assert_whole(store, table.encounter_id)
            assert_acknowledged(entries, acks.of(table.encounter_id))
            said = [e.action["text"] for e in entries if e.action and e.action["do"] == "say"]
            own = [text for text in said if text != "warm"]
            assert len(own) == len(set(own))
            assert_replays(store, table.encounter_id)
