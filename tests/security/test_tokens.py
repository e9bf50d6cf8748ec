"""Links cannot be guessed: long random tokens, looked up by digest, compared in constant time.

Issue 12: "a player cannot ... guess a link". A token is `secrets.token_urlsafe(32)`: 256
bits from the operating system's generator. It is looked up by its SHA-256 (the database's
index compares the digest of a guess, which tells nothing of any token's characters) and
the row found is compared with `hmac.compare_digest`.
"""

from __future__ import annotations

import base64
import hmac
import re
from typing import Any

import pytest
import sqlalchemy as sa

from fracas.store import EncounterStore, open_store, schema
from fracas.store import store as store_module
from fracas.store.engine import make_engine
from tests.store.helpers import DUEL

URLSAFE = re.compile(r"^[A-Za-z0-9_-]{43}$")


def test_tokens_carry_256_random_bits_and_never_repeat(store: EncounterStore) -> None:
    created = store.create(DUEL, seed=1)
    tokens = [created.gm_token] + [
        store.add_player_link(created.encounter_id, ["ada"]) for _ in range(40)
    ]
    assert len(set(tokens)) == len(tokens)
    for token in tokens:
        assert URLSAFE.match(token), token
        assert len(base64.urlsafe_b64decode(token + "=")) == 32
    # 41 tokens of 43 characters from 64: every character drawn, none favoured wildly
    counts = {c: "".join(tokens).count(c) for c in set("".join(tokens))}
    assert len(counts) > 55 and max(counts.values()) < 4 * len(tokens) * 43 / 64


def test_a_token_is_looked_up_by_its_digest_and_compared_in_constant_time(
    store: EncounterStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    created = store.create(DUEL, seed=1)
    token = store.add_player_link(created.encounter_id, ["ada"])
    sent: list[Any] = []

    def record(conn: Any, cursor: Any, statement: str, parameters: Any, *_: Any) -> None:
        sent.append((statement, parameters))

    compared: list[tuple[bytes, bytes]] = []
    constant_time = hmac.compare_digest

    def compare(a: bytes, b: bytes) -> bool:
        compared.append((a, b))
        return constant_time(a, b)

    monkeypatch.setattr(store_module.hmac, "compare_digest", compare)
    sa.event.listen(store.engine, "before_cursor_execute", record)
    try:
        assert store.access(token) is not None
        guess = token[:-1] + ("A" if token[-1] != "A" else "B")
        assert store.access(guess) is None
    finally:
        sa.event.remove(store.engine, "before_cursor_execute", record)
    assert token not in repr(sent) and guess not in repr(sent)
    assert schema.token_digest(token) in repr(sent) and schema.token_digest(guess) in repr(sent)
    assert compared == [(token.encode(), token.encode())]  # the guess found no row at all


def test_links_made_before_digests_are_given_one_and_still_work(database_url: str) -> None:
    """Migration 3 on a database whose links have no digest column yet (schema 2)."""
    with open_store(database_url) as opened:
        created = opened.create(DUEL, seed=1)
        player = opened.add_player_link(created.encounter_id, ["ada"])
    engine = make_engine(database_url)
    with engine.begin() as conn:
        conn.exec_driver_sql("DROP INDEX ix_fracas_links_digest")
        conn.exec_driver_sql("ALTER TABLE fracas_links DROP COLUMN digest")
        conn.execute(sa.delete(schema.schema_version).where(schema.schema_version.c.version > 2))
    engine.dispose()
    with open_store(database_url) as upgraded:
        assert upgraded.schema_version == 3
        gm = upgraded.access(created.gm_token)
        assert gm is not None and gm.role == "gm"
        access = upgraded.access(player)
        assert access is not None and access.combatants == {"ada"}


def test_an_export_holds_no_link(store: EncounterStore) -> None:
    """docs/storage.md: links "are secrets of this server, and an import gets new ones"."""
    created = store.create(DUEL, seed=1)
    player = store.add_player_link(created.encounter_id, ["ada"], label="Ann")
    store.act(created.encounter_id, {"actor": "ada", "do": "say", "text": "hello"})
    text = repr(store.export(created.encounter_id))
    assert "hello" in text
    assert created.gm_token not in text and player not in text and "Ann" not in text
