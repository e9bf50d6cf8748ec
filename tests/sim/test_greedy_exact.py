"""The greedy policy weighs its candidates by exact odds where the ruleset has a closed form
(issue 10: "greedy by expected value from the exact odds")."""

from __future__ import annotations

from fracas.core.dice import Dice, ScriptedRng
from fracas.core.policy import exact_harm
from fracas.rulesets.nwo import RULESET as NWO
from fracas.sim.policies import POLICIES
from tests.rulesets.nwo import core_helpers as nwo
from tests.scripted_fight import ScriptedFight


def test_greedy_aims_where_the_exact_expected_share_is_highest() -> None:
    """Mara's handgun at two foes in sight: rex in heavy armor (8 armor hitpoints take a
    handgun's 3 and its crit's 4 before any HP: only a chain of crits gets through) and kit,
    unarmored with 3 HP. The exact expected share of HP is near 0 against rex and well above
    it against kit, so greedy shoots
    kit, whichever the tactics wished for; and it rolls no dice to weigh them (a scripted
    roller with no faces would fail loudly)."""
    fight = ScriptedFight(
        NWO,
        nwo.scenario(
            nwo.op("mara", "a", 1, 1, weapons=["handgun"], skills={"aiming": 6}),
            nwo.op("rex", "b", 3, 1, armor="heavy"),
            nwo.op("kit", "b", 1, 3, hp=3),
        ),
    )
    state = fight.state
    shots = {
        foe: NWO.parse_action({"actor": "mara", "do": "attack", "target": foe, "weapon": "handgun"})
        for foe in ("rex", "kit")
    }
    worth = {foe: exact_harm(NWO, state, shot) for foe, shot in shots.items()}
    assert worth["rex"] is not None and worth["rex"] < 0.001
    assert worth["kit"] is not None and worth["kit"] > 0.2
    choice = POLICIES["greedy"].choose(NWO, state, Dice(ScriptedRng(())))
    assert getattr(choice, "target", None) == "kit"
    assert NWO.appraise(state, shots["kit"], Dice(ScriptedRng(())), 6) == worth["kit"]
