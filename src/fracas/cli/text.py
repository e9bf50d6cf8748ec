"""User text on the terminal, shown as the characters it holds and nothing more.

Names, sides, conditions and the rest come from scenario files, which anyone may write. Rich
reads square brackets as markup (``[/]`` even raises), and a terminal obeys escape sequences
(``\\x1b[2J`` clears the screen, others retitle the window or fake earlier output). So every
piece of such text goes through `plain` (control characters written as escapes) and, where
Rich parses markup, `literal` (brackets escaped as well).
"""

from __future__ import annotations

import unicodedata

_BIDI = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
"""Direction overrides: they can make a name display as other text than it holds."""


def plain(text: str) -> str:
    """`text` with control characters and direction overrides written as Python escapes."""
    if text.isprintable():
        return text
    return "".join(_escape(c) if _hidden(c) else c for c in text)


def plain_lines(text: str) -> str:
    """`plain` line by line, for messages whose line breaks are ours (a caret under a typo)."""
    return "\n".join(plain(line) for line in text.split("\n"))


def literal(text: str) -> str:
    """`plain(text)` made safe to put inside Rich markup, so it shows exactly as typed."""
    from rich.markup import escape

    return escape(plain(text))


def _hidden(char: str) -> bool:
    return unicodedata.category(char) == "Cc" or char in _BIDI


def _escape(char: str) -> str:
    code = ord(char)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"
