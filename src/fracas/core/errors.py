"""The error family every refusal belongs to.

A caller that wants to catch "anything fracas refused" catches `FracasError`; each subclass
names the layer that refused, so the CLI can print one line and exit 2 without a traceback.
"""

from __future__ import annotations


class FracasError(Exception):
    """Root of every error fracas raises on purpose."""


class IllegalAction(FracasError):
    """An action the rules do not allow in the current state; the state is unchanged."""


class NotationError(FracasError):
    """Dice notation that does not parse; the message points at the offending character."""

    def __init__(self, message: str, *, text: str = "", column: int | None = None) -> None:
        super().__init__(message)
        self.text = text
        self.column = column


class DiceError(FracasError):
    """A die could not be rolled: a scripted face that does not fit, or no faces left."""


class ScenarioError(FracasError):
    """A scenario or character file that does not follow the contract."""


class DataError(FracasError):
    """A ruleset's bundled data table is malformed; a packaging bug, not user input."""


class TooLargeToCompute(DiceError):
    """Exact odds that would take too long or list too many totals; refused before any work."""
