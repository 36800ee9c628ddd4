"""The answers of ``summary``, ``select`` and ``info`` as JSON-ready values, without typer.

:mod:`ifcqa.cli.elements` (the typer commands) and :mod:`ifcqa.cli.fast` (the start-up fast path)
both print these, so the two paths cannot drift apart. Light imports only: the index, the overview,
the result helpers; IfcOpenShell is imported only when an answer needs the file (a selector facet the
index does not hold, an entity that is not an element, a bounding box).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

from ifcqa.cli.core import open_index, status
from ifcqa.errors import IfcqaError
from ifcqa.ifc.classes import normalize_selector_classes, unknown_class_message
from ifcqa.ifc.diagnostics import warnings_json
from ifcqa.index import Element, ModelIndex, Value
from ifcqa.index.selector import select
from ifcqa.tools.overview import summarize
from ifcqa.tools.results import attribute_json, ref


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
    record = element_info(index, resolved.element, with_bbox=not no_bbox)
    crashed = record.get("bbox_note") or ""
    if crashed.startswith(("IfcOpenShell crashed", "IfcOpenShell did not finish")):  # one line, exit 1
        raise GeometryCrashError(f"{crashed.rstrip('.')}. --no-bbox shows the rest of the element.")
    return record | {"matched_by": resolved.matched_by}


def element_info(index: ModelIndex, element: Element, with_bbox: bool = True) -> dict[str, Any]:
    """The ``ifcqa info`` record of one element (property values without their units).

    Args:
        index: the model index.
        element: the element to describe.
        with_bbox: compute the bounding box (from this element's shape alone, unless every box is cached).
    """
    records = index.data.elements
    storey = records.get(element.storey) if element.storey is not None else None
    box = _bbox(index, element) if with_bbox else None
    note = index.geometry_note(element) if with_bbox and box is None else None
    return {
        "id": element.id,
        "guid": element.guid,
        "class": element.ifc_class,
        "name": element.name,
        # as tools.model.element_attributes (not imported: it would load the tool registry)
        "attributes": {name: attribute_json(index, value) for name, value in element.attributes.items()},
        "derived": {"predefined_type": element.predefined_type},
        "psets": _plain(element.psets),
        "qtos": _plain(element.qtos),
        "type": ref(records.get(element.type)) if element.type is not None else None,
        "materials": list(element.materials),
        "storey": {"guid": storey.guid, "name": storey.name} if storey is not None else None,
        "container": ref(records.get(element.container)) if element.container is not None else None,
        "bbox": box,
    } | ({"bbox_note": note} if note is not None else {})


class GeometryCrashError(IfcqaError):
    """IfcOpenShell crashed (in its worker process) computing the element's geometry."""

    code = "geometry_crash"


def _plain(sets: dict[str, dict[str, Value]]) -> dict[str, dict[str, Any]]:
    return {name: {prop: value.value for prop, value in values.items()} for name, values in sets.items()}


def _bbox(index: ModelIndex, element: Element) -> dict[str, list[float]] | None:
    with status("Computing geometry"):
        box = index.bbox(element)
    if box is None:
        return None
    return {"min": list(box[:3]), "max": list(box[3:])}
