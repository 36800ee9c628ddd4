"""Project commands: ``project create``, ``project show`` and ``sample-project``.

ifcqa project create NAME FILE... [-o PATH] [--tolerance M]   write NAME.ifcqa-project.json, show the alignment
ifcqa project show PROJECT.json                                 the files and their storeys aligned
ifcqa project ask PROJECT.json QUESTION [--graph]               a spatial question over every file
ifcqa project graph PROJECT.json [--store DIR]                  load the project's graph (Kùzu)
ifcqa sample-project DIR                                        write the federated sample (arc, str, hvac)
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer

from ifcqa.cli.common import CacheDir, NoCache, open_index, print_json, status
from ifcqa.errors import IfcqaError

project_app = typer.Typer(help="Projects: a named set of model files, their storeys aligned.", no_args_is_help=True)

StoreOption = Annotated[
    Path | None,
    typer.Option("--store", metavar="DIR", help="Folder of the graph store (default: <cache dir>/graph).",
                 show_default=False),
]
Tolerance = Annotated[
    float,
    typer.Option("--tolerance", metavar="M", min=0.0, help="Storeys this close in elevation (metres) match."),
]


@project_app.command("create")
def project_create(
    name: Annotated[str, typer.Argument(metavar="NAME", help="The project's name.", show_default=False)],
    files: Annotated[
        list[Path],
        typer.Argument(metavar="FILE...", help="The model files, reference (architecture) first.", show_default=False),
    ],
    out: Annotated[
        Path | None,
        typer.Option(
            "-o",
            "--out",
            metavar="PATH",
            help="The project file or its folder (default: ./NAME.ifcqa-project.json).",
            show_default=False,
        ),
    ] = None,
    tolerance: Tolerance = 0.5,
    cache_dir: CacheDir = None,
    no_cache: NoCache = False,
) -> None:
    """Create a project from model files: write NAME.ifcqa-project.json and show its storey alignment."""
    from ifcqa.project.project import PROJECT_SUFFIX, create_project, default_project_path

    if out is None:
        target = default_project_path(name, Path.cwd())
    elif out.suffix.lower() == ".json" and not out.is_dir():
        target = out
    else:  # a folder, existing or not
        if out.exists() and not out.is_dir():
            raise IfcqaError(f"{out}: is a file, not a .json project file or a folder. Give -o NAME{PROJECT_SUFFIX}.")
        target = default_project_path(name, out)
    project = create_project(name, files, target, tolerance)
    report = _report(project, cache_dir, no_cache)  # every file indexed (so readable) before anything is written
    try:
        project.save(target)
    except OSError as exc:
        raise IfcqaError(
            f"{target}: cannot write the project file ({exc.strerror}). Choose a writable folder."
        ) from None
    print_json({"project": str(target), **report})


@project_app.command("show")
def project_show(
    path: Annotated[
        Path, typer.Argument(metavar="PROJECT.json", help="A .ifcqa-project.json file.", show_default=False)
    ],
    cache_dir: CacheDir = None,
    no_cache: NoCache = False,
) -> None:
    """Show a project: its files and how their storeys align (which matches which, how, and the unmatched)."""
    from ifcqa.project.project import load_project

    project = load_project(path)
    print_json({"project": str(path), **_report(project, cache_dir, no_cache)})


def _report(project: Any, cache_dir: Path | None, no_cache: bool) -> dict[str, Any]:
    from ifcqa.project.align import align_storeys

    indexes = {file: open_index(project.path_of(file), cache_dir, no_cache) for file in project.files}
    files = []
    for file, index in indexes.items():
        length = index.units.get("LENGTHUNIT")
        files.append(
            {
                "file": file,
                "schema": index.schema,
                "length_unit": length.symbol if length is not None else None,
                "storeys": len(index.storeys),
            }
        )
    return {"name": project.name, "files": files, "alignment": align_storeys(project, indexes).to_dict()}


def sample_project(
    out: Annotated[Path, typer.Argument(metavar="DIR", help="The folder to write the files to.", show_default=False)],
    storeys: Annotated[int, typer.Option("--storeys", min=1, max=20, help="Storeys of the building.")] = 2,
    rooms_per_storey: Annotated[int, typer.Option("--rooms-per-storey", min=1, max=60, help="Rooms per storey.")] = 4,
    seed: Annotated[int, typer.Option("--seed", help="Seed of every variation.")] = 0,
) -> None:
    """Write the federated sample: architecture, structure and HVAC files of one building, and its project file."""
    from ifcqa.sample.federated import write_federated_project

    if out.exists() and not out.is_dir():
        raise IfcqaError(f"{out}: is a file. Give the folder to write the sample project to.")
    try:
        with status(f"Writing the federated sample to {out}"):
            written = write_federated_project(out, storeys=storeys, rooms_per_storey=rooms_per_storey, seed=seed)
    except OSError as exc:
        raise IfcqaError(f"{out}: cannot write the files ({exc.strerror}). Choose a writable folder.") from None
    print_json({"project": str(written.project), "files": [str(path) for path in written.files]})


@project_app.command("ask")
def project_ask(
    path: Annotated[
        Path, typer.Argument(metavar="PROJECT.json", help="A .ifcqa-project.json file.", show_default=False)
    ],
    question: Annotated[str, typer.Argument(metavar="QUESTION", help="The question, in quotes.", show_default=False)],
    graph: Annotated[
        bool, typer.Option("--graph", help="Answer through the project's graph (Kùzu) where Cypher can express it.")
    ] = False,
    store: StoreOption = None,
    cache_dir: CacheDir = None,
    no_cache: NoCache = False,
) -> None:
    """Ask a spatial question over every file of a project: one plan on every file, rooms of the first file for the
    elements of all (contained, else by geometry); elements are FILE#GlobalId."""
    from ifcqa.project.align import align_storeys
    from ifcqa.project.project import load_project
    from ifcqa.project.qa import ProjectQA

    project = load_project(path)
    indexes = {file: open_index(project.path_of(file), cache_dir, no_cache) for file in project.files}
    qa = ProjectQA(indexes, align_storeys(project, indexes))
    if not graph:
        with status("Answering"):
            print_json(qa.ask(question))
        return
    with _project_store(store, cache_dir) as opened:
        with status("Loading the project graph"):
            qa.use_graph(opened, project.name)
        with status("Answering"):
            print_json(qa.ask(question))


@project_app.command("graph")
def project_graph(
    path: Annotated[
        Path, typer.Argument(metavar="PROJECT.json", help="A .ifcqa-project.json file.", show_default=False)
    ],
    store: StoreOption = None,
    cache_dir: CacheDir = None,
    no_cache: NoCache = False,
) -> None:
    """Load a project into the embedded graph store: every file, SAME_LEVEL storey edges, IN_SPACE edges."""
    from ifcqa.project.align import align_storeys
    from ifcqa.project.project import load_project
    from ifcqa.project.qa import ProjectQA

    project = load_project(path)
    indexes = {file: open_index(project.path_of(file), cache_dir, no_cache) for file in project.files}
    qa = ProjectQA(indexes, align_storeys(project, indexes))
    with _project_store(store, cache_dir) as opened, status("Loading the project graph"):
        report = qa.use_graph(opened, project.name)
    print_json(report.to_dict())


def _project_store(store: Path | None, cache_dir: Path | None) -> Any:
    """The embedded graph store (``--store``, else ``<cache dir>/graph``, else the default store folder)."""
    from ifcqa.graph import open_store

    return open_store(store if store is not None else cache_dir / "graph" if cache_dir is not None else None)
