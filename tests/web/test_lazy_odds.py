"""The panel's odds, worked out only when a group is opened (web/odds.py), are the very odds
the panel used to carry: `action_choices` with its odds computed eagerly, for the same seat
at the same step."""

from __future__ import annotations

import json
from typing import cast

import pytest
from fastapi.testclient import TestClient

from fracas.core.choices import action_choices, action_json
from fracas.core.ruleset import BaseRuleset
from fracas.store import EncounterStore
from fracas.web.odds import MovedOn, PanelOdds
from fracas.web.seat import Seat, seat_of
from fracas.web.table import Tables
from fracas.web.words import odds_words
from tests.web.api_helpers import example


def _eager_and_lazy(store: EncounterStore, seat: Seat) -> list[tuple[object, object]]:
    """(eager, lazy) odds of every option the seat's panel offers now."""
    loaded = store.load(seat.encounter_id)
    state = loaded.encounter.state
    assert state.actor is not None
    eager = action_choices(
        cast(BaseRuleset, loaded.encounter.ruleset), state, state.actor, as_gm=seat.is_gm
    )
    lazy = PanelOdds(Tables(store))
    pairs: list[tuple[object, object]] = []
    for choice in eager:
        got = lazy.group(seat, loaded.seq, choice.do)
        assert len(got) == len(choice.options)
        pairs += [(option.odds, odds) for option, odds in zip(choice.options, got, strict=True)]
    return pairs


@pytest.mark.parametrize("name", ["lines-skirmish.yaml", "tiers-duel.yaml", "pools-brawl.yaml"])
def test_the_gms_lazy_odds_equal_the_eager_ones(web_store: EncounterStore, name: str) -> None:
    created = web_store.create(example(name), source=name, seed=3)
    pairs = _eager_and_lazy(web_store, seat_of(web_store, created.gm_token))
    assert any(eager is not None for eager, _ in pairs)  # the fight offers some odds at all
    for eager, lazy in pairs:
        assert lazy == eager


def test_a_players_lazy_odds_equal_the_eager_ones_masked_options_included(
    web_store: EncounterStore,
) -> None:
    """tiers' dark room (seed 1) six steps in: the ogre's panel strikes someone it cannot
    identify by place (`someone@11,0`); such an option had no odds eagerly (they would say
    who it is) and gets none lazily, and the others' odds are the eager ones."""
    created = web_store.create(example("tiers-dark-room.yaml"), source="dark.yaml", seed=1)
    for _ in range(6):
        loaded = web_store.load(created.encounter_id)
        suggested = loaded.encounter.ruleset.suggest(loaded.encounter.state)
        web_store.act(created.encounter_id, action_json(suggested))
    grunt = seat_of(web_store, web_store.add_player_link(created.encounter_id, ["grunt"]))
    snapshot = Tables(web_store).snapshot(grunt)
    masked = [o for c in snapshot.choices for o in c.options if "someone@" in json.dumps(o.action)]
    assert masked
    for eager, lazy in _eager_and_lazy(web_store, grunt):
        assert lazy == eager


def test_odds_asked_for_a_step_the_fight_has_left_say_so(web_store: EncounterStore) -> None:
    created = web_store.create(example("lines-skirmish.yaml"), source="s.yaml", seed=3)
    seat = seat_of(web_store, created.gm_token)
    seq = web_store.load(created.encounter_id).seq
    with pytest.raises(MovedOn) as moved:
        PanelOdds(Tables(web_store)).group(seat, seq - 1, "attack")
    assert moved.value.snapshot.seq == seq


def test_the_odds_route_answers_the_groups_odds_in_words(
    client: TestClient, web_store: EncounterStore
) -> None:
    created = web_store.create(example("lines-skirmish.yaml"), source="s.yaml", seed=3)
    loaded = web_store.load(created.encounter_id)
    state = loaded.encounter.state
    assert state.actor is not None
    ruleset = cast(BaseRuleset, loaded.encounter.ruleset)
    attacks = next(
        c for c in action_choices(ruleset, state, state.actor, as_gm=True) if c.do == "attack"
    )
    url = f"/api/{created.gm_token}/odds"
    answer = client.get(url, params={"seq": loaded.seq, "do": "attack"})
    assert answer.status_code == 200
    assert answer.json()["odds"] == [odds_words(o.odds) for o in attacks.options]
    assert any(answer.json()["odds"])
    stale = client.get(url, params={"seq": loaded.seq - 1, "do": "attack"})
    assert stale.status_code == 409 and stale.json()["state"]["seq"] == loaded.seq
    assert client.get(url, params={"seq": loaded.seq, "do": "nothing"}).status_code == 404
    assert client.get(f"/api/{'x' * 40}/odds", params={"seq": 1, "do": "attack"}).status_code == 404
