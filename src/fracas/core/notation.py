"""Dice notation: the small language rulesets and scenario files use to say what gets rolled.

We own the grammar (on lark) instead of borrowing a dice library's, so that every spelling a
ruleset may use is listed here, errors can point at the character that is wrong, and the
syntax tree is a plain value the roller, the exact-odds code and replay all share.

The language, by example::

    2d6+3      d20-1      4d6kh3     2d20kl1    4d6dh1    4d6dl1
    6d6>=5     6d6>4      5d10<7     5d10<=6    1d6!      3d6!kh2     -1d4+2

* ``NdM`` rolls N M-sided dice (N defaults to 1; ``d`` is case-insensitive).
* ``kh``/``kl`` keep the highest/lowest n dice, ``dh``/``dl`` drop them (n defaults to 1).
* ``>=``, ``>``, ``<=``, ``<`` count the dice meeting the comparison instead of adding them.
* ``!`` explodes: a die showing its maximum is rolled again and the new face is added to that
  same die, repeatedly, at most `EXPLOSION_CAP` times per die so a roll always ends. Keep/drop
  and counting then look at these compounded dice. With `MAX_DICE` that bounds one roll at
  101,000 faces, a few tenths of a second even when every die keeps exploding.
* Terms are joined with ``+`` and ``-``; a term may carry its own sign (``-3``, ``2d6+-1``),
  so ruleset code that formats a negative number after a ``+`` still parses.

Refused, with a `NotationError` pointing at the culprit: 0 dice or 0 sides (a pool that is
never rolled is the ruleset's business, not the notation's: use ``0`` or leave the term out),
dice above a d10000, more than `MAX_DICE` dice in one expression, keeping more dice than were
rolled, dropping all of them, ``kh0``, keep/drop together with success counting, ``d1!``
(it would explode forever), and text longer than `MAX_TEXT` characters.

Building expressions in code (the reason for the helpers): a critical hit that "adds another
d6 and doubles all modifiers" is::

    with_modifier(plus(expr, "1d6"), 2 * expr.modifier)

`plus` joins expressions and folds their constants into one trailing constant; `with_modifier`
replaces the constants; `DiceExpr.modifier` / `DiceExpr.dice_terms()` take them apart.
`str(expr)` is the normalized spelling (``1d6`` not ``d6``, no spaces) and always parses back
to an equal tree.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Literal, TypeAlias

from lark import Lark, Token, Tree
from lark.exceptions import UnexpectedCharacters, UnexpectedInput, UnexpectedToken

from fracas.core.errors import DiceError, NotationError

EXPLOSION_CAP = 100
"""Most extra dice one exploding die may add: rare enough (1 in 6**100 on a d6) to be moot."""
MAX_DICE = 1000
"""Most dice one expression may roll; more is a typo or an attack on the roller."""
MAX_SIDES = 10_000
MAX_TEXT = 1000
"""Longest notation read: a rule's roll fits in a line; 100,000 ``+1`` terms took seconds."""
_MAX_DIGITS = 9  # keeps int() away from huge literals; no rule needs a billion

Sign: TypeAlias = Literal[1, -1]
KeepKind: TypeAlias = Literal["kh", "kl", "dh", "dl"]
CompareOp: TypeAlias = Literal[">=", ">", "<=", "<"]


@dataclass(frozen=True, slots=True)
class Keep:
    """Which dice of a pool count toward its total; the rest are rolled and recorded anyway."""

    kind: KeepKind
    n: int

    def __str__(self) -> str:
        return f"{self.kind}{self.n}"

    def kept(self, count: int) -> int:
        """How many dice survive out of `count`, so keep and drop share one code path."""
        return self.n if self.kind in ("kh", "kl") else count - self.n

    def highest(self) -> bool:
        """Whether the surviving dice are the high ones (keep-highest or drop-lowest)."""
        return self.kind in ("kh", "dl")

    def select(self, values: list[int]) -> list[int]:
        ordered = sorted(values, reverse=self.highest())
        return ordered[: self.kept(len(values))]


@dataclass(frozen=True, slots=True)
class Comparison:
    """A success test: the term counts dice meeting it instead of adding them."""

    op: CompareOp
    target: int

    def __str__(self) -> str:
        return f"{self.op}{self.target}"

    def test(self, value: int) -> bool:
        if self.op == ">=":
            return value >= self.target
        if self.op == ">":
            return value > self.target
        if self.op == "<=":
            return value <= self.target
        return value < self.target


@dataclass(frozen=True, slots=True)
class DiceTerm:
    """``NdM`` with its optional explosion, keep/drop or success count."""

    count: int
    sides: int
    keep: Keep | None = None
    explode: bool = False
    count_if: Comparison | None = None

    def __post_init__(self) -> None:
        problem = _dice_problem(self.count, self.sides, self.keep, self.explode, self.count_if)
        if problem is not None:
            raise NotationError(problem[1])

    def __str__(self) -> str:
        bang = "!" if self.explode else ""
        keep = "" if self.keep is None else str(self.keep)
        test = "" if self.count_if is None else str(self.count_if)
        return f"{self.count}d{self.sides}{bang}{keep}{test}"

    def minimum(self) -> int:
        if self.count_if is not None:
            return self.count if self._passes() == {True} else 0
        return self.count if self.keep is None else self.keep.kept(self.count)

    def maximum(self) -> int | None:
        """The highest total, or None when explosions make it unbounded."""
        if self.count_if is not None:
            return 0 if self._passes() == {False} else self.count
        if self.explode:
            return None
        return (self.count if self.keep is None else self.keep.kept(self.count)) * self.sides

    def _passes(self) -> set[bool]:
        """The test's results over a die's range; comparisons are monotone, so ends suffice.

        An exploding die can reach any height, so its top end always passes ``>``/``>=``
        and always fails ``<``/``<=``.
        """
        assert self.count_if is not None
        test = self.count_if
        top = test.op in (">=", ">") if self.explode else test.test(self.sides)
        return {test.test(1), top}


@dataclass(frozen=True, slots=True)
class Constant:
    """A fixed number; always non-negative, the sign lives on the term so str() round-trips."""

    value: int

    def __post_init__(self) -> None:
        if self.value < 0:
            raise NotationError(f"a constant is never negative (got {self.value}); negate the term")

    def __str__(self) -> str:
        return str(self.value)


Term: TypeAlias = DiceTerm | Constant


@dataclass(frozen=True, slots=True)
class DiceExpr:
    """A whole expression: signed terms added left to right."""

    terms: tuple[tuple[Sign, Term], ...]
    _text: str = field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        if not self.terms:
            raise NotationError("a dice expression needs at least one term")
        if any(sign not in (1, -1) for sign, _ in self.terms):
            raise NotationError("a term's sign is 1 or -1")
        dice = sum(t.count for _, t in self.terms if isinstance(t, DiceTerm))
        if dice > MAX_DICE:
            raise NotationError(f"{dice} dice in one expression; at most {MAX_DICE} are rolled")
        object.__setattr__(self, "_text", _spell(self.terms))

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"parse({self._text!r})"

    @property
    def modifier(self) -> int:
        """The sum of the constant terms: what "add your modifiers" means in rules text."""
        return sum(sign * t.value for sign, t in self.terms if isinstance(t, Constant))

    def dice_terms(self) -> tuple[tuple[Sign, DiceTerm], ...]:
        return tuple((sign, t) for sign, t in self.terms if isinstance(t, DiceTerm))

    def without_modifier(self) -> DiceExpr:
        """The dice alone; ``0`` when there are none, because an expression is never empty."""
        return with_modifier(self, 0)

    @property
    def explodes(self) -> bool:
        return any(t.explode for _, t in self.dice_terms())

    def minimum(self) -> int:
        """The lowest possible total.

        Raises DiceError when a subtracted exploding term makes it unbounded (``5-1d6!``).
        """
        return sum(self._bound(sign, term, low=sign == 1) for sign, term in self.terms)

    def maximum(self) -> int:
        """The highest possible total, exact for everything that does not explode.

        Raises DiceError when an added exploding term makes it unbounded: a ruleset asking
        for "the maximum" of ``1d6!`` has a rules question to answer, not a number to get.
        """
        return sum(self._bound(sign, term, low=sign == -1) for sign, term in self.terms)

    def _bound(self, sign: Sign, term: Term, *, low: bool) -> int:
        if isinstance(term, Constant):
            return sign * term.value
        value = term.minimum() if low else term.maximum()
        if value is None:
            which = "minimum" if sign == -1 else "maximum"
            raise DiceError(f"'{self}' has no {which}: exploding dice have no upper limit")
        return sign * value


def _spell(terms: Iterable[tuple[Sign, Term]]) -> str:
    parts: list[str] = []
    for sign, term in terms:
        if sign == -1:
            parts.append("-")
        elif parts:
            parts.append("+")
        parts.append(str(term))
    return "".join(parts)


def _dice_problem(
    count: int, sides: int, keep: Keep | None, explode: bool, count_if: Comparison | None
) -> tuple[str, str] | None:
    """The first thing wrong with a dice term, as (part to blame, message).

    Shared by the node constructor and the parser so both refuse the same things; the parser
    uses the part to put the caret on the right character.
    """
    if count < 1:
        return "count", f"{count} dice: roll at least one"
    if count > MAX_DICE:
        return "count", f"{count} dice: at most {MAX_DICE} are rolled"
    if sides < 1:
        return "sides", f"a die with {sides} sides cannot be rolled"
    if sides > MAX_SIDES:
        return "sides", f"a d{sides} is larger than the largest allowed die, d{MAX_SIDES}"
    if explode and sides == 1:
        return "explode", "a d1 always shows its maximum, so exploding it never ends"
    if keep is not None:
        if keep.n < 1:
            return "keep", f"'{keep}' keeps or drops nothing; leave it out"
        if keep.kind in ("kh", "kl") and keep.n > count:
            return "keep", f"'{keep}' keeps more dice than the {count} rolled"
        if keep.kind in ("dh", "dl") and keep.n >= count:
            return "keep", f"'{keep}' drops every one of the {count} dice rolled"
        if count_if is not None:
            return "count_if", "keep/drop and success counting cannot be combined"
    return None


def plus(*exprs: DiceExpr | str) -> DiceExpr:
    """Join expressions: their dice terms in order, then their constants folded into one."""
    parsed = [as_expr(e) for e in exprs]
    if not parsed:
        raise NotationError("plus() needs at least one expression")
    dice = tuple(term for e in parsed for term in e.dice_terms())
    return _assemble(dice, sum(e.modifier for e in parsed))


def with_modifier(expr: DiceExpr | str, modifier: int) -> DiceExpr:
    """The same dice with `modifier` as the only constant (dropped when it is zero)."""
    return _assemble(as_expr(expr).dice_terms(), modifier)


def _assemble(dice: tuple[tuple[Sign, DiceTerm], ...], modifier: int) -> DiceExpr:
    terms: list[tuple[Sign, Term]] = list(dice)
    if modifier or not terms:
        terms.append((1 if modifier >= 0 else -1, Constant(abs(modifier))))
    return DiceExpr(tuple(terms))


def as_expr(expr: DiceExpr | str) -> DiceExpr:
    """Accept either spelling at API edges; strings go through the parse cache."""
    return expr if isinstance(expr, DiceExpr) else parse(expr)


_GRAMMAR = r"""
start: signed (ADDOP signed)*
signed: ADDOP? atom
atom: INT                                -> constant
    | INT? DIE INT BANG? (keep | compare)? -> dice
keep: KEEP INT?
compare: COMPARE INT
ADDOP: "+" | "-"
DIE: /d/i
BANG: "!"
KEEP: /[kd][hl]/i
COMPARE: ">=" | "<=" | ">" | "<"
INT: /[0-9]+/
%ignore /[ \t]+/
"""

_PARSER = Lark(_GRAMMAR, parser="lalr")

_EXPECTED = {
    "ADDOP": "'+', '-'",
    "BANG": "'!'",
    "KEEP": "keep/drop (kh, kl, dh, dl)",
    "COMPARE": "a comparison (>=, >, <=, <)",
    "$END": "the end",
}


@lru_cache(maxsize=4096)
def parse(text: str) -> DiceExpr:
    """Turn notation into a tree; cached because rulesets parse the same strings every turn."""
    if len(text) > MAX_TEXT:
        message = f"{len(text):,} characters; at most {MAX_TEXT:,} are read"
        raise NotationError(f"bad dice notation {text[:20]!r}...: {message}", text=text[:20])
    try:
        tree = _PARSER.parse(text)
    except UnexpectedInput as error:
        raise _syntax_error(text, error) from None
    return _Builder(text).expr(tree)


class _Builder:
    """Walks lark's tree into ours, blaming tokens for semantic errors."""

    def __init__(self, text: str) -> None:
        self.text = text

    def fail(self, message: str, token: Token | None) -> NotationError:
        column = None if token is None or token.start_pos is None else token.start_pos + 1
        return _error(self.text, message, column)

    def number(self, token: Token) -> int:
        if len(token) > _MAX_DIGITS:
            shown = token if len(token) <= 12 else f"{token[:12]}..."
            raise self.fail(f"the number {shown} is too large", token)
        return int(token)

    def expr(self, tree: Tree[Token]) -> DiceExpr:
        terms: list[tuple[Sign, Term]] = []
        sign: Sign = 1
        dice = 0
        for child in tree.children:
            if isinstance(child, Token):  # the + or - between terms
                sign = 1 if child == "+" else -1
                continue
            *prefix, atom = child.children
            assert isinstance(atom, Tree)
            if prefix and prefix[0] == "-":
                sign = -1 if sign == 1 else 1
            term = self.atom(atom)
            if isinstance(term, DiceTerm):
                dice += term.count
                if dice > MAX_DICE:
                    message = f"more than {MAX_DICE} dice in one expression"
                    raise self.fail(message, _tokens(atom)[0])
            terms.append((sign, term))
            sign = 1
        return DiceExpr(tuple(terms))

    def atom(self, tree: Tree[Token]) -> Term:
        tokens = _tokens(tree)
        if tree.data == "constant":
            return Constant(self.number(tokens[0]))
        by_type = {t.type: t for t in tokens}  # INT repeats; the other types appear once
        ints = [t for t in tokens if t.type == "INT"]
        count_token = ints[0] if tokens[0].type == "INT" else by_type["DIE"]
        sides_token = ints[1] if tokens[0].type == "INT" else ints[0]
        count = self.number(count_token) if count_token.type == "INT" else 1
        sides = self.number(sides_token)
        explode = "BANG" in by_type
        keep = compare = None
        if "KEEP" in by_type:
            amount = tokens[-1] if tokens[-1].type == "INT" else None
            keep = Keep(_keep_kind(by_type["KEEP"]), 1 if amount is None else self.number(amount))
        if "COMPARE" in by_type:
            compare = Comparison(_compare_op(by_type["COMPARE"]), self.number(tokens[-1]))
        problem = _dice_problem(count, sides, keep, explode, compare)
        if problem is not None:
            blame = {
                "count": count_token,
                "sides": sides_token,
                "explode": by_type.get("BANG"),
                "keep": by_type.get("KEEP"),
                "count_if": by_type.get("COMPARE"),
            }
            raise self.fail(problem[1], blame[problem[0]])
        return DiceTerm(count, sides, keep, explode, compare)


def _tokens(tree: Tree[Token]) -> list[Token]:
    return [t for t in tree.scan_values(lambda v: isinstance(v, Token))]


def _keep_kind(op: str) -> KeepKind:
    kinds: dict[str, KeepKind] = {"kh": "kh", "kl": "kl", "dh": "dh", "dl": "dl"}
    return kinds[op.lower()]


def _compare_op(op: str) -> CompareOp:
    ops: dict[str, CompareOp] = {">=": ">=", ">": ">", "<=": "<=", "<": "<"}
    return ops[op]


def _syntax_error(text: str, error: UnexpectedInput) -> NotationError:
    if isinstance(error, UnexpectedCharacters):
        index: int = error.pos_in_stream or 0
        found = repr(text[index])
        expected = _describe(error.allowed)
    elif isinstance(error, UnexpectedToken) and error.token.type != "$END":
        index = error.token.start_pos or 0
        found = repr(str(error.token))
        expected = _describe(error.expected)
    else:
        index = len(text.rstrip())
        found = "the end of the text"
        expected = _describe(getattr(error, "expected", set()))
    before = text[:index].rstrip()
    where = f" after {before[-1]!r}" if before else ""
    message = f"expected {expected}{where} at column {index + 1}, found {found}"
    return _error(text, message, index + 1)


def _describe(terminals: Iterable[str]) -> str:
    names = set(terminals)
    if "INT" in names and "DIE" in names:
        return "a number or dice"
    if "INT" in names:
        return "a number"
    if "DIE" in names:
        return "'d'"
    parts = [_EXPECTED[n] for n in ("ADDOP", "BANG", "KEEP", "COMPARE", "$END") if n in names]
    if not parts:
        return "something else"
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " or " + parts[-1]


def _error(text: str, message: str, column: int | None) -> NotationError:
    lines = [f"bad dice notation {text!r}: {message}"]
    if column is not None:
        shown = "".join(c if c.isprintable() else " " for c in text)
        lines += [f"  {shown}", "  " + " " * (column - 1) + "^"]
    return NotationError("\n".join(lines), text=text, column=column)
