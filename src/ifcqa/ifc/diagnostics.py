"""Problems found while reading a file that do not stop it from being read.

Real exports carry small value-level defects (an enumeration literal the schema does not have, a
string where a number belongs). IfcOpenShell reads past them and the value reads as unset. Such a
file is opened, and every problem is kept as a :class:`ParseWarning` so that tools can show it and
the benchmark generator can stay away from the values it touches.

A set without a Name is kept under a placeholder, ``(unnamed #N)`` (N its step id); ``(unnamed)``
names "the element's one unnamed set holding the property", to read one quantity across elements.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass
from typing import Any, TypeVar

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class ParseWarning:
    """One recoverable problem in a file.

    Attributes:
        entity_id: the step id of the entity the problem is in (0 when the parser did not say).
        ifc_class: that entity's class (``""`` when unknown).
        attribute: the attribute the problem is in, when known.
        problem: what was wrong, in the parser's words or ours.
    """

    entity_id: int
    ifc_class: str
    attribute: str | None
    problem: str

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def unnamed_set_name(step_id: int) -> str:
    """The placeholder name under which a property or quantity set without a Name is kept.

    Stable for a given file (it is built from the set's step id), readable, and never a name an
    authoring tool writes. Tools, selectors (quoted: ``"(unnamed #123)".NetArea``) and the benchmark
    generator all address such a set by it.
    """
    return f"(unnamed #{step_id})"


UNNAMED_FAMILY = "(unnamed)"
_UNNAMED_SET = re.compile(r"^\(unnamed #\d+\)$")


def is_unnamed_set(name: str) -> bool:
    """Whether ``name`` is the placeholder of a set without a Name (``(unnamed #123)``)."""
    return bool(_UNNAMED_SET.match(name))


def in_unnamed_set(sets: Mapping[str, Mapping[str, T]], prop: str) -> T | None:
    """``prop`` of the one unnamed set of ``sets`` that holds it (``None`` when none or several do).

    ``(unnamed).Prop`` (:data:`UNNAMED_FAMILY`) addresses a property this way: old exports give every
    space its own unnamed quantity set, so ``(unnamed).NetFloorArea`` reads the same quantity of many
    elements, where each ``(unnamed #N)`` names only one element's set.
    """
    found = [props[prop] for name, props in sets.items() if is_unnamed_set(name) and prop in props]
    return found[0] if len(found) == 1 else None


_NAME_AT: dict[str, int | None] = {}  # schema-qualified class -> the position of its Name attribute


def set_name(definition: Any) -> str:
    """The name a property or quantity set is addressed by: its Name, or the unnamed placeholder."""
    cls = definition.is_a(True)  # with the schema: one class name may differ in layout across schemas
    index = _NAME_AT.get(cls, -1)
    if index == -1:
        names = list(definition.get_attribute_names())
        index = _NAME_AT[cls] = names.index("Name") if "Name" in names else None
    name = definition.get_argument(index) if index is not None else None  # read by position: a build's hot path
    return name if name else unnamed_set_name(definition.id())


def warnings_json(warnings: Sequence[ParseWarning], limit: int | None = None) -> list[dict[str, Any]]:
    """The JSON rows of ``warnings`` (the first ``limit`` of them when given), as every face shows them."""
    shown = warnings if limit is None else warnings[:limit]
    return [warning.to_json() for warning in shown]
