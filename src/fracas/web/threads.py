"""Where the server's blocking work runs: the store's reads and writes, and building each
step's messages, off the event loop.

A plain thread pool through `loop.run_in_executor`, rather than Starlette's
`run_in_threadpool`: that one goes through anyio's backend lookup, capacity limiter and
context copy on every call, which under load took a twelfth of the server's time for
hand-overs that need none of it (docs/performance.md).
"""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

T = TypeVar("T")
THREADS = 40
"""As many as anyio's default limiter allowed: an action waiting for its commit holds one,
and the commits of waiting actions are shared (store/batch.py), so more waiting is cheap."""

_POOL = ThreadPoolExecutor(max_workers=THREADS, thread_name_prefix="fracas-web")


async def in_thread(call: Callable[..., T], *args: Any) -> T:
    """`call(*args)` in a worker thread, awaited."""
    loop = asyncio.get_running_loop()
    return await loop.run_in_executor(_POOL, functools.partial(call, *args))
