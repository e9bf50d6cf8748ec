"""The compiled build of the simulation's hottest modules, used only while it is fresh.

Why: a simulated fight spends its time in its fast path's plain Python (nwo's tile
searches, walks and strikes; the other rulesets' turns and tactics); mypyc compiles those
very modules, type hints and all, to C extensions that play the same fights faster (two
to three times; a new nwo firefight 1.3-1.45 times: docs/performance.md, "Tenth step").
There is no second implementation to keep in step: the build is made from the sources in
this checkout by `tools/compile_fast_paths.py` (`make` runs it), into `build/mypyc/`
beside `src/`, never into the source tree, so a checkout without a compiler, or with the
build deleted, imports the same modules as plain Python.

A build is used only if every source it was made from is unchanged: its manifest keeps a
hash of the compiled modules and of every fracas module they import (mypyc copies such a
module's constants into the compiled code), and an edit to any of them sends the import
back to the .py files until the next `make`. So tests never run a stale build by mistake.
`FRACAS_PURE=1` in the environment refuses the build outright (the pure pass of
`make test`, and anyone comparing the two).

The check runs at the first import of a compiled module, not at `import fracas`, so the
command line's quick paths read nothing.
"""

from __future__ import annotations

import hashlib
import importlib.machinery
import importlib.util
import json
import os
import sys
from collections.abc import Sequence
from importlib.machinery import ModuleSpec
from pathlib import Path
from types import ModuleType

COMPILED_MODULES = (
    "fracas.rulesets.nwo.fastpath",
    "fracas.rulesets.nwo.fastpath_fight",
    "fracas.rulesets.nwo.fastpath_fork",
    "fracas.rulesets.nwo.fastpath_tables",
    "fracas.rulesets.nwo.fastpath_tactics",
    "fracas.rulesets.nwo.appraisal",
    "fracas.rulesets.nwo.grid",
    "fracas.core.grid_layers",
    "fracas.core.grid_lines",
    "fracas.core.initiative",
    "fracas.rulesets.lines.fastpath",
    "fracas.rulesets.tiers.fastpath.compiled",
    "fracas.rulesets.tiers.fastpath.crits",
    "fracas.rulesets.tiers.fastpath.fight",
    "fracas.rulesets.tiers.fastpath.sheets",
    "fracas.rulesets.pools.fastpath.board",
    "fracas.rulesets.pools.fastpath.codes",
    "fracas.rulesets.pools.fastpath.compiled",
    "fracas.rulesets.pools.fastpath.fight",
    "fracas.rulesets.pools.fastpath.tactics",
    "fracas.rulesets.fatewalker.fastpath.compiled",
    "fracas.rulesets.fatewalker.fastpath.fight",
    "fracas.rulesets.fatewalker.fastpath.fork",
)
"""What the build compiles: every ruleset's simulation fast path (nwo's with the searches
it shares with the tactics, `appraisal` and `grid`, the map's layered search the tile
searches run, `core.grid_layers`, the map's drawing of a line of fire, `core.grid_lines`,
and the initiative ranking the nwo and pools fast paths share with the engine,
`core.initiative`: called through the interpreter it was a twelfth of a replayed
firefight), but for the packages' `__init__` modules, which only decide
whether a fork is within the fast path. A module here must not
be subclassed or patched by uncompiled code (mypyc's classes refuse both); the tests that
spy on nwo's fast path's methods run in the pure pass. Two habits of plain Python do not
carry over, and the identity tests are what catch them:

- reading an attribute after a call that may set it, where the type checker still holds
  it narrowed (`while self.outcome is None: ... self.check_outcome(); if self.outcome`):
  the compiled code trusts the narrowing, so it either fails on the read or, where the
  checker calls the test unreachable, leaves the test out. `warn_unreachable` (mypy's
  settings) fails the second kind; let the call answer instead (`check_outcome()` says
  whether the fight is over in lines', nwo's, pools' and tiers' fast paths);
- `is` between tuples: mypyc keeps a tuple of fixed shape unboxed and boxes it anew where
  it is stored, so a sentinel tuple is compared by value (`choice == HANDED_BACK`, or the
  kind of a choice only one sentinel has: `choice[0] != END`)."""

SOURCE_ROOT = Path(__file__).resolve().parent.parent
"""`src/`: module names map to files under it."""

BUILD_DIR = SOURCE_ROOT.parent / "build" / "mypyc"
"""Where `tools/compile_fast_paths.py` leaves the extensions and their manifest."""

MANIFEST = "manifest.json"
PURE_VARIABLE = "FRACAS_PURE"


def source_hash(files: Sequence[str]) -> str:
    """One hash over the named sources (paths relative to `src/`), in the order given."""
    digest = hashlib.sha256()
    for name in files:
        digest.update(name.encode())
        digest.update((SOURCE_ROOT / name).read_bytes())
    return digest.hexdigest()


def read_build(build_dir: Path = BUILD_DIR) -> tuple[dict[str, Path], str]:
    """The extensions of a fresh build by module name, and a line saying why none are used
    when there are none (no build, another Python, a source edited since, FRACAS_PURE)."""
    if os.environ.get(PURE_VARIABLE):
        return {}, f"pure Python: {PURE_VARIABLE} is set"
    try:
        manifest = json.loads((build_dir / MANIFEST).read_text())
    except FileNotFoundError:
        return {}, f"pure Python: no compiled build in {build_dir} (`make` makes one)"
    except (OSError, ValueError) as error:
        return {}, f"pure Python: the compiled build's manifest is unreadable ({error})"
    if manifest.get("cache_tag") != sys.implementation.cache_tag:
        return {}, f"pure Python: the compiled build is for {manifest.get('cache_tag')}"
    try:
        fresh = source_hash(manifest["sources"]) == manifest["source_hash"]
    except (OSError, KeyError, TypeError):
        fresh = False
    if not fresh:
        return {}, "pure Python: a source changed since the compiled build (`make` remakes it)"
    extensions = {name: build_dir / path for name, path in manifest["extensions"].items()}
    return extensions, f"compiled (mypyc): {len(extensions)} extensions from {build_dir}"


class CompiledFinder:
    """Finds the compiled extension of a module in the build, ahead of its .py file.

    Installed on `sys.meta_path` by `install`; it answers only for the build's own module
    names, reads the manifest at the first of them and never again."""

    def __init__(self, build_dir: Path = BUILD_DIR) -> None:
        self.build_dir = build_dir
        self.extensions: dict[str, Path] | None = None
        self.status = "pure Python: no compiled module imported yet"

    def find_spec(
        self,
        fullname: str,
        path: Sequence[str] | None = None,
        target: ModuleType | None = None,
    ) -> ModuleSpec | None:
        if fullname not in COMPILED_MODULES and not fullname.endswith("__mypyc"):
            return None
        where = self.verdict().get(fullname)
        if where is None:
            return None
        loader = importlib.machinery.ExtensionFileLoader(fullname, str(where))
        return importlib.util.spec_from_file_location(fullname, where, loader=loader)

    def verdict(self) -> dict[str, Path]:
        """The build's extensions (none if it is not to be used), read at the first question
        and kept, with `status` saying why."""
        if self.extensions is None:
            self.extensions, self.status = read_build(self.build_dir)
        return self.extensions


_finder = CompiledFinder()


def install() -> None:
    """Put the finder first on `sys.meta_path` (once; `fracas/__init__.py` calls it),
    unless FRACAS_PURE is set as the process starts."""
    if os.environ.get(PURE_VARIABLE):
        _finder.extensions, _finder.status = {}, f"pure Python: {PURE_VARIABLE} is set"
        return
    if _finder not in sys.meta_path:
        sys.meta_path.insert(0, _finder)


def status() -> str:
    """Which build this process runs, for benchmarks and bug reports."""
    _finder.verdict()
    return _finder.status


def is_compiled(module: ModuleType) -> bool:
    """Whether a module was loaded from the compiled build."""
    return isinstance(getattr(module, "__loader__", None), importlib.machinery.ExtensionFileLoader)
