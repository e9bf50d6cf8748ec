"""Compile the modules `fracas.compiled.COMPILED_MODULES` names with mypyc, into build/mypyc/.

`make` runs this before it runs, plays, tests or benchmarks anything (the Makefile's
compiled build, remade when a source changes). Why mypyc and not a hand-written C core:
it compiles the very sources the identity tests hold to the engine, so there is one
implementation of the fast path, not two (docs/performance.md, "Tenth step").

The build goes to a temporary folder first and replaces build/mypyc/ whole only once it
succeeded, so a build killed half-way leaves the last good one (or none) in place. Its
manifest names each extension and hashes the sources it was made from, the compiled
modules and every fracas module they import; fracas/compiled.py uses the build only while
that hash still holds. Without a C compiler it fails, and fracas runs as plain Python:
`--optional` turns that failure into a warning (the Makefile's use).
"""

from __future__ import annotations

import argparse
import ast
import json
import os
import shutil
import sys
import tempfile
from pathlib import Path

os.environ["FRACAS_PURE"] = "1"  # this build reads the sources, never a previous build

from fracas.compiled import BUILD_DIR, COMPILED_MODULES, MANIFEST, SOURCE_ROOT, source_hash

ROOT = SOURCE_ROOT.parent


def module_file(name: str) -> Path | None:
    """The source file of a fracas module or package, relative to src/ (None if not ours)."""
    base = SOURCE_ROOT / Path(*name.split("."))
    for candidate in (base.with_suffix(".py"), base / "__init__.py"):
        if candidate.is_file():
            return candidate.relative_to(SOURCE_ROOT)
    return None


def imported_modules(source: Path) -> set[str]:
    """The fracas modules a source imports by name (and, for `from package import name`,
    the submodule `name` where there is one)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(source.read_text())):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
    return {name for name in found if name == "fracas" or name.startswith("fracas.")}


def compiled_files() -> list[Path]:
    """The sources of `COMPILED_MODULES`, relative to src/."""
    files = []
    for name in COMPILED_MODULES:
        path = module_file(name)
        if path is None:
            raise SystemExit(f"{name}, in COMPILED_MODULES, has no source under src/")
        files.append(path)
    return files


def sources_of_build() -> list[str]:
    """The compiled modules' files and those of every fracas module they import, sorted:
    what the build's freshness depends on."""
    files = set(compiled_files())
    for path in list(files):
        for name in imported_modules(SOURCE_ROOT / path):
            imported = module_file(name)
            if imported is not None:
                files.add(imported)
    return sorted(str(path) for path in files)


def write_make_dependencies(sources: list[str]) -> None:
    """build/mypyc.d: the Makefile remakes the build when one of these changes."""
    listed = " \\\n    ".join(f"src/{name}" for name in sources)
    (BUILD_DIR.parent / "mypyc.d").write_text(f"build/compiled.stamp: \\\n    {listed}\n")


def build(into: Path) -> dict[str, str]:
    """Run mypyc and the C compiler; the extensions made, by module name, relative to
    `into`."""
    from mypyc.build import mypycify
    from setuptools import setup

    paths = [str(SOURCE_ROOT / path) for path in compiled_files()]
    generated = into.parent / "c"
    os.chdir(ROOT)  # mypy reads the project's settings (pyproject.toml) from here
    setup(
        name="fracas-compiled",
        ext_modules=mypycify(paths, opt_level="3", target_dir=str(generated)),
        script_args=[
            "--quiet",
            "build_ext",
            "--build-lib",
            str(into),
            "--build-temp",
            str(into.parent / "objects"),
        ],
    )
    extensions = {}
    for found in sorted(into.rglob("*.so")):
        relative = found.relative_to(into)
        name = ".".join(relative.parts).split(".cpython-")[0].split(".abi3")[0]
        extensions[name] = str(relative)
    missing = [name for name in COMPILED_MODULES if name not in extensions]
    if missing:
        raise SystemExit(f"mypyc made no extension for {', '.join(missing)}")
    return extensions


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--optional", action="store_true", help="warn instead of failing")
    optional = parser.parse_args().optional
    BUILD_DIR.parent.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix="mypyc-", dir=BUILD_DIR.parent))
    try:
        sources = sources_of_build()
        write_make_dependencies(sources)
        before = source_hash(sources)
        extensions = build(work / "lib")
        if source_hash(sources) != before:
            raise SystemExit("a source changed while it compiled: run it again")
        manifest = {
            "cache_tag": sys.implementation.cache_tag,
            "sources": sources,
            "source_hash": before,
            "extensions": extensions,
        }
        (work / "lib" / MANIFEST).write_text(json.dumps(manifest, indent=1) + "\n")
        old = BUILD_DIR.with_name(f"{BUILD_DIR.name}.old")
        shutil.rmtree(old, ignore_errors=True)
        if BUILD_DIR.exists():
            BUILD_DIR.rename(old)
        (work / "lib").rename(BUILD_DIR)
        shutil.rmtree(old, ignore_errors=True)
    except (Exception, SystemExit) as failure:
        if not optional:
            raise
        print(f"compile_fast_paths: no compiled build ({failure}); fracas runs as plain Python")
        return 0
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print(f"compile_fast_paths: {len(extensions)} extensions in {BUILD_DIR}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
