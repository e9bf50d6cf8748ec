"""The web table in a real browser: Debian's chromium, driven by Playwright, against a real
`fracas serve` over SQLite and PostgreSQL.

Issue 11: "the GM creates a fight, a player joins in a second browser context, acts by
clicking the map, and the GM's page updates without a reload; a player's page never contains
GM-only data; names with markup are shown as text"; "a fight survives a server restart
unchanged"; "Screenshots of each ruleset's map are saved by the tests".
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect

from fracas.core.choices import action_json
from fracas.core.ruleset import BaseRuleset
from fracas.store import EncounterStore, open_store
from fracas.web import examples
from tests.store.helpers import ATTACK, DUEL
from tests.web.api_helpers import MARKUP_DUEL, example, mentions
from tests.web.e2e.conftest import Server
from tests.web.maps import unknown_to

LIVE = "#connection.live"
WAIT_MS = 15_000


def store_of(server: Server) -> EncounterStore:
    return open_store(server.db)


def live_page(browser: Browser, url: str, **context: Any) -> Page:
    page = browser.new_context(**context).new_page()
    page.set_default_timeout(WAIT_MS)
    page.goto(url)
    page.wait_for_selector(LIVE)
    return page


def test_a_player_acts_on_the_map_and_the_gm_page_follows_without_a_reload(
    server: Server, browser: Browser
) -> None:
    gm = browser.new_context().new_page()
    gm.set_default_timeout(WAIT_MS)
    gm.goto(server.base + "/")
    gm.fill("textarea[name=scenario]", DUEL)
    gm.click("text=Start the encounter")
    gm.wait_for_url(re.compile(r"/gm/"))
    gm.wait_for_selector(LIVE)
    gm.evaluate("window.stillThisPage = true")
    # the GM invites ada's player
    gm.check("#invite input[value=ada]")
    gm.fill("#invite input[name=label]", "Ada's player")
    gm.click("#invite button[type=submit]")
    expect(gm.locator("#notice")).to_contain_text("/play/")
    url = re.search(r"http\S+/play/\S+", gm.inner_text("#notice"))
    assert url is not None
    player = live_page(browser, url.group(0))
    assert player.inner_text("#panel").startswith("ADA") or "ada" in player.inner_text("#panel")
    # the player picks Attack, then clicks the raider on the map
    player.click(".choice[data-do=attack] summary")
    raider = player.locator("#map [data-target=raider]").first
    expect(raider).to_have_class(re.compile("pickable"))
    raider.click()
    expect(player.locator("#log li.entry[data-seq='1']")).to_be_visible()
    # the GM's page, never reloaded, shows the step and its rolls
    expect(gm.locator("body")).to_have_attribute("data-seq", "1")
    entry = gm.locator("#log li.entry[data-seq='1']")
    expect(entry).to_contain_text("ada attack target=raider")
    expect(entry).to_contain_text("rolled")
    assert gm.evaluate("window.stillThisPage") is True
    # and the GM takes it back: both pages strike it through
    gm.click("button[data-gm=undo]")
    expect(player.locator("#log li.entry[data-seq='1']")).to_have_class(re.compile("undone"))


def test_a_stale_click_gets_the_fight_moved_on_and_the_current_state(
    server: Server, browser: Browser
) -> None:
    with store_of(server) as store:
        created = store.create(DUEL, seed=5)
    gm = live_page(browser, f"{server.base}/gm/{created.gm_token}")
    httpx.post(f"{server.base}/api/{created.gm_token}/act", json={"action": ATTACK, "seq": 0})
    expect(gm.locator("body")).to_have_attribute("data-seq", "1")
    # a click decided on step 0 (as if the message had not arrived yet)
    gm.evaluate(
        """async (token) => {
            const r = await fetch(`/api/${token}/act`, {method: 'POST',
              headers: {'Content-Type': 'application/json'},
              body: JSON.stringify({action: {actor: 'ada', do: 'end_turn'}, seq: 0})});
            window.stale = [r.status, await r.json()];
        }""",
        created.gm_token,
    )
    status, body = gm.evaluate("window.stale")
    assert status == 409 and "the fight moved on" in body["error"]
    assert body["state"]["seq"] == 1


def test_a_players_page_and_socket_never_carry_gm_only_data(
    server: Server, browser: Browser
) -> None:
    """pools-ambush: three raiders lie hidden with a trap on the road. The patrol's page and
    every socket message it receives, while the GM plays on, name nobody the patrol's own
    view leaves out; at the start that is every raider and the trap."""
    with store_of(server) as store:
        created = store.create(example("pools-ambush.yaml"), seed=11)
        hale = store.add_player_link(created.encounter_id, ["hale"])
        frames: list[str] = []
        context = browser.new_context()
        page = context.new_page()
        page.set_default_timeout(WAIT_MS)
        keep = frames.append
        page.on("websocket", lambda ws: ws.on("framereceived", lambda data: keep(str(data))))
        page.goto(f"{server.base}/play/{hale}")
        page.wait_for_selector(LIVE)
        html = page.content()
        for raider in ("moreau", "Moreau", "sato", "Sato", "quinn", "Quinn", "trap"):
            assert not mentions(html, raider)
        for _ in range(4):
            loaded = store.load(created.encounter_id)
            ruleset = loaded.encounter.ruleset
            assert isinstance(ruleset, BaseRuleset)
            if loaded.encounter.state.outcome is not None:
                break
            action = action_json(ruleset.suggest(loaded.encounter.state))
            response = httpx.post(
                f"{server.base}/api/{created.gm_token}/act",
                json={"action": action, "seq": loaded.seq},
            )
            assert response.status_code == 200, response.text
            expect(page.locator("body")).to_have_attribute("data-seq", str(loaded.seq + 1))
            state = store.load(created.encounter_id).encounter.state
            hidden = unknown_to(ruleset, state, "hale")
            seen = page.content() + "".join(str(f) for f in frames)
            for combatant_id, name in hidden:
                assert not mentions(seen, combatant_id) and not mentions(seen, name)
        assert len(frames) >= 2


def test_names_with_markup_are_shown_as_text_and_never_run(
    server: Server, browser: Browser
) -> None:
    with store_of(server) as store:
        created = store.create(MARKUP_DUEL, seed=5)
        ada = store.add_player_link(created.encounter_id, ["ada"])
    dialogs: list[str] = []
    for url in (f"{server.base}/gm/{created.gm_token}", f"{server.base}/play/{ada}"):
        page = browser.new_context().new_page()
        page.set_default_timeout(WAIT_MS)
        page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
        page.goto(url)
        page.wait_for_selector(LIVE)
        name = page.locator(".tracker .name").first
        expect(name).to_have_text("<script>alert(1)</script><b>Ada</b>")
        assert page.locator(".tracker .name b").count() == 0
        assert page.locator("#map svg b, #map script, .tracker script").count() == 0
    assert dialogs == []


def test_a_fight_survives_a_server_restart_unchanged(server: Server, browser: Browser) -> None:
    with store_of(server) as store:
        created = store.create(DUEL, seed=5)
        store.act(created.encounter_id, ATTACK)
        before = store.export(created.encounter_id)
    gm = live_page(browser, f"{server.base}/gm/{created.gm_token}")
    map_before = gm.inner_html("#map")
    log_before = gm.inner_text("#log")
    server.restart()
    # the open page reconnects by itself and resumes at its step
    expect(gm.locator("#connection")).to_have_class(re.compile("live"), timeout=WAIT_MS)
    again = live_page(browser, f"{server.base}/gm/{created.gm_token}")
    assert again.inner_html("#map") == map_before
    assert again.inner_text("#log") == log_before
    assert gm.inner_text("#log") == log_before
    with store_of(server) as store:
        assert store.export(created.encounter_id) == before
    # and play goes on from there
    again.click(".choice[data-do=end_turn] summary")
    again.click(".choice[data-do=end_turn] button.option")
    expect(gm.locator("body")).to_have_attribute("data-seq", "2")


@pytest.mark.parametrize("ruleset", sorted(examples.by_ruleset()))
def test_each_rulesets_map_is_drawn_and_saved_as_a_screenshot(
    server: Server, browser: Browser, screens: Path, ruleset: str
) -> None:
    """A reviewer looks at tests/artifacts/screens/: the GM's page of each ruleset's first
    template on a laptop, its map alone, and a player's page on a phone."""
    name = examples.by_ruleset()[ruleset][0]
    with store_of(server) as store:
        created = store.create(example(name), seed=1)
        state = store.load(created.encounter_id).encounter.state
        first_side = state.combatants[0].side
        mine = [c.id for c in state.combatants if c.side == first_side]
        player = store.add_player_link(created.encounter_id, mine)
    gm = live_page(browser, f"{server.base}/gm/{created.gm_token}", viewport=LAPTOP)
    svg = gm.locator("#map svg")
    expect(svg).to_have_attribute("data-ruleset", ruleset)
    assert gm.locator("#tracker li.row").count() == len(state.combatants)
    gm.screenshot(path=str(screens / f"{ruleset}-gm.png"), full_page=True)
    svg.screenshot(path=str(screens / f"{ruleset}-map.png"))
    phone = live_page(browser, f"{server.base}/play/{player}", **PHONE)
    width = phone.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["viewport"]["width"] + 1  # nothing runs off a phone's screen
    phone.screenshot(path=str(screens / f"{ruleset}-player-phone.png"), full_page=True)


LAPTOP = {"width": 1366, "height": 860}
PHONE: dict[str, Any] = {
    "viewport": {"width": 390, "height": 844},
    "device_scale_factor": 2,
    "is_mobile": True,
    "has_touch": True,
}


def test_a_second_browser_sees_a_move_without_a_reload(server: Server, browser: Browser) -> None:
    """Issue 12, part 5 (deltas): ada's player moves her a line on the map; the GM's page,
    open in another browser and never reloaded, shows her token at the new line, swapped
    into the same map (only its moving layer is replaced: the svg element stays)."""
    with store_of(server) as store:
        created = store.create(DUEL, seed=5)
        ada = store.add_player_link(created.encounter_id, ["ada"])
    gm = live_page(browser, f"{server.base}/gm/{created.gm_token}")
    gm.evaluate("document.querySelector('#map svg').dataset.kept = 'yes'; window.still = true")
    where = "document.querySelector('#map [data-target=ada]').getBoundingClientRect().x"
    before = gm.evaluate(where)
    player = live_page(browser, f"{server.base}/play/{ada}")
    player.click(".choice[data-do=move] summary")
    player.locator('#map [data-line="2"]').first.click()
    expect(gm.locator("body")).to_have_attribute("data-seq", "1")
    gm.wait_for_function(f"{where} < {before}")
    assert gm.evaluate("document.querySelector('#map svg').dataset.kept") == "yes"
    assert gm.evaluate("window.still") is True
    expect(gm.locator("#log li.entry[data-seq='1']")).to_contain_text("ada move to=2")
