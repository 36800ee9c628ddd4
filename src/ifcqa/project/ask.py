"""A spatial question over a project: :class:`~ifcqa.project.qa.ProjectQA` (one plan, every file, rooms of the
reference file for the elements of every file), kept behind the function the CLI and the bench call."""

from __future__ import annotations

from typing import Any

from ifcqa.index import ModelIndex
from ifcqa.project.align import Alignment
from ifcqa.project.qa import ProjectQA


def ask_project(
    indexes: dict[str, ModelIndex], alignment: Alignment, question: str, answerers: dict[str, Any] | None = None
) -> dict[str, Any]:
    """Answer ``question`` over every file of a project (``indexes`` in project order, the reference first).

    ``answerers``: a dict to keep the :class:`ProjectQA` in between questions (its parsers and located elements).
    """
    qa = (answerers or {}).get("project")
    if not isinstance(qa, ProjectQA):
        qa = ProjectQA(indexes, alignment)
        if answerers is not None:
            answerers["project"] = qa
    return qa.ask(question)
