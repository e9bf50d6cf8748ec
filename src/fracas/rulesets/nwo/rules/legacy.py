"""Throwables, areas of effect and conditions from the older revisions (option
legacy_throwables)."""

from __future__ import annotations

RULES: dict[type, tuple] = {}  # type: ignore[type-arg]
