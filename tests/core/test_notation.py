"""Dice notation: what parses to what, how it prints, and where errors point."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fracas.core.errors import DiceError, NotationError
from fracas.core.notation import (
    CompareOp,
    Comparison,
    Constant,
    DiceExpr,
    DiceTerm,
    Keep,
    KeepKind,
    Sign,
    Term,
    as_expr,
    parse,
    plus,
    with_modifier,
)


def one(term: Term, sign: Sign = 1) -> DiceExpr:
    return DiceExpr(((sign, term),))


@st.composite
def dice_terms(draw: st.DrawFn, *, max_count: int = 3, max_sides: int = 8) -> DiceTerm:
    """Valid dice terms, small enough by default that their odds are cheap to enumerate."""
    count = draw(st.integers(1, max_count))
    sides = draw(st.integers(1, max_sides))
    explode = sides > 1 and draw(st.booleans())
    kind = draw(st.sampled_from(["plain", "keep", "count"]))
    keep = count_if = None
    if kind == "keep":
        keep_kind: KeepKind = draw(st.sampled_from(["kh", "kl", "dh", "dl"]))
        top = count if keep_kind in ("kh", "kl") else count - 1
        if top >= 1:
            keep = Keep(keep_kind, draw(st.integers(1, top)))
    elif kind == "count":
        op: CompareOp = draw(st.sampled_from([">=", ">", "<=", "<"]))
        count_if = Comparison(op, draw(st.integers(0, max_sides + 1)))
    return DiceTerm(count, sides, keep, explode, count_if)


def expressions(*, explode: bool = True, max_terms: int = 3) -> st.SearchStrategy[DiceExpr]:
    terms = dice_terms()
    if not explode:
        terms = terms.filter(lambda t: not t.explode)
    term: st.SearchStrategy[Term] = st.one_of(terms, st.builds(Constant, st.integers(0, 20)))
    signs: st.SearchStrategy[Sign] = st.sampled_from([1, -1])
    signed = st.tuples(signs, term)
    return st.lists(signed, min_size=1, max_size=max_terms).map(lambda ts: DiceExpr(tuple(ts)))


@given(expressions())
def test_str_round_trips(expr: DiceExpr) -> None:
    assert parse(str(expr)) == expr
    assert str(parse(str(expr))) == str(expr)


@pytest.mark.parametrize(
    ("text", "term"),
    [
        ("2d6", DiceTerm(2, 6)),
        ("d6", DiceTerm(1, 6)),
        ("D20", DiceTerm(1, 20)),
        ("2d20kh1", DiceTerm(2, 20, keep=Keep("kh", 1))),
        ("2d20kh", DiceTerm(2, 20, keep=Keep("kh", 1))),
        ("4d6KL3", DiceTerm(4, 6, keep=Keep("kl", 3))),
        ("4d6dh1", DiceTerm(4, 6, keep=Keep("dh", 1))),
        ("4d6dl1", DiceTerm(4, 6, keep=Keep("dl", 1))),
        ("6d6>=5", DiceTerm(6, 6, count_if=Comparison(">=", 5))),
        ("6d6>4", DiceTerm(6, 6, count_if=Comparison(">", 4))),
        ("5d10<7", DiceTerm(5, 10, count_if=Comparison("<", 7))),
        ("5d10<=6", DiceTerm(5, 10, count_if=Comparison("<=", 6))),
        ("1d6!", DiceTerm(1, 6, explode=True)),
        ("3d6!kh2", DiceTerm(3, 6, keep=Keep("kh", 2), explode=True)),
        ("6d10!>=8", DiceTerm(6, 10, explode=True, count_if=Comparison(">=", 8))),
        ("7", Constant(7)),
    ],
)
def test_each_construct_parses(text: str, term: Term) -> None:
    assert parse(text) == one(term)


@pytest.mark.parametrize(
    ("text", "normal"),
    [
        ("d6", "1d6"),
        (" 2 D6 + 3 ", "2d6+3"),
        ("2d20KH", "2d20kh1"),
        ("2d6+-1", "2d6-1"),
        ("2d6--1", "2d6+1"),
        ("+1d4", "1d4"),
        ("-1d4+2", "-1d4+2"),
        ("6d6 >= 5 + 1", "6d6>=5+1"),
        ("2d6+1-3", "2d6+1-3"),
    ],
)
def test_str_is_the_normalized_spelling(text: str, normal: str) -> None:
    assert str(parse(text)) == normal


def test_signs_and_terms() -> None:
    expr = parse("2d6+1d4-3+1")
    assert expr.terms == (
        (1, DiceTerm(2, 6)),
        (1, DiceTerm(1, 4)),
        (-1, Constant(3)),
        (1, Constant(1)),
    )


def test_repr_is_readable() -> None:
    assert repr(parse("2D6 + 3")) == "parse('2d6+3')"


def test_parse_is_cached() -> None:
    assert parse("3d8+2") is parse("3d8+2")


def test_as_expr_accepts_both() -> None:
    expr = parse("1d8")
    assert as_expr(expr) is expr
    assert as_expr("1d8") == expr


# -- modifiers and combining ------------------------------------------------------------


def test_modifier_sums_top_level_constants() -> None:
    assert parse("2d6+1-3").modifier == -2
    assert parse("2d6").modifier == 0
    assert parse("-4").modifier == -4


def test_dice_terms_and_without_modifier() -> None:
    expr = parse("2d6+1-1d4-3")
    assert expr.dice_terms() == ((1, DiceTerm(2, 6)), (-1, DiceTerm(1, 4)))
    assert str(expr.without_modifier()) == "2d6-1d4"
    assert str(parse("5").without_modifier()) == "0"


def test_critical_hit_recipe() -> None:
    expr = parse("1d8+2d6+3")
    crit = with_modifier(plus(expr, "1d6"), 2 * expr.modifier)
    assert str(crit) == "1d8+2d6+1d6+6"


def test_plus_folds_constants() -> None:
    assert str(plus("2d6+1", "1d4-3", "2")) == "2d6+1d4"
    assert str(plus("1", "-1")) == "0"
    assert str(plus("1d6", "-1d4-2")) == "1d6-1d4-2"


def test_with_modifier_replaces_constants() -> None:
    assert str(with_modifier("2d6+1+1", -3)) == "2d6-3"
    assert str(with_modifier("2d6+1", 0)) == "2d6"


def test_plus_needs_something() -> None:
    with pytest.raises(NotationError):
        plus()


# -- minimum and maximum -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "low", "high"),
    [
        ("2d6+3", 5, 15),
        ("d20-1", 0, 19),
        ("4d6kh3", 3, 18),
        ("4d6dl1", 3, 18),
        ("2d20kl1", 1, 20),
        ("6d6>=5", 0, 6),
        ("6d6>=1", 6, 6),
        ("6d6>=7", 0, 0),
        ("5d10<7+2", 2, 7),
        ("3d6<=6", 3, 3),
        ("3d6<1", 0, 0),
        ("10-2d4", 2, 8),
        ("3d6!>=4", 0, 3),
        ("3d6!>=100", 0, 3),
        ("3d6!<=6", 0, 3),
    ],
)
def test_minimum_and_maximum(text: str, low: int, high: int) -> None:
    assert (parse(text).minimum(), parse(text).maximum()) == (low, high)


def test_exploding_has_no_maximum() -> None:
    expr = parse("1d6!+2")
    assert expr.minimum() == 3
    assert expr.explodes
    with pytest.raises(DiceError, match="no maximum"):
        expr.maximum()


def test_subtracted_explosion_has_no_minimum() -> None:
    expr = parse("10-1d6!")
    assert expr.maximum() == 9
    with pytest.raises(DiceError, match="no minimum"):
        expr.minimum()


# -- errors --------------------------------------------------------------------------------


def caret_column(error: NotationError) -> int:
    lines = str(error).splitlines()
    return lines[2].index("^") - 1  # two spaces of indent, 1-based


@pytest.mark.parametrize(
    ("text", "column", "says"),
    [
        ("2d6+", 5, "expected a number or dice after '+' at column 5"),
        ("", 1, "expected a number or dice at column 1"),
        ("2d6x", 4, "found 'x'"),
        ("4d6d6", 4, "found 'd'"),
        ("dh1", 2, "found 'h'"),
        ("2d", 3, "expected a number after 'd'"),
        ("2d6 5", 5, "found '5'"),
        ("2d6+ ", 5, "found the end"),
        ("d6kh1>=3", 6, "found '>='"),
        ("2d6>=", 6, "expected a number after '='"),
        ("1d6!!", 5, "found '!'"),
        ("0d6", 1, "0 dice"),
        ("2d0", 3, "0 sides"),
        ("d1!", 3, "explod"),
        ("4d6kh5", 4, "keeps more dice than the 4 rolled"),
        ("4d6dl4", 4, "drops every one"),
        ("4d6kh0", 4, "nothing"),
        ("1001d6", 1, "1001 dice"),
        ("1+999d6+2d6", 9, "more than 1000 dice"),
        ("d10001", 2, "d10000"),
        ("1234567890", 1, "too large"),
    ],
)
def test_errors_point_at_the_culprit(text: str, column: int, says: str) -> None:
    with pytest.raises(NotationError) as caught:
        parse(text)
    error = caught.value
    assert error.column == column
    assert error.text == text
    assert caret_column(error) == column
    assert str(error).startswith(f"bad dice notation {text!r}: ")
    assert says in str(error)


@pytest.mark.parametrize(
    "build",
    [
        lambda: DiceTerm(0, 6),
        lambda: DiceTerm(1, 0),
        lambda: DiceTerm(1, 1, explode=True),
        lambda: DiceTerm(2, 6, keep=Keep("kh", 3)),
        lambda: DiceTerm(2, 6, keep=Keep("kh", 1), count_if=Comparison(">=", 3)),
        lambda: Constant(-1),
        lambda: DiceExpr(()),
        lambda: DiceExpr(((1, DiceTerm(600, 6)), (1, DiceTerm(600, 6)))),
    ],
)
def test_nodes_refuse_nonsense_too(build: object) -> None:
    assert callable(build)
    with pytest.raises(NotationError):
        build()


def test_very_long_text_is_refused_before_parsing() -> None:
    text = "+".join(["1"] * 600)
    with pytest.raises(NotationError) as caught:
        parse(text)
    assert str(caught.value) == (
        "bad dice notation '1+1+1+1+1+1+1+1+1+1+'...: 1,199 characters; at most 1,000 are read"
    )
    assert parse("+".join(["1"] * 500)).modifier == 500
