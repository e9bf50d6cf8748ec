"""The compiled build (fracas/compiled.py) is used only while it is fresh, and is used then.

A stale build running in place of edited sources would make every test after an edit
test yesterday's code, so the refusals are tested one by one over a manifest written
here; the last test checks what this very process loaded: the compiled extensions in
`make test`'s first pass wherever the build is fresh, the .py files in its pure pass
(FRACAS_PURE=1). (.ci/run fails if its build was not made at all.)
"""

from __future__ import annotations

import importlib
import importlib.machinery
import json
import os
import sys
from pathlib import Path

import pytest

from fracas import compiled
from fracas.compiled import COMPILED_MODULES, CompiledFinder, read_build, source_hash

SOURCES = ["fracas/compiled.py", "fracas/rulesets/nwo/fastpath.py"]
PURE_PASS = bool(os.environ.get(compiled.PURE_VARIABLE))
"""Read before `_not_pure` unsets it for each test."""


def _build(tmp_path: Path, **changes: object) -> Path:
    """A build folder holding only a manifest (no extension is ever loaded from it)."""
    manifest = {
        "cache_tag": sys.implementation.cache_tag,
        "sources": SOURCES,
        "source_hash": source_hash(SOURCES),
        "extensions": {name: f"{name}.so" for name in COMPILED_MODULES},
    }
    manifest.update(changes)
    (tmp_path / "manifest.json").write_text(json.dumps(manifest))
    return tmp_path


@pytest.fixture(autouse=True)
def _not_pure(monkeypatch: pytest.MonkeyPatch) -> None:
    """The refusals below are about the manifest; the pure pass's variable is set apart."""
    monkeypatch.delenv(compiled.PURE_VARIABLE, raising=False)


def test_a_fresh_build_names_every_compiled_module(tmp_path: Path) -> None:
    extensions, status = read_build(_build(tmp_path))
    assert extensions == {name: tmp_path / f"{name}.so" for name in COMPILED_MODULES}
    assert status == f"compiled (mypyc): {len(COMPILED_MODULES)} extensions from {tmp_path}"


def test_a_source_changed_since_the_build_sends_the_imports_to_the_sources(tmp_path: Path) -> None:
    """The hash of the sources the build was made from no longer holds: nothing compiled."""
    stale = _build(tmp_path, source_hash="0" * 64)
    assert read_build(stale) == (
        {},
        "pure Python: a source changed since the compiled build (`make` remakes it)",
    )


def test_a_source_gone_since_the_build_is_a_stale_build(tmp_path: Path) -> None:
    gone = _build(tmp_path, sources=["fracas/no_such_module.py"])
    assert read_build(gone)[0] == {}


def test_a_build_for_another_python_is_refused(tmp_path: Path) -> None:
    other = _build(tmp_path, cache_tag="cpython-399")
    assert read_build(other) == ({}, "pure Python: the compiled build is for cpython-399")


def test_no_build_and_an_unreadable_manifest_are_plain_python(tmp_path: Path) -> None:
    assert read_build(tmp_path) == (
        {},
        f"pure Python: no compiled build in {tmp_path} (`make` makes one)",
    )
    (tmp_path / "manifest.json").write_text("{not json")
    extensions, status = read_build(tmp_path)
    assert extensions == {}
    assert status.startswith("pure Python: the compiled build's manifest is unreadable (")


def test_fracas_pure_refuses_even_a_fresh_build(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(compiled.PURE_VARIABLE, "1")
    assert read_build(_build(tmp_path)) == ({}, "pure Python: FRACAS_PURE is set")


def test_the_finder_answers_for_the_builds_modules_only(tmp_path: Path) -> None:
    """An extension loader for a compiled module's name, from the build's folder; nothing
    for any other name, so every other import goes on as usual."""
    finder = CompiledFinder(_build(tmp_path))
    spec = finder.find_spec("fracas.rulesets.nwo.fastpath_fight")
    assert spec is not None
    assert isinstance(spec.loader, importlib.machinery.ExtensionFileLoader)
    assert spec.origin == str(tmp_path / "fracas.rulesets.nwo.fastpath_fight.so")
    assert finder.find_spec("fracas.rulesets.nwo.tactics") is None
    assert finder.find_spec("json") is None
    assert finder.status.startswith("compiled (mypyc)")


def test_a_stale_builds_finder_leaves_the_imports_to_the_sources(tmp_path: Path) -> None:
    finder = CompiledFinder(_build(tmp_path, source_hash="0" * 64))
    assert finder.find_spec("fracas.rulesets.nwo.fastpath_fight") is None
    assert finder.status.startswith("pure Python: a source changed")


def test_this_process_runs_what_its_build_allows() -> None:
    """Every compiled module came from the build exactly when a fresh build exists and
    FRACAS_PURE is unset: in the pure pass none did."""
    extensions = {} if PURE_PASS else read_build()[0]
    for name in COMPILED_MODULES:
        module = importlib.import_module(name)
        assert compiled.is_compiled(module) == (name in extensions), name
