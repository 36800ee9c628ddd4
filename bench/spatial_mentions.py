"""Warm latency of the room, qualifier and measure readers (spatial/spaces.py, qualifiers.py, measures.py).

Run from the repository root::

    python bench/spatial_mentions.py                   # the shared models with spaces and quantities
    python bench/spatial_mentions.py --ifc-dir DIR --repeat 20

Questions are made from each model (its own space names and long names, "room <Name>", function words,
qualifier and aggregate phrasings); each reader is called once to warm up (the per-index catalog, the
vocabularies) and ``--repeat`` times more; a call's latency is the median of those. Prints one JSON line per
model and reader (p50/p95/max in ms, calls) and the cold first-call cost (catalog build) beside it.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

from ifcqa.index import ModelIndex, load_index
from ifcqa.spatial.bench import percentile
from ifcqa.spatial.measures import aggregate, find_measure
from ifcqa.spatial.qualifiers import elements_of, find_qualifiers
from ifcqa.spatial.spaces import elements_in_spaces, find_spaces

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared" / "ifc"
MODELS = ("Duplex_A_20110907.ifc", "AC20-FZK-Haus.ifc", "KIT-EDC_with_SB.ifc", "AC11-Institute-Var-2-IFC.ifc",
          "ExampleHOM.ifc", "revit_quantities.ifc", "Ifc4_SampleHouse.ifc", "LargeBuilding.ifc")
QUALIFIED = (("which doors are external?", ["IfcDoor"]), ("load-bearing walls on level 1", ["IfcWall"]),
             ("fire-rated doors", ["IfcDoor"]), ("doors wider than 1 m", ["IfcDoor"]),
             ("rooms over 20 m² on the ground floor", ["IfcSpace"]),
             ("Außenwände mindestens 0,3 m dick", ["IfcWall"]),
             ("walls between 2 and 3 m high", ["IfcWall"]), ("doors with fire rating EI 30", ["IfcDoor"]))
MEASURED = (("total floor area of the ground floor", ["IfcSpace"]), ("the largest room", ["IfcSpace"]),
            ("average door width", ["IfcDoor"]), ("how much wall area is there", ["IfcWall"]),
            ("Gesamtfläche der Räume", ["IfcSpace"]), ("the tallest wall", ["IfcWall"]))


def _timed(call: Callable[[], Any], repeat: int) -> float:
    call()
    runs = []
    for _ in range(repeat):
        start = time.perf_counter()
        call()
        runs.append((time.perf_counter() - start) * 1000)
    return statistics.median(runs)


def _room_questions(index: ModelIndex) -> list[str]:
    spaces = index.by_class("IfcSpace") if "ifcspace" in index.known_classes() else []
    out = []
    for s in spaces[:15]:
        if s.name:
            out.append(f"what is in room {s.name}?")
        if s.long_name:
            out.append(f"which floor is the {s.long_name} on?")
    return out + ["where is the kitchen?", "list the bathrooms on level 1", "is there a server room?",
                  "doors of the meeting rooms", "Wo ist das Schlafzimmer?"]


def _row(name: str, reader: str, times: list[float], cold: float) -> None:
    print(json.dumps({"model": name, "reader": reader, "calls": len(times),
                      "p50_ms": round(percentile(times, 0.5), 3),
                      "p95_ms": round(percentile(times, 0.95), 3), "max_ms": round(max(times), 3),
                      "first_call_ms": round(cold, 1)}))


def _measure(index: ModelIndex, text: str, classes: list[str]) -> None:
    m = find_measure(index, text, classes)
    if m is not None:
        aggregate(index, [e.guid for e in elements_of(index, classes)], m, m.op, geometry=False)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ifc-dir", type=Path, default=SHARED)
    parser.add_argument("--repeat", type=int, default=10)
    args = parser.parse_args()
    for name in MODELS:
        path = args.ifc_dir / name
        if not path.is_file():
            continue
        index = load_index(path)
        questions = _room_questions(index)
        start = time.perf_counter()
        find_spaces(index, questions[0])
        cold = (time.perf_counter() - start) * 1000
        times = [_timed(partial(find_spaces, index, q), args.repeat) for q in questions]
        mentions = [m for q in questions for m in find_spaces(index, q) if m.guids]
        inside = [_timed(partial(elements_in_spaces, index, m.guids, bounding=True), args.repeat)
                  for m in mentions] or [0.0]
        _row(name, "find_spaces", times, cold)
        _row(name, "elements_in_spaces", inside, 0.0)
        start = time.perf_counter()
        find_qualifiers(index, *QUALIFIED[0])
        cold = (time.perf_counter() - start) * 1000
        times = [_timed(partial(find_qualifiers, index, q, c), args.repeat) for q, c in QUALIFIED]
        _row(name, "find_qualifiers", times, cold)
        times = [_timed(partial(_measure, index, text, classes), args.repeat) for text, classes in MEASURED]
        _row(name, "find_measure+aggregate", times, 0.0)


if __name__ == "__main__":
    main()
