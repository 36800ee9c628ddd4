"""The read-only tools over every file of a project at once: ``model="all"`` in MCP, elements ``FILE#GlobalId``.

:func:`ifcqa.tools.call_tool` answers about one file. :class:`ProjectTools` calls it on each file and merges:

* element arguments (``element``, ``elements``, ``space``, ``host``, ``type``) written ``FILE#GlobalId`` go to
  that file only (all of them must name the same file);
* a ``storey`` argument naming a storey of the reference file (name or GlobalId) becomes each file's aligned
  storey (:mod:`ifcqa.project.align`); a file with no storey on that level is left out (``skipped``);
* lists of rows are concatenated, each row's ``guid`` written ``FILE#GlobalId`` and its ``model`` added;
  ``count``, ``total`` and ``returned`` are summed; every other key is kept per file under ``per_model``;
* a file whose call fails (a class its schema lacks) is reported under ``errors``; when every file fails,
  the first file's error is raised;
* ``ask_spatial`` is :class:`ifcqa.project.qa.ProjectQA` (rooms of the reference file for every file).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ifcqa.errors import IfcqaError, ToolError
from ifcqa.index import ModelIndex
from ifcqa.project.align import Alignment

if TYPE_CHECKING:
    from ifcqa.project.qa import ProjectQA

ALL = "all"
ELEMENT_ARGS = ("element", "elements", "space", "host", "type")
SUMMED = ("count", "total", "returned")


class ProjectTools:
    """The tools of a project's files (``indexes`` by the project's file names, reference first)."""

    def __init__(self, indexes: dict[str, ModelIndex], alignment: Alignment) -> None:
        self.indexes = indexes
        self.alignment = alignment
        self._qa: ProjectQA | None = None

    def qa(self) -> ProjectQA:
        from ifcqa.project.qa import ProjectQA  # the spatial parser: loaded on the first question

        if self._qa is None:
            self._qa = ProjectQA(self.indexes, self.alignment)
        return self._qa

    def call(self, name: str, arguments: dict[str, Any]) -> dict[str, Any]:
        """Run tool ``name`` on every file (or on the file its ``FILE#GlobalId`` arguments name) and merge."""
        from ifcqa.tools import call_tool

        if name == "ask_spatial":
            return self._ask(arguments)
        target, arguments = self._route(arguments)
        files = [target] if target is not None else list(self.indexes)
        results: dict[str, dict[str, Any]] = {}
        errors: dict[str, IfcqaError] = {}
        skipped: list[str] = []
        for file in files:
            args = self._storey_for(file, arguments)
            if args is None:
                skipped.append(file)
                continue
            try:
                results[file] = call_tool(self.indexes[file], name, args)
            except IfcqaError as error:
                errors[file] = error
        if not results:
            if errors:
                raise next(iter(errors.values()))
            return {"model": ALL, "skipped": skipped, "note": "no file has a storey on that level"}
        merged = merge_results(results)
        if errors:
            merged["errors"] = {file: error.to_dict()["error"] for file, error in errors.items()}
        if skipped:
            merged["skipped"] = skipped
        return merged

    def _ask(self, arguments: dict[str, Any]) -> dict[str, Any]:
        question = arguments.get("question")
        if not isinstance(question, str) or not question.strip():
            raise ToolError("ask_spatial needs `question`: the question, e.g. 'Which outlets are in the kitchen?'.")
        answer = self.qa().ask(question)
        offset, limit = int(arguments.get("offset") or 0), arguments.get("limit")
        rows = answer["elements"]
        cut = rows[offset: offset + int(limit) if limit is not None else None]
        if len(cut) < len(rows):
            answer = {**answer, "elements": cut, "page": {"total": len(rows), "offset": offset, "returned": len(cut)}}
        return {key: value for key, value in answer.items() if key not in ("plan", "timings_ms")} | {"model": ALL}

    def file_named(self, name: str) -> str | None:
        """The project file ``name`` is (as listed, or by its base name)."""
        if name in self.indexes:
            return name
        named = [file for file in self.indexes if file.rsplit("/", 1)[-1] == name]
        return named[0] if len(named) == 1 else None

    def _route(self, arguments: dict[str, Any]) -> tuple[str | None, dict[str, Any]]:
        """The one file the ``FILE#GlobalId`` element arguments name, and the arguments with bare GlobalIds."""
        target: str | None = None
        out = dict(arguments)
        for key in ELEMENT_ARGS:
            value = arguments.get(key)
            values = value if isinstance(value, list) else [value]
            bare = []
            for item in values:
                if not isinstance(item, str) or "#" not in item.strip("#"):
                    bare.append(item)
                    continue
                prefix, guid = item.rsplit("#", 1)
                file = self.file_named(prefix)
                if file is None:
                    raise ToolError(f"{item!r}: no project file {prefix!r}. Files: {', '.join(self.indexes)}.")
                if target is not None and file != target:
                    raise ToolError(f"{key}: the elements name two files ({target}, {file}); ask one file at a time.")
                target = file
                bare.append(guid)
            if key in arguments:
                out[key] = bare if isinstance(value, list) else bare[0]
        return target, out

    def _storey_for(self, file: str, arguments: dict[str, Any]) -> dict[str, Any] | None:
        """``arguments`` with a reference storey replaced by ``file``'s aligned storey (``None``: it has none)."""
        storey = arguments.get("storey")
        if not isinstance(storey, str):
            return arguments
        wanted = storey.strip().casefold()
        for level in self.alignment.levels:
            reference = level.reference
            if wanted not in (reference.guid.casefold(), (reference.name or "").casefold()):
                continue
            if file == reference.file:
                return arguments | {"storey": reference.guid}
            member = level.members.get(file)
            return None if member is None else arguments | {"storey": member[0].guid}
        return arguments  # not a reference storey: each file reads it itself


def merge_results(results: dict[str, dict[str, Any]]) -> dict[str, Any]:
    """Tool results of several files as one: rows concatenated with ``FILE#GlobalId``, counts summed."""
    out: dict[str, Any] = {"model": ALL}
    per_model: dict[str, dict[str, Any]] = {}
    for file, result in results.items():
        for key, value in result.items():
            if isinstance(value, list) and all(isinstance(row, dict) for row in value):
                rows = out.setdefault(key, [])
                for row in value:
                    tagged = {**row, "model": file}
                    if isinstance(row.get("guid"), str):
                        tagged["guid"] = f"{file}#{row['guid']}"
                    rows.append(tagged)
            elif key in SUMMED and isinstance(value, int) and not isinstance(value, bool):
                out[key] = out.get(key, 0) + value
                per_model.setdefault(file, {})[key] = value
            else:
                per_model.setdefault(file, {})[key] = value
    if per_model:
        out["per_model"] = per_model
    return out
