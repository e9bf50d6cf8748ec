"""The `pools` simulation fast path: its rules and tactics restated over plain lists.

Why this package exists: `fracas sim` plays a fight through the engine, where every rule
emits events that `evolve` applies to frozen states and the tactics verify each wish. For
the squad assault that is about a hundred times the cost of the fight's dice (issue 10 asks
for at most 10). Here one fight is a handful of lists of numbers changed in place, and the
tactics' wishes are checked by the few comparisons their rules make; no event, state or
action object is built.

It is a restatement, so it is held to the engine: tests/sim/test_pools_fastpath.py plays
the pools examples it covers, and generated sheets and options, through both, seed for
seed, and compares every trial; the dice are drawn from the same generator in the same
order. Each piece names the engine code it mirrors: compiled.py reads the fork (and says what
is declined), board.py holds a fight's lists and the small rules every action asks,
tactics.py chooses, fight.py plays the loop and resolves.

What it models: the line with altitude, cover, melee and its free attacks on a leaver,
shooting (rate of fire, ammunition, range and view penalties, cover, friendly fire), armor,
grappling and every follow-up the tactics use (break free, pin, human shield and the body
as cover, disarm, drag, devour), thrown weapons, a flyer's step down and the fall of the
downed from the air, and every option those rules read. It declines (`fast_path` answers
None, the engine plays every trial) a fork with anything else: stealth and ambushes
(someone hidden, an ambush edge), traps, triggers, mounts, darkness or fog,
`weak_cover_hides`, conditions the rules did not put there, or a policy other than
`tactics`. A fight that would stall (nobody able to act for three rounds, which the rules'
outcome check prevents) is handed back to the engine the same way, as lines' fast path
hands back a turn that never ends.

When a rule of pools/rules or pools/tactics.py changes, change it here too: the identity
test fails until both agree.
"""

from fracas.rulesets.pools.fastpath.compiled import compile_fast_path

__all__ = ["compile_fast_path"]
