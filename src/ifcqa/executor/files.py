"""How a worker gets a file: by its path (a shared file system) or as bytes (``--ship-files``).

A :class:`FileRef` travels to the worker with the call. Without bytes, :func:`local_path` is the path
as given, which the worker must be able to read. With bytes (read by :func:`ship` just before the
call is submitted), the worker writes them once into its own folder, under the file's SHA-256 and its
original name (so names in the output do not change), and reuses that copy for the next call.

Work that uses the same file many times (the code agent's sandboxed runs: dozens per model) sends it
:func:`by_hash`: only the SHA-256 and the name; a worker that has no copy yet raises
:class:`NotShipped`, and the caller sends that call again with the bytes.
"""

from __future__ import annotations

import hashlib
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path

from ifcqa.errors import IfcqaError

SHIPPED_ENV = "IFCQA_SHIPPED_DIR"  # where a worker keeps shipped files (default: <tmp>/ifcqa-shipped)


@dataclass(frozen=True)
class FileRef:
    """A file for a worker: its path on the submitting machine, and its bytes when shipped.

    ``sha256`` without ``data`` (see :func:`by_hash`): bytes shipped to the worker before, by hash only.
    """

    path: str
    data: bytes | None = None
    sha256: str | None = None

    @property
    def name(self) -> str:
        return Path(self.path).name


def ship(path: str | Path, send_bytes: bool) -> FileRef:
    """A reference to ``path``; with ``send_bytes`` it carries the file's bytes and their SHA-256."""
    if not send_bytes:
        return FileRef(str(path))
    data = Path(path).read_bytes()
    return FileRef(str(path), data, hashlib.sha256(data).hexdigest())


class NotShipped(IfcqaError):
    """A file sent by hash only, of which this worker has no copy yet: send the call again with the bytes."""

    code = "not_shipped"


def by_hash(ref: FileRef) -> FileRef:
    """``ref`` without its bytes (its SHA-256 and name only), for a worker that may hold a copy already."""
    if ref.sha256 is None:
        raise ValueError("by_hash needs a shipped FileRef (one made by ship(path, True))")
    return FileRef(ref.path, None, ref.sha256)


def shipped_dir() -> Path:
    """The worker's folder of shipped files."""
    return Path(os.environ.get(SHIPPED_ENV) or Path(tempfile.gettempdir()) / "ifcqa-shipped")


def local_path(ref: FileRef) -> Path:
    """Where the worker reads the file: the path as given, or its copy of the shipped bytes."""
    if ref.data is None and ref.sha256 is None:
        return Path(ref.path)
    target = shipped_dir() / (ref.sha256 or hashlib.sha256(ref.data or b"").hexdigest()) / ref.name
    if ref.data is None:
        if target.is_file():  # written whole (os.replace below) by an earlier call
            return target
        raise NotShipped(f"{ref.name}: this worker has no copy of it yet; send the call with the file's bytes")
    if not target.is_file() or target.stat().st_size != len(ref.data):
        target.parent.mkdir(parents=True, exist_ok=True)
        handle, temp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
        try:
            with os.fdopen(handle, "wb") as out:
                out.write(ref.data)
            os.replace(temp, target)  # another call of the same worker sees the whole file or none
        except BaseException:
            Path(temp).unlink(missing_ok=True)
            raise
    return target
