"""Atomic writes: a reader sees the old file or the new one, never a part."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, BinaryIO

from ifcqa.lazy import lazy_import

if TYPE_CHECKING:
    import tempfile
else:
    tempfile = lazy_import("tempfile")  # only to write: a warm read does not import it


def _read_umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


UMASK = _read_umask()  # read once at import: os.umask is process-wide, so never toggled while threads write


def write_atomic(path: Path, payload: bytes | Callable[[BinaryIO], None]) -> None:
    """Write ``payload`` to ``path`` so readers see the old file or the new one, never a part.

    ``payload`` is the bytes, or a function writing them to an open file (streamed: a large index is
    pickled straight to disk, never held whole in memory beside the records).
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(handle, "wb") as out:
            if callable(payload):
                payload(out)
            else:
                out.write(payload)
        os.chmod(temp, 0o666 & ~UMASK)  # mkstemp makes 0600; give the file the mode open() would
        os.replace(temp, path)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise
