"""Help, Focus and Overwatch (seed 000: "Help", "Focus", "Overwatch").

Help is the one action that may come out of turn order, so "has this character acted this
round" needs more than `acted` (which resets when the helper's own turn starts): a helper who
helps before its turn comes gets HELPED_OUT_OF_TURN until the end of the round, and the start
of its own turn then spends the action it already used.

Focus lasts to the end of the focuser's next turn (the turn it pays off in), or, when that turn
declares Overwatch, to the start of the turn after ("a previous turn's focus can apply to a
current turn's overwatch"). Overwatch waits in a condition whose detail holds the trigger, the
target, the weapon and whether the watcher moved. It fires when its trigger happens: a move
asks `watchers_at` on every tile it steps onto and the shot is taken on the first tile the
mover can be shot from; `acts:` watches fire as the named character's turn starts; damage and
`acted:` watches fire right after the strike or action that set them off (`watch_events`, from
the move's reactions and from `after_action`). A sheet may start the fight on Overwatch (PvE
only, like starting Focused).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from fracas.core.conditions import Condition, Expiry
from fracas.core.errors import IllegalAction
from fracas.core.events import ConditionApplied, ConditionRemoved, Event, TurnStarted
from fracas.core.state import EncounterState
from fracas.core.transaction import Transaction
from fracas.rulesets.nwo.actions import Focus, Help, Overwatch
from fracas.rulesets.nwo.catalog import IMPROVISED, Weapon
from fracas.rulesets.nwo.events import ActionSpent, AttackResolved, Damaged, NwoEvent, update
from fracas.rulesets.nwo.grid import Tile
from fracas.rulesets.nwo.operative import Operative
from fracas.rulesets.nwo.rules import attack, panel
from fracas.rulesets.nwo.rules.common import (
    ACTION_PLEDGED,
    FOCUSED,
    HELPED,
    OVERWATCH,
    STUNNED,
    SUPPRESSED,
    check_modifier,
    engagers,
    fighter,
    half,
    hostile,
    options,
    require_action,
    require_adjacent,
    round_action_free,
    source_of,
)
from fracas.rulesets.nwo.sheet import SKILLS

if TYPE_CHECKING:
    from fracas.rulesets.nwo.rules.attack import Strike

HELP_DC = 10
HELP_BONUS = 3
MAX_HELPS = 2
FOCUS_DC = 12
HELPED_OUT_OF_TURN = ACTION_PLEDGED
"""The helper's action for this round went on a Help before its turn came (NWO-26)."""

SUBSTITUTES: dict[str, tuple[str, ...]] = {
    "fitness": ("strength",),  # Athleticism
    "strength": ("fitness",),  # Athleticism
    "melee": ("fitness", "strength"),  # The Right Tool, as a melee attack roll
    "perception": ("aiming",),  # Spotting, as a ranged attack roll
}
"""NWO-28: the skills a helper may roll for an assisted skill other than its own."""


# -- Help --------------------------------------------------------------------------------


def help_count(state: EncounterState, who: str) -> int:
    """Successful helps waiting for `who`'s next roll this turn (the grappler's "aided by two
    other characters" counts these too)."""
    helped = fighter(state, who).condition(HELPED)
    return 0 if helped is None or helped.detail is None else int(helped.detail)


def help_bonus(state: EncounterState, who: Operative) -> int:
    """+3 a success, at most +6. Only attack rolls and contests ask for it: defense rolls
    never do ("You cannot use the help action for defense rolls against attacks")."""
    return HELP_BONUS * help_count(state, who.id)


def spend_help(tx: Transaction, who: str) -> None:
    """The helped roll has been made; helps are for one roll."""
    if fighter(tx.state, who).has(HELPED):
        tx.emit(ConditionRemoved(target=who, name=HELPED, why="the helped roll was made"))


def may_act_out_of_turn(state: EncounterState, action: object) -> bool:
    """NWO-26: "The help action can be taken out of turn order if you have not already acted
    that round"."""
    if not isinstance(action, Help):
        return False
    helper = state.find(action.actor)
    return isinstance(helper, Operative) and round_action_free(state, helper)


@dataclass(frozen=True, slots=True)
class HelpRoll:
    rolled: str
    """The skill the helper rolls; "resolve" for the fallback."""
    assisted: str | None
    edge: int


def help_roll(skill: str | None) -> HelpRoll:
    """Read `skill`: "<skill>" (the assisted skill, rolled as is), "<rolled> for <assisted>"
    (a substitution or the Resolve fallback), or nothing (Resolve at disadvantage)."""
    if skill is None:
        return HelpRoll("resolve", None, -1)
    rolled, _, assisted = (part.strip() for part in skill.partition(" for "))
    for name in (rolled, assisted or rolled):
        if name not in SKILLS:
            raise IllegalAction(
                f"unknown skill {name!r} for help; skills: {', '.join(SKILLS)} "
                "(write 'perception for aiming' for a substitution)"
            )
    if not assisted or assisted == rolled:
        return HelpRoll(rolled, rolled, 0)
    if rolled == "resolve":
        return HelpRoll("resolve", assisted, -1)
    if assisted not in SUBSTITUTES.get(rolled, ()):
        accepted = [assisted] + [s for s, helps in SUBSTITUTES.items() if assisted in helps]
        raise IllegalAction(
            f"{rolled} cannot stand in for {assisted} when helping; a helper rolls "
            f"{' or '.join(accepted)} (or resolve at disadvantage)"
        )
    return HelpRoll(rolled, assisted, 0)


def help_modifier(state: EncounterState, helper: Operative, how: HelpRoll) -> int:
    """A5 for plain checks; melee and aiming help are attack rolls ("in the form of a melee /
    ranged attack roll"), with the STR bonus or the movement penalty they carry."""
    level = helper.skill(how.rolled)
    if how.rolled == "melee":
        return half(state, level) + attack.strength_bonus(helper.strength)
    if how.assisted == "aiming" and how.rolled in ("aiming", "perception"):
        moved = helper.moved > 0 and state.actor == helper.id  # this turn's movement only
        return half(state, level) - (attack.MOVE_PENALTY if moved else 0)
    return check_modifier(state, level)


def verify_help(state: EncounterState, action: Help) -> None:
    helper = fighter(state, action.actor)
    target = fighter(state, action.target)
    if target.id == helper.id:
        raise IllegalAction(f"{helper.id} cannot help itself; help names an adjacent ally")
    if hostile(helper, target):
        raise IllegalAction(f"{target.id} is not on {helper.id}'s side; help assists an ally")
    if not target.is_active:
        raise IllegalAction(f"{target.id} is {target.status} and has no roll to help")
    if helper.has(STUNNED):
        raise IllegalAction(f"{helper.id} is stunned and cannot help")
    help_roll(action.skill)
    require_adjacent(state, helper, target, "help")
    if state.actor == helper.id:
        require_action(helper)
    elif not round_action_free(state, helper):
        raise IllegalAction(
            f"{helper.id} has already acted this round; help out of turn needs the round's "
            "action unspent"
        )
    if help_count(state, target.id) >= MAX_HELPS:
        raise IllegalAction(
            f"{target.id} already has {MAX_HELPS} helps (+{HELP_BONUS * MAX_HELPS}) for this "
            f"roll; a roll takes at most {MAX_HELPS}"
        )


def resolve_help(tx: Transaction, action: Help) -> None:
    """NWO-25..27: DC 10 with the assisted skill (or Resolve at disadvantage); +3 a success
    for the helped character's next roll this turn."""
    state = tx.state
    helper = fighter(state, action.actor)
    out_of_turn = state.actor != helper.id
    tx.emit(ActionSpent(combatant=helper.id, action=f"help {action.target}"))
    if out_of_turn:
        tx.emit(
            ConditionApplied(
                target=helper.id,
                condition=Condition(
                    name=HELPED_OUT_OF_TURN,
                    source=helper.id,
                    expiry=Expiry.END_OF_ROUND,
                    detail=f"round {state.turns.round}",
                ),
            )
        )
    how = help_roll(action.skill)
    modifier = help_modifier(tx.state, helper, how)
    purpose = f"help {action.target} ({how.rolled})"
    if not panel.check(tx, helper.id, purpose, modifier, HELP_DC, how.edge):
        return
    count = help_count(tx.state, action.target) + 1
    tx.emit(
        ConditionApplied(
            target=action.target,
            condition=Condition(
                name=HELPED,
                source=helper.id,
                expiry=Expiry.END_OF_TURN,
                anchor=tx.state.actor,
                detail=str(count),
            ),
        )
    )


# -- Focus -------------------------------------------------------------------------------


def _focused_this_turn(state: EncounterState, who: Operative) -> bool:
    focus = who.condition(FOCUSED)
    return (
        state.actor == who.id and focus is not None and focus.detail == f"round {state.turns.round}"
    )


def _ranged_in_hand(who: Operative, weapon_id: str | None) -> Weapon:
    if weapon_id is None:
        found = next((w for w in who.in_hand if w.is_ranged), None)
        if found is None:
            carried = ", ".join(who.wielded) or "nothing"
            raise IllegalAction(f"{who.id} holds no ranged weapon (in hand: {carried})")
        return found
    weapon = attack.chosen_weapon(who, weapon_id)
    if not weapon.is_ranged or weapon.id == IMPROVISED:
        raise IllegalAction(f"{weapon.id} is not a ranged weapon; this needs a gun in hand")
    return weapon


def verify_focus(state: EncounterState, action: Focus) -> None:
    actor = fighter(state, action.actor)
    if actor.shot:
        raise IllegalAction(
            f"{actor.id} has shot this turn; shooting and focusing take a turn each"
        )
    if actor.has(OVERWATCH):
        raise IllegalAction(f"{actor.id} is on Overwatch; Overwatch and Focus need a turn each")
    require_action(actor)
    _ranged_in_hand(actor, None)
    engaged = [e.id for e in engagers(state, actor)]
    if engaged:
        raise IllegalAction(
            f"{actor.id} is engaged by {', '.join(engaged)}; becoming engaged breaks focus"
        )


def resolve_focus(tx: Transaction, action: Focus) -> None:
    """NWO-33: advantage on a ranged attack next turn. A12: focusing again keeps the bonus
    (option `focus_kept_by_focusing`) or loses it."""
    tx.emit(ActionSpent(combatant=action.actor, action="focus"))
    actor = fighter(tx.state, action.actor)
    if actor.has(FOCUSED) and not options(tx.state).focus_kept_by_focusing:
        tx.emit(
            ConditionRemoved(
                target=actor.id, name=FOCUSED, why="focusing again loses the bonus (A12 b)"
            )
        )
        return
    tx.emit(ConditionApplied(target=actor.id, condition=_focus(actor.id, tx.state.turns.round)))


def _focus(who: str, gained: int) -> Condition:
    """Lapses at the end of the turn after this one unless that turn fires or refocuses."""
    return Condition(
        name=FOCUSED,
        source=who,
        expiry=Expiry.END_OF_TURN,
        anchor=who,
        count=2,
        detail=f"round {gained}",
    )


def after_attacked(tx: Transaction, strike: Strike) -> None:
    """NWO-34: "taking melee damage while Focused breaks your focus. If a ranged attack is
    made against a Focused character, that character must make a DC 12 Resolve roll to
    remain focused." """
    target = fighter(tx.state, strike.target)
    if not target.has(FOCUSED) or not target.is_active:
        return
    if not strike.weapon.is_ranged:
        if strike.hit:
            tx.emit(ConditionRemoved(target=target.id, name=FOCUSED, why="took melee damage"))
        return
    modifier = check_modifier(tx.state, target.resolve)
    if not panel.check(tx, target.id, "resolve to stay focused", modifier, FOCUS_DC):
        tx.emit(ConditionRemoved(target=target.id, name=FOCUSED, why="shaken by a shot"))


def _break_focus_on_engagement(tx: Transaction) -> None:
    for combatant in tx.state.bearers(FOCUSED):
        who = fighter(tx.state, combatant.id)
        if who.has(FOCUSED) and any(True for _ in engagers(tx.state, who)):
            tx.emit(ConditionRemoved(target=who.id, name=FOCUSED, why="became engaged"))


# -- Overwatch ---------------------------------------------------------------------------


TRIGGERS = ("moves", "enters", "acts", "acted", "damaged", "deals")
AFTER_TRIGGERS = ("acted", "damaged", "deals")
"""Triggers that fire after what set them off: another's action, damage taken or dealt."""


@dataclass(frozen=True, slots=True)
class Watch:
    """An Overwatch as its condition's detail keeps it: `trigger|target|weapon|moved`."""

    trigger: str
    target: str | None
    weapon: str
    moved: bool

    def detail(self) -> str:
        return f"{self.trigger}|{self.target or '-'}|{self.weapon}|{int(self.moved)}"

    @classmethod
    def read(cls, detail: str) -> Watch:
        trigger, target, weapon, moved = detail.split("|")
        return cls(trigger, None if target == "-" else target, weapon, moved == "1")

    @property
    def kind(self) -> str:
        return self.trigger.partition(":")[0]

    @property
    def subject(self) -> str:
        return self.trigger.partition(":")[2]


@dataclass(frozen=True, slots=True, kw_only=True)
class OverwatchHeld(NwoEvent):
    """A trigger came but the shot could not be made; the Overwatch keeps waiting."""

    kind: ClassVar[str] = "overwatch_held"
    combatant: str
    why: str

    def describe(self) -> str:
        return f"{self.combatant}'s overwatch holds fire: {self.why}"


def area(subject: str) -> tuple[int, int, int, int]:
    """`x1,y1,x2,y2` as (left, top, right, bottom)."""
    try:
        x1, y1, x2, y2 = (int(part) for part in subject.split(","))
    except ValueError:
        raise IllegalAction(
            f"an area trigger is enters:<x1>,<y1>,<x2>,<y2>, not enters:{subject}"
        ) from None
    return min(x1, x2), min(y1, y2), max(x1, x2), max(y1, y2)


def _inside(box: tuple[int, int, int, int], tile: tuple[int, int]) -> bool:
    return box[0] <= tile[0] <= box[2] and box[1] <= tile[1] <= box[3]


def watch_of(who: Operative) -> Watch | None:
    condition = who.condition(OVERWATCH)
    return None if condition is None or condition.detail is None else Watch.read(condition.detail)


def _check_watch(
    state: EncounterState, actor: Operative, trigger: str, target: str | None, weapon_id: str | None
) -> Weapon:
    """What an Overwatch needs, declared in a turn or on the sheet: a loaded gun in hand and
    a trigger fracas can watch for; returns the gun."""
    weapon = _ranged_in_hand(actor, weapon_id)
    rounds = actor.rounds(weapon.id)
    if rounds is not None and rounds <= 0:
        raise IllegalAction(f"{actor.id}'s {weapon.id} is empty; reload (DC 10) first")
    kind, _, subject = trigger.partition(":")
    if kind not in TRIGGERS or not subject:
        raise IllegalAction(
            f"unknown overwatch trigger {trigger!r}; accepted: moves:<id>, "
            "enters:<x1>,<y1>,<x2>,<y2>, acts:<id> (before it acts), acted:<id> (after), "
            "damaged:<id> (takes damage), deals:<id> (deals damage)"
        )
    if kind == "enters":
        area(subject)
    else:
        named = fighter(state, subject)
        if named.id == actor.id:
            raise IllegalAction(f"{actor.id} cannot overwatch itself; name another character")
        if target is None and not hostile(actor, named):
            raise IllegalAction(f"{named.id} is an ally; name the `target` the overwatch shoots at")
    if target is not None and fighter(state, target).id == actor.id:
        raise IllegalAction(f"{actor.id} cannot shoot itself")
    return weapon


def _watching(who: str, watch: Watch) -> Condition:
    """Unused, it "ends at the start of the character's next turn"."""
    return Condition(
        name=OVERWATCH,
        source=who,
        expiry=Expiry.START_OF_TURN,
        anchor=who,
        detail=watch.detail(),
    )


def verify_overwatch(state: EncounterState, action: Overwatch) -> None:
    actor = fighter(state, action.actor)
    if _focused_this_turn(state, actor):
        raise IllegalAction(f"{actor.id} focused this turn; Overwatch and Focus need a turn each")
    require_action(actor)
    _check_watch(state, actor, action.trigger, action.target, action.weapon)


def resolve_overwatch(tx: Transaction, action: Overwatch) -> None:
    """NWO-29..31: the shot waits for the trigger; unused, it ends at the start of the
    watcher's next turn. A focus ready now is kept for the watch (to that same moment)."""
    tx.emit(ActionSpent(combatant=action.actor, action=f"overwatch ({action.trigger})"))
    actor = fighter(tx.state, action.actor)
    weapon = _ranged_in_hand(actor, action.weapon)
    watch = Watch(action.trigger, action.target, weapon.id, actor.moved > 0)
    tx.emit(ConditionApplied(target=actor.id, condition=_watching(actor.id, watch)))
    focus = actor.condition(FOCUSED)
    if focus is not None and attack.focus_ready(tx.state, actor):
        kept = dataclasses.replace(focus, expiry=Expiry.START_OF_TURN, anchor=actor.id, count=1)
        tx.emit(ConditionApplied(target=actor.id, condition=kept))


def pre_combat_watch(
    state: EncounterState, who: str, trigger: str, target: str | None, weapon_id: str | None
) -> Condition:
    """NWO-32: "pre-initiative overwatch actions are only applicable in PVE Encounters": the
    watch a sheet starts with, checked as the action would be (the PvP refusal is the
    set-up's, which knows the map)."""
    actor = fighter(state, who)
    weapon = _check_watch(state, actor, trigger, target, weapon_id)
    return _watching(who, Watch(trigger, target, weapon.id, False))


def _why_not(state: EncounterState, watcher: Operative, watch: Watch, by: str) -> str | None:
    """Why the waiting shot cannot be taken now ("typical range and rolling rules still
    apply"), or None when it can."""
    target = fighter(state, watch.target or by)
    weapon = watcher.weapon(watch.weapon)
    if not watcher.is_active:
        return f"{watcher.id} is {watcher.status}"
    if weapon is None or weapon.id not in watcher.wielded:
        return f"{watch.weapon} is no longer in hand"
    if not target.is_active:
        return f"{target.id} is {target.status}"
    if source_of(watcher, SUPPRESSED) == target.id:
        return f"{watcher.id} is suppressed by {target.id}"
    try:
        attack.check_can_strike(state, watcher, target, weapon)
    except IllegalAction as error:
        return str(error)
    return None


def _shoot(tx: Transaction, watcher_id: str, watch: Watch, by: str) -> None:
    watcher = fighter(tx.state, watcher_id)
    weapon = watcher.weapon(watch.weapon)
    assert weapon is not None
    tx.emit(ConditionRemoved(target=watcher_id, name=OVERWATCH, why=f"triggered: {watch.trigger}"))
    attack.strike(tx, watcher_id, watch.target or by, weapon, reaction=True)


def _fire(tx: Transaction, watcher_id: str, watch: Watch, by: str) -> bool:
    """Take the waiting shot now, or log why it holds (the watch keeps waiting)."""
    why = _why_not(tx.state, fighter(tx.state, watcher_id), watch, by)
    if why is not None:
        tx.emit(OverwatchHeld(combatant=watcher_id, why=why))
        return False
    _shoot(tx, watcher_id, watch, by)
    return True


# -- movement triggers: on the tile where the mover is seen ------------------------------------


def _moving_trigger(watcher: Operative, watch: Watch, mover: Operative, walked: list[Tile]) -> bool:
    """Whether the mover, having walked `walked` (its start first) in this move, sets off a
    `moves` or `enters` watch standing on the last tile."""
    if watch.kind == "moves":
        return watch.subject == mover.id
    if watch.kind != "enters" or not hostile(watcher, mover):
        return False
    box = area(watch.subject)
    return _inside(box, walked[-1]) and any(not _inside(box, t) for t in walked[:-1])


def anyone_watching(state: EncounterState) -> bool:
    return bool(state.bearers(OVERWATCH))


def watchers_at(
    state: EncounterState, mover_id: str, walked: list[Tile], held: dict[str, str]
) -> list[str]:
    """The watchers who shoot at the mover as it stands on `walked[-1]`, mid-move: the first
    tile, after the trigger, from which the shot can be made. Those triggered but without a
    shot from here are noted in `held` with the reason (the move may yet show the mover)."""
    mover = fighter(state, mover_id)
    there = update(state, mover_id, x=walked[-1][0], y=walked[-1][1])
    ready = []
    for combatant in state.bearers(OVERWATCH):
        watcher = fighter(state, combatant.id)
        watch = watch_of(watcher)
        if watch is None or watcher.id == mover_id:
            continue
        if not _moving_trigger(watcher, watch, mover, walked):
            continue
        why = _why_not(there, fighter(there, watcher.id), watch, mover_id)
        if why is None:
            ready.append(watcher.id)
        else:
            held[watcher.id] = why
    return ready


def fire_at_mover(tx: Transaction, watcher_id: str, mover_id: str, held: dict[str, str]) -> None:
    """NWO-29: the watch set off by a move shoots where the mover is seen."""
    held.pop(watcher_id, None)
    watch = watch_of(fighter(tx.state, watcher_id))
    if watch is not None:
        _fire(tx, watcher_id, watch, mover_id)


def report_held(tx: Transaction, held: dict[str, str]) -> None:
    """A move set these watches off but never came into a shot: say so once, at its end."""
    for watcher_id, why in held.items():
        if fighter(tx.state, watcher_id).has(OVERWATCH):
            tx.emit(OverwatchHeld(combatant=watcher_id, why=why))


# -- damage and action triggers: after the event ------------------------------------------------


def _dealt(events: list[Event]) -> list[tuple[int, str, str | None]]:
    """(index, who took it, who dealt it) for every damage among `events`: the dealer is the
    attacker of the attack it follows, else the one whose action it is."""
    found = []
    dealer: str | None = None
    acting = True
    for index, event in enumerate(events):
        if isinstance(event, AttackResolved):
            dealer = event.attacker
        elif isinstance(event, TurnStarted):
            dealer, acting = None, False  # turn-start bookkeeping is nobody's action
        elif isinstance(event, ActionSpent) and dealer is None and acting:
            dealer = event.combatant
        elif isinstance(event, Damaged) and event.amount > 0:
            found.append((index, event.target, dealer))
    return found


def _trigger_after(watch: Watch, events: list[Event], since: int) -> str | None:
    """Who set off a `damaged`, `deals` or `acted` watch among `events[since:]`: the one the
    shot goes at when the watch names no target."""
    if watch.kind == "acted":
        for event in events[since:]:
            if isinstance(event, TurnStarted):
                break  # what a turn starts with spent (an earlier help, a reload) is no act
            if isinstance(event, ActionSpent) and event.combatant == watch.subject:
                return event.combatant
        return None
    for index, victim, dealer in _dealt(events):
        if index < since:
            continue
        if watch.kind == "damaged" and victim == watch.subject:
            return victim
        if watch.kind == "deals" and dealer == watch.subject and victim != dealer:
            return dealer
    return None


def _considered_up_to(events: list[Event], watcher_id: str) -> int:
    """Events before a watcher's last held shot were already weighed for it."""
    last = 0
    for index, event in enumerate(events):
        if isinstance(event, OverwatchHeld) and event.combatant == watcher_id:
            last = index + 1
    return last


def watch_events(tx: Transaction, since: int = 0) -> None:
    """Fire the `damaged`, `deals` and `acted` watches that this action's events from `since`
    on set off, and again for what those shots did (each watch fires once)."""
    scanned = since
    while True:
        events = tx.events
        window = scanned
        scanned = len(events)
        fired = False
        for combatant in tx.state.bearers(OVERWATCH):
            watcher = fighter(tx.state, combatant.id)
            watch = watch_of(watcher)
            if watch is None or watch.kind not in AFTER_TRIGGERS:
                continue
            start = max(window, _considered_up_to(events, watcher.id))
            by = _trigger_after(watch, events, start)
            if by is not None and by != watcher.id and _fire(tx, watcher.id, watch, by):
                fired = True
        if not fired:
            break


def _note_movement(tx: Transaction) -> None:
    """ "If you move during the same turn you apply overwatch, you must apply the -2": the
    watcher's `moved` carries the penalty into the shot; the detail records it for the log."""
    actor_id = tx.state.actor
    if actor_id is None:
        return
    actor = fighter(tx.state, actor_id)
    watch = watch_of(actor)
    condition = actor.condition(OVERWATCH)
    if watch is None or condition is None or watch.moved or actor.moved == 0:
        return
    moved = Watch(watch.trigger, watch.target, watch.weapon, True)
    marked = dataclasses.replace(condition, detail=moved.detail())
    tx.emit(ConditionApplied(target=actor.id, condition=marked))


def after_action(tx: Transaction) -> None:
    """Engagement breaks focus; watches on damage and on actions fire at what the action did
    (movement watches have fired mid-move already)."""
    _break_focus_on_engagement(tx)
    _note_movement(tx)
    watch_events(tx)
    _break_focus_on_engagement(tx)


def on_turn_start(tx: Transaction, combatant_id: str) -> None:
    """A help given out of turn spends this turn's action; a focus carried into the fight
    counts as focused on the turn before; `acts:` watches fire before the turn is taken."""
    who = fighter(tx.state, combatant_id)
    if who.has(HELPED_OUT_OF_TURN):
        pledge = who.condition(HELPED_OUT_OF_TURN)
        what = pledge.detail if pledge is not None and pledge.detail else "out of turn"
        tx.emit(ActionSpent(combatant=who.id, action=f"already spent this round: {what}"))
    focus = who.condition(FOCUSED)
    if focus is not None and focus.expiry is Expiry.NEVER:
        carried = Condition(
            name=FOCUSED,
            source=who.id,
            expiry=Expiry.END_OF_TURN,
            anchor=who.id,
            detail=focus.detail,
        )
        tx.emit(ConditionApplied(target=who.id, condition=carried))
    for combatant in tx.state.bearers(OVERWATCH):
        watcher = fighter(tx.state, combatant.id)
        watch = watch_of(watcher)
        if watch is not None and watch.trigger == f"acts:{combatant_id}":
            _fire(tx, watcher.id, watch, combatant_id)


RULES = {
    Help: (verify_help, resolve_help),
    Focus: (verify_focus, resolve_focus),
    Overwatch: (verify_overwatch, resolve_overwatch),
}
