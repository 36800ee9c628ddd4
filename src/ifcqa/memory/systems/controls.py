"""The controls: no memory, and the full-context oracle (every ingested session, cut to a window)."""

from __future__ import annotations

from ifcqa.memory.base import MemoryContext, MemoryHit, memory_system
from ifcqa.memory.tasks import Session


class NoMemory:
    """Remembers nothing: the lower bound."""

    name = "none"

    def ingest(self, session: Session) -> None:
        return None

    def search(self, query: str, k: int = 5) -> list[MemoryHit]:
        return []


class FullContext:
    """All ingested sessions as one context, oldest first, cut to ``window_tokens`` (characters / 4) by
    dropping the oldest sessions: the hit says whether it was cut and how many sessions it holds."""

    name = "full-context"

    def __init__(self, window_tokens: int) -> None:
        self.window_chars = window_tokens * 4
        self.parts: list[tuple[str, str]] = []  # (session id, text)

    def ingest(self, session: Session) -> None:
        text = session.text()
        if text:
            self.parts.append((session.id, f"## Session {session.id} ({session.started_at})\n{text}"))

    def search(self, query: str, k: int = 5) -> list[MemoryHit]:
        kept: list[tuple[str, str]] = []
        used = 0
        for sid, text in reversed(self.parts):
            if used + len(text) > self.window_chars:
                break
            kept.append((sid, text))
            used += len(text) + 2
        kept.reverse()
        total = sum(len(t) for _, t in self.parts)
        meta = {
            "truncated": len(kept) < len(self.parts),
            "sessions_kept": len(kept),
            "sessions_total": len(self.parts),
            "chars": used,
            "chars_total": total,
            "order": "chronological",  # a budget keeps its newest end (ifcqa.memory.scoring.fit_budget)
        }
        return [MemoryHit("\n\n".join(t for _, t in kept), [s for s, _ in kept], 1.0, meta)] if kept else []


@memory_system("none")
def make_none(context: MemoryContext) -> NoMemory:
    return NoMemory()


@memory_system("full-context")
def make_full_context(context: MemoryContext) -> FullContext:
    return FullContext(context.window_tokens)
