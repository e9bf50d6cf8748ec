"""Reserved actions (rules/reserve.py) and free actions on anyone's turn."""

from __future__ import annotations

from typing import Any

from fracas.rulesets.tiers.events import (
    ActionSpent,
    AttackCalledOff,
    Moved,
    ReservationUsed,
    SpentAhead,
)
from tests.rulesets.tiers.helpers import BOW, SWORD, Fight, warrior

XBOW = {"id": "xbow", "kind": "crossbow", "tier": 3, "range": 10}


def _reserving() -> Fight:
    fight = Fight(
        warrior("a", "red", 0, 0, weapons=[XBOW], skills={"crossbow": 6}),
        warrior("b", "blue", 8, 0),
        warrior("c", "blue", 9, 9),
        dice=[10, 10],
    )
    fight.act("a", "move", to={"x": 0, "y": 1})
    fight.act("a", "reserve")
    fight.end("a")
    return fight


def test_a_reserved_action_is_used_on_anothers_turn() -> None:
    """Seed: "A character may choose to hold their non-contested action to be used on another
    character's turn ... "I fire my crossbow on them when they get in range"": b steps within
    a's crossbow skill, and a fires on b's turn: 3 - (0 - 3) -> T3 = 3."""
    fight = _reserving()
    fight.act("b", "move", to={"x": 5, "y": 1})
    fight.act("a", "attack", target="b")
    assert fight.damage() == [("b", 3, 27)]
    assert len(fight.events(ReservationUsed)) == 1
    assert not fight.get("a").has("reserved")


def test_a_reservation_serves_once() -> None:
    """Seed: "That character still only gets 2 declared actions on each round"."""
    fight = _reserving()
    fight.act("b", "move", to={"x": 5, "y": 1})
    fight.act("a", "move", to={"x": 0, "y": 2})
    fight.refuse("a", "move", "it is b's turn, not a's", to={"x": 0, "y": 3})


def test_a_reservation_holds_no_contested_action() -> None:
    """Seed: "They cannot reserve their contested roll this way"."""
    fight = _reserving()
    fight.act("b", "move", to={"x": 3, "y": 1})
    fight.refuse("a", "stealth_attack", "it is b's turn", target="b")


def test_an_unused_reservation_is_forfeited_at_the_next_turn() -> None:
    """Seed: "If no action is used before the character's next turn, the reserved action is
    considered forfeited"."""
    fight = _reserving()
    fight.end("b", "c")
    assert not fight.get("a").has("reserved")
    assert fight.get("a").actions == 0


def test_reserving_takes_one_of_the_two_actions() -> None:
    """B16: one reservation at a time, and it counts among the turn's 2 actions."""
    fight = Fight(warrior("a", "red", 0, 0), warrior("b", "blue", 5, 5))
    fight.act("a", "reserve")
    fight.refuse("a", "reserve", "already holds a reserved action")
    fight.act("a", "move", to={"x": 0, "y": 1})
    assert fight.get("a").actions == 2


def test_swapping_is_free_on_anyones_turn() -> None:
    """Seed: free actions "can be done at any time, on anyone's turn, as many times as
    desired": b swaps to bare hands on a's turn."""
    fight = Fight(warrior("a", "red", 0, 0), warrior("b", "blue", 5, 5))
    fight.act("b", "swap", weapon="unarmed")
    assert fight.get("b").main is None


def test_a_reserved_attack_must_be_non_contested() -> None:
    """Seed: a non-contested action "may be used in some attacks, such as firing a loaded
    firearm/crossbow if within guaranteed hit range"; a melee blow is contested."""
    fight = Fight(
        warrior("a", "red", 0, 0),
        warrior("b", "blue", 3, 0),
        warrior("c", "blue", 9, 9),
    )
    fight.act("a", "reserve")
    fight.end("a")
    fight.act("b", "move", to={"x": 1, "y": 0})
    fight.refuse(
        "a", "attack", "on a reserved \\(non-contested\\) action: .* contested", target="b"
    )


def _corridor(order: tuple[str, ...] = ("a", "b", "c"), **options: Any) -> Fight:
    """b (blue, move 6) walks east along the top row from (0, 0) to (6, 0), a wall under its
    first 3 tiles; a (red, move 3) stands at (3, 2); c (blue, move 6) waits at (0, 5)."""
    return Fight(
        warrior("a", "red", 3, 2, race={"move": 3}),
        warrior("b", "blue", 0, 0, race={"move": 6}),
        warrior("c", "blue", 0, 5, race={"move": 6}),
        map={"width": 12, "height": 12, "walls": [[x, 1] for x in range(3)]},
        order=list(order),
        options=options,
    )


def _blocked(fight: Fight, match: str, at_x: int) -> None:
    """b's move east to (6, 0), with a blocking at (at_x, 0), is refused with `match`."""
    fight.refuse(
        "b", "move", match, to={"x": 6, "y": 0}, block={"by": "a", "at": {"x": at_x, "y": 0}}
    )


def test_a_reserved_move_blocks_a_mover_who_stops_next_to_the_blocker() -> None:
    """Seed: "You can block a moving creature this way. If you do, they move up to the tile
    next to your new position ... & lose any remaining tiles of movement for that action": a,
    on its reservation, steps 2 tiles onto (4, 0); b, bound 6 tiles east to (6, 0), walks 3
    and stops on (3, 0), the tile next to a. The reservation is used; b's move still counts."""
    fight = _corridor()
    fight.act("a", "reserve")
    fight.end("a")
    fight.act("b", "move", to={"x": 6, "y": 0}, block={"by": "a", "at": {"x": 4, "y": 0}})
    assert (fight.get("a").tile, fight.get("b").tile) == ((4, 0), (3, 0))
    assert not fight.get("a").has("reserved")
    assert len(fight.events(ReservationUsed)) == 1
    assert fight.get("b").actions == 1
    fight.end("b", "c")
    assert fight.get("a").actions == 0  # its own next turn is whole


def test_a_mover_always_gets_its_first_tile() -> None:
    """Seed: "They still get to move at least 1 tile before they can be blocked while using a
    move action": a block on (1, 0), b's first tile, is refused."""
    fight = _corridor()
    fight.act("a", "reserve")
    fight.end("a")
    _blocked(fight, "beyond its first tile", 1)


def test_a_block_must_lie_within_the_blocker_s_move() -> None:
    """Seed: "If the enemy moves in a path that would be inside the move range of your hero,
    your hero may move to any tile that blocks their path": from (3, 6), (4, 0) is 6 tiles
    away and a's move is 3."""
    fight = Fight(
        warrior("a", "red", 3, 6, race={"move": 3}),
        warrior("b", "blue", 0, 0, race={"move": 6}),
    )
    fight.act("a", "reserve")
    fight.end("a")
    _blocked(fight, "not within a's move of 3 tiles", 4)


def test_a_block_needs_a_reserved_or_unused_action() -> None:
    """Seed: "block someone else as they move with a reserved or unused non-contested
    action": a's turn this round is over and it reserved nothing, so it has neither."""
    fight = _corridor()
    fight.end("a")
    _blocked(fight, "its turn this round is not still to come", 4)


def test_an_unused_action_of_a_turn_to_come_blocks() -> None:
    """Seed: "with a reserved or unused non-contested action" (B16): b moves first; a, whose
    turn comes later in the round, blocks with one of that turn's actions and starts it with
    one action left, which may still be its contested one."""
    fight = _corridor(order=("b", "a", "c"))
    fight.act("b", "move", to={"x": 6, "y": 0}, block={"by": "a", "at": {"x": 4, "y": 0}})
    assert (fight.get("a").tile, fight.get("b").tile) == ((4, 0), (3, 0))
    assert [e.combatant for e in fight.events(SpentAhead)] == ["a"]
    fight.end("b")
    assert (fight.get("a").actions, fight.get("a").contested) == (1, False)
    fight.act("a", "move", to={"x": 5, "y": 0})
    fight.refuse("a", "move", "used both of this turn's actions", to={"x": 6, "y": 0})


def test_a_turn_to_come_blocks_once() -> None:
    """Seed: "That character still only gets 2 declared actions on each round, & only 1 of
    them can be a contested roll": having blocked b ahead of its turn, a keeps its other
    action for that turn and cannot block c too."""
    fight = _corridor(order=("b", "c", "a"))
    fight.act("b", "move", to={"x": 6, "y": 0}, block={"by": "a", "at": {"x": 4, "y": 0}})
    fight.end("b")
    fight.refuse(
        "c",
        "move",
        "already spent its coming turn's non-contested action",
        to={"x": 6, "y": 5},
        block={"by": "a", "at": {"x": 4, "y": 5}},
    )


def test_option_block_with_reserved_only() -> None:
    """B16 `block_with: reserved`: a table that reads the "unused" action as the reserved
    one: a, with its turn still to come but no reservation, cannot block."""
    fight = _corridor(order=("b", "a", "c"), block_with="reserved")
    _blocked(fight, "with block_with: reserved", 4)


def test_a_blind_move_is_not_blocked() -> None:
    """Seed: a block answers "a path that would be inside the move range of your hero"; in a
    pitch-black room b is Blind and declares no path, only a distance and direction (its
    crossings are bumps)."""
    fight = Fight(
        warrior("a", "red", 3, 2, race={"move": 3}),
        warrior("b", "blue", 0, 0, race={"move": 6}, facing="e"),
        map={"width": 12, "height": 12, "light": {"level": 0}},
        order=["b", "a"],
    )
    fight.refuse(
        "b",
        "move",
        "no path to block",
        distance=3,
        direction="forward",
        block={"by": "a", "at": {"x": 2, "y": 0}},
    )


def test_a_reserved_move_dodges_an_attack_which_did_not_happen() -> None:
    """Seed: "If an action is reserved and an attack is made against that character. If they
    interrupt the attack action to move, the attack action did not happen & the attacking
    creature can change their action ... You cannot “waste” their contested action this
    way": a steps 2 tiles away from b's sword; no die is rolled, b keeps both actions and
    its contested one, and the sword no longer reaches."""
    fight = Fight(warrior("a", "red", 0, 0), warrior("b", "blue", 1, 0), warrior("c", "blue", 9, 9))
    fight.act("a", "reserve")
    fight.end("a")
    fight.act("b", "attack", target="a", dodge={"x": 0, "y": 2})
    assert fight.get("a").tile == (0, 2)
    assert not fight.get("a").has("reserved")
    assert fight.rolls() == []
    assert (fight.get("b").actions, fight.get("b").contested) == (0, False)
    fight.refuse("b", "attack", "a is 2 squares away", target="a")


def test_a_dodge_behind_cover_sends_the_shot_elsewhere() -> None:
    """Seed: "If the character moves to behind cover to interrupt a ranged attack, the
    attacking creature can change their action or choose new targets": from the open at
    (0, 4), a ducks to (0, 1) behind the wall along x = 1; b's bow cannot shoot it there and
    shoots c instead, 10 + 0 against 10 + 0."""
    fight = Fight(
        warrior("a", "red", 0, 4),
        warrior("b", "blue", 6, 1, weapons=[BOW]),
        warrior("c", "red", 6, 6),
        map={"width": 12, "height": 12, "walls": [[1, 0], [1, 1], [1, 2]]},
        order=["a", "c", "b"],
        dice=[10, 10],
    )
    fight.act("a", "reserve")
    fight.end("a", "c")
    fight.act("b", "attack", target="a", dodge={"x": 0, "y": 1})
    fight.refuse("b", "attack", "stands between b and a", target="a")
    fight.act("b", "attack", target="c")
    assert (fight.exchange().attacker, fight.exchange().defender) == ("b", "c")


def test_only_a_reserved_move_dodges() -> None:
    """Seed: "If an action is reserved": without a reservation, or to a tile beyond its move,
    a cannot dodge."""
    fight = Fight(
        warrior("a", "red", 0, 0, race={"move": 2}),
        warrior("b", "blue", 1, 0),
        warrior("c", "blue", 9, 9),
    )
    fight.end("a")
    fight.refuse("b", "attack", "holds no reserved action", target="a", dodge={"x": 0, "y": 2})
    fight.end("b", "c")
    fight.act("a", "reserve")
    fight.end("a")
    fight.refuse(
        "b", "attack", "cannot dodge there: .* move of 2", target="a", dodge={"x": 0, "y": 3}
    )


def _line(hp: int = 30, skill: int = 6, weapons: tuple[dict[str, Any], ...] = (XBOW,)) -> Fight:
    """a (red, crossbow skill `skill`, a loaded T3 hand crossbow) holds a reserved action at
    (0, 1); b (blue, move 6) stands at (9, 1) and walks west along row 1."""
    fight = Fight(
        warrior("a", "red", 0, 0, weapons=weapons, skills={"crossbow": skill}),
        warrior("b", "blue", 9, 1, hp=hp, race={"move": 6}),
    )
    fight.act("a", "move", to={"x": 0, "y": 1})
    fight.act("a", "reserve")
    fight.end("a")
    return fight


def _moves(fight: Fight, who: str) -> list[tuple[tuple[int, int], ...]]:
    return [e.path for e in fight.events(Moved) if e.target == who]


def test_a_reserved_shot_lands_mid_move_on_the_first_tile_in_range() -> None:
    """Seed: "“I fire my crossbow on them when they get in range”, may mean you fire when they
    are in the middle of their movement action before they reach their destination tile": b
    walks from (9, 1) to (3, 1); a's reserved shot (crossbow skill 6) lands on (6, 1), the
    first tile within 6 of a, for 3 - max(0, 0 - 3) = 3; b walks on to (3, 1)."""
    fight = _line()
    fight.act("b", "move", to={"x": 3, "y": 1}, shot={"by": "a"})
    assert _moves(fight, "b") == [
        ((9, 1), (8, 1), (7, 1), (6, 1)),
        ((6, 1), (5, 1), (4, 1), (3, 1)),
    ]
    assert fight.damage() == [("b", 3, 27)]
    assert fight.get("b").tile == (3, 1)
    assert fight.get("b").actions == 1
    a = fight.get("a")
    assert not a.has("reserved")
    assert a.unloaded == ("xbow",)
    assert fight.dice_left == 0


def test_a_mover_felled_mid_move_stops_where_the_shot_took_it() -> None:
    """Seed: the shot comes "before they reach their destination tile": b, 3 HP, is knocked
    out by the 3 damage on (6, 1) and lies there instead of reaching (3, 1)."""
    fight = _line(hp=3)
    fight.act("b", "move", to={"x": 3, "y": 1}, shot={"by": "a"})
    assert fight.damage() == [("b", 3, 0)]
    assert _moves(fight, "b") == [((9, 1), (8, 1), (7, 1), (6, 1))]
    assert fight.get("b").tile == (6, 1)
    assert fight.get("b").status == "unconscious"


def test_the_shooter_may_name_a_later_tile_of_the_path() -> None:
    """Seed: the reserver may act "at odd timings where it makes sense": `at: (4, 1)` fires
    when b is 4 tiles off, still 3 damage; b walks (9, 1)-(4, 1), then on to (3, 1)."""
    fight = _line()
    fight.act("b", "move", to={"x": 3, "y": 1}, shot={"by": "a", "at": {"x": 4, "y": 1}})
    assert _moves(fight, "b") == [
        ((9, 1), (8, 1), (7, 1), (6, 1), (5, 1), (4, 1)),
        ((4, 1), (3, 1)),
    ]
    assert fight.damage() == [("b", 3, 27)]


def test_reserved_shot_refusals() -> None:
    """The shot must be a reserved, sure (non-contested) shot somewhere on the path past its
    start; a move takes one interruption. Each refusal changes nothing."""
    fight = _line()
    to = {"x": 3, "y": 1}
    fight.refuse("b", "move", "b cannot shoot at its own move", to=to, shot={"by": "b"})
    fight.refuse(
        "b",
        "move",
        r"\(0, 5\) is not on b's path past its start",
        to=to,
        shot={"by": "a", "at": {"x": 0, "y": 5}},
    )
    fight.refuse(
        "b",
        "move",
        "one interruption",
        to=to,
        shot={"by": "a"},
        block={"by": "a", "at": {"x": 5, "y": 1}},
    )
    fight.refuse(
        "b",
        "move",
        r"no sure shot with xbow at b on \(8, 1\).*crossbow skill in tiles: a's is 6, the "
        "target is 8 away",
        to=to,
        shot={"by": "a", "at": {"x": 8, "y": 1}},
    )
    short = _line(skill=2)
    short.refuse(
        "b",
        "move",
        r"a has no sure shot with xbow at b on any tile of its path to \(3, 1\)",
        to=to,
        shot={"by": "a"},
    )
    unready = Fight(
        warrior("a", "red", 0, 1, weapons=[XBOW], skills={"crossbow": 6}),
        warrior("b", "blue", 9, 1, race={"move": 6}),
    )
    unready.end("a")
    unready.refuse("b", "move", "a holds no reserved action", to=to, shot={"by": "a"})
    sworded = _line(weapons=(SWORD,))
    sworded.refuse("b", "move", "names no crossbow or firearm", to=to, shot={"by": "a"})


def _covered(**options: object) -> Fight:
    """a in the open at (0, 4); b's bow at (6, 4); a's ally c at (3, 6) reserves its move."""
    fight = Fight(
        warrior("a", "red", 0, 4),
        warrior("b", "blue", 6, 4, weapons=[BOW]),
        warrior("c", "red", 3, 6),
        map={"width": 12, "height": 12},
        order=["a", "c", "b"],
        dice=[10, 10],
        options=options,
    )
    fight.end("a")
    fight.act("c", "reserve")
    fight.end("c")
    return fight


def test_an_ally_steps_into_the_fire_and_the_shot_is_not_made() -> None:
    """B65 and seed: "Someone may do this to ... provide cover for another ally from incoming
    fire" and "the attacking creature can change their action or choose new targets": c
    walks to (3, 4), between b and a; the shot is not made, b has spent nothing and may no
    longer shoot a through c ("If their target is obscured in any way from terrain, objects,
    or people, they will not be allowed make the shot")."""
    fight = _covered()
    fight.act("b", "attack", target="a", cover={"by": "c", "to": {"x": 3, "y": 4}})
    assert fight.get("c").tile == (3, 4)
    assert [e.combatant for e in fight.events(ActionSpent)] == ["c", "c"]
    assert fight.get("b").actions == 0
    fight.refuse("b", "attack", r"c stands in the line of fire at \(3, 4\)", target="a")


def test_option_cover_move_proceeds() -> None:
    """B65, `cover_move: proceeds`: the shot goes on from the ground as it now stands. c
    stepping to (3, 5) leaves the line clear, so b shoots a (10 + 0 against 10 + 0: a tie,
    no damage); stepping into the line, the shot is called off and b keeps its action."""
    fight = _covered(cover_move="proceeds")
    fight.act("b", "attack", target="a", cover={"by": "c", "to": {"x": 3, "y": 5}})
    assert (fight.exchange().attacker, fight.exchange().defender) == ("b", "a")
    blocked = _covered(cover_move="proceeds")
    blocked.act("b", "attack", target="a", cover={"by": "c", "to": {"x": 3, "y": 4}})
    assert [e.why for e in blocked.events(AttackCalledOff)] == [
        "c stands in the line of fire at (3, 4); a projectile may not be used through a wall "
        "of allies or enemies"
    ]
    assert blocked.get("b").actions == 0


def test_cover_refusals() -> None:
    """B65: cover is an ally's reserved move against incoming fire, not a foe's, not the
    target's own (that is a dodge), not against a blow, and not with a dodge as well."""
    fight = _covered()
    to = {"x": 3, "y": 4}
    fight.refuse(
        "b", "attack", "is a `dodge`, not `cover`", target="a", cover={"by": "a", "to": to}
    )
    fight.refuse("b", "attack", "an ally of a; b is not", target="a", cover={"by": "b", "to": to})
    fight.refuse("b", "attack", "not both", target="a", cover={"by": "c", "to": to}, dodge=[0, 3])
    lone = Fight(
        warrior("a", "red", 0, 4),
        warrior("b", "blue", 1, 4, weapons=[SWORD, BOW]),
        warrior("c", "red", 3, 6),
        order=["a", "c", "b"],
    )
    lone.end("a", "c")
    step = {"by": "c", "to": {"x": 1, "y": 5}}
    lone.refuse("b", "attack", "sword is a melee attack", target="a", weapon="sword", cover=step)
    lone.act("b", "swap", weapon="bow")
    lone.refuse("b", "attack", "c holds no reserved action", target="a", weapon="bow", cover=step)
