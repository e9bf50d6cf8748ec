"""The `tiers` tactics: strike the nearest foe in reach, else walk toward it, keep it in
front, end the turn; everything they hand out passes `verify`."""

from __future__ import annotations

import random
from pathlib import Path

from fracas.core.actions import EndTurn
from fracas.core.dice import Dice
from fracas.core.encounter import Encounter
from fracas.core.events import Event
from fracas.core.state import EncounterState
from fracas.rulesets.tiers import RULESET
from fracas.rulesets.tiers.actions import Attack, Face, Move, Reload, StealthAttack
from fracas.rulesets.tiers.rules.common import distance
from fracas.scenario import load_scenario
from tests.rulesets.tiers.helpers import BOW, Fight, warrior
from tests.tactics_playout import play_suggestions

ROOT = Path(__file__).resolve().parents[3]


def test_strikes_a_foe_in_reach() -> None:
    fight = Fight(warrior("a", "red", 0, 0), warrior("b", "blue", 1, 1))
    assert RULESET.suggest(fight.state) == Attack(actor="a", target="b", weapon="sword")


def test_walks_to_the_nearest_foe_then_strikes() -> None:
    """Out of reach, a walks its move toward b, and the attack follows as the second action."""
    fight = Fight(
        warrior("a", "red", 0, 0, race={"move": 4}),
        warrior("b", "blue", 6, 0),
        warrior("c", "blue", 9, 9),
        dice=[10, 10],
    )
    assert RULESET.suggest(fight.state) == Move(actor="a", to=(4, 0))
    fight.act("a", "move", to={"x": 4, "y": 0})
    fight.act("a", "move", to={"x": 5, "y": 0})
    assert RULESET.suggest(fight.state) == Face(actor="a", target="b")
    fight.act("a", "face", target="b")
    assert RULESET.suggest(fight.state) == EndTurn(actor="a")


def test_an_archer_shoots_from_where_it_stands() -> None:
    fight = Fight(warrior("a", "red", 0, 0, weapons=[BOW]), warrior("b", "blue", 8, 3))
    assert RULESET.suggest(fight.state) == Attack(actor="a", target="b", weapon="bow")


def test_suggestions_are_legal_and_replay() -> None:
    """Autoplay acts on `suggest` without verifying again: over whole seeded fights of the
    example, every suggestion passes `verify`, the one living character a square holds, and
    the log replays to the same state."""
    spec = load_scenario(ROOT / "examples/tiers-duel.yaml")

    def check(before: EncounterState, events: list[Event]) -> None:
        del before, events
        tiles = [(c.x, c.y) for c in enc.state.combatants if c.is_active]  # type: ignore[attr-defined]
        assert len(tiles) == len(set(tiles))

    for seed in range(8):
        enc = Encounter(RULESET, RULESET.setup(spec), Dice(random.Random(seed)))
        play_suggestions(enc, 400, check)
        assert enc.state.outcome is not None


def test_walking_never_passes_a_standing_foe() -> None:
    """The walk stops next to the foe, never on it: the reachable tiles exclude taken ones."""
    fight = Fight(warrior("a", "red", 0, 0), warrior("b", "blue", 3, 0))
    move = RULESET.suggest(fight.state)
    assert isinstance(move, Move)
    assert distance(move.to, (3, 0)) == 1


def test_two_weapons_in_hand_strike_together() -> None:
    dagger = {"id": "dagger", "kind": "melee", "tier": 1}
    fight = Fight(
        warrior(
            "a",
            "red",
            0,
            0,
            weapons=[{"id": "sword", "kind": "melee", "tier": 3}, dagger],
            wielding=["sword", "dagger"],
        ),
        warrior("b", "blue", 1, 0),
    )
    assert RULESET.suggest(fight.state) == Attack(
        actor="a", target="b", weapon="sword", also="dagger"
    )


def test_a_spent_crossbow_is_reloaded() -> None:
    xbow = {"id": "xbow", "kind": "crossbow", "tier": 2, "range": 8}
    fight = Fight(
        warrior("a", "red", 0, 0, weapons=[xbow], skills={"crossbow": 5}),
        warrior("b", "blue", 3, 0),
    )
    fight.act("a", "attack", target="b")
    assert RULESET.suggest(fight.state) == Reload(actor="a", weapon="xbow")


def test_behind_a_foe_no_sharper_than_itself_a_sneak_tries_a_stealth_attack() -> None:
    """Seed: "The Stealth skill may be used in combat any time a character is behind their
    opponent": a (Presence 2, Stealth 3) south of b facing north tries the uncontested blow;
    in front of b the check would be refused, so a attacks as usual; against a sharper foe
    (Presence 3, Stealth 3) the even-or-better check is gone and so is the wish."""
    sneak = {"presence": 2, "skills": {"stealth": 3}}
    behind = Fight(warrior("a", "red", 5, 6, **sneak), warrior("b", "blue", 5, 5))
    assert RULESET.suggest(behind.state) == StealthAttack(actor="a", target="b", weapon="sword")
    front = Fight(warrior("a", "red", 5, 4, **sneak), warrior("b", "blue", 5, 5))
    assert RULESET.suggest(front.state) == Attack(actor="a", target="b", weapon="sword")
    wary = Fight(
        warrior("a", "red", 5, 6, **sneak),
        warrior("b", "blue", 5, 5, presence=3, skills={"stealth": 3}),
    )
    assert RULESET.suggest(wary.state) == Attack(actor="a", target="b", weapon="sword")
