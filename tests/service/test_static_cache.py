"""The page's web-ifc files: asked for by their content hash and cached by the browser for good; other URLs not.

The worker (static/js/ifc-worker.js) names the vendored web-ifc module and WASM with ``?v=<sha256 prefix>``
(written by web/vendor.mjs); a rebuild that did not update them would have browsers keep the old files.
"""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

from service_helpers import LiveServer

from ifcqa.service.app import STATIC_DIR
from ifcqa.service.static_files import IMMUTABLE

WORKER = STATIC_DIR / "js" / "ifc-worker.js"


def _worker_urls() -> dict[str, str]:
    """WEB_IFC_JS / WEB_IFC_WASM of the worker: name -> its URL relative to static/js/."""
    found = dict(re.findall(r"const (WEB_IFC_JS|WEB_IFC_WASM) = '([^']+)';", WORKER.read_text()))
    assert set(found) == {"WEB_IFC_JS", "WEB_IFC_WASM"}, found
    return found


def test_the_worker_asks_for_the_vendored_files_by_their_content_hash() -> None:
    for url in _worker_urls().values():
        path, version = url.split("?v=")
        file = (STATIC_DIR / "js" / path).resolve()
        assert file.is_file(), url
        assert hashlib.sha256(file.read_bytes()).hexdigest().startswith(version), \
            f"{url}: not the file's hash; rebuild with `cd web && npm ci && node vendor.mjs`"
        assert len(version) >= 12


def test_a_content_hash_url_is_immutable_and_any_other_is_revalidated(live: LiveServer) -> None:
    urls = {name: "/static/" + str(Path(url.replace("../", ""))) for name, url in _worker_urls().items()}
    wasm = urls["WEB_IFC_WASM"]
    plain = wasm.split("?")[0]
    with live.client() as client:
        module = client.get(urls["WEB_IFC_JS"])
        hashed = client.get(wasm)
        unversioned = client.get(plain)
        stale = client.get(plain + "?v=000000000000")
        revalidated = client.get(wasm, headers={"If-None-Match": hashed.headers["etag"]})
        page = client.get("/static/js/ifc-worker.js")
    assert module.status_code == 200 and module.headers["cache-control"] == IMMUTABLE
    assert "javascript" in module.headers["content-type"]
    assert module.content.startswith(b"/* web-ifc 0.0.78")
    # application/wasm: the browser compiles it as it streams in (WebAssembly.instantiateStreaming)
    assert hashed.status_code == 200 and hashed.headers["content-type"] == "application/wasm"
    assert hashed.headers["cache-control"] == IMMUTABLE and hashed.content[:4] == b"\0asm"
    for response in (unversioned, stale, page):
        assert response.status_code == 200 and "cache-control" not in response.headers and response.headers["etag"]
    assert stale.content == hashed.content  # the file is served, it is just not promised to stay
    assert revalidated.status_code == 304 and revalidated.headers["cache-control"] == IMMUTABLE
