"""The ``ifcqa`` command line.

Commands::

    ifcqa summary FILE                 model overview (JSON, like ``ifcquery FILE summary``), with "warnings"
    ifcqa check FILE                   can the file be read? its fatal problems (exit 1) or warnings (exit 0)
    ifcqa index FILE... [--dask ADDR]  index many files (and --geometry boxes) on local processes or Dask
    ifcqa select FILE SELECTOR         elements matching an IfcOpenShell selector
    ifcqa info FILE ID_OR_GUID         one element: attributes, psets, qtos, type, materials, storey, bbox
    ifcqa tools [--json]               the registered tools (``--json``: function-calling schemas)
    ifcqa tool FILE NAME --args JSON   run any tool with JSON arguments
    ifcqa q NAME FILE [--param v ...]  run a tool, its parameters as options (generated from the tool)
    ifcqa mcp FILE...                  serve the tools over MCP stdio
    ifcqa sample-model OUT.ifc         write the generated sample building
    ifcqa sample-project DIR           write the federated sample (architecture, structure, HVAC) and its project
    ifcqa project create NAME FILE...  a named set of model files, storeys aligned across them (show, ask)
    ifcqa demo [--out DIR]             generate a sample building and show the tools at work
    ifcqa eval BENCH.jsonl --agent NAME -o RUN_DIR   run an agent over a benchmark (rerun to resume)
    ifcqa report RUN_DIR... -o REPORT_DIR           compare runs with the chance baselines (md, html, png)
    ifcqa mcq generate|verify|stats|audit-sheet   build and check an IFC-MCQ benchmark
    ifcqa graph load FILES... [--store DIR]        project models into the embedded graph store
    ifcqa cypher FILE "MATCH ..."                  a read-only Cypher query, JSON rows
    ifcqa ask FILE "question" [--json]             a spatial question answered with the exact elements
    ifcqa spatial-bench QUERIES.json -o RUN        GlobalId-level P/R/F1 against an IfcOpenShell oracle
    ifcqa memory generate|eval|report|systems       IFCMemoryBench: long-term memory of BIM agents
    ifcqa serve [--port 8000] [--models-dir DIR]  the HTTP API, web UI and MCP over HTTP (FastAPI + uvicorn)

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

import sys
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ifcqa.cli.app import app as app

# Every command, as "module:attribute", imported only when it runs (or its help is shown): start-up stays
# light (no IfcOpenShell, openai, mcp, rich...). A command module imports typer, the standard library and
# ifcqa.cli.common at its top, and everything heavy inside its functions. To add a command, add a line
# here ("module:function" for a command, "module:app" for a typer group, "module:factory()" for a function
# returning one); the listing in `ifcqa --help` follows this order.
COMMANDS: dict[str, str] = {
    "summary": "ifcqa.cli.elements:summary",
    "check": "ifcqa.cli.check:check",
    "index": "ifcqa.cli.indexcmds:index_command",
    "select": "ifcqa.cli.elements:select_elements",
    "info": "ifcqa.cli.elements:info",
    "tools": "ifcqa.cli.toolcmds:list_tools",
    "tool": "ifcqa.cli.toolcmds:run_tool",
    "q": "ifcqa.cli.toolcmds:build_tool_app()",
    "mcq": "ifcqa.cli.mcq:app",
    "mcp": "ifcqa.cli.mcpcmd:mcp",
    "sample-model": "ifcqa.cli.demo:sample_model",
    "sample-project": "ifcqa.cli.projectcmds:sample_project",
    "project": "ifcqa.cli.projectcmds:project_app",
    "demo": "ifcqa.cli.demo:demo",
    "eval": "ifcqa.cli.evalcmds:eval_command",
    "report": "ifcqa.cli.evalcmds:report_command",
    "graph": "ifcqa.cli.spatialcmds:graph_app",
    "cypher": "ifcqa.cli.spatialcmds:cypher",
    "ask": "ifcqa.cli.spatialcmds:ask",
    "spatial-bench": "ifcqa.cli.spatialcmds:spatial_bench",
    "serve": "ifcqa.cli.servecmds:serve",
    "memory": "ifcqa.cli.memorycmds:app",
}


def __getattr__(name: str) -> Any:
    """``app`` (the typer application, :mod:`ifcqa.cli.app`) is built on first use, not at start-up."""
    if name == "app":
        from ifcqa.cli.app import app

        return app
    raise AttributeError(f"module 'ifcqa.cli.main' has no attribute {name!r}")


def main() -> None:
    """The ``ifcqa`` console script: the fast path for a plain warm query, else the typer application."""
    from ifcqa.cli.fast import run_fast

    code = run_fast(sys.argv[1:])
    if code is not None:
        sys.exit(code)
    from ifcqa.cli.app import app

    app()


if __name__ == "__main__":
    main()
