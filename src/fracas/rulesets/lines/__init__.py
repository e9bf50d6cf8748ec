"""`lines`: six battle lines, d6 + attribute rolls against a Dexterity defense (seed 002)."""

from fracas.rulesets.lines.ruleset import Lines

RULESET = Lines()

__all__ = ["RULESET", "Lines"]
