"""Short builders for the crit-effect tests: sheets, fights on an open map, and log readers.

Every fight uses scripted dice. A panel roll takes two faces (four with advantage or
disadvantage); a d6 (the flamethrower canister) takes one. Tests that end with
`dice_left(...) == ()` also prove how many dice the effects consumed, in which order.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, TypeVar, cast

from fracas.core.dice import Dice, ScriptedRng
from fracas.core.encounter import Encounter
from fracas.core.events import Event
from fracas.core.ruleset import Ruleset
from fracas.core.transaction import Transaction
from fracas.rulesets.nwo import RULESET
from fracas.rulesets.nwo.events import AttackResolved, Damaged, Rolled
from fracas.rulesets.nwo.operative import Operative
from fracas.rulesets.nwo.rules.crits import WeaponEffect
from fracas.scenario import parse_scenario

E = TypeVar("E", bound=Event)


def sheet(
    cid: str,
    x: int,
    y: int,
    *,
    side: str = "gang",
    weapons: Sequence[Any] = (),
    hp: int = 20,
    armor: str = "none",
    **skills: int,
) -> dict[str, Any]:
    """One combatant as a scenario writes it; 20 HP so that chains do not end the fight."""
    return {
        "id": cid,
        "side": side,
        "position": {"x": x, "y": y},
        "hp": hp,
        "armor": armor,
        "skills": skills,
        "weapons": list(weapons),
    }


def shooter(weapon: Any = "handgun", x: int = 1, y: int = 5, **skills: int) -> dict[str, Any]:
    """`ada` of the crew; Aiming 6 gives +3 on a shot unless the test says otherwise."""
    made = sheet("ada", x, y, side="crew", weapons=[weapon])
    made["skills"] = {"aiming": 6, **skills}
    return made


def encounter(
    combatants: Iterable[Mapping[str, Any]],
    dice: Sequence[int] = (),
    *,
    order: Sequence[str] | None = None,
    options: Mapping[str, Any] | None = None,
    walls: Sequence[tuple[int, int]] = (),
    cover: Sequence[tuple[int, int]] = (),
    size: int = 20,
) -> tuple[Encounter, ScriptedRng]:
    people = [dict(c) for c in combatants]
    spec = parse_scenario(
        {
            "ruleset": "nwo",
            "order": list(order or [c["id"] for c in people]),
            "options": dict(options or {}),
            "map": {
                "width": size,
                "height": size,
                "walls": [list(w) for w in walls],
                "cover": [list(c) for c in cover],
            },
            "combatants": people,
        }
    )
    scripted = ScriptedRng(dice)
    fight = Encounter(
        cast(Ruleset, RULESET),
        RULESET.setup(spec),
        Dice(scripted),
        order=tuple(spec.order or ()),
    )
    return fight, scripted


def act(fight: Encounter, **raw: Any) -> list[Event]:
    return fight.act(RULESET.parse_action(raw))


def end_turn(fight: Encounter) -> list[Event]:
    actor = fight.state.actor
    assert actor is not None
    return act(fight, actor=actor, do="end_turn")


def transaction(fight: Encounter) -> Transaction:
    """A resolution on the fight's current state, for calling a rule function directly."""
    return Transaction(RULESET, fight.state, fight.dice)


def who(fight: Encounter, cid: str) -> Operative:
    found = fight.state.get(cid)
    assert isinstance(found, Operative)
    return found


def of(events: Iterable[Event], kind: type[E]) -> list[E]:
    return [e for e in events if isinstance(e, kind)]


def effects(events: Iterable[Event]) -> list[tuple[str, str, bool]]:
    """(effect, subject, performed) of each logged weapon effect."""
    return [(e.effect, e.subject, e.performed) for e in of(events, WeaponEffect)]


def results(events: Iterable[Event]) -> list[tuple[str, str]]:
    """(target, result) of each attack."""
    return [(e.target, e.result) for e in of(events, AttackResolved)]


def damage(events: Iterable[Event]) -> list[tuple[str, int]]:
    return [(e.target, e.amount) for e in of(events, Damaged)]


def pairs(events: Iterable[Event]) -> list[tuple[str, tuple[int, int], int]]:
    """(who, kept pair, total) of each panel roll."""
    return [(e.combatant, e.pair, e.total) for e in of(events, Rolled)]
