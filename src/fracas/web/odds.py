"""The odds beside a panel's options, worked out only for the group a user opens.

Exact odds cost from milliseconds to over a second per panel (a resolver walk per option),
and a panel is rebuilt for the GM and the acting player at every step, mostly by people who
never open most of its groups. So the snapshot's panel carries no odds (`table.py` builds it
with `odds=False`), and the page asks for a group's odds when it is opened. The answer is
`core.choices.choice_odds` for exactly the options that seat's panel offers at that step,
cached per (encounter, step, seat, group): every browser of the seat shares one walk, and a
step never changes once taken, so nothing cached can go stale.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, cast

from fracas.core.choices import ActionChoice, choice_odds
from fracas.core.mapview import SOMEONE_AT
from fracas.core.ruleset import BaseRuleset
from fracas.web.kept import Kept
from fracas.web.seat import Refused, Seat
from fracas.web.table import Snapshot, Tables

CACHE_SIZE = 512
"""Groups' odds kept per server: a few per open panel."""
GroupOdds = tuple[Mapping[str, Any] | None, ...]


class MovedOn(Exception):
    """The odds were asked for a step the fight has left; `snapshot` is the current one."""

    def __init__(self, snapshot: Snapshot) -> None:
        super().__init__(f"the fight moved on: it is at step {snapshot.seq} now")
        self.snapshot = snapshot


class PanelOdds:
    def __init__(self, tables: Tables) -> None:
        self.tables = tables
        self._kept: Kept[GroupOdds] = Kept(CACHE_SIZE)

    def group(self, seat: Seat, seq: int, do: str) -> GroupOdds:
        """The odds of each option of the seat's `do` group at step `seq`, in the panel's
        order; None where an option has none (not aimed, too many branches, or aimed at
        someone the player's map shows unidentified, whose odds would say who it is)."""
        snapshot = self.tables.snapshot(seat)
        if snapshot.seq != seq:
            raise MovedOn(snapshot)
        choice = next((c for c in snapshot.choices if c.do == do), None)
        if choice is None:
            raise Refused(f"the panel at step {seq} offers no {do!r}", 404)
        key = (seat.encounter_id, seq, seat.role, snapshot.viewer, seat.combatants, do)
        return self._kept.get(key, lambda: self._work_out(seat, seq, choice))

    def _work_out(self, seat: Seat, seq: int, choice: ActionChoice) -> GroupOdds:
        """From the stored fight, which must still be at the step the panel was built for."""
        loaded = self.tables.store.load(seat.encounter_id)
        if loaded.seq != seq:
            raise MovedOn(self.tables.snapshot(seat))
        ruleset = cast(BaseRuleset, loaded.encounter.ruleset)
        state = loaded.encounter.state
        return tuple(
            None
            if SOMEONE_AT in json.dumps(option.action)
            else choice_odds(ruleset, state, ruleset.parse_action(option.action))
            for option in choice.options
        )
