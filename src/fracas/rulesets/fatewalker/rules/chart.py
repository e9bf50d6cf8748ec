"""The wound chart in one short line for `fracas run`'s table, a character per Normal column:

    T3/5 N[X/2.....] M0/5 -3 will3/4 energy4/5 bleeds@23

`X` a column full of normal damage, `/` a full column holding stun (the seed's marks: "X's
for regular damage and /'s for stun"), a digit a column partly filled, `.` an empty one;
then the penalty, and Will, shield energy and bleeding where they matter. Stun is drawn
after the normal damage (gap 34: where it is drawn changes nothing).
"""

from __future__ import annotations

from fracas.core.state import Status
from fracas.rulesets.fatewalker.walker import Walker


def columns(person: Walker) -> str:
    chart = person.chart
    h = chart.column_height
    boxes = "X" * person.normal + "/" * person.stun
    marks = []
    for start in range(0, chart.columns * h, h):
        column = boxes[start : start + h]
        if len(column) == h:
            marks.append("/" if "/" in column else "X")
        else:
            marks.append(str(len(column)) if column else ".")
    return "".join(marks)


def compact(person: Walker) -> str:
    chart = person.chart
    parts = [
        f"T{person.temporary}/{chart.temporary}",
        f"N[{columns(person)}]",
        f"M{person.mortal}/{chart.mortal}",
    ]
    if person.wound_penalty:
        parts.append(f"-{person.wound_penalty}")
    if person.will_spent:
        parts.append(f"will{person.will_left}/{person.attributes.will}")
    if person.energy_shield is not None:
        parts.append(f"energy{person.energy}/{person.energy_shield.reserve}")
    if person.bleeds_at is not None and person.status != Status.DEAD:
        parts.append(f"bleeds@{person.bleeds_at}")
    return " ".join(parts)
