"""Score ``ifcqa.project.ask`` (:class:`ifcqa.project.qa.ProjectQA`) on bench/spatial/project.json.

    python bench/spatial/project_score.py [--ifc-dir ../shared/ifc] [--sample-dir DIR] [--queries Q.json] [--graph DIR]

``--graph DIR``: answer through each project's graph in the embedded Kùzu store at DIR (``ProjectQA.use_graph``)
where Cypher can express the plan; the routes taken are counted.

Prints the mean score per project and per kind, the silent broadenings, and the misses (people-format scoring of
``ifcqa.spatial.bench_score``; elements compared as ``FILE#GlobalId``).
"""

from __future__ import annotations

import argparse
import json
import statistics
import tempfile
from collections import Counter, defaultdict
from pathlib import Path

from ifcqa.graph.store import open_store
from ifcqa.index import load_index
from ifcqa.project.align import align_storeys
from ifcqa.project.ask import ask_project
from ifcqa.project.project import Project
from ifcqa.project.qa import ProjectQA
from ifcqa.sample.federated import write_federated_project
from ifcqa.spatial.bench_score import score

HERE = Path(__file__).resolve().parent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--ifc-dir", type=Path, default=HERE.parents[2] / "shared" / "ifc")
    parser.add_argument("--sample-dir", type=Path, default=None)
    parser.add_argument("--queries", type=Path, default=HERE / "project.json")
    parser.add_argument("--graph", type=Path, default=None, help="answer through the project graph in this store")
    args = parser.parse_args()
    store = open_store(args.graph) if args.graph is not None else None
    routes: Counter[str] = Counter()
    queries = json.loads(args.queries.read_text())
    with tempfile.TemporaryDirectory() as scratch:
        sample_dir = args.sample_dir or Path(scratch)
        if args.sample_dir is None:
            write_federated_project(sample_dir)
        by_kind: dict[str, list[float]] = defaultdict(list)
        by_project: dict[str, list[float]] = defaultdict(list)
        broadened: dict[str, int] = defaultdict(int)
        contexts: dict[tuple[str, ...], tuple[dict, object, dict]] = {}
        for query in queries:
            files = tuple(query["ifc_filenames"])
            if files not in contexts:
                folder = sample_dir if files[0].startswith("Sample-") else args.ifc_dir
                project = Project("bench", folder, list(files))
                indexes = {file: load_index(project.path_of(file)) for file in files}
                contexts[files] = (indexes, align_storeys(project, indexes), {})
                if store is not None:
                    qa = ProjectQA(indexes, contexts[files][1])
                    qa.use_graph(store, files[0].split("_")[0].split("-")[0])
                    contexts[files][2]["project"] = qa
            indexes, alignment, answerers = contexts[files]
            answer = ask_project(indexes, alignment, query["query"], answerers)
            routes[answer["route"]] += 1
            result = score(query["oracle"], answer)
            by_kind[query["kind"]].append(result.score)
            by_project[files[0]].append(result.score)
            broadened[query["kind"]] += int(result.broadened)
            if result.score < 1 or result.broadened:
                flag = " BROADENED" if result.broadened else ""
                print(f"{result.score:.2f}{flag} {query['id']} {query['query']!r}: {str(answer['answer'])[:160]}")
    for name, scores in sorted(by_project.items()):
        print(f"{name}: mean {statistics.mean(scores):.3f} over {len(scores)}")
    for kind, scores in sorted(by_kind.items()):
        print(f"  {kind}: {statistics.mean(scores):.3f} ({len(scores)}), silent broadenings {broadened[kind]}")
    every = [s for scores in by_kind.values() for s in scores]
    print(f"all: mean {statistics.mean(every):.3f} over {len(every)}, silent broadenings {sum(broadened.values())}")
    print(f"routes: {dict(sorted(routes.items()))}")
    if store is not None:
        store.close()


if __name__ == "__main__":
    main()
