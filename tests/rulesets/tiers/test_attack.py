"""Who may be attacked with what (rules/exchange.py verify): reach, range, walls, lines of
fire through characters, and weapons in hand. Each refusal says what, where and what would
be accepted, and changes nothing."""

from __future__ import annotations

from tests.rulesets.tiers.helpers import BOW, POLEAXE, SWORD, Fight, warrior

DAGGER = {"id": "dagger", "kind": "melee", "tier": 1}


def test_melee_reaches_adjacent_squares_diagonals_included() -> None:
    """Seed: "they need to be next to that character (including diagonal squares touching
    it)"."""
    fight = Fight(warrior("a", "red", 0, 0), warrior("b", "blue", 1, 1), dice=[10, 5])
    fight.act("a", "attack", target="b")
    assert fight.exchange().winner == "attacker"


def test_melee_out_of_reach_is_refused() -> None:
    fight = Fight(warrior("a", "red", 0, 0), warrior("b", "blue", 2, 1))
    fight.refuse("a", "attack", r"b is 2 squares away \(2, 1\); sword reaches 1", target="b")


def test_a_two_handed_weapon_snipes_past_a_character() -> None:
    """Seed: "2-Handed Melee users may "snipe" enemies from behind a wall of their allies or
    enemies": the poleaxe reaches b over c."""
    fight = Fight(
        warrior("a", "red", 0, 0, weapons=[POLEAXE]),
        warrior("c", "red", 1, 0),
        warrior("b", "blue", 2, 0),
        dice=[10, 5],
    )
    fight.act("a", "attack", target="b")
    assert fight.exchange().winner == "attacker"


def test_nothing_attacks_through_solid_walls() -> None:
    """Seed: "Nothing can attack through solid walls"."""
    fight = Fight(
        warrior("a", "red", 0, 0, weapons=[POLEAXE]),
        warrior("b", "blue", 2, 0),
        map={"width": 5, "height": 5, "walls": [[1, 0]]},
    )
    fight.refuse("a", "attack", "a wall or terrain stands between a and b", target="b")


def test_no_arrow_through_a_wall_of_characters() -> None:
    """Seed: "A projectile weapon may not be used through a wall of allies or enemies"."""
    fight = Fight(
        warrior("a", "red", 0, 0, weapons=[BOW]),
        warrior("c", "red", 2, 0),
        warrior("b", "blue", 4, 0),
    )
    fight.refuse("a", "attack", r"c stands in the line of fire at \(2, 0\)", target="b")


def test_a_bow_reaches_its_range_and_the_race_bonus() -> None:
    """B9: the range is the weapon's; the race's +1 or +2 "to all weapon range" adds to it."""
    fight = Fight(warrior("a", "red", 0, 0, weapons=[BOW]), warrior("b", "blue", 11, 0))
    fight.refuse("a", "attack", "b is 11 squares away .* bow has a range of 10", target="b")
    longer = Fight(
        warrior("a", "red", 0, 0, weapons=[BOW], race={"range_bonus": 1}),
        warrior("b", "blue", 11, 0),
        dice=[10, 10],
    )
    longer.act("a", "attack", target="b")


def test_the_weapon_must_be_in_hand() -> None:
    """Swapping is free, but it is declared: the refusal says so."""
    fight = Fight(warrior("a", "red", 0, 0, weapons=[SWORD, DAGGER]), warrior("b", "blue", 1, 0))
    fight.refuse(
        "a",
        "attack",
        r"dagger is not in a's hands \(it holds sword\); swap",
        target="b",
        weapon="dagger",
    )
    fight.act("a", "swap", weapon="dagger")
    assert fight.get("a").wielded == ("dagger",)


def test_an_unknown_weapon_lists_the_carried_ones() -> None:
    fight = Fight(warrior("a", "red", 0, 0), warrior("b", "blue", 1, 0))
    fight.refuse(
        "a", "attack", "carries no weapon 'axe'; it has: sword, unarmed", target="b", weapon="axe"
    )


def test_no_free_hand_for_unarmed() -> None:
    fight = Fight(warrior("a", "red", 0, 0, weapons=[POLEAXE]), warrior("b", "blue", 1, 0))
    fight.refuse("a", "attack", "no free hand to strike unarmed", target="b", weapon="unarmed")


def test_no_attacking_oneself_or_the_dead() -> None:
    fight = Fight(warrior("a", "red", 0, 0), warrior("b", "blue", 1, 0), warrior("c", "blue", 0, 1))
    fight.refuse("a", "attack", "a cannot attack itself", target="a")
    fight.act("gm", "override", target="c", status="dead")
    fight.refuse("a", "attack", "c is dead", target="c")


def test_a_two_handed_weapon_needs_the_shield_put_away() -> None:
    """Seed: a shield "must be equipped in their hand, reducing available weapon
    combinations"."""
    fight = Fight(
        warrior("a", "red", 0, 0, weapons=[SWORD, POLEAXE], shield={"tier": 1}),
        warrior("b", "blue", 1, 0),
    )
    fight.refuse("a", "swap", "poleaxe needs both hands and a's shield is in one", weapon="poleaxe")
    fight.refuse("a", "swap", "a's off hand holds its shield", weapon="sword", hand="off")
