"""bench/spatial/dev_round9_compare.json is what bench/spatial/dev_round9_compare_oracles.py computes (plain
IfcOpenShell), so a hand-edited or stale file cannot score runs against the wrong answers."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
SCRIPT = REPO / "bench" / "spatial" / "dev_round9_compare_oracles.py"


def test_committed_dev_round9_compare_json_equals_the_oracles(shared_ifc: Path) -> None:
    done = subprocess.run([sys.executable, str(SCRIPT), "--ifc-dir", str(shared_ifc), "--check"],
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr
