"""Initiative (Dramatic Scenes, "Initiative", "Late to the Party", "Surprise/Ambush").

"A character resolves their starting Action Tick as 10 - Awareness(4) roll (minimum of 1)";
a surprised side resolves it "as (10 + penalty) - Successes"; one who becomes aware later
rolls then and joins "at Current Tick + Initiative roll". Dice order: the combatants aware
at the start, in listing order, one Awareness pool each (none for a `start_tick` the
scenario fixes).
"""

from __future__ import annotations

from fracas.core.ticks import ActionTickSet
from fracas.core.transaction import Transaction
from fracas.rulesets.fatewalker.rules import roll
from fracas.rulesets.fatewalker.rules.common import options, walker

BASE = 10
TN = 4


def initiative_roll(tx: Transaction, who: str, *, at_start: bool = True) -> tuple[int, str]:
    """The ticks until `who` acts, and how they came about; the GM's surprise penalty is for
    the outbreak of the fight, not for a late comer."""
    person = walker(tx.state, who)
    opts = options(tx.state)
    dice = roll.pool(person.attributes.awareness, TN, wounds=person.wound_penalty, cap=10)
    successes = roll.roll(tx, who, "initiative", dice, opts)
    penalty = opts.surprise.get(person.side, 0) if at_start else 0
    ticks = max(1, BASE + penalty - successes)
    surprised = f" + {penalty} surprised" if penalty else ""
    return ticks, f"initiative: 10{surprised} - {successes} = {BASE + penalty - successes}"


def roll_initiative(tx: Transaction) -> tuple[str, ...]:
    for person in tx.state.combatants:
        sheet = walker(tx.state, person.id)
        if sheet.start_tick is not None:
            tx.emit(ActionTickSet(combatant=person.id, tick=sheet.start_tick, why="fixed"))
        elif sheet.aware_at is None:
            tick, why = initiative_roll(tx, person.id)
            tx.emit(ActionTickSet(combatant=person.id, tick=tick, why=why))
    return tuple(c.id for c in tx.state.combatants)
