"""The on-disk index cache: one file per IFC content hash, written atomically.

The key is the SHA-256 of the file's bytes, so an edited file never reads a stale index, and a
copied or renamed file reuses its entry. Entries are pickles of plain records (the fastest load
Python has); they are only ever read from the user's own cache folder, never from the network.
"""

from __future__ import annotations

import pickle
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ifcqa.errors import CacheError
from ifcqa.files.atomic import write_atomic
from ifcqa.files.cachedir import default_cache_dir
from ifcqa.index.records import INDEX_FORMAT
from ifcqa.lazy import lazy_import

if TYPE_CHECKING:
    import tempfile
else:
    tempfile = lazy_import("tempfile")  # only to write: a warm read does not import it


class IndexCache:
    """Index entries (and their bounding boxes) keyed by file hash under one folder."""

    def __init__(self, directory: str | Path | None = None) -> None:
        self.directory = Path(directory) if directory is not None else default_cache_dir()
        if self.directory.exists() and not self.directory.is_dir():
            raise CacheError(f"{self.directory}: the cache location is a file. Give a folder with --cache-dir.")

    def path(self, sha256: str, part: str = "index") -> Path:
        """Where the entry ``part`` (``index`` or ``bbox``) of a file hash lives."""
        return self.directory / f"{sha256}.{part}.v{INDEX_FORMAT}.pickle"

    def load(self, sha256: str, part: str = "index") -> Any | None:
        """Return the cached object, or ``None`` when absent or unreadable (it is then rebuilt)."""
        path = self.path(sha256, part)
        try:
            with open(path, "rb") as handle:
                return pickle.load(handle)
        except OSError:
            return None  # absent or unreadable here: rebuilt, and save() reports a folder it cannot write
        except (pickle.UnpicklingError, EOFError, AttributeError, ValueError, TypeError, ImportError, LookupError):
            path.unlink(missing_ok=True)  # a damaged entry is dropped and rebuilt, not trusted
            return None

    def save(self, sha256: str, obj: Any, part: str = "index") -> None:
        """Store ``obj`` atomically; an unwritable cache folder is a clear error."""
        try:
            write_atomic(self.path(sha256, part), lambda out: pickle.dump(obj, out, protocol=pickle.HIGHEST_PROTOCOL))
        except OSError as exc:
            raise CacheError(
                f"{self.directory}: cannot write the index cache ({exc.strerror}). "
                "Pass --cache-dir with a writable folder, or --no-cache."
            ) from None
