"""Random legal play in the dark (examples/tiers-dark-room.yaml, tiers-torchlit-crypt.yaml):
whatever is done, no player receives, in its view or in any event (its JSON and its
`describe()`), the id of a character its view leaves out (tests/rulesets/secrets.py), and
the GM receives every event as it is.

Each step, hypothesis picks one of the actions the ruleset accepts: autoplay's candidates and
the ones the dark invites (Blind moves every way, identifying a neighbour, free stealth
attacks declared by anyone on anyone's turn).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from fracas.core.actions import Action, EndTurn
from fracas.core.encounter import Encounter
from fracas.core.errors import FracasError
from fracas.core.state import EncounterState
from fracas.rulesets.tiers import RULESET
from fracas.rulesets.tiers.rules.blindness import TURNS
from tests.rulesets.secrets import WHOLE_FIGHTS, check_secrets, example_encounter

EXAMPLES = [
    Path(__file__).resolve().parents[3] / "examples" / name
    for name in ("tiers-dark-room.yaml", "tiers-torchlit-crypt.yaml")
]
STEPS = 40


def _menu(state: EncounterState, actor: str) -> Iterator[dict[str, Any]]:
    """What the dark invites `actor` (or anyone, for a free action) to try now."""
    for direction in TURNS:
        for distance in (1, 3):
            yield {"actor": actor, "do": "move", "direction": direction, "distance": distance}
    yield {"actor": actor, "do": "move"}
    for other in state.combatants:
        if other.id == actor:
            continue
        yield {"actor": actor, "do": "identify", "target": other.id}
        yield {"actor": actor, "do": "attack", "target": other.id}
        for anyone in state.combatants:
            if anyone.id != other.id:
                yield {"actor": anyone.id, "do": "free_stealth_attack", "target": other.id}


def _legal(encounter: Encounter) -> list[Action]:
    state = encounter.state
    actor = state.actor
    assert actor is not None
    found: list[Action] = [*RULESET.legal_actions(state), RULESET.suggest(state)]
    for raw in _menu(state, actor):
        try:
            found.append(RULESET.parse_action(raw))
        except FracasError:
            continue
    legal: list[Action] = []
    for action in found:
        if action not in legal and encounter.can(action):
            legal.append(action)
    return legal or [EndTurn(actor=actor)]


@settings(WHOLE_FIGHTS, max_examples=30)
@given(example=st.sampled_from(EXAMPLES), seed=st.integers(0, 10_000), data=st.data())
def test_no_player_learns_the_id_of_one_it_does_not_know_of(
    example: Path, seed: int, data: st.DataObject
) -> None:
    encounter = example_encounter(RULESET, example, seed)
    players = [c.id for c in encounter.setup.combatants]
    check_secrets(RULESET, encounter.setup, encounter.opening, players)
    for _ in range(STEPS):
        if encounter.state.outcome is not None:
            break
        legal = _legal(encounter)
        action = legal[data.draw(st.integers(0, len(legal) - 1), label="action")]
        before, start = encounter.state, len(encounter.log)
        encounter.act(action)
        check_secrets(RULESET, before, encounter.log[start:], players)
