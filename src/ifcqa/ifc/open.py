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
  does not have, a simple value of the wrong type or out of range, a wrong-type reference outside
  the relationships and objects, a wrong number of attributes, a GlobalId shared by several
  entities or empty (:mod:`ifcqa.ifc.globalids`; told apart by step id), a reference cycle
  (:mod:`ifcqa.ifc.cycles`). The value reads as unset, as IfcOpenShell itself reads a bad
  enumeration literal; the file opens and :func:`model_warnings` lists every such problem.

The steps, one module each: the file's envelope (:mod:`ifcqa.ifc.envelope`: empty, not STEP,
ifcXML, truncated), an ``.ifczip`` unpacked within zip-bomb bounds (:mod:`ifcqa.ifc.unzip`),
IfcOpenShell's parse log sorted into fatal problems and warnings (:mod:`ifcqa.ifc.parselog`, its
byte offsets placed by :mod:`ifcqa.ifc.steptext`), and the values IfcOpenShell does not check
(:mod:`ifcqa.ifc.valuecheck`).

Strict mode (``open_model(path, strict=True)``, the CLI's ``--strict``, or ``IFCQA_STRICT=1``)
refuses a file with any recoverable problem, as ifcqa did before it had warnings.
"""

from __future__ import annotations

import os
import threading
import weakref
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from ifcqa.errors import IfcOpenError
from ifcqa.files.hashing import file_sha256
from ifcqa.ifc.cycles import cycle_warnings
from ifcqa.ifc.diagnostics import ParseWarning
from ifcqa.ifc.envelope import check_envelope
from ifcqa.ifc.globalids import global_id_problems, global_id_warnings
from ifcqa.ifc.parselog import SortedLog, log_records, sort_log
from ifcqa.ifc.steptext import Locator
from ifcqa.ifc.unzip import MAX_RATIO_ENV, MAX_UNZIPPED_ENV, unzip_limits, unzipped
from ifcqa.ifc.valuecheck import check_values
from ifcqa.lazy import lazy_import

if TYPE_CHECKING:
    import ifcopenshell
    import ifcopenshell.ifcopenshell_wrapper as wrapper
else:  # imported on first use, so a warm index answers without IfcOpenShell (see ifcqa.lazy)
    ifcopenshell = lazy_import("ifcopenshell")
    wrapper = lazy_import("ifcopenshell.ifcopenshell_wrapper")

__all__ = [
    "MAX_RATIO_ENV",
    "MAX_UNZIPPED_ENV",
    "STRICT_ENV",
    "SUPPORTED_SUFFIXES",
    "CorruptFileError",
    "describe_warning",
    "model_path",
    "model_warnings",
    "open_model",
    "refuse_if_strict",
    "strict_default",
    "unzip_limits",
]

SUPPORTED_SUFFIXES = (".ifc", ".ifczip")
STRICT_ENV = "IFCQA_STRICT"
_SHOWN_PROBLEMS = 3


class CorruptFileError(IfcOpenError):
    """A file that parses but holds fatal problems; ``problems`` lists every one (the message shows the first)."""

    def __init__(self, message: str, problems: Sequence[str]) -> None:
        super().__init__(message)
        self.problems = list(problems)


# The warnings of every model opened here, for as long as the model lives.
_WARNINGS: weakref.WeakKeyDictionary[ifcopenshell.file, tuple[ParseWarning, ...]] = weakref.WeakKeyDictionary()
_PATHS: weakref.WeakKeyDictionary[ifcopenshell.file, Path] = weakref.WeakKeyDictionary()


def strict_default() -> bool:
    """Whether strict opening is asked for by the environment (``IFCQA_STRICT=1``, ``true`` or ``yes``)."""
    return os.environ.get(STRICT_ENV, "").strip().lower() in ("1", "true", "yes", "on")


def open_model(
    path: str | Path, *, strict: bool | None = None, known_clean: str | None = None
) -> ifcopenshell.file:
    """Open an ``.ifc`` or ``.ifczip`` file; refuse what cannot be read, keep warnings for what can.

    Args:
        path: the file to open.
        strict: refuse a file with recoverable problems too (default: :func:`strict_default`).
        known_clean: the SHA-256 of a file this function opened before and found without any problem
            (no warning, nothing fatal), e.g. the one a cached index records. When ``path`` still has
            that content, the value check (:func:`~ifcqa.ifc.valuecheck.check_values`, which would unset
            nothing) is not run again; the parse and its log are read as always.

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
    check = known_clean is None or file_sha256(path) != known_clean
    zipped = path.suffix.lower() == ".ifczip"
    model = _open_ifczip(path, check) if zipped else _open_step(path, shown=path, check=check)
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


def _open_ifczip(path: Path, check: bool = True) -> ifcopenshell.file:
    with unzipped(path) as extracted:
        return _open_step(extracted, shown=path, check=check)


# IfcOpenShell's log is one per process: two files parsed at once by two threads would write into it together
# (each file's problems attributed to the other, and at worst a crash in the logger), so a parse and the reading
# of its log happen one at a time.
_PARSING = threading.Lock()


def _open_step(path: Path, shown: Path, check: bool = True) -> ifcopenshell.file:
    check_envelope(path, shown)
    with _PARSING:
        model, sorted_log = _parse(path, shown)
    guids = global_id_problems(model)  # shared or empty GlobalIds: warnings, not fatal
    if guids.empty:  # IfcOpenShell's GlobalId map logs an unset ($) GlobalId as an error naming no entity
        sorted_log.fatal = [problem for problem in sorted_log.fatal if _NULL_GLOBAL_ID not in problem]
    if sorted_log.fatal:
        raise _corrupt(shown, sorted_log.fatal)
    fatal, value_warnings = check_values(model) if check else ([], [])
    if fatal:
        raise _corrupt(shown, fatal)
    guid_warnings = global_id_warnings(guids)
    _WARNINGS[model] = tuple(sorted_log.warnings + value_warnings + guid_warnings + cycle_warnings(model))
    return model


def _parse(path: Path, shown: Path) -> tuple[ifcopenshell.file, SortedLog]:
    """IfcOpenShell's parse of ``path`` and its log sorted (call with :data:`_PARSING` held)."""
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
        locator = Locator(path)
        logged = [locator.where(r.message) for r in log_records() if r.level == "error"]
        detail = f": {logged[0]}" if logged else f": {exc}"
        raise IfcOpenError(
            f"{shown}: not a readable IFC (STEP) file{detail}. Fix the line named or re-export the model."
        ) from None
    return model, sort_log(model, path)


_NULL_GLOBAL_ID = "Requested type <string> does not match actual type <null> at index 0"


def _corrupt(shown: Path, problems: list[str]) -> CorruptFileError:
    more = f" (and {len(problems) - 1} more problems)" if len(problems) > 1 else ""
    return CorruptFileError(
        f"{shown}: corrupt IFC file: {problems[0]}{more}. Re-export the model from its authoring tool.", problems
    )
