"""Demo encounters for `fracas serve --demo` (`make run`): one per ruleset, from the first
of its example files, with a player link for each side but the last (the GM plays that)."""

from __future__ import annotations

from collections.abc import Iterator

from fracas.store import EncounterStore
from fracas.web import examples


def start_demos(store: EncounterStore, base: str) -> Iterator[str]:
    """Create the demos and yield the lines that tell a person where to go."""
    for ruleset, names in examples.by_ruleset().items():
        text, name = examples.read(names[0])
        created = store.create(text, source=name, title=f"demo: {name[:-5]}")
        yield f"{ruleset:<11} GM      {base}/gm/{created.gm_token}"
        state = store.load(created.encounter_id).encounter.state
        sides = list(dict.fromkeys(c.side for c in state.combatants))
        for side in sides[:-1] or sides:
            mine = [c.id for c in state.combatants if c.side == side]
            token = store.add_player_link(created.encounter_id, mine, label=side)
            yield f"{'':<11} {side[:7]:<7} {base}/play/{token}"
