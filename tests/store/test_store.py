"""The encounter store's contract: create, play, undo and redo, refusals that change nothing,
dice that do not depend on restarts, and a log that rebuilds the live fight exactly."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from fracas.core.errors import DiceError, FracasError, IllegalAction, ScenarioError
from fracas.core.events import DiceRolled
from fracas.store import EncounterStore, StaleSequence, StoreError, open_store
from fracas.store.raw import as_raw
from tests.store.helpers import ATTACK, DUEL, END_ADA, events_json


def test_create_stores_the_opening_and_lists_it(store: EncounterStore) -> None:
    created = store.create(DUEL, source="duel.yaml", seed=5)
    [summary] = store.list()
    assert summary.id == created.encounter_id
    assert (summary.title, summary.ruleset, summary.seq, summary.seed) == ("duel", "lines", 0, 5)
    loaded = store.load(created.encounter_id)
    assert loaded.seq == 0
    assert loaded.encounter.state.actor == "ada"
    assert [e.kind for e in loaded.encounter.log] == ["order_set", "round_started", "turn_started"]
    access = store.access(created.gm_token)
    assert access is not None and (access.encounter_id, access.role) == (created.encounter_id, "gm")


def test_create_plays_the_files_actions_but_never_its_autoplay(store: EncounterStore) -> None:
    text = DUEL + "autoplay: true\nactions:\n  - {actor: ada, do: end_turn}\n"
    created = store.create(text, seed=5)
    loaded = store.load(created.encounter_id)
    assert loaded.seq == 1
    assert loaded.encounter.state.actor == "raider"
    assert loaded.encounter.state.outcome is None
    [opening, action] = store.history(created.encounter_id)
    assert (opening.kind, action.kind, action.action) == ("start", "action", END_ADA)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("ruleset: lines\ncombatants: [", "not valid YAML"),
        ("ruleset: nosuch\ncombatants: []", "combatants"),
        (DUEL + "actions:\n  - {actor: raider, do: end_turn}\n", "actions[0]"),
    ],
)
def test_a_bad_scenario_stores_nothing(store: EncounterStore, text: str, message: str) -> None:
    with pytest.raises(ScenarioError, match=message.replace("[", r"\[")):
        store.create(text, source="bad.yaml")
    assert store.list() == []


def test_an_oversized_scenario_is_refused(store: EncounterStore) -> None:
    text = DUEL + "#" * (1_048_576 - len(DUEL) + 1)
    with pytest.raises(ScenarioError, match="at most 1 MiB"):
        store.create(text)
    assert store.list() == []


def test_act_appends_one_entry_with_its_events(store: EncounterStore) -> None:
    created = store.create(DUEL, seed=5)
    acted = store.act(created.encounter_id, ATTACK, expected_seq=0)
    assert acted.seq == 1 and acted.kind == "action"
    entries = store.history(created.encounter_id)
    assert [e.seq for e in entries] == [0, 1]
    assert entries[1].action == ATTACK
    assert events_json(entries[1].events) == events_json(acted.events)
    assert store.summary(created.encounter_id).seq == 1


def test_act_with_manual_dice_uses_exactly_those_faces(store: EncounterStore) -> None:
    """Faces typed in at the table: attack 1d6+3, defence 1d6+1, damage 1d6+2 in that order."""
    created = store.create(DUEL, seed=5)
    acted = store.act(created.encounter_id, ATTACK, dice=[4, 3, 3])
    rolls = [e for e in acted.events if isinstance(e, DiceRolled)]
    assert [(r.faces, r.total) for r in rolls] == [((4,), 7), ((3,), 4), ((3,), 5)]
    assert acted.state.get("raider").hp == acted.state.get("raider").max_hp - 5
    assert store.history(created.encounter_id)[1].dice == (4, 3, 3)


@pytest.mark.parametrize(
    ("dice", "message"),
    [
        ([4], "the dice given: the scripted dice ran out after 1 faces"),
        ([4, 3, 3, 4], "4 faces were given and the action rolled 3"),
        ([7, 3, 3], "does not fit a d6"),
        (["five"], "'five' is not a face"),
        ([True], "True is not a face"),
    ],
)
def test_bad_manual_dice_change_nothing(
    store: EncounterStore, dice: list[object], message: str
) -> None:
    created = store.create(DUEL, seed=5)
    before = store.export(created.encounter_id)
    with pytest.raises(DiceError, match=message):
        store.act(created.encounter_id, ATTACK, dice=dice)  # type: ignore[arg-type]
    assert store.export(created.encounter_id) == before
    acted = store.act(created.encounter_id, ATTACK, dice=[4, 3, 3])
    assert acted.seq == 1


@pytest.mark.parametrize(
    "raw",
    [
        {"actor": "raider", "do": "end_turn"},
        {"actor": "ada", "do": "attack", "target": "nobody", "weapon": "machete"},
        {"actor": "ada", "do": "fly"},
        {"actor": "ada"},
    ],
)
def test_a_refused_action_changes_nothing(store: EncounterStore, raw: dict[str, str]) -> None:
    created = store.create(DUEL, seed=5)
    before = store.export(created.encounter_id)
    with pytest.raises(FracasError):
        store.act(created.encounter_id, raw)
    assert store.export(created.encounter_id) == before


@pytest.mark.parametrize("seed", [2**63, -(2**63) - 1, True, "7"])
def test_a_seed_the_database_cannot_hold_is_refused(store: EncounterStore, seed: object) -> None:
    with pytest.raises(ScenarioError, match="a seed is a whole number"):
        store.create(DUEL, seed=seed)  # type: ignore[arg-type]
    assert store.list() == []


def test_an_oversized_or_unserialisable_action_is_refused(store: EncounterStore) -> None:
    created = store.create(DUEL, seed=5)
    nested: dict[str, object] = {}
    deep = nested
    for _ in range(100_000):
        deep["x"] = deep = {}
    with pytest.raises(ScenarioError, match="nested too deeply"):
        store.act(created.encounter_id, {**END_ADA, "note": nested})
    with pytest.raises(ScenarioError, match="at most 16384 bytes"):
        store.act(created.encounter_id, {**END_ADA, "note": "x" * 20_000})
    with pytest.raises(ScenarioError, match="plain JSON data"):
        store.act(created.encounter_id, {**END_ADA, "note": object()})
    with pytest.raises(ScenarioError, match="a mapping"):
        store.act(created.encounter_id, ["ada", "end_turn"])  # type: ignore[arg-type]
    assert store.summary(created.encounter_id).seq == 0


def test_a_stale_sequence_is_refused_and_changes_nothing(store: EncounterStore) -> None:
    created = store.create(DUEL, seed=5)
    store.act(created.encounter_id, ATTACK, expected_seq=0)
    before = store.export(created.encounter_id)
    with pytest.raises(StaleSequence, match="the fight moved on") as refused:
        store.act(created.encounter_id, END_ADA, expected_seq=0)
    assert refused.value.current == 1
    with pytest.raises(StaleSequence):
        store.undo(created.encounter_id, expected_seq=3)
    assert store.export(created.encounter_id) == before


def test_unknown_encounter(store: EncounterStore) -> None:
    with pytest.raises(StoreError, match="there is no encounter 'nope'"):
        store.load("nope")
    with pytest.raises(StoreError):
        store.act("nope", END_ADA)


def test_undo_and_redo_are_log_entries(store: EncounterStore) -> None:
    created = store.create(DUEL, seed=5)
    attacked = store.act(created.encounter_id, ATTACK)
    undone = store.undo(created.encounter_id, expected_seq=1)
    assert (undone.seq, undone.kind) == (2, "undo")
    assert events_json(undone.events) == events_json(attacked.events)
    fresh = store.load(created.encounter_id).encounter.state
    assert fresh.get("raider").hp == fresh.get("raider").max_hp
    redone = store.redo(created.encounter_id)
    assert redone.state.get("raider").hp == attacked.state.get("raider").hp
    assert events_json(redone.events) == events_json(attacked.events)
    entries = store.history(created.encounter_id)
    assert [(e.kind, e.target, e.undone) for e in entries] == [
        ("start", None, False),
        ("action", None, False),
        ("undo", 1, False),
        ("redo", 1, False),
    ]


def test_an_action_after_an_undo_drops_the_redo(store: EncounterStore) -> None:
    created = store.create(DUEL, seed=5)
    store.act(created.encounter_id, ATTACK)
    store.undo(created.encounter_id)
    store.act(created.encounter_id, END_ADA)
    with pytest.raises(IllegalAction, match="nothing to redo"):
        store.redo(created.encounter_id)
    entries = store.history(created.encounter_id)
    assert [(e.seq, e.undone) for e in entries if e.kind == "action"] == [(1, True), (3, False)]
    store.undo(created.encounter_id)
    with pytest.raises(IllegalAction, match="nothing to undo"):
        store.undo(created.encounter_id)
    assert store.summary(created.encounter_id).seq == 4


def test_undo_and_redo_survive_a_new_process(database_url: str) -> None:
    """A new store has no cache: what it loads comes from the database alone."""
    with open_store(database_url) as first:
        created = first.create(DUEL, seed=5)
        first.act(created.encounter_id, ATTACK)
        first.act(created.encounter_id, END_ADA)
        first.undo(created.encounter_id)
    with open_store(database_url) as second:
        loaded = second.load(created.encounter_id)
        assert loaded.encounter.state.actor == "ada"
        assert loaded.encounter.redoable and loaded.encounter.undoable
        redone = second.redo(created.encounter_id)
        assert redone.state.actor == "raider"
    with open_store(database_url) as third:
        assert third.load(created.encounter_id).encounter.state.actor == "raider"


def test_dice_roll_the_same_with_or_without_a_restart(database_url: str) -> None:
    """Each action rolls from the seed and its own seq, not from a stream a restart loses."""
    script = [
        ATTACK,
        END_ADA,
        {"actor": "raider", "do": "attack", "target": "ada", "weapon": "club"},
    ]
    with open_store(database_url) as steady:
        kept = steady.create(DUEL, seed=11)
        steady_events = [events_json(steady.act(kept.encounter_id, a).events) for a in script]
    restarted_events = []
    restarted_id = None
    for action in script:
        with open_store(database_url) as once:
            if restarted_id is None:
                restarted_id = once.create(DUEL, seed=11).encounter_id
            restarted_events.append(events_json(once.act(restarted_id, action).events))
    assert restarted_events == steady_events
    first_roll = next(e for e in map(dict, steady_events[0]) if e["kind"] == "dice_rolled")
    assert first_roll["faces"] == [random.Random("11:1").randint(1, 6)]


def test_replaying_the_log_gives_the_live_state(database_url: str) -> None:
    with open_store(database_url) as live:
        created = live.create(
            (Path(__file__).parents[2] / "examples/lines-skirmish.yaml").read_text(), seed=4
        )
        for _ in range(40):
            state = live.load(created.encounter_id).encounter.state
            if state.outcome is not None:
                break
            suggestion = live.load(created.encounter_id).encounter.ruleset.suggest(state)
            acted = live.act(created.encounter_id, as_raw(suggestion))
        live_state = acted.state.to_json()
        live_log = [e.to_json() for e in live.load(created.encounter_id).encounter.log]
    with open_store(database_url) as rebuilt:
        encounter = rebuilt.load(created.encounter_id).encounter
        assert encounter.state.to_json() == live_state
        assert encounter.state == acted.state
        assert [e.to_json() for e in encounter.log] == live_log
