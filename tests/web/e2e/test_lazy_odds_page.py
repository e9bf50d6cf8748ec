"""The page's odds in a real browser: a group's buttons carry none until the group is opened,
then each shows the odds the server works out for it (web/odds.py)."""

from __future__ import annotations

from playwright.sync_api import Browser, expect

from fracas.store import open_store
from fracas.web.odds import PanelOdds
from fracas.web.seat import seat_of
from fracas.web.table import Tables
from fracas.web.words import odds_words
from tests.store.helpers import DUEL
from tests.web.e2e.conftest import Server


def test_opening_a_group_shows_its_options_odds(server: Server, browser: Browser) -> None:
    with open_store(server.db) as store:
        created = store.create(DUEL, source="duel.yaml", seed=4)
        seat = seat_of(store, created.gm_token)
        expected = [odds_words(o) for o in PanelOdds(Tables(store)).group(seat, 0, "attack")]
    assert any(expected)
    page = browser.new_context().new_page()
    page.set_default_timeout(15_000)
    page.goto(f"{server.base}/gm/{created.gm_token}")
    page.wait_for_selector("#connection.live")
    odds = page.locator(".choice[data-do=attack] button.option .odds")
    assert odds.all_inner_texts() == [""] * len(expected)  # nothing worked out yet
    page.click(".choice[data-do=attack] summary")
    expect(odds.first).to_have_text(expected[0])
    assert odds.all_inner_texts() == expected
