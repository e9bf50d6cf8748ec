"""Scenario YAML built to blow up the reader: aliases multiplying each other ("billion
laughs") in flow and block style, merge keys, and nesting in lists and mappings. Each is read
within the bounds of `fracas.yaml_input` or refused with one `ScenarioError` naming the line
(issue 12, part 3); whatever is read holds no more than `MAX_NODES` values once expanded, so
nothing walking it afterwards can blow up either."""

from __future__ import annotations

from typing import Any

from hypothesis import example, given
from hypothesis import strategies as st

from fracas.core.errors import ScenarioError
from fracas.yaml_input import MAX_DEPTH, MAX_NODES, load_yaml


def expanded_size(value: Any, budget: int) -> int:
    """Values in `value` with every shared part counted again, as a walk would meet them;
    stops counting past `budget`, so a test of a blow-up cannot blow up itself."""
    count, stack = 0, [value]
    while stack and count <= budget:
        item = stack.pop()
        count += 1
        if isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return count


def laughs(levels: int, fan_out: int, block: bool) -> str:
    lines = ["a0: &a0 lol"]
    for level in range(1, levels + 1):
        names = [f"*a{level - 1}"] * fan_out
        if block:
            lines.append(f"a{level}: &a{level}")
            lines.extend(f"  - {name}" for name in names)
        else:
            lines.append(f"a{level}: &a{level} [{', '.join(names)}]")
    return "\n".join(lines) + "\n"


def read_or_refused(text: str) -> Any:
    try:
        loaded = load_yaml(text, "fuzz.yaml")
    except ScenarioError as error:
        assert str(error).startswith("fuzz.yaml: "), str(error)
        return None
    assert expanded_size(loaded, MAX_NODES * 2) <= MAX_NODES * 2
    return loaded


@given(st.integers(1, 30), st.integers(1, 12), st.booleans())
@example(9, 10, False)  # the classic: 10**9 values from a few hundred bytes
@example(30, 2, True)
def test_aliases_multiplying_each_other_are_read_or_refused(
    levels: int, fan_out: int, block: bool
) -> None:
    loaded = read_or_refused(laughs(levels, fan_out, block))
    if fan_out**levels > MAX_NODES * 2:
        assert loaded is None, "a document past the bound was read"


@given(st.integers(1, 30), st.integers(1, 8))
@example(20, 4)
def test_merge_keys_multiplying_each_other_are_read_or_refused(levels: int, width: int) -> None:
    """`<<: *base` copies a mapping's keys; merged mappings merged again grow like aliases."""
    lines = ["m0: &m0 {" + ", ".join(f"k{i}: {i}" for i in range(width)) + "}"]
    for level in range(1, levels + 1):
        refs = ", ".join(f"x{i}: *m{level - 1}" for i in range(width))
        lines.append(f"m{level}: &m{level} {{<<: *m{level - 1}, {refs}}}")
    read_or_refused("\n".join(lines) + "\n")


NESTERS = st.sampled_from([("[", "]"), ("{a: ", "}"), ("- ", ""), ("{? ", ": 1}")])


@given(st.lists(NESTERS, min_size=1, max_size=MAX_DEPTH * 3))
@example([("[", "]")] * (MAX_DEPTH + 1))
@example([("[", "]")] * 5000)
def test_nesting_of_any_mix_is_read_or_refused(nesters: list[tuple[str, str]]) -> None:
    text = "x: " + "".join(o for o, _ in nesters).replace("- ", "[") + "1"
    text += "".join("]" if o == "- " else c for o, c in reversed(nesters))
    loaded = read_or_refused(text)
    if len(nesters) + 1 > MAX_DEPTH:
        assert loaded is None, "nesting past the bound was read"
