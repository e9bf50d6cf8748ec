"""Healing within a fight (Environmental Scenes, "Apply Serum" and "Stabilize")."""

from __future__ import annotations

from fracas.rulesets.fatewalker.events import BleedingScheduled, Healed, PoolRolled, Stabilizing
from tests.rulesets.fatewalker.helpers import Fight, walker

MAUL = {"id": "maul", "damage": "4x1", "speed": 20}
CHART = {"temporary": 0, "columns": 1, "column_height": 2, "mortal": 5}


def hurt_bo(more: tuple[int, ...] = (), **cy: object) -> Fight:
    """ada's maul deals bo 4: 2 normal, 2 mortal, bleeding from tick 1 + 6; cy (bo's side,
    1 m from bo) acts at tick 5."""
    ada = walker("ada", "a", weapons=[MAUL])
    bo = walker("bo", "b", x=1, start=99, wounds=CHART, spend_will="never")
    medic = walker("cy", "b", x=1, y=1, start=5, **cy)
    dice = [1, 2, 9, 1, 1, 1, 1, *more]
    fight = Fight(ada, bo, medic, dice=dice, options={"promotions": "net_minus_two"})
    fight.act("ada", "strike", target="bo", weapon="maul", reaction="none")
    return fight


def test_serum_heals_three_and_stabilizes() -> None:
    """L1749-1753: "it is a 10 tick action"; "Serum immediately heals 3 wounds"; "If the
    subject has less than 3 Mortal Wounds remaining after the heal, they are considered
    stabilized"."""
    fight = hurt_bo(aid={"serum": 1})
    assert (fight.get("bo").normal, fight.get("bo").mortal) == (2, 2)
    fight.act("cy", "apply_serum", target="bo")
    healed = fight.events(Healed)[0]
    assert (healed.amount, healed.mortal, healed.normal) == (3, 0, 1)
    assert fight.events(BleedingScheduled)[-1].tick is None
    assert fight.clock.next_tick("cy") == 15
    assert fight.get("cy").aid.serum == 0
    fight.refuse("cy", "apply_serum", "cy has no Serum left", target="bo")


def test_stabilize_stops_the_bleeding_once_the_net_reaches_the_mortal_boxes() -> None:
    """L1733-1740: Awareness(Survival); "A Medkit adds its rating"; "an additional penalty
    equal to half the total boxes of Mortal damage"; "Each roll takes 20 ticks"; "Net
    successes ... Successes -2"; "a total number of net successes equal to current boxes of
    Mortal Wounds" stops all bleeding."""
    kit = {"attributes": {"awareness": 6}, "skills": {"survival": 4}, "aid": {"medkit": 2}}
    fight = hurt_bo(more=(1, 2, 3, 1, 9, 9, 9), **kit)  # 4 successes of 7 dice: net 2
    fight.act("cy", "stabilize", target="bo")
    rolled = fight.events(PoolRolled)[-1]
    assert (rolled.dice, rolled.tn, rolled.successes) == (7, 4, 4)  # 6 + 2 kit - 1 mortal
    assert fight.events(Stabilizing)[-1].total is None
    assert fight.events(BleedingScheduled)[-1].tick is None
    assert fight.clock.next_tick("cy") == 25


def test_stabilize_needs_mortal_wounds() -> None:
    """L1741: "Stabilize has no effect on a subject not suffering from mortal wounds"."""
    fight = Fight(walker("ada", "a"), walker("bo", "b", x=1))
    fight.refuse("ada", "stabilize", "bo has no Mortal wounds", target="bo")
