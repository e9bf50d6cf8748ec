"""The wound chart, kept minimal (Dramatic Scenes, "Wounds"; digest section 3.18).

Damage from one source fills Temporary first, "up to Resilience points ... until the section
is full", then the Normal columns ("one vertical column at a time"), then Mortal; "A character
expires the moment they run out of Mortal Wounds". Not yet: stun and its conversion,
consciousness rolls, bleeding, temporary wounds fading, Will spent against damage.
"""

from __future__ import annotations

from fracas.core.transaction import Transaction
from fracas.rulesets.fatewalker.events import Expired, Wounded
from fracas.rulesets.fatewalker.walker import Walker, capacity


def wound(tx: Transaction, target: Walker, amount: int) -> None:
    if amount <= 0:
        return
    chart = target.chart
    room = max(0, chart.temporary - target.temporary)
    temporary = min(amount, room, target.attributes.resilience)
    rest = amount - temporary
    normal_room = chart.columns * chart.column_height - target.normal
    normal = min(rest, normal_room)
    mortal = min(rest - normal, chart.mortal - target.mortal)
    filled = target.temporary + temporary + target.normal + normal + target.mortal + mortal
    tx.emit(
        Wounded(
            target=target.id,
            amount=amount,
            temporary=target.temporary + temporary,
            normal=target.normal + normal,
            mortal=target.mortal + mortal,
            hp=capacity(chart) - filled,
        )
    )
    if target.mortal + mortal >= chart.mortal:
        tx.emit(Expired(target=target.id))
