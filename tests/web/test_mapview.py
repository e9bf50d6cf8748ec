"""The battle map's data (core/mapview.py, rulesets/*/mapview.py): every example draws for
the GM and for a player of each side, and a player's map holds nobody and nothing its
view keeps from it (hidden enemies, the darkness map)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fracas.core.choices import action_choices
from fracas.core.mapview import MapView, list_view
from fracas.core.ruleset import BaseRuleset
from fracas.core.secrecy import TOKEN
from fracas.core.state import EncounterState
from fracas.rulesets.fatewalker.rules.engage import REACH
from fracas.rulesets.lines.ruleset import FIRST_SIDE_LINES
from fracas.rulesets.tiers.rules.light import blind
from fracas.rulesets.tiers.warrior import Warrior
from tests.rulesets.secrets import WHOLE_FIGHTS, example_encounter
from tests.web.maps import (
    EXAMPLES,
    SECRET_EXAMPLES,
    SPACES,
    as_text,
    one_player_per_side,
    played,
    ruleset_of,
    unknown_to,
)


def _inside(found: MapView) -> None:
    (x0, x1), (y0, y1) = found.space.x, found.space.y
    for token in found.tokens:
        if token.at is not None:
            assert x0 <= token.at[0] <= x1 and y0 <= token.at[1] <= y1, token


def assert_keeps_secrets(found: MapView, hidden: list[tuple[str, str]]) -> None:
    """Neither the id (as a whole word) nor the name of anyone in `hidden` is in the map."""
    text = as_text(found)
    words = set(TOKEN.findall(text))
    for combatant_id, name in hidden:
        assert combatant_id not in words, (found.viewer, combatant_id)
        assert name not in text, (found.viewer, name)


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda p: p.stem)
def test_every_example_draws_for_the_gm_and_a_player_of_each_side(example: Path) -> None:
    ruleset = ruleset_of(example)
    state = played(example).state
    gm = ruleset.map_view(state, None)
    assert gm.space.kind == SPACES[ruleset.info.id]
    assert gm.ruleset == ruleset.info.id and gm.viewer is None
    assert {t.id for t in gm.tokens} == {c.id for c in state.combatants}
    assert all(t.at is not None for t in gm.tokens)
    assert set(gm.sides) == {c.side for c in state.combatants}
    _inside(gm)
    for viewer in one_player_per_side(state):
        mine = ruleset.map_view(state, viewer)
        assert mine.viewer == viewer
        assert mine.token(viewer) is not None  # everyone knows where it is itself
        _inside(mine)
        assert_keeps_secrets(mine, unknown_to(ruleset, state, viewer))


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda p: p.stem)
def test_the_gm_map_says_whose_turn_and_tokens_carry_the_view_numbers(example: Path) -> None:
    ruleset = ruleset_of(example)
    state = played(example).state
    gm = ruleset.map_view(state, None)
    assert gm.turn == state.actor
    assert [t.id for t in gm.tokens if t.acting] == ([state.actor] if state.actor else [])
    for token in gm.tokens:
        combatant = state.get(str(token.id))
        assert (token.hp, token.max_hp, token.status) == (
            combatant.hp,
            combatant.max_hp,
            str(combatant.status),
        )


def test_a_blind_player_gets_neither_the_darkness_map_nor_the_unseen() -> None:
    """tiers: "Only the GM & any characters that are not effected by the Blind status effect
    may see the map": the cave ogre, Blind in the dark, gets a veiled map with no lights,
    no shades and no lines of Blind moves, and only whom it sees; the GM's holds the torch
    and the dark tiles."""
    example = next(p for p in EXAMPLES if p.stem == "tiers-dark-room")
    ruleset = ruleset_of(example)
    state = example_encounter(ruleset, example, 3).setup
    grunt = state.get("grunt")
    assert isinstance(grunt, Warrior) and blind(state, grunt)
    mine = ruleset.map_view(state, "grunt")
    assert mine.fog.veiled and not mine.fog.shades
    assert not [f for f in mine.features if f.kind in ("light", "item")]
    assert not mine.overlays
    # the adventurers stand in the torchlight, which the Blind see into; its goblin ally,
    # in the dark, it knows of but not where
    places = {t.id: t.at for t in mine.tokens}
    assert places == {"grunt": (16.0, 6.0), "snikt": None, "hilde": (3.0, 4.0), "wren": (2.0, 6.0)}
    assert_keeps_secrets(mine, unknown_to(ruleset, state, "grunt"))
    gm = ruleset.map_view(state, None)
    assert not gm.fog.veiled
    assert [f.at for f in gm.features if f.kind == "light"] == [(1.0, 4.0)]
    dark = {s.at for s in gm.fog.shades if s.level == "dark"}
    assert (16.0, 6.0) in dark and (3.0, 4.0) not in {s.at for s in gm.fog.shades}
    walls = {f.at for f in gm.features if f.kind == "wall"}
    assert walls == {(8.0, y) for y in (0, 1, 2, 6, 7, 8)} | {(13.0, 4.0)}
    assert {f.at for f in mine.features if f.kind == "wall"} == walls  # the room's plan


def test_a_seeing_player_holds_the_darkness_map_and_everyone_on_it() -> None:
    """tiers: "Only the GM & any characters that are not effected by the Blind status
    effect may see the map", which tracks "the movements & orientation of all creatures":
    Hilde, in the torchlight, gets the lights and the shades, and everyone placed, those her
    eyes do not identify by id only."""
    example = next(p for p in EXAMPLES if p.stem == "tiers-dark-room")
    ruleset = ruleset_of(example)
    encounter = example_encounter(ruleset, example, 3)
    state = encounter.state
    for _ in range(60):
        if _sees_more_than_its_eyes(ruleset, state, "hilde"):
            break
        encounter.act(ruleset.suggest(state))
        state = encounter.state
    assert _sees_more_than_its_eyes(ruleset, state, "hilde")
    gm = ruleset.map_view(state, None)
    mine = ruleset.map_view(state, "hilde")
    assert not mine.fog.veiled and mine.fog.shades == gm.fog.shades
    assert {t.id: t.at for t in mine.tokens} == {t.id: t.at for t in gm.tokens}
    for token in mine.tokens:
        if token.status == "unidentified":
            assert token.name == token.id and token.side is None and token.hp is None
    assert [f for f in mine.features if f.kind == "light"] == [
        f for f in gm.features if f.kind == "light"
    ]


def _sees_more_than_its_eyes(ruleset: BaseRuleset, state: EncounterState, viewer: str) -> bool:
    """The viewer holds the darkness map, and its own eyes miss an ally (listed without a
    place) and someone else (not listed) on it."""
    seen = ruleset.view(state, viewer)
    listed = {c.get("id") for c in seen["combatants"]}
    unplaced = [c for c in seen["combatants"] if c.get("position") is None]
    return "gm_map" in seen and bool(unplaced) and listed != {c.id for c in state.combatants}


def test_a_player_of_the_ambushed_patrol_sees_no_raider_and_no_trap() -> None:
    """pools: the raiders lie hidden, "entirely unnoticed", with traps on the road: the
    patrol's map shows only the patrol and the cover; the GM's shows all and the traps."""
    example = next(p for p in EXAMPLES if p.stem == "pools-ambush")
    ruleset = ruleset_of(example)
    state = example_encounter(ruleset, example, 11).setup
    raiders = [(c.id, c.name) for c in state.combatants if c.side == "raiders"]
    mine = ruleset.map_view(state, "hale")
    assert {t.side for t in mine.tokens} == {"patrol"}
    assert not [f for f in mine.features if f.kind == "trap"]
    assert_keeps_secrets(mine, raiders)
    gm = ruleset.map_view(state, None)
    assert {t.id for t in gm.tokens} >= {r for r, _ in raiders}
    assert sorted(f.at[0] for f in gm.features if f.kind == "trap") == [3.0, 4.0]
    raider = ruleset.map_view(state, "moreau")
    assert sorted(f.at[0] for f in raider.features if f.kind == "trap") == [3.0, 4.0]


def test_pools_range_bands_step_every_ten_distances_from_the_viewer() -> None:
    """pools: "Distance 0 is melee range"; "-3d6 per 10 distances" to the target."""
    example = next(p for p in EXAMPLES if p.stem == "pools-squad-assault")
    ruleset = ruleset_of(example)
    state = example_encounter(ruleset, example, 1).setup
    viewer = state.combatants[0]
    mine = ruleset.map_view(state, viewer.id)
    here = float(viewer.position_json()["distance"])
    melee = [z for z in mine.zones if z.label == "melee"]
    assert [(z.start[0], z.end[0]) for z in melee] == [(here, here)]
    near = [z for z in mine.zones if z.label == "no range penalty"]
    assert {(z.start[0], z.end[0]) for z in near} <= {(here + 1, here + 9), (here - 1, here - 9)}
    assert near


def test_the_six_lines_belong_to_the_sides_as_the_standard_layout_sets_them() -> None:
    """lines: the first side holds lines 1-3, the other 4-6."""
    example = next(p for p in EXAMPLES if p.stem == "lines-skirmish")
    ruleset = ruleset_of(example)
    state = example_encounter(ruleset, example, 7).setup
    found = ruleset.map_view(state, None)
    assert [z.label for z in found.zones] == [f"line {n}" for n in range(1, 7)]
    first = state.combatants[0].side
    other = next(c.side for c in state.combatants if c.side != first)
    assert [z.side for z in found.zones] == [
        first if n in FIRST_SIDE_LINES else other for n in range(1, 7)
    ]
    ada = found.token("ada")
    assert ada is not None and ada.at == (3.0, 0.0)


def test_fatewalker_rings_are_the_longest_reach_and_two_metres_at_least() -> None:
    """fatewalker: melee range is the longest reach among the weapons, 2 m at the least
    (rules/engage.py): Brann's halberd reaches 3, Lady Ilaria's rapier 2."""
    example = next(p for p in EXAMPLES if p.stem == "fatewalker-duel")
    ruleset = ruleset_of(example)
    found = ruleset.map_view(example_encounter(ruleset, example, 5).setup, None)
    reaches = {t.id: t.reach for t in found.tokens}
    assert reaches == {"ilaria": REACH, "brann": 3.0, "tova": REACH}
    assert found.token("brann").at == (1.5, 0.0)  # type: ignore[union-attr]


def test_a_ruleset_without_a_map_model_lists_its_combatants_in_a_row() -> None:
    example = next(p for p in EXAMPLES if p.stem == "lines-skirmish")
    ruleset = ruleset_of(example)
    state = example_encounter(ruleset, example, 7).setup
    found = list_view(ruleset, state, None)
    assert found.space.kind == "list"
    assert [t.at for t in found.tokens] == [(float(n), 0.0) for n in range(len(state.combatants))]


@settings(WHOLE_FIGHTS, max_examples=12)
@given(example=st.sampled_from(SECRET_EXAMPLES), seed=st.integers(0, 10_000), data=st.data())
def test_random_play_never_puts_a_hidden_one_on_a_players_map(
    example: Path, seed: int, data: st.DataObject
) -> None:
    """Play the GM's action panel at random (every legal action it offers, for whoever
    acts); after each action, no player's map names anyone its view leaves out, a Blind
    tiers player's map carries no part of the darkness map, and the acting player's own
    panel, odds included, names nobody it does not know of."""
    ruleset = ruleset_of(example)
    encounter = example_encounter(ruleset, example, seed)
    for _ in range(20):
        state = encounter.state
        for viewer in (c.id for c in state.combatants):
            found = ruleset.map_view(state, viewer)
            assert_keeps_secrets(found, unknown_to(ruleset, state, viewer))
            if "gm_map" not in ruleset.view(state, viewer) and ruleset.info.id == "tiers":
                assert not found.fog.shades and not found.overlays
                assert not [f for f in found.features if f.kind in ("light", "item")]
        if state.outcome is not None or state.actor is None:
            break
        mine = json.dumps([c.to_json() for c in action_choices(ruleset, state, state.actor)])
        hidden = unknown_to(ruleset, state, state.actor)
        assert not set(TOKEN.findall(mine)) & {h for h, _ in hidden}, mine
        offered = [
            option.action
            for choice in action_choices(ruleset, state, state.actor, as_gm=True, odds=False)
            for option in choice.options
        ]
        raw = offered[data.draw(st.integers(0, len(offered) - 1), label="action")]
        encounter.act(ruleset.parse_action(raw))
