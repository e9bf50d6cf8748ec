"""Reading a YAML file nobody vouched for, within bounds.

A scenario file may come from anyone (a shared link, the web table), so reading one must not
hang, exhaust memory or end in a traceback. Each bound below is documented in
docs/scenario-format.md ("Limits"):

- the file is read in one bounded gulp: more than `MAX_BYTES` is refused without reading on
  (so `/dev/zero` costs one megabyte, not all of memory);
- the text must be UTF-8; a bad byte is reported by its offset;
- raw control characters are refused with their line (YAML forbids them; escaped in a
  double-quoted string, such as "\\e[31m", they are data like any other text);
- nesting deeper than `MAX_DEPTH` is refused before anything recursive sees it;
- aliases are followed for their full expanded size, and a document that would expand past
  `MAX_NODES` nodes ("billion laughs") is refused before it is built;
- a key given twice in one mapping is refused with both lines, instead of the last one
  silently winning.

libyaml's C parser is used when PyYAML was built with it; the pure-Python one otherwise. The
checks walk the parser's event stream, which neither parser builds recursively.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import yaml

from fracas.core.errors import ScenarioError

MAX_BYTES = 1_048_576
"""1 MiB: a fight with thousands of scripted actions fits in a tenth of it."""
MAX_DEPTH = 64
"""Mappings and lists inside each other; a scenario needs about six."""
MAX_NODES = 500_000
"""Nodes once every alias is expanded: about what a 1 MiB file without aliases can hold."""

_BaseLoader: type[Any] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_CONTROL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x84\x86-\x9f\ud800-\udfff\ufffe\uffff]")


def _refusing_duplicates(base: type[Any]) -> type[Any]:
    """`base` (a safe loader), refusing a key that its mapping already has."""

    class Loader(base):  # type: ignore[misc]
        def construct_mapping(self, node: yaml.MappingNode, deep: bool = False) -> Any:
            seen: dict[Any, int] = {}
            for key_node, _ in node.value:
                if key_node.tag == "tag:yaml.org,2002:merge":
                    continue  # `<<: *base` then a key of its own overrides on purpose
                key = self.construct_object(key_node, deep=True)
                line = key_node.start_mark.line + 1
                try:
                    if key in seen:
                        raise _Duplicate(key, seen[key], line)
                    seen[key] = line
                except TypeError:
                    raise yaml.constructor.ConstructorError(
                        None, None, "a mapping key must be a plain value", key_node.start_mark
                    ) from None
            return super().construct_mapping(node, deep=deep)

    return Loader


_Loader = _refusing_duplicates(_BaseLoader)


class _Duplicate(Exception):
    def __init__(self, key: Any, first: int, again: int) -> None:
        super().__init__(key)
        self.key, self.first, self.again = key, first, again


def read_text(path: Path) -> str:
    """The file's text, refused when it is too large or not UTF-8."""
    try:
        with path.open("rb") as handle:
            raw = handle.read(MAX_BYTES + 1)
    except OSError as error:
        raise ScenarioError(f"{path}: cannot read: {error.strerror or error}") from None
    if len(raw) > MAX_BYTES:
        raise ScenarioError(
            f"{path}: larger than {MAX_BYTES} bytes; a scenario file is at most 1 MiB"
        )
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        line = raw.count(b"\n", 0, error.start) + 1
        raise ScenarioError(
            f"{path}: not UTF-8 text: byte 0x{raw[error.start]:02x} at offset {error.start} "
            f"(line {line}); save the file as UTF-8"
        ) from None
    return text.removeprefix("\ufeff")


def load_yaml(text: str, where: str) -> Any:
    """Parse one YAML document within the bounds above; refusals name the line."""
    _refuse_control(text, where)
    _check_events(text, where)
    try:
        return yaml.load(text, Loader=_Loader)  # a safe loader: plain data only
    except _Duplicate as twice:
        raise ScenarioError(
            f"{where}: line {twice.again}: key {twice.key!r} is given twice in one mapping "
            f"(first on line {twice.first}); give it once"
        ) from None
    except yaml.MarkedYAMLError as error:
        raise ScenarioError(f"{where}: {_marked(error)}") from None
    except yaml.YAMLError as error:
        raise ScenarioError(f"{where}: not valid YAML: {error}") from None
    except (ValueError, OverflowError, ArithmeticError, LookupError, AttributeError) as error:
        # PyYAML's constructors trust the text behind an explicit tag (`!!int`, `!!timestamp`)
        # and fail in their own ways when it is not one; the file is at fault, not fracas.
        raise ScenarioError(
            f"{where}: not valid YAML: a value could not be read ({type(error).__name__}: "
            f"{error}); check explicit tags such as !!int and !!timestamp"
        ) from None


def _refuse_control(text: str, where: str) -> None:
    found = _CONTROL.search(text)
    if found is None:
        return
    line = text.count("\n", 0, found.start()) + 1
    column = found.start() - text.rfind("\n", 0, found.start())
    code = ord(found.group())
    escape = f' (write it escaped in a double-quoted string, "\\x{code:02x}", to keep it)'
    raise ScenarioError(
        f"{where}: line {line}, column {column}: control character U+{code:04X} is not "
        f"allowed in YAML{escape if code < 0x100 else ''}"
    )


def _check_events(text: str, where: str) -> None:
    """Depth and expanded size, from the event stream: nothing is built yet.

    `expanded` counts every node as if each alias were a copy of what it names, which is
    what anything walking the loaded data (validation, printing) would pay for.
    """
    sizes: dict[str, int] = {}
    open_frames: list[tuple[str | None, int]] = []
    expanded = 0
    try:
        for event in yaml.parse(text, Loader=_BaseLoader):
            line = event.start_mark.line + 1 if event.start_mark else 0
            if isinstance(event, yaml.CollectionStartEvent):
                open_frames.append((event.anchor, expanded))
                expanded += 1
                if len(open_frames) > MAX_DEPTH:
                    raise ScenarioError(
                        f"{where}: line {line}: nested more than {MAX_DEPTH} levels deep; "
                        "a scenario needs far fewer"
                    )
            elif isinstance(event, yaml.CollectionEndEvent):
                anchor, start = open_frames.pop()
                if anchor is not None:
                    sizes[anchor] = expanded - start
            elif isinstance(event, yaml.ScalarEvent):
                expanded += 1
                if event.anchor is not None:
                    sizes[event.anchor] = 1
            elif isinstance(event, yaml.AliasEvent):
                anchor = str(event.anchor)
                if any(a == anchor for a, _ in open_frames):
                    raise ScenarioError(
                        f"{where}: line {line}: alias *{anchor} refers to a value that "
                        "contains it; a scenario is a tree, not a loop"
                    )
                expanded += sizes.get(anchor, 1)
            if expanded > MAX_NODES:
                raise ScenarioError(
                    f"{where}: line {line}: the document expands past {MAX_NODES} values "
                    "once its aliases are followed; a scenario needs few aliases, if any"
                )
    except yaml.MarkedYAMLError as error:
        raise ScenarioError(f"{where}: {_marked(error)}") from None
    except yaml.YAMLError as error:
        raise ScenarioError(f"{where}: not valid YAML: {error}") from None


def _marked(error: yaml.MarkedYAMLError) -> str:
    mark = error.problem_mark
    place = f"line {mark.line + 1}, column {mark.column + 1}" if mark else "somewhere"
    return f"not valid YAML at {place}: {error.problem}"
