"""The action panel's data (core/choices.py): what it offers is exactly what `verify`
accepts, each choice comes back through `parse_action` as it went out, the map marks that
pick it are the places and combatants it names, and a player is offered nobody it does not
know of."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fracas.core.actions import Action
from fracas.core.choices import ActionChoice, action_choices, action_json, unmask
from fracas.core.errors import FracasError, IllegalAction
from fracas.core.mapview import handle, spot
from fracas.core.odds import action_odds
from fracas.core.odds import model_of as odds_model_of
from fracas.core.ruleset import BaseRuleset
from fracas.core.state import EncounterState
from fracas.rulesets.pools.actions import Aim, Ambush, Shoot
from fracas.web.svg import render
from tests.rulesets.secrets import WHOLE_FIGHTS, example_encounter
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


def test_someone_unidentified_beside_a_blind_player_is_picked_by_place() -> None:
    """tiers: the Blind "are aware of each others presence there. However, they cannot
    identify them": the ogre's player sees someone at (11, 0) and may strike it (the free
    stealth attack on one Blind towards it); its panel names the one struck by that place,
    never by id, and `unmask` turns the place back into whom the GM knows stands there."""
    example = next(p for p in EXAMPLES if p.stem == "tiers-dark-room")
    ruleset = ruleset_of(example)
    encounter = example_encounter(ruleset, example, 1)
    for _ in range(6):
        encounter.act(ruleset.suggest(encounter.state))
    state = encounter.state
    truly = next(t.id for t in ruleset.map_view(state, None).tokens if t.at == (11.0, 0.0))
    assert "someone@11,0" in [handle(t) for t in ruleset.map_view(state, "grunt").tokens]
    options = [o for c in action_choices(ruleset, state, "grunt") for o in c.options]
    masked = [o for o in options if ("target", "someone@11,0") in o.marks]
    assert masked
    for option in masked:
        assert truly not in json.dumps(option.action) + option.label and option.odds is None
        action = ruleset.parse_action(unmask(ruleset, state, "grunt", dict(option.action)))
        assert action_json(action)["target"] == truly and _accepts(ruleset, state, action)
    svg = render(ruleset.map_view(state, "grunt"))
    assert 'data-target="someone@11,0"' in svg and truly not in svg
    with pytest.raises(IllegalAction, match="someone@0,0: your map shows nobody"):
        unmask(ruleset, state, "grunt", {**masked[0].action, "target": "someone@0,0"})
    encounter.act(ruleset.parse_action(unmask(ruleset, state, "grunt", dict(masked[0].action))))


def test_an_ambush_on_the_panel_is_aimed_at_its_first_target() -> None:
    """pools names an ambush's targets by id and a shot's with records; the odds model reads
    both (the panel asks it of every option, and an ambush once made it fail)."""
    model = odds_model_of(ruleset_of(next(p for p in EXAMPLES if p.stem == "pools-ambush")))
    assert model.target(Ambush(actor="moreau", targets=["hale", "ibarra"])) == "hale"
    shot = Shoot(actor="hale", weapon="rifle", targets=[Aim(target="moreau", shots=2)])
    assert model.target(shot) == "moreau"


@settings(WHOLE_FIGHTS, max_examples=40)
@given(example=st.sampled_from(EXAMPLES), seed=st.integers(0, 10_000), data=st.data())
def test_through_random_play_the_panel_offers_exactly_what_verify_accepts(
    example: Path, seed: int, data: st.DataObject
) -> None:
    """At each step of a fight played from the GM's panel at random: every option passes
    `verify` and reads back as it went out, every action the ruleset's `legal_actions`
    lists is among them and so is autoplay's pick, and a sample of actions that `verify`
    refuses (the options with their place or target moved to another) is not."""
    ruleset = ruleset_of(example)
    encounter = example_encounter(ruleset, example, seed)
    everyone = [c.id for c in encounter.state.combatants]
    for _ in range(8):
        state = encounter.state
        if state.outcome is not None or state.actor is None:
            break
        offered = _offered(action_choices(ruleset, state, state.actor, as_gm=True, odds=False))
        keys = {_key(raw) for raw in offered}
        assert _key(action_json(ruleset.suggest(state))) in keys  # never a panel with nothing
        for raw in offered:
            action = ruleset.parse_action(raw)
            assert action_json(action) == raw and _accepts(ruleset, state, action)
        for action in ruleset.legal_actions(state):
            assert _key(action_json(action)) in keys
        for raw in offered:
            for other in _neighbours(raw, everyone):
                try:
                    action = ruleset.parse_action(other)
                except FracasError:
                    continue
                if not _accepts(ruleset, state, action):
                    assert _key(action_json(action)) not in keys
        raw = offered[data.draw(st.integers(0, len(offered) - 1), label="action")]
        encounter.act(ruleset.parse_action(raw))


def _neighbours(raw: dict[str, Any], everyone: list[str]) -> list[dict[str, Any]]:
    """The action with its target swapped for each other combatant, or its place moved one
    step each way."""
    out = []
    target = raw.get("target")
    if isinstance(target, str):
        out += [{**raw, "target": other} for other in everyone if other != target]
    to = raw.get("to")
    if isinstance(to, int):
        out += [{**raw, "to": to + step} for step in (-1, 1)]
    elif isinstance(to, list) and len(to) == 2:
        out += [{**raw, "to": [to[0] + dx, to[1] + dy]} for dx, dy in ((1, 0), (0, 1), (-1, -1))]
    return out
