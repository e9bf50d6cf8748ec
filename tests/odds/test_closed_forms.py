"""Every closed form (`exact_odds`) equals the walk through the real resolver, ending for
ending, over varied states: options, crits, armor hitpoints at their edges, conditions that
give an edge, downed targets; and on small cases the brute force over every face. Where the
walk cannot answer (a parry or a tie re-rolled without end) the closed form is held to the
series it sums, and to seeded samples within 4 standard errors."""

from __future__ import annotations

import dataclasses
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fracas.core.conditions import Condition, Expiry
from fracas.core.odds import action_odds
from fracas.core.odds_walk import enumerate_odds, sample_odds
from fracas.core.state import EncounterState, Status
from fracas.rulesets.nwo import RULESET as NWO
from fracas.rulesets.tiers import RULESET as TIERS
from fracas.rulesets.tiers.rules.exchange import MAX_REROLLS
from tests.rulesets.nwo import core_helpers as nwo
from tests.rulesets.tiers import helpers as tiers
from tests.scripted_fight import ScriptedFight

from .brute import brute_force

LEAVES = 200_000


def _nwo(
    weapon: str,
    *,
    skills: dict[str, int] | None = None,
    gap: int = 1,
    options: dict[str, Any] | None = None,
    cover: bool = False,
    others: tuple[dict[str, Any], ...] = (),
    **target: Any,
) -> ScriptedFight:
    attacker = nwo.op("mara", "a", 1, 1, weapons=[weapon], skills=skills or {})
    defender = nwo.op("rex", "b", 1 + gap, 1, **target)
    return ScriptedFight(
        NWO,
        nwo.scenario(
            attacker,
            defender,
            *others,
            options=options or {},
            cover=[(gap, 1)] if cover else (),
        ),
    )


def _with(state: EncounterState, who: str, *conditions: str, **fields: Any) -> EncounterState:
    """`who` with more conditions (prone, braced ...) or other fields, as play would leave it."""
    found = state.find(who)
    assert found is not None
    more = tuple(Condition(name=n, source=who, expiry=Expiry.NEVER) for n in conditions)
    return state.with_combatant(
        dataclasses.replace(found, conditions=(*found.conditions, *more), **fields)
    )


def _attack(**fields: Any) -> Any:
    return NWO.parse_action({"actor": "mara", "do": "attack", "target": "rex", **fields})


def _same(ruleset: Any, state: EncounterState, action: Any, *, brute: bool = False) -> None:
    closed = ruleset.exact_odds(state, action)
    assert closed is not None, "the closed form should cover this state"
    assert closed.how == "formula"
    walked = enumerate_odds(ruleset, state, action, leaves=LEAVES)
    assert dict(closed.chances) == dict(walked.chances)
    assert sum(closed.chances.values()) == 1
    if brute:
        assert dict(closed.chances) == brute_force(ruleset, state, action)


# -- nwo --------------------------------------------------------------------------------------

NWO_CASES: dict[str, tuple[Any, ...]] = {
    # name: (fight builder, conditions on mara, conditions on rex, attack fields)
    "short blunt stun, no armor": (lambda: _nwo("short_blunt", skills={"melee": 4}, hp=4),),
    "long blade crit against a short blade, armor edge (light 2 = crit 4 - 2)": (
        lambda: _nwo(
            "one_handed_long_blade",
            skills={"melee": 6},
            hp=2,
            armor="light",
            weapons=["short_blade"],
        ),
    ),
    "two-handed axe into heavy armor (8 AHP soak everything)": (
        lambda: _nwo("two_handed_axe", skills={"melee": 10, "strength": 10}, armor="heavy"),
    ),
    "spear, halves up, three dice keep two, target prone": (
        lambda: _nwo(
            "spear",
            skills={"melee": 5},
            gap=2,
            hp=3,
            options={"halves": "up", "advantage": "three_dice_keep_two"},
        ),
        (),
        ("prone",),
    ),
    "long blunt shove, crit does not win": (
        lambda: _nwo("long_blunt", skills={"melee": 2}, hp=5, options={"crit_wins": False}),
    ),
    "unarmed default stun against a braced defender (advantage, two pairs)": (
        lambda: _nwo("unarmed", skills={"nimble": 6}, hp=3, weapons=["short_blunt"]),
        (),
        ("braced",),
    ),
    "bolt action shot in cover": (
        lambda: _nwo("bolt_action_rifle", skills={"aiming": 8}, gap=4, cover=True, hp=6),
    ),
    "lever action, focused shooter (advantage)": (
        lambda: _nwo("lever_action", skills={"aiming": 4}, gap=3, hp=4, armor="medium"),
        ("focused",),
    ),
    "crossbow bolt sticks on a crit": (
        lambda: _nwo("crossbow", skills={"aiming": 6}, gap=3, hp=5),
    ),
    "assault rifle at a target with blade advantage": (
        lambda: _nwo("assault_rifle", skills={"aiming": 2}, gap=3, hp=7),
        (),
        ("blade_advantage",),
    ),
    "shotgun splash with nobody next to the target (forgone)": (
        lambda: _nwo("shotgun", skills={"aiming": 4}, gap=2, hp=6),
    ),
    "shotgun splash onto a bystander": (
        lambda: _nwo(
            "shotgun",
            skills={"aiming": 4},
            gap=2,
            hp=6,
            others=(nwo.op("kit", "b", 3, 2),),
        ),
    ),
    "handgun chain of one extra attack, light armor": (
        lambda: _nwo(
            "handgun",
            skills={"aiming": 6},
            gap=4,
            hp=3,
            armor="light",
            options={"max_crit_chain": 1},
        ),
    ),
    "short blade chain of two against 1 HP": (
        lambda: _nwo("short_blade", skills={"melee": 8}, hp=1, options={"max_crit_chain": 2}),
    ),
    "submachine gun chain of two, 4 HP": (
        lambda: _nwo(
            "submachine_gun", skills={"aiming": 6}, gap=3, hp=4, options={"max_crit_chain": 2}
        ),
    ),
}


@pytest.mark.parametrize("case", list(NWO_CASES))
def test_nwo_closed_form_equals_the_walk(case: str) -> None:
    build, *conditions = NWO_CASES[case]
    mine, theirs = (*conditions, (), ())[:2]
    state = build().state
    if mine:
        state = _with(state, "mara", *mine)
    if theirs:
        state = _with(state, "rex", *theirs)
    _same(NWO, state, _attack())


def test_nwo_closed_form_equals_brute_force_on_a_crit_chain() -> None:
    state = _nwo("handgun", skills={"aiming": 6}, gap=4, hp=2, options={"max_crit_chain": 1}).state
    _same(NWO, state, _attack(), brute=True)


def test_nwo_downed_target_rolls_no_defense() -> None:
    """ "the helpless roll no defense": against an unconscious target every attack hits,
    a crit crits, and nobody goes down again."""
    state = _nwo("short_blunt", skills={"melee": 4}, hp=4).state
    state = _with(state, "rex", status=Status.UNCONSCIOUS)
    _same(NWO, state, _attack(), brute=True)
    odds = NWO.exact_odds(state, _attack())
    assert odds is not None and odds.outcomes == {
        "critical": Fraction(1, 36),
        "hit": Fraction(35, 36),
    }
    assert odds.down == 0


def test_nwo_the_last_round_ends_the_chain() -> None:
    """ "Ranged extra attacks fire a round each, so an empty magazine ends the chain": with
    one round left a handgun crit strikes no more."""
    state = _nwo("handgun", skills={"aiming": 6}, gap=4, hp=10).state
    state = _with(state, "mara", ammo=(("handgun", 1),))
    _same(NWO, state, _attack(), brute=True)
    odds = NWO.exact_odds(state, _attack())
    assert odds is not None and "extra_attack_same_target" not in odds.effects


def test_nwo_handgun_chain_of_ten_is_exact_not_sampled() -> None:
    """The whole chain (up to `max_crit_chain`, 10) is exact where the walk gave up and
    sampled. Nothing changes between strikes here (no Focus, no help, 100 HP, 15 rounds),
    so every strike crits with the first one's chance c: the chain makes an extra attack
    with chance c, and eleven crits in a row (the first and all ten extra attacks, 4 damage
    each) come with chance c**11."""
    state = _nwo("handgun", skills={"aiming": 6}, gap=4, hp=100).state
    odds = action_odds(NWO, state, _attack())
    assert odds.how == "formula" and odds.method == "exact"
    crit = odds.outcomes["critical"]
    assert odds.effects["extra_attack_same_target"] == crit
    assert odds.probability(lambda t: t.damage == 44) == crit**11
    assert max(odds.damage) == 44


def test_nwo_parry_reroll_is_the_geometric_series() -> None:
    """NWO-12 `parry: reroll`: both re-roll until the exchange is no parry, which the walk
    cannot follow (it stops at 40 rolls); the closed form divides each other result by the
    chance that a roll is no parry, and sampling agrees."""
    plain = _nwo("short_blunt", skills={"melee": 4}, hp=4, weapons=["short_blunt"]).state
    again = _nwo(
        "short_blunt",
        skills={"melee": 4},
        hp=4,
        weapons=["short_blunt"],
        options={"parry": "reroll"},
    ).state
    once, rerolled = NWO.exact_odds(plain, _attack()), NWO.exact_odds(again, _attack())
    assert once is not None and rerolled is not None
    stays = 1 - once.outcomes["parry"]
    assert rerolled.outcomes == {k: p / stays for k, p in once.outcomes.items() if k != "parry"}
    sampled = sample_odds(NWO, again, _attack(), samples=2_000, seed=3)
    for name, p in rerolled.outcomes.items():
        assert abs(sampled.outcomes.get(name, 0) - p) <= 4 * sampled.error(p) + 1e-9


@pytest.mark.parametrize(
    ("why", "build", "fields"),
    [
        ("overwatch anywhere", None, {}),
        ("a flamethrower", lambda: _nwo("flamethrower", skills={"aiming": 4}, gap=3), {}),
        ("a machine gun's choices", lambda: _nwo("machine_gun", gap=3), {}),
        ("a revolver's other target", lambda: _nwo("revolver", gap=3), {}),
        ("a shove away", lambda: _nwo("long_blunt"), {"shove": "away"}),
        (
            "a character in the line of fire",
            lambda: _nwo("handgun", gap=4, others=(nwo.op("kit", "b", 3, 1),)),
            {},
        ),
    ],
)
def test_nwo_closed_form_leaves_what_it_does_not_model_to_the_walk(
    why: str, build: Any, fields: dict[str, Any]
) -> None:
    if build is None:
        state = _with(_nwo("handgun", gap=4).state, "rex", "overwatch")
    else:
        state = build().state
    assert NWO.exact_odds(state, _attack(**fields)) is None, why


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    weapon=st.sampled_from(
        ["short_blunt", "one_handed_axe", "spear", "two_handed_long_blade", "improvised"]
    ),
    melee=st.integers(0, 10),
    strength=st.integers(0, 10),
    defender_melee=st.integers(0, 10),
    armor=st.sampled_from(["none", "light", "medium", "heavy"]),
    hp=st.integers(1, 9),
    crit_wins=st.booleans(),
    halves=st.sampled_from(["down", "up"]),
)
def test_nwo_closed_form_equals_the_walk_on_random_melee(
    weapon: str,
    melee: int,
    strength: int,
    defender_melee: int,
    armor: str,
    hp: int,
    crit_wins: bool,
    halves: str,
) -> None:
    fight = _nwo(
        weapon,
        skills={"melee": melee, "strength": strength},
        armor=armor,
        hp=hp,
        weapons=["short_blade"],
        options={"crit_wins": crit_wins, "halves": halves},
    )
    state = _with(fight.state, "rex", melee=defender_melee)
    _same(NWO, state, _attack())


# -- tiers ------------------------------------------------------------------------------------

AXE = {"id": "axe", "kind": "melee", "tier": 2}
BOW = {"id": "longbow", "kind": "bow", "tier": 2, "hands": 2, "range": 12}
DAGGER = {"id": "dagger", "kind": "melee", "tier": 1}


def _tiers(
    attacker: dict[str, Any] | None = None,
    defender: dict[str, Any] | None = None,
    *,
    gap: int = 1,
    options: dict[str, Any] | None = None,
) -> ScriptedFight:
    return ScriptedFight(
        TIERS,
        tiers.scenario(
            tiers.warrior("ser", "a", 1, 1, **{"facing": "e", **(attacker or {})}),
            tiers.warrior("rat", "b", 1 + gap, 1, **{"facing": "w", **(defender or {})}),
            options=options or {},
            map={"width": 12, "height": 4},
        ),
    )


def _strike(**fields: Any) -> Any:
    return TIERS.parse_action({"actor": "ser", "do": "attack", "target": "rat", **fields})


TIERS_CASES: dict[str, tuple[Any, dict[str, Any]]] = {
    "sword against axe, counterattack": (
        lambda: _tiers({"reflex": 2, "hp": 12}, {"hp": 10, "weapons": [AXE]}),
        {},
    ),
    "armor and a shield from the front, min damage 1": (
        lambda: _tiers(
            {"skills": {"main_hand": 3}},
            {"armor": {"tier": 3}, "shield": {"tier": 2}, "hp": 6},
            options={"min_damage": 1},
        ),
        {},
    ),
    "the shield on the back does not count": (
        lambda: _tiers({}, {"facing": "e", "shield": {"tier": 3}, "hp": 6}),
        {},
    ),
    "ties to the defender, no crits": (
        lambda: _tiers({"reflex": 1}, {"reflex": 1}, options={"tie": "defender", "crits": False}),
        {},
    ),
    "bare hands: a natural 20 on a T0 natural weapon deals 10": (
        lambda: _tiers({"weapons": []}, {"weapons": [], "hp": 12}),
        {},
    ),
    "a bow at range: no counterattack": (
        lambda: _tiers({"weapons": [BOW], "skills": {"bow": 2}}, {"hp": 8}, gap=5),
        {"weapon": "longbow"},
    ),
    "two weapons together, the higher d20 kept": (
        lambda: _tiers({"weapons": [AXE, DAGGER], "wielding": ["axe", "dagger"]}, {"hp": 9}),
        {"weapon": "axe", "also": "dagger"},
    ),
    "two weapons together, the lower kept": (
        lambda: _tiers({"weapons": [AXE, DAGGER], "wielding": ["axe", "dagger"]}, {"hp": 9}),
        {"weapon": "axe", "also": "dagger", "keep": "lower"},
    ),
}


@pytest.mark.parametrize("case", list(TIERS_CASES))
def test_tiers_closed_form_equals_the_walk_and_the_brute_force(case: str) -> None:
    build, fields = TIERS_CASES[case]
    state = build().state
    action = _strike(**fields)
    _same(TIERS, state, action, brute="together" not in case)


def test_tiers_unconscious_defender_rolls_nothing() -> None:
    state = _with(_tiers({}, {"hp": 5}).state, "rat", status=Status.UNCONSCIOUS, hp=0)
    _same(TIERS, state, _strike(), brute=True)


def test_tiers_tie_reroll_is_the_series_the_walk_cannot_reach() -> None:
    """`tie: reroll`: a tie is rolled again, at most `MAX_REROLLS` times. Each ending that
    is no tie has its one-roll chance times 1 + t + ... + t**20; a tie stands with t**20
    times its one-roll chance (t: the chance of a tie)."""
    none = _tiers({"reflex": 1}, {"reflex": 1}, options={"tie": "none"}).state
    again = _tiers({"reflex": 1}, {"reflex": 1}, options={"tie": "reroll"}).state
    once, rerolled = TIERS.exact_odds(none, _strike()), TIERS.exact_odds(again, _strike())
    assert once is not None and rerolled is not None
    t = once.outcomes["tie"]
    series = sum((t**i for i in range(MAX_REROLLS + 1)), Fraction(0))
    expected = {
        leaf: p * (t**MAX_REROLLS if leaf.outcome == "tie" else series)
        for leaf, p in once.chances.items()
    }
    assert dict(rerolled.chances) == expected
    assert sum(rerolled.chances.values()) == 1


def test_tiers_sure_shots_and_dodges_are_left_to_the_walk() -> None:
    crossbow = {"id": "xbow", "kind": "crossbow", "tier": 2, "range": 10}
    state = _tiers({"weapons": [crossbow], "skills": {"crossbow": 5}}, {}, gap=4).state
    assert TIERS.exact_odds(state, _strike(weapon="xbow")) is None


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    reflex=st.tuples(st.integers(0, 5), st.integers(0, 5)),
    body=st.tuples(st.integers(3, 6), st.integers(3, 6)),
    armor=st.integers(0, 3),
    shield=st.integers(0, 3),
    hp=st.integers(1, 20),
    tie=st.sampled_from(["none", "defender"]),
    min_damage=st.sampled_from([0, 1]),
    death=st.sampled_from(["at_negative_max", "below_negative_max"]),
)
def test_tiers_closed_form_equals_the_walk_on_random_exchanges(
    reflex: tuple[int, int],
    body: tuple[int, int],
    armor: int,
    shield: int,
    hp: int,
    tie: str,
    min_damage: int,
    death: str,
) -> None:
    defender: dict[str, Any] = {"reflex": reflex[1], "body": body[1], "hp": hp, "weapons": [AXE]}
    if armor:
        defender["armor"] = {"tier": armor}
    if shield:
        defender["shield"] = {"tier": shield}
    fight = _tiers(
        {"reflex": reflex[0], "body": body[0]},
        defender,
        options={"tie": tie, "min_damage": min_damage, "death": death},
    )
    _same(TIERS, fight.state, _strike())
