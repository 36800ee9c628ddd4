"""The ``ifcquery``-like commands: ``summary``, ``select`` and ``info``.

Their JSON follows ``ifcquery`` where the two overlap (schema, project, selected ids, an element's
class and name), but reads the cached index, so a second call on a big file answers at once.
"""

from __future__ import annotations

from typing import Annotated, Any

import typer

from ifcqa.cli.common import CacheDir, IfcFile, NoCache, open_index, print_json, status
from ifcqa.errors import IfcqaError
from ifcqa.ifc.classes import normalize_selector_classes, unknown_class_message
from ifcqa.ifc.diagnostics import warnings_json
from ifcqa.index import Element, ModelIndex, Value
from ifcqa.index.selector import select
from ifcqa.tools.model import element_attributes, get_element, summarize
from ifcqa.tools.results import ref


def summary(file: IfcFile, cache_dir: CacheDir = None, no_cache: NoCache = False) -> None:
    """Overview of a model: schema, project, units, element counts per class, storeys and parse warnings."""
    index = open_index(file, cache_dir, no_cache)
    print_json({**summarize(index), "warnings": warnings_json(index.data.warnings)})


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
    index = open_index(file, cache_dir, no_cache)
    normalized, unknown = normalize_selector_classes(index.schema, selector)
    if unknown:
        raise IfcqaError(unknown_class_message(index.schema, unknown[0], f" in selector {selector!r}"))
    print_json([ref(element) for element in select(index, normalized)])


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
    index = open_index(file, cache_dir, no_cache)
    resolved = index.resolve(element)
    if resolved.element is None:  # an entity that is not an element (a property, a material...): shown generically
        print_json(get_element(index, f"#{resolved.step_id}"))
        return
    print_json(element_info(index, resolved.element, with_bbox=not no_bbox) | {"matched_by": resolved.matched_by})


def element_info(index: ModelIndex, element: Element, with_bbox: bool = True) -> dict[str, Any]:
    """The ``ifcqa info`` record of one element (property values without their units).

    Args:
        index: the model index.
        element: the element to describe.
        with_bbox: compute the bounding box (the geometry of the whole model, on first use).
    """
    records = index.data.elements
    storey = records.get(element.storey) if element.storey is not None else None
    return {
        "id": element.id,
        "guid": element.guid,
        "class": element.ifc_class,
        "name": element.name,
        "attributes": element_attributes(index, element),
        "derived": {"predefined_type": element.predefined_type},
        "psets": _plain(element.psets),
        "qtos": _plain(element.qtos),
        "type": ref(records.get(element.type)) if element.type is not None else None,
        "materials": list(element.materials),
        "storey": {"guid": storey.guid, "name": storey.name} if storey is not None else None,
        "container": ref(records.get(element.container)) if element.container is not None else None,
        "bbox": _bbox(index, element) if with_bbox else None,
    }


def _plain(sets: dict[str, dict[str, Value]]) -> dict[str, dict[str, Any]]:
    return {name: {prop: value.value for prop, value in values.items()} for name, values in sets.items()}


def _bbox(index: ModelIndex, element: Element) -> dict[str, list[float]] | None:
    with status("Computing geometry"):
        box = index.bbox(element)
    if box is None:
        return None
    return {"min": list(box[:3]), "max": list(box[3:])}
