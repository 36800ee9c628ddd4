"""Opening IFC files, with one clear error for each way a file can be unusable.

IfcOpenShell is lenient: it opens a truncated file, drops entities of unknown classes and leaves
dangling references as ``None``, logging the problem instead of raising. A benchmark built on such
a model would be silently wrong, so :func:`open_model` turns every error the parser logs into an
:class:`~ifcqa.errors.IfcOpenError` that names the file, the problem and the fix.
"""

from __future__ import annotations

import hashlib
import json
import tempfile
import zipfile
from pathlib import Path

import ifcopenshell
import ifcopenshell.ifcopenshell_wrapper as wrapper

from ifcqa.errors import IfcOpenError

SUPPORTED_SUFFIXES = (".ifc", ".ifczip")
_STEP_MAGIC = b"ISO-10303-21;"
_STEP_END = b"END-ISO-10303-21;"


def file_sha256(path: str | Path) -> str:
    """Return the hex SHA-256 of a file's bytes (the key of its index cache)."""
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def open_model(path: str | Path) -> ifcopenshell.file:
    """Open an ``.ifc`` or ``.ifczip`` file, refusing anything IfcOpenShell would read only in part.

    Args:
        path: the file to open.

    Returns:
        The opened model.

    Raises:
        IfcOpenError: the file is missing, empty, not a STEP file, truncated, of an unsupported
            schema, or has references or entities the parser could not resolve.
    """
    path = Path(path)
    if not path.exists():
        raise IfcOpenError(f"{path}: no such file. Check the path (and that ../shared/ifc is present).")
    if path.is_dir():
        raise IfcOpenError(f"{path}: is a folder, not an IFC file. Give the path of a .ifc or .ifczip file.")
    if path.suffix.lower() == ".ifczip":
        return _open_zip(path)
    return _open_step(path, shown=path)


def _open_zip(path: Path) -> ifcopenshell.file:
    try:
        archive = zipfile.ZipFile(path)
    except zipfile.BadZipFile:
        raise IfcOpenError(f"{path}: not a zip archive. An .ifczip file must be a zip holding one .ifc file.") from None
    with archive, tempfile.TemporaryDirectory(prefix="ifcqa-") as scratch:
        members = [n for n in archive.namelist() if n.lower().endswith(".ifc")]
        if len(members) != 1:
            raise IfcOpenError(
                f"{path}: holds {len(members)} .ifc files; an .ifczip must hold exactly one. Unzip it and "
                "open the .ifc file you mean."
            )
        extracted = Path(archive.extract(members[0], scratch))
        return _open_step(extracted, shown=path)


def _open_step(path: Path, shown: Path) -> ifcopenshell.file:
    _check_envelope(path, shown)
    wrapper.set_log_format_json()
    wrapper.get_log()  # drain messages of earlier opens
    try:
        model = ifcopenshell.open(path)
    except ifcopenshell.SchemaError as exc:
        raise IfcOpenError(
            f"{shown}: {exc}. ifcqa reads IFC2X3, IFC4 and IFC4X3 (what IfcOpenShell "
            f"{ifcopenshell.version} reads); re-export the model in one of them."
        ) from None
    except (OSError, RuntimeError, ifcopenshell.Error) as exc:
        raise IfcOpenError(f"{shown}: not a readable IFC (STEP) file: {exc}.") from None
    problems = _logged_errors()
    if problems:
        more = f" (and {len(problems) - 1} more problems)" if len(problems) > 1 else ""
        raise IfcOpenError(
            f"{shown}: corrupt IFC file: {problems[0]}{more}. Re-export the model from its authoring tool."
        )
    return model


def _check_envelope(path: Path, shown: Path) -> None:
    size = path.stat().st_size
    if size == 0:
        raise IfcOpenError(f"{shown}: the file is empty (0 bytes). Re-export or re-download it.")
    with open(path, "rb") as handle:
        head = handle.read(256).lstrip(b"\xef\xbb\xbf \t\r\n")
        handle.seek(max(0, size - 512))
        tail = handle.read()
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


def _logged_errors() -> list[str]:
    problems = []
    for line in wrapper.get_log().splitlines():
        try:
            record = json.loads(line)
        except json.JSONDecodeError:
            continue  # the log is ours to read, a line we cannot parse is not a model problem
        if record.get("level") == "error":
            problems.append(str(record.get("message", "")).strip())
    return problems
