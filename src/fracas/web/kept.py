"""What the server works out once and hands to every caller who asks the same: snapshots,
rendered markup, odds.

Each is kept by the inputs it was made from, and the oldest made is dropped past the
keeper's size: what a page asks for is almost always what the last few steps made, so
nothing smarter than first in, first out pays for itself. The keeper is shared by the
worker threads that build pages, so it holds its lock only to look up and to store, never
while making: two threads asking at once may both make the thing, and the later one is
kept.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

Made = TypeVar("Made")


class Kept(Generic[Made]):
    """Made things kept by their key, at most `size` of them. A key holding an object
    compared by identity (`held`, e.g. `id(x)` with `x` held) keeps that object too, so a
    key is never matched by a newer object at a reused address."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._made: OrderedDict[Hashable, tuple[object, Made]] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: Hashable, make: Callable[[], Made], held: object = None) -> Made:
        with self._lock:
            found = self._made.get(key)
        if found is not None and found[0] is held:
            return found[1]
        made = make()
        with self._lock:
            self._made[key] = (held, made)
            while len(self._made) > self.size:
                self._made.popitem(last=False)
        return made
