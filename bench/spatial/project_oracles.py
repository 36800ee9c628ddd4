"""Issue 25's project question set: questions over several model files at once, oracles from plain IfcOpenShell.

    python bench/spatial/project_oracles.py [--ifc-dir ../shared/ifc] [--sample-dir DIR] [-o bench/spatial/project.json]

It also writes ``project_heldout.json`` beside ``-o``: 16 questions written after ProjectQA was built against
``project.json`` and committed with their oracles before ProjectQA was first run on them (a check of the
mechanisms on phrasings they were not built from).

Two projects: the shared Duplex pair (``Duplex_A_20110907.ifc`` architecture, reference, +
``Duplex_Electrical_20121207.ifc`` electrical, in feet) and the federated sample (``ifcqa sample-project DIR``,
default arguments: ``Sample-ARC.ifc`` reference, ``Sample-STR.ifc``, ``Sample-HVAC.ifc``; written to a temporary
folder unless ``--sample-dir`` is given). The format is people.json's (/work/notes/spatial-contract.md) with
``ifc_filenames`` (the project's files, reference first) instead of ``ifc_filename``, and element references
written ``FILE#GlobalId`` (GlobalIds are unique per file only).

Nothing here goes through ifcqa's index or project code. Rules shared by every question:

* **a level** is a storey of the reference file; a storey of another file is on it when its Elevation, in metres
  (``ifcopenshell.util.unit.calculate_unit_scale``), is within 0.5 m of the reference storey's;
* **on a level**: the element's storey (its container, a space's storey through IfcRelAggregates, or the
  container of the element it is aggregated into) is the level or on it;
* **in a room** (a space of the reference file): contained in that space, else by the centre of the element's
  world-coordinate box (``ifcopenshell.geom``, metres): inside the space's box or at most 0.3 m beside it
  horizontally (an outlet in the wall), from 0.05 m below its floor to 0.5 m above its top (a ceiling light);
  the horizontally nearest such space, then the smallest;
* **a kind** of IFC2X3 flow element by its type object's class (outlets = typed by IfcOutletType, light fixtures
  = IfcLightFixtureType, appliances = IfcElectricApplianceType, circuit breakers = IfcProtectiveDeviceType).
"""

from __future__ import annotations

import argparse
import json
import tempfile
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import ifcopenshell
import ifcopenshell.geom
import ifcopenshell.util.element as ue
import ifcopenshell.util.unit as uu
import numpy as np

HERE = Path(__file__).resolve().parent
DEFAULT_IFC_DIR = HERE.parents[2] / "shared" / "ifc"
DEFAULT_OUT = HERE / "project.json"
TOLERANCE_M = 0.5
REACH_M = 0.3  # an outlet in the wall face, beside the room's box
ABOVE_M = 0.5  # a light in the ceiling, above the room's box
DUPLEX = ["Duplex_A_20110907.ifc", "Duplex_Electrical_20121207.ifc"]
SAMPLE = ["Sample-ARC.ifc", "Sample-STR.ifc", "Sample-HVAC.ifc"]
Oracle = dict[str, Any]


class Project:
    """The files of one project, the reference first, and the walks the oracles share."""

    def __init__(self, folder: Path, files: list[str]) -> None:
        self.files = files
        self.models = {file: ifcopenshell.open(str(folder / file)) for file in files}
        reference = self.models[files[0]]
        scale = uu.calculate_unit_scale(reference)
        self.levels = {s.Name: s.Elevation * scale for s in reference.by_type("IfcBuildingStorey")}
        self._space_boxes: list[tuple[float, Any, tuple[np.ndarray, np.ndarray]]] | None = None
        self._boxes: dict[tuple[str, int], tuple[np.ndarray, np.ndarray] | None] = {}

    def elements(self, file: str | None = None) -> list[tuple[str, Any]]:
        files = [file] if file else self.files
        return [
            (f, element)
            for f in files
            for element in self.models[f].by_type("IfcElement")
            if not element.is_a("IfcFeatureElement") and not element.is_a("IfcVirtualElement")
        ]

    def level_of(self, file: str, element: Any) -> str | None:
        storey = self._storey(element)
        if storey is None or storey.Elevation is None:
            return None
        if file == self.files[0]:
            return str(storey.Name)
        elevation = storey.Elevation * uu.calculate_unit_scale(self.models[file])
        near = [(abs(elevation - z), name) for name, z in self.levels.items() if abs(elevation - z) <= TOLERANCE_M]
        return min(near)[1] if near else None

    def _storey(self, element: Any) -> Any:
        for _ in range(8):
            if element is None or element.is_a("IfcBuildingStorey"):
                return element
            container = ue.get_container(element) if not element.is_a("IfcSpatialStructureElement") else None
            element = container or ue.get_aggregate(element)
        return None

    def spaces(self) -> list[Any]:
        return list(self.models[self.files[0]].by_type("IfcSpace"))

    def room_of(self, file: str, element: Any) -> Any:
        container = ue.get_container(element)
        if file == self.files[0] and container is not None and container.is_a("IfcSpace"):
            return container
        box = self._box(file, element)
        if box is None:
            return None
        centre = (box[0] + box[1]) / 2
        near = []
        for volume, space, (low, high) in self._spaces_boxed():
            gap = float(np.hypot(*np.maximum(np.maximum(low[:2] - centre[:2], centre[:2] - high[:2]), 0.0)))
            if gap <= REACH_M and low[2] - 0.05 <= centre[2] <= high[2] + ABOVE_M:
                near.append((gap, volume, space.id(), space))
        return min(near)[3] if near else None

    def _spaces_boxed(self) -> list[tuple[float, Any, tuple[np.ndarray, np.ndarray]]]:
        if self._space_boxes is None:
            boxed = []
            for space in self.spaces():
                box = self._box(self.files[0], space)
                if box is not None:
                    boxed.append((float(np.prod(box[1] - box[0])), space, box))
            self._space_boxes = sorted(boxed, key=lambda item: (item[0], item[1].id()))
        return self._space_boxes

    def _box(self, file: str, element: Any) -> tuple[np.ndarray, np.ndarray] | None:
        key = (file, element.id())
        if key not in self._boxes:
            settings = ifcopenshell.geom.settings()
            settings.set("use-world-coords", True)
            try:
                shape = ifcopenshell.geom.create_shape(settings, element)
                verts = np.array(shape.geometry.verts, dtype=float).reshape(-1, 3)
                self._boxes[key] = (verts.min(axis=0), verts.max(axis=0)) if verts.size else None
            except RuntimeError:
                self._boxes[key] = None
        return self._boxes[key]


def ref(file: str, element: Any) -> str:
    return f"{file}#{element.GlobalId}"


def typed(type_class: str) -> Callable[[str, Any], bool]:
    def test(_file: str, element: Any) -> bool:
        element_type = ue.get_type(element)
        return element_type is not None and element_type.is_a(type_class)

    return test


def of_class(ifc_class: str) -> Callable[[str, Any], bool]:
    return lambda _file, element: bool(element.is_a(ifc_class))


def in_file(file: str) -> Callable[[str, Any], bool]:
    return lambda f, _element: f == file


def both(*tests: Callable[[str, Any], bool]) -> Callable[[str, Any], bool]:
    return lambda f, element: all(test(f, element) for test in tests)


def select(
    project: Project,
    test: Callable[[str, Any], bool],
    level: str | None = None,
    rooms: Callable[[Any], bool] | None = None,
) -> list[str]:
    found = []
    for file, element in project.elements():
        if not test(file, element) or (level is not None and project.level_of(file, element) != level):
            continue
        if rooms is not None:
            room = project.room_of(file, element)
            if room is None or not rooms(room):
                continue
        found.append(ref(file, element))
    return sorted(found)


def long_name(word: str) -> Callable[[Any], bool]:
    return lambda space: word.lower() in f"{space.Name} {space.LongName or ''}".lower()


def elements(refs: list[str]) -> Oracle:
    return {"type": "elements", "guids": refs}


def count(refs: list[str]) -> Oracle:
    return {"type": "count", "value": len(refs), "guids": refs}


def busiest(project: Project, test: Callable[[str, Any], bool]) -> Oracle:
    counts = Counter(project.level_of(f, e) for f, e in project.elements() if test(f, e))
    counts.pop(None, None)
    top = max(counts.values())
    return {"type": "storeys", "value": sorted(name for name, n in counts.items() if n == top)}


def levels_of(project: Project, test: Callable[[str, Any], bool]) -> Oracle:
    found = {project.level_of(f, e) for f, e in project.elements() if test(f, e)}
    return {"type": "storeys", "value": sorted(name for name in found if name)}


def duplex_questions(p: Project) -> list[tuple[str, str, Oracle, str]]:
    elec = DUPLEX[1]
    outlet, light = typed("IfcOutletType"), typed("IfcLightFixtureType")
    appliance, breaker = typed("IfcElectricApplianceType"), typed("IfcProtectiveDeviceType")
    electrical = in_file(elec)
    located = "located in the architect's spaces (contained, else box centre inside the space box)"
    rooms_with_outlets = sorted(
        ref(DUPLEX[0], space)
        for space in p.spaces()
        if space.Decomposes
        and ue.get_aggregate(space).Name == "Level 1"
        and any(p.room_of(f, e) == space for f, e in p.elements(elec) if outlet(f, e))
    )
    bedrooms = [s for s in p.spaces() if "bedroom" in (s.LongName or "").lower()]
    lit = all(any(p.room_of(f, e) == s for f, e in p.elements(elec) if light(f, e)) for s in bedrooms)
    bathrooms = any(
        p.room_of(f, e) is not None and "bathroom" in (p.room_of(f, e).LongName or "").lower()
        for f, e in p.elements(elec)
        if outlet(f, e)
    )
    return [
        (
            "storey_class",
            "What light fixtures are on Level 2?",
            elements(select(p, light, "Level 2")),
            "electrical elements typed by IfcLightFixtureType on Level 2",
        ),
        (
            "storey_class",
            "which outlets are on level 1",
            elements(select(p, outlet, "Level 1")),
            "elements typed by IfcOutletType on Level 1",
        ),
        (
            "storey_class",
            "How many power outlets are on Level 2?",
            count(select(p, outlet, "Level 2")),
            "elements typed by IfcOutletType on Level 2",
        ),
        (
            "storey_class",
            "What electrical equipment is on Level 2?",
            elements(select(p, electrical, "Level 2")),
            "every element of the electrical model on Level 2",
        ),
        (
            "multi_storey",
            "How many light fixtures are on Level 1 across both models?",
            count(select(p, light, "Level 1")),
            "IfcLightFixtureType-typed elements of both files on Level 1",
        ),
        (
            "multi_storey",
            "How many outlets are there in total across both models?",
            count(select(p, outlet)),
            "every IfcOutletType-typed element of both files",
        ),
        (
            "rooms",
            "Which outlets are in the kitchen?",
            elements(select(p, outlet, rooms=long_name("kitchen"))),
            f"IfcOutletType-typed elements {located}, spaces with LongName Kitchen (A103, B103)",
        ),
        (
            "rooms",
            "which outlets are in A103?",
            elements(select(p, outlet, rooms=long_name("A103"))),
            f"IfcOutletType-typed elements {located}, space A103",
        ),
        (
            "rooms",
            "What lights are in Bedroom 1?",
            elements(select(p, light, rooms=long_name("Bedroom 1"))),
            f"IfcLightFixtureType-typed elements {located}, spaces with LongName Bedroom 1",
        ),
        (
            "rooms",
            "Which electrical elements are in the living rooms?",
            elements(select(p, electrical, rooms=long_name("living room"))),
            f"every element of the electrical model {located}, spaces with LongName Living Room",
        ),
        (
            "rooms",
            "Which electrical appliances are in the kitchens?",
            elements(select(p, appliance, rooms=long_name("kitchen"))),
            f"IfcElectricApplianceType-typed elements {located}, spaces with LongName Kitchen",
        ),
        (
            "rooms",
            "What is in the utility rooms?",
            elements(select(p, lambda f, e: True, rooms=long_name("utility"))),
            f"every element of both files {located}, spaces with LongName Utility",
        ),
        (
            "rooms",
            "Which rooms on Level 1 have a power outlet?",
            elements(rooms_with_outlets),
            f"spaces of Level 1 holding at least one IfcOutletType-typed element ({located})",
        ),
        (
            "qualifiers",
            "Is there a light fixture in every bedroom?",
            {"type": "yes_no", "value": lit},
            f"every space with LongName Bedroom holds an IfcLightFixtureType-typed element ({located})",
        ),
        (
            "qualifiers",
            "Are there outlets in the bathrooms?",
            {"type": "yes_no", "value": bathrooms},
            f"an IfcOutletType-typed element {located} in a space with LongName Bathroom",
        ),
        (
            "comparison",
            "Which floor has the most light fixtures?",
            busiest(p, light),
            "level with the most IfcLightFixtureType-typed elements",
        ),
        (
            "comparison",
            "Which floor has the most outlets?",
            busiest(p, outlet),
            "level with the most IfcOutletType-typed elements",
        ),
        (
            "comparison",
            "Are there more than 20 outlets on Level 1?",
            {"type": "yes_no", "value": len(select(p, outlet, "Level 1")) > 20},
            "number of outlets on Level 1 > 20",
        ),
        (
            "storey_class",
            "How many circuit breakers are on Level 1?",
            count(select(p, breaker, "Level 1")),
            "elements typed by IfcProtectiveDeviceType on Level 1",
        ),
        (
            "storey_class",
            "Which floor is the fridge on?",
            levels_of(p, both(typed("IfcElectricApplianceType"), lambda f, e: _predefined(e) == "FRIDGE_FREEZER")),
            "level of the elements whose IfcElectricApplianceType is FRIDGE_FREEZER",
        ),
        (
            "storey_class",
            "Where are the boilers?",
            levels_of(p, typed("IfcBoilerType")),
            "level of the elements typed by IfcBoilerType",
        ),
        (
            "storey_class",
            "How many doors are on Level 2?",
            count(select(p, of_class("IfcDoor"), "Level 2")),
            "IfcDoor of both files on Level 2 (all in the architecture model)",
        ),
        (
            "edge",
            "What electrical fixtures are on Level 3?",
            {"type": "decline"},
            "no level 'Level 3' (levels: Level 1, Level 2, T/FDN, Roof) -> decline",
        ),
        ("refuse", "Delete the outlets in the kitchen", {"type": "decline"}, "a write -> decline"),
    ]


def _predefined(element: Any) -> str | None:
    return ue.get_predefined_type(element)


def sample_questions(p: Project) -> list[tuple[str, str, Oracle, str]]:
    arc, hvac = SAMPLE[0], SAMPLE[2]
    located = "located in the architect's spaces (contained, else box centre inside the space box)"
    terminal, column = of_class("IfcAirTerminal"), of_class("IfcColumn")
    room = [s for s in p.spaces() if s.Name.endswith("1.03")]
    level0_rooms = sorted(
        ref(arc, space)
        for space in p.spaces()
        if ue.get_aggregate(space).Name == "Level 0"
        and any(p.room_of(f, e) == space for f, e in p.elements(hvac) if terminal(f, e))
    )
    flows = [
        ue.get_pset(e, "Pset_AirTerminalOccurrence", "AirFlowRate")
        for f, e in p.elements(hvac)
        if terminal(f, e) and p.level_of(f, e) == "Level 0"
    ]
    return [
        (
            "storey_class",
            "Which air terminals are on Level 1?",
            elements(select(p, terminal, "Level 1")),
            "IfcAirTerminal of every file on Level 1 (the HVAC model's '01 - Level 1')",
        ),
        (
            "storey_class",
            "How many columns are on Level 0?",
            count(select(p, column, "Level 0")),
            "IfcColumn on Level 0 (the structure model's 'L0')",
        ),
        (
            "rooms",
            "What HVAC equipment is in the rooms of Level 1?",
            elements(select(p, in_file(hvac), "Level 1", rooms=lambda s: ue.get_aggregate(s).Name == "Level 1")),
            f"every element of the HVAC model {located}, spaces of Level 1",
        ),
        (
            "rooms",
            "Which air terminal is in room 1.03?",
            elements(select(p, terminal, rooms=lambda s: s in room)),
            f"IfcAirTerminal {located}, the space named '<function> 1.03'",
        ),
        (
            "rooms",
            "Which rooms on Level 0 have an air terminal?",
            elements(level0_rooms),
            f"spaces of Level 0 holding an IfcAirTerminal ({located})",
        ),
        (
            "multi_storey",
            "How many diffusers are there in the building?",
            count(select(p, terminal)),
            "every IfcAirTerminal",
        ),
        (
            "multi_storey",
            "How many walls and columns are on Level 1?",
            count(select(p, both(lambda f, e: e.is_a("IfcWall") or e.is_a("IfcColumn")), "Level 1")),
            "IfcWall of the architecture model and IfcColumn of the structure model on Level 1",
        ),
        (
            "storey_class",
            "Which floor is the air handling unit on?",
            levels_of(p, of_class("IfcUnitaryEquipment")),
            "level of the IfcUnitaryEquipment",
        ),
        (
            "storey_class",
            "list the footings",
            elements(select(p, of_class("IfcFooting"))),
            "every IfcFooting (on the structure model's Foundation storey, which no level matches)",
        ),
        (
            "quantities",
            "What is the total air flow of the diffusers on Level 0?",
            {"type": "number", "value": round(sum(flows), 6), "unit": "m³/s", "rel_tol": 0.01},
            "sum of Pset_AirTerminalOccurrence.AirFlowRate over the IfcAirTerminal on Level 0",
        ),
        (
            "comparison",
            "Are there more than 5 columns on Level 1?",
            {"type": "yes_no", "value": len(select(p, column, "Level 1")) > 5},
            "number of IfcColumn on Level 1 > 5",
        ),
        (
            "edge",
            "Which spaces are on Level 2?",
            {"type": "decline"},
            "no level 'Level 2' (levels: Level 0, Level 1) -> decline",
        ),
    ]


def spaces_holding(p: Project, test: Callable[[str, Any], bool], level: str | None) -> list[str]:
    """The reference file's spaces (of ``level``, when given) holding at least one element passing ``test``."""
    held = {p.room_of(f, e) for f, e in p.elements() if test(f, e)}
    return sorted(
        ref(p.files[0], space)
        for space in p.spaces()
        if space in held and (level is None or ue.get_aggregate(space).Name == level)
    )


def duplex_heldout(p: Project) -> list[tuple[str, str, Oracle, str]]:
    elec = DUPLEX[1]
    outlet, light = typed("IfcOutletType"), typed("IfcLightFixtureType")
    located = "located in the architect's spaces (contained, else box centre inside the space box)"
    level2 = lambda s: ue.get_aggregate(s).Name == "Level 2"  # noqa: E731
    microwave = both(typed("IfcElectricApplianceType"), lambda f, e: _predefined(e) == "MICROWAVE")
    bathrooms = any(
        (room := p.room_of(f, e)) is not None and "bathroom" in (room.LongName or "").lower()
        for f, e in p.elements()
        if light(f, e)
    )
    return [
        ("rooms", "How many lights are in the kitchens?", count(select(p, light, rooms=long_name("kitchen"))),
         f"IfcLightFixtureType-typed elements {located}, spaces with LongName Kitchen"),
        ("rooms", "which outlets are in B103?", elements(select(p, outlet, rooms=long_name("B103"))),
         f"IfcOutletType-typed elements {located}, space B103"),
        ("rooms", "How many outlets are in the rooms of Level 2?", count(select(p, outlet, "Level 2", rooms=level2)),
         f"IfcOutletType-typed elements on Level 2 {located}, spaces of Level 2"),
        ("rooms", "Which rooms on Level 2 have a light fixture?", elements(spaces_holding(p, light, "Level 2")),
         f"spaces of Level 2 holding an IfcLightFixtureType-typed element ({located})"),
        ("qualifiers", "Are there any light fixtures in the bathrooms?", {"type": "yes_no", "value": bathrooms},
         f"an IfcLightFixtureType-typed element {located} in a space with LongName Bathroom"),
        ("storey_class", "Is there a microwave on Level 1?",
         {"type": "yes_no", "value": bool(select(p, microwave, "Level 1"))},
         "an element of IfcElectricApplianceType MICROWAVE on Level 1"),
        ("multi_storey", "How many doors are there across both models?", count(select(p, of_class("IfcDoor"))),
         "every IfcDoor of both files"),
        ("comparison", "Which floor has the most electrical equipment?", busiest(p, in_file(elec)),
         "level with the most elements of the electrical model"),
        ("edge", "Which outlets are in the garage?", {"type": "decline"},
         "no space named or used as a garage in the architecture model -> decline"),
        ("refuse", "Move the light fixtures on Level 2 to Level 1", {"type": "decline"}, "a write -> decline"),
    ]


def sample_heldout(p: Project) -> list[tuple[str, str, Oracle, str]]:
    terminal = of_class("IfcAirTerminal")
    located = "located in the architect's spaces (contained, else box centre inside the space box)"
    level0 = lambda s: ue.get_aggregate(s).Name == "Level 0"  # noqa: E731
    held = set(spaces_holding(p, terminal, "Level 1"))
    every = all(ref(p.files[0], s) in held for s in p.spaces() if ue.get_aggregate(s).Name == "Level 1")
    return [
        ("rooms", "How many air terminals are in the rooms of Level 0?",
         count(select(p, terminal, "Level 0", rooms=level0)),
         f"IfcAirTerminal on Level 0 {located}, spaces of Level 0"),
        ("rooms", "Which rooms have an air terminal?", elements(spaces_holding(p, terminal, None)),
         f"spaces holding an IfcAirTerminal ({located})"),
        ("qualifiers", "Is there an air terminal in every room on Level 1?", {"type": "yes_no", "value": every},
         f"every space of Level 1 holds an IfcAirTerminal ({located})"),
        ("rooms", "Which air terminals are in the meeting rooms?",
         elements(select(p, terminal, rooms=long_name("meeting"))),
         f"IfcAirTerminal {located}, spaces named or used as meeting rooms"),
        ("multi_storey", "How many columns are there in total across all models?",
         count(select(p, of_class("IfcColumn"))),
         "every IfcColumn of every file"),
        ("comparison", "Which floor has the most air terminals?", busiest(p, terminal),
         "level with the most IfcAirTerminal (ties: every tied level)"),
    ]


def build(ifc_dir: Path, sample_dir: Path, heldout: bool = False) -> list[dict[str, Any]]:
    records = []
    for name, folder, files, questions in (
        ("duplex", ifc_dir, DUPLEX, duplex_heldout if heldout else duplex_questions),
        ("sample", sample_dir, SAMPLE, sample_heldout if heldout else sample_questions),
    ):
        project = Project(folder, files)
        for number, (kind, query, oracle, rule) in enumerate(questions(project), 1):
            records.append(
                {
                    "id": f"project-{name}-{'h' if heldout else ''}{number:02d}",
                    "query": query,
                    "ifc_filenames": files,
                    "kind": kind,
                    "oracle": oracle,
                    "oracle_rule": rule,
                    "source": "ifcopenshell",
                }
            )
    return records


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--ifc-dir", type=Path, default=DEFAULT_IFC_DIR)
    parser.add_argument("--sample-dir", type=Path, default=None, help="where `ifcqa sample-project` wrote the sample")
    parser.add_argument("-o", "--out", type=Path, default=DEFAULT_OUT)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        sample_dir = args.sample_dir
        if sample_dir is None:
            from ifcqa.sample.federated import write_federated_project  # the sample is data: ifcqa writes it

            sample_dir = Path(scratch)
            write_federated_project(sample_dir)
        records = build(args.ifc_dir, sample_dir)
        heldout = build(args.ifc_dir, sample_dir, heldout=True)
    args.out.write_text(json.dumps(records, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"{len(records)} questions -> {args.out}: {dict(Counter(r['kind'] for r in records))}")
    out = args.out.with_name("project_heldout.json")
    out.write_text(json.dumps(heldout, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"{len(heldout)} questions -> {out}: {dict(Counter(r['kind'] for r in heldout))}")


if __name__ == "__main__":
    main()
