"""`face_stream`: one die's faces drawn in bulk for a simulation fast path must be exactly the
faces `random.Random.randint` gives, in its order, or come from `randint` itself."""

from __future__ import annotations

import random

import pytest

from fracas.core import dice as dice_module
from fracas.core.dice import Dice, ScriptedRng, face_stream

SIZES = [2, 3, 4, 6, 8, 10, 12, 16, 20, 32, 100, 128, 129, 200, 255]


def _randint_faces(seed: str, sides: int, count: int) -> list[int]:
    rng = random.Random(seed)
    return [rng.randint(1, sides) for _ in range(count)]


@pytest.mark.parametrize("sides", SIZES)
@pytest.mark.parametrize("words", [1, 3, 64])
def test_bulk_faces_are_randints_faces_in_order(
    sides: int, words: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Across draws of words (one word a draw: every face starts a new one) and for dice
    whose faces fill their bits (16, 32, 128) or not, the stream hands out what
    `randint(1, sides)` would; `randint` is made to fail so that the bulk draw is known to
    be the one answering."""
    face_stream(Dice(random.Random(0)), sides)  # the once-a-process check, through randint
    expected = {seed: _randint_faces(f"t:{seed}", sides, 400) for seed in range(5)}

    def refuse(self: random.Random, a: int, b: int) -> int:
        raise AssertionError("randint called: the bulk draw was not taken")

    monkeypatch.setattr(random.Random, "randint", refuse)
    for seed, faces in expected.items():
        next_face = face_stream(Dice(random.Random(f"t:{seed}")), sides, words)
        assert [next_face() for _ in range(400)] == faces


def test_a_generator_of_another_class_rolls_through_its_own_randint() -> None:
    """A recording subclass (the benchmarks' `Recorder`) and scripted dice see every face."""

    class Noting(random.Random):
        def __init__(self, seed: str) -> None:
            super().__init__(seed)
            self.asked: list[tuple[int, int]] = []

        def randint(self, a: int, b: int) -> int:
            self.asked.append((a, b))
            return super().randint(a, b)

    noting = Noting("n")
    next_face = face_stream(Dice(noting), 20)
    assert [next_face() for _ in range(30)] == _randint_faces("n", 20, 30)
    assert noting.asked == [(1, 20)] * 30
    scripted = ScriptedRng([20, 1, 7])
    next_face = face_stream(Dice(scripted), 20)
    assert [next_face(), next_face(), next_face()] == [20, 1, 7]
    assert scripted.remaining == ()


@pytest.mark.parametrize("sides", [1, 256, 1000])
def test_dice_past_one_bytes_reach_use_randint(sides: int) -> None:
    rng = random.Random("o")
    next_face = face_stream(Dice(rng), sides)
    assert isinstance(next_face(), int)
    assert [next_face() for _ in range(50)] == _randint_faces("o", sides, 51)[1:]


def test_where_the_bulk_draw_disagrees_with_randint_randint_is_used(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The once-a-process check catches a bulk draw that gives other faces (as another
    Python's `random` might), and every stream then rolls through `randint`."""
    bulk = dice_module._bulk_faces

    def off_by_one(rng: random.Random, sides: int, words: int) -> dice_module.NextFace:
        next_face = bulk(rng, sides, words)
        return lambda: next_face() % sides + 1

    monkeypatch.setattr(dice_module, "_STREAM_CHECKED", {})
    monkeypatch.setattr(dice_module, "_bulk_faces", off_by_one)
    next_face = face_stream(Dice(random.Random("d")), 20)
    assert dice_module._STREAM_CHECKED == {20: False}
    assert [next_face() for _ in range(100)] == _randint_faces("d", 20, 100)
