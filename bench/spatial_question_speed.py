"""Warm latency of whole rules-only questions (``SpatialQA.ask``, no graph), with the parser's memoized patterns
and words against the obvious alternative of building them on every question.

Run from the repository root::

    python bench/spatial_question_speed.py                 # five shared models, 11 questions each
    python bench/spatial_question_speed.py --ifc-dir DIR --repeat 3

Each model answers a first question (its vocabularies are built then: reported apart) and the questions once
unmeasured, then the same questions ``--repeat`` times twice: once as shipped, once with the memo caches and
Python's own pattern cache cleared before every question (the contrast shapes compiled around the model's class
words, ``fold``, ``stem``): what a question paid before 2026-12-03, when one question on a model with many property
sets compiled more patterns than Python's cache of 512 holds. A property set's pattern is compiled only when its
words are written; that check has no switch and is in both runs (so the old cost is understated). Prints one JSON
line per model and a total line.
"""

from __future__ import annotations

import argparse
import json
import re
import statistics
import time
from pathlib import Path

from ifcqa.index import IndexCache, load_index
from ifcqa.spatial import SpatialQA, contrast_classes, grounding, spaces

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared" / "ifc"
MODELS = ("AC11-Institute-Var-2-IFC.ifc", "Duplex_A_20110907.ifc", "ExampleHOM.ifc", "AC20-FZK-Haus.ifc",
          "Ifc4_SampleHouse.ifc")
QUESTIONS = ("which windows are on level 2?", "We are working on 1. Obergeschoss. How many doors are there?",
             "doors of the Seminarraum", "how many external walls on the EG?", "the doors, not the windows, on level 1",
             "Which rooms on Level 1 have no furniture?",
             "Hi Sam,\n\nthe painter starts Monday. Which doors does room 006 have?\n\nThanks, Dana",
             "Is the kitchen larger than 15 m2?", "what is the total floor area of the ground floor",
             "fire rated doors on level 2", "welche Fenster sind im Erdgeschoss")


def _clear() -> None:
    re.purge()  # Python's own cache of 512 patterns: one question on AC11 compiled more than that before
    contrast_classes._patterns.cache_clear()
    spaces.fold.cache_clear()
    grounding.stem.cache_clear()


def _run(qa: SpatialQA, repeat: int, cold: bool) -> list[float]:
    out = []
    for _ in range(repeat):
        for question in QUESTIONS:
            if cold:
                _clear()
            start = time.perf_counter()
            qa.ask(question)
            out.append((time.perf_counter() - start) * 1000)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--ifc-dir", type=Path, default=SHARED)
    parser.add_argument("--repeat", type=int, default=1)
    args = parser.parse_args()
    cache = IndexCache(Path("/tmp/ifcqa-bench-question-speed"))
    totals = {"memoized": 0.0, "rebuilt every question": 0.0}
    for name in MODELS:
        path = args.ifc_dir / name
        if not path.exists():
            continue
        qa = SpatialQA(load_index(path, cache=cache), use_graph=False, embedder=None)
        start = time.perf_counter()
        qa.ask("How many doors are there on level 1?")
        first = (time.perf_counter() - start) * 1000
        _run(qa, 1, False)  # each question's own first-time work (property catalogs per class) in neither run
        warm, cold = _run(qa, args.repeat, False), _run(qa, args.repeat, True)
        totals["memoized"] += sum(warm)
        totals["rebuilt every question"] += sum(cold)
        print(json.dumps({"model": name, "first_question_ms": round(first), "questions": len(warm),
                          "memoized_p50_ms": round(statistics.median(warm), 1), "memoized_max_ms": round(max(warm)),
                          "rebuilt_p50_ms": round(statistics.median(cold), 1), "rebuilt_max_ms": round(max(cold))}))
    print(json.dumps({"total_s": {k: round(v / 1000, 2) for k, v in totals.items()},
                      "speedup": round(totals["rebuilt every question"] / max(totals["memoized"], 1e-9), 1)}))


if __name__ == "__main__":
    main()
