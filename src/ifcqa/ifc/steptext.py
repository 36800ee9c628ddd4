"""Positions in STEP text: the byte offsets of IfcOpenShell's messages as lines, entities and attributes."""

from __future__ import annotations

import bisect
import re
from pathlib import Path

OFFSET = re.compile(r"\s*at offset (\d+)")
INSTANCE_START = re.compile(rb"#(\d+)\s*=\s*([A-Za-z][A-Za-z0-9_]*)\s*\(")


class Locator:
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
        match = OFFSET.search(message)
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
        for match in INSTANCE_START.finditer(data, start, min(len(data), offset + 256)):
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
