"""Exact odds equal brute force in every ruleset, and hand-checkable attacks come out as the
rules' sentences say. The brute force (`brute.py`) runs the resolver on every sequence of
faces through `ScriptedRng`; the odds walk branches by bags or totals, so agreement checks
that each ruleset's rules read no more of a roll than its `odds_model.reads` claims."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from fracas.core.odds import action_odds
from fracas.core.odds_walk import enumerate_odds
from fracas.core.ruleset import Ruleset
from fracas.rulesets.lines import RULESET as LINES
from fracas.rulesets.nwo import RULESET as NWO
from fracas.rulesets.pools import RULESET as POOLS
from fracas.rulesets.tiers import RULESET as TIERS
from tests.rulesets.lines import helpers as lines
from tests.rulesets.nwo import core_helpers as nwo
from tests.rulesets.pools import helpers as pools
from tests.rulesets.tiers import helpers as tiers
from tests.scripted_fight import ScriptedFight

from .brute import brute_force


def _fight(ruleset: Ruleset, data: dict[str, Any]) -> ScriptedFight:
    return ScriptedFight(ruleset, data)


def _lines_fight() -> ScriptedFight:
    card = {"id": "club", "attack": "1d6+1", "damage": "1d6+2"}
    return _fight(
        LINES,
        lines.scenario(lines.ada(weapons=[card]), lines.raider(hp=6, dexterity=0)),
    )


def _nwo_fight(weapon: str, **target: Any) -> ScriptedFight:
    """A chain of crits is cut at one extra attack, so the brute force stays quick."""
    attacker = nwo.op("mara", "a", 1, 1, weapons=[weapon], skills={"melee": 4, "aiming": 4})
    defender = nwo.op("rex", "b", 2, 1, hp=4, **target)
    return _fight(NWO, nwo.scenario(attacker, defender, options={"max_crit_chain": 1}))


def _tiers_fight() -> ScriptedFight:
    return _fight(
        TIERS,
        tiers.scenario(
            tiers.warrior("ser", "a", 1, 1, facing="e", reflex=2, hp=12),
            tiers.warrior("rat", "b", 2, 1, facing="w", hp=10),
        ),
    )


def _pools_fight(distance: int = 0, **battlefield: Any) -> ScriptedFight:
    return _fight(
        POOLS,
        pools.scenario(
            pools.soldier("kai", "a", 0, strength=2, dexterity=2),
            pools.soldier("ivo", "b", distance, strength=1, hp=3),
            map=battlefield,
        ),
    )


def _pools_shot() -> ScriptedFight:
    """ivo three distances off in weak cover (2d6): the shooter's pool against the cover's."""
    return _pools_fight(3, cover=[{"distance": 3, "rating": "weak"}])


LEAVES = 20_000
"""Above the everyday bound: a crit chain against armor takes a few thousand resolutions."""

CASES = {
    "lines attack": (_lines_fight, "ada", {"do": "attack", "target": "raider", "weapon": "club"}),
    "nwo melee with crit effect (stun)": (
        lambda: _nwo_fight("short_blunt"),
        "mara",
        {"do": "attack", "target": "rex"},
    ),
    "nwo melee against armor hitpoints, crit chain": (
        lambda: _nwo_fight("short_blade", armor="light"),
        "mara",
        {"do": "attack", "target": "rex"},
    ),
    "nwo shot": (lambda: _nwo_fight("handgun"), "mara", {"do": "attack", "target": "rex"}),
    "tiers exchange with counterattack and crits": (
        _tiers_fight,
        "ser",
        {"do": "attack", "target": "rat"},
    ),
    "pools melee": (_pools_fight, "kai", {"do": "attack", "target": "ivo", "weapon": "knife"}),
    "pools shot through cover": (
        _pools_shot,
        "kai",
        {"do": "shoot", "weapon": "rifle", "targets": [{"target": "ivo", "shots": 2}]},
    ),
}


@pytest.mark.parametrize("case", list(CASES))
def test_exact_odds_equal_brute_force_over_every_face(case: str) -> None:
    """Odds "exact ... wherever the state space allows" (issue 10): the walk over bags and
    totals gives, ending for ending, the chances of every face sequence."""
    build, actor, raw = CASES[case]
    fight = build()
    action = fight.ruleset.parse_action({"actor": actor, **raw})
    walked = enumerate_odds(fight.ruleset, fight.state, action, leaves=LEAVES)
    assert walked.method == "exact"
    assert dict(walked.chances) == brute_force(fight.ruleset, fight.state, action)
    assert sum(walked.chances.values()) == 1


def test_lines_hand_checked_attack() -> None:
    """ "Should an attack roll exceed one's defense roll by 5 or more, a critical attack is
    performed." A 1d6+1 card against a 1d6+0 Dexterity roll (a tie misses, C2): of the 36
    pairs, the attack exceeds the defense in 21 (a - d > -1: 6+5+4+3+2+1) and by 5 or more
    in 3 (attack 6+1 against 1 or 2, attack 5+1 against 1); so 18 hits, 3 criticals."""
    fight = _lines_fight()
    odds = action_odds(fight.ruleset, fight.state, fight.action("ada", "attack", **_club()))
    assert odds.outcomes == {
        "critical": Fraction(3, 36),
        "hit": Fraction(18, 36),
        "miss": Fraction(15, 36),
    }
    # a hit deals 1d6+2 (3-8); the raider's 6 HP fall to 0 on 6, 7 or 8: half of the hits.
    # A critical deals 2d6+4 (6-16): always. The HP lost stop at the 6 it has: a hit takes
    # 3, 4, 5, 6, 6, 6 (mean 5), a critical 6.
    assert odds.down == Fraction(18, 36) * Fraction(3, 6) + Fraction(3, 36)
    assert odds.expected_damage == Fraction(18, 36) * 5 + Fraction(3, 36) * 6


def _club() -> dict[str, str]:
    return {"target": "raider", "weapon": "club"}


def test_pools_hand_checked_melee() -> None:
    """ "To attack someone in melee, you roll Strength. It is a contested Strength check."
    Two dice against one, each a success on 5 or 6 (1/3), the tie to the defender: the
    attacker wins with 1 success against 0 (2 x 1/3 x 2/3 x 2/3 = 8/27) or with 2 against
    0 or 1 (1/9 x 1 = 3/27): 11/27. "Unarmed deals 1, a makeshift weapon 2"; the knife
    deals its 2."""
    fight = _pools_fight()
    odds = action_odds(
        fight.ruleset, fight.state, fight.action("kai", "attack", target="ivo", weapon="knife")
    )
    assert odds.outcomes == {"hit": Fraction(11, 27), "miss": Fraction(16, 27)}
    assert odds.damage == {0: Fraction(16, 27), 2: Fraction(11, 27)}


def test_tiers_counterattack_shows_as_damage_taken() -> None:
    """ "The player with the highest total adds the difference between the two totals to
    their damage. Only the player with the highest roll gets to add damage for each
    interaction, regardless of who declared the attack." So whenever the defender wins, the
    attacker may lose HP, and never when the attacker wins."""
    fight = _tiers_fight()
    odds = action_odds(fight.ruleset, fight.state, fight.action("ser", "attack", target="rat"))
    assert odds.probability(lambda t: t.taken > 0 and t.outcome != "defender wins") == 0
    assert odds.probability(lambda t: t.taken > 0) > 0
    assert odds.probability(lambda t: t.damage > 0 and t.outcome != "attacker wins") == 0
