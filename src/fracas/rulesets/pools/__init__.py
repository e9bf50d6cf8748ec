"""`pools`: d6 success pools, a line of 5-metre distances with altitude, cover dice, armor
categories (seed 004)."""

from fracas.rulesets.pools.ruleset import Pools

RULESET = Pools()

__all__ = ["RULESET", "Pools"]
