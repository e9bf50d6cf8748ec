"""The ruleset-independent engine: dice, events, state, turns, conditions and the encounter."""
