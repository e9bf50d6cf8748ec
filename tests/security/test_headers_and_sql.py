"""Security headers on every answer, and SQL that is parameterized everywhere.

Issue 12: "queries are parameterized". docs/security.md: the headers keep the link token in
the address bar (no Referer), forbid framing and inline script.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from fracas.store import EncounterStore, StoreError
from tests.store.helpers import DUEL

STORE = Path(__file__).resolve().parents[2] / "src" / "fracas" / "store"
SQL_CALLS = ("text", "exec_driver_sql", "execute", "executescript")


def test_every_answer_carries_the_security_headers(
    client: TestClient, web_store: EncounterStore
) -> None:
    created = web_store.create(DUEL)
    for url in (
        "/",
        f"/gm/{created.gm_token}",
        f"/api/{created.gm_token}/state",
        "/static/fracas.js",
        f"/play/{'x' * 43}",
    ):
        headers = client.get(url).headers
        policy = headers["content-security-policy"]
        assert (
            "script-src 'self'" in policy
            and "'unsafe-inline'" not in policy.split("script-src")[1].split(";")[0]
        )
        assert "frame-ancestors 'none'" in policy and "object-src 'none'" in policy
        assert headers["x-content-type-options"] == "nosniff"
        assert headers["referrer-policy"] == "no-referrer"
        assert headers["x-frame-options"] == "DENY"


def test_the_pages_need_no_inline_script(client: TestClient, web_store: EncounterStore) -> None:
    """The policy forbids inline script, so the page must have none: its script is a file."""
    created = web_store.create(DUEL)
    page = client.get(f"/gm/{created.gm_token}").text
    assert '<script src="/static/fracas.js"></script>' in page
    assert page.count("<script") == 1 and " on" + "click=" not in page


def _built_strings(node: ast.expr) -> bool:
    """Whether an argument is SQL built from pieces: an f-string, `+`, `%` or `.format`."""
    if isinstance(node, ast.JoinedStr):
        return any(isinstance(v, ast.FormattedValue) for v in node.values)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add | ast.Mod):
        return True
    return (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == "format"
    )


def string_built_sql(source: str) -> list[int]:
    """Lines where a SQL-taking call (`text`, `exec_driver_sql`, `execute`) is handed a
    string built at run time instead of a constant with bound parameters."""
    lines = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Call) or not node.args:
            continue
        name = (
            node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
        )
        if name in SQL_CALLS and _built_strings(node.args[0]):
            lines.append(node.lineno)
    return sorted(lines)


def test_the_scan_finds_string_built_sql() -> None:
    """The scan itself, on SQL built every way it looks for (and a bound one it passes)."""
    built = (
        "conn.execute(sa.text(f\"SELECT * FROM t WHERE id = '{x}'\"))\n"
        'conn.exec_driver_sql("DELETE FROM t WHERE id = %s" % x)\n'
        'cursor.execute("SELECT " + x)\n'
        'sa.text("SELECT {}".format(x))\n'
    )
    assert string_built_sql(built) == [1, 2, 3, 4]
    assert string_built_sql('conn.execute(sa.text("SELECT 1 WHERE id = :id"), {"id": x})') == []


def test_the_store_builds_no_sql_from_strings() -> None:
    found = {
        path.name: lines
        for path in sorted(STORE.glob("*.py"))
        if (lines := string_built_sql(path.read_text(encoding="utf-8")))
    }
    assert found == {}


HOSTILE = ["' OR '1'='1", "x'; DROP TABLE fracas_links; --", '" OR ""="', "%", "_", "\\", "a%27"]


@pytest.mark.parametrize("token", HOSTILE)
def test_sql_metacharacters_in_a_token_or_id_are_just_not_found(
    client: TestClient, web_store: EncounterStore, token: str
) -> None:
    created = web_store.create(DUEL)
    assert client.get(f"/gm/{token}").status_code == 404
    assert client.get(f"/play/{token}").status_code == 404
    assert client.get(f"/api/{token}/state").status_code == 404
    assert client.post(f"/api/{token}/act", json={"action": {}}).status_code == 404
    revoke = client.post(f"/api/{created.gm_token}/links/revoke", json={"link": token})
    assert revoke.status_code == 400 and "no such link" in revoke.json()["error"]
    with pytest.raises(StoreError, match="no encounter"):
        web_store.load(token)
    assert [link.role for link in web_store.links(created.encounter_id)] == ["gm"]
    assert web_store.access(created.gm_token) is not None
