"""The projects a service shows: ``*.ifcqa-project.json`` files in its models folder (or ``projects/``).

A project's model files are served as models (``/api/models/{id}/...``, the id of a model file found in
the folder: the first 16 hex digits of its SHA-256), wherever the project file says they are; the viewer
loads each one's scene into one view and places it by its ``offset`` (every scene is in metres, IFC axes).
Project files are only read here (:func:`ifcqa.project.project.load_project`).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ifcqa.project.project import PROJECT_SUFFIX, ProjectError, load_project
from ifcqa.service.errors import ApiError

if TYPE_CHECKING:
    from ifcqa.service.store import ModelRecord, ModelStore


@dataclass(frozen=True)
class ServedProject:
    """A project file and the records of its models (``None`` for a listed file that is missing)."""

    id: str
    name: str
    path: Path
    files: list[str]
    records: list[ModelRecord | None]

    def to_json(self, store: ModelStore) -> dict[str, Any]:
        models = []
        for file, record in zip(self.files, self.records, strict=True):
            row: dict[str, Any] = {"file": file, "id": None, "missing": record is None}
            if record is not None:
                row |= store.describe(record)
                row["file"] = file
            models.append(row)
        return {"id": self.id, "name": self.name, "models": models}


def project_files(store: ModelStore) -> list[Path]:
    """The project files of the service: in the models folder and its ``projects/`` folder."""
    folders = [store.models_dir, store.models_dir / "projects"]
    return sorted(p for folder in folders if folder.is_dir() for p in folder.glob(f"*{PROJECT_SUFFIX}"))


def project_id(path: Path) -> str:
    return path.name[: -len(PROJECT_SUFFIX)]


def served_projects(store: ModelStore) -> list[ServedProject]:
    """Every readable project (an unreadable project file is left out of the list)."""
    found = []
    for path in project_files(store):
        try:
            found.append(_served(store, path))
        except ProjectError:
            continue
    return found


def served_project(store: ModelStore, ident: str) -> ServedProject:
    """The project ``ident`` (404 when there is none; 422 naming the problem when its file is unusable)."""
    for path in project_files(store):
        if project_id(path) == ident:
            try:
                return _served(store, path)
            except ProjectError as error:
                raise ApiError(422, "project_error", str(error)) from None
    raise ApiError(404, "not_found", f"No project {ident!r}. List the projects with GET /api/projects.")


def project_record(store: ModelStore, model_id: str) -> ModelRecord | None:
    """The record of a model file some project lists, by model id (``None``: no project lists it)."""
    for project in served_projects(store):
        for record in project.records:
            if record is not None and record.id == model_id:
                return record
    return None


def _served(store: ModelStore, path: Path) -> ServedProject:
    project = load_project(path)
    records = [store.found_record(file) if file.is_file() else None for file in project.paths()]
    return ServedProject(project_id(path), project.name, path, list(project.files), records)
