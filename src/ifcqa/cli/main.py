"""The ``ifcqa`` command line.

Commands::

    ifcqa summary FILE                 model overview (JSON, like ``ifcquery FILE summary``), with "warnings"
    ifcqa check FILE                   can the file be read? its fatal problems (exit 1) or warnings (exit 0)
    ifcqa select FILE SELECTOR         elements matching an IfcOpenShell selector
    ifcqa info FILE ID_OR_GUID         one element: attributes, psets, qtos, type, materials, storey, bbox
    ifcqa tools [--json]               the registered tools (``--json``: function-calling schemas)
    ifcqa tool FILE NAME --args JSON   run any tool with JSON arguments
    ifcqa q NAME FILE [--param v ...]  run a tool, its parameters as options (generated from the tool)
    ifcqa mcp FILE...                  serve the tools over MCP stdio
    ifcqa sample-model OUT.ifc         write the generated sample building
    ifcqa demo [--out DIR]             generate a sample building and show the tools at work
    ifcqa eval BENCH.jsonl --agent NAME -o RUN_DIR   run an agent over a benchmark (rerun to resume)
    ifcqa report RUN_DIR... -o REPORT_DIR           compare runs with the chance baselines (md, html, png)
    ifcqa mcq generate|verify|stats|audit-sheet   build and check an IFC-MCQ benchmark
    ifcqa graph load FILES... [--store DIR]        project models into the embedded graph store
    ifcqa cypher FILE "MATCH ..."                  a read-only Cypher query, JSON rows
    ifcqa ask FILE "question" [--json]             a spatial question answered with the exact elements
    ifcqa spatial-bench QUERIES.json -o RUN        GlobalId-level P/R/F1 against an IfcOpenShell oracle

Argument convention: the file comes first and the thing asked about second (``summary FILE``, ``select FILE
SELECTOR``, ``info FILE ID``, ``tool FILE NAME``), except ``q NAME FILE``, which reads as "query NAME of
FILE" and whose options are NAME's parameters; ``tool`` and ``q`` accept both orders. Options are
``--kebab-case`` forms of the tool parameters (``ifc_class`` -> ``--ifc-class``); flags come in pairs
(``--compact/--no-compact``). Class names may be written in any case (``ifcwall``).

Commands that read a file take ``--cache-dir DIR`` and ``--no-cache``. A file with recoverable problems
(an enumeration literal or value of the wrong type, read as unset) opens, and the problems are listed
under "warnings" (``summary``, ``check``); the global ``--strict`` (or ``IFCQA_STRICT=1``) refuses such
a file instead. Results are pretty JSON on
stdout; a spinner is shown on stderr during long steps, only when stderr is a terminal.

Errors, one rule for every command: an input error (:class:`~ifcqa.errors.IfcqaError`: the file
cannot be opened, an unknown GlobalId or tool, bad tool arguments, an unusable cache folder) exits
with code 1 and prints one line ``error: <message>`` on stderr, no traceback. With the global flag
``--json-errors`` (``ifcqa --json-errors tool ...``) it prints the shared error shape
``{"error": {"code": ..., "message": ...}}`` on stdout instead, still with exit code 1. Usage errors
(a missing argument, an unknown option) are typer's: a message on stderr and exit code 2 (under
``--json-errors``: the same JSON shape with code ``usage_error`` on stdout, exit code 2). Anything else
is a bug; it is still reported on one line naming the file being read (code ``internal_error``, exit
code 3); ``IFCQA_DEBUG=1`` shows its traceback instead.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Annotated

import typer

import ifcqa
from ifcqa.cli.check import check
from ifcqa.cli.common import CacheDir, NoCache, ReportingGroup, open_index
from ifcqa.cli.demo import demo, sample_model
from ifcqa.cli.elements import info, select_elements, summary
from ifcqa.cli.evalcmds import eval_command, report_command
from ifcqa.cli.mcq import app as mcq_app
from ifcqa.cli.spatialcmds import ask, cypher, graph_app, spatial_bench
from ifcqa.cli.toolcmds import build_tool_app, list_tools, run_tool
from ifcqa.ifc.open import STRICT_ENV

app = typer.Typer(
    cls=ReportingGroup,
    name="ifcqa",
    help="Answer questions about IFC building models, for people and LLM agents.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_show_locals=False,
)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"ifcqa {ifcqa.__version__}")
        raise typer.Exit()


@app.callback()
def root(
    ctx: typer.Context,
    json_errors: Annotated[
        bool, typer.Option("--json-errors", help='Print input errors as {"error": {...}} JSON on stdout.')
    ] = False,
    version: Annotated[
        bool, typer.Option("--version", callback=_version, is_eager=True, help="Print the version and exit.")
    ] = False,
    strict: Annotated[
        bool,
        typer.Option(
            "--strict",
            help=f"Refuse files with recoverable problems (values read as unset) too; also {STRICT_ENV}=1.",
        ),
    ] = False,
) -> None:
    """Answer questions about IFC building models, for people and LLM agents."""
    if strict:
        _set_strict(ctx)


def _set_strict(ctx: typer.Context) -> None:
    """Strict opening for this command (and the worker processes it starts), through the environment."""
    before = os.environ.get(STRICT_ENV)
    os.environ[STRICT_ENV] = "1"

    def restore() -> None:  # the CLI may run in-process (tests): leave the environment as it was
        if before is None:
            os.environ.pop(STRICT_ENV, None)
        else:
            os.environ[STRICT_ENV] = before

    ctx.call_on_close(restore)


def mcp(
    files: Annotated[
        list[Path], typer.Argument(metavar="FILE...", help="The .ifc files to serve.", show_default=False)
    ],
    cache_dir: CacheDir = None,
    no_cache: NoCache = False,
) -> None:
    """Serve the read-only tools over MCP (stdio); several files add a `model` parameter to every tool."""
    from ifcqa.mcp.server import run_stdio  # the MCP stack is only imported to serve

    run_stdio([open_index(path, cache_dir, no_cache) for path in files])


app.command("summary")(summary)
app.command("check")(check)
app.command("select")(select_elements)
app.command("info")(info)
app.command("tools")(list_tools)
app.command("tool")(run_tool)
app.add_typer(build_tool_app(), name="q")
app.add_typer(mcq_app, name="mcq")
app.command("mcp")(mcp)
app.command("sample-model")(sample_model)
app.command("demo")(demo)
app.command("eval")(eval_command)
app.command("report")(report_command)
app.add_typer(graph_app, name="graph")
app.command("cypher")(cypher)
app.command("ask")(ask)
app.command("spatial-bench")(spatial_bench)


def main() -> None:
    """The ``ifcqa`` console script."""
    app()


if __name__ == "__main__":
    main()
