"""`fatewalker`: half-second ticks, roll-under d10 pools, promoted damage dice (seed 003)."""

from fracas.rulesets.fatewalker.ruleset import Fatewalker

RULESET = Fatewalker()

__all__ = ["RULESET", "Fatewalker"]
