"""The web UI's static files: a URL that names its file's content is cached by the browser for good.

``/static/vendor/web-ifc.wasm?v=1fbd30bd5515`` (``v`` = the first 12 or more hex digits of the file's SHA-256;
``web/vendor.mjs`` writes them into the page's worker) is answered with ``Cache-Control: public,
max-age=31536000, immutable``: a later visit takes the file from the browser's cache without asking, and Chromium
keeps the WASM's compiled code with it. Any other URL (no ``v``, or one that is not this file's content: an old
page asking for a rebuilt file) keeps Starlette's ETag / Last-Modified revalidation, so a changed file is never
served stale under a name that promised otherwise.
"""

from __future__ import annotations

import hashlib
import os
import re
from urllib.parse import parse_qs

from starlette.responses import Response
from starlette.staticfiles import PathLike, StaticFiles
from starlette.types import Scope

IMMUTABLE = "public, max-age=31536000, immutable"
VERSION = re.compile(r"[0-9a-f]{12,64}")


class UIStaticFiles(StaticFiles):
    """StaticFiles whose content-addressed URLs (``?v=<sha256 prefix>``) are immutable (see the module docstring)."""

    def __init__(self, *, directory: str | os.PathLike[str]) -> None:
        super().__init__(directory=directory)
        self._digests: dict[tuple[str, int, int], str] = {}

    def digest(self, full_path: PathLike, stat_result: os.stat_result) -> str:
        """The file's SHA-256 (hex), computed once per path, size and modification time."""
        key = (os.fspath(full_path), stat_result.st_size, stat_result.st_mtime_ns)
        if key not in self._digests:
            with open(full_path, "rb") as handle:
                self._digests[key] = hashlib.file_digest(handle, "sha256").hexdigest()
        return self._digests[key]

    def file_response(self, full_path: PathLike, stat_result: os.stat_result, scope: Scope,
                      status_code: int = 200) -> Response:
        response = super().file_response(full_path, stat_result, scope, status_code)
        versions = parse_qs(scope.get("query_string", b"").decode("latin-1")).get("v", [])
        if len(versions) == 1 and VERSION.fullmatch(versions[0]) \
                and self.digest(full_path, stat_result).startswith(versions[0]):
            response.headers["cache-control"] = IMMUTABLE
        return response
