"""The only door to chance: every face fracas uses comes through a `Dice`.

Keeping chance behind one object is what makes fights reproducible. A seeded `Dice` replays
a fight exactly, a `ScriptedRng` lets tests and golden files say which faces come up, and a
`ManualRng` lets players at a table roll physical dice and type them in. Each roll becomes a
`DiceRolled` event holding every face, so the log can be audited and replayed without dice.

Faces are recorded in rolling order: term by term from left to right, each die in turn, the
extra faces of an exploding die right after it. Dice that keep/drop discards are recorded too;
only the total ignores them. `evaluate` is the same arithmetic fed from a list of faces, so
replay and the exact-odds tests agree with the roller by construction.
"""

from __future__ import annotations

import functools
import itertools
import random
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Protocol, TypeAlias, runtime_checkable

from fracas.core.errors import DiceError
from fracas.core.events import DiceRolled
from fracas.core.notation import EXPLOSION_CAP, DiceExpr, DiceTerm, as_expr


class Rng(Protocol):
    """Anything that can pick a whole number in [a, b]; `random.Random` already does."""

    def randint(self, a: int, b: int, /) -> int: ...


Answer: TypeAlias = int | str | None
"""What a person gave for a face: a number, text meant to be one, or None for no more input."""


def _name(a: int, b: int) -> str:
    return f"d{b}" if a == 1 else f"die from {a} to {b}"


def _die(a: int, b: int) -> str:
    return f"{_name(a, b)} ({a}-{b})"


class ScriptedRng:
    """Hands out a fixed list of faces, so a test can say exactly what the dice show.

    It refuses rather than bends: a face that does not fit the die, or running out, is a
    broken script and raises DiceError saying where.
    """

    __slots__ = ("_faces", "_used")

    def __init__(self, faces: Iterable[int]) -> None:
        self._faces = tuple(faces)
        self._used = 0

    def randint(self, a: int, b: int, /) -> int:
        if self._used >= len(self._faces):
            used = len(self._faces)
            raise DiceError(
                f"the scripted dice ran out after {used} faces; a {_name(a, b)} was needed"
            )
        face = self._faces[self._used]
        self._used += 1
        if not a <= face <= b:
            raise DiceError(
                f"scripted face {face} (number {self._used} in the script) "
                f"does not fit a {_die(a, b)}"
            )
        return face

    @property
    def remaining(self) -> tuple[int, ...]:
        """Faces not yet handed out; a finished fight with some left means a wrong script."""
        return self._faces[self._used :]

    @property
    def used(self) -> int:
        return self._used


class ManualRng:
    """Asks a person for each face, for tables that roll real dice.

    `ask(low, high, purpose)` gets the die's lowest and highest face and what the roll is
    for ("attack: ada with sword (die 2 of 2d6)"), so the person knows which die to pick up.
    It returns what was typed; checking it is this class's job, so every front end refuses
    the same things. An answer that is not a whole number in range is asked again, up to
    `attempts` times in all, then DiceError: a callback that keeps answering nonsense is a
    bug, and looping on it forever would hang the fight. None (the input ended) is
    DiceError at once. `refused`, when given, hears why an answer was not taken, so a person
    asked again knows what was wrong.
    """

    __slots__ = ("_ask", "_attempts", "_refused")

    def __init__(
        self,
        ask: Callable[[int, int, str], Answer],
        *,
        attempts: int = 3,
        refused: Callable[[str], None] | None = None,
    ) -> None:
        if attempts < 1:
            raise ValueError("attempts must be at least 1")
        self._ask = ask
        self._attempts = attempts
        self._refused = refused

    def randint(self, a: int, b: int, /) -> int:
        return self.face_for(a, b, "")

    def face_for(self, a: int, b: int, purpose: str) -> int:
        """A face for a die rolled for `purpose`; `Dice` calls this instead of `randint`."""
        answers: list[str] = []
        for _ in range(self._attempts):
            answer = self._ask(a, b, purpose)
            if answer is None:
                wanted = f" for {purpose}" if purpose else ""
                raise DiceError(f"the input ended while a {_die(a, b)} was wanted{wanted}")
            face = _as_face(answer)
            if face is not None and a <= face <= b:
                return face
            shown = str(face) if face is not None else repr(str(answer).strip())
            answers.append(shown)
            if self._refused is not None:
                self._refused(f"{shown} is not a face of a {_die(a, b)}")
        tried = ", ".join(answers)
        raise DiceError(f"no face that fits a {_die(a, b)} after {len(answers)} tries ({tried})")


def _as_face(answer: int | str) -> int | None:
    if isinstance(answer, int):
        return answer
    text = answer.strip()
    digits = text.removeprefix("-").removeprefix("+")
    return int(text) if digits.isascii() and digits.isdigit() and len(digits) <= 9 else None


Draw: TypeAlias = Callable[[DiceTerm, int, int], int]
"""Gives a face for die number `die` (from 1) of `term`, its `again`-th explosion (0: first)."""


def _total(expr: DiceExpr, draw: Draw) -> int:
    """The tree's arithmetic, with faces coming from `draw` in rolling order."""
    total = 0
    for sign, term in expr.terms:
        if isinstance(term, DiceTerm):
            total += sign * _term_total(term, draw)
        else:
            total += sign * term.value
    return total


def _term_total(term: DiceTerm, draw: Draw) -> int:
    sides = term.sides
    values = []
    for die in range(1, term.count + 1):
        value = last = draw(term, die, 0)
        if term.explode:
            extra = 0
            while last == sides and extra < EXPLOSION_CAP:
                extra += 1
                last = draw(term, die, extra)
                value += last
        values.append(value)
    if term.keep is not None:
        values = term.keep.select(values)
    if term.count_if is not None:
        return sum(1 for v in values if term.count_if.test(v))
    return sum(values)


def _which(term: DiceTerm, die: int, again: int) -> str:
    """Which die a face is for, in words a person at the table can follow."""
    which = f"die {die} of {term}"
    return which if not again else f"{which} exploded, extra roll {again}"


def evaluate(expr: str | DiceExpr, faces: Sequence[int]) -> int:
    """The total `expr` gives when the dice show `faces`, in rolling order.

    Pure, so replay and the exact-odds tests can use it. The faces must be exactly the ones
    the expression consumes; too few, too many or one that does not fit raises DiceError.
    """
    parsed = as_expr(expr)
    source: Iterator[int] = iter(faces)
    position = 0

    def draw(term: DiceTerm, die: int, again: int) -> int:
        nonlocal position
        sides = term.sides
        face = next(source, None)
        position += 1
        if face is None:
            raise DiceError(f"'{parsed}' needs more than the {len(faces)} faces given")
        if not 1 <= face <= sides:
            raise DiceError(f"face {face} (number {position}) does not fit a {_die(1, sides)}")
        return face

    total = _total(parsed, draw)
    if position < len(faces):
        raise DiceError(f"'{parsed}' used {position} of the {len(faces)} faces given")
    return total


@runtime_checkable
class Attentive(Protocol):
    """An rng that wants to know what each face is for: a person rolling real dice."""

    def face_for(self, a: int, b: int, purpose: str, /) -> int: ...


class Dice:
    """Rolls expressions into `DiceRolled` events; give the engine one of these, never an rng."""

    __slots__ = ("_attentive", "_plain", "rng")

    evaluate = staticmethod(evaluate)

    def __init__(self, rng: Rng) -> None:
        self.rng = rng
        self._plain = type(rng) is random.Random
        """The standard library's own generator: its faces always fit the die, so they are
        drawn without a check and without a call per face (a subclass may override
        `randint`, so only the class itself qualifies)."""
        # decided once here: simulations roll millions of dice and never need the words;
        # the standard generator is not a person, and asking a runtime protocol costs more
        # than seeding it (a simulated trial makes a `Dice` per fight)
        self._attentive = None if self._plain or not isinstance(rng, Attentive) else rng

    @classmethod
    def seeded(cls, seed: int | str | None) -> Dice:
        """A `random.Random` roller; the same seed gives the same fight, None an unseeded one."""
        return cls(random.Random(seed))

    def roll(self, expr: str | DiceExpr, *, reason: str) -> DiceRolled:
        parsed = as_expr(expr)
        if self._plain:
            return self._roll_plain(parsed, reason)
        faces: list[int] = []
        randint = self.rng.randint
        attentive = self._attentive

        def draw(term: DiceTerm, die: int, again: int) -> int:
            sides = term.sides
            if attentive is None:
                face = randint(1, sides)
            else:
                which = _which(term, die, again)
                face = attentive.face_for(1, sides, f"{reason} ({which})" if reason else which)
            if not 1 <= face <= sides:  # a home-made Rng with an off-by-one would skew odds
                raise DiceError(f"the dice gave {face} for a {_die(1, sides)}")
            faces.append(face)
            return face

        total = _total(parsed, draw)
        return DiceRolled(expr=str(parsed), faces=tuple(faces), total=total, reason=reason)

    def _roll_plain(self, parsed: DiceExpr, reason: str) -> DiceRolled:
        """`roll` for a `random.Random`: the same faces in the same order and the same total,
        with a plain term's dice drawn in one comprehension. Simulations roll through here,
        and calling a closure per face cost more than the face itself."""
        randint = self.rng.randint
        faces: list[int] = []

        def draw(term: DiceTerm, die: int, again: int) -> int:
            face = randint(1, term.sides)
            faces.append(face)
            return face

        total = 0
        for sign, term in parsed.terms:
            if not isinstance(term, DiceTerm):
                total += sign * term.value
            elif term.explode or term.keep is not None:
                total += sign * _term_total(term, draw)
            else:
                sides = term.sides
                rolled = [randint(1, sides) for _ in range(term.count)]
                faces.extend(rolled)
                test = term.count_if
                if test is None:
                    total += sign * sum(rolled)
                else:
                    total += sign * sum(1 for v in rolled if test.test(v))
        return DiceRolled(expr=str(parsed), faces=tuple(faces), total=total, reason=reason)


RandInt: TypeAlias = Callable[[int, int], int]
"""`randint` of the generator behind a `Dice` (`Dice.rng.randint`)."""

Totaller: TypeAlias = Callable[[RandInt], int]
"""Rolls one expression's total from a `randint`, without an event."""


def totaller(expr: str | DiceExpr) -> Totaller:
    """A function that rolls `expr`'s total from a `randint`, drawing the very faces `Dice.roll`
    draws, in the same order (term by term, die by die, an explosion's extra faces right
    after its die), but making no `DiceRolled`: for a simulation fast path, which keeps no log
    and must still play the fight `Dice.roll` would. Compiled once per expression; the plain
    shapes the rulesets' cards use (`1d6+3`, `2d6+1`) become a single expression each."""
    parsed = as_expr(expr)
    plain = all(
        not isinstance(term, DiceTerm)
        or (not term.explode and term.keep is None and term.count_if is None)
        for _, term in parsed.terms
    )
    if not plain:

        def rolled(randint: RandInt) -> int:
            return _total(parsed, lambda term, die, again: randint(1, term.sides))

        return rolled
    constant = 0
    dice: list[tuple[int, int]] = []
    for sign, term in parsed.terms:
        if isinstance(term, DiceTerm):
            dice.extend((sign, term.sides) for _ in range(term.count))
        else:
            constant += sign * term.value
    if all(sign == 1 for sign, _ in dice):
        sides = [s for _, s in dice]
        if len(sides) == 1:
            (only,) = sides
            return lambda randint: randint(1, only) + constant
        if len(sides) == 2:
            first, second = sides
            return lambda randint: randint(1, first) + randint(1, second) + constant
        if not sides:
            return lambda randint: constant
        return lambda randint: sum([randint(1, s) for s in sides]) + constant
    return lambda randint: sum([sign * randint(1, s) for sign, s in dice]) + constant


# -- one die's faces in bulk, for a simulation fast path --------------------------------------

NextFace: TypeAlias = Callable[[], int]
"""Hands out the next face of one kind of die."""

STREAM_WORDS = 64
"""The generator's 32-bit words a face stream draws at a time: a tiers duel's 31 d20s take
about 50, so one draw serves most fights."""


def face_stream(dice: Dice, sides: int, words: int = STREAM_WORDS) -> NextFace:
    """The faces `dice.rng.randint(1, sides)` would give, one a call, in the same order.

    Why: a fast path that rolls a few dozen dice a fight spends most of their time in the
    three Python functions `random.Random.randint` runs through, not in the generator. For a
    die of up to 255 sides those come down to this: the top `sides.bit_length()` bits of the
    generator's next 32-bit word, another word while they read `sides` or more. So the faces
    are read from `words` words drawn by one `getrandbits` call: each word's top byte, mapped
    to its face and the too-high ones dropped by one `bytes.translate`, all in C.

    The only difference is the generator's state afterwards: the last draw took words no face
    used. Use it only where nothing rolls through `dice` after (a simulated trial's own
    generator). The equivalence rests on CPython's `random` internals, not a documented
    promise, so it is checked against `randint` itself once per process and die; where it
    does not hold, for dice of another size, and for any generator that is not exactly
    `random.Random` (scripted dice, a recording subclass), the faces come from `randint` one
    by one."""
    rng = dice.rng
    if type(rng) is random.Random and 2 <= sides <= 255 and _stream_agrees(sides):
        return _bulk_faces(rng, sides, words)
    randint = rng.randint
    return lambda: randint(1, sides)


def _bulk_faces(rng: random.Random, sides: int, words: int) -> NextFace:
    table, dropped = _face_tables(sides)
    getrandbits, bits, width = rng.getrandbits, 32 * words, 4 * words

    def chunk(_: None) -> bytes:
        # getrandbits(32 * m) holds the m words in drawing order from its least significant
        # end, so the words' top bytes are every fourth byte of its little-endian form
        return getrandbits(bits).to_bytes(width, "little")[3::4].translate(table, dropped)

    return itertools.chain.from_iterable(map(chunk, itertools.repeat(None))).__next__


@functools.cache
def _face_tables(sides: int) -> tuple[bytes, bytes]:
    """A word's top byte to its face, and the top bytes past the die (drawn again)."""
    shift = 8 - sides.bit_length()  # `_randbelow_with_getrandbits` takes n.bit_length() bits
    table = bytes((byte >> shift) + 1 if byte >> shift < sides else 0 for byte in range(256))
    dropped = bytes(byte for byte in range(256) if byte >> shift >= sides)
    return table, dropped


_STREAM_CHECKED: dict[int, bool] = {}
"""Whether `_bulk_faces` gives `randint`'s faces for a die, once checked in this process."""


def _stream_agrees(sides: int) -> bool:
    """`_bulk_faces` against `randint` over a few seeds, past several draws of words."""
    verdict = _STREAM_CHECKED.get(sides)
    if verdict is None:
        verdict = _STREAM_CHECKED[sides] = all(
            _same_faces(f"stream:{seed}", sides, faces=200, words=4) for seed in range(8)
        )
    return verdict


def _same_faces(seed: str, sides: int, faces: int, words: int) -> bool:
    plain = random.Random(seed)
    bulk = _bulk_faces(random.Random(seed), sides, words)
    return all(plain.randint(1, sides) == bulk() for _ in range(faces))
