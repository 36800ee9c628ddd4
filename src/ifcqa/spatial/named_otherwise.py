"""Elements of other classes named with the word a "none" answer asked for: what stops "none at all" from lying.

"What electrical panels are there?" on a Revit export: the model holds no ``IfcElectricDistributionPoint``, but
two elements named "... Panelboard ..." are ``IfcFlowController`` typed ``IfcProtectiveDeviceType``. By class the
answer is none; saying "the model has none at all" would deny what the file names. Before an answer says so,
:func:`named_otherwise` looks for elements of any other class whose Name, type name or ObjectType holds the head
word of the class words the question wrote ("panel" from "electrical panels"), whole or as a part of a compound
("Panelboard", "Wandheizkörper"). They are named in the answer, not counted: the model does not class them so.
"""

from __future__ import annotations

import re

from ifcqa.ifc import schema as ifc_schema
from ifcqa.index.model_index import ModelIndex
from ifcqa.index.records import Element
from ifcqa.spatial.plan import Plan

MIN_STEM = 4  # shorter heads ("tap", "bin") are parts of too many unrelated words
_WORD = re.compile(r"[^\W\d_]+")


def singular(word: str) -> str:
    """An English plural's singular by its ending ("panels" -> "panel", "switches" -> "switch")."""
    for plural, single in (("ies", "y"), ("sses", "ss"), ("ches", "ch"), ("shes", "sh"), ("xes", "x")):
        if word.endswith(plural) and len(word) > len(plural) + 2:
            return word[: -len(plural)] + single
    return word[:-1] if word.endswith("s") and not word.endswith("ss") and len(word) > MIN_STEM else word


def asked_heads(plan: Plan) -> list[str]:
    """The head word (the last one) of each class phrase the question wrote, singular, lower-cased."""
    heads = []
    for _, _, words in plan.resolved.get("class_spans", []):
        found = _WORD.findall(str(words).lower())
        if found and len(head := singular(found[-1])) >= MIN_STEM and head not in heads:
            heads.append(head)
    return heads


def _names(text: str | None, head: str) -> bool:
    return any(word == head or word.startswith(head) or (len(head) > MIN_STEM and word.endswith(head))
               for word in _WORD.findall((text or "").lower()))


def named_otherwise(index: ModelIndex, plan: Plan, skip: set[int]) -> list[Element]:
    """Building elements outside the plan's classes (and outside ``skip``, step ids already named elsewhere)
    whose Name, type name or ObjectType holds a head word the question used for its class, in file order."""
    heads = asked_heads(plan)
    if not heads:
        return []
    asked = {name for wanted in plan.classes for name in wanted.classes}
    elements = index.data.elements
    found = []
    building: dict[str, bool] = {}  # IfcElement subclasses other than openings: what a class word can mean
    for element in elements.values():
        if element.id in skip or element.ifc_class in asked or element.template_of is not None:
            continue
        if element.ifc_class not in building:
            building[element.ifc_class] = (ifc_schema.is_subclass(index.schema, element.ifc_class, "IfcElement")
                                           and element.ifc_class != "IfcOpeningElement")
        if not building[element.ifc_class]:
            continue
        type_object = elements.get(element.type) if element.type is not None else None
        texts = (element.name, type_object.name if type_object is not None else None, element.object_type)
        if any(_names(text, head) for text in texts for head in heads):
            found.append(element)
    return found
