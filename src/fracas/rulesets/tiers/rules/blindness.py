"""The Blind (seed 001, "Be Afraid of the Dark", "Let the Chaos Begin").

"When any character is in absolute darkness, they get the Blind status applied to them."
Sight is per pair (rules/light.py, B40): towards one it cannot see, a character "may only make
attacks within their normal unarmed melee range. Including attacks with projectile & 2 handed
melee weapons", while "Characters within the illuminated area may be targeted with range &
projectile weapons from characters inside the darkness, but not vice versa."

A Blind character moves by declaring "the intended distance & one of 8 directions" relative to
its facing; a Blind NPC that follows no sound lets "the GM ... roll 1d20 to determine their
action", once per move, on the seed's table. "When moving, if they cross paths with an obstacle
or hit a wall, they take damage equal to the total number of tiles they intended to move with
that action ... This damage does not ignore armor. They forfeit the additional tiles." A mover
that walks into a standing character stops next to it, unharmed, and both become aware of
each other (B32). "The GM will mark their start point, their end point (with directional
orientation), & a line between them. In each round, each time a line is crossed by another,
they will have bumped into each other": each Blind move's line is kept on the mover (its
`trails`, GM-only, cleared when the round ends) and a crossing of two lines is logged as a
bump; the mover then goes on to its end point. "After any exchanges occur, they will continue
to their previously declared end point": fracas moves the mover on at once and lets the
exchanges follow, the bumped pair counting as adjacent (`bumped`, read by `gap_between`) until
the turn ends or either moves again; "at the end of the turn, each character involved in a
crossing event that turn may declare a new end of turn orientation", so a bumped character may
`face` on that turn although it is not its own (B32). A sighted mover's path crosses a Blind
line as an event only when the mover names that line's owner in `bump` (B53).

A large creature moves Blind as one body (B54): each step takes every tile of it one square
the declared way, a wall under any tile is a crash, someone else's tile a bump; each tile of
the body draws its own line, and the body keeps its facing.

Dice order of a Blind NPC's move: the table's 1d20, nothing else.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import pairwise
from typing import ClassVar, cast

from fracas.core.errors import IllegalAction
from fracas.core.state import EncounterState
from fracas.core.transaction import Transaction
from fracas.rulesets.tiers.actions import Identify, Move
from fracas.rulesets.tiers.events import (
    ActionSpent,
    Faced,
    Moved,
    TiersEvent,
    update,
    warrior,
)
from fracas.rulesets.tiers.rules.arms import UNARMED_REACH
from fracas.rulesets.tiers.rules.common import (
    STEP,
    armor_bonus,
    body,
    fighter,
    gap_between,
    grid,
    options,
    require_action,
    standing,
)
from fracas.rulesets.tiers.rules.harm import deal
from fracas.rulesets.tiers.rules.light import (
    blind,
    blind_towards,
    describe,
    identifies,
    light_at,
)
from fracas.rulesets.tiers.sheet import FACINGS
from fracas.rulesets.tiers.warrior import Tile, Warrior

PLAYERS = "players"
"""The side whose members are player characters; every other side is the GM's NPCs (B17)."""
TURNS: dict[str, int] = {
    "forward": 0,
    "forward_right": 1,
    "right": 2,
    "backward_right": 3,
    "backward": 4,
    "backward_left": 5,
    "left": 6,
    "forward_left": 7,
}
"""Each relative direction as eighths of a turn clockwise from the facing."""
TABLE: tuple[tuple[int, str], ...] = (
    (2, "forward_left"),
    (4, "forward"),
    (6, "forward_right"),
    (8, "right"),
    (10, "backward_right"),
    (12, "backward"),
    (14, "backward_left"),
    (16, "left"),
    (18, "stay"),
    (20, "act"),
)
"""The seed's d20 table for a Blind NPC, by the highest face of each row."""


def table_row(face: int) -> str:
    """The row of the Blind NPC table a d20 face falls on."""
    return next(row for top, row in TABLE if face <= top)


@dataclass(frozen=True, slots=True, kw_only=True)
class TrailMarked(TiersEvent):
    """The GM marks a Blind move's line on the map of the dark (GM-only)."""

    kind: ClassVar[str] = "trail_marked"
    gm_only: ClassVar[bool] = True
    combatant: str
    start: tuple[int, int]
    end: tuple[int, int]

    def apply(self, state: EncounterState) -> EncounterState:
        who = warrior(state, self.combatant)
        return update(state, self.combatant, trails=(*who.trails, (self.start, self.end)))

    def describe(self) -> str:
        return f"the GM marks {self.combatant}'s line from {self.start} to {self.end}"


@dataclass(frozen=True, slots=True, kw_only=True)
class DarkRoundEnded(TiersEvent):
    """The round is over: its lines no longer cross anything, and each free stealth attack
    on the Blind may be used again."""

    kind: ClassVar[str] = "dark_round_ended"
    combatants: tuple[str, ...]

    def apply(self, state: EncounterState) -> EncounterState:
        for cid in self.combatants:
            state = update(state, cid, trails=(), stealth_spent=())
        return state

    def describe(self) -> str:
        return (
            "the GM wipes this round's lines off the map of the dark; free stealth attacks "
            "on the Blind are there again"
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class Bumped(TiersEvent):
    """Two characters ran into each other in the dark; both now know someone is there."""

    kind: ClassVar[str] = "bumped"
    gm_only: ClassVar[bool] = True
    mover: str
    other: str
    how: str
    """`crossed` (their lines crossed) or `walked_into` (the mover met the other standing)."""
    at: tuple[int, int] | None = None
    """Where a Blind mover's walk met the line it crossed: the last tile of its path before
    that step. The mover is already at its end point; a table playing `bumped_fallen: stays`
    lays it here should it fall in the exchanges that follow (B32)."""

    def apply(self, state: EncounterState) -> EncounterState:
        for one, two in ((self.mover, self.other), (self.other, self.mover)):
            met = warrior(state, one).bumped
            if two not in met:
                state = update(state, one, bumped=(*met, two))
        if self.at is not None and warrior(state, self.mover).crossed_at is None:
            state = update(state, self.mover, crossed_at=self.at)
        return state

    def describe(self) -> str:
        if self.how == "crossed":
            return f"{self.mover}'s path crosses {self.other}'s: they bump into each other"
        return f"{self.mover} walks into {self.other} in the dark and stops"


@dataclass(frozen=True, slots=True, kw_only=True)
class Crashed(TiersEvent):
    """A Blind mover hit a wall or an obstacle, loudly."""

    kind: ClassVar[str] = "crashed"
    combatant: str
    tile: tuple[int, int]
    """The wall or obstacle it hit."""
    intended: int

    def describe(self) -> str:
        return (
            f"{self.combatant} crashes into the obstacle at {self.tile} after meaning to go "
            f"{self.intended} tiles, making a loud noise"
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class BlindRolled(TiersEvent):
    """Where the GM's d20 sends a Blind NPC."""

    kind: ClassVar[str] = "blind_rolled"
    combatant: str
    face: int
    result: str

    def describe(self) -> str:
        what = {
            "stay": "quietly remains in place",
            "act": "calls out instead of moving (any action but moving or staying quiet)",
        }.get(self.result, f"moves {self.result.replace('_', ' ')}")
        return f"{self.combatant}, Blind, rolls {self.face}: {what}"


# -- attacks ---------------------------------------------------------------------------------


def check_attack(state: EncounterState, actor: Warrior, target: Warrior) -> None:
    """Refuse an attack on one the attacker cannot see beyond unarmed reach (TIERS-14, -16)."""
    if not blind_towards(state, actor, target):
        return
    gap = gap_between(actor, target)
    if gap > UNARMED_REACH:
        raise IllegalAction(
            f"{actor.id} is Blind towards {target.id}, who stands in absolute darkness "
            f"{gap} squares away: a Blind character attacks only within its unarmed reach "
            f"({UNARMED_REACH} square), whatever the weapon"
        )


def reach_towards(state: EncounterState, actor: Warrior, other: Warrior, reach: int) -> int:
    """The reach `actor` strikes `other` with: at most unarmed reach when Blind towards it (a
    defender in the light cannot counterattack a poleaxe from the dark 2 squares off)."""
    return min(reach, UNARMED_REACH) if blind_towards(state, actor, other) else reach


def check_face(state: EncounterState, actor: Warrior, other: Warrior) -> None:
    """ "the Blinded character may not track their movements for their end of turn orientation
    (instead they may declare to turn to 1 of 8 directions ...)" (TIERS-18)."""
    if blind_towards(state, actor, other):
        raise IllegalAction(
            f"{actor.id} is Blind towards {other.id} and cannot keep it in front; it declares "
            "a facing instead (n, ne, e, se, s, sw, w, nw)"
        )


# -- moving ----------------------------------------------------------------------------------


def groping(state: EncounterState, actor: Warrior, action: Move) -> bool:
    """Whether this move is a Blind one: the mover is Blind, or it gave no destination."""
    return action.to is None or blind(state, actor)


def _absolute(facing: str, relative: str) -> str:
    return FACINGS[(FACINGS.index(facing) + TURNS[relative]) % 8]


def verify_blind_move(state: EncounterState, actor: Warrior, action: Move) -> None:
    if not blind(state, actor):
        raise IllegalAction(
            f"{actor.id} is not Blind ({describe(light_at(state, actor.tile))} at "
            f"{actor.tile}): a move names its destination, `to: {{x, y}}`"
        )
    if action.to is not None:
        raise IllegalAction(
            f"{actor.id} is Blind (absolute darkness at {actor.tile}) and cannot pick a tile: "
            "it declares `distance` and `direction` (forward, forward_right, right, "
            "backward_right, backward, backward_left, left, forward_left)"
        )
    if action.distance is not None:
        way = action.direction
        most = blind_reach(state, actor, _absolute(actor.facing, way)) if way else actor.race.move
        if not 1 <= action.distance <= most:
            slant = ", diagonal steps costing 1 and 2 in turn" if most < actor.race.move else ""
            raise IllegalAction(
                f"distance {action.distance}: a move goes 1 to {most} tiles that way "
                f"({actor.id}'s race move of {actor.race.move}{slant})"
            )
    if action.direction is None:
        if actor.side == PLAYERS:
            raise IllegalAction(
                f"{actor.id} is a player character: a Blind move declares its `direction`; "
                "only NPCs (sides other than players) move by the GM's d20 table"
            )
    elif action.distance is None:
        raise IllegalAction(
            f"a Blind move toward {action.direction} needs its `distance` (1 to "
            f"{actor.race.move} tiles)"
        )


def resolve_blind_move(tx: Transaction, actor: Warrior, action: Move) -> None:
    verify_blind_move(tx.state, actor, action)
    tx.emit(ActionSpent(combatant=actor.id, action="move (Blind)", contested=False))
    relative: str | None = action.direction
    if relative is None:
        face = tx.roll("1d20", f"{actor.id} is Blind: the GM's table decides its move")
        relative = table_row(face)
        tx.emit(BlindRolled(combatant=actor.id, face=face, result=relative))
        if relative not in TURNS:
            return
    heading = _absolute(actor.facing, relative)
    reach = blind_reach(tx.state, actor, heading)  # a table row may turn it onto a diagonal
    intended = reach if action.distance is None else min(action.distance, reach)
    _walk(tx, actor, heading, intended)
    _turn(tx, actor.id, relative, heading)


def blind_reach(state: EncounterState, actor: Warrior, heading: str) -> int:
    """The most tiles a straight Blind walk toward `heading` covers within the race's move:
    all of it, but on a diagonal under `diagonal: alternate` (B39), where n steps cost
    n + n // 2."""
    move = actor.race.move
    if options(state).diagonal == "one" or heading in ("n", "e", "s", "w"):
        return move
    return next(n for n in range(move, -1, -1) if n + n // 2 <= move)


def _walk(tx: Transaction, actor: Warrior, heading: str, intended: int) -> None:
    """Step by step the declared way; every tile of the body (one tile for most) steps as a
    character would, so a wall, terrain or the map's edge under any of them is a crash and
    someone else's tile a bump (B54)."""
    board = grid(tx.state)
    taken = standing(tx.state)
    dx, dy = STEP[heading]
    path: list[Tile] = [actor.tile]
    for _ in range(intended):
        here = path[-1]
        for tile in sorted(body(actor, here)):
            ahead = (tile[0] + dx, tile[1] + dy)
            if ahead not in board.neighbours(tile):
                _mark(tx, actor, path)
                _crash(tx, actor, ahead, intended)
                return
            other = taken.get(ahead)
            if other is not None and other != actor.id:
                _mark(tx, actor, path)
                tx.emit(Bumped(mover=actor.id, other=other, how="walked_into"))
                return
        path.append((here[0] + dx, here[1] + dy))
    _mark(tx, actor, path)


def body_lines(who: Warrior, path: list[Tile] | tuple[Tile, ...]) -> list[tuple[Tile, Tile]]:
    """The lines a walk along `path` (of the front-left tile) draws on the GM's map: for each
    tile of the body, one segment per step it takes (a straight Blind walk passes its path as
    just its two ends). One line for a one-tile character walking straight."""
    start = path[0]
    lines: list[tuple[Tile, Tile]] = []
    for tile in sorted(body(who, start)):
        dx, dy = tile[0] - start[0], tile[1] - start[1]
        steps = [(x + dx, y + dy) for x, y in path]
        lines.extend(pairwise(steps))
    return lines


def _crossed(state: EncounterState, mover: str, lines: list[tuple[Tile, Tile]]) -> list[str]:
    """Whose lines of this round `lines` cross, in listing order."""
    return [
        other.id
        for other in state.combatants
        if other.id != mover
        and any(_cross(mine, trail) for mine in lines for trail in warrior(state, other.id).trails)
    ]


def _mark(tx: Transaction, mover: Warrior, path: list[Tile]) -> None:
    """Move along `path`, mark its line (a body's, one per tile: B54) on the GM's map, and log
    every line it crosses."""
    if len(path) < 2:
        return
    tx.emit(Moved(target=mover.id, path=tuple(path)))
    lines = body_lines(mover, (path[0], path[-1]))
    for other in _crossed(tx.state, mover.id, lines):
        at = _met_at(tx.state, mover, path, other)
        tx.emit(Bumped(mover=mover.id, other=other, how="crossed", at=at))
    for start, end in lines:
        tx.emit(TrailMarked(combatant=mover.id, start=start, end=end))


def _met_at(state: EncounterState, mover: Warrior, path: list[Tile], other: str) -> Tile:
    """The tile of `path` the mover stood on when its walk met `other`'s line: the one before
    the first step whose line crosses it (a line touching a tile's centre is met on the step
    into that tile), as a mover walking into someone stops on the last free tile."""
    trails = warrior(state, other).trails
    for here, there in pairwise(path):
        if any(
            _cross(mine, trail) for mine in body_lines(mover, [here, there]) for trail in trails
        ):
            return here
    return path[-1]  # not reached: the whole line crosses, so one of its steps does


def _crash(tx: Transaction, actor: Warrior, obstacle: Tile, intended: int) -> None:
    """Damage equal to the tiles intended, less the armor bonus ("This damage does not ignore
    armor": worn armor, cloaks and natural armor as every blow counts them, B12, B34), and
    the shield by option (B14)."""
    tx.emit(Crashed(combatant=actor.id, tile=obstacle, intended=intended))
    who = warrior(tx.state, actor.id)
    armor = armor_bonus(tx.state, who)
    if options(tx.state).wall_damage_shield and who.shield_equipped:
        armor += who.shield
    deal(tx, who.id, "an obstacle in the dark", intended - armor, f"{intended} - {armor}")


def _turn(tx: Transaction, mover: str, relative: str, heading: str) -> None:
    """B33: the mover faces the way it went, or keeps its facing but for "backward (they
    turn around)". A large body keeps its facing (B54): it faces only n, e, s or w, and
    swinging it round needs room it cannot feel for; turning is its own `face`."""
    who = warrior(tx.state, mover)
    if who.large:
        return
    if options(tx.state).blind_move_facing == "unchanged" and relative != "backward":
        return
    if heading != who.facing or who.facing_on is not None:
        tx.emit(Faced(combatant=mover, facing=heading))


def _side(o: Tile, a: Tile, b: Tile) -> int:
    cross = (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])
    return (cross > 0) - (cross < 0)


def _within(a: Tile, b: Tile, p: Tile) -> bool:
    return min(a[0], b[0]) <= p[0] <= max(a[0], b[0]) and min(a[1], b[1]) <= p[1] <= max(a[1], b[1])


def _cross(one: tuple[Tile, Tile], two: tuple[Tile, Tile]) -> bool:
    """Whether two lines between tile centres meet (touching counts), in whole numbers."""
    (a, b), (c, d) = one, two
    s1, s2, s3, s4 = _side(a, b, c), _side(a, b, d), _side(c, d, a), _side(c, d, b)
    if s1 != s2 and s3 != s4:
        return True
    return (
        (s1 == 0 and _within(a, b, c))
        or (s2 == 0 and _within(a, b, d))
        or (s3 == 0 and _within(c, d, a))
        or (s4 == 0 and _within(c, d, b))
    )


# -- bumps -----------------------------------------------------------------------------------


def bumps_over(state: EncounterState) -> EncounterState:
    """A new turn: the exchanges of the last one's bumps are over (B32). Applied with the
    core's `turn_started`, so it logs nothing of its own."""
    for c in state.combatants:
        who = warrior(state, c.id)
        if who.bumped or who.crossed_at is not None:
            state = update(state, c.id, bumped=(), crossed_at=None)
    return state


def may_reorient(state: EncounterState, who: str) -> bool:
    """ "at the end of the turn, each character involved in a crossing event that turn may
    declare a new end of turn orientation in response to the new event": one bumped this
    turn may `face` though the turn is another's."""
    found = state.find(who)
    return found is not None and bool(cast(Warrior, found).bumped)


def verify_chosen_bumps(
    state: EncounterState, actor: Warrior, path: list[Tile], names: tuple[str, ...]
) -> None:
    """A sighted mover "Choose[s] if crossing a path line from a Blind character would cause an
    event" (B53): each id in `bump` names a character whose line of this round the path
    crosses."""
    if not names:
        return
    if blind(state, actor):
        raise IllegalAction(
            f"{actor.id} is Blind: every line its move crosses is a bump already; `bump` is "
            "the sighted mover's choice"
        )
    crossed = _crossed(state, actor.id, body_lines(actor, path))
    for name in names:
        other = fighter(state, name)
        if other.id == actor.id:
            raise IllegalAction(f"bump: {actor.id} cannot bump into itself")
        if other.id not in crossed:
            lines = "; lines crossed: " + ", ".join(crossed) if crossed else ""
            raise IllegalAction(
                f"bump: {actor.id}'s path {path[0]} to {path[-1]} crosses no line {other.id} "
                f"left this round{lines or ' (it crosses none)'}"
            )


def resolve_chosen_bumps(
    tx: Transaction, actor: Warrior, path: list[Tile], names: tuple[str, ...]
) -> None:
    """The sighted mover's chosen crossings, on the path it walked (a block may have cut it
    short of one: that one is no event)."""
    if not names:
        return
    for other in _crossed(tx.state, actor.id, body_lines(actor, path)):
        if other in names:
            tx.emit(Bumped(mover=actor.id, other=other, how="crossed"))


def end_round(tx: Transaction) -> None:
    """At the end of a round the lines of its Blind moves come off the map and the free
    stealth attacks of the round are spent no more; nothing is logged when nothing changes."""
    marked = tuple(
        c.id
        for c in tx.state.combatants
        if warrior(tx.state, c.id).trails or warrior(tx.state, c.id).stealth_spent
    )
    if marked:
        tx.emit(DarkRoundEnded(combatants=marked))


# -- identifying -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class Identified(TiersEvent):
    """A Blind character made out who is next to it by touch, sound or smell."""

    kind: ClassVar[str] = "identified"
    combatant: str
    target: str

    def apply(self, state: EncounterState) -> EncounterState:
        who = warrior(state, self.combatant)
        return update(state, self.combatant, identified=(*who.identified, self.target))

    def describe(self) -> str:
        return (
            f"{self.combatant} identifies {self.target} by touch and sound (the GM decides "
            "who else hears it)"
        )


def verify_identify(state: EncounterState, action: Identify) -> None:
    """ "If another character comes into their space (any adjacent tile), they will be aware
    of each others presence there. However, they cannot identify them unless they use senses
    other than sight to do so. This requires 1 non-contested action.\""""
    actor, target = fighter(state, action.actor), fighter(state, action.target)
    require_action(actor, contested=False)
    if target.id == actor.id:
        raise IllegalAction(f"{actor.id} knows who it is")
    if identifies(state, actor, target):
        raise IllegalAction(f"{actor.id} can see {target.id}; there is nothing to identify")
    gap = gap_between(actor, target)
    if gap > 1:
        raise IllegalAction(
            f"{target.id} is {gap} squares from {actor.id}: without sight one identifies only "
            "a character on an adjacent tile"
        )
    if target.id in actor.identified:
        raise IllegalAction(f"{actor.id} has already identified {target.id}")


def resolve_identify(tx: Transaction, action: Identify) -> None:
    tx.emit(ActionSpent(combatant=action.actor, action="identify", contested=False))
    tx.emit(Identified(combatant=action.actor, target=action.target))
