"""Common actions whose outcome is the GM's: observation, acrobatics, non-action skills
(Actions and Maneuvers, "Common Actions" L3165-3262).

The engine rolls and reads the roll by the seed's scale; what a look reveals, what a feat
achieves or what a skill does is the GM's (an `observed` event says it for the table).

- Quick Look, 5 ticks: "ask a yes/no question ... Awareness(Search), 2-3 successes is a
  maybe, 4+ yields a definite yes or no. Failure simply yields no information although
  dramatic failure should yield wrong information" (no success at all: gap 13's critical
  failure).
- Detailed Search, 9 ticks: Focus(Search), "Each success beyond 1 gives them an extra piece
  of information with 5 successes generally answering all of their questions".
- Observe in Detail, 2-16 ticks (the observer's choice): Awareness(Observe), "Each success
  beyond 1 generally yields 1 piece ... 5 successes will usually provide ... all obvious and
  relevant information ... Additional successes will reveal hidden information".
- Other Acrobatics, 4-14 ticks ("common sense time to complete Action in ticks + 2"): the
  seed names no roll; Prowess(Agility), the roll of the seed's other acrobatic feats (sprint,
  Leaping Dodge), with the GM's modifier.
- Use non-Action Skill, 7-20+ ticks: the GM's attribute and skill, at "a minor penalty (-1)
  simply due to the chaos of combat" (option `combat_chaos`).
"""

from __future__ import annotations

from fracas.core.errors import IllegalAction
from fracas.core.state import EncounterState
from fracas.core.transaction import Transaction
from fracas.rulesets.fatewalker.actions import Acrobatics, Observe, UseSkill
from fracas.rulesets.fatewalker.events import Observed
from fracas.rulesets.fatewalker.rules import roll
from fracas.rulesets.fatewalker.rules.common import TIMELINE, options, walker
from fracas.rulesets.fatewalker.sheet import Skills

LOOK_TICKS = 5
SEARCH_TICKS = 9
DETAIL_TICKS = (2, 16)
ACROBATICS_TICKS = (4, 14)
SKILL_TICKS = (7, 120)
"""Use non-Action Skill is "7-20+": 120 ticks (a minute) is our ceiling."""
MODIFIER = 10
"""The GM's modifier on a feat or a skill, in dice: -10 to +10."""
INFORMATION_ALL = 5


def _between(name: str, value: int, bounds: tuple[int, int]) -> None:
    low, high = bounds
    if not low <= value <= high:
        raise IllegalAction(f"{name} is {value}; it takes {low}-{high} ticks")


def _modifier(value: int) -> None:
    if not -MODIFIER <= value <= MODIFIER:
        raise IllegalAction(f"modifier is {value}; the GM's modifier runs -{MODIFIER}-+{MODIFIER}")


def verify_observe(state: EncounterState, action: Observe) -> None:
    if action.kind == "detail":
        _between("observe in detail", action.ticks, DETAIL_TICKS)
    if action.kind == "look" and not action.question.strip():
        raise IllegalAction("a quick look asks the GM a yes/no `question` before the roll")


def look_answer(successes: int) -> str:
    if successes >= 4:
        return "a definite yes or no"
    if successes >= 2:
        return "a maybe"
    return "wrong information (dramatic failure)" if successes == 0 else "no information"


def pieces(successes: int) -> str:
    if successes >= INFORMATION_ALL:
        extra = successes - INFORMATION_ALL
        more = f", and {extra} more beyond" if extra else ""
        return f"everything obvious and relevant{more}"
    n = max(0, successes - 1)
    return f"{n} piece{'' if n == 1 else 's'} of information"


def resolve_observe(tx: Transaction, action: Observe) -> None:
    opts = options(tx.state)
    person = walker(tx.state, action.actor)
    if action.kind == "look":
        dice, skill, ticks = person.attributes.awareness, person.skills.search, LOOK_TICKS
    elif action.kind == "search":
        dice, skill, ticks = person.attributes.focus, person.skills.search, SEARCH_TICKS
    else:
        dice, skill, ticks = person.attributes.awareness, person.skills.observe, action.ticks
    label = {"look": "quick look", "search": "detailed search", "detail": "observe in detail"}
    pool = roll.pool(dice, skill, wounds=person.wound_penalty, cap=opts.tn_cap)
    successes = roll.roll(tx, person.id, label[action.kind], pool, opts)
    if action.kind == "look":
        result = f"{action.question.strip()}: {look_answer(successes)}"
    else:
        result = pieces(successes)
    tx.emit(
        Observed(combatant=person.id, action=label[action.kind], successes=successes, result=result)
    )
    TIMELINE.spend(tx, person.id, ticks, label[action.kind])


def verify_acrobatics(state: EncounterState, action: Acrobatics) -> None:
    _between("acrobatics", action.ticks, ACROBATICS_TICKS)
    _modifier(action.modifier)


def _task(tx: Transaction, who: str, dice: int, skill: int, bonus: int, what: str) -> int:
    """Roll a task's pool and log its successes for the GM; returns them."""
    opts = options(tx.state)
    person = walker(tx.state, who)
    pool = roll.pool(dice, skill, bonus=bonus, wounds=person.wound_penalty, cap=opts.tn_cap)
    successes = roll.roll(tx, who, what, pool, opts)
    passed = "passes" if successes >= roll.HIT else "fails"
    result = f"{successes} successes: {passed} (what it does is the GM's)"
    tx.emit(Observed(combatant=who, action=what, successes=successes, result=result))
    return successes


def resolve_acrobatics(tx: Transaction, action: Acrobatics) -> None:
    person = walker(tx.state, action.actor)
    what = f"acrobatics{f' ({action.feat})' if action.feat else ''}"
    dice, skill = person.attributes.prowess, person.skills.agility
    _task(tx, person.id, dice, skill, action.modifier, what)
    TIMELINE.spend(tx, person.id, action.ticks, what)


def verify_skill(state: EncounterState, action: UseSkill) -> None:
    if action.skill not in Skills.model_fields:
        raise IllegalAction(
            f"skill {action.skill!r} is not on the sheet; one of: {', '.join(Skills.model_fields)}"
        )
    _between("use_skill", action.ticks, SKILL_TICKS)
    _modifier(action.modifier)


def resolve_skill(tx: Transaction, action: UseSkill) -> None:
    person = walker(tx.state, action.actor)
    bonus = action.modifier - options(tx.state).combat_chaos
    dice = getattr(person.attributes, action.attribute)
    skill = getattr(person.skills, action.skill)
    what = f"{action.attribute}({action.skill}){f': {action.task}' if action.task else ''}"
    _task(tx, person.id, dice, skill, bonus, what)
    TIMELINE.spend(tx, person.id, action.ticks, what)
