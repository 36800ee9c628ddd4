"""The one element filter shared by the tools that pick a set of elements.

``find_elements`` lists the set, ``count_elements`` counts it, ``aggregate_values`` and
``rank_elements`` read a value over it: all four take the same filters, with the same meaning:

* ``ifc_class``: the class, subclasses included unless ``exact_class``;
* ``name``: Name or LongName, exact ignoring case, or a substring after ``~``;
* ``storey``: the elements on a storey (name, GlobalId or step id);
* ``selector``: an IfcOpenShell selector (``IfcWall, Pset_WallCommon.IsExternal=TRUE``);
* ``elements``: only these candidates (GlobalIds, step ids or Names): "which of these".

:func:`filter_elements` applies them and says in words which rule selected the elements.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ifcqa.errors import ToolError
from ifcqa.index.model_index import ModelIndex
from ifcqa.index.records import Element
from ifcqa.index.selector import select
from ifcqa.tools.batch import among, among_head, filtered
from ifcqa.tools.paths import same_name

FILTER_NAMES = ("ifc_class", "name", "storey", "selector", "elements")


@dataclass
class Selection:
    """The elements a filter kept (sorted by step id), the rule in words, and what the ``elements`` filter says."""

    elements: list[Element]
    counted: str
    head: dict[str, Any] = field(default_factory=dict)


def name_matches(element: Element, wanted: str) -> bool:
    """Whether the Name or LongName equals ``wanted`` ignoring case (else also ignoring leading/trailing
    spaces, noted), or holds it when it starts with '~'."""
    names = [n for n in (element.name, element.long_name) if n]
    if wanted.startswith("~"):
        return any(wanted[1:].lower() in n.lower() for n in names)
    return any(same_name(n, wanted) for n in names)


def _class_rule(index: ModelIndex, canonical: str, elements: list[Element], exact_class: bool) -> str:
    if exact_class:
        return f"{canonical} only (subclasses excluded)"
    counted = f"{canonical} including subclasses"
    present = sorted({e.ifc_class for e in elements})
    if present and present != [canonical]:
        counted += f" (here: {', '.join(present[:10])}{', ...' if len(present) > 10 else ''})"
    return counted


def _templates_rule(index: ModelIndex, parts: list[Element]) -> str:
    """The rule that left out parts of type templates, naming the types."""
    types = sorted({e.template_of for e in parts if e.template_of is not None})
    named = ", ".join(f"{index.data.elements[t].ifc_class} {index.data.elements[t].name!r}" for t in types[:5])
    more = f" and {len(types) - 5} more" if len(types) > 5 else ""
    return (
        f"leaving out {len(parts)} part(s) of type templates (not in the building: parts of {named}{more}; "
        "name them in elements to include them)"
    )


def filter_elements(
    index: ModelIndex,
    ifc_class: str | None = None,
    name: str | None = None,
    storey: str | None = None,
    selector: str | None = None,
    elements: list[str] | None = None,
    exact_class: bool = False,
) -> Selection:
    """The elements that pass every filter given (products only when no class or candidates narrow them).

    Raises:
        ToolError: no filter at all, an unknown class or storey, a bad selector, too many candidates.
    """
    if not any((ifc_class, name, storey, selector, elements)):
        raise ToolError(
            "Give at least one of ifc_class, name, storey, selector or elements (model_summary lists the classes)."
        )
    ids, unknown = among(index, elements)
    rules: list[str] = []
    chosen: list[Element] | None = None
    if ifc_class:
        canonical = index.canonical_class(ifc_class)
        chosen = index.by_class(canonical, exact=exact_class, templates=True)
        rules.append(_class_rule(index, canonical, [e for e in chosen if e.template_of is None], exact_class))
    if selector:
        picked = select(index, selector)
        if chosen is None:
            chosen = sorted(picked, key=lambda e: e.id)
        else:
            keep = {e.id for e in picked}
            chosen = [e for e in chosen if e.id in keep]
        rules.append(f"matching selector {selector!r}")
    if chosen is None:
        if ids is not None:
            chosen = index.records(sorted(ids))
        else:
            chosen = [e for e in index.elements() if index.is_a(e, "IfcProduct")]
            rules.append("every product")
    if ids is None:  # parts of type templates (not in the building) only when named as candidates
        templates = [e for e in chosen if e.template_of is not None]
        if templates:
            chosen = [e for e in chosen if e.template_of is None]
            rules.append(_templates_rule(index, templates))
    chosen = filtered(chosen, ids)
    if ids is not None:
        rules.append(f"among {len(ids)} given elements")
    if storey:
        s = index.resolve_storey(storey)
        chosen = [e for e in chosen if e.storey == s.id and e.id != s.id]
        rules.append(f"on storey {s.name!r}")
    if name:
        chosen = [e for e in chosen if name_matches(e, name)]
        rules.append(f"named {name!r}" if not name.startswith("~") else f"with {name[1:]!r} in the name")
    return Selection(chosen, ", ".join(rules), among_head(ids, unknown))
