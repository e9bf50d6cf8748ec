"""The tiers fast path's numbers: what a fight's lists hold, and each fighter's sheet and the
options read once per fork (see the package's docstring)."""

from __future__ import annotations

from fracas.core.state import Status
from fracas.rulesets.tiers.options import TiersOptions
from fracas.rulesets.tiers.sheet import Weapon
from fracas.rulesets.tiers.warrior import Tile, Warrior

ACTIVE, UNCONSCIOUS, DEAD = 0, 1, 2
EDGES = frozenset({1, 20})
"""The natural faces that make a crit."""
STATUSES = {Status.ACTIVE: ACTIVE, Status.UNCONSCIOUS: UNCONSCIOUS, Status.DEAD: DEAD}

TURN_ACTIONS = 20
"""Actions in one turn past which the fight is handed back to the engine. The tactics take
at most five (a step, the blow, a step, a turn to face, the end); more would be a loop,
which the engine's own stall check judges (`runner.STALL_LIMIT`)."""

KEPT = 200_000
"""Situations, bouts, crits and gear numbers remembered per fork before that memory starts
over (a few tens of megabytes at most)."""

UNARMED = -1
"""The weapon index of bare hands (or a race's natural weapon)."""
ARMOR, NAT_ARMOR, SHIELD, NATURAL = 1000, 1001, 1002, 1003
"""What a crit may lower besides a weapon (a weapon is its index): rules/crits.py's
`armor`, `natural_armor`, `shield` and `natural_weapon`."""

MELEE, UNARMED_KIND, BOW, THROWN = range(4)
KINDS = {"melee": MELEE, "bow": BOW, "thrown": THROWN}

# what the tactics chose: (kind, foe, tile, number): the tile walked to; the number is the gap
# to the foe struck, or the facing (index of FACINGS) that turns toward the foe faced
END, ATTACK, MOVE, FACE = range(4)
Choice = tuple[int, int, Tile, int]
ENDING: Choice = (END, -1, (0, 0), 0)
Layout = tuple[Tile | None, ...]
"""Each fighter's tile while it stands, None once fallen: all the tactics' checks read."""
Answer = tuple[int, int, int]
"""A defender's melee choice: (weapon, skill, reach)."""
Gear = tuple[int, ...]
"""What crits may lower on a fighter, as one key: armor, natural armor, shield, natural
weapon, then each weapon's Tier."""


def gear_key(
    armor: list[int],
    natural_armor: list[int],
    shield: list[int],
    natural_weapon: list[int],
    tiers: list[list[int]],
    n: int,
) -> Gear:
    return (armor[n], natural_armor[n], shield[n], natural_weapon[n], *tiers[n])


class FighterSheet:
    """What never changes about a fighter during a fight, as plain numbers."""

    __slots__ = (
        "answers",
        "best_skill",
        "body",
        "carried",
        "clawed",
        "cloaks",
        "foes",
        "index",
        "kind",
        "main",
        "mine",
        "move",
        "natural_reach",
        "range",
        "reflex",
        "shielded",
        "side",
        "skill",
        "theirs",
        "wielded",
    )

    def __init__(self, w: Warrior, index: int) -> None:
        self.index = index
        self.side = 0
        self.foes: list[int] = []
        self.body = w.body
        self.reflex = w.reflex
        self.move = w.race.move
        self.cloaks = w.cloaks
        self.clawed = w.race.natural_weapon > 0
        """exchange._wields_a_weapon reads the race's Tier, not the one crits lowered."""
        self.shielded = w.shield_equipped
        self.best_skill = w.skills.best_weapon_skill()
        self.natural_reach = max(1, w.race.natural_reach)  # arms.arm, bare hands
        ids = {x.id: n for n, x in enumerate(w.weapons)}
        self.main = UNARMED if w.main is None else ids[w.main]
        self.wielded = [] if w.main is None else [self.main]
        self.carried = list(range(len(w.weapons))) if w.main is None else []
        """The weapons tactics._rearm may take up: only with bare hands."""
        # the arm the tactics strike with (arms.arm of the main hand)
        if w.main is None:
            self.kind, self.skill, self.mine, self.range = UNARMED_KIND, w.skills.unarmed, 0, 0
            self.mine = self.natural_reach
        else:
            weapon = w.weapons[self.main]
            self.kind = KINDS[weapon.kind]
            self.skill = weapon_skill(w, weapon)
            self.mine = (weapon.reach or 0) if weapon.is_melee else 0
            self.range = (weapon.range or 0) + w.race.range_bonus
        # arms.melee_choices: (weapon, skill, reach), bare hands first, then the sheet's order
        self.answers: list[tuple[int, int, int]] = [(UNARMED, w.skills.unarmed, self.natural_reach)]
        for n, weapon in enumerate(w.weapons):
            if weapon.is_melee:
                skill = w.skills.two_handed if weapon.hands == 2 else w.skills.main_hand
                self.answers.append((n, skill, weapon.reach or 0))
        self.theirs = max(reach for _, _, reach in self.answers)


def weapon_skill(w: Warrior, weapon: Weapon) -> int:
    """arms.skill_for in the main hand."""
    skills = w.skills
    if weapon.kind == "melee":
        return skills.two_handed if weapon.hands == 2 else skills.main_hand
    return skills.bow if weapon.kind == "bow" else skills.thrown


class Readings:
    """The modelled options as the plain flags the rules test, read once per fork."""

    __slots__ = (
        "cloaks",
        "covered",
        "crits",
        "death",
        "faces_target",
        "forced",
        "least",
        "ten_armor",
        "tie",
        "unarmed_counters",
        "uncontested_crits",
    )

    def __init__(self, opts: TiersOptions) -> None:
        self.tie = opts.tie
        self.death = opts.death
        self.crits = opts.crits
        self.uncontested_crits = opts.uncontested_crits
        self.least = opts.min_damage
        self.cloaks = opts.cloaks_add_to_armor
        self.covered = opts.natural_armor_under_worn == "covered"
        self.unarmed_counters = opts.unarmed_counterattacks
        self.faces_target = opts.attacker_faces_target
        self.forced = opts.natural_crit_fail == "used_weapon"
        self.ten_armor = opts.crit_fail_ten_armor == "counts"
