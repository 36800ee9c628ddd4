"""The answers of ``summary``, ``select`` and ``info`` as JSON-ready values, without typer.

:mod:`ifcqa.cli.elements` (the typer commands) and :mod:`ifcqa.cli.fast` (the start-up fast path)
both print these, so the two paths cannot drift apart. Light imports only: the index, the overview,
the result helpers; IfcOpenShell is imported only when an answer needs the file (a selector facet the
index does not hold, an entity that is not an element, a bounding box).
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

from ifcqa.cli.output import open_index, status
from ifcqa.errors import IfcqaError
from ifcqa.ifc.classes import normalize_selector_classes, unknown_class_message
from ifcqa.ifc.diagnostics import warnings_json
from ifcqa.index import ModelIndex
from ifcqa.index.selector import select
from ifcqa.tools.element_json import element_info
from ifcqa.tools.overview import summarize
from ifcqa.tools.results import ref


def summary_answer(file: Path, cache_dir: Path | None = None, no_cache: bool = False) -> dict[str, Any]:
    """``ifcqa summary FILE``: the overview and the file's parse warnings."""
    index = open_index(file, cache_dir, no_cache)
    return {**summarize(index), "warnings": warnings_json(index.data.warnings)}


def select_answer(file: Path, selector: str, cache_dir: Path | None = None, no_cache: bool = False) -> list[Any]:
    """``ifcqa select FILE SELECTOR``: ``[{id, guid, class, name}]`` of the matching elements."""
    index = open_index(file, cache_dir, no_cache)
    normalized, unknown = normalize_selector_classes(index.schema, selector, _ClassNames(index))
    if unknown:
        raise IfcqaError(unknown_class_message(index.schema, unknown[0], f" in selector {selector!r}"))
    return [ref(element) for element in select(index, normalized)]


class _ClassNames(Mapping[str, str]):
    """Lower-case class name -> name: the model's classes, else the schema's (cached entity list)."""

    def __init__(self, index: ModelIndex) -> None:
        self.index = index

    def __getitem__(self, key: str) -> str:
        found = self.index.known_classes().get(key) or self.index.schema_classes().get(key)
        if found is None:
            raise KeyError(key)
        return found

    def __iter__(self) -> Iterator[str]:
        return iter(self.index.known_classes())

    def __len__(self) -> int:
        return len(self.index.known_classes())


def info_answer(
    file: Path, element: str, no_bbox: bool = False, cache_dir: Path | None = None, no_cache: bool = False
) -> dict[str, Any]:
    """``ifcqa info FILE ID_OR_GUID``: one element's record (any other entity: shown generically)."""
    index = open_index(file, cache_dir, no_cache)
    resolved = index.resolve(element)
    if resolved.element is None:  # an entity that is not an element (a property, a material...): shown generically
        from ifcqa.tools.model import get_element  # reads the file (and the tool registry)

        return get_element(index, f"#{resolved.step_id}")
    with status("Computing geometry") if not no_bbox else contextlib.nullcontext():
        record = element_info(index, resolved.element, with_bbox=not no_bbox)
    crashed = record.get("bbox_note") or ""
    if crashed.startswith(("IfcOpenShell crashed", "IfcOpenShell did not finish")):  # one line, exit 1
        raise GeometryCrashError(f"{crashed.rstrip('.')}. --no-bbox shows the rest of the element.")
    return record | {"matched_by": resolved.matched_by}


class GeometryCrashError(IfcqaError):
    """IfcOpenShell crashed (in its worker process) computing the element's geometry."""

    code = "geometry_crash"
