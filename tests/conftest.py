"""Hypothesis profiles (`ci` is thorough and repeatable, `dev` is quick: HYPOTHESIS_PROFILE),
and the one browser every end-to-end test shares.

The browser lives here, above every folder of end-to-end tests, because Playwright's sync
API runs one event loop per thread: a second Playwright started while another folder's
session-long one is running refuses to start, so each folder keeping its own failed
whenever two folders ran in one pytest session."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest
from hypothesis import settings

settings.register_profile("ci", max_examples=200, derandomize=True, deadline=None)
settings.register_profile("dev", max_examples=100, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))


def pytest_runtest_setup(item: pytest.Item) -> None:
    """A test marked `pure` patches the nwo fast path's methods to spy on them, which
    mypyc's compiled classes refuse: over the compiled build it is skipped, and `make
    test`'s second pass (FRACAS_PURE=1) runs it over the very same sources as plain Python."""
    if item.get_closest_marker("pure") is None:
        return
    from fracas.compiled import is_compiled
    from fracas.rulesets.nwo import fastpath_fight

    if is_compiled(fastpath_fight):
        pytest.skip("spies on compiled classes: runs in make test's pure pass (FRACAS_PURE=1)")


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    """Debian's chromium under Playwright, for the whole session (skipped where absent)."""
    from tests.web.e2e.conftest import chromium

    with chromium() as launched:
        yield launched
