"""The envelope of a STEP file, checked before IfcOpenShell parses it: not empty, STEP, not cut short.

An ifcXML file (IFC as XML, ISO 10303-28) is named as such and refused with the fix, rather than
called "not an IFC file".
"""

from __future__ import annotations

from pathlib import Path

from ifcqa.errors import IfcOpenError

_STEP_MAGIC = b"ISO-10303-21;"
_STEP_END = b"END-ISO-10303-21;"


IFCXML_REFUSAL = (
    "{shown}: an ifcXML file (IFC written as XML, ISO 10303-28): ifcXML is not supported; ifcqa reads IFC in "
    "STEP format (ISO 10303-21). Convert it to a STEP .ifc file (export it again as IFC from the authoring "
    "tool, or use a converter that reads ifcXML) and give that file."
)


def looks_like_ifcxml(path: Path, head: bytes) -> bool:
    """Whether a file that is not STEP is ifcXML: an ``.ifcxml`` name, or XML naming IFC in its first bytes."""
    if path.suffix.lower() == ".ifcxml":
        return True
    if not head.startswith(b"<"):
        return False
    with open(path, "rb") as handle:
        start = handle.read(4096).lower()
    return any(mark in start for mark in (b"ifcxml", b"iso_10303_28", b"iso-10303-28", b"/ifc4", b"/ifc2x3", b"<ifc"))


def check_envelope(path: Path, shown: Path) -> None:
    size = path.stat().st_size
    if size == 0:
        raise IfcOpenError(f"{shown}: the file is empty (0 bytes). Re-export or re-download it.")
    with open(path, "rb") as handle:
        head = handle.read(256).lstrip(b"\xef\xbb\xbf \t\r\n")
        handle.seek(max(0, size - 512))
        tail = handle.read()
    if not head.startswith(_STEP_MAGIC) and looks_like_ifcxml(path, head):
        raise IfcOpenError(IFCXML_REFUSAL.format(shown=shown))
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
