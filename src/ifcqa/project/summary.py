"""A project as one spatial tree, for a viewer's tree panel or an HTTP endpoint (the service calls this).

``project_tree(qa)`` returns, JSON-able::

    {"name", "reference", "files": [{"file", "schema", "discipline", "model", "elements"}],
     "levels": [{"level", "elevation_m",
                 "storeys": [{"file", "guid", "name", "matched_by"}],          # each file's storey of the level
                 "spaces": [{"ref", "name", "long_name",                       # the reference file's spaces
                             "elements": [{"ref", "class", "name", "via"}]}],  # any file's, contained|geometry
                 "outside_spaces": [{"ref", "class", "name"}]}],              # on the level, in no space
     "unmatched": [{"file", "guid", "name", "elements": [...]}]}               # storeys on no level

``ref`` is ``FILE#GlobalId``. Elements are those :func:`ifcqa.project.locate.located_elements` takes (IfcElement
but openings and other features); locating them needs the boxes of the elements no space contains (computed once
per file and cached on disk with the index).
"""

from __future__ import annotations

from typing import Any

from ifcqa.project.disciplines import discipline_of
from ifcqa.project.locate import located_elements
from ifcqa.project.qa import ProjectQA


def project_tree(qa: ProjectQA, name: str = "") -> dict[str, Any]:
    """The project > level > space > element tree of ``qa``'s files (see the module docstring)."""
    from ifcqa.graph.projection import model_tag

    levels: dict[str, dict[str, Any]] = {}
    reference = qa.indexes[qa.reference]
    for level in qa.alignment.levels:
        ref = level.reference
        storeys = [{"file": ref.file, "guid": ref.guid, "name": ref.name, "matched_by": "reference"}]
        storeys += [{"file": file, "guid": storey.guid, "name": storey.name, "matched_by": how}
                    for file, (storey, how) in level.members.items()]
        levels[ref.name or ref.guid] = {"level": ref.name, "elevation_m": ref.elevation_m, "storeys": storeys,
                                        "spaces": [], "outside_spaces": []}
    spaces: dict[str, dict[str, Any]] = {}
    for space in reference.by_class("IfcSpace"):
        storey = reference.data.elements[space.storey].guid if space.storey is not None else None
        row: dict[str, Any] = {"ref": f"{qa.reference}#{space.guid}", "name": space.name,
                               "long_name": space.long_name, "elements": []}
        spaces[space.guid] = row
        level_name = qa.level_name(qa.reference, storey)
        if level_name in levels:
            levels[level_name]["spaces"].append(row)
    unmatched: dict[tuple[str, str], dict[str, Any]] = {
        (s.file, s.guid): {"file": s.file, "guid": s.guid, "name": s.name, "elements": []}
        for s in qa.alignment.unmatched}
    files = []
    for file, index in qa.indexes.items():
        elements = located_elements(index)
        files.append({"file": file, "schema": index.schema, "discipline": discipline_of(file),
                      "model": model_tag(index), "elements": len(elements)})
        where = qa.locate(file, elements)
        for element in elements:
            item: dict[str, Any] = {"ref": f"{file}#{element.guid}", "class": element.ifc_class,
                                    "name": element.name}
            location = where[element.id]
            if location.space is not None and location.space.guid in spaces:
                spaces[location.space.guid]["elements"].append(item | {"via": location.how})
                continue
            storey = index.data.elements[element.storey].guid if element.storey is not None else None
            level_name = qa.level_name(file, storey)
            if storey is not None and (file, storey) in unmatched:
                unmatched[(file, storey)]["elements"].append(item)
            elif level_name in levels:
                levels[level_name]["outside_spaces"].append(item)
    return {"name": name, "reference": qa.reference, "files": files, "levels": list(levels.values()),
            "unmatched": list(unmatched.values())}
