"""Prone, standing, bracing and the prone-behind-cover limit under `nwo` (rules/posture.py),
with the prone edges other modules read from the PRONE this module sets.

Dice order: the attacker's 2d6 (twice with an edge), then the defender's.
"""

from __future__ import annotations

from fracas.rulesets.nwo.rules.common import BRACED, PRONE, engages
from fracas.rulesets.nwo.rules.posture import prone_cover_block
from tests.rulesets.nwo.holds_helpers import Fight, condition, grappled, op, pair


def test_going_prone_is_free() -> None:
    """NWO-37: "one can take a prone stance or be made to take a prone stance willingly";
    the seed prices standing, not lying down: neither action nor movement is spent."""
    fight = pair()
    fight.act("ada", "prone")
    ada = fight.get("ada")
    assert ada.has(PRONE)
    assert not ada.acted and not ada.movement_spent
    fight.refuse("ada", "prone", "already prone")


def test_standing_uses_the_movement_or_the_action() -> None:
    """NWO-40: "Prone characters may use their movement or action to stand from being
    prone." """
    fight = pair()
    fight.act("ada", "prone")
    fight.act("ada", "stand", using="movement")
    ada = fight.get("ada")
    assert not ada.has(PRONE)
    assert ada.movement_spent and not ada.acted
    fight.act("ada", "prone")
    fight.refuse("ada", "stand", "no movement left", using="movement")
    fight.act("ada", "stand", using="action")
    ada = fight.get("ada")
    assert not ada.has(PRONE) and ada.acted
    fight.refuse("ada", "stand", "not prone", using="action")


def test_the_prone_cannot_walk_but_crawl_one_tile() -> None:
    """NWO-37: "Prone characters can crawl to an adjacent tile while prone." (movement.py)"""
    fight = pair()
    fight.act("ada", "prone")
    fight.refuse("ada", "move", "prone", to=[2, 5])
    fight.act("ada", "crawl", to=[2, 3])
    assert fight.get("ada").tile == (2, 3)


def test_a_grappled_character_stands_with_its_action_only() -> None:
    """NWO-45: a grappled character's "movement is reduced to 0", so only the action is
    left to stand with."""
    fight = grappled()
    fight.end("ada", "rex")
    fight.act("ada", "force_prone", target="rex")
    fight.end("ada")
    fight.refuse("rex", "stand", "grappled", using="movement")
    fight.act("rex", "stand", using="action")
    assert not fight.get("rex").has(PRONE)


def test_melee_against_the_prone_has_advantage() -> None:
    """NWO-39: "Melee attacks against prone characters are made with advantage." 1+1 and
    4+4 keep 8; rex defends 1+2."""
    fight = pair(dice=[1, 1, 4, 4, 1, 2])
    fight.gm("rex", add_condition="prone")
    fight.act("ada", "attack", target="rex", weapon="unarmed")
    attack = fight.rolled()[0]
    assert (attack.edge, attack.pair) == (1, (4, 4))
    assert fight.dice.remaining == ()


def test_ranged_against_the_prone_has_disadvantage_beyond_one_tile() -> None:
    """NWO-39: "Ranged attacks against prone characters are made with disadvantage.
    Ranged attacks have advantage against prone targets within CQC/point-blank range
    (1 tile)." """
    far = pair(
        ada={"weapons": ["handgun"]}, rex={"position": {"x": 6, "y": 2}}, dice=[4, 4, 1, 1, 1, 2]
    )
    far.gm("rex", add_condition="prone")
    far.act("ada", "attack", target="rex")
    assert (far.rolled()[0].edge, far.rolled()[0].pair) == (-1, (1, 1))
    assert far.damage() == []
    near = pair(ada={"weapons": ["handgun"]}, dice=[1, 1, 4, 4, 1, 2])
    near.gm("rex", add_condition="prone")
    near.act("ada", "attack", target="rex")
    assert (near.rolled()[0].edge, near.rolled()[0].pair) == (1, (4, 4))
    assert near.damage() == [("rex", 3, 0, 7)]
    assert near.dice.remaining == ()


def test_point_blank_advantage_on_the_prone_still_follows_the_engagement_rules() -> None:
    """NWO-39: "Ranged attacks have advantage against prone targets within CQC/point-blank
    range (1 tile). If Engaged, typical Engagement rules apply": engaged by cat's blade, ada
    cannot fire her two-handed shotgun at the prone rex next to her, advantage or not; her
    handgun may (1+1 and 4+4 keep 8, +0, against 1+2)."""
    cat = op("cat", "gang", 2, 3, weapons=["short_blade"])
    fight = pair(
        cat, ada={"weapons": ["shotgun"], "holstered": ["handgun"]}, dice=[1, 1, 4, 4, 1, 2]
    )
    fight.gm("rex", add_condition="prone")
    fight.refuse("ada", "attack", "engaged and cannot shoot a two-handed shotgun", target="rex")
    handgun = pair(cat, ada={"weapons": ["handgun"]}, dice=[1, 1, 4, 4, 1, 2])
    handgun.gm("rex", add_condition="prone")
    handgun.act("ada", "attack", target="rex")
    assert (handgun.rolled()[0].edge, handgun.rolled()[0].total) == (1, 8)
    assert handgun.damage() == [("rex", 3, 0, 7)]


def test_the_prone_engage_nobody() -> None:
    """NWO-40: "Prone characters cannot Engage characters within melee range." """
    fight = pair()
    assert engages(fight.state, fight.get("rex"), fight.get("ada"))
    fight.gm("rex", add_condition="prone")
    assert not engages(fight.state, fight.get("rex"), fight.get("ada"))


# -- Brace --------------------------------------------------------------------------------


def test_brace_gives_melee_defense_advantage_until_the_next_turn() -> None:
    """NWO-36: "When wielding a melee weapon, a character can use their action to make melee
    defense rolls with advantage until the start of their next turn." rex's blade 3+3 vs
    ada's braced defense 1+1 or 4+4, keeping 8 (+1 STR bonus): a miss."""
    fight = pair(ada={"weapons": ["short_blunt"]}, dice=[3, 3, 1, 1, 4, 4])
    fight.act("ada", "brace")
    braced = condition(fight, "ada", BRACED)
    assert braced is not None and braced.anchor == "ada"
    assert fight.get("ada").acted
    fight.end("ada")
    fight.act("rex", "attack", target="ada")
    defense = fight.rolled()[-1]
    assert (defense.combatant, defense.edge, defense.total) == ("ada", 1, 9)
    assert fight.damage() == []
    fight.end("rex")
    assert not fight.get("ada").has(BRACED)
    assert fight.dice.remaining == ()


def test_brace_needs_a_melee_weapon_and_the_action() -> None:
    """NWO-36: "When wielding a melee weapon"; a handgun or bare hands do not do."""
    fight = pair(ada={"weapons": ["handgun"]})
    fight.refuse("ada", "brace", "no melee weapon")
    fight = pair()
    fight.refuse("ada", "brace", "no melee weapon")
    fight = pair(ada={"weapons": ["short_blunt"]}, dice=[1, 1, 6, 6])
    fight.act("ada", "attack", target="rex")
    fight.refuse("ada", "brace", "already used")


# -- prone behind cover -------------------------------------------------------------------


def cover_fight(*, cover: tuple[int, int], target: tuple[int, int]) -> Fight:
    ada = op("ada", "crew", 5, 5, weapons=["handgun"])
    rex = op("rex", "gang", target[0], target[1])
    fight = Fight(ada, rex, cover=[cover])
    fight.gm("ada", add_condition="prone")
    return fight


def test_prone_behind_cover_only_adjacent_targets() -> None:
    """NWO-38: "If a character is prone and behind cover, they cannot make an attack unless
    their target is adjacent ..." Cover at (6, 5) next to ada; rex 3 tiles off."""
    fight = cover_fight(cover=(6, 5), target=(2, 5))
    why = prone_cover_block(fight.state, fight.get("ada"), fight.get("rex"))
    assert why is not None and "3 tiles away" in why


def test_prone_behind_cover_not_across_it() -> None:
    """NWO-38: "... and not on the opposite side of said cover": cover east of ada screens
    the three eastern tiles; a corner cover screens its corner only."""
    for target in ((6, 4), (6, 6)):
        fight = cover_fight(cover=(6, 5), target=target)
        assert prone_cover_block(fight.state, fight.get("ada"), fight.get("rex")) is not None
    for target in ((4, 5), (5, 4), (4, 6)):
        fight = cover_fight(cover=(6, 5), target=target)
        assert prone_cover_block(fight.state, fight.get("ada"), fight.get("rex")) is None
    fight = cover_fight(cover=(6, 6), target=(6, 5))
    assert prone_cover_block(fight.state, fight.get("ada"), fight.get("rex")) is None
    fight = cover_fight(cover=(6, 6), target=(5, 6))
    assert prone_cover_block(fight.state, fight.get("ada"), fight.get("rex")) is None
    fight = cover_fight(cover=(6, 6), target=(6, 6))
    assert prone_cover_block(fight.state, fight.get("ada"), fight.get("rex")) is not None


def test_the_limit_needs_both_prone_and_cover() -> None:
    """NWO-38 applies only to a character "prone and behind cover"."""
    fight = cover_fight(cover=(8, 8), target=(2, 5))
    assert prone_cover_block(fight.state, fight.get("ada"), fight.get("rex")) is None
    fight = cover_fight(cover=(6, 5), target=(2, 5))
    fight.gm("ada", remove_condition="prone")
    assert prone_cover_block(fight.state, fight.get("ada"), fight.get("rex")) is None
