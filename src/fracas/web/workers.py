"""`fracas serve --workers K`: the web table served by K processes on one port.

One Python process uses one core for the server's own work (the rules, the store's writes,
building each seat's page), so a busy table server on a machine with more cores runs one
worker per core. Each worker is a whole server over the same database: its own listening
socket on the shared port (SO_REUSEPORT, so the kernel deals the connections out), its own
sockets and caches, and a `bus.Bus` to tell the others of each write at once. The store
stays the only authority: every worker checks each action's step against it, so two
workers can never both apply an action at one step.

The parent only starts the workers and stops them: Ctrl-C or SIGTERM stops each one
cleanly. A parent that dies without stopping them (SIGKILL, a crash) takes them with it, as
one process would die: the kernel kills each worker (`PR_SET_PDEATHSIG`), so no worker
goes on answering for a server that is gone.
"""

from __future__ import annotations

import contextlib
import ctypes
import multiprocessing
import os
import shutil
import signal
import socket
import tempfile
import time
from pathlib import Path
from typing import Any

from fracas.core.errors import FracasError

STOP_SECONDS = 10
"""How long a worker is given to stop cleanly before it is killed."""
PR_SET_PDEATHSIG = 1


def serve_workers(
    url: str, host: str, port: int, count: int, uvicorn_options: dict[str, Any]
) -> None:
    """Run `count` workers serving the database at `url` on host:port until stopped."""
    probe = _listening_socket(host, port, listen=False)  # a taken port is refused here, once
    folder = Path(tempfile.mkdtemp(prefix="fracas-workers-"))
    context = multiprocessing.get_context("spawn")
    workers = [
        context.Process(
            target=_worker,
            args=(url, host, port, n, count, str(folder), os.getpid(), uvicorn_options),
            name=f"fracas-worker-{n}",
        )
        for n in range(count)
    ]
    stopping: list[int] = []

    def stop(signum: int, _frame: Any) -> None:
        stopping.append(signum)

    # set explicitly: a server started in the background inherits SIGINT ignored
    previous = {sig: signal.signal(sig, stop) for sig in (signal.SIGINT, signal.SIGTERM)}
    try:
        for worker in workers:
            worker.start()
        probe.close()
        while not stopping and all(worker.is_alive() for worker in workers):
            time.sleep(0.2)
    finally:
        probe.close()
        _stop(workers)
        shutil.rmtree(folder, ignore_errors=True)
        for sig, handler in previous.items():
            signal.signal(sig, handler)


def _stop(workers: list[Any]) -> None:
    for worker in workers:
        if worker.is_alive() and worker.pid is not None:
            with contextlib.suppress(ProcessLookupError):
                os.kill(worker.pid, signal.SIGTERM)
    deadline = time.monotonic() + STOP_SECONDS
    for worker in workers:
        worker.join(max(0.0, deadline - time.monotonic()))
        if worker.is_alive():
            worker.kill()
            worker.join()


def _worker(
    url: str,
    host: str,
    port: int,
    me: int,
    count: int,
    folder: str,
    parent: int,
    uvicorn_options: dict[str, Any],
) -> None:
    import uvicorn

    from fracas.store import open_store
    from fracas.web.app import create_app
    from fracas.web.bus import Bus

    _die_with(parent)
    with open_store(url) as store:
        bus = Bus(Path(folder), me, count)
        config = uvicorn.Config(create_app(store, bus=bus), **uvicorn_options)
        uvicorn.Server(config).run(sockets=[_listening_socket(host, port, listen=True)])


def _die_with(parent: int) -> None:
    """Have the kernel kill this worker when its parent dies without stopping it (Linux);
    were the parent already gone, stop now."""
    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
    if os.getppid() != parent:
        raise SystemExit(0)


def _listening_socket(host: str, port: int, *, listen: bool) -> socket.socket:
    """A TCP socket bound to host:port beside the other workers' (SO_REUSEPORT)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
    try:
        sock.bind((host, port))
    except OSError as error:
        sock.close()
        raise FracasError(f"cannot listen on {host}:{port}: {error.strerror}") from None
    if listen:
        sock.listen(2048)
        sock.set_inheritable(True)
    return sock
