"""`tiers`: square grid with facing, contested d20 exchanges, gear Tiers bounded by Body
(seed 001)."""

from fracas.rulesets.tiers.ruleset import Tiers

RULESET = Tiers()

__all__ = ["RULESET", "Tiers"]
