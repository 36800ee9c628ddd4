"""The model overview (``ifcqa summary``, the ``model_summary`` tool), apart from the tool registry.

Kept in its own light module so that ``ifcqa summary`` imports neither the tool registry (pydantic)
nor IfcOpenShell: the overview reads the index alone.
"""

from __future__ import annotations

from typing import Any

from ifcqa.index.model_index import ModelIndex
from ifcqa.tools.results import guid_note, label

_SKIP_IN_COUNTS = ("IfcOpeningElement", "IfcVirtualElement")


def summarize(index: ModelIndex) -> dict[str, Any]:
    """The ``ifcquery summary``-compatible overview (also used by ``ifcqa summary``)."""
    data = index.data
    project = data.elements.get(data.project) if data.project is not None else None
    counts = {
        cls: len(ids)
        for cls, ids in data.by_class.items()
        if "IfcProduct" in data.ancestors.get(cls, ()) and cls not in _SKIP_IN_COUNTS
    }
    return {
        "schema": index.schema,
        "file": index.path.name,
        "project": {
            "guid": project.guid if project else None,
            "name": project.name if project else None,
            "long_name": project.long_name if project else None,
            "description": project.description if project else None,
        },
        "units": {k.removesuffix("UNIT").lower(): u.symbol for k, u in index.units.items()},
        "counts": dict(sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))),
        "storeys": [storey_row(index, i) for i in index.storeys],
    }


def storey_row(index: ModelIndex, storey_id: int) -> dict[str, Any]:
    storey = index.data.elements[storey_id]
    building = index.data.elements.get(storey.building) if storey.building is not None else None
    row: dict[str, Any] = {"guid": storey.guid, "name": storey.name}
    if storey.guid_issue is not None:
        row |= {"id": storey.id, "guid_note": guid_note(storey)}
    if storey.long_name:
        row["long_name"] = storey.long_name
    row["elevation"] = storey.elevation
    row["building"] = label(building) if building else None
    return row
