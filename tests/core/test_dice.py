"""Rolling: scripted and manual faces, the order faces are recorded in, and the totals."""

from __future__ import annotations

import random

import pytest

from fracas.core.dice import Dice, ManualRng, Rng, ScriptedRng, evaluate, totaller
from fracas.core.errors import DiceError
from fracas.core.events import DiceRolled
from fracas.core.notation import EXPLOSION_CAP, MAX_DICE, parse


def roll(text: str, *faces: int) -> DiceRolled:
    rng = ScriptedRng(faces)
    rolled = Dice(rng).roll(text, reason="test")
    assert rng.remaining == (), "every scripted face should be used"
    return rolled


@pytest.mark.parametrize(
    ("text", "faces", "total"),
    [
        ("2d6+3", (2, 5), 10),
        ("d20-1", (1,), 0),
        ("1d8+2d6-1d4", (8, 1, 6, 4), 11),
        ("4d6kh3", (3, 1, 6, 5), 14),
        ("4d6kl3", (3, 1, 6, 5), 9),
        ("4d6dh1", (3, 1, 6, 5), 9),
        ("4d6dl1", (3, 1, 6, 5), 14),
        ("2d20kh1", (7, 19), 19),
        ("2d20kl1", (7, 19), 7),
        ("6d6>=5", (1, 5, 6, 4, 5, 2), 3),
        ("6d6>4", (1, 5, 6, 4, 5, 2), 3),
        ("6d6>=5+2", (6, 6, 1, 1, 1, 1), 4),
        ("5d10<7", (1, 7, 6, 10, 3), 3),
        ("5d10<=6", (1, 7, 6, 10, 3), 3),
        ("1d6!", (6, 6, 2), 14),
        ("1d6!", (5,), 5),
        ("2d6!", (6, 1, 6, 6, 3), 22),
        ("3d6!kh1", (6, 2, 4, 5), 8),
        ("3d6!>=7", (6, 6, 1, 2, 6, 4), 2),
        ("-1d4+10", (3,), 7),
        ("4", (), 4),
    ],
)
def test_totals_and_faces(text: str, faces: tuple[int, ...], total: int) -> None:
    rolled = roll(text, *faces)
    assert rolled.faces == faces
    assert rolled.total == total
    assert Dice.evaluate(text, faces) == total


def test_event_carries_the_normalized_expression_and_reason() -> None:
    rolled = Dice(ScriptedRng([4])).roll(" D6 +1", reason="longsword damage")
    assert rolled == DiceRolled(expr="1d6+1", faces=(4,), total=5, reason="longsword damage")


def test_roll_accepts_a_tree() -> None:
    assert Dice(ScriptedRng([3, 4])).roll(parse("2d6"), reason="").total == 7


def test_explosions_stop_at_the_cap() -> None:
    faces = [6] * (EXPLOSION_CAP + 1)
    rolled = Dice(ScriptedRng([*faces, 2])).roll("1d6!+1d6", reason="")
    assert rolled.faces == (*faces, 2)
    assert rolled.total == 6 * (EXPLOSION_CAP + 1) + 2


# -- ScriptedRng ------------------------------------------------------------------------


def test_scripted_face_that_does_not_fit() -> None:
    with pytest.raises(DiceError) as caught:
        Dice(ScriptedRng([1, 2, 7])).roll("3d6", reason="")
    assert str(caught.value) == "scripted face 7 (number 3 in the script) does not fit a d6 (1-6)"


def test_scripted_dice_run_out() -> None:
    with pytest.raises(DiceError) as caught:
        Dice(ScriptedRng([1, 2, 3, 4])).roll("5d6", reason="")
    assert str(caught.value) == "the scripted dice ran out after 4 faces; a d6 was needed"


def test_scripted_remaining_and_used() -> None:
    rng = ScriptedRng(iter([1, 2, 3, 4]))
    Dice(rng).roll("1d4+1d4", reason="")
    assert rng.remaining == (3, 4)
    assert rng.used == 2


def test_scripted_die_not_starting_at_one() -> None:
    with pytest.raises(DiceError, match=r"does not fit a die from 2 to 5 \(2-5\)"):
        ScriptedRng([1]).randint(2, 5)


# -- ManualRng --------------------------------------------------------------------------


def test_manual_asks_for_each_face_with_the_die_range() -> None:
    asked: list[tuple[int, int]] = []
    answers = iter([4, 12])

    def ask(low: int, high: int, purpose: str) -> int:
        asked.append((low, high))
        return next(answers)

    rolled = Dice(ManualRng(ask)).roll("1d6+1d20", reason="")
    assert asked == [(1, 6), (1, 20)]
    assert rolled.faces == (4, 12)


def test_manual_says_what_each_face_is_for() -> None:
    asked: list[str] = []
    answers = iter([6, 6, 2, 3, 1])

    def ask(low: int, high: int, purpose: str) -> int:
        asked.append(purpose)
        return next(answers)

    rolled = Dice(ManualRng(ask)).roll("1d6!+2d4", reason="ada's attack roll")
    assert rolled.total == 6 + 6 + 2 + 3 + 1
    assert asked == [
        "ada's attack roll (die 1 of 1d6!)",
        "ada's attack roll (die 1 of 1d6! exploded, extra roll 1)",
        "ada's attack roll (die 1 of 1d6! exploded, extra roll 2)",
        "ada's attack roll (die 1 of 2d4)",
        "ada's attack roll (die 2 of 2d4)",
    ]


def test_manual_asks_again_when_the_face_does_not_fit() -> None:
    answers = iter([0, 9, 3])
    rng = ManualRng(lambda low, high, purpose: next(answers))
    assert Dice(rng).roll("1d6", reason="").total == 3


def test_manual_takes_typed_text_and_says_why_it_refused_some() -> None:
    answers = iter(["two", " 2.5", "7", " 4\n"])
    told: list[str] = []
    rng = ManualRng(lambda low, high, purpose: next(answers), attempts=4, refused=told.append)
    assert Dice(rng).roll("1d6", reason="").total == 4
    assert told == [
        "'two' is not a face of a d6 (1-6)",
        "'2.5' is not a face of a d6 (1-6)",
        "7 is not a face of a d6 (1-6)",
    ]


def test_manual_gives_up_after_its_attempts() -> None:
    rng = ManualRng(lambda low, high, purpose: 7, attempts=2)
    with pytest.raises(DiceError, match=r"d6 \(1-6\) after 2 tries \(7, 7\)"):
        Dice(rng).roll("1d6", reason="")


def test_manual_refuses_when_the_input_ends() -> None:
    rng = ManualRng(lambda low, high, purpose: None)
    with pytest.raises(DiceError) as caught:
        Dice(rng).roll("2d6", reason="rook's defense")
    assert str(caught.value) == (
        "the input ended while a d6 (1-6) was wanted for rook's defense (die 1 of 2d6)"
    )


def test_manual_needs_an_attempt() -> None:
    with pytest.raises(ValueError):
        ManualRng(lambda low, high, purpose: 1, attempts=0)


# -- seeded and other rngs ------------------------------------------------------------------


def test_seeded_dice_repeat() -> None:
    def fight(seed: int | str) -> list[tuple[int, ...]]:
        dice = Dice.seeded(seed)
        return [dice.roll("4d6kh3+1d20", reason="").faces for _ in range(5)]

    assert fight("fight-7") == fight("fight-7")
    assert fight(7) != fight(8)


def test_random_random_is_an_rng() -> None:
    rng: Rng = random.Random(1)
    rolled = Dice(rng).roll("10d6", reason="")
    assert all(1 <= f <= 6 for f in rolled.faces)
    assert rolled.total == sum(rolled.faces)


def test_a_broken_rng_is_caught() -> None:
    class OffByOne:
        def randint(self, a: int, b: int, /) -> int:
            return b + 1

    with pytest.raises(DiceError, match="gave 7 for a d6"):
        Dice(OffByOne()).roll("1d6", reason="")


# -- evaluate ---------------------------------------------------------------------------------


def test_evaluate_is_the_module_function() -> None:
    assert Dice.evaluate is evaluate


@pytest.mark.parametrize(
    ("text", "faces", "says"),
    [
        ("2d6", (3,), "needs more than the 1 faces given"),
        ("2d6", (3, 4, 5), "used 2 of the 3 faces given"),
        ("1d4+1d6", (5, 1), "face 5 (number 1) does not fit a d4"),
        ("1d6!", (6,), "needs more"),
    ],
)
def test_evaluate_refuses_faces_that_do_not_match(
    text: str, faces: tuple[int, ...], says: str
) -> None:
    with pytest.raises(DiceError) as caught:
        evaluate(text, faces)
    assert says in str(caught.value)


def test_the_largest_roll_is_bounded() -> None:
    """A thousand dice that all keep exploding stop at the cap: 101,000 faces, no more."""

    class AlwaysHighest:
        def randint(self, a: int, b: int, /) -> int:
            return b

    rolled = Dice(AlwaysHighest()).roll("1000d2!", reason="")
    assert len(rolled.faces) == MAX_DICE * (EXPLOSION_CAP + 1) == 101_000
    assert rolled.total == 2 * 101_000


@pytest.mark.parametrize(
    "expr",
    ["1d6+3", "2d6+1", "1d6", "7", "3d6-2", "1d6-1d4+2", "-1d6+7", "4d6kh3", "1d6!", "6d6>=5"],
)
def test_a_totaller_draws_the_faces_roll_draws(expr: str) -> None:
    """A simulation fast path rolls through `totaller`: the same total from the same faces,
    in the same order, and no face more or less (the next draw still agrees)."""
    roll = totaller(expr)
    for seed in range(200):
        by_roll, by_totaller = random.Random(seed), random.Random(seed)
        assert roll(by_totaller.randint) == Dice(by_roll).roll(expr, reason="").total
        assert by_totaller.random() == by_roll.random()
