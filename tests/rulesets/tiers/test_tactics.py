"""The `tiers` tactics: strike the nearest foe in reach, else walk toward it, keep it in
front, end the turn; renew an ending effect, take a dropped weapon back, stand off with a
longer reach, and name the crit picks the odds favour. Everything they hand out passes
`verify`."""

from __future__ import annotations

import random
from pathlib import Path

from fracas.core.actions import EndTurn
from fracas.core.dice import Dice
from fracas.core.encounter import Encounter
from fracas.core.events import Event
from fracas.core.state import EncounterState
from fracas.rulesets.tiers import RULESET
from fracas.rulesets.tiers.actions import Attack, Face, Grab, Move, Reload, StealthAttack, Swap
from fracas.rulesets.tiers.crit_tactics import edge
from fracas.rulesets.tiers.events import GearWorn
from fracas.rulesets.tiers.rules.common import distance
from fracas.rulesets.tiers.rules.effects import Extend
from fracas.scenario import load_scenario
from tests.rulesets.tiers.helpers import BOW, POLEAXE, Fight, warrior
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


def test_a_longer_reach_stops_beyond_the_foes_and_strikes_from_there() -> None:
    """Seed: "If they are in melee range & wielding a melee weapon, they will counterattack
    ... If they are outside melee range, they will simply dodge the attack instead". a's
    poleaxe reaches 2, b's sword (and bare hands) 1: a walks to (4, 0), two squares off, not
    next to b, and its blow follows from there, where b cannot answer it with damage."""
    fight = Fight(
        warrior("a", "red", 0, 0, weapons=[POLEAXE], skills={"two_handed": 2}),
        warrior("b", "blue", 6, 0),
    )
    assert RULESET.suggest(fight.state) == Move(actor="a", to=(4, 0))
    fight.act("a", "move", to={"x": 4, "y": 0})
    assert RULESET.suggest(fight.state) == Attack(actor="a", target="b", weapon="poleaxe")


def test_no_stand_off_against_a_foe_that_reaches_as_far() -> None:
    """b may swap to a poleaxe of its own to answer, so a gains nothing by staying 2 off: it
    walks next to b as before."""
    fight = Fight(
        warrior("a", "red", 0, 0, weapons=[POLEAXE]),
        warrior("b", "blue", 6, 0, weapons=[{"id": "sword", "kind": "melee", "tier": 3}, POLEAXE]),
    )
    assert RULESET.suggest(fight.state) == Move(actor="a", to=(5, 0))


def test_an_ending_effect_is_extended_when_the_blow_still_follows() -> None:
    """Seed: "they may declare an action to extend those effects before they wear off. But
    only if it's the first action they declare each turn". With b in reach, `extend` costs a
    the non-contested action only, so it renews `blessed` first and still strikes; with b out
    of reach the walk needs that action, and the effect is let go."""
    near = Fight(warrior("a", "red", 0, 0), warrior("b", "blue", 1, 0))
    near.act("gm", "effect", target="a", name="blessed", turns=1)
    near.end("a", "b")
    assert RULESET.suggest(near.state) == Extend(actor="a", effect="blessed")
    near.act("a", "extend", effect="blessed")
    assert RULESET.suggest(near.state) == Attack(actor="a", target="b", weapon="sword")
    far = Fight(warrior("a", "red", 0, 0), warrior("b", "blue", 9, 0))
    far.act("gm", "effect", target="a", name="blessed", turns=1)
    far.end("a", "b")
    assert isinstance(RULESET.suggest(far.state), Move)


def test_a_disarmed_fighter_grabs_its_weapon_back_and_strikes() -> None:
    """Seed: "Non-contested actions include: ... grabbing a weapon (or any object)": a drops
    its sword (free); the grab is one non-contested action, the swap into the hand is free,
    and the contested blow still follows in the same turn."""
    fight = Fight(warrior("a", "red", 0, 0), warrior("b", "blue", 1, 0))
    fight.act("a", "drop", weapon="sword")
    assert RULESET.suggest(fight.state) == Grab(actor="a", weapon="sword", at=(0, 0))
    fight.act("a", "grab", weapon="sword")
    assert RULESET.suggest(fight.state) == Swap(actor="a", weapon="sword")
    fight.act("a", "swap", weapon="sword")
    assert RULESET.suggest(fight.state) == Attack(actor="a", target="b", weapon="sword")


def test_a_disarmed_fighter_walks_to_a_weapon_lying_within_its_move() -> None:
    """b, far off, is out of reach: a walks onto the tile where the sword it dropped earlier
    lies (4 squares away), to grab it with its next action."""
    fight = Fight(warrior("a", "red", 4, 0), warrior("b", "blue", 11, 11))
    fight.act("a", "drop", weapon="sword")
    fight.act("a", "move", to={"x": 0, "y": 0})
    fight.end("a", "b")
    assert RULESET.suggest(fight.state) == Move(actor="a", to=(4, 0))


def _pick_fight(a: dict[str, object], b: dict[str, object], dice: list[int]) -> Fight:
    return Fight(warrior("a", "red", 0, 0, **a), warrior("b", "blue", 1, 0, **b), dice=dice)


def test_an_underdogs_natural_20_blunts_the_foes_weapon() -> None:
    """Seed: "they may choose to deal damage to their choice of their opponents equipped
    gear". b (Reflex 5, Main-Hand 4) wins most exchanges against a (9 points up: a's rough
    odds are 0.28), so its T3 sword, which deals the blows a will take, costs a more than its
    T2 armor (the default pick): a names the sword, and a natural 20 lowers it."""
    assert edge(-9) < 0.5
    fight = _pick_fight(
        {}, {"reflex": 5, "skills": {"main_hand": 4}, "armor": {"tier": 2}}, [20, 19]
    )
    wish = RULESET.suggest(fight.state)
    assert wish == Attack(actor="a", target="b", weapon="sword", crit_item="sword")
    fight.encounter.act(wish)
    assert [(e.owner, e.item, e.tier) for e in fight.events(GearWorn)] == [("b", "sword", 2)]


def test_a_favourites_natural_20_takes_the_default_armor() -> None:
    """a (Reflex 5, Main-Hand 4) wins most exchanges: the armor between its blows and b is
    worth the most, which is the documented default, so the attack names no pick."""
    fight = _pick_fight({"reflex": 5, "skills": {"main_hand": 4}}, {"armor": {"tier": 2}}, [])
    assert RULESET.suggest(fight.state) == Attack(actor="a", target="b", weapon="sword")


def test_a_favourites_natural_1_gives_up_its_shield_not_its_sword() -> None:
    """Seed: "that player must chose to reduce their equipped Shield or weapon's Tier by 1".
    a wins most exchanges, so it is seldom hit and its shield matters less than the sword
    that wins them: it names the shield (the default is the weapon used)."""
    fight = _pick_fight(
        {"reflex": 5, "skills": {"main_hand": 4}, "shield": {"id": "targe", "tier": 2}}, {}, [1, 10]
    )
    wish = RULESET.suggest(fight.state)
    assert wish == Attack(actor="a", target="b", weapon="sword", fumble_item="shield")
    fight.encounter.act(wish)
    assert [(e.owner, e.item, e.tier) for e in fight.events(GearWorn)] == [("a", "targe", 1)]


def test_a_natural_20_on_bare_hands_keeps_the_default_ten_damage() -> None:
    """ "A character rolling a critical hit may still apply damage to a T0 natural weapon to
    deal additional damage (10 damage) to the character directly, ignoring armor": against
    a bare-handed b the default is already that, whatever the odds."""
    fight = _pick_fight({}, {"weapons": [], "reflex": 5, "armor": {"tier": 2}}, [])
    assert RULESET.suggest(fight.state) == Attack(actor="a", target="b", weapon="sword")
