"""Latency of every registered tool on a warm index, and ifcqa against ifcquery for summary/select/info.

Run from the repository root::

    python bench/tools.py                                   # the two default shared models
    python bench/tools.py AC20-FZK-Haus.ifc --calls 100     # a shared file name or any path
    python bench/tools.py --geometry                        # also the geometry tools

For each model: every tool of :func:`ifcqa.tools.get_tools` is called ``--calls`` times through
:func:`ifcqa.tools.call_tool` (validation, the tool, and :func:`ifcqa.tools.render` of the result)
with arguments picked from the index by parameter name (a wall's GlobalId, a storey name, a property
the wall has...). Then ``ifcquery FILE summary|select IfcWall|info ID`` and ``ifcqa summary|select|
info`` are timed as subprocesses (``--runs`` each, warm index cache), and the same three ifcqa
answers in-process on the warm index. JSON lines go to stdout, a text table to stderr.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ifcqa.errors import ToolError
from ifcqa.index import Element, IndexCache, ModelIndex, load_index

SHARED = Path(__file__).resolve().parents[1].parent / "shared" / "ifc"
DEFAULT_MODELS = ["AC11-FZK-Haus-IFC.ifc", "AC11-Institute-Var-2-IFC.ifc"]  # most entities / most elements
# Tools whose `element` means something other than the sample wall.
ELEMENT_ROLE = {"get_host": "door", "get_space_boundaries": "space", "get_system": "member"}
FIXED = {"ifc_class": "IfcWall", "selector": "IfcWall", "stat": "sum", "axis": "z", "group_by": "storey"}


def pick(index: ModelIndex) -> dict[str, Any]:
    """Realistic argument values read from the index (the richest wall, its sets, a busy storey...)."""
    elements = [e for e in index.elements() if index.is_a(e, "IfcElement")]
    walls = index.by_class("IfcWall") or elements
    wall = max(walls, key=lambda e: (len(e.qtos) + len(e.psets) + len(e.openings), -e.id))
    storeys = Counter(e.storey for e in elements if e.storey is not None)
    pset, prop, value = _property_of(wall)
    qto = next(iter(wall.qtos), None)
    quantity = _numeric_of(wall)
    pair = [w.guid for w in walls if quantity and _has(w, quantity)][:2]
    materials = Counter(m for e in elements for m in e.materials)
    typed = wall if wall.type is not None else next((e for e in elements if e.type is not None), None)
    return {
        "element": wall.guid,
        "host": max(walls, key=lambda e: len(e.openings)).guid,
        "door": next((e.guid for e in elements if e.host is not None), wall.guid),
        "space": max(index.by_class("IfcSpace") or [wall], key=lambda e: len(e.bounded_by)).guid,
        "member": next((e.guid for e in elements if e.groups), wall.guid),
        "storey": index.get(storeys.most_common(1)[0][0]).name if storeys else None,
        "pset": pset,
        "property": prop,
        "value": value,
        "qto": qto,
        "quantity": quantity,
        "elements": pair if len(pair) == 2 else None,
        "material": materials.most_common(1)[0][0] if materials else None,
        "type": index.get(typed.type).guid if typed is not None and typed.type is not None else None,
        "name": wall.name,
        "wall_id": wall.id,
    }


def _property_of(element: Element) -> tuple[str | None, str | None, Any]:
    for name, props in sorted(element.psets.items(), key=lambda kv: not kv[0].startswith("Pset_")):
        for prop, value in props.items():
            if value.kind in ("bool", "number", "text") and value.value is not None:
                return name, prop, value.value
    return None, None, None


def _numeric_of(element: Element) -> str | None:
    for sets in (element.qtos, element.psets):
        for name, props in sets.items():
            for prop, value in props.items():
                if value.kind == "number" and not isinstance(value.value, bool):
                    return f"{name}.{prop}"
    return None


def _has(element: Element, quantity: str) -> bool:
    name, _, prop = quantity.partition(".")
    return prop in element.qtos.get(name, element.psets.get(name, {}))


def arguments_for(spec: Any, values: dict[str, Any], index: ModelIndex) -> tuple[dict[str, Any] | None, str]:
    """The call arguments of a tool (required parameters, plus ifc_class), or None and the reason."""
    chosen: dict[str, Any] = {}
    for name, field in spec.arguments.model_fields.items():
        if name == "element":
            value = values[ELEMENT_ROLE.get(spec.name, "element")]
        elif name in ("x", "y", "z"):
            box = index.bbox(index.get(values["element"]))
            value = (box["xyz".index(name)] + box[3 + "xyz".index(name)]) / 2 if box else None
        else:
            value = FIXED.get(name, values.get(name))
        if field.is_required() or (name == "ifc_class" and spec.name != "elements_at_point"):
            if value is None:
                return None, f"no value for {name!r} in this model"
            chosen[name] = value
    return chosen, ""


def timed(action: Callable[[], Any], count: int) -> list[float]:
    """Wall-clock seconds of ``count`` calls."""
    samples = []
    for _ in range(count):
        started = time.perf_counter()
        action()
        samples.append(time.perf_counter() - started)
    return samples


def stats_ms(samples: list[float]) -> dict[str, float]:
    ordered = sorted(samples)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return {"p50_ms": round(statistics.median(ordered) * 1000, 3), "p95_ms": round(p95 * 1000, 3)}


def bench_tools(index: ModelIndex, values: dict[str, Any], calls: int, geometry: bool) -> list[dict[str, Any]]:
    """One row per registered tool."""
    from ifcqa.tools import call_tool, get_tools, render

    rows = []
    for name, spec in get_tools().items():
        row: dict[str, Any] = {"kind": "tool", "model": index.path.name, "tool": name, "group": spec.group}
        if spec.group == "geometry" and not geometry:
            rows.append({**row, "skipped": "geometry tool (pass --geometry)"})
            continue
        args, reason = arguments_for(spec, values, index)
        if args is None:
            rows.append({**row, "skipped": reason})
            continue
        row["args"] = args
        try:
            row["chars"] = len(render(call_tool(index, name, args)))
        except ToolError as exc:
            row["error"] = str(exc)[:200]
        samples = timed(lambda n=name, a=args: _call_quietly(call_tool, render, index, n, a), calls)  # type: ignore[misc]
        rows.append({**row, **stats_ms(samples)})
    return rows


def _call_quietly(call_tool: Any, render: Any, index: ModelIndex, name: str, args: dict[str, Any]) -> None:
    with contextlib.suppress(ToolError):  # an argument the model rejects is still a timed answer
        render(call_tool(index, name, args))


def run_seconds(command: list[str], runs: int) -> list[float]:
    """Wall-clock seconds of ``runs`` subprocess runs; a failing command raises."""
    samples = []
    for _ in range(runs):
        started = time.perf_counter()
        subprocess.run(command, check=True, capture_output=True)
        samples.append(time.perf_counter() - started)
    return samples


def bench_cli(
    index: ModelIndex, values: dict[str, Any], cache_dir: Path, runs: int, calls: int
) -> list[dict[str, Any]]:
    """ifcquery vs ifcqa (subprocess and in-process) for summary, select IfcWall and info."""
    from ifcqa.cli.elements import element_info
    from ifcqa.index.selector import select
    from ifcqa.tools.model import summarize
    from ifcqa.tools.results import ref

    path, element = str(index.path), str(values["wall_id"])
    cache = ["--cache-dir", str(cache_dir)]
    walls = "IfcWall"
    commands: dict[str, tuple[list[str], list[str], Callable[[], Any]]] = {
        "summary": (["summary"], ["summary", path, *cache], lambda: summarize(index)),
        "select": (["select", walls], ["select", path, walls, *cache], lambda: [ref(e) for e in select(index, walls)]),
        "info": (
            ["info", element],
            ["info", path, element, "--no-bbox", *cache],
            lambda: element_info(index, index.get(element), False),
        ),
    }
    rows = []
    for name, (ifcquery_args, ifcqa_args, in_process) in commands.items():
        ifcquery = run_seconds(["ifcquery", path, *ifcquery_args], runs)
        ifcqa = run_seconds(["ifcqa", *ifcqa_args], runs)
        inproc = timed(lambda f=in_process: json.dumps(f(), default=str), calls)  # type: ignore[misc]
        rows.append({
            "kind": "cli", "model": index.path.name, "command": name,
            "ifcquery_p50_s": round(statistics.median(ifcquery), 4),
            "ifcqa_cli_p50_s": round(statistics.median(ifcqa), 4),
            "ifcqa_inprocess_p50_ms": stats_ms(inproc)["p50_ms"],
        })  # fmt: skip
    return rows


def baseline(runs: int) -> dict[str, Any]:
    """Start-up costs that every subprocess pays: the interpreter, IfcOpenShell, the ifcqa CLI."""
    return {
        "kind": "baseline",
        "python_p50_s": round(statistics.median(run_seconds([sys.executable, "-c", "pass"], runs)), 4),
        "import_ifcopenshell_p50_s": round(
            statistics.median(run_seconds([sys.executable, "-c", "import ifcopenshell"], runs)), 4
        ),
        "ifcqa_version_p50_s": round(statistics.median(run_seconds(["ifcqa", "--version"], runs)), 4),
    }


def table(rows: list[dict[str, Any]]) -> str:
    """Tools (p50/p95 ms) and the CLI comparison, as text."""
    lines = [f"{'model':30} {'tool':24} {'p50 ms':>9} {'p95 ms':>9} {'chars':>6}  note"]
    for r in (r for r in rows if r["kind"] == "tool"):
        note = r.get("skipped") or ("ToolError: " + r["error"][:60] if "error" in r else "")
        p50, p95 = (f"{r[k]:9.3f}" if k in r else f"{'-':>9}" for k in ("p50_ms", "p95_ms"))
        lines.append(f"{r['model'][:30]:30} {r['tool']:24} {p50} {p95} {r.get('chars', '-'):>6}  {note}")
    lines += ["", f"{'model':30} {'command':8} {'ifcquery s':>11} {'ifcqa cli s':>12} {'ifcqa in-process ms':>20}"]
    for r in (r for r in rows if r["kind"] == "cli"):
        lines.append(
            f"{r['model'][:30]:30} {r['command']:8} {r['ifcquery_p50_s']:11.3f} {r['ifcqa_cli_p50_s']:12.3f} "
            f"{r['ifcqa_inprocess_p50_ms']:20.3f}"
        )
    for r in (r for r in rows if r["kind"] == "baseline"):
        lines.append(
            f"\nstart-up: python {r['python_p50_s']:.3f} s, import ifcopenshell {r['import_ifcopenshell_p50_s']:.3f} s,"
            f" ifcqa --version {r['ifcqa_version_p50_s']:.3f} s"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("models", nargs="*", default=DEFAULT_MODELS, help="shared file names or paths")
    parser.add_argument("--calls", type=int, default=50, help="calls per tool (in-process)")
    parser.add_argument("--runs", type=int, default=5, help="runs per CLI subprocess command")
    parser.add_argument("--geometry", action="store_true", help="also time the geometry tools")
    parser.add_argument("--skip-cli", action="store_true", help="time the tools only")
    parser.add_argument("--cache-dir", type=Path, help="index cache folder (default: a temp dir)")
    args = parser.parse_args(argv)
    cache_dir = args.cache_dir or Path(tempfile.mkdtemp(prefix="ifcqa-bench-cache-"))
    rows: list[dict[str, Any]] = [] if args.skip_cli else [baseline(args.runs)]
    for model in args.models:
        path = Path(model) if Path(model).is_file() else SHARED / model
        load_index(path, cache=IndexCache(cache_dir))
        index = load_index(path, cache=IndexCache(cache_dir))  # warm, as an agent session sees it
        if args.geometry:
            started = time.perf_counter()
            index.bboxes()
            print(f"{path.name}: first bboxes() {time.perf_counter() - started:.1f} s", file=sys.stderr)
        values = pick(index)
        rows += bench_tools(index, values, args.calls, args.geometry)
        if not args.skip_cli:
            rows += bench_cli(index, values, cache_dir, args.runs, args.calls)
    for row in rows:
        print(json.dumps(row, default=str), flush=True)
    print(table(rows), file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
