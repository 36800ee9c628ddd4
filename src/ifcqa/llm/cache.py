"""The on-disk LLM response cache: one JSON file per request, keyed by the request's content.

The key is the SHA-256 of the canonical JSON (sorted keys, no whitespace) of the whole request: the
model, the endpoint, the messages, the tool schemas and every sampling parameter. An identical rerun
of a benchmark therefore reads every answer from disk and sends nothing; any change to a prompt, a
tool description or a parameter makes a new key. What the request does not show (another chat
template, quantisation or model served under the same name) does not change the key: a client's
``cache_salt`` (``ifcqa eval --cache-salt``) is then added to every key, and ``--no-cache`` turns the
cache off. A reply read from here is marked ``cached`` in the result, the run's records and its summary.
The API key is never part of the request stored here. Entries are written atomically and only ever
read from the user's own cache folder.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from ifcqa.errors import CacheError
from ifcqa.files.atomic import write_atomic
from ifcqa.files.cachedir import default_cache_dir

CACHE_FORMAT = 1


def request_key(request: dict[str, Any]) -> str:
    """The SHA-256 hex digest of the canonical JSON of ``request`` (plus the cache format)."""
    canonical = json.dumps(
        {"format": CACHE_FORMAT, "request": request},
        sort_keys=True,
        separators=(",", ":"),
        ensure_ascii=False,
        default=str,
    )
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()


def default_llm_cache_dir() -> Path:
    """``<ifcqa cache folder>/llm`` (see :func:`ifcqa.index.cache.default_cache_dir`)."""
    return default_cache_dir() / "llm"


class ResponseCache:
    """LLM responses stored as ``<folder>/<key[:2]>/<key>.json``.

    Args:
        directory: The folder; defaults to :func:`default_llm_cache_dir`.
    """

    def __init__(self, directory: str | Path | None = None) -> None:
        self.directory = Path(directory) if directory is not None else default_llm_cache_dir()
        if self.directory.exists() and not self.directory.is_dir():
            raise CacheError(f"{self.directory}: the LLM cache location is a file. Give a folder, or pass --no-cache.")

    def path(self, key: str) -> Path:
        """Where the entry of ``key`` lives."""
        return self.directory / key[:2] / f"{key}.json"

    def get(self, request: dict[str, Any]) -> dict[str, Any] | None:
        """The stored response of ``request``, or ``None`` (a damaged entry is dropped)."""
        path = self.path(request_key(request))
        try:
            text = path.read_text(encoding="utf-8")
        except OSError:
            return None
        try:
            entry = json.loads(text)
        except json.JSONDecodeError:
            path.unlink(missing_ok=True)  # a damaged entry is asked again, not trusted
            return None
        response = entry.get("response") if isinstance(entry, dict) else None
        return response if isinstance(response, dict) else None

    def put(self, request: dict[str, Any], response: dict[str, Any]) -> None:
        """Store ``response`` for ``request`` atomically (the request is kept beside it for audits)."""
        payload = json.dumps({"request": request, "response": response}, ensure_ascii=False, default=str)
        try:
            write_atomic(self.path(request_key(request)), payload.encode("utf-8"))
        except OSError as exc:
            raise CacheError(
                f"{self.directory}: cannot write the LLM response cache ({exc.strerror}). "
                "Pass a writable --cache-dir, or --no-cache."
            ) from None

    def __len__(self) -> int:
        return sum(1 for _ in self.directory.glob("*/*.json")) if self.directory.is_dir() else 0
