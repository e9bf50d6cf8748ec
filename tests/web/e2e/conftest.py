"""End-to-end fixtures: a real `fracas serve` process on loopback over SQLite or PostgreSQL
(the storage tests' `database_url`), and Debian's chromium driven by Playwright.

Playwright cannot download its own browsers here, so it drives /usr/bin/chromium, which
`.ci/run` installs; only where that browser is absent are these tests skipped, so CI never
skips them. The server runs as its own process, so a test can stop it and start it again.
"""

from __future__ import annotations

import contextlib
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.store.conftest import database_url  # noqa: F401  (SQLite and PostgreSQL)

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
SCREENS = Path(__file__).resolve().parents[2] / "artifacts" / "screens"
START_SECONDS = 30


class Server:
    """`fracas serve` on a free loopback port (with `workers` processes); `restart` stops it
    and starts it again on the same database and port."""

    def __init__(self, db: str, log: Path, workers: int = 1) -> None:
        self.db = db
        self.log = log
        self.workers = workers
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        self.base = f"http://127.0.0.1:{self.port}"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        command = [sys.executable, "-m", "fracas", "serve", "--port", str(self.port)]
        with self.log.open("ab") as out:
            self.process = subprocess.Popen(
                [*command, "--db", self.db, "--workers", str(self.workers)],
                stdout=out,
                stderr=subprocess.STDOUT,
            )
        deadline = time.monotonic() + START_SECONDS
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"fracas serve stopped: {self.log.read_text()}")
            try:
                if httpx.get(self.base + "/", timeout=1).status_code == 200:
                    return
            except httpx.HTTPError:
                time.sleep(0.1)
        raise RuntimeError(f"fracas serve did not answer in {START_SECONDS} s")

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.process = None

    def restart(self) -> None:
        self.stop()
        self.start()


@pytest.fixture
def server(database_url: str, tmp_path: Path) -> Iterator[Server]:  # noqa: F811
    running = Server(database_url, tmp_path / "server.log")
    running.start()
    yield running
    running.stop()


@contextlib.contextmanager
def chromium() -> Iterator[object]:
    """Debian's chromium under Playwright, closed on leaving (skips where it is absent)."""
    if not CHROMIUM.exists():
        pytest.skip("Debian's chromium is not installed (apt-get install -y chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(
            executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, headless=True
        )
        yield launched
        launched.close()


@pytest.fixture
def screens() -> Path:
    SCREENS.mkdir(parents=True, exist_ok=True)
    return SCREENS
