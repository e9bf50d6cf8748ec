"""The core roll (digest section 2): attribute dice, skill as TN, the cap, bonus dice,
wounded dice at half TN, then lost dice; the d10 read 0-9 and `<` against `<=`."""

from __future__ import annotations

import pytest

from fracas.rulesets.fatewalker.options import FatewalkerOptions
from fracas.rulesets.fatewalker.rules.roll import Pool, count_successes, pool

DEFAULT = FatewalkerOptions()


def test_a_wounded_die_rolls_at_half_the_tn_rounded_down() -> None:
    """L1708: "A 'wounded' die rolls at half (round down) the Target Number ... (a TN of 4
    becomes 2, 3 becomes 1 ...)"."""
    assert pool(4, 4, wounds=1).wounded_tn == 2
    assert pool(4, 3, wounds=1).wounded_tn == 1


def test_wound_penalties_wound_dice_first_then_take_them_away() -> None:
    """L1708: "If ... ALL of a character's dice ... become 'wounded' then any further wound
    penalties simply subtract a die"."""
    assert pool(4, 5, wounds=2) == Pool(full=2, wounded=2, tn=5)
    assert pool(3, 5, wounds=4) == Pool(full=0, wounded=2, tn=5, lost=1)
    assert pool(2, 5, wounds=9).dice == 0


def test_bonuses_and_penalties_are_dice_and_the_tn_is_capped() -> None:
    """L354: "add one to their effective skill (or TN) up to maximum of 7"; L245 "add 2
    dice": a modifier changes the number of dice."""
    assert pool(3, 5, bonus=3) == Pool(full=6, wounded=0, tn=5)
    assert pool(3, 5, bonus=-4).dice == 0
    assert pool(3, 8).tn == 7
    assert pool(3, 8, cap=8).tn == 8


def test_a_ten_reads_zero_and_succeeds_under_any_tn() -> None:
    """L1486: damage dice "come up as 0's": the d10 is read 0-9, and a die succeeds when it
    reads under the TN ("roll under a specific Target Number")."""
    rolled = Pool(full=4, wounded=0, tn=3)
    assert count_successes((10, 1, 2, 3), rolled, DEFAULT) == 3
    read_1_10 = FatewalkerOptions(faces="one_to_ten")
    assert count_successes((10, 1, 2, 3), rolled, read_1_10) == 2
    at_or_below = FatewalkerOptions(success="at_or_below")
    assert count_successes((10, 1, 2, 3), rolled, at_or_below) == 4


def test_wounded_dice_are_the_last_of_the_roll() -> None:
    rolled = Pool(full=2, wounded=2, tn=4)
    # full dice 3 and 5 at TN 4: one success; wounded 1 and 3 at TN 2: one success
    assert count_successes((3, 5, 1, 3), rolled, DEFAULT) == 2


@pytest.mark.parametrize("tn", [0, 1])
def test_a_wounded_tn_of_zero_never_succeeds_under_strict_reading(tn: int) -> None:
    """Digest gap 1: "Under `<`, a wounded TN 1 (->0) can never succeed"."""
    rolled = Pool(full=0, wounded=1, tn=tn)
    assert count_successes((10,), rolled, DEFAULT) == 0
