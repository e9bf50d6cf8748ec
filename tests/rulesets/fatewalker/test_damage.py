"""Damage notation, promotion and demotion (Dramatic Scenes, "Damage Dice" and
"Promoting/Demoting Damage Dice"), with the digest's worked examples."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fracas.rulesets.fatewalker.rules.damage import DamagePool, parse_damage


def test_the_average_knife_has_a_maximum_of_12() -> None:
    """L1474: "3x3/3x1 ... for a maximum of 12"."""
    knife = parse_damage("3x3/3x1")
    assert knife.groups == ((3, 3), (3, 1))
    assert (knife.maximum, knife.tn) == (12, 5)


def test_deflection_4_demotes_6x1_6x3_to_10x1_2x3() -> None:
    """L1489: "if an attack with 6x1/6x3 came again armor with a deflection of 4, it would
    be demoted to 10x1/2x3"."""
    assert parse_damage("6x1/6x3").demoted(4).groups == ((2, 3), (10, 1))


@pytest.mark.parametrize(
    ("times", "expected"),
    [(2, ((5, 3), (1, 1))), (3, ((6, 3),)), (4, ((1, 5), (5, 3)))],
)
def test_promotion_takes_the_low_dice_first_then_steps_up(
    times: int, expected: tuple[tuple[int, int], ...]
) -> None:
    """L1477: "If all of the lower dice have been promoted to higher dice and further
    promotions are necessary simply begin promoting to the next highest value"."""
    assert parse_damage("3x3/3x1").promoted(times).groups == expected


def test_demoting_a_pool_of_ones_removes_dice() -> None:
    """L1477: "In the event that all of the dice are already demoted to 1s, then further
    demotions simply remove a damage die from the roll"."""
    assert parse_damage("2x1/4x3").demoted(4).groups == ((6, 1),)
    assert parse_damage("2x1/4x3").demoted(5).groups == ((5, 1),)
    assert parse_damage("2x1").demoted(3).groups == ()


def test_the_damage_tn_follows_the_at_sign() -> None:
    """L3557: "Damage is in the format of Damage @TN"."""
    assert parse_damage("4x1/1x3 @5") == DamagePool(((1, 3), (4, 1)), 5)
    assert parse_damage("2x1/4x3 @6").tn == 6


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("3x2", "odd points"),
        ("3x1/3x5", "one step apart"),
        ("three knives", "is not damage as AxV"),
        ("0x3", "at least one die"),
        ("3x3 @11", "damage TN runs from 1 to 10"),
    ],
)
def test_bad_notation_says_what_is_accepted(text: str, why: str) -> None:
    with pytest.raises(ValueError, match=why):
        parse_damage(text)


pools = st.builds(
    lambda low, a, b: DamagePool(((b, low + 2), (a, low)) if b else ((a, low),)),
    st.sampled_from([1, 3, 5, 7]),
    st.integers(1, 8),
    st.integers(0, 8),
)


@given(pool=pools, times=st.integers(0, 12))
def test_promotion_then_demotion_by_the_same_count_restores_the_pool(
    pool: DamagePool, times: int
) -> None:
    """Issue 9's property: promotion never removes a die, so demoting as many times undoes
    it."""
    assert pool.promoted(times).demoted(times) == pool


@given(pool=pools, shift=st.integers(-30, 30))
def test_shifting_keeps_at_most_two_kinds_of_adjacent_dice(pool: DamagePool, shift: int) -> None:
    """L1474: "There can only ever be 2 types of damage dice"."""
    shifted = pool.shifted(shift)
    values = [v for _, v in shifted.groups]
    assert len(values) <= 2
    assert len(values) < 2 or values[0] - values[1] == 2
    assert shifted.maximum >= 0
