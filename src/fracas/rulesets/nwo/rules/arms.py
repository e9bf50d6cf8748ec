"""Weapons in hand: drawing, swapping, dropping, disarming, reloading and suppressive fire
(seed 000: "Drawing and Swapping Weapons", "Disarming", "Reloading", "Suppressive Fire")."""

from __future__ import annotations

RULES: dict[type, tuple] = {}  # type: ignore[type-arg]
