"""Answer caches: on disk (one JSON file per normalised question, model hash and configuration) or Redis.

A hit skips parsing and retrieval; the model's hash in the key means an edited file never gets an old
answer. Entries are written atomically and a damaged entry is dropped and recomputed.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import json
from pathlib import Path
from typing import Any

import ifcqa
from ifcqa.errors import IfcqaError
from ifcqa.files.atomic import write_atomic
from ifcqa.files.cachedir import default_cache_dir
from ifcqa.spatial.parser import normalise

ANSWER_FORMAT = 1  # bump when an answer's shape or semantics change


@functools.lru_cache(maxsize=1)
def code_digest(root: Path | None = None) -> str:
    """A digest of the spatial, retrieval and graph sources and of their vocabularies (``data/*.json``): a changed
    parser or word list never serves an old answer."""
    digest = hashlib.sha256()
    root = root or Path(__file__).resolve().parents[1]
    for package in ("spatial", "retrieval", "graph"):
        for source in sorted([*(root / package).glob("*.py"), *(root / package).glob("data/*.json")]):
            digest.update(source.read_bytes())
    return digest.hexdigest()[:16]


class AnswerCache:
    """Answers under ``directory`` (default: ``<index cache folder>/answers``)."""

    def __init__(self, directory: str | Path | None = None) -> None:
        self.directory = Path(directory) if directory is not None else default_cache_dir() / "answers"

    def key(self, question: str, sha256: str, config: dict[str, Any]) -> str:
        payload = {"q": normalise(question).rstrip("?!. "), "model": sha256, "config": config, "format": ANSWER_FORMAT,
                   "version": ifcqa.__version__, "code": code_digest()}
        return hashlib.sha256(json.dumps(payload, sort_keys=True).encode()).hexdigest()

    def get(self, key: str) -> dict[str, Any] | None:
        path = self.directory / f"{key}.json"
        try:
            answer = json.loads(path.read_text(encoding="utf-8"))
        except OSError:
            return None
        except (json.JSONDecodeError, UnicodeDecodeError):
            path.unlink(missing_ok=True)
            return None
        return answer if isinstance(answer, dict) else None

    def put(self, key: str, answer: dict[str, Any]) -> None:
        write_atomic(self.directory / f"{key}.json", json.dumps(answer, ensure_ascii=False).encode())


class RedisAnswerCache(AnswerCache):
    """The same answers in Redis (``--redis redis://host:6379/0``), for several machines sharing one cache.

    Keys are ``ifcqa:answer:<key>``; ``ttl_seconds`` expires them (``None``: kept, since the model hash in
    the key already keeps them correct). A Redis that stops answering later costs a recomputation, never
    an error.
    """

    PREFIX = "ifcqa:answer:"

    def __init__(self, url: str, ttl_seconds: int | None = None) -> None:
        try:
            import redis
        except ImportError:
            raise IfcqaError("The Redis answer cache needs the redis package: pip install 'ifcqa[redis]'.") from None
        self.url = url
        self.ttl_seconds = ttl_seconds
        self._errors: tuple[type[BaseException], ...] = (redis.RedisError, OSError)
        try:
            self._client = redis.Redis.from_url(url, socket_timeout=2.0, socket_connect_timeout=2.0)
            self._client.ping()
        except (ValueError, *self._errors) as exc:
            raise IfcqaError(f"Cannot use Redis at {url}: {exc}. Check --redis (redis://host:port/db).") from None

    def get(self, key: str) -> dict[str, Any] | None:
        try:
            raw = self._client.get(self.PREFIX + key)
        except self._errors:
            return None
        if not isinstance(raw, bytes):
            return None
        try:
            answer = json.loads(raw)
        except (json.JSONDecodeError, UnicodeDecodeError):
            return None
        return answer if isinstance(answer, dict) else None

    def put(self, key: str, answer: dict[str, Any]) -> None:
        with contextlib.suppress(*self._errors):
            self._client.set(self.PREFIX + key, json.dumps(answer, ensure_ascii=False), ex=self.ttl_seconds)
