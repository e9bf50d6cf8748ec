"""What the server keeps between steps and seats instead of drawing it again (web/pieces.py,
web/table.py `Fight.choices`, web/svg.py `Ground`): each kept piece is drawn again when one
of its inputs changes, and what is kept is what a fresh drawing gives."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from jinja2 import Environment, PackageLoader, select_autoescape

from fracas.core.choices import Option, action_choices, action_json, sight_of
from fracas.core.mapview import Fog, MapModel, MapView, Shade, Token, grid_space
from fracas.core.ruleset import BaseRuleset
from fracas.core.state import EncounterState
from fracas.rulesets.lines.mapview import draw as lines_draw
from fracas.store import EncounterStore, Entry, open_store
from fracas.web import svg
from fracas.web.log import LogFold, log_lines
from fracas.web.pieces import Pieces
from fracas.web.seat import Seat
from fracas.web.table import Fight, Tables, TrackerRow, _tracker
from fracas.web.words import option_words
from tests.rulesets.secrets import example_encounter
from tests.web.maps import (
    EXAMPLES,
    SECRET_EXAMPLES,
    one_player_per_side,
    played,
    players,
    ruleset_of,
)


def _pieces() -> Pieces:
    env = Environment(
        loader=PackageLoader("fracas.web", "templates"),
        autoescape=select_autoescape(default=True, default_for_string=True),
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.globals["option_words"] = option_words
    return Pieces(env)


def _fight(ruleset: BaseRuleset, state: EncounterState) -> Fight:
    return Fight(
        "e", "t", ruleset.info.id, ruleset, 0, state, False, False, LogFold(ruleset, state)
    )


def _dark_room_at_the_blind_ogre() -> tuple[BaseRuleset, EncounterState]:
    """tiers, the dark room (seed 1, 18 actions in): the Blind ogre acts, and its map does
    not show Wren, whom the GM's does (tests/web/test_choices.py)."""
    example = next(p for p in EXAMPLES if p.stem == "tiers-dark-room")
    ruleset = ruleset_of(example)
    encounter = example_encounter(ruleset, example, 1)
    for _ in range(18):
        encounter.act(ruleset.suggest(encounter.state))
    return ruleset, encounter.state


def test_choices_differ_by_sight_and_are_built_once_for_an_equal_one() -> None:
    """The GM's and the ogre's player's panels differ (the player's map does not show
    Wren): each is `action_choices` for its seat. Asked again with an equal sight, the
    same choices come back, not a second build."""
    ruleset, state = _dark_room_at_the_blind_ogre()
    fight = _fight(ruleset, state)
    gm_sight = sight_of(ruleset.map_view(state, None))
    player_sight = sight_of(ruleset.map_view(state, "grunt"))
    assert gm_sight != player_sight
    as_gm = fight.choices("grunt", gm_sight)
    as_player = fight.choices("grunt", player_sight)
    assert as_gm == tuple(action_choices(ruleset, state, "grunt", as_gm=True, odds=False))
    assert as_player == tuple(action_choices(ruleset, state, "grunt", odds=False))
    assert as_gm != as_player
    again = sight_of(ruleset.map_view(state, "grunt"))
    assert fight.choices("grunt", again) is as_player


def test_a_player_who_sees_all_the_gm_does_shares_the_gms_choices() -> None:
    """lines keeps nothing from anyone: the acting player's sight is the GM's, so the two
    panels are one build, and it is what `action_choices` offers either."""
    example = next(p for p in EXAMPLES if p.stem == "lines-skirmish")
    ruleset = ruleset_of(example)
    state = example_encounter(ruleset, example, 1).state
    actor = str(state.actor)
    fight = _fight(ruleset, state)
    as_gm = fight.choices(actor, sight_of(ruleset.map_view(state, None)))
    assert fight.choices(actor, sight_of(ruleset.map_view(state, actor))) is as_gm
    assert as_gm == tuple(action_choices(ruleset, state, actor, odds=False))


def test_the_panel_is_drawn_again_when_its_names_actor_or_choices_change() -> None:
    """The panel is kept by its choices, its actor and the names it writes: a change of
    any one of them draws it again."""
    example = next(p for p in EXAMPLES if p.stem == "lines-skirmish")
    ruleset = ruleset_of(example)
    state = example_encounter(ruleset, example, 1).state
    actor = str(state.actor)
    choices = tuple(action_choices(ruleset, state, actor, odds=False))
    names = {c.id: c.name for c in state.combatants}
    pieces = _pieces()
    first = pieces.panel(actor, choices, names)
    assert pieces.panel(actor, choices, dict(names)) == first
    target = next(
        str(o.action["target"]) for c in choices for o in c.options if "target" in o.action
    )
    renamed = pieces.panel(actor, choices, {**names, target: "Zebulon"})
    assert "Zebulon" in renamed and "Zebulon" not in first
    other = next(c.id for c in state.combatants if c.id != actor)
    assert pieces.panel(other, choices, names) != first
    assert pieces.panel(actor, choices[:1], names) != first
    assert "nothing to do" in pieces.panel(actor, (), names)


def test_an_option_is_drawn_again_when_its_action_marks_or_names_change() -> None:
    """An option's button is kept by its action (its fields in their order, each value as
    JSON writes it), its marks and the names the panel writes: options that differ only
    in one of these, drawn one after the other by one keeper, each come out as a fresh
    drawing does (the words follow the fields' order; 1, 1.0 and true are equal keys of a
    mapping but not the same markup)."""
    action = {"do": "attack", "actor": "ada", "target": "bo", "reach": 1}
    first = Option(action=action, label="ada attack bo", marks=(("target", "bo"),))
    options = [
        first,
        replace(first, action={"do": "attack", "actor": "ada", "reach": 1, "target": "bo"}),
        replace(first, action={**action, "reach": 1.0}),
        replace(first, action={**action, "reach": True}),
        replace(first, marks=(("target", "bo"), ("line", "2"))),
    ]
    kept = _pieces()
    drawn = set()
    for names in ({"bo": "Bo"}, {"bo": "Zebulon"}):
        for option in options:
            made = kept.option(option, names, tuple(names.items()))
            assert made == _pieces().option(option, names, tuple(names.items()))
            drawn.add(made)
    assert len(drawn) == 2 * len(options)


def _row(token: Token) -> TrackerRow:
    return TrackerRow(token, "", "#2f6fdf")


def test_a_tracker_row_is_drawn_again_when_its_token_changes() -> None:
    """The tracker is kept by its rows, each row by itself: a token losing HP changes the
    tracker, and only that row's markup."""
    pieces = _pieces()
    ada = Token("ada", "Ada", "heroes", (1.0, 0.0), hp=10, max_hp=10)
    bo = Token("bo", "Bo", "foes", (2.0, 0.0), hp=8, max_hp=8)
    before = pieces.tracker((_row(ada), _row(bo)))
    assert "10/10" in before and "8/8" in before
    hurt = Token("bo", "Bo", "foes", (2.0, 0.0), hp=3, max_hp=8)
    after = pieces.tracker((_row(ada), _row(hurt)))
    assert "3/8" in after and "8/8" not in after and "10/10" in after
    assert pieces.tracker((_row(ada), _row(bo))) == before
    standing = pieces.tracker((TrackerRow(ada, "ready", "#2f6fdf"), _row(bo)))
    assert "ready" in standing and "ready" not in before


def test_the_gms_tools_are_drawn_again_when_a_link_or_a_move_changes(tmp_path: Path) -> None:
    """The GM's part is kept by whether undo and redo are open, whether the fight is over,
    the combatants and the links: a new link shows, and an undo opens redo."""
    store = open_store(f"sqlite:///{tmp_path / 'gm.db'}")
    example = next(p for p in EXAMPLES if p.stem == "lines-skirmish")
    created = store.create(example.read_text(encoding="utf-8"), source="x.yaml", seed=1)
    tables, pieces = Tables(store), _pieces()
    gm = Seat(created.gm_token, created.encounter_id, "gm", frozenset())
    before = pieces.of(tables.snapshot(gm)).parts["gm"]
    assert "data-revoke" not in before
    token = store.add_player_link(created.encounter_id, ["ada"])
    tables.forget_links(created.encounter_id)
    linked = pieces.of(tables.snapshot(gm)).parts["gm"]
    assert f'data-revoke="{token}"' in linked
    fight = tables.fight(created.encounter_id)
    store.act(created.encounter_id, _tactics(fight), expected_seq=fight.seq)
    acted = pieces.of(tables.snapshot(gm)).parts["gm"]
    assert 'data-gm="redo" disabled' in acted
    store.undo(created.encounter_id)
    undone = pieces.of(tables.snapshot(gm)).parts["gm"]
    assert 'data-gm="redo" disabled' not in undone and f'data-revoke="{token}"' in undone
    store.close()


def _tactics(fight: Fight) -> dict[str, object]:
    return action_json(fight.ruleset.suggest(fight.state))


@pytest.mark.parametrize("example", [*SECRET_EXAMPLES, EXAMPLES[0]], ids=lambda p: p.stem)
def test_through_play_every_kept_piece_is_what_a_fresh_drawing_gives(
    example: Path, tmp_path: Path
) -> None:
    """Step by step through autoplay, for the GM and a player of each side, every part and
    both pieces of the map as the server keeps them equal those drawn with nothing kept."""
    store = open_store(f"sqlite:///{tmp_path / 'play.db'}")
    created = store.create(example.read_text(encoding="utf-8"), source="x.yaml", seed=3)
    state = store.load(created.encounter_id).encounter.state
    seats = [Seat(created.gm_token, created.encounter_id, "gm", frozenset())]
    for who in one_player_per_side(state):
        token = store.add_player_link(created.encounter_id, [who])
        seats.append(Seat(token, created.encounter_id, "player", frozenset({who})))
    tables, kept = Tables(store), _pieces()
    for _ in range(12):
        fight = tables.fight(created.encounter_id)
        for seat in seats:
            snapshot = tables.snapshot(seat, fight)
            made = kept.of(snapshot)
            assert made.parts == _pieces().of(snapshot).parts, seat.role
            svg._still.cache_clear()
            svg._header_drawn.cache_clear()
            assert made.drawn == svg.draw(snapshot.view)
        if fight.state.outcome is not None:
            break
        store.act(created.encounter_id, _tactics(fight), expected_seq=fight.seq)
    store.close()


def _each_viewers_map_is_the_rulesets(ruleset: BaseRuleset, state: EncounterState) -> None:
    """The fight's map, markup and tracker of every viewer, the GM's first, against the
    ruleset's `map_view` for that viewer drawn afresh."""
    fight = _fight(ruleset, state)
    for viewer in (None, *players(state)):
        view = ruleset.map_view(state, viewer)
        assert fight.map_view(viewer) == view, viewer
        assert fight.drawn(viewer) == (svg.draw(view), _tracker(ruleset, state, view)), viewer


ONE_PER_RULESET = [
    p for p in EXAMPLES if p.stem in ("lines-skirmish", "nwo-firefight", "fatewalker-duel")
]


@pytest.mark.parametrize("example", [*ONE_PER_RULESET, *SECRET_EXAMPLES], ids=lambda p: p.stem)
def test_a_fight_draws_each_viewer_the_map_the_ruleset_draws_for_it(example: Path) -> None:
    """A fight draws a viewer's map once a step, and a map that is the same for everyone
    (lines, nwo, fatewalker: `table.same_for_all`) once for all: at three points of the
    fight, every viewer's map, its markup and its tracker are what the ruleset draws for
    that viewer; a ruleset with secrets gets each viewer's own."""
    ruleset = ruleset_of(example)
    for steps in (0, 3, 9):
        _each_viewers_map_is_the_rulesets(ruleset, played(example, steps=steps).state)


def test_a_ruleset_whose_view_keeps_secrets_is_drawn_for_each_viewer() -> None:
    """Were lines to keep a secret in its `view` (here: each player sees only its own
    side), its map would no longer be the GM's under the player's name: each player's map
    is drawn from that player's view."""
    example = next(p for p in EXAMPLES if p.stem == "lines-skirmish")

    class Hiding(type(ruleset_of(example))):  # type: ignore[misc]
        def view(self, state: EncounterState, viewer: str | None) -> dict[str, Any]:
            whole: dict[str, Any] = super().view(state, viewer)
            if viewer is None:
                return whole
            side = state.get(viewer).side
            return {**whole, "combatants": [e for e in whole["combatants"] if e["side"] == side]}

    ruleset = Hiding()
    state = played(example, steps=3).state
    player = next(iter(players(state)))
    assert ruleset.map_view(state, player).tokens != ruleset.map_view(state, None).tokens
    _each_viewers_map_is_the_rulesets(ruleset, state)


def test_a_map_that_reads_its_viewer_is_drawn_for_each_viewer() -> None:
    """A map model not marked `viewer_blind` may draw from the viewer itself (here: the
    clock names whom it is drawn for), so even over a view that is the same for everyone
    each viewer's map is drawn for that viewer."""
    example = next(p for p in EXAMPLES if p.stem == "lines-skirmish")
    base = ruleset_of(example)

    def draw(ruleset: BaseRuleset, state: EncounterState, viewer: str | None) -> MapView:
        return replace(lines_draw(ruleset, state, viewer), clock=f"drawn for {viewer}")

    class Naming(type(base)):  # type: ignore[misc]
        map_model = MapModel(draw=draw, places=base.map_model.places)

    _each_viewers_map_is_the_rulesets(Naming(), played(example, steps=3).state)


def test_the_fog_is_drawn_again_when_its_shades_or_its_ground_change() -> None:
    """The fog's markup is kept by the fog and by the ground it lies on (which places it):
    a veil over a wider grid, or other shades over the same grid, drawn one after the
    other, each come out as a drawing with nothing kept does."""

    def grid_map(width: int, fog: Fog) -> MapView:
        return MapView("tiers", None, grid_space(width, 4), (), fog=fog)

    dim, dark = (Shade((1.0, 1.0), "dim"),), (Shade((1.0, 1.0), "dark"),)
    maps = [
        grid_map(5, Fog(shades=dim)),
        grid_map(5, Fog(shades=dark)),
        grid_map(5, Fog(veiled=True)),
        grid_map(8, Fog(veiled=True)),
    ]
    kept = [svg.draw(found).live for found in maps]
    fresh = []
    for found in maps:
        svg._fog_drawn.cache_clear()
        fresh.append(svg.draw(found).live)
    assert kept == fresh
    assert len(set(fresh)) == len(maps)


def test_the_lines_grow_when_more_share_a_line_than_they_held() -> None:
    """The lines' ground is as tall as the most tokens sharing a line (at least three):
    a fourth token on one line draws a taller ground, kept apart from the shorter one."""

    def lines_map(count: int) -> MapView:
        example = next(p for p in EXAMPLES if p.stem == "lines-skirmish")
        base = ruleset_of(example).map_view(
            example_encounter(ruleset_of(example), example, 1).state, None
        )
        stacked = tuple(Token(f"t{n}", f"T{n}", "a", (0.0, 0.0)) for n in range(count))
        return MapView(base.ruleset, None, base.space, stacked, sides=("a",), zones=base.zones)

    three, four = svg.draw(lines_map(3)), svg.draw(lines_map(4))
    assert three.ground != four.ground
    assert f'height="{24 + 3 * svg.SLOT}"' in three.ground
    assert f'height="{24 + 4 * svg.SLOT}"' in four.ground
    assert svg.draw(lines_map(3)).ground == three.ground


def _logged(
    tmp_path: Path, example: Path
) -> tuple[EncounterStore, str, BaseRuleset, EncounterState]:
    """A fresh fight of `example` (seed 2) in a store: the store, its id, ruleset, set-up."""
    store = open_store(f"sqlite:///{tmp_path / 'log.db'}")
    created = store.create(example.read_text(encoding="utf-8"), source="x.yaml", seed=2)
    loaded = store.load(created.encounter_id)
    ruleset = loaded.encounter.ruleset
    assert isinstance(ruleset, BaseRuleset)
    return store, created.encounter_id, ruleset, loaded.encounter.setup


def _move(store: EncounterStore, eid: str, ruleset: BaseRuleset, move: str) -> list[Entry]:
    """The tactics' action (`act`), an undo or a redo; the log after it."""
    now = store.load(eid)
    if move == "act":
        state = now.encounter.state
        store.act(eid, action_json(ruleset.suggest(state)), expected_seq=now.seq)
    else:
        getattr(store, move)(eid, expected_seq=now.seq)
    return list(store.history(eid))


def test_the_log_kept_between_steps_marks_undos_and_redos_as_a_fresh_one(tmp_path: Path) -> None:
    """A fold's lines are handed out step by step and only new lines are judged, but an
    undo or a redo judges every line again: through actions, two undos, a redo and a new
    action, every viewer's kept log equals the log folded afresh from the set-up."""
    example = next(p for p in EXAMPLES if p.stem == "lines-skirmish")
    store, eid, ruleset, setup = _logged(tmp_path, example)
    viewers = [None, *(c.id for c in setup.combatants)]
    fold = LogFold(ruleset, setup)

    def step(move: str) -> None:
        entries = _move(store, eid, ruleset, move)
        fold.extend(entries)
        for viewer in viewers:
            fresh = log_lines(ruleset, setup, entries, viewer)
            assert fold.lines(viewer) == fresh, move
            assert fold.taken_back(viewer) == tuple(line.seq for line in fresh if line.undone)

    for move in ("act", "act", "act", "undo", "undo", "redo", "act", "undo", "act"):
        step(move)
    assert any(line.undone for line in fold.lines(None))
    store.close()


@pytest.mark.parametrize("example", SECRET_EXAMPLES, ids=lambda p: p.stem)
def test_a_fold_judges_each_viewers_new_lines_on_the_states_it_kept(
    example: Path, tmp_path: Path
) -> None:
    """A fold works out the states after a step's events once for every viewer and keeps
    them for the last few steps (`log.RECENT`): through play with undos and redos of a
    fight with secrets, viewers reading at every step and viewers reading only now and
    then (further back than what is kept) get the log folded afresh from the set-up, and
    the steps the fold counts as taken back are those the store marks so."""
    store, eid, ruleset, setup = _logged(tmp_path, example)
    viewers = [None, *(c.id for c in setup.combatants)]
    fold = LogFold(ruleset, setup)
    moves = ["act", "act", "undo", "act", "act", "undo", "undo", "redo", *["act"] * 8]
    for number, move in enumerate(moves):
        if store.load(eid).encounter.state.outcome is not None:
            break
        entries = _move(store, eid, ruleset, move)
        fold.extend(entries)
        assert fold.undone == {e.seq for e in entries if e.kind == "action" and e.undone}
        readers = viewers if number % 7 == 6 else viewers[::2]
        for viewer in readers:
            assert fold.lines(viewer) == log_lines(ruleset, setup, entries, viewer), move
    for viewer in viewers[1::2]:
        assert fold.lines(viewer) == log_lines(ruleset, setup, store.history(eid), viewer)
    store.close()
