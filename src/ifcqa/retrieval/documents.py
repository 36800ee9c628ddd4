"""One text document per element: what a person might search it by (name, type, storey, materials, values)."""

from __future__ import annotations

import re

from ifcqa.index.model_index import ModelIndex
from ifcqa.index.records import Element

_VALUES_PER_ELEMENT = 24
_CAMEL = re.compile(r"(?<=[a-z])(?=[A-Z])")


def class_words(ifc_class: str) -> str:
    """``IfcFlowTerminal`` -> ``flow terminal``."""
    return _CAMEL.sub(" ", ifc_class.removeprefix("Ifc")).lower()


def element_text(index: ModelIndex, element: Element) -> str:
    """The searchable text of ``element``: class, names, description, type, storey, materials, text values."""
    records = index.data.elements
    parts = [class_words(element.ifc_class), element.name, element.long_name, element.description,
             element.object_type, element.tag, element.predefined_type]
    if element.type is not None and element.type in records:
        type_object = records[element.type]
        parts += [class_words(type_object.ifc_class), type_object.name, type_object.description]
    if element.storey is not None and element.storey in records:
        parts.append(records[element.storey].name)
    parts += list(element.materials)
    values = 0
    for props in element.psets.values():
        for value in props.values():
            if value.kind in ("text", "enum") and isinstance(value.value, str) and value.value.strip():
                parts.append(value.value)
                values += 1
            if values >= _VALUES_PER_ELEMENT:
                break
        if values >= _VALUES_PER_ELEMENT:
            break
    return " ".join(p for p in parts if p)


def searchable(index: ModelIndex) -> list[Element]:
    """The records retrieval covers: products that are elements or spaces (no openings, types or groups)."""
    return [
        e for e in index.elements()
        if (index.is_a(e, "IfcElement") or index.is_a(e, "IfcSpace")) and not index.is_a(e, "IfcFeatureElement")
    ]
