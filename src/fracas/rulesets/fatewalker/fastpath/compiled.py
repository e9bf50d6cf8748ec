"""What never changes in a fatewalker fast-path fight, compiled once per fork: the options as
flags and tables, each weapon's numbers, each fighter's profile."""

from __future__ import annotations

from fracas.rulesets.fatewalker.options import FatewalkerOptions
from fracas.rulesets.fatewalker.rules import roll
from fracas.rulesets.fatewalker.rules.damage import DamagePool
from fracas.rulesets.fatewalker.rules.maneuvers import EVASIONS, MELEE, shortfall
from fracas.rulesets.fatewalker.rules.melee import LONG, SIZE_PENALTY
from fracas.rulesets.fatewalker.sheet import Weapon
from fracas.rulesets.fatewalker.walker import Walker, capacity

PARRY = MELEE["parry"]
DODGE = EVASIONS["dodge"]
ATTACK = MELEE["attack"]


class Readings:
    """The options as the plain numbers and flags the rules test, read once per fork."""

    __slots__ = (
        "cancel_first",
        "cap",
        "consciousness",
        "dodge_ties",
        "fade",
        "half_energy",
        "net_minus_two",
        "parry_cancels",
        "reads",
        "succeeds",
        "surprise",
    )

    def __init__(self, opts: FatewalkerOptions) -> None:
        self.cap = opts.tn_cap
        self.net_minus_two = opts.promotions == "net_minus_two"
        self.dodge_ties = opts.dodge_tie == "defender"
        self.parry_cancels = opts.parry == "successes"
        self.cancel_first = opts.cancel == "before_absorb"
        self.half_energy = opts.shield_cap == "half_energy"
        self.consciousness = opts.consciousness
        self.fade = opts.temporary_fade
        self.surprise = dict(opts.surprise)
        # roll.reads and roll.succeeds, tabled by TN (0-10) and face (index 0 unused)
        self.reads = [roll.reads(face, opts) for face in range(11)]
        self.succeeds = [
            [roll.succeeds(face, tn, opts) if face else False for face in range(11)]
            for tn in range(11)
        ]


class Arm:
    """A weapon compiled: its reach, damage and the numbers its strike and parry use."""

    __slots__ = (
        "cost",
        "groups",
        "kind",
        "parry_cost",
        "pool",
        "reach",
        "shifted",
        "size_bonus",
        "stun",
    )

    def __init__(self, weapon: Weapon) -> None:
        self.pool = weapon.pool
        self.shifted: dict[int, DamagePool] = {}
        """The pool promoted or demoted by each shift met so far (harm.against)."""
        self.groups = self.pool.groups
        self.reach = weapon.reach
        self.kind = weapon.type
        self.stun = weapon.stun
        self.size_bonus = SIZE_PENALTY[LONG].get(weapon.size, 0) or 0  # melee.size_penalty
        self.cost = max(1, weapon.speed + (ATTACK.ticks or 0))  # melee.tick_cost
        self.parry_cost = max(1, weapon.speed + (PARRY.ticks or 0))


class Profile:
    """What never changes about a fighter during a fight."""

    __slots__ = (
        "absorb",
        "agility",
        "arm_by_id",
        "arms",
        "awareness",
        "bleed_every",
        "can_parry",
        "capacity",
        "cells",
        "chart_mortal",
        "chart_temporary",
        "column",
        "deflection",
        "dodge_bonus",
        "energy",
        "max_absorb",
        "min_activation",
        "parry_arm",
        "per_column",
        "prowess",
        "recharge",
        "reserve",
        "resilience",
        "resilience_skill",
        "side",
        "spend_will",
        "start_marks",
        "start_tick",
        "weaponry",
        "will",
        "will_spent",
    )

    def __init__(self, person: Walker, opts: FatewalkerOptions) -> None:
        attrs, skills, chart = person.attributes, person.skills, person.chart
        self.side = 0
        self.prowess = attrs.prowess
        self.awareness = attrs.awareness
        self.resilience = attrs.resilience
        self.will = attrs.will  # walker.will_track without powers
        self.weaponry = skills.weaponry
        self.agility = skills.agility
        self.resilience_skill = skills.resilience
        # tactics._weapons: biggest damage pool first (a stable sort), bare hands last
        ordered = sorted(person.weapons, key=lambda w: -w.pool.maximum)
        self.arms = [Arm(w) for w in ordered]
        self.arm_by_id = {w.id: arm for w, arm in zip(ordered, self.arms, strict=True)}
        self.parry_arm = Arm(person.weapons[0])  # defence.in_hand: the first on the sheet
        self.can_parry = not shortfall(PARRY, skills)
        self.dodge_bonus = DODGE.bonus - shortfall(DODGE, skills)
        armor = person.armor
        self.deflection = {
            kind: (getattr(armor.deflection, kind) if armor else 0)
            for kind in ("physical", "slug", "energy")
        }
        self.absorb = armor.absorb if armor else 0
        shield = person.energy_shield
        self.energy = person.energy
        self.max_absorb = shield.max_absorb if shield else 0
        self.min_activation = shield.min_activation if shield else 0
        self.recharge = shield.recharge if shield else 0
        self.reserve = shield.reserve if shield else -1  # -1: no shield
        self.chart_temporary = chart.temporary
        self.column = chart.column_height
        self.per_column = chart.penalty_per_column
        self.cells = chart.columns * chart.column_height
        self.chart_mortal = chart.mortal
        self.capacity = capacity(chart)
        self.bleed_every = max(1, attrs.prowess + attrs.will)  # wounds.bleed_interval
        self.spend_will = person.spend_will
        self.will_spent = person.will_spent
        self.start_tick = person.start_tick
        self.start_marks = (person.temporary, person.normal, person.stun, person.mortal)
