"""The Content-Security-Policy in a real browser: the pages work under it, and it blocks.

docs/security.md: only the server's own script runs; inline styles stay allowed (the map,
the HP bars). Chromium reports each thing the policy refuses on the console; a page that
works under the policy reports none, while the policy does refuse an inline script."""

from __future__ import annotations

from playwright.sync_api import Browser, ConsoleMessage

from fracas.store import open_store
from tests.store.helpers import ATTACK, DUEL
from tests.web.e2e.conftest import Server

LIVE = "#connection.live"
VIOLATION = "Content Security Policy"


def test_the_pages_run_under_the_policy_and_it_refuses_inline_script(
    server: Server, browser: Browser
) -> None:
    with open_store(server.db) as store:
        created = store.create(DUEL, seed=5)
        ada = store.add_player_link(created.encounter_id, ["ada"])
    page = browser.new_context().new_page()
    page.set_default_timeout(15_000)
    console: list[str] = []
    page.on("console", lambda message: console.append(_text(message)))
    for url in (f"/gm/{created.gm_token}", f"/play/{ada}"):
        page.goto(server.base + url)
        page.wait_for_selector(LIVE)
    page.locator('.choice[data-do="attack"] summary').click()
    page.locator('.choice[data-do="attack"] button.option').first.click()
    page.wait_for_selector('#log li[data-seq="1"]')
    assert [line for line in console if VIOLATION in line] == []
    page.evaluate(
        """() => { const s = document.createElement("script");
                   s.textContent = "window.ranInline = true";
                   document.body.appendChild(s); }"""
    )
    page.wait_for_timeout(200)
    assert page.evaluate("() => window.ranInline === undefined")
    assert any(VIOLATION in line for line in console)
    with open_store(server.db) as store:
        assert store.history(created.encounter_id)[1].action == ATTACK


def _text(message: ConsoleMessage) -> str:
    return message.text
