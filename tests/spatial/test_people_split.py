"""The blind people sets' development (a) and held-out (b) halves are the committed split of the whole set."""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

SPATIAL = Path(__file__).resolve().parents[2] / "bench" / "spatial"
SPLIT = SPATIAL / "people_split.py"


@pytest.mark.parametrize("name", ["fifth", "sixth", "seventh"])
def test_the_two_halves_are_the_committed_split_of_the_whole_set(name: str) -> None:
    """Half a and half b partition the set, kind by kind (a holds each kind's lower half), and are up to date."""
    done = subprocess.run([sys.executable, str(SPLIT), name, "--check"], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    whole = json.loads((SPATIAL / f"people_{name}.json").read_text(encoding="utf-8"))
    halves = [json.loads((SPATIAL / f"people_{name}_{h}.json").read_text(encoding="utf-8")) for h in "ab"]
    assert sorted(r["id"] for h in halves for r in h) == sorted(r["id"] for r in whole)
    assert not {r["id"] for r in halves[0]} & {r["id"] for r in halves[1]}
    for kind, n in Counter(r["kind"] for r in whole).items():
        assert sum(r["kind"] == kind for r in halves[0]) == n // 2


def test_an_unknown_set_is_refused_naming_the_sets() -> None:
    done = subprocess.run([sys.executable, str(SPLIT), "eighth"], capture_output=True, text=True, timeout=120)
    assert done.returncode == 2
    assert "fifth|sixth|seventh" in done.stderr
