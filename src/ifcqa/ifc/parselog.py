"""IfcOpenShell's parse log, sorted into fatal problems and recoverable warnings.

IfcOpenShell is lenient: it opens a file whose references dangle or whose entities are of unknown
classes, logging the problem instead of raising. Its log (JSON format) is the source of the
parse-level problems: VAL012 for an enumeration literal, VAL016 for an attribute count, "Instance
reference ... not found" for a dangling reference, "Entity with name ... not found in schema" for an
unknown class, "Overwriting instance" for a duplicate id. Their byte offsets are mapped back to the
entity and attribute by :class:`~ifcqa.ifc.steptext.Locator`.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from ifcqa.ifc import schema
from ifcqa.ifc.diagnostics import ParseWarning
from ifcqa.ifc.steptext import OFFSET, Locator
from ifcqa.lazy import lazy_import

if TYPE_CHECKING:
    import ifcopenshell
    import ifcopenshell.ifcopenshell_wrapper as wrapper
else:  # imported on first use (see ifcqa.lazy)
    ifcopenshell = lazy_import("ifcopenshell")
    wrapper = lazy_import("ifcopenshell.ifcopenshell_wrapper")

_ENUM = re.compile(r"enumeration literal '([^']*)' is not valid for type '(\w+)'")
_COUNT = re.compile(r"Expected (\d+) attribute values, found (\d+) for instance #(\d+)")
_OVERWRITE = re.compile(r"Overwriting instance with name #(\d+)")


@dataclass(frozen=True, slots=True)
class _Record:
    level: str
    code: str
    message: str


@dataclass(slots=True)
class SortedLog:
    fatal: list[str] = field(default_factory=list)
    warnings: list[ParseWarning] = field(default_factory=list)


def log_records() -> list[_Record]:
    records = []
    for line in wrapper.get_log().splitlines():
        try:
            record = json.loads(line)
        except json.JSONDecodeError:
            continue  # the log is ours to read, a line we cannot parse is not a model problem
        if isinstance(record, dict):
            message = _printable(str(record.get("message", "")))
            records.append(_Record(str(record.get("level", "")), str(record.get("code", "")), message))
    return records


def _printable(text: str) -> str:
    """``text`` with undecodable bytes (lone surrogates from the parser) as ``\\udc80`` escapes, safe to print."""
    return text.encode("utf-8", "backslashreplace").decode("utf-8")


def sort_log(model: ifcopenshell.file, path: Path) -> SortedLog:
    """Sort the parser's log into fatal problems and recoverable warnings."""
    result = SortedLog()
    locator = Locator(path)
    for record in log_records():
        message = record.message.strip()
        enum = _ENUM.search(message)
        count = _COUNT.search(message)
        overwrite = _OVERWRITE.search(message)
        if enum or record.code == "VAL012":
            result.warnings.append(_enum_warning(model, locator, message, enum))
        elif count or record.code == "VAL016":
            entity_id = int(count.group(3)) if count else 0
            problem = (
                f"expected {count.group(1)} attribute values, found {count.group(2)}; the missing or extra "
                "ones read as unset"
                if count
                else message
            )
            result.warnings.append(ParseWarning(entity_id, _class_of(model, entity_id), None, problem))
        elif overwrite:
            result.fatal.append(f"two entities have the step id #{overwrite.group(1)}; the first is lost")
        elif record.level == "error":
            result.fatal.append(locator.where(message))
        # other warnings (lowercase hex digits in a string escape, ...) do not change a value
    return result


def _enum_warning(
    model: ifcopenshell.file, locator: Locator, message: str, enum: re.Match[str] | None
) -> ParseWarning:
    literal, enum_type = (enum.group(1), enum.group(2)) if enum else ("?", "?")
    problem = f"'.{literal}.' is not a literal of {enum_type}; read as unset"
    offset = OFFSET.search(message)
    if offset is None:
        return ParseWarning(0, "", None, problem)
    entity_id, index = locator.attribute_at(int(offset.group(1)))
    ifc_class = _class_of(model, entity_id)
    return ParseWarning(entity_id, ifc_class, _attribute_name(model, ifc_class, index), problem)


def _class_of(model: ifcopenshell.file, entity_id: int) -> str:
    if not entity_id:
        return ""
    try:
        return str(model.by_id(entity_id).is_a())
    except (RuntimeError, ValueError):
        return ""


def _attribute_name(model: ifcopenshell.file, ifc_class: str, index: int | None) -> str | None:
    return schema.attribute_name(model.schema_identifier, ifc_class, index) if ifc_class else None
