"""The action panel's data (core/choices.py): what it offers is exactly what `verify`
accepts, each choice comes back through `parse_action` as it went out, the map marks that
pick it are the places and combatants it names, and a player is offered nobody it does not
know of."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from fracas.core.actions import Action
from fracas.core.choices import ActionChoice, action_choices, action_json, spot
from fracas.core.errors import FracasError
from fracas.core.odds import action_odds
from fracas.core.ruleset import BaseRuleset
from fracas.core.state import EncounterState
from tests.rulesets.secrets import example_encounter
from tests.web.maps import EXAMPLES, played, ruleset_of, unknown_to


def _offered(choices: list[ActionChoice]) -> list[dict[str, Any]]:
    return [dict(o.action) for c in choices for o in c.options]


def _key(raw: dict[str, Any]) -> str:
    return json.dumps(raw, sort_keys=True)


def _accepts(ruleset: BaseRuleset, state: EncounterState, action: Action) -> bool:
    try:
        ruleset.verify(state, action)
    except FracasError:
        return False
    return True


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda p: p.stem)
def test_every_choice_is_legal_and_every_legal_action_is_offered(example: Path) -> None:
    ruleset = ruleset_of(example)
    state = played(example, steps=3).state
    assert state.actor is not None
    choices = action_choices(ruleset, state, state.actor, as_gm=True, odds=False)
    offered = _offered(choices)
    assert len({_key(raw) for raw in offered}) == len(offered)  # each once
    for raw in offered:
        action = ruleset.parse_action(raw)
        assert action_json(action) == raw  # it comes back as it went out
        assert _accepts(ruleset, state, action), raw
    keys = {_key(raw) for raw in offered}
    for action in ruleset.legal_actions(state):
        assert _key(action_json(action)) in keys, action
    assert [c.do for c in choices] == list(dict.fromkeys(r["do"] for r in offered))


def _destinations(ruleset: BaseRuleset, state: EncounterState, actor: str) -> list[dict[str, Any]]:
    """A move to every place of the map, as a scenario file would write it."""
    kind = ruleset.info.id
    if kind in ("tiers", "nwo"):
        board = state.arena
        return [
            {"do": "move", "actor": actor, "to": [x, y]}
            for x in range(board.width)
            for y in range(board.height)
        ]
    if kind == "lines":
        return [{"do": "move", "actor": actor, "to": n} for n in range(1, 7)]
    here = state.get(actor).position_json()["distance"]
    return [{"do": "move", "actor": actor, "to": d} for d in range(max(0, here - 3), here + 4)]


@pytest.mark.parametrize(
    "example", [p for p in EXAMPLES if not p.stem.startswith("fatewalker")], ids=lambda p: p.stem
)
def test_the_moves_offered_are_exactly_the_moves_verify_accepts(example: Path) -> None:
    """Every place of the map tried as a move's destination: offered if and only if
    `verify` accepts it, and picked by the map element of that place."""
    ruleset = ruleset_of(example)
    state = played(example, steps=0).state  # at the start of a turn, before any move
    actor = state.actor
    assert actor is not None
    choices = action_choices(ruleset, state, actor, as_gm=True, odds=False)
    moves = next((c for c in choices if c.do == "move"), None)
    offered = {_key(dict(o.action)): o for o in moves.options} if moves else {}
    tried = accepted = 0
    for raw in _destinations(ruleset, state, actor):
        tried += 1
        legal = _accepts(ruleset, state, ruleset.parse_action(raw))
        accepted += legal
        option = offered.get(_key(raw))
        assert (option is not None) == legal, raw
        if option is not None:
            kind = {"lines": "line", "pools": "distance"}.get(ruleset.info.id, "cell")
            assert (kind, spot(raw["to"])) in option.marks
    assert accepted > 0 and tried > accepted


def test_a_player_is_offered_nobody_it_does_not_know_of() -> None:
    """pools: the patrol does not know the raiders are there, so a patrol player's panel
    names none of them."""
    example = next(p for p in EXAMPLES if p.stem == "pools-ambush")
    ruleset = ruleset_of(example)
    encounter = example_encounter(ruleset, example, 11)
    while encounter.state.get(str(encounter.state.actor)).side != "patrol":
        encounter.act(ruleset.suggest(encounter.state))
    state = encounter.state
    actor = str(state.actor)
    hidden = unknown_to(ruleset, state, actor)
    assert {h for h, _ in hidden} == {"moreau", "sato", "quinn"}
    mine = json.dumps(_offered(action_choices(ruleset, state, actor)))
    for combatant_id, name in hidden:
        assert f'"{combatant_id}"' not in mine and name not in mine


def test_a_legal_blow_at_someone_unknown_is_left_off_the_players_panel() -> None:
    """tiers, the dark room (seed 1, 18 actions of autoplay in): the Blind ogre may strike
    Wren, whom it cannot see; the GM's panel offers it, the ogre's player's does not, since
    it would tell the player who stands there."""
    example = next(p for p in EXAMPLES if p.stem == "tiers-dark-room")
    ruleset = ruleset_of(example)
    encounter = example_encounter(ruleset, example, 1)
    for _ in range(18):
        encounter.act(ruleset.suggest(encounter.state))
    state = encounter.state
    assert state.actor == "grunt" and ("wren", "Wren") in unknown_to(ruleset, state, "grunt")
    blow = {"do": "attack", "actor": "grunt", "target": "wren"}
    assert blow in _offered(action_choices(ruleset, state, "grunt", as_gm=True, odds=False))
    mine = _offered(action_choices(ruleset, state, "grunt", odds=False))
    assert mine and blow not in mine and "wren" not in json.dumps(mine)


def test_a_target_is_marked_and_its_odds_are_the_exact_odds() -> None:
    """The odds beside an attack are `fracas.odds`'s exact answer for that very action."""
    example = next(p for p in EXAMPLES if p.stem == "lines-skirmish")
    ruleset = ruleset_of(example)
    state = played(example, steps=0).state
    actor = state.actor
    assert actor is not None
    choices = action_choices(ruleset, state, actor)
    attacks = next(c for c in choices if c.do == "attack")
    assert attacks.fields[0].name == "target" and attacks.fields[0].pick == "target"
    with_odds = [o for o in attacks.options if o.odds is not None]
    assert with_odds
    for option in with_odds:
        action = ruleset.parse_action(option.action)
        assert ("target", option.action["target"]) in option.marks
        exact = action_odds(ruleset, state, action, method="exact")  # type: ignore[arg-type]
        assert option.odds == exact.to_json()
        assert option.odds["method"] == "exact"


def test_choices_of_someone_out_of_turn_are_only_its_free_actions() -> None:
    """verify decides for any actor, not only the one whose turn it is: out of turn, a
    tiers fighter may still swap, drop or cast ("free actions ... on anyone's turn")."""
    example = next(p for p in EXAMPLES if p.stem == "tiers-duel")
    ruleset = ruleset_of(example)
    state = played(example, steps=0).state
    waiting = next(c.id for c in state.combatants if c.id != state.actor)
    choices = action_choices(ruleset, state, waiting, as_gm=True, odds=False)
    for raw in _offered(choices):
        assert _accepts(ruleset, state, ruleset.parse_action(raw))
    assert "move" not in [c.do for c in choices]
