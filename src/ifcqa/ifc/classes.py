"""IFC class names as people type them: any case, with close matches for a misspelling.

IfcOpenShell's schema lookup ignores case (``ifcwall`` is ``IfcWall``), but its selector grammar does
not, and a misspelt class (``IfcWal``) simply matches nothing. The faces resolve class names here
first, so a user gets the class meant or an error naming it with the closest classes of the schema.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import TYPE_CHECKING

from ifcqa.ifc.schema import entity_names
from ifcqa.lazy import lazy_import

if TYPE_CHECKING:
    import difflib
else:  # imported on first use
    difflib = lazy_import("difflib")

_CLASS_TOKEN = re.compile(r"(?<![\w.$])([Ii][Ff][Cc]\w*)(?![\w.])")
_QUOTED = re.compile(r"\"(?:[^\"\\]|\\.)*\"|'(?:[^'\\]|\\.)*'")


_entities = entity_names  # lower-case name -> name, of every entity of a schema (empty for an unknown one)


def canonical_class(schema: str, name: str) -> str | None:
    """The schema's spelling of entity ``name`` (any case), or ``None`` when the schema has no such entity."""
    try:
        return _entities(schema).get(name.strip().lower())
    except (RuntimeError, IndexError):  # an unknown schema name
        return None


def close_classes(schema: str, name: str, n: int = 3) -> list[str]:
    """Up to ``n`` entities of ``schema`` spelt closest to ``name`` (for "did you mean")."""
    try:
        names = _entities(schema)
    except (RuntimeError, IndexError):
        return []
    lowered = name.strip().lower()
    starts = sorted(v for k, v in names.items() if k.startswith(lowered) and k != lowered)
    close = [names[k] for k in difflib.get_close_matches(lowered, list(names), n=n, cutoff=0.75)]
    merged = list(dict.fromkeys(close + starts))
    return merged[:n]


def unknown_class_message(schema: str, name: str, where: str = "") -> str:
    """``'IfcWal' is not an entity of IFC4. Did you mean IfcWall, IfcWallType?`` (``where`` adds context)."""
    close = close_classes(schema, name)
    hint = f" Did you mean {', '.join(close)}?" if close else " Class names start with Ifc, e.g. IfcWall, IfcDoor."
    return f"{name!r}{where} is not an entity of {schema}.{hint}"


def normalize_selector_classes(
    schema: str, selector: str, known: Mapping[str, str] | None = None
) -> tuple[str, list[str]]:
    """``selector`` with every class name in the schema's spelling, and the class names the schema lacks.

    Only unquoted words starting with ``Ifc`` (any case) that stand alone are read as class names
    (not ``Pset_X.Prop`` or quoted values). ``known`` (lower-case name -> name, e.g. the classes of a
    model) is looked at first, so a selector naming them needs no schema lookup (no IfcOpenShell).
    """
    unknown: list[str] = []

    def fix(match: re.Match[str]) -> str:
        token = match.group(1)
        found = (known.get(token.lower()) if known else None) or canonical_class(schema, token)
        if found is None:
            unknown.append(token)
            return token
        return found

    pieces = []
    last = 0
    for quoted in _QUOTED.finditer(selector):
        pieces.append(_CLASS_TOKEN.sub(fix, selector[last : quoted.start()]))
        pieces.append(quoted.group(0))
        last = quoted.end()
    pieces.append(_CLASS_TOKEN.sub(fix, selector[last:]))
    return "".join(pieces), unknown
