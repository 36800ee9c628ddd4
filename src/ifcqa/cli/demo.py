"""``sample-model`` (write the generated sample building) and ``demo`` (the README walk-through)."""

from __future__ import annotations

import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table
from rich.text import Text

from ifcqa.cli.common import print_json, status
from ifcqa.errors import IfcqaError, ToolError
from ifcqa.index import ModelIndex, load_index
from ifcqa.tools import call_tool, get_tools, render
from ifcqa.tools.model import summarize


def sample_model(
    out: Annotated[Path, typer.Argument(metavar="OUT.ifc", help="The file to write.", show_default=False)],
    storeys: Annotated[int | None, typer.Option("--storeys", min=1, help="Storeys per building.")] = None,
    rooms_per_storey: Annotated[int | None, typer.Option("--rooms-per-storey", min=1, help="Rooms per storey.")] = None,
    seed: Annotated[int | None, typer.Option("--seed", help="Seed of every variation.")] = None,
    buildings: Annotated[int | None, typer.Option("--buildings", min=1, help="Buildings on the site.")] = None,
) -> None:
    """Write the generated, deterministic sample building (same arguments, same file)."""
    from ifcqa.sample import write_sample_model  # the builder is only needed here

    given = {"storeys": storeys, "rooms_per_storey": rooms_per_storey, "seed": seed, "buildings": buildings}
    options: dict[str, Any] = {key: value for key, value in given.items() if value is not None}
    if out.is_dir():
        raise IfcqaError(f"{out}: is a folder. Give the path of the .ifc file to write.")
    try:
        with status(f"Writing {out.name}"):
            written = write_sample_model(out, **options)
    except ValueError as exc:
        raise IfcqaError(f"Cannot build the sample model: {exc}") from None
    except OSError as exc:
        raise IfcqaError(f"{out}: cannot write the file ({exc.strerror}). Choose a writable folder.") from None
    print_json({"path": str(written), "bytes": Path(written).stat().st_size, **options})


def demo(
    out: Annotated[
        Path | None, typer.Option("--out", metavar="DIR", help="Keep the sample model in DIR (default: a temp dir).")
    ] = None,
) -> None:
    """Generate a sample building, show what the tools answer, then build, verify and grade an IFC-MCQ benchmark."""
    from ifcqa.sample import write_sample_model

    console = Console()
    with _folder(out) as folder:
        path = folder / "sample-building.ifc"
        with status("Generating the sample building"):
            write_sample_model(path, storeys=2, rooms_per_storey=4, seed=0)
        index = load_index(path, use_cache=False)
        kept = "" if out is not None else " (temporary; --out DIR keeps it)"
        console.print(Text(f"Sample building, 2 storeys x 4 rooms, seed 0: {path}{kept}", style="bold"))
        console.print(_summary_table(index))
        for name, arguments in demo_calls(index):
            console.rule(name)
            console.print(Text(f"{name}({render(arguments)})", style="bold cyan"))
            try:
                console.print_json(render(call_tool(index, name, arguments)))
            except ToolError as error:
                console.print_json(render(error.to_dict()))
        _demo_benchmark(console, path, folder, kept=out is not None)


def _demo_benchmark(console: Console, model: Path, folder: Path, kept: bool = True) -> None:
    """The main job on the sample: generate and re-verify an IFC-MCQ benchmark, then grade agents on it."""
    from ifcqa.agents.base import AgentConfig
    from ifcqa.eval.runner import run_eval
    from ifcqa.mcq.runner import RunSettings, generate_bench, verify_bench

    bench = folder / "BENCH.jsonl"
    console.rule("IFC-MCQ benchmark")
    with status("Generating and verifying questions"):
        manifest = generate_bench([model], bench, RunSettings(cap=3, use_cache=False), jobs=1)
        report = verify_bench(bench)
    subtypes = sum(1 for counts in manifest.files[0].counts.values() if counts.retained)
    console.print(
        f"{manifest.total_items} verified items over {subtypes} subtypes written to {bench}; "
        f"re-verified: {report.items - len(report.failures)} passed, {len(report.failures)} failed."
    )
    table = Table("agent", "accuracy", "items", "tool calls / item", title="Exact option-set grading")
    for agent in ("oracle", "first-option", "random", "text-only"):
        with status(f"Running the {agent} agent"):
            summary = run_eval(bench, agent, AgentConfig(seed=0), folder / "runs" / agent, concurrency=2)
        table.add_row(agent, f"{summary['accuracy']:.1%}", str(summary["n_items"]), f"{summary['mean_tool_calls']:.2f}")
    console.print(table)
    if kept:
        console.print(
            f"An LLM agent runs the same way: ifcqa eval {bench} --agent tool --model M --base-url URL "
            f"-o {folder / 'runs' / 'tool'}"
        )
    else:
        console.print(
            "The model, BENCH.jsonl and runs were in a temporary folder, removed now; `ifcqa demo --out DIR` keeps "
            "them, and an LLM agent then runs the same way: ifcqa eval DIR/BENCH.jsonl --agent tool --model M "
            "--base-url URL -o DIR/runs/tool"
        )


def demo_calls(index: ModelIndex) -> list[tuple[str, dict[str, Any]]]:
    """Example tool calls on ``index``: only registered tools, with the parameters they declare."""
    storey = index.data.elements[index.storeys[0]].name if index.storeys else None
    walls = index.by_class("IfcWall")
    wishes: list[tuple[str, dict[str, Any]]] = [
        ("list_storeys", {}),
        ("find_elements", {"ifc_class": "IfcDoor", "storey": storey, "limit": 5}),
        ("count_elements", {"ifc_class": "IfcWindow"}),
    ]
    if walls:
        wishes.append(("get_property", {"element": walls[0].guid, "pset": "Pset_WallCommon", "property": "IsExternal"}))
        wishes.append(("get_element", {"element": walls[0].guid}))
    tools = get_tools()
    calls = []
    for name, arguments in wishes:
        spec = tools.get(name)
        if spec is None:
            continue
        fields = spec.arguments.model_fields
        kept = {key: value for key, value in arguments.items() if key in fields and value is not None}
        if all(key in kept for key, field in fields.items() if field.is_required()):
            calls.append((name, kept))
    return calls


def _summary_table(index: ModelIndex) -> Table:
    overview = summarize(index)
    table = Table("fact", "value", title=index.path.name, show_header=False)
    table.add_row("schema", overview["schema"])
    table.add_row("project", str(overview["project"]["name"]))
    for ifc_class, count in list(overview["counts"].items())[:12]:
        table.add_row(ifc_class, str(count))
    for row in overview["storeys"]:
        table.add_row("storey", f"{row['name']} (elevation {row['elevation']})")
    return table


@contextmanager
def _folder(out: Path | None) -> Iterator[Path]:
    if out is not None:
        if out.exists() and not out.is_dir():
            raise IfcqaError(f"{out}: is a file. Give a folder with --out.")
        out.mkdir(parents=True, exist_ok=True)
        yield out
        return
    with tempfile.TemporaryDirectory(prefix="ifcqa-demo-") as scratch:
        yield Path(scratch)
