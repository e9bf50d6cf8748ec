"""Links: the GM's secret, players' links bound to their combatants, revocation."""

from __future__ import annotations

import pytest

from fracas.store import EncounterStore, StoreError
from tests.store.helpers import DUEL


def test_player_links_grant_their_combatants_until_revoked(store: EncounterStore) -> None:
    created = store.create(DUEL, seed=1)
    token = store.add_player_link(created.encounter_id, ["ada"], label="Ann")
    assert len(token) >= 40 and token != created.gm_token
    access = store.access(token)
    assert access is not None
    assert (access.role, access.combatants) == ("player", frozenset({"ada"}))
    [gm, player] = store.links(created.encounter_id)
    assert (gm.role, gm.token, player.label, player.revoked) == (
        "gm",
        created.gm_token,
        "Ann",
        None,
    )
    store.revoke_link(created.encounter_id, token)
    assert store.access(token) is None
    assert store.links(created.encounter_id)[1].revoked is not None
    store.revoke_link(created.encounter_id, token)  # twice changes nothing more


def test_link_refusals(store: EncounterStore) -> None:
    created = store.create(DUEL, seed=1)
    with pytest.raises(StoreError, match="no combatant 'zed'"):
        store.add_player_link(created.encounter_id, ["ada", "zed"])
    with pytest.raises(StoreError, match="one or more"):
        store.add_player_link(created.encounter_id, [])
    with pytest.raises(StoreError, match="cannot be revoked"):
        store.revoke_link(created.encounter_id, created.gm_token)
    other = store.create(DUEL, seed=1)
    token = store.add_player_link(other.encounter_id, ["raider"])
    with pytest.raises(StoreError, match="no such link"):
        store.revoke_link(created.encounter_id, token)
    assert store.access(token) is not None
    assert [link.role for link in store.links(created.encounter_id)] == ["gm"]


@pytest.mark.parametrize("token", ["", "x", "a" * 43, "a" * 10_000, "' OR 1=1 --"])
def test_unknown_tokens_give_nothing(store: EncounterStore, token: str) -> None:
    store.create(DUEL, seed=1)
    assert store.access(token) is None
