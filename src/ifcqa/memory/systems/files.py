"""File memory (the paper's Markdown memory): one Markdown note per session, searched with BM25.

A note holds the session's date and one bullet per ingested message (tool outputs shortened to their
first :data:`TOOL_NOTE_CHARS` characters). Search ranks the bullets with BM25 and returns each hit
with its note's heading. With a work folder the notes are also written to ``notes/<session>.md``.
"""

from __future__ import annotations

from ifcqa.files.atomic import write_atomic
from ifcqa.memory.base import MemoryContext, MemoryHit, memory_system
from ifcqa.memory.facts import split_sentences
from ifcqa.memory.systems.lexical import Lexical
from ifcqa.memory.tasks import Session

TOOL_NOTE_CHARS = 300


class FileMemory:
    name = "file"

    def __init__(self, context: MemoryContext) -> None:
        self.folder = context.workdir / "notes" if context.workdir is not None else None
        self.lexical = Lexical()
        self.lines: list[tuple[str, str]] = []  # (session id, "heading: bullet")

    def ingest(self, session: Session) -> None:
        heading = f"# Session {session.id} ({session.started_at[:10]})"
        bullets = []
        for turn in session.turns:
            if turn.role == "tool" and turn.content:
                bullets.append(f"- tool {turn.name}: {turn.content[:TOOL_NOTE_CHARS]}")
            elif turn.content:
                bullets.extend(f"- {turn.role}: {s}" for s in split_sentences(turn.content))
            for call in turn.tool_calls:
                bullets.append(f"- query {call['name']} {call.get('arguments')}")
        if not bullets:
            return
        for bullet in bullets:
            self.lines.append((session.id, f"{heading}: {bullet[2:]}"))
            self.lexical.add(bullet)
        if self.folder is not None:
            write_atomic(self.folder / f"{session.id}.md", ("\n".join([heading, "", *bullets]) + "\n").encode())

    def search(self, query: str, k: int = 5) -> list[MemoryHit]:
        return [MemoryHit(self.lines[i][1], [self.lines[i][0]], s) for i, s in self.lexical.top(query, k)]


@memory_system("file")
def make_file(context: MemoryContext) -> FileMemory:
    return FileMemory(context)
