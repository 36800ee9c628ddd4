"""Append-only JSONL files (run records): one durable line per record, a write cut short by a kill repaired."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path


def complete_lines(path: Path, repair: bool = False) -> Iterator[tuple[int, str]]:
    """(line number, text) of every complete, non-blank line of ``path`` (nothing when it does not exist).

    A last line without its newline is a write cut short by a kill: it is skipped, and with ``repair`` cut
    from the file, so that appending starts on a clean line. Undecodable bytes read as U+FFFD, so a damaged
    line is reported by whoever parses it, with its number.
    """
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        return
    complete = data[: data.rfind(b"\n") + 1]
    if repair and len(complete) < len(data):
        with open(path, "r+b") as handle:
            handle.truncate(len(complete))
    for number, line in enumerate(complete.decode("utf-8", errors="replace").splitlines(), start=1):
        if line.strip():
            yield number, line
