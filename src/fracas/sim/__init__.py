"""Monte Carlo of whole fights: fork an encounter after its scripted part, play it out many
times with a policy per side, and say how likely each side is to win, and at what cost.

`simulate` is the Python entry point; `fracas sim` (cli/sim_command.py) prints its report.
docs/simulation.md says what the numbers mean and how to run it on a Dask cluster.
"""

from __future__ import annotations

from fracas.sim.run import Options, simulate

__all__ = ["Options", "simulate"]
