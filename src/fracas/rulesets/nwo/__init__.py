"""`nwo`: tile grid, contested 2d6, engagement, armor hitpoints, crit effects (seed 000)."""

from fracas.rulesets.nwo.ruleset import Nwo

RULESET = Nwo()

__all__ = ["RULESET", "Nwo"]
