"""core/registry.py: a ruleset asked for by id is imported alone; a listing imports all."""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest

from fracas.core.errors import ScenarioError
from fracas.core.registry import available, get_ruleset

RULESETS = ("fatewalker", "lines", "nwo", "pools", "tiers")


def _imported_after(code: str) -> set[str]:
    """The ruleset packages a fresh interpreter has imported after running `code`."""
    listing = textwrap.dedent("""
        print(" ".join(sorted(
            name.split(".")[2] for name in sys.modules
            if name.startswith("fracas.rulesets.") and name.count(".") >= 2
        )))
    """)
    probe = "import sys\n" + code + "\n" + listing
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True, timeout=120
    )
    return set(done.stdout.split())


def test_asking_for_one_ruleset_imports_that_one_alone() -> None:
    """`fracas sim` of an nwo file pays for nwo's import, not for the other four."""
    found = _imported_after("from fracas.core.registry import get_ruleset; get_ruleset('NWO')")
    assert found == {"nwo"}


def test_an_unknown_id_names_every_installed_ruleset_without_importing_them() -> None:
    found = _imported_after(
        "from fracas.core.registry import get_ruleset\n"
        "try:\n"
        "    get_ruleset('chess')\n"
        "except Exception as refused:\n"
        "    print(refused, file=sys.stderr)\n"
    )
    assert found == set()
    with pytest.raises(ScenarioError) as refused:
        get_ruleset("chess")
    assert str(refused.value) == ("unknown ruleset 'chess'; available: " + ", ".join(RULESETS))


def test_the_listing_holds_every_ruleset_and_the_same_objects_get_ruleset_gives() -> None:
    listed = available()
    assert set(listed) >= set(RULESETS)
    for ruleset_id in RULESETS:
        assert get_ruleset(ruleset_id) is listed[ruleset_id]
        assert listed[ruleset_id].info.id == ruleset_id
