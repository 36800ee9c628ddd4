"""A small IFC4 model made with ifcopenshell.api for the room, qualifier and measure tests.

Lengths in millimetres, areas in m². Two storeys (EG, OG); spaces "0.01 Küche", "0.02 Besprechungsraum",
"Raum 0.03 Flur", "1.01 Bedroom" and "1.02" typed by an IfcSpaceType "Server Room". A table is contained in the
kitchen, a stair with two flights in the corridor. Walls and doors carry Pset_*Common and base quantities; one
wall inherits IsExternal from its type; door D3 says FireExit "Yes" in a vendor set. Space boundaries tie walls
and doors to the kitchen and the meeting room.
"""

from __future__ import annotations

from pathlib import Path

import ifcopenshell
import ifcopenshell.api.aggregate
import ifcopenshell.api.context
import ifcopenshell.api.pset
import ifcopenshell.api.root
import ifcopenshell.api.spatial
import ifcopenshell.api.type
import ifcopenshell.api.unit
import ifcopenshell.guid


def build_room_model() -> ifcopenshell.file:
    model = ifcopenshell.file(schema="IFC4")
    api = ifcopenshell.api
    project = api.root.create_entity(model, ifc_class="IfcProject", name="Room test")
    length = api.unit.add_si_unit(model, unit_type="LENGTHUNIT", prefix="MILLI")
    area = api.unit.add_si_unit(model, unit_type="AREAUNIT")
    volume = api.unit.add_si_unit(model, unit_type="VOLUMEUNIT")
    api.unit.assign_unit(model, units=[length, area, volume])
    api.context.add_context(model, context_type="Model")
    site = api.root.create_entity(model, ifc_class="IfcSite", name="Site")
    building = api.root.create_entity(model, ifc_class="IfcBuilding", name="House")
    api.aggregate.assign_object(model, products=[site], relating_object=project)
    api.aggregate.assign_object(model, products=[building], relating_object=site)
    eg = api.root.create_entity(model, ifc_class="IfcBuildingStorey", name="EG")
    og = api.root.create_entity(model, ifc_class="IfcBuildingStorey", name="OG")
    eg.Elevation, og.Elevation = 0.0, 3000.0
    api.aggregate.assign_object(model, products=[eg, og], relating_object=building)

    def space(name: str, long_name: str | None, storey: ifcopenshell.entity_instance, area: float) -> object:
        s = api.root.create_entity(model, ifc_class="IfcSpace", name=name)
        s.LongName = long_name
        api.aggregate.assign_object(model, products=[s], relating_object=storey)
        qto = api.pset.add_qto(model, product=s, name="Qto_SpaceBaseQuantities")
        api.pset.edit_qto(model, qto=qto, properties={"NetFloorArea": area, "GrossFloorArea": area + 1.0})
        return s

    kitchen = space("0.01", "Küche", eg, 12.5)
    meeting = space("0.02", "Besprechungsraum", eg, 20.0)
    corridor = space("Raum 0.03", "Flur", eg, 7.5)
    bedroom = space("1.01", "Bedroom", og, 15.0)
    server = space("1.02", None, og, 9.0)
    server_type = api.root.create_entity(model, ifc_class="IfcSpaceType", name="Server Room")
    api.type.assign_type(model, related_objects=[server], relating_type=server_type)

    table = api.root.create_entity(model, ifc_class="IfcFurniture", name="Table")
    api.spatial.assign_container(model, products=[table], relating_structure=kitchen)
    stair = api.root.create_entity(model, ifc_class="IfcStair", name="Stair")
    api.spatial.assign_container(model, products=[stair], relating_structure=corridor)
    flights = [api.root.create_entity(model, ifc_class="IfcStairFlight", name=f"Flight {i}") for i in (1, 2)]
    api.aggregate.assign_object(model, products=flights, relating_object=stair)

    wall_type = api.root.create_entity(model, ifc_class="IfcWallType", name="Exterior wall type")
    type_pset = api.pset.add_pset(model, product=wall_type, name="Pset_WallCommon")
    api.pset.edit_pset(model, pset=type_pset, properties={"IsExternal": True})

    def wall(name: str, props: dict[str, object], length_mm: float, height_mm: float) -> object:
        w = api.root.create_entity(model, ifc_class="IfcWall", name=name)
        api.spatial.assign_container(model, products=[w], relating_structure=eg)
        if props:
            pset = api.pset.add_pset(model, product=w, name="Pset_WallCommon")
            api.pset.edit_pset(model, pset=pset, properties=props)
        qto = api.pset.add_qto(model, product=w, name="Qto_WallBaseQuantities")
        api.pset.edit_qto(model, qto=qto, properties={
            "Length": length_mm, "Height": height_mm, "NetSideArea": length_mm * height_mm / 1e6,
            "GrossSideArea": length_mm * height_mm / 1e6 + 1.0,
        })
        return w

    w1 = wall("W1", {"IsExternal": True, "LoadBearing": True, "FireRating": "EI 30"}, 5000.0, 2800.0)
    w2 = wall("W2", {"IsExternal": False, "LoadBearing": False}, 4000.0, 2500.0)
    w3 = wall("W3", {}, 3000.0, 3100.0)
    api.type.assign_type(model, related_objects=[w3], relating_type=wall_type)
    upper = api.root.create_entity(model, ifc_class="IfcWall", name="W4")
    api.spatial.assign_container(model, products=[upper], relating_structure=og)

    def door(name: str, width: float, height: float, props: dict[str, object]) -> object:
        d = api.root.create_entity(model, ifc_class="IfcDoor", name=name)
        d.OverallWidth, d.OverallHeight = width, height
        api.spatial.assign_container(model, products=[d], relating_structure=eg)
        if props:
            pset = api.pset.add_pset(model, product=d, name="Pset_DoorCommon")
            api.pset.edit_pset(model, pset=pset, properties=props)
        return d

    d1 = door("D1", 900.0, 2100.0, {"IsExternal": True, "FireRating": "EI 30"})
    d2 = door("D2", 1200.0, 2250.0, {"IsExternal": False, "FireRating": "EI 60"})
    d3 = door("D3", 800.0, 2000.0, {})
    vendor = api.pset.add_pset(model, product=d3, name="Custom_DoorData")  # a vendor set writing booleans as text
    api.pset.edit_pset(model, pset=vendor, properties={"FireExit": "Yes"})

    for relating, element in ((kitchen, w1), (kitchen, d1), (meeting, w2), (meeting, d2)):
        model.createIfcRelSpaceBoundary(
            ifcopenshell.guid.new(), None, None, None, relating, element, None, "PHYSICAL", "INTERNAL"
        )
    del bedroom
    return model


def write_room_model(folder: Path) -> Path:
    path = folder / "rooms.ifc"
    build_room_model().write(str(path))
    return path
