"""Stealth attacks (rules/stealth.py): a Stealth contest from behind, then an attack the
defender cannot roll against."""

from __future__ import annotations

import pytest

from fracas.rulesets.tiers.events import ActionSpent, Revealed
from tests.rulesets.tiers.helpers import BOW, Fight, warrior


def _sneak(dice: list[int], *, weapons: list[dict[str, object]] | None = None) -> Fight:
    """a (Reflex 3, Main-Hand 5, Body 4, Presence 1, Stealth 2) stands south of b, who faces
    north with T2 armor and a T3 shield."""
    return Fight(
        warrior(
            "a",
            "red",
            5,
            6,
            body=4,
            reflex=3,
            presence=1,
            skills={"main_hand": 5, "bow": 5, "stealth": 2},
            **({"weapons": weapons} if weapons is not None else {}),
        ),
        warrior("b", "blue", 5, 5, facing="n", presence=1, armor={"tier": 2}, shield={"tier": 3}),
        dice=dice,
    )


def test_stealth_melee_damage() -> None:
    """Checklist 2.3 #14 and seed: "Stealth damage with melee = (1d20 + reflex + skill + body
    + weapon) – (armor)", with "no shield bonus" from the rear: 12 + 3 + 5 + 4 + T3 - 2 = 25.
    The contest is "1d20 + presence + Stealth" each: 10 + 3 against 8 + 1."""
    fight = _sneak([10, 8, 12])
    fight.act("a", "stealth_attack", target="b")
    rolled = fight.exchange()
    assert (rolled.attack_total, rolled.defense_total) == (13, 9)
    assert fight.damage() == [("b", 25, 5)]
    assert fight.dice_left == 0


def test_stealth_bow_damage_has_no_body() -> None:
    """Seed: "Stealth damage with bow = (1d20 + reflex + skill + weapon) – (armor)": 12 + 3 +
    5 + T4 - 2 = 22."""
    fight = _sneak([10, 8, 12], weapons=[BOW])
    fight.act("a", "stealth_attack", target="b")
    assert fight.damage() == [("b", 22, 8)]


def test_a_lost_stealth_check_wastes_the_contested_action() -> None:
    """Seed: "If the character initiating the stealth attack loses the roll, they ...
    essentially waste their contested action that round": no attack die, no damage, and no
    other contested action this turn."""
    fight = _sneak([2, 15])
    fight.act("a", "stealth_attack", target="b")
    assert fight.damage() == []
    assert [e.contested for e in fight.events(ActionSpent)] == [True]
    fight.refuse("a", "attack", "already declared this turn's one contested action", target="b")


def test_stealth_needs_the_attacker_behind() -> None:
    """Seed: "The Stealth skill may be used in combat any time a character is behind their
    opponent": from b's front it is refused."""
    fight = Fight(
        warrior("a", "red", 5, 4),
        warrior("b", "blue", 5, 5, facing="n"),
    )
    fight.refuse(
        "a", "stealth_attack", "in b's front arc; a stealth attack comes from behind", target="b"
    )


def _from_the_front(where: str, gap: int, level: int | str, dice: list[int]) -> Fight:
    """a (as in `_sneak`, with a T4 bow) stands `gap` tiles north of b, in b's front arc: b
    faces north with T2 armor and a T3 shield, in a room of Low Light `level`."""
    return Fight(
        warrior(
            "a",
            "red",
            5,
            5 - gap,
            body=4,
            reflex=3,
            presence=1,
            skills={"bow": 5, "stealth": 2},
            weapons=[BOW],
        ),
        warrior("b", "blue", 5, 5, facing="n", presence=1, armor={"tier": 2}, shield={"tier": 3}),
        dice=dice,
        options={"stealth_from": where},
        map={"width": 12, "height": 12, "light": {"level": level}},
    )


@pytest.mark.parametrize(
    ("where", "gap", "level", "dice", "outcome"),
    [
        ("rear", 1, "bright", [], "refused"),
        ("rear_or_unseen", 1, "bright", [], "refused"),
        ("anywhere", 1, "bright", [10, 8, 12], (13, 9, 12 + 3 + 5 + 4 - 2 - 3)),
        ("rear", 4, 2, [], "refused"),
        ("rear_or_unseen", 4, 2, [10, 8, 12], (13 + 2, 9, 12 + 3 + 5 + 4 - 2 - 3)),
        ("anywhere", 4, 2, [10, 8, 12], (13 + 2, 9, 12 + 3 + 5 + 4 - 2 - 3)),
    ],
)
def test_option_stealth_from(
    where: str, gap: int, level: int | str, dice: list[int], outcome: object
) -> None:
    """B24: "The Stealth skill may be used in combat any time a character is behind their
    opponent" (l.357), while "+1 added to their roll for each tile beyond the Low Light value"
    (l.102) has the sneaker at a distance, maybe in front. By default (`stealth_from: rear`)
    a stealth attack from b's front arc is refused; `rear_or_unseen` allows it where b cannot
    identify a (4 tiles off in Low Light 2, with the +2 bonus: 10 + 3 + 2 against 8 + 1), not
    in plain view; `anywhere` allows both. From the front b's T3 shield counts beside its T2
    armor (it "is applied" only from the rear, l.37): 12 + 3 + 5 + T4 - 5 = 19."""
    fight = _from_the_front(where, gap, level, dice)
    if outcome == "refused":
        fight.refuse(
            "a", "stealth_attack", f"in b's front arc; .*\\(stealth_from: {where}", target="b"
        )
        return
    fight.act("a", "stealth_attack", target="b")
    rolled = fight.exchange()
    assert (rolled.attack_total, rolled.defense_total, fight.damage()[0][1]) == outcome
    assert fight.dice_left == 0


def test_a_stealth_attack_reveals_the_attacker_where_it_struck() -> None:
    """Seed: "Attacking once with stealth ... will automatically reveal the location of the
    attacker to everyone": the won check's attack logs a's place, (5, 6)."""
    fight = _sneak([10, 8, 12])
    fight.act("a", "stealth_attack", target="b")
    assert [(e.combatant, e.at) for e in fight.events(Revealed)] == [("a", (5, 6))]
    assert fight.get("a").revealed_at == (5, 6)


def test_a_lost_check_reveals_nothing() -> None:
    """A lost check means the sneaker "failed to find an opportunity": no attack, so no
    reveal."""
    fight = _sneak([2, 15])
    fight.act("a", "stealth_attack", target="b")
    assert fight.events(Revealed) == []


def test_a_stealth_attack_may_be_repeated_on_an_opponent_who_does_not_turn() -> None:
    """Seed: "if they ignore them (perhaps to face other opponents), the sneaking character
    may again declare a Stealth skill contested roll against them": b keeps facing north on
    its turn, and a's second stealth attack next round is the same sum, 11 + 3 + 5 + 4 + T3
    - 2 = 24 after the first's 25: HP 30, 5, then dead at -19."""
    fight = _sneak([10, 8, 12, 10, 8, 11])
    fight.act("a", "stealth_attack", target="b")
    fight.end("a")
    fight.act("b", "face", facing="n")
    fight.end("b")
    fight.act("a", "stealth_attack", target="b")
    assert fight.damage() == [("b", 25, 5), ("b", 24, -19)]
    assert len(fight.events(Revealed)) == 2
    assert fight.dice_left == 0


def test_an_opponent_who_turned_is_no_longer_open_to_it() -> None:
    """Seed: the opponent "may turn toward them on their next turn": once b faces south, a
    stands in its front and the stealth attack is refused."""
    fight = _sneak([10, 8, 12])
    fight.act("a", "stealth_attack", target="b")
    fight.end("a")
    fight.act("b", "face", facing="s")
    fight.end("b")
    fight.refuse(
        "a", "stealth_attack", "in b's front arc; a stealth attack comes from behind", target="b"
    )
