"""Defensive stance and taking aim: turns spent on something other than an action (C12)."""

from __future__ import annotations

import pytest

from fracas.rulesets.lines.events import AttackRolled

from .helpers import DAGGER, SWORD, Fight, ada, raider


def test_lines_14_defensive_stance_defense_is_2d6_plus_dexterity() -> None:
    """ "Players can decide to not take any action during their turn and instead focus on
    defense. In such a case, they can add the second d6 to their defense roll." """
    fight = Fight(dice=[6, 3, 4, 2])
    fight.end("ada")
    fight.act("raider", "defend")
    assert fight.get("raider").has("defending")
    fight.refuse("raider", "attack", "already used", target="ada", weapon="sword")
    fight.end("raider")
    # ada: 6+3 = 9 against 2d6+1 = 3+4+1 = 8: a hit; damage 2+2 = 4.
    fight.act("ada", "attack", target="raider", weapon="sword")
    defense = fight.rolls()[1]
    assert (defense.expr, defense.faces, defense.total) == ("2d6+1", (3, 4), 8)
    (rolled,) = fight.events(AttackRolled)
    assert (rolled.attack, rolled.defense, rolled.result) == (9, 8, "hit")
    assert fight.get("raider").hp == 6
    assert fight.dice.remaining == ()


def test_c12_defensive_stance_ends_at_start_of_next_turn_by_default() -> None:
    """C12, option `defend_lasts` (default next_turn_start): the stance lasts until the start of
    the defender's next turn; an attack after that meets a single d6 again."""
    fight = Fight(dice=[3, 4, 1])
    fight.end("ada")
    fight.act("raider", "defend")
    fight.end("raider", "ada")
    assert not fight.get("raider").has("defending")
    fight.end("raider")
    # ada: 3+3 = 6 against 1d6+1 = 5: a hit; damage 1+2 = 3.
    fight.act("ada", "attack", target="raider", weapon="sword")
    assert fight.rolls()[1].expr == "1d6+1"
    assert fight.get("raider").hp == 7
    assert fight.dice.remaining == ()


def test_c12_option_defend_lasts_next_turn_end() -> None:
    """C12, option `defend_lasts: next_turn_end`: the stance holds through the defender's whole
    next turn and lapses at its end."""
    fight = Fight(dice=[], options={"defend_lasts": "next_turn_end"})
    fight.end("ada")
    fight.act("raider", "defend")
    fight.end("raider", "ada")
    assert fight.state.actor == "raider"
    assert fight.get("raider").has("defending")
    fight.end("raider")
    assert not fight.get("raider").has("defending")


def test_c12_defensive_stance_does_not_block_movement() -> None:
    """C12: a defensive stance takes the action, not the movement ("neither blocks
    movement")."""
    fight = Fight(dice=[])
    fight.end("ada")
    fight.act("raider", "defend")
    fight.act("raider", "move", to=5)
    assert fight.get("raider").line == 5
    assert fight.get("raider").has("defending")


def test_lines_16_aimed_attack_is_card_dice_plus_1d6() -> None:
    """ "the players can focus on aiming during their turn. In the next turn, they can add the
    second d6 to their attack roll." """
    fight = Fight(dice=[2, 3, 4, 1])
    fight.act("ada", "aim")
    assert fight.get("ada").has("aiming")
    fight.refuse("ada", "attack", "already used", target="raider", weapon="sword")
    fight.end("ada", "raider")
    assert fight.get("ada").has("aiming")
    # ada: 1d6+1d6+3 = 2+3+3 = 8 against 4+1 = 5: a hit; damage 1+2 = 3.
    fight.act("ada", "attack", target="raider", weapon="sword")
    attack = fight.rolls()[0]
    assert (attack.expr, attack.faces, attack.total) == ("1d6+1d6+3", (2, 3), 8)
    (rolled,) = fight.events(AttackRolled)
    assert (rolled.attack, rolled.defense, rolled.result) == (8, 5, "hit")
    assert fight.get("raider").hp == 7
    assert not fight.get("ada").has("aiming")
    assert fight.dice.remaining == ()


def test_c12_aim_lapses_after_the_next_turn_if_unused() -> None:
    """C12: "In the next turn, they can add the second d6" - only the next turn; an aim not used
    then is gone the turn after."""
    fight = Fight(dice=[3, 4, 1])
    fight.act("ada", "aim")
    fight.end("ada", "raider")
    assert fight.get("ada").has("aiming")
    fight.end("ada")
    assert not fight.get("ada").has("aiming")
    fight.end("raider")
    fight.act("ada", "attack", target="raider", weapon="sword")
    assert fight.rolls()[0].expr == "1d6+3"
    assert fight.get("raider").hp == 7
    assert fight.dice.remaining == ()


@pytest.mark.parametrize(
    ("applies_to", "dice", "second_expr", "hp"),
    [
        # first attack 1d6+1d6+3 = 1+1+3 = 5 vs 1+1 = 2, damage 1+2 = 3;
        # dagger 1d6+2 = 6+2-4 = 4 vs 2, damage 1+1 = 2.
        ("first_attack", [1, 1, 1, 1, 6, 1, 1], "1d6+2", 20 - 3 - 2),
        # every_attack: the dagger rolls 1d6+1d6+2 = 6+1+2-4 = 5 vs 2, damage 1+1 = 2.
        ("every_attack", [1, 1, 1, 1, 6, 1, 1, 1], "1d6+1d6+2", 20 - 3 - 2),
    ],
)
def test_c12_option_aim_applies_to(
    applies_to: str, dice: list[int], second_expr: str, hp: int
) -> None:
    """C12, option `aim_applies_to`: by default the aiming d6 joins only the first attack of the
    next turn (here the sword of a dual wield); with every_attack the dagger gets it too."""
    fight = Fight(
        ada(weapons=[SWORD, DAGGER]),
        raider(hp=20),
        dice=dice,
        options={"aim_applies_to": applies_to},
    )
    fight.act("ada", "aim")
    fight.end("ada", "raider")
    fight.act("ada", "attack", target="raider", weapon="sword", second_weapon="dagger")
    attacks = [r.expr for r in fight.rolls() if r.reason.startswith("attack")]
    assert attacks == ["1d6+1d6+3", second_expr]
    assert fight.get("raider").hp == hp
    assert fight.dice.remaining == ()
