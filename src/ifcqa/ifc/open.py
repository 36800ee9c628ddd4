"""Opening IFC files: a clear error for each way a file can be unusable, warnings for what can be read past.

IfcOpenShell is lenient: it opens a file whose references dangle or whose entities are of unknown
classes, logging the problem instead of raising, and it hands back whatever value a file holds, of
whatever type. :func:`open_model` sorts every problem into one of two kinds:

* **fatal** (:class:`~ifcqa.errors.IfcOpenError` naming the file, the problem and the fix): not a
  STEP file, truncated, a syntax error (a bad string escape included), an unsupported schema, an
  entity of an unknown class, a reference to an entity that is not in the file, two entities with
  one step id, and a reference of the wrong type inside a relationship or an object (the spatial
  structure, the decomposition and every other relationship the index reads);
* **recoverable** (:class:`~ifcqa.ifc.diagnostics.ParseWarning`): an enumeration literal the schema
  does not have, a simple value of the wrong type or out of range (a string where a length belongs,
  a reference where a name belongs, an integer too large for an integer), a wrong-type reference
  outside the relationships and objects (a property's unit, say), a wrong number of attributes, a
  GlobalId shared by several entities or empty (:mod:`ifcqa.ifc.globalids`; told apart by step id).
  The value reads as unset, as IfcOpenShell itself reads a bad enumeration literal; the file opens
  and :func:`model_warnings` lists every such problem.

IfcOpenShell's own log (its JSON format) is the source of the parse-level problems: VAL012 for an
enumeration literal, VAL016 for an attribute count, "Instance reference ... not found" for a dangling
reference, "Entity with name ... not found in schema" for an unknown class, "Overwriting instance"
for a duplicate id; their byte offsets are mapped back to the entity and attribute. IfcOpenShell does
not check value types when it parses, so the value-level problems come from one pass over the
entities that are not geometry (``IfcRepresentationItem`` and its subtypes are skipped: they are
most of a file, and the index reads none of them), checked against the schema's types as
``ifcopenshell.validate`` checks them. IfcOpenShell keeps whatever token the file holds (a string
where a reference belongs, a reference where a number belongs), so every value of those entities is
read once; this pass is on the path of every cold call, so it is compiled per class and reads values
by position, accepting the one Python type always valid for an attribute without a call.

An ``.ifczip`` is unpacked into a scratch folder (removed afterwards) with bounds against zip bombs:
the .ifc may expand to at most ``IFCQA_MAX_UNZIPPED_MB`` (4096) and, past 16 MB, to at most
``IFCQA_MAX_ZIP_RATIO`` (100) times its packed size; the bytes are counted as they come out (an
archive's declared sizes can lie), and the error names the limit and how to raise it.

Strict mode (``open_model(path, strict=True)``, the CLI's ``--strict``, or ``IFCQA_STRICT=1``)
refuses a file with any recoverable problem, as ifcqa did before it had warnings.
"""

from __future__ import annotations

import bisect
import contextlib
import hashlib
import json
import math
import os
import re
import weakref
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ifcqa.errors import IfcOpenError
from ifcqa.ifc.cycles import cycle_warnings
from ifcqa.ifc.diagnostics import ParseWarning
from ifcqa.ifc.globalids import global_id_problems, global_id_warnings
from ifcqa.lazy import lazy_import

if TYPE_CHECKING:
    import tempfile
    import zipfile

    import ifcopenshell
    import ifcopenshell.ifcopenshell_wrapper as wrapper
else:  # imported on first use, so a warm index answers without IfcOpenShell (see ifcqa.lazy)
    tempfile = lazy_import("tempfile")  # these two only for .ifczip
    zipfile = lazy_import("zipfile")
    ifcopenshell = lazy_import("ifcopenshell")
    wrapper = lazy_import("ifcopenshell.ifcopenshell_wrapper")

SUPPORTED_SUFFIXES = (".ifc", ".ifczip")
STRICT_ENV = "IFCQA_STRICT"
_STEP_MAGIC = b"ISO-10303-21;"
_STEP_END = b"END-ISO-10303-21;"
_SHOWN_PROBLEMS = 3
MAX_UNZIPPED_ENV = "IFCQA_MAX_UNZIPPED_MB"
MAX_RATIO_ENV = "IFCQA_MAX_ZIP_RATIO"
_DEFAULT_MAX_UNZIPPED_MB = 4096
_DEFAULT_MAX_RATIO = 100
_MB = 1 << 20
_CHUNK = 1 << 20
_RATIO_FLOOR = 16 * _MB

_OFFSET = re.compile(r"\s*at offset (\d+)")
_ENUM = re.compile(r"enumeration literal '([^']*)' is not valid for type '(\w+)'")
_COUNT = re.compile(r"Expected (\d+) attribute values, found (\d+) for instance #(\d+)")
_OVERWRITE = re.compile(r"Overwriting instance with name #(\d+)")
_INSTANCE_START = re.compile(rb"#(\d+)\s*=\s*([A-Za-z][A-Za-z0-9_]*)\s*\(")


class CorruptFileError(IfcOpenError):
    """A file that parses but holds fatal problems; ``problems`` lists every one (the message shows the first)."""

    def __init__(self, message: str, problems: Sequence[str]) -> None:
        super().__init__(message)
        self.problems = list(problems)


# The warnings of every model opened here, for as long as the model lives.
_WARNINGS: weakref.WeakKeyDictionary[ifcopenshell.file, tuple[ParseWarning, ...]] = weakref.WeakKeyDictionary()
_PATHS: weakref.WeakKeyDictionary[ifcopenshell.file, Path] = weakref.WeakKeyDictionary()


def file_sha256(path: str | Path) -> str:
    """Return the hex SHA-256 of a file's bytes (the key of its index cache)."""
    with open(path, "rb") as handle:
        return hashlib.file_digest(handle, "sha256").hexdigest()


def strict_default() -> bool:
    """Whether strict opening is asked for by the environment (``IFCQA_STRICT=1``, ``true`` or ``yes``)."""
    return os.environ.get(STRICT_ENV, "").strip().lower() in ("1", "true", "yes", "on")


def open_model(path: str | Path, *, strict: bool | None = None) -> ifcopenshell.file:
    """Open an ``.ifc`` or ``.ifczip`` file; refuse what cannot be read, keep warnings for what can.

    Args:
        path: the file to open.
        strict: refuse a file with recoverable problems too (default: :func:`strict_default`).

    Returns:
        The opened model; values with a recoverable problem read as unset, and
        :func:`model_warnings` lists the problems.

    Raises:
        IfcOpenError: the file is missing, empty, not a STEP file, truncated, of an unsupported
            schema, has a syntax error, references or entities the parser could not resolve, or a
            reference of the wrong type in a relationship or an object; in strict mode also any
            recoverable problem.
    """
    path = Path(path)
    if not path.exists():
        raise IfcOpenError(f"{path}: no such file. Check the path.")
    if path.is_dir():
        raise IfcOpenError(f"{path}: is a folder, not an IFC file. Give the path of a .ifc or .ifczip file.")
    model = _open_zip(path) if path.suffix.lower() == ".ifczip" else _open_step(path, shown=path)
    if strict_default() if strict is None else strict:
        refuse_if_strict(path, model_warnings(model), strict=True)
    _PATHS[model] = path.resolve()
    return model


def model_path(model: ifcopenshell.file) -> Path | None:
    """The file ``model`` was opened from by :func:`open_model` (``None`` for a model built in memory)."""
    return _PATHS.get(model)


def model_warnings(model: ifcopenshell.file) -> list[ParseWarning]:
    """The recoverable problems found when ``model`` was opened by :func:`open_model` (``[]`` otherwise)."""
    return list(_WARNINGS.get(model, ()))


def refuse_if_strict(path: str | Path, warnings: Sequence[ParseWarning], strict: bool | None = None) -> None:
    """Raise the strict-mode :class:`IfcOpenError` when ``warnings`` is not empty and strict mode is on.

    Used by :func:`open_model` and by whatever reads warnings from elsewhere (a cached index), so a
    strict run refuses a file whether or not it was parsed again.
    """
    if not warnings or not (strict_default() if strict is None else strict):
        return
    shown = "; ".join(describe_warning(w) for w in warnings[:_SHOWN_PROBLEMS])
    more = f" (and {len(warnings) - _SHOWN_PROBLEMS} more)" if len(warnings) > _SHOWN_PROBLEMS else ""
    raise IfcOpenError(
        f"{path}: {len(warnings)} recoverable problem(s), refused in strict mode: {shown}{more}. "
        f"Drop --strict (or unset {STRICT_ENV}) to read the file with those values unset, or re-export it."
    )


def describe_warning(warning: ParseWarning) -> str:
    """One line for a warning: ``#5 IfcOwnerHistory.ChangeAction: <problem>``."""
    where = f"#{warning.entity_id} {warning.ifc_class}" if warning.entity_id else "file"
    if warning.attribute:
        where += f".{warning.attribute}"
    return f"{where}: {warning.problem}"


# -- containers -----------------------------------------------------------------------------
def unzip_limits() -> tuple[int, int]:
    """The bounds on an ``.ifczip``'s .ifc: (most bytes it may expand to, highest expansion ratio).

    ``IFCQA_MAX_UNZIPPED_MB`` (default 4096) and ``IFCQA_MAX_ZIP_RATIO`` (default 100; real IFC
    text deflates 4 to 10 times, a zip bomb about 1000 times) raise or lower them. The ratio is only
    checked once the output passes 16 MB: a small file that packs well does no harm.
    """
    return _env_number(MAX_UNZIPPED_ENV, _DEFAULT_MAX_UNZIPPED_MB) * _MB, _env_number(MAX_RATIO_ENV, _DEFAULT_MAX_RATIO)


def _env_number(name: str, default: int) -> int:
    text = os.environ.get(name, "").strip()
    if not text:
        return default
    try:
        value = int(float(text))
    except ValueError:
        raise IfcOpenError(f"{name}={text!r} is not a number. Set it to a positive whole number.") from None
    if value <= 0:
        raise IfcOpenError(f"{name}={text!r} must be positive. Set it to a positive whole number.")
    return value


def _open_zip(path: Path) -> ifcopenshell.file:
    try:
        archive = zipfile.ZipFile(path)
    except (zipfile.BadZipFile, OSError, ValueError):
        raise IfcOpenError(f"{path}: not a zip archive. An .ifczip file must be a zip holding one .ifc file.") from None
    with archive, tempfile.TemporaryDirectory(prefix="ifcqa-") as scratch:
        members = [i for i in archive.infolist() if i.filename.lower().endswith(".ifc")]
        xml = [i for i in archive.infolist() if i.filename.lower().endswith(".ifcxml")]
        if not members and len(xml) == 1:
            raise IfcOpenError(_IFCXML_REFUSAL.format(shown=f"{path} (holding {xml[0].filename})"))
        if len(members) != 1:
            raise IfcOpenError(
                f"{path}: holds {len(members)} .ifc files; an .ifczip must hold exactly one. Unzip it and "
                "open the .ifc file you mean."
            )
        member = members[0]
        if member.is_dir():
            raise IfcOpenError(f"{path}: {member.filename} in the archive is a folder, not an .ifc file.")
        extracted = Path(scratch) / "model.ifc"
        try:
            _extract_bounded(path, archive, member, extracted)
        except (zipfile.BadZipFile, OSError, ValueError, EOFError, NotImplementedError, RuntimeError) as exc:
            raise IfcOpenError(
                f"{path}: the zip archive is damaged or unreadable ({exc}). Zip the .ifc file again."
            ) from None
        return _open_step(extracted, shown=path)


def _extract_bounded(path: Path, archive: zipfile.ZipFile, member: zipfile.ZipInfo, target: Path) -> None:
    """Stream ``member`` into ``target``, refusing it as soon as it outgrows the limits of :func:`unzip_limits`.

    The sizes an archive declares can lie, so the bytes are counted as they come out; nothing beyond
    the limit is written, and the scratch folder holding ``target`` is removed by the caller.
    """
    max_bytes, max_ratio = unzip_limits()
    packed = max(min(member.compress_size, path.stat().st_size), 1)  # a declared size can lie
    if member.file_size > max_bytes:
        raise _too_big(path, member, max_bytes)
    written = 0
    with archive.open(member) as source, open(target, "wb") as sink:
        while block := source.read(_CHUNK):
            written += len(block)
            if written > max_bytes:
                raise _too_big(path, member, max_bytes)
            if written > _RATIO_FLOOR and written / packed > max_ratio:
                raise IfcOpenError(
                    f"{path}: {member.filename} expands more than {max_ratio:g} times its packed size "
                    f"({_size(packed)} packed, over {_size(written)} so far): refused as a likely zip bomb "
                    f"(limit {MAX_RATIO_ENV}={max_ratio:g}). If the file is genuine, raise the limit, e.g. "
                    f"{MAX_RATIO_ENV}={int(max_ratio * 10)}, or unzip it and open the .ifc."
                )
            sink.write(block)


def _too_big(path: Path, member: zipfile.ZipInfo, max_bytes: int) -> IfcOpenError:
    limit_mb = max_bytes // _MB
    return IfcOpenError(
        f"{path}: {member.filename} expands to more than {_size(max_bytes)}, the limit {MAX_UNZIPPED_ENV}="
        f"{limit_mb}. If the file is genuine, raise the limit, e.g. {MAX_UNZIPPED_ENV}={limit_mb * 4}, or unzip it "
        "and open the .ifc."
    )


def _size(count: int) -> str:
    return f"{count / _MB:,.1f} MB" if count >= _MB else f"{count:,} bytes"


def _open_step(path: Path, shown: Path) -> ifcopenshell.file:
    _check_envelope(path, shown)
    wrapper.set_log_format_json()
    wrapper.get_log()  # drain messages of earlier opens
    try:
        model = ifcopenshell.open(path)
    except ifcopenshell.SchemaError as exc:
        wrapper.get_log()
        raise IfcOpenError(
            f"{shown}: {exc}. ifcqa reads IFC2X3, IFC4 and IFC4X3 (what IfcOpenShell "
            f"{ifcopenshell.version} reads); re-export the model in one of them."
        ) from None
    except (OSError, RuntimeError, ValueError, ifcopenshell.Error) as exc:
        locator = _Locator(path)
        logged = [locator.where(r.message) for r in _log_records() if r.level == "error"]
        detail = f": {logged[0]}" if logged else f": {exc}"
        raise IfcOpenError(
            f"{shown}: not a readable IFC (STEP) file{detail}. Fix the line named or re-export the model."
        ) from None
    sorted_log = _sort_log(model, path)
    guids = global_id_problems(model)  # shared or empty GlobalIds: warnings, not fatal
    if guids.empty:  # IfcOpenShell's GlobalId map logs an unset ($) GlobalId as an error naming no entity
        sorted_log.fatal = [problem for problem in sorted_log.fatal if _NULL_GLOBAL_ID not in problem]
    if sorted_log.fatal:
        raise _corrupt(shown, sorted_log.fatal)
    fatal, value_warnings = _check_values(model)
    if fatal:
        raise _corrupt(shown, fatal)
    guid_warnings = global_id_warnings(guids)
    _WARNINGS[model] = tuple(sorted_log.warnings + value_warnings + guid_warnings + cycle_warnings(model))
    return model


_NULL_GLOBAL_ID = "Requested type <string> does not match actual type <null> at index 0"


def _corrupt(shown: Path, problems: list[str]) -> CorruptFileError:
    more = f" (and {len(problems) - 1} more problems)" if len(problems) > 1 else ""
    return CorruptFileError(
        f"{shown}: corrupt IFC file: {problems[0]}{more}. Re-export the model from its authoring tool.", problems
    )


_IFCXML_REFUSAL = (
    "{shown}: an ifcXML file (IFC written as XML, ISO 10303-28): ifcXML is not supported; ifcqa reads IFC in "
    "STEP format (ISO 10303-21). Convert it to a STEP .ifc file (export it again as IFC from the authoring "
    "tool, or use a converter that reads ifcXML) and give that file."
)


def _looks_like_ifcxml(path: Path, head: bytes) -> bool:
    """Whether a file that is not STEP is ifcXML: an ``.ifcxml`` name, or XML naming IFC in its first bytes."""
    if path.suffix.lower() == ".ifcxml":
        return True
    if not head.startswith(b"<"):
        return False
    with open(path, "rb") as handle:
        start = handle.read(4096).lower()
    return any(mark in start for mark in (b"ifcxml", b"iso_10303_28", b"iso-10303-28", b"/ifc4", b"/ifc2x3", b"<ifc"))


def _check_envelope(path: Path, shown: Path) -> None:
    size = path.stat().st_size
    if size == 0:
        raise IfcOpenError(f"{shown}: the file is empty (0 bytes). Re-export or re-download it.")
    with open(path, "rb") as handle:
        head = handle.read(256).lstrip(b"\xef\xbb\xbf \t\r\n")
        handle.seek(max(0, size - 512))
        tail = handle.read()
    if not head.startswith(_STEP_MAGIC) and _looks_like_ifcxml(path, head):
        raise IfcOpenError(_IFCXML_REFUSAL.format(shown=shown))
    if not head.startswith(_STEP_MAGIC):
        raise IfcOpenError(
            f"{shown}: not an IFC/STEP file (it does not start with 'ISO-10303-21;'). "
            "Give a .ifc file in STEP format, or a .ifczip."
        )
    if _STEP_END not in tail:
        raise IfcOpenError(
            f"{shown}: truncated: the file does not end with 'END-ISO-10303-21;'. "
            "The download or export was cut short; fetch or export it again."
        )


# -- IfcOpenShell's log -----------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class _Record:
    level: str
    code: str
    message: str


@dataclass(slots=True)
class _SortedLog:
    fatal: list[str] = field(default_factory=list)
    warnings: list[ParseWarning] = field(default_factory=list)


def _log_records() -> list[_Record]:
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


def _sort_log(model: ifcopenshell.file, path: Path) -> _SortedLog:
    """Sort the parser's log into fatal problems and recoverable warnings."""
    result = _SortedLog()
    locator = _Locator(path)
    for record in _log_records():
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
    model: ifcopenshell.file, locator: _Locator, message: str, enum: re.Match[str] | None
) -> ParseWarning:
    literal, enum_type = (enum.group(1), enum.group(2)) if enum else ("?", "?")
    problem = f"'.{literal}.' is not a literal of {enum_type}; read as unset"
    offset = _OFFSET.search(message)
    if offset is None:
        return ParseWarning(0, "", None, problem)
    entity_id, index = locator.attribute_at(int(offset.group(1)))
    ifc_class = _class_of(model, entity_id)
    return ParseWarning(entity_id, ifc_class, _attribute_name(model, ifc_class, index), problem)


class _Locator:
    """Maps the byte offsets of IfcOpenShell's messages back to lines, entities and attributes."""

    def __init__(self, path: Path) -> None:
        self._path = path
        self._data: bytes | None = None
        self._line_starts: list[int] | None = None

    @property
    def data(self) -> bytes:
        if self._data is None:
            self._data = self._path.read_bytes()
        return self._data

    def where(self, message: str) -> str:
        """``message`` with its "at offset N" replaced by the line and entity it is in."""
        match = _OFFSET.search(message)
        if match is None:
            return message
        offset = int(match.group(1))
        line = self.line_of(offset)
        entity_id, _ = self.attribute_at(offset)
        inside = f", in #{entity_id}" if entity_id else ""
        return f"{message[: match.start()]}{message[match.end() :]} (line {line}{inside})"

    def line_of(self, offset: int) -> int:
        if self._line_starts is None:
            self._line_starts = [0] + [m.end() for m in re.finditer(rb"\n", self.data)]
        return bisect.bisect_right(self._line_starts, offset)

    def attribute_at(self, offset: int) -> tuple[int, int | None]:
        """The step id of the instance whose text holds ``offset``, and the attribute index there."""
        data = self.data
        start = max(0, offset - (1 << 16))
        found = None
        for match in _INSTANCE_START.finditer(data, start, min(len(data), offset + 256)):
            if match.start() > offset:
                break
            found = match
        if found is None:
            return 0, None
        if found.end() > offset:
            return int(found.group(1)), None
        return int(found.group(1)), _attribute_index(data, found.end(), offset)


def _attribute_index(data: bytes, begin: int, offset: int) -> int | None:
    """The top-level attribute index at ``offset`` of an instance whose arguments start at ``begin``."""
    depth, index, in_string = 0, 0, False
    position = begin
    while position < offset:
        char = data[position]
        if in_string:
            if char == 0x27:  # '
                if position + 1 < len(data) and data[position + 1] == 0x27:
                    position += 1
                else:
                    in_string = False
        elif char == 0x27:
            in_string = True
        elif char == 0x28:  # (
            depth += 1
        elif char == 0x29:  # )
            if depth == 0:
                return None
            depth -= 1
        elif char == 0x2C and depth == 0:  # ,
            index += 1
        position += 1
    return index


def _class_of(model: ifcopenshell.file, entity_id: int) -> str:
    if not entity_id:
        return ""
    try:
        return str(model.by_id(entity_id).is_a())
    except (RuntimeError, ValueError):
        return ""


def _attribute_name(model: ifcopenshell.file, ifc_class: str, index: int | None) -> str | None:
    if not ifc_class or index is None:
        return None
    try:
        entity = wrapper.schema_by_name(model.schema_identifier).declaration_by_name(ifc_class)
        attributes = entity.all_attributes()
    except (RuntimeError, AttributeError):
        return None
    return str(attributes[index].name()) if 0 <= index < len(attributes) else None


# -- values IfcOpenShell does not check ------------------------------------------------------
_REFERENCE_HOLDERS = ("IfcRelationship", "IfcObjectDefinition")
_ROOT = "IfcRoot"
_GEOMETRY = "IfcRepresentationItem"
_Check = Callable[
    [Any], "str | None"
]  # value -> None when valid, else "bad" (a wrong value) or "ref" (wrong reference)
# One attribute to check: (index, name, schema type name, the Python type that is always valid, its check).
_Attribute = tuple[int, str, str, "type | None", _Check]


def _check_values(model: ifcopenshell.file) -> tuple[list[str], list[ParseWarning]]:
    """Check every non-geometry value against its schema type; unset the bad ones.

    Only the type of each value is checked (not aggregate bounds or WHERE rules, which real exports
    break without harm). A reference to an entity of another class of the same family (an
    ``IfcSystem`` listed where an ``IfcProduct`` belongs, as IFC2X3 exports contain circuits) is
    accepted, as IfcOpenShell and the index accept it.

    This pass is on the path of every cold call, so it is written for speed: each value is read once
    with ``get_argument`` (no bounds check in Python), a value of the one Python type that is always
    valid for its attribute (a ``str`` for a label) is accepted without a call, and the verdict on a
    reference is computed once per class of the referenced entity.

    Returns:
        The fatal problems (references into another family inside relationships and objects) and
        the warnings (every other bad value, now unset in ``model``).
    """
    schema = wrapper.schema_by_name(model.schema_identifier)
    checker = _TypeChecker(schema, zero_id=_has_id_zero(model))
    fatal: list[str] = []
    warnings: list[ParseWarning] = []
    for ifc_class in sorted(c for c in model.types() if not checker.is_geometry(c)):
        holds_structure, checks = checker.of_class(ifc_class)
        if not checks:
            continue
        for instance in model.by_type(ifc_class, include_subtypes=False):
            get = instance.get_argument
            for index, name, type_name, always_valid, check in checks:
                try:
                    value = get(index)
                except (RuntimeError, ValueError, TypeError, IndexError):
                    warnings.append(ParseWarning(instance.id(), ifc_class, name, "unreadable value; read as unset"))
                    _unset(instance, index)
                    continue
                if value is None or value.__class__ is always_valid:
                    continue
                verdict = check(value)
                if verdict is None:
                    continue
                problem = f"{_shown(value)} is not a valid {type_name}"
                if verdict == "ref" and holds_structure:
                    fatal.append(f"#{instance.id()} {ifc_class}.{name}: {problem}")
                    continue
                warnings.append(ParseWarning(instance.id(), ifc_class, name, f"{problem}; read as unset"))
                _unset(instance, index)
    return fatal, warnings


def _has_id_zero(model: ifcopenshell.file) -> bool:
    """Whether the file holds an entity ``#0`` (its id reads as "no id", as a typed value's does)."""
    try:
        model.by_id(0)
    except RuntimeError:
        return False
    return True


def _unset(instance: ifcopenshell.entity_instance, index: int) -> None:
    # If IfcOpenShell refuses the assignment, the value stays as the file holds it.
    with contextlib.suppress(RuntimeError, ValueError, TypeError, AttributeError):
        instance[index] = None


def _shown(value: Any) -> str:
    if isinstance(value, ifcopenshell.entity_instance):
        return f"#{value.id()} {value.is_a()}" if value.id() else str(value)[:60]
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _simple_check(kind: str) -> tuple[type | None, _Check]:
    """The check of a simple type, and the Python type that always passes it (skipped without a call)."""

    def string(value: Any) -> str | None:
        return None if isinstance(value, str) else "bad"

    def integer(value: Any) -> str | None:
        return None if isinstance(value, int) and not isinstance(value, bool) else "bad"

    def real(value: Any) -> str | None:
        if isinstance(value, bool) or not isinstance(value, int | float):
            return "bad"
        return None if isinstance(value, int) or math.isfinite(value) else "bad"

    def boolean(value: Any) -> str | None:
        return None if isinstance(value, bool) else "bad"

    def logical(value: Any) -> str | None:
        return None if isinstance(value, bool) or value == "UNKNOWN" else "bad"

    checks: dict[str, tuple[type | None, _Check]] = {
        "string": (str, string),
        "binary": (str, string),
        "integer": (int, integer),
        "real": (int, real),  # a float must be finite: checked
        "number": (int, real),
        "boolean": (bool, boolean),
    }
    return checks.get(kind, (bool, logical))


def _ref_verdict(value: Any) -> str | None:
    return "ref"


def _bad_verdict(value: Any) -> str | None:
    return "bad"


def _valid(value: Any) -> str | None:
    return None


class _TypeChecker:
    """Fast value checks compiled from the schema, cached per class.

    ``zero_id``: the file holds an entity ``#0``. A reference to it is refused as "no entity" (as a
    typed value, which also has no id, is), so the per-class verdicts on references ask for the id
    only then.
    """

    def __init__(self, schema: Any, zero_id: bool = False) -> None:
        self._schema = schema
        self._zero_id = zero_id
        self._classes: dict[str, tuple[bool, list[_Attribute]]] = {}
        self._is_a: dict[tuple[str, str], bool] = {}
        self._families: dict[str, str] = {}
        self._entities: dict[str, bool] = {}

    def of_class(self, ifc_class: str) -> tuple[bool, list[_Attribute]]:
        known = self._classes.get(ifc_class)
        if known is None:
            entity = self._schema.declaration_by_name(ifc_class)
            holds = any(_is_subtype(entity, name) for name in _REFERENCE_HOLDERS)
            checks: list[_Attribute] = []
            for index, attribute in enumerate(entity.all_attributes()):
                kind = attribute.type_of_attribute()
                compiled = self._compile(kind)
                if compiled is not None:
                    always_valid, check = compiled
                    checks.append((index, str(attribute.name()), _type_name(kind), always_valid, check))
            known = (holds, checks)
            self._classes[ifc_class] = known
        return known

    def is_geometry(self, ifc_class: str) -> bool:
        """Whether ``ifc_class`` is a representation item (geometry, which the index never reads)."""
        return self._subtype(ifc_class, _GEOMETRY)

    def _subtype(self, value_class: str, name: str) -> bool:
        key = (value_class, name)
        known = self._is_a.get(key)
        if known is None:
            known = _is_subtype(self._schema.declaration_by_name(value_class), name)
            self._is_a[key] = known
        return known

    def _is_entity(self, name: str) -> bool:
        known = self._entities.get(name)
        if known is None:
            try:
                known = isinstance(self._schema.declaration_by_name(name), wrapper.entity)
            except (RuntimeError, AttributeError):
                known = False
            self._entities[name] = known
        return known

    def _family(self, name: str) -> str:
        """The broad kind a reference must be of: the child of IfcRoot above ``name``, else its top ancestor."""
        family = self._families.get(name)
        if family is None:
            chain = []
            entity = self._schema.declaration_by_name(name)
            while entity is not None:
                chain.append(entity.name())
                entity = entity.supertype()
            family = chain[-2] if chain[-1] == _ROOT and len(chain) > 1 else chain[-1]
            self._families[name] = family
        return family

    def _compile(self, kind: Any) -> tuple[type | None, _Check] | None:
        """The check of a schema type and the Python type always valid for it; ``None``: nothing to check."""
        while isinstance(kind, wrapper.named_type):
            kind = kind.declared_type()
        if isinstance(kind, wrapper.type_declaration):
            return self._compile(kind.declared_type())
        if isinstance(kind, wrapper.simple_type):
            return _simple_check(str(kind.declared_type()))
        if isinstance(kind, wrapper.enumeration_type):
            items = frozenset(str(item) for item in kind.enumeration_items())
            return None, lambda value: None if isinstance(value, str) and value in items else "bad"
        if isinstance(kind, wrapper.entity):
            return None, self._entity_check(str(kind.name()))
        if isinstance(kind, wrapper.select_type):
            return None, self._select_check(kind)
        if isinstance(kind, wrapper.aggregation_type):
            return None, self._aggregate_check(self._compile(kind.type_of_element()))
        return None

    def _aggregate_check(self, element: tuple[type | None, _Check] | None) -> _Check:
        item_type, item_check = element if element is not None else (None, None)

        def aggregate(value: Any) -> str | None:
            if not isinstance(value, tuple):
                return "ref" if isinstance(value, ifcopenshell.entity_instance) else "bad"
            if item_check is None:
                return None
            found = None
            for item in value:
                if item is None or item.__class__ is item_type:
                    continue
                verdict = item_check(item)
                if verdict == "ref":
                    return "ref"
                if verdict:
                    found = "bad"
            return found

        return aggregate

    def _entity_check(self, name: str) -> _Check:
        family = self._family(name)
        verdicts: dict[str, str | None] = {}  # class of the referenced entity -> verdict
        instance_type = ifcopenshell.entity_instance
        zero_id = self._zero_id

        def verdict_of(value_class: str) -> str | None:
            if not self._is_entity(value_class):  # a typed value, not an entity
                return "ref"
            if self._subtype(value_class, name) or self._subtype(value_class, family):
                return None
            return "ref"

        def reference(value: Any) -> str | None:
            if value.__class__ is not instance_type and not isinstance(value, instance_type):
                return "ref"
            value_class = value.is_a()
            try:
                verdict = verdicts[value_class]
            except KeyError:
                verdict = verdicts[value_class] = verdict_of(value_class)
            if verdict is None and zero_id and not value.id():
                return "ref"
            return verdict

        return reference

    def _select_check(self, kind: Any) -> _Check:
        members = _select_members(kind)
        entity_members = [m for m in members if isinstance(self._schema.declaration_by_name(m), wrapper.entity)]
        families = {self._family(m) for m in entity_members}
        by_class: dict[str, _Check] = {}  # class of the value -> its check (the same for every value of it)
        instance_type = ifcopenshell.entity_instance
        zero_id = self._zero_id

        def check_of(value_class: str) -> _Check:
            if self._is_entity(value_class):  # an entity
                if value_class in members or any(self._subtype(value_class, f) for f in families):
                    return _valid
                return _ref_verdict
            if value_class not in members:  # a typed value of a type the select does not hold
                return _bad_verdict
            compiled = self._compile(self._schema.declaration_by_name(value_class))
            if compiled is None:
                return _valid
            always_valid, wrapped = compiled

            def typed(value: Any) -> str | None:
                inner = value.get_argument(0)  # the wrapped value (what ``wrappedValue`` reads)
                if inner.__class__ is always_valid:
                    return None
                return "bad" if wrapped(inner) else None

            return typed

        def select(value: Any) -> str | None:
            if value.__class__ is not instance_type and not isinstance(value, instance_type):
                return "ref" if entity_members else "bad"
            value_class = value.is_a()
            if zero_id and not value.id() and self._is_entity(value_class):  # entity #0 reads as a typed value
                return None if value_class in members else "bad"
            check = by_class.get(value_class)
            if check is None:
                check = by_class[value_class] = check_of(value_class)
            return check(value)

        return select


def _select_members(kind: Any) -> frozenset[str]:
    """The names a select admits: its entities with their subtypes, its defined types and enumerations.

    What ``ifcopenshell.validate.get_select_members`` returns, computed here so a cold call need not
    import that module (argparse and the EXPRESS rule executor come with it).
    """
    names: set[str] = set()
    pending = list(kind.select_list())
    while pending:
        member = pending.pop()
        if isinstance(member, wrapper.select_type):
            pending.extend(member.select_list())
        elif isinstance(member, wrapper.entity):
            names.add(str(member.name()))
            pending.extend(member.subtypes())
        elif isinstance(member, wrapper.type_declaration | wrapper.enumeration_type):
            names.add(str(member.name()))
    return frozenset(names)


def _type_name(kind: Any) -> str:
    while isinstance(kind, wrapper.named_type):
        kind = kind.declared_type()
    if isinstance(kind, wrapper.aggregation_type):
        return f"list of {_type_name(kind.type_of_element())}"
    name = getattr(kind, "name", None)
    if callable(name):
        return str(name())
    return str(kind.declared_type()) if isinstance(kind, wrapper.simple_type) else str(kind)


def _is_subtype(entity: Any, name: str) -> bool:
    while entity is not None:
        if entity.name() == name:
            return True
        entity = entity.supertype()
    return False
