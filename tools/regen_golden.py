"""Re-bless the golden fights after a deliberate rules change: `python tools/regen_golden.py`.

Read the diff (`git diff tests/golden`) before committing: every changed line is a changed roll,
number or decision, and each one should be explained by the change you made.
"""

from __future__ import annotations

from pathlib import Path

from fracas.golden import golden_lines

ROOT = Path(__file__).resolve().parents[1]
GOLDEN = {
    ROOT / "tests/golden/lines/skirmish.jsonl": (ROOT / "examples/lines-skirmish.yaml", 7),
    ROOT / "tests/golden/nwo/firefight.jsonl": (ROOT / "examples/nwo-firefight.yaml", 20),
    ROOT / "tests/golden/tiers/duel.jsonl": (ROOT / "examples/tiers-duel.yaml", 3),
    ROOT / "tests/golden/tiers/dark-room.jsonl": (ROOT / "examples/tiers-dark-room.yaml", 3),
    ROOT / "tests/golden/pools/squad-assault.jsonl": (
        ROOT / "examples/pools-squad-assault.yaml",
        4,
    ),
    ROOT / "tests/golden/fatewalker/duel.jsonl": (ROOT / "examples/fatewalker-duel.yaml", 5),
}

if __name__ == "__main__":
    for target, (scenario, seed) in GOLDEN.items():
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text("\n".join(golden_lines(scenario, seed)) + "\n", encoding="utf-8")
        print(f"wrote {target.relative_to(ROOT)}")
