"""Random legal playouts of `nwo` on small random maps: whatever the dice and the choices,
the invariants hold (one combatant a tile, only the able act, armor hitpoints go before HP,
the log replays to the live state, undo then redo changes nothing)."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from fracas.core.actions import Action, EndTurn
from fracas.core.dice import Dice
from fracas.core.encounter import Encounter, replay
from fracas.core.state import EncounterState, Status
from fracas.rulesets.nwo import RULESET
from fracas.rulesets.nwo.actions import Dash, Disengage, DualAttack, Throw
from fracas.rulesets.nwo.events import ActionSpent, Damaged
from fracas.rulesets.nwo.operative import Operative
from fracas.rulesets.nwo.rules.common import ACTION_PLEDGED
from fracas.scenario import parse_scenario
from tests.tactics_playout import play_suggestions

ONE_HANDED = ["handgun", "revolver", "short_blunt", "one_handed_axe", "short_blade"]
TWO_HANDED = ["shotgun", "bolt_action_rifle", "crossbow", "spear", "two_handed_axe", "long_blunt"]
HANDS = st.one_of(
    st.just([]),
    st.lists(st.sampled_from(ONE_HANDED), min_size=1, max_size=2, unique=True),
    st.sampled_from(TWO_HANDED).map(lambda w: [w]),
)


@st.composite
def scenarios(draw: st.DrawFn) -> dict[str, Any]:
    width, height = draw(st.integers(4, 7)), draw(st.integers(3, 6))
    tiles = [(x, y) for x in range(width) for y in range(height)]
    shuffled = draw(st.permutations(tiles))
    per_side = (draw(st.integers(1, 2)), draw(st.integers(1, 2)))
    people = sum(per_side)
    walls = shuffled[people : people + draw(st.integers(0, width * height // 5))]
    cover = shuffled[people + len(walls) : people + len(walls) + draw(st.integers(0, 3))]
    combatants = []
    for index in range(people):
        side = "crew" if index < per_side[0] else "gang"
        x, y = shuffled[index]
        skill = st.integers(0, 10)
        combatants.append(
            {
                "id": f"{side}{index}",
                "side": side,
                "position": {"x": x, "y": y},
                "hp": draw(st.integers(1, 8)),
                "armor": draw(st.sampled_from(["none", "light", "medium", "heavy"])),
                "initiative_bonus": draw(st.integers(-1, 2)),
                "ambusher": side == "crew" and draw(st.booleans()),
                "skills": {
                    name: draw(skill)
                    for name in ("melee", "aiming", "nimble", "strength", "resolve", "robustness")
                },
                "weapons": draw(HANDS),
            }
        )
    options = {
        "legacy_throwables": draw(st.booleans()),
        "diagonal": draw(st.sampled_from(["one", "alternate", "two"])),
        "parry": draw(st.sampled_from(["defender", "reroll"])),
    }
    return {
        "ruleset": "nwo",
        "map": {"width": width, "height": height, "walls": walls, "cover": cover},
        "combatants": combatants,
        "options": options,
    }


def candidates(state: EncounterState, actor: str) -> list[Action]:
    """What `legal_actions` checks, plus actions the tactics do not list, to reach more rules;
    unverified (verifying every move up front is what makes `legal_actions` slow)."""
    me = state.get(actor)
    assert isinstance(me, Operative)
    found: list[Action] = []
    for other in state.combatants:
        assert isinstance(other, Operative)
        if other.side != me.side:
            found.append(DualAttack(actor=actor, target=other.id))
            found.append(Throw(actor=actor, item="molotov", at=(other.x, other.y)))
            found.append(Throw(actor=actor, item="smoke_bomb", at=(other.x, other.y)))
    for dx, dy in ((3, 0), (-3, 0), (0, 2), (0, -2)):
        to = (me.x + dx, me.y + dy)
        found += [Dash(actor=actor, to=to), Disengage(actor=actor, to=to)]
    return [*RULESET.candidate_actions(state, actor), *found]


def draw_legal(enc: Encounter, data: st.DataObject, actor: str) -> Action:
    """A drawn candidate that verifies; a few refused draws fall back to ending the turn."""
    offered = candidates(enc.state, actor)
    for _ in range(6):
        action = data.draw(st.sampled_from(offered))
        if enc.can(action):
            return action
    return EndTurn(actor=actor)


def check_state(state: EncounterState) -> None:
    standing = [c for c in state.combatants if c.status is not Status.DEAD]
    tiles = [(c.x, c.y) for c in standing if isinstance(c, Operative)]
    assert len(tiles) == len(set(tiles)), "one combatant a tile"
    for combatant in state.combatants:
        assert isinstance(combatant, Operative)
        assert 0 <= combatant.ahp <= combatant.max_ahp
        assert 0 <= combatant.hp <= combatant.max_hp


def check_armor_first(before: EncounterState, events: list[Any]) -> None:
    """NWO-56: HP only drops while the armor hitpoints are gone after the event; and nothing
    spends a second action in one turn (NWO-3: "A turn is comprised of an Action and
    Movement")."""
    state = before
    for event in events:
        if isinstance(event, ActionSpent):
            spender = state.get(event.combatant)
            assert isinstance(spender, Operative)
            if state.actor == event.combatant:
                assert not spender.acted, f"{spender.id} spent a second action: {event.action}"
            else:  # out of turn (Help, Sentinel): at most once a round
                assert not spender.has(ACTION_PLEDGED), f"{spender.id} pledged twice a round"
        if isinstance(event, Damaged):
            previous = state.get(event.target)
            assert event.hp >= previous.hp or event.ahp == 0, event.describe()
            assert event.hp <= previous.hp
        state = RULESET.evolve(state, event)


@given(scenario=scenarios(), seed=st.integers(0, 2**16), data=st.data())
def test_random_legal_playouts_keep_the_invariants(
    scenario: dict[str, Any], seed: int, data: st.DataObject
) -> None:
    spec = parse_scenario(scenario)
    enc = Encounter(RULESET, RULESET.setup(spec), Dice(random.Random(seed)))
    check_state(enc.state)
    for _ in range(40):
        if enc.state.outcome is not None:
            break
        actor_id = enc.state.actor
        assert actor_id is not None
        assert enc.can(EndTurn(actor=actor_id)), "end_turn is always legal"
        action = draw_legal(enc, data, actor_id)
        if not isinstance(action, EndTurn):
            assert enc.state.get(action.actor).is_active, "no inactive combatant acts"
        before = enc.state
        events = enc.act(action)
        after = enc.state
        check_state(after)
        check_armor_first(before, events)
        enc.undo()
        assert enc.state == before
        enc.redo()
        assert enc.state == after
    assert replay(RULESET, enc.setup, enc.log) == enc.state


@given(scenario=scenarios(), seed=st.integers(0, 2**16), holster=st.booleans())
def test_the_tactics_only_suggest_legal_actions(
    scenario: dict[str, Any], seed: int, holster: bool
) -> None:
    """Whatever the map, the dice and the kit, `suggest` hands out only actions `verify`
    accepts (autoplay may then act on them without checking again), and a fight it plays
    keeps the invariants."""
    if holster:  # start with every weapon holstered, as the ambushed side does
        for sheet in scenario["combatants"]:
            sheet["holstered"], sheet["weapons"] = sheet["weapons"], []
    spec = parse_scenario(scenario)
    enc = Encounter(RULESET, RULESET.setup(spec), Dice(random.Random(seed)))

    def keep_invariants(before: EncounterState, events: list[Any]) -> None:
        check_armor_first(before, events)
        check_state(enc.state)

    play_suggestions(enc, 60, keep_invariants)
