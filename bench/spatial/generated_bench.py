"""What the generated spatial benches share (typos.py, relations.py, framing.py, broaden.py, negation.py,
property_lookup.py): the case files' layout, the seeded choices and the base questions a scored run answered.

Each generator writes its cases with :func:`dumps` (the committed files are compared with a fresh run by the
tests, so the layout is one function), draws with :func:`seed` (stable across machines and Python versions, unlike
``hash``) and, when it perturbs questions ifcqa already answers, reads them with :func:`read_bases`.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any


def dumps(cases: list[dict[str, Any]]) -> str:
    return json.dumps(cases, indent=1, ensure_ascii=False) + "\n"


def seed(*parts: str) -> int:
    """A stable integer from ``parts`` (for ``random.Random`` and seeded orders)."""
    return int(hashlib.sha256("\x00".join(parts).encode()).hexdigest()[:12], 16)


def read_bases(sets: Iterable[str], here: Path, run_root: Path) -> list[list[str]]:
    """(set, id) of every non-decline question of ``sets`` (files ``here/<set>.json``) that the run under
    ``run_root`` (``score_all.sh``'s layout: ``<set>/records.jsonl``) scored 1.0."""
    out: list[list[str]] = []
    for name in sets:
        cases = {c["id"]: c for c in json.loads((here / f"{name}.json").read_text(encoding="utf-8"))}
        path = run_root / name / "records.jsonl"
        if not path.is_file():
            raise SystemExit(f"{path} is missing: run score_all.sh first")
        for line in path.read_text(encoding="utf-8").splitlines():
            r = json.loads(line)
            case = cases.get(r["id"])
            if case is None or r.get("score", r.get("f1")) != 1.0:
                continue
            if (case.get("oracle") or {}).get("type") in (None, "decline"):
                continue
            out.append([name, r["id"]])
    return out
