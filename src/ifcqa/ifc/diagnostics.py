"""Problems found while reading a file that do not stop it from being read.

Real exports carry small value-level defects (an enumeration literal the schema does not have, a
string where a number belongs). IfcOpenShell reads past them and the value reads as unset. Such a
file is opened, and every problem is kept as a :class:`ParseWarning` so that tools can show it and
the benchmark generator can stay away from the values it touches.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Any


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


def set_name(definition: Any) -> str:
    """The name a property or quantity set is addressed by: its Name, or the unnamed placeholder."""
    name = getattr(definition, "Name", None)
    return name if name else unnamed_set_name(definition.id())


def warnings_json(warnings: Sequence[ParseWarning], limit: int | None = None) -> list[dict[str, Any]]:
    """The JSON rows of ``warnings`` (the first ``limit`` of them when given), as every face shows them."""
    shown = warnings if limit is None else warnings[:limit]
    return [warning.to_json() for warning in shown]
