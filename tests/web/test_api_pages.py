"""The web table's pages: creating encounters, who may open what, and what each page holds.

Issue 11: "create an encounter from a scenario file or from a ruleset's template; a GM view
and per-player invite links bound to the combatants each player controls"; "GM-only
information (hidden combatants, NPC sheets, the darkness map) is never sent to a player's
browser"; names with markup are shown as text.
"""

from __future__ import annotations

import re

from fastapi.testclient import TestClient

from fracas.store import EncounterStore
from tests.store.helpers import DUEL
from tests.web.api_helpers import MARKUP_DUEL, example, mentions

RAIDERS = [("moreau", "Moreau"), ("sato", "Sato"), ("quinn", "Quinn")]
"""pools-ambush's raiders, hidden from the patrol "entirely unnoticed"."""


def gm_token_of(response_url: str) -> str:
    match = re.search(r"/gm/([A-Za-z0-9_-]+)$", response_url)
    assert match, response_url
    return match.group(1)


def test_the_home_page_offers_every_rulesets_templates(client: TestClient) -> None:
    page = client.get("/").text
    for ruleset in ("lines", "nwo", "tiers", "pools", "fatewalker"):
        assert f"<h3>{ruleset}</h3>" in page
    assert 'value="tiers-dark-room.yaml"' in page


def test_a_template_starts_an_encounter_and_leads_to_its_gm_page(
    client: TestClient, web_store: EncounterStore
) -> None:
    response = client.post("/encounters", data={"template": "lines-skirmish.yaml"})
    assert response.status_code == 200
    token = gm_token_of(str(response.url))
    access = web_store.access(token)
    assert access is not None and access.role == "gm"
    assert web_store.load(access.encounter_id).ruleset == "lines"
    assert "Ada Voss" in response.text and 'data-role="gm"' in response.text


def test_pasted_and_uploaded_scenarios_start_encounters(
    client: TestClient, web_store: EncounterStore
) -> None:
    pasted = client.post("/encounters", data={"scenario": DUEL})
    uploaded = client.post("/encounters", files={"file": ("duel.yaml", DUEL.encode(), "text/yaml")})
    assert pasted.status_code == uploaded.status_code == 200
    titles = sorted(s.title for s in web_store.list())
    assert titles == ["duel", "lines encounter"]


def test_a_bad_scenario_says_why_and_stores_nothing(
    client: TestClient, web_store: EncounterStore
) -> None:
    response = client.post("/encounters", data={"scenario": "ruleset: nosuch\ncombatants: []\n"})
    assert response.status_code == 400
    assert 'class="error"' in response.text and "needs at least 2" in response.text
    template = client.post("/encounters", data={"template": "../pyproject.toml"})
    assert template.status_code == 400 and "no template" in template.text
    assert web_store.list() == []


def test_unknown_revoked_and_wrong_role_links_are_not_found(
    client: TestClient, web_store: EncounterStore
) -> None:
    created = web_store.create(DUEL)
    player = web_store.add_player_link(created.encounter_id, ["ada"])
    assert client.get(f"/gm/{'x' * 43}").status_code == 404
    assert client.get(f"/gm/{player}").status_code == 404
    assert client.get(f"/play/{created.gm_token}").status_code == 404
    assert client.get(f"/play/{player}").status_code == 200
    web_store.revoke_link(created.encounter_id, player)
    assert client.get(f"/play/{player}").status_code == 404
    assert client.get(f"/api/{player}/state").status_code == 404


def test_the_gm_token_is_long_and_random(client: TestClient) -> None:
    tokens = {
        gm_token_of(str(client.post("/encounters", data={"scenario": DUEL}).url)) for _ in range(3)
    }
    assert len(tokens) == 3
    assert all(len(t) >= 43 for t in tokens)  # 32 random bytes, base64url


def test_names_with_markup_are_shown_as_text(client: TestClient, web_store: EncounterStore) -> None:
    created = web_store.create(MARKUP_DUEL)
    player = web_store.add_player_link(created.encounter_id, ["ada"])
    for url in (f"/gm/{created.gm_token}", f"/play/{player}"):
        page = client.get(url).text
        assert "<script>alert" not in page and "<b>Ada</b>" not in page
        assert "&lt;script&gt;alert(1)&lt;/script&gt;&lt;b&gt;Ada&lt;/b&gt;" in page
    state = client.get(f"/api/{player}/state").json()
    fragments = state["map"] + "".join(state["parts"].values()) + "".join(state["log"])
    assert "<script>" not in fragments and "&lt;script&gt;" in fragments


def test_a_players_page_and_state_hold_nothing_of_the_hidden_raiders(
    client: TestClient, web_store: EncounterStore
) -> None:
    """pools-ambush: the raiders lie hidden with a trap on the road; the patrol's page and
    its state message name no raider and no trap, while the GM's page has them all."""
    created = web_store.create(example("pools-ambush.yaml"), seed=11)
    hale = web_store.add_player_link(created.encounter_id, ["hale"])
    gm_page = client.get(f"/gm/{created.gm_token}").text
    assert all(name in gm_page for _, name in RAIDERS) and "trap" in gm_page
    for text in (client.get(f"/play/{hale}").text, client.get(f"/api/{hale}/state").text):
        for combatant_id, name in RAIDERS:
            assert not mentions(text, combatant_id) and not mentions(text, name)
        assert not mentions(text, "trap")


def test_the_dark_room_player_page_lacks_the_darkness_map(
    client: TestClient, web_store: EncounterStore
) -> None:
    """tiers-dark-room: "Only the GM & any characters that are not effected by the Blind
    status effect may see the map": the Blind ogre's page is veiled and draws neither the
    torch nor the dark tiles; the GM's page draws both."""
    created = web_store.create(example("tiers-dark-room.yaml"), seed=3)
    grunt = web_store.add_player_link(created.encounter_id, ["grunt"])
    page = client.get(f"/play/{grunt}").text
    gm = client.get(f"/gm/{created.gm_token}").text
    assert 'class="fog veiled"' in page and 'class="light"' not in page
    assert 'class="fog"' not in page
    assert 'class="fog veiled"' not in gm and 'class="light"' in gm and 'class="fog"' in gm
