"""A project: a named set of IFC model files, written as ``NAME.ifcqa-project.json``.

The file lists the models by paths relative to itself (so a project folder can be moved), the storey
alignment tolerance in metres, and the storey overrides (see :mod:`ifcqa.project.align`)::

    {
      "format": "ifcqa-project/1",
      "name": "Duplex",
      "files": ["Duplex_A_20110907.ifc", "Duplex_Electrical_20121207.ifc"],
      "tolerance_m": 0.5,
      "overrides": [{"file": "Duplex_Electrical_20121207.ifc", "storey": "Roof", "matches": null}]
    }

Elements keep their file: GlobalIds are unique per file only, so a reference across the project is an
:class:`ElementRef` (file + GlobalId). The first file is the reference of the alignment (list the
architecture model first).
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ifcqa.errors import IfcqaError

PROJECT_SUFFIX = ".ifcqa-project.json"
FORMAT = "ifcqa-project/1"
DEFAULT_TOLERANCE_M = 0.5
IFC_SUFFIXES = (".ifc", ".ifczip")


class ProjectError(IfcqaError):
    """A project file or a project's list of models is unusable."""

    code = "project_error"


@dataclass(frozen=True)
class ElementRef:
    """One element of a project: the file it belongs to (as listed in the project) and its GlobalId."""

    file: str
    guid: str

    def __str__(self) -> str:
        return f"{self.file}#{self.guid}"


@dataclass(frozen=True)
class Override:
    """The storey ``storey`` (GlobalId or name) of ``file`` matches ``matches`` (file, storey) or nothing."""

    file: str
    storey: str
    matches: tuple[str, str] | None

    def to_dict(self) -> dict[str, Any]:
        matched = None if self.matches is None else {"file": self.matches[0], "storey": self.matches[1]}
        return {"file": self.file, "storey": self.storey, "matches": matched}


@dataclass
class Project:
    """A named set of model files; ``files`` are relative to ``root`` (the project file's folder)."""

    name: str
    root: Path
    files: list[str]
    tolerance_m: float = DEFAULT_TOLERANCE_M
    overrides: list[Override] = field(default_factory=list)

    def path_of(self, file: str) -> Path:
        """The path of one listed file (``..`` resolved in the path, so its folder need not exist yet)."""
        return Path(os.path.normpath(self.root / file))

    def paths(self) -> list[Path]:
        """The paths of every listed file, in project order."""
        return [self.path_of(file) for file in self.files]

    def to_dict(self) -> dict[str, Any]:
        """The JSON document of the project file."""
        return {
            "format": FORMAT,
            "name": self.name,
            "files": list(self.files),
            "tolerance_m": self.tolerance_m,
            "overrides": [override.to_dict() for override in self.overrides],
        }

    def save(self, path: Path) -> Path:
        """Write the project file atomically."""
        path.parent.mkdir(parents=True, exist_ok=True)
        temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
        temporary.write_text(json.dumps(self.to_dict(), indent=2) + "\n", encoding="utf-8")
        os.replace(temporary, path)
        return path


def default_project_path(name: str, folder: Path) -> Path:
    """``folder/NAME.ifcqa-project.json``."""
    return folder / f"{name}{PROJECT_SUFFIX}"


def create_project(name: str, files: list[Path], out: Path, tolerance_m: float = DEFAULT_TOLERANCE_M) -> Project:
    """Check the files and build the project that ``out`` will hold (nothing is written here).

    Raises:
        ProjectError: an empty name, no file, a missing or duplicate file, a file that is not IFC.
    """
    if not name.strip() or "/" in name or "\\" in name:
        raise ProjectError(f"{name!r}: not a usable project name. Give a name without slashes, e.g. Duplex.")
    if not files:
        raise ProjectError("A project needs at least one model file. List the .ifc files after the name.")
    if tolerance_m < 0:
        raise ProjectError(f"tolerance {tolerance_m} m is negative. Give a tolerance of 0 m or more.")
    root = out.resolve().parent
    seen: dict[Path, Path] = {}
    listed: list[str] = []
    for file in files:
        _check_model_file(file)
        resolved = file.resolve()
        if resolved in seen:
            raise ProjectError(f"{file}: listed twice (also as {seen[resolved]}). List each model file once.")
        seen[resolved] = file
        listed.append(Path(os.path.relpath(resolved, root)).as_posix())
    names = [Path(entry).name for entry in listed]
    for entry, base in zip(listed, names, strict=True):
        if names.count(base) > 1:
            raise ProjectError(
                f"{entry}: another listed file is also named {base}; the project names elements by file name. "
                "Rename one of them."
            )
    return Project(name, root, listed, tolerance_m)


def load_project(path: Path) -> Project:
    """Read a project file and check that its models exist.

    Raises:
        ProjectError: the file is missing, not JSON, not a project, or names a missing model.
    """
    if not path.is_file():
        raise ProjectError(f"{path}: no such project file. Create one with `ifcqa project create NAME FILES...`.")
    try:
        document = json.loads(path.read_text(encoding="utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ProjectError(f"{path}: not a project file (not JSON: {exc}). Give a {PROJECT_SUFFIX} file.") from None
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise ProjectError(f'{path}: not a project file (no "format": "{FORMAT}"). Give a {PROJECT_SUFFIX} file.')
    files = document.get("files")
    if not isinstance(files, list) or not files or not all(isinstance(file, str) for file in files):
        raise ProjectError(f'{path}: "files" must be a non-empty list of paths. Fix the project file.')
    tolerance = document.get("tolerance_m", DEFAULT_TOLERANCE_M)
    if not isinstance(tolerance, int | float) or isinstance(tolerance, bool) or tolerance < 0:
        raise ProjectError(f'{path}: "tolerance_m" must be a number of metres, 0 or more. Fix the project file.')
    project = Project(
        str(document.get("name") or path.name.removesuffix(PROJECT_SUFFIX)),
        path.resolve().parent,
        list(files),
        float(tolerance),
        [_override(path, item, files) for item in document.get("overrides") or []],
    )
    for file in project.files:
        if not project.path_of(file).is_file():
            raise ProjectError(
                f"{path}: the model {file} is missing (looked for {project.path_of(file)}). "
                'Put it back or fix the project\'s "files".'
            )
    return project


def project_files(paths: list[Path]) -> tuple[Project | None, list[Path]]:
    """The project and its model paths when ``paths`` is one ``.ifcqa-project.json``; else no project and the
    paths as given (several model files are a project too, in the order given: see :func:`files_project`).

    Raises:
        ProjectError: a project file among other files, or an unusable project file.
    """
    projects = [path for path in paths if path.name.endswith(PROJECT_SUFFIX)]
    if not projects:
        return None, list(paths)
    if len(paths) > 1:
        raise ProjectError(
            f"{projects[0]}: a project file is given alone. Give one {PROJECT_SUFFIX} file, or the model files."
        )
    project = load_project(projects[0])
    return project, project.paths()


def files_project(paths: list[Path]) -> Project:
    """Model files given together (``ifcqa ask A.ifc B.ifc``) as an unsaved project, the first the reference."""
    resolved = [path.resolve() for path in paths]
    root = Path(os.path.commonpath([path.parent for path in resolved]))
    return create_project("files", list(paths), root / "files.ifcqa-project.json")


def _override(path: Path, item: Any, files: list[str]) -> Override:
    shape = 'each override is {"file": F, "storey": S, "matches": {"file": F2, "storey": S2} or null}'
    if not isinstance(item, dict) or not isinstance(item.get("file"), str) or not isinstance(item.get("storey"), str):
        raise ProjectError(f"{path}: bad override {item!r}: {shape}.")
    matches = item.get("matches")
    target: tuple[str, str] | None = None
    if matches is not None:
        if not isinstance(matches, dict) or not all(isinstance(matches.get(key), str) for key in ("file", "storey")):
            raise ProjectError(f"{path}: bad override {item!r}: {shape}.")
        target = (_listed(path, matches["file"], files), matches["storey"])
    return Override(_listed(path, item["file"], files), item["storey"], target)


def _listed(path: Path, file: str, files: list[str]) -> str:
    """The listed file an override names, as listed or by its file name alone."""
    if file in files:
        return file
    named = [entry for entry in files if Path(entry).name == file]
    if len(named) == 1:
        return named[0]
    raise ProjectError(
        f"{path}: an override names {file}, which the project does not list. Use one of {', '.join(files)}."
    )


def _check_model_file(file: Path) -> None:
    if not file.exists():
        raise ProjectError(f"{file}: no such file. Give the path of an .ifc or .ifczip model.")
    if file.is_dir():
        raise ProjectError(f"{file}: is a folder. Give the path of an .ifc or .ifczip model.")
    if file.suffix.lower() not in IFC_SUFFIXES:
        raise ProjectError(f"{file}: not an IFC model (expected .ifc or .ifczip). Give the model files only.")
    if file.suffix.lower() == ".ifc":
        with file.open("rb") as handle:
            head = handle.read(64)
        if not head.lstrip(b"\xef\xbb\xbf \r\n\t").startswith(b"ISO-10303-21"):
            raise ProjectError(f"{file}: not an IFC model (no ISO-10303-21 header). Give the model files only.")
