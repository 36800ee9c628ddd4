"""``ifcqa mcp FILE...``: serve the read-only tools over MCP (stdio); the MCP stack is imported only here."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from ifcqa.cli.common import CacheDir, NoCache, open_index


def mcp(
    files: Annotated[
        list[Path],
        typer.Argument(
            metavar="FILE...", help="The .ifc files to serve, or one .ifcqa-project.json.", show_default=False
        ),
    ],
    cache_dir: CacheDir = None,
    no_cache: NoCache = False,
) -> None:
    """Serve the read-only tools over MCP (stdio); several files add a `model` parameter to every tool
    (`all`: every file at once). A .ifcqa-project.json serves the files of that project."""
    from ifcqa.mcp.server import run_stdio  # the MCP stack is only imported to serve
    from ifcqa.project.project import project_files

    project, paths = project_files(files)
    run_stdio([open_index(path, cache_dir, no_cache) for path in paths], project)
