"""Quantity aggregates of a question (ifcqa.spatial.measures), checked against plain IfcOpenShell."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import ifcopenshell
import ifcopenshell.geom
import ifcopenshell.util.element
import ifcopenshell.util.unit
import numpy as np
import pytest
from room_model import write_room_model

from ifcqa.index import IndexCache, ModelIndex, load_index
from ifcqa.spatial.measures import GEOMETRY, Aggregate, aggregate, find_measure
from ifcqa.spatial.qualifiers import elements_of

Index = Callable[[str], ModelIndex]


def _run(index: ModelIndex, text: str, classes: list[str], **kw: bool) -> Aggregate:
    m = find_measure(index, text, classes)
    assert m is not None, text
    assert text[m.start : m.end] == m.term
    return aggregate(index, [e.guid for e in elements_of(index, classes)], m, m.op, **kw)


def _qto(path: Path, ifc_class: str, set_name: str, name: str) -> dict[str, float]:
    model = ifcopenshell.open(str(path))
    out = {}
    for e in model.by_type(ifc_class):
        value = ifcopenshell.util.element.get_psets(e, qtos_only=True).get(set_name, {}).get(name)
        if value is not None:
            out[e.GlobalId] = float(value)
    return out


@pytest.fixture(scope="module")
def rooms(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, ModelIndex]:
    folder = tmp_path_factory.mktemp("measures")
    path = write_room_model(folder)
    return path, load_index(path, cache=IndexCache(folder / "cache"))


def test_words(rooms: tuple[Path, ModelIndex]) -> None:
    index = rooms[1]
    cases = {
        "total floor area of the ground floor": ("total floor area", "floor_area", "sum", False),
        "how much wall area is there": ("how much wall area", "wall_area", "sum", False),
        "the largest room": ("largest", "floor_area", "max", True),  # the area of spaces is their floor area
        "tallest wall on level 2": ("tallest", "height", "max", True),
        "average door width": ("average door width", "width", "mean", False),
        "m² of windows": ("m²", "area", "sum", False),
        "Gesamtfläche der Räume": ("Gesamtfläche", "floor_area", "sum", False),
        "volume of concrete": ("volume", "volume", "sum", False),
        "Wie groß ist der Seminarraum?": ("Wie groß", "floor_area", "sum", False),
        "how tall are the walls": ("how tall", "height", "mean", False),
    }
    for text, expected in cases.items():
        spatial = ("room", "Räume", "floor area", "Seminarraum")
        classes = ["IfcSpace"] if any(w in text for w in spatial) else ["IfcWall"]
        m = find_measure(index, text, classes)
        assert m is not None and (m.term, m.quantity, m.op, m.superlative) == expected, text
    gross = find_measure(index, "Wie groß ist die Bruttogeschossfläche?", ["IfcSpace"])
    assert gross is not None and gross.gross  # "Brutto" asks for Gross quantities, "groß" (big) does not
    plain = find_measure(index, "Wie groß ist der Seminarraum?", ["IfcSpace"])
    assert plain is not None and not plain.gross
    for text in ("how many doors", "which floor has the largest number of doors", "what is on the highest floor",
                 "total number of walls", "what ceiling system is installed in office areas",
                 "doors with a minimum width of 900 mm"):  # a threshold is a qualifier, not an aggregate
        assert find_measure(index, text, ["IfcDoor"]) is None, text


def test_floor_areas_from_base_quantities(shared_ifc: Path, index_of: Index) -> None:
    path, index = shared_ifc / "AC11-Institute-Var-2-IFC.ifc", index_of("AC11-Institute-Var-2-IFC.ifc")
    net = _qto(path, "IfcSpace", "BaseQuantities", "NetFloorArea")
    a = _run(index, "total floor area", ["IfcSpace"])
    assert (a.quantity, a.source, a.unit, a.op, a.n, a.total) == ("NetFloorArea", "BaseQuantities", "m²", "sum", 82, 82)
    assert a.number == pytest.approx(sum(net.values()))
    gross = _qto(path, "IfcSpace", "BaseQuantities", "GrossFloorArea")
    g = _run(index, "total gross floor area", ["IfcSpace"])
    assert g.quantity == "GrossFloorArea" and g.number == pytest.approx(sum(gross.values()))
    big = _run(index, "the largest room", ["IfcSpace"])
    assert big.op == "max" and big.number == pytest.approx(max(net.values()))
    assert set(big.chosen) == {k for k, v in net.items() if v == max(net.values())}


def test_vendor_sets_and_attributes(shared_ifc: Path, index_of: Index) -> None:
    duplex, index = shared_ifc / "Duplex_A_20110907.ifc", index_of("Duplex_A_20110907.ifc")
    gsa = _qto(duplex, "IfcSpace", "GSA Space Areas", "GSA BIM Area")
    a = _run(index, "total floor area", ["IfcSpace"])  # a quantity set before Revit's property set
    assert (a.source, a.quantity) == ("GSA Space Areas", "GSA BIM Area")
    assert a.number == pytest.approx(sum(gsa.values()))
    model = ifcopenshell.open(str(duplex))
    widths = [d.OverallWidth for d in model.by_type("IfcDoor")]
    w = _run(index, "average door width", ["IfcDoor"])
    assert (w.source, w.quantity, w.unit) == ("attribute", "OverallWidth", "m")
    assert w.number == pytest.approx(sum(widths) / len(widths))
    haus, fzk = shared_ifc / "AC20-FZK-Haus.ifc", index_of("AC20-FZK-Haus.ifc")
    windows = _qto(haus, "IfcWindow", "BaseQuantities", "Area")
    a = _run(fzk, "total window area", ["IfcWindow"])  # plain Area before GrossArea
    assert (a.source, a.quantity) == ("BaseQuantities", "Area") and a.number == pytest.approx(sum(windows.values()))


def test_wall_area_of_rooms_and_of_walls(shared_ifc: Path, index_of: Index) -> None:
    path, index = shared_ifc / "AC11-Institute-Var-2-IFC.ifc", index_of("AC11-Institute-Var-2-IFC.ifc")
    rooms = _run(index, "what is the wall area of the rooms", ["IfcSpace"])  # the rooms' own NetWallArea
    assert (rooms.quantity, rooms.number) == ("NetWallArea", pytest.approx(sum(
        _qto(path, "IfcSpace", "BaseQuantities", "NetWallArea").values())))
    walls = _run(index, "how much wall area is there", ["IfcWall"])  # the walls' NetSideArea
    assert (walls.quantity, walls.number) == ("NetSideArea", pytest.approx(sum(
        _qto(path, "IfcWall", "BaseQuantities", "NetSideArea").values())))


def test_elements_without_the_quantity_are_counted(shared_ifc: Path, index_of: Index) -> None:
    path, index = shared_ifc / "ExampleHOM.ifc", index_of("ExampleHOM.ifc")
    widths = _qto(path, "IfcDoor", "Qto_DoorBaseQuantities", "Width")
    a = _run(index, "average door width", ["IfcDoor"], geometry=False)
    doors = {d.guid for d in index.by_class("IfcDoor")}
    assert (a.n, a.total, set(a.missing)) == (len(widths), len(doors), doors - set(widths))
    assert a.number == pytest.approx(sum(widths.values()) / len(widths))


def test_room_model_in_millimetres(rooms: tuple[Path, ModelIndex]) -> None:
    path, index = rooms
    name = {e.GlobalId: e.Name for e in ifcopenshell.open(str(path)).by_type("IfcProduct")}
    w = _run(index, "average door width", ["IfcDoor"])
    assert (w.unit, w.source) == ("mm", "attribute") and w.number == pytest.approx((900 + 1200 + 800) / 3)
    t = _run(index, "the tallest wall", ["IfcWall"], geometry=False)
    assert (t.number, t.unit, t.source, [name[g] for g in t.chosen]) == (3100.0, "mm", "Qto_WallBaseQuantities", ["W3"])
    assert [name[g] for g in t.missing] == ["W4"] and (t.n, t.total) == (3, 4)
    f = _run(index, "Gesamtfläche der Räume", ["IfcSpace"])
    assert (f.number, f.unit, f.quantity) == (pytest.approx(64.0), "m²", "NetFloorArea")
    assert _run(index, "total gross floor area", ["IfcSpace"]).number == pytest.approx(69.0)


def test_geometry_when_no_quantity_set_holds_it(shared_ifc: Path, index_of: Index) -> None:
    path, index = shared_ifc / "IfcOpenHouse_IFC4.ifc", index_of("IfcOpenHouse_IFC4.ifc")
    a = _run(index, "the tallest wall", ["IfcWall"])
    assert a.source == GEOMETRY and a.n == a.total == 4
    model = ifcopenshell.open(str(path))
    scale = ifcopenshell.util.unit.calculate_unit_scale(model)  # shapes come in metres, answers in the model's unit
    assert a.unit == ("mm" if scale == pytest.approx(0.001) else "m")
    settings = ifcopenshell.geom.settings()
    settings.set("use-world-coords", True)
    heights = {}
    for wall in model.by_type("IfcWall"):
        verts = np.array(ifcopenshell.geom.create_shape(settings, wall).geometry.verts).reshape(-1, 3)
        heights[wall.GlobalId] = float(verts[:, 2].max() - verts[:, 2].min()) / scale
    assert a.number == pytest.approx(max(heights.values()), rel=1e-6)
    assert a.per_element == pytest.approx(heights, rel=1e-6)
