"""The dice panel: 2d6 plus a modifier, advantage, crits on doubles, checks and contests.

A1: the panel's die is 2d6 ("Double 6" needs two dice). A2: advantage rolls the pair twice and
keeps the better total (or 3d6 keeping the best two, by option); disadvantage the worse; the
two cancel. A crit is read off the kept pair, so when both pairs show the same total the crit
decides which is better: advantage keeps the crit, disadvantage the plain pair.
"""

from __future__ import annotations

from dataclasses import dataclass

from fracas.core.transaction import Transaction
from fracas.rulesets.nwo.events import Rolled
from fracas.rulesets.nwo.rules.common import fighter, options


@dataclass(frozen=True, slots=True)
class Ask:
    """The arguments of one panel roll, before conditions (A21) adjust the edge."""

    purpose: str
    modifier: int
    edge: int
    crit_faces: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class PanelRoll:
    pair: tuple[int, int]
    modifier: int
    total: int
    edge: int
    asked: Ask
    """What the roll was asked with, so that a re-roll (a Parry re-rolled by agreement) is the
    same roll again rather than one rebuilt from a state that has moved on."""

    def is_double(self, faces: tuple[int, ...]) -> bool:
        return is_double(self.pair, faces)


def is_double(pair: tuple[int, ...], faces: tuple[int, ...]) -> bool:
    return pair[0] == pair[1] and pair[0] in faces


def edge_of(advantages: int, disadvantages: int) -> int:
    """Sources do not stack; one of each cancels (A2)."""
    return (advantages > 0) - (disadvantages > 0)


def roll(
    tx: Transaction,
    who: str,
    purpose: str,
    modifier: int,
    edge: int = 0,
    crit_faces: tuple[int, ...] = (),
) -> PanelRoll:
    from fracas.rulesets.nwo.rules import legacy  # conditions of the legacy module

    asked = Ask(purpose, modifier, edge, crit_faces)
    if edge >= 0 and legacy.afflicted(fighter(tx.state, who)):
        edge -= 1  # A21: a Condition gives disadvantage on all the afflicted's rolls
    reason = f"{purpose}: {who}"
    if edge != 0 and options(tx.state).advantage == "three_dice_keep_two":
        faces = _faces(tx, "3d6", reason)
        kept = sorted(faces, reverse=edge > 0)[:2]
        pair = (kept[0], kept[1])
    elif edge != 0:
        first = _faces(tx, "2d6", reason)
        second = _faces(tx, "2d6", reason)
        chosen = second if _preferred(second, first, edge, crit_faces) else first
        pair = (chosen[0], chosen[1])
    else:
        faces = _faces(tx, "2d6", reason)
        pair = (faces[0], faces[1])
    result = PanelRoll(pair, modifier, pair[0] + pair[1] + modifier, edge, asked)
    tx.emit(
        Rolled(
            combatant=who,
            purpose=purpose,
            pair=pair,
            modifier=modifier,
            total=result.total,
            edge=edge,
            crit=result.is_double(crit_faces),
        )
    )
    return result


def again(tx: Transaction, who: str, previous: PanelRoll, why: str) -> PanelRoll:
    """The same roll once more: its modifier (help bonus included, though the help was spent
    by the first roll), its edge and its crit faces, as they were asked the first time."""
    asked = previous.asked
    return roll(tx, who, f"{asked.purpose} ({why})", asked.modifier, asked.edge, asked.crit_faces)


def _preferred(
    second: tuple[int, ...], first: tuple[int, ...], edge: int, crit_faces: tuple[int, ...]
) -> bool:
    """Whether the second pair is the one to keep: the higher total with advantage, the lower
    with disadvantage; on equal totals a crit counts as the better pair (a Double 5 beats a
    6 and 4 for a Double 5 / Double 6 weapon). Equal in both: the first pair stays."""
    first_rank = (sum(first), is_double(first, crit_faces))
    second_rank = (sum(second), is_double(second, crit_faces))
    return second_rank > first_rank if edge > 0 else second_rank < first_rank


def _faces(tx: Transaction, expr: str, reason: str) -> tuple[int, ...]:
    before = len(tx.events)
    tx.roll(expr, reason)
    rolled = tx.events[before]
    faces: tuple[int, ...] = rolled.faces  # type: ignore[attr-defined]
    return faces


def check(tx: Transaction, who: str, purpose: str, modifier: int, dc: int, edge: int = 0) -> bool:
    """A check against a DC: the total must reach it ("DC 10": 10 or more passes)."""
    return roll(tx, who, f"{purpose} (DC {dc})", modifier, edge).total >= dc
