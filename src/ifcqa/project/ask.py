"""A spatial question over a project, answered per file and merged: a first, file-by-file baseline.

Each file's :class:`~ifcqa.spatial.pipeline.SpatialQA` answers the question on its own (index route, no
graph, no embeddings); the answers are merged: elements keep their file (``guid`` written ``FILE#GlobalId``,
``file`` and ``file_guid`` added), counts and sums add up, storeys are named by the reference file's levels
(:mod:`ifcqa.project.align`), a yes/no is true when one file says so, and the question is declined only when
every file declines it. What this does not do yet: rooms of the architecture model for elements of another
file (:mod:`ifcqa.project.locate` knows them; the per-file pipeline does not), and yes/no comparisons over
the merged count.
"""

from __future__ import annotations

from typing import Any

from ifcqa.index import ModelIndex
from ifcqa.project.align import Alignment


def ask_project(
    indexes: dict[str, ModelIndex], alignment: Alignment, question: str, answerers: dict[str, Any] | None = None
) -> dict[str, Any]:
    """Answer ``question`` over every file of a project (``indexes`` in project order) and merge the answers."""
    from ifcqa.spatial.pipeline import SpatialQA

    answers = {}
    for file, index in indexes.items():
        qa = (answerers or {}).get(file) or SpatialQA(index, use_graph=False, embedder=None)
        if answerers is not None:
            answerers[file] = qa
        answers[file] = qa.ask(question)
    return merge_answers(question, answers, alignment)


def merge_answers(question: str, answers: dict[str, dict[str, Any]], alignment: Alignment) -> dict[str, Any]:
    """Merge per-file ``SpatialQA.ask`` answers (by file, in project order) into one project answer."""
    kept = {file: answer for file, answer in answers.items() if not answer.get("declined")}
    if not kept:
        first = next(iter(answers.values()))
        return {
            **_empty(question),
            "declined": first.get("declined"),
            "answer": first.get("answer"),
            "per_file": _per_file(answers),
        }
    elements = [
        {**element, "file": file, "file_guid": element.get("guid"), "guid": f"{file}#{element.get('guid')}"}
        for file, answer in kept.items()
        for element in answer.get("elements") or []
    ]
    counts = [answer["count"] for answer in kept.values() if isinstance(answer.get("count"), int)]
    values = [answer["value"] for answer in kept.values() if isinstance(answer.get("value"), dict)]
    yes_no = [answer["yes_no"] for answer in kept.values() if isinstance(answer.get("yes_no"), bool)]
    storeys = sorted(
        {_level(alignment, file, name) for file, answer in kept.items() for name in answer.get("storeys") or []}
    )
    return {
        **_empty(question),
        "answer": " / ".join(f"{file}: {answer.get('answer')}" for file, answer in kept.items()),
        "elements": elements,
        "count": sum(counts) if counts else None,
        "value": _merge_values(values),
        "yes_no": any(yes_no) if yes_no else None,
        "storeys": storeys or None,
        "rule": "; ".join(f"{file}: {answer['rule']}" for file, answer in kept.items() if answer.get("rule")) or None,
        "per_file": _per_file(answers),
    }


def _empty(question: str) -> dict[str, Any]:
    return {
        "question": question,
        "answer": None,
        "elements": [],
        "count": None,
        "value": None,
        "yes_no": None,
        "storeys": None,
        "rule": None,
        "declined": None,
    }


def _per_file(answers: dict[str, dict[str, Any]]) -> list[dict[str, Any]]:
    return [
        {
            "file": file,
            "declined": bool(answer.get("declined")),
            "route": answer.get("route"),
            "elements": len(answer.get("elements") or []),
        }
        for file, answer in answers.items()
    ]


def _level(alignment: Alignment, file: str, storey_name: str) -> str:
    """A file's storey name as the reference level's name (the name itself when no level holds it)."""
    for level in alignment.levels:
        if level.reference.file == file and level.reference.name == storey_name:
            return storey_name
        member = level.members.get(file)
        if member is not None and member[0].name == storey_name:
            return level.reference.name or storey_name
    return storey_name


def _merge_values(values: list[dict[str, Any]]) -> dict[str, Any] | None:
    if not values:
        return None
    if len(values) == 1 or any(value.get("op") != "sum" for value in values):
        return values[0]
    units = {value.get("unit") for value in values}
    return (
        {**values[0], "number": sum(float(value.get("number") or 0.0) for value in values)}
        if len(units) == 1
        else values[0]
    )
