"""The web layer's bounds on what a client may send, enforced before any route reads it.

Starlette hands a route the whole body when it asks (`request.body()`, `request.form()`), so a
client streaming gigabytes would be read into memory before the route's own check saw the
size. `BoundedRequests` sits in front of every route instead: an HTTP body is taken up to
`MAX_REQUEST_BYTES` and refused with 413 past it (a declared Content-Length above it without
reading a byte), and a WebSocket message above `MAX_MESSAGE_BYTES` closes that socket with
1009 ("message too big") before the route sees it. docs/limits.md lists every bound.
"""

from __future__ import annotations

import json
from typing import Any

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from fracas.store import MAX_SCENARIO_BYTES

MAX_MESSAGE_BYTES = 65_536
"""The largest API request body or socket message read: an action is at most 16 KiB."""
MAX_REQUEST_BYTES = MAX_SCENARIO_BYTES + MAX_MESSAGE_BYTES
"""Any HTTP body: an uploaded scenario (at most 1 MiB) with room for its form's framing."""
TOO_BIG = 1009
"""The WebSocket close code for a message larger than the receiver takes (RFC 6455)."""


class BoundedRequests:
    """ASGI middleware holding every request to the bounds above."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            await self._http(scope, receive, send)
        elif scope["type"] == "websocket":
            await self.app(scope, _bounded_socket(receive, send), send)
        else:
            await self.app(scope, receive, send)

    async def _http(self, scope: Scope, receive: Receive, send: Send) -> None:
        declared = dict(scope.get("headers") or []).get(b"content-length")
        if declared is not None and (not declared.isdigit() or int(declared) > MAX_REQUEST_BYTES):
            await _too_large(send)
            return
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":
                break  # the client went away; the route hears it as the body ending
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > MAX_REQUEST_BYTES:
                await _too_large(send)
                return
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        await self.app(scope, _replaying(b"".join(chunks), receive), send)


def _replaying(body: bytes, receive: Receive) -> Receive:
    """The body already read, handed to the route as one message; then the real stream (for
    the disconnect Starlette listens for)."""
    given = False

    async def replay() -> Message:
        nonlocal given
        if not given:
            given = True
            return {"type": "http.request", "body": body, "more_body": False}
        return await receive()

    return replay


def _bounded_socket(receive: Receive, send: Send) -> Receive:
    async def bounded() -> Message:
        message = await receive()
        if message["type"] == "websocket.receive":
            data: Any = message.get("text") or message.get("bytes") or ""
            if len(data) > MAX_MESSAGE_BYTES:
                await send({"type": "websocket.close", "code": TOO_BIG})
                return {"type": "websocket.disconnect", "code": TOO_BIG}
        return message

    return bounded


async def _too_large(send: Send) -> None:
    body = json.dumps({"error": f"a request is at most {MAX_REQUEST_BYTES} bytes"}).encode()
    headers = [(b"content-type", b"application/json"), (b"content-length", b"%d" % len(body))]
    await send({"type": "http.response.start", "status": 413, "headers": headers})
    await send({"type": "http.response.body", "body": body})
