"""The dice grammar under fuzzing: any text either parses to an expression that rolls within
its bounds or is refused with one `NotationError`; nothing else escapes (issue 12, part 3).

Text is drawn two ways: any Unicode at all, and strings built from the grammar's own
alphabet, which reach the parser's deeper branches (keep/drop, comparisons, explosions)
far more often than random characters would."""

from __future__ import annotations

import contextlib

from hypothesis import example, given
from hypothesis import strategies as st

from fracas.core.dice import Dice, ManualRng, evaluate
from fracas.core.distribution import distribution
from fracas.core.errors import DiceError, FracasError, NotationError
from fracas.core.notation import EXPLOSION_CAP, MAX_DICE, MAX_TEXT, DiceExpr, parse

ALPHABET = "0123456789dD+-!khlKHL<>= \t"
GRAMMAR_TEXT = st.text(alphabet=ALPHABET, max_size=40)
DICE_WORDS = st.lists(
    st.sampled_from(
        [
            "1",
            "6",
            "10",
            "1000",
            "10000",
            "10001",
            "999999999",
            "1234567890",
            "d",
            "d6",
            "d1",
            "!",
            "kh",
            "kl",
            "dh",
            "dl",
            "kh3",
            ">=",
            ">",
            "<",
            "<=",
            "+",
            "-",
            " ",
            "3d6",
        ]
    ),
    max_size=12,
).map("".join)
ANY_TEXT = st.one_of(st.text(max_size=60), GRAMMAR_TEXT, DICE_WORDS)


def parsed_or_refused(text: str) -> DiceExpr | None:
    try:
        return parse(text)
    except NotationError as error:
        assert str(error).startswith("bad dice notation"), str(error)
        return None


@given(ANY_TEXT)
@example("1001d6")
@example("1d6" + "+1d6" * 1000)
@example("9" * 5000)
@example("d1!")
@example("1000d6!")
@example("\x00d6")
def test_any_text_parses_or_is_refused_with_a_notation_error(text: str) -> None:
    """What parses spells itself back to an equal tree; what does not gets a NotationError."""
    found = parsed_or_refused(text)
    if found is not None:
        assert len(text) <= MAX_TEXT
        assert parse(str(found)) == found


@given(ANY_TEXT, st.integers(min_value=0, max_value=2**32))
@example("1000d2!", 0)
def test_whatever_parses_rolls_within_the_bounds(text: str, seed: int) -> None:
    """A roll ends: at most MAX_DICE dice, each adding at most EXPLOSION_CAP extra faces."""
    found = parsed_or_refused(text)
    if found is None:
        return
    rolled = Dice.seeded(seed).roll(found, reason="fuzz")
    assert len(rolled.faces) <= MAX_DICE * (EXPLOSION_CAP + 1)
    assert evaluate(found, rolled.faces) == rolled.total


@given(ANY_TEXT, st.lists(st.integers(min_value=-(2**70), max_value=2**70), max_size=30))
@example("1d6", [7])
@example("2d6", [1])
@example("1d6", [1, 2])
def test_faces_that_do_not_fit_are_a_dice_error(text: str, faces: list[int]) -> None:
    """`evaluate` (replay, typed-in dice) answers a total or refuses the faces."""
    found = parsed_or_refused(text)
    if found is None:
        return
    with contextlib.suppress(DiceError):
        evaluate(found, faces)


@given(GRAMMAR_TEXT | DICE_WORDS)
@example("1000d10000")
@example("1000d6!")
@example("100d100kh50")
def test_exact_odds_answer_or_refuse_as_too_large(text: str) -> None:
    """`fracas odds` refuses what it cannot work out quickly, before doing the work."""
    found = parsed_or_refused(text)
    if found is None:
        return
    try:
        dist = distribution(found)
    except FracasError:
        return
    assert sum(p for _, p in dist.probabilities) == 1  # exact fractions, so exactly one


ANSWERS = st.one_of(st.none(), st.integers(-(10**30), 10**30), st.text(max_size=30))


@given(st.lists(ANSWERS, min_size=1, max_size=8), st.sampled_from(["1d6", "3d6!", "2d20kh1"]))
@example(["9" * 4000], "1d6")
@example(["\u0663"], "1d6")
def test_typed_in_faces_are_taken_or_refused(answers: list[object], text: str) -> None:
    """A person typing faces at `--manual` gets a face used or a DiceError, never a crash."""
    queue = list(answers)

    def ask(low: int, high: int, purpose: str) -> object:
        return queue.pop(0) if queue else None

    try:
        rolled = Dice(ManualRng(ask)).roll(text, reason="fuzz")  # type: ignore[arg-type]
    except DiceError:
        return
    assert evaluate(text, rolled.faces) == rolled.total
