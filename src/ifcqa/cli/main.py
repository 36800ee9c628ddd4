"""The ``ifcqa`` command line.

Commands::

    ifcqa summary FILE                 model overview (JSON, like ``ifcquery FILE summary``)
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

Commands that read a file take ``--cache-dir DIR`` and ``--no-cache``. Results are pretty JSON on
stdout; a spinner is shown on stderr during long steps, only when stderr is a terminal.

Errors, one rule for every command: an input error (:class:`~ifcqa.errors.IfcqaError`: the file
cannot be opened, an unknown GlobalId or tool, bad tool arguments, an unusable cache folder) exits
with code 1 and prints one line ``error: <message>`` on stderr, no traceback. With the global flag
``--json-errors`` (``ifcqa --json-errors tool ...``) it prints the shared error shape
``{"error": {"code": ..., "message": ...}}`` on stdout instead, still with exit code 1. Usage errors
(a missing argument, an unknown option) are typer's: a message on stderr and exit code 2. Anything
else is a bug and raises with its traceback.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

import ifcqa
from ifcqa.cli.common import CacheDir, NoCache, ReportingGroup, open_index
from ifcqa.cli.demo import demo, sample_model
from ifcqa.cli.elements import info, select_elements, summary
from ifcqa.cli.evalcmds import eval_command, report_command
from ifcqa.cli.mcq import app as mcq_app
from ifcqa.cli.toolcmds import build_tool_app, list_tools, run_tool

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
    json_errors: Annotated[
        bool, typer.Option("--json-errors", help='Print input errors as {"error": {...}} JSON on stdout.')
    ] = False,
    version: Annotated[
        bool, typer.Option("--version", callback=_version, is_eager=True, help="Print the version and exit.")
    ] = False,
) -> None:
    """Answer questions about IFC building models, for people and LLM agents."""


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


def main() -> None:
    """The ``ifcqa`` console script."""
    app()


if __name__ == "__main__":
    main()
