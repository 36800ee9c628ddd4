"""The ``ifcquery``-like commands: ``summary``, ``select`` and ``info``.

Their JSON follows ``ifcquery`` where the two overlap (schema, project, selected ids, an element's
class and name), but reads the cached index, so a second call on a big file answers at once. A warm
call imports neither IfcOpenShell nor the tool registry: ``select`` answers class-name selectors from
the index (other facets may open the file), and ``info`` shapes only the element asked about. The
answers themselves are in :mod:`ifcqa.cli.answers`, shared with the fast path of :mod:`ifcqa.cli.fast`.
"""

from __future__ import annotations

from typing import Annotated

import typer

from ifcqa.cli.answers import info_answer, select_answer, summary_answer
from ifcqa.cli.common import CacheDir, IfcFile, NoCache, print_json

__all__ = ["info", "select_elements", "summary"]


def summary(file: IfcFile, cache_dir: CacheDir = None, no_cache: NoCache = False) -> None:
    """Overview of a model: schema, project, units, element counts per class, storeys and parse warnings."""
    print_json(summary_answer(file, cache_dir, no_cache))


def select_elements(
    file: IfcFile,
    selector: Annotated[
        str,
        typer.Argument(
            metavar="SELECTOR",
            help="IfcOpenShell selector, e.g. 'IfcWall, Name=\"W1\"' (class names in any case).",
        ),
    ],
    cache_dir: CacheDir = None,
    no_cache: NoCache = False,
) -> None:
    """Elements matching an IfcOpenShell selector, as [{id, guid, class, name}]."""
    print_json(select_answer(file, selector, cache_dir, no_cache))


def info(
    file: IfcFile,
    element: Annotated[
        str,
        typer.Argument(
            metavar="ID_OR_GUID",
            help="Step id (123 or #123: the entity with that id, whatever it is), GlobalId, or Name "
            "(used when no entity has that id; 'name:140' always reads 140 as a Name). The output says "
            "which rule matched (matched_by).",
        ),
    ],
    no_bbox: Annotated[
        bool, typer.Option("--no-bbox", help="Skip the bounding box (no geometry is computed).")
    ] = False,
    cache_dir: CacheDir = None,
    no_cache: NoCache = False,
) -> None:
    """Everything the index knows about one element: attributes, psets, type, materials, storey, box."""
    print_json(info_answer(file, element, no_bbox, cache_dir, no_cache))
