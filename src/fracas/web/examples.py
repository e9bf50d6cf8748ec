"""The scenario templates a new encounter can start from: each ruleset's example files.

They are read from the `examples/` folder beside the source tree (a clone or an editable
install), or from the folder FRACAS_EXAMPLES names. A template is chosen by its file name
only, never by a path, so a request cannot read any other file.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from fracas.core.errors import FracasError

NAME = re.compile(r"[a-z0-9][a-z0-9_-]*\.yaml")
RULESET = re.compile(r"^ruleset:\s*([a-z0-9_-]+)", re.MULTILINE)


def folder() -> Path:
    found = os.environ.get("FRACAS_EXAMPLES")
    return Path(found) if found else Path(__file__).resolve().parents[3] / "examples"


def by_ruleset() -> dict[str, list[str]]:
    """Template file names grouped by the ruleset each declares, rulesets in name order."""
    groups: dict[str, list[str]] = {}
    where = folder()
    if not where.is_dir():
        return groups
    for path in sorted(where.glob("*.yaml")):
        match = RULESET.search(path.read_text(encoding="utf-8"))
        if match and NAME.fullmatch(path.name):
            groups.setdefault(match.group(1), []).append(path.name)
    return dict(sorted(groups.items()))


def read(name: str) -> tuple[str, str]:
    """A template's text and file name."""
    known = [n for names in by_ruleset().values() for n in names]
    if name not in known:
        raise FracasError(f"there is no template {name!r}; the templates are: {', '.join(known)}")
    return (folder() / name).read_text(encoding="utf-8"), name
