"""Prone, standing and bracing (seed 000: "Prone", "Brace")."""

from __future__ import annotations

RULES: dict[type, tuple] = {}  # type: ignore[type-arg]
