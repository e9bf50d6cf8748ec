"""The parent of `fracas serve --workers K` deals each new connection to a worker by the fight
its request names (web/workers.py `Dealer`), so a table's browsers share a worker.

Here the workers are two Unix sockets the test reads the handed connections from; the
clients are plain TCP sockets that send a request line.
"""

from __future__ import annotations

import shutil
import socket
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from fracas.store import EncounterStore, open_store
from fracas.web.workers import PEEK_AGAIN_SECONDS, Dealer, _token
from tests.store.helpers import DUEL


class Table:
    """A dealer over a listening socket, and two worker ends that receive what it hands."""

    def __init__(self, store: EncounterStore, folder: Path) -> None:
        self.listener = socket.socket()
        self.listener.bind(("127.0.0.1", 0))
        self.listener.listen(16)
        self.listener.setblocking(False)
        self.ends = []
        for n in range(2):
            end = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
            end.bind(str(folder / f"{n}.hand"))
            end.settimeout(10)
            self.ends.append(end)
        self.dealer = Dealer(store, self.listener, [folder / f"{n}.hand" for n in range(2)])

    def connect(self, request_line: bytes) -> socket.socket:
        client = socket.create_connection(self.listener.getsockname())
        client.sendall(request_line)
        return client

    def handed(self, request_line: bytes) -> int:
        """Connect with `request_line`; the number of the worker it was handed to, after
        checking that the handed socket still holds the whole request (nothing read)."""
        client = self.connect(request_line)
        before = list(self.dealer.dealt)
        while self.dealer.dealt == before:
            self.dealer.deal(0.1)
        worker = next(n for n in range(2) if self.dealer.dealt[n] != before[n])
        _, fds, _, _ = socket.recv_fds(self.ends[worker], 16, 1)
        with socket.socket(fileno=fds[0]) as got:
            got.settimeout(10)
            assert got.recv(len(request_line)) == request_line
        client.close()
        return worker

    def close(self) -> None:
        self.listener.close()
        for end in self.ends:
            end.close()


@pytest.fixture
def table(tmp_path: Path) -> Iterator[tuple[Table, EncounterStore]]:
    folder = Path(tempfile.mkdtemp(prefix="fracas-deal-"))  # a short path for the sockets
    with open_store(f"sqlite:///{tmp_path / 'd.db'}") as store:
        made = Table(store, folder)
        yield made, store
        made.close()
    shutil.rmtree(folder, ignore_errors=True)


def test_every_link_of_a_fight_goes_to_one_worker_and_fights_take_turns(
    table: tuple[Table, EncounterStore],
) -> None:
    dealing, store = table
    first, second = store.create(DUEL, seed=1), store.create(DUEL, seed=2)
    player = store.add_player_link(first.encounter_id, ["ada"])
    worker = dealing.handed(f"GET /ws/{first.gm_token} HTTP/1.1\r\n".encode())
    assert dealing.handed(f"GET /play/{player} HTTP/1.1\r\n".encode()) == worker
    assert dealing.handed(f"POST /api/{player}/act HTTP/1.1\r\n".encode()) == worker
    assert dealing.handed(f"GET /gm/{second.gm_token}?x=1 HTTP/1.1\r\n".encode()) != worker
    assert dealing.handed(f"GET /ws/{first.gm_token} HTTP/1.1\r\n".encode()) == worker


def test_a_request_naming_no_fight_goes_to_the_next_worker_in_turn(
    table: tuple[Table, EncounterStore],
) -> None:
    dealing, _ = table
    turns = [dealing.handed(b"GET / HTTP/1.1\r\n") for _ in range(4)]
    assert turns in ([0, 1, 0, 1], [1, 0, 1, 0])
    unknown = [dealing.handed(b"GET /ws/no-such-token HTTP/1.1\r\n") for _ in range(2)]
    assert sorted(unknown) == [0, 1]


def test_a_connection_closed_before_its_request_line_is_dropped(
    table: tuple[Table, EncounterStore],
) -> None:
    dealing, _ = table
    client = socket.create_connection(dealing.listener.getsockname())
    client.close()
    for _ in range(5):
        dealing.dealer.deal(0.05)
    assert dealing.dealer.dealt == [0, 0]
    assert not dealing.dealer._waiting


@pytest.mark.parametrize(
    ("line", "token"),
    [
        (b"GET /ws/abc HTTP/1.1\r\n", "abc"),
        (b"GET /gm/abc HTTP/1.1\r\n", "abc"),
        (b"GET /play/abc?since=3 HTTP/1.1\r\n", "abc"),
        (b"POST /api/abc/act HTTP/1.1\r\n", "abc"),
        (b"GET /static/fracas.js HTTP/1.1\r\n", None),
        (b"GET / HTTP/1.1\r\n", None),
        (b"GET /ws/ HTTP/1.1\r\n", None),
        (b"garbage\r\n", None),
        (b"\xff\xfe /ws/\xff HTTP/1.1\n", "\xff"),
    ],
)
def test_the_token_is_read_from_the_request_line(line: bytes, token: str | None) -> None:
    assert _token(line) == token


def test_a_request_line_in_pieces_is_dealt_once_whole_and_the_dealer_does_not_spin(
    table: tuple[Table, EncounterStore],
) -> None:
    """The first piece alone is not enough to deal on; the dealer puts the connection aside
    rather than being woken by its waiting bytes at every turn, and deals it once the
    line is complete."""
    dealing, store = table
    created = store.create(DUEL, seed=1)
    client = dealing.connect(b"GET /ws/")
    peeks = 0
    peek = dealing.dealer._peek

    def counted(conn: socket.socket) -> None:
        nonlocal peeks
        peeks += 1
        peek(conn)

    dealing.dealer._peek = counted  # type: ignore[method-assign]
    deadline = time.monotonic() + 0.5
    while time.monotonic() < deadline:
        dealing.dealer.deal(0.05)
    assert dealing.dealer.dealt == [0, 0]
    assert 1 <= peeks <= 0.5 / PEEK_AGAIN_SECONDS + 2  # woken once per pause, not at once
    line = f"{created.gm_token} HTTP/1.1\r\n".encode()
    client.sendall(line)
    while dealing.dealer.dealt == [0, 0]:
        dealing.dealer.deal(0.05)
    worker = 0 if dealing.dealer.dealt[0] else 1
    _, fds, _, _ = socket.recv_fds(dealing.ends[worker], 16, 1)
    with socket.socket(fileno=fds[0]) as got:
        got.settimeout(10)
        whole = b"GET /ws/" + line
        assert got.recv(len(whole)) == whole
    client.close()
