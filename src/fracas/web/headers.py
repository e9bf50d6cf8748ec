"""Security headers on every answer of the web table.

A link token is the only credential and it sits in the page's address, so the headers are
chosen to keep it there: no Referer leaves a page (a player's link would otherwise reach
any site a page linked to), no other site may frame a page (clicks on a framed GM page
could be stolen), and the page runs only the server's own script file, so even markup that
slipped past the escaping could not run (the page has no inline script: `fracas.js` is a
file). Inline `style` attributes stay allowed: the tracker's HP bars and side colours and
the SVG map use them, and a style cannot run code in the browsers the table supports.
docs/security.md gives the reasons in full.
"""

from __future__ import annotations

from starlette.types import ASGIApp, Message, Receive, Scope, Send

CONTENT_SECURITY_POLICY = "; ".join(
    (
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data:",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    )
)
HEADERS: tuple[tuple[bytes, bytes], ...] = (
    (b"content-security-policy", CONTENT_SECURITY_POLICY.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
    (b"cross-origin-opener-policy", b"same-origin"),
)
"""Added to every HTTP answer; X-Frame-Options says frame-ancestors to older browsers."""


class SecurityHeaders:
    """ASGI middleware adding `HEADERS` to every HTTP response (not to WebSocket frames,
    which carry no headers after the handshake)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                present = {name.lower() for name, _ in message.get("headers", [])}
                extra = [(name, value) for name, value in HEADERS if name not in present]
                message = {**message, "headers": [*message.get("headers", []), *extra]}
            await send(message)

        await self.app(scope, receive, send_with_headers)
