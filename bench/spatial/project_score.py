"""Score the per-file baseline of ``ifcqa.project.ask`` on bench/spatial/project.json.

    python bench/spatial/project_score.py [--ifc-dir ../shared/ifc] [--sample-dir DIR]

Prints the mean score per project and per kind, and the misses (people-format scoring of
``ifcqa.spatial.bench_score``; elements compared as ``FILE#GlobalId``).
"""

from __future__ import annotations

import argparse
import json
import statistics
import tempfile
from collections import defaultdict
from pathlib import Path

from ifcqa.index import load_index
from ifcqa.project.align import align_storeys
from ifcqa.project.ask import ask_project
from ifcqa.project.project import Project
from ifcqa.sample.federated import write_federated_project
from ifcqa.spatial.bench_score import score

HERE = Path(__file__).resolve().parent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--ifc-dir", type=Path, default=HERE.parents[2] / "shared" / "ifc")
    parser.add_argument("--sample-dir", type=Path, default=None)
    parser.add_argument("--queries", type=Path, default=HERE / "project.json")
    args = parser.parse_args()
    queries = json.loads(args.queries.read_text())
    with tempfile.TemporaryDirectory() as scratch:
        sample_dir = args.sample_dir or Path(scratch)
        if args.sample_dir is None:
            write_federated_project(sample_dir)
        by_kind: dict[str, list[float]] = defaultdict(list)
        by_project: dict[str, list[float]] = defaultdict(list)
        contexts: dict[tuple[str, ...], tuple[dict, object, dict]] = {}
        for query in queries:
            files = tuple(query["ifc_filenames"])
            if files not in contexts:
                folder = sample_dir if files[0].startswith("Sample-") else args.ifc_dir
                project = Project("bench", folder, list(files))
                indexes = {file: load_index(project.path_of(file)) for file in files}
                contexts[files] = (indexes, align_storeys(project, indexes), {})
            indexes, alignment, answerers = contexts[files]
            answer = ask_project(indexes, alignment, query["query"], answerers)
            result = score(query["oracle"], answer)
            by_kind[query["kind"]].append(result.score)
            by_project[files[0]].append(result.score)
            if result.score < 1:
                print(f"{result.score:.2f} {query['id']} {query['query']!r} per file: {answer['per_file']}")
    for name, scores in sorted(by_project.items()):
        print(f"{name}: mean {statistics.mean(scores):.3f} over {len(scores)}")
    for kind, scores in sorted(by_kind.items()):
        print(f"  {kind}: {statistics.mean(scores):.3f} ({len(scores)})")
    every = [s for scores in by_kind.values() for s in scores]
    print(f"all: mean {statistics.mean(every):.3f} over {len(every)}")


if __name__ == "__main__":
    main()
