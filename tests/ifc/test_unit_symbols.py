"""Every SI unit and the derived units built from them have a symbol (IfcOpenShell gives '?' for kelvin, watt...)."""

from __future__ import annotations

from pathlib import Path

import ifcopenshell
import ifcopenshell.api
import ifcopenshell.ifcopenshell_wrapper as wrapper
import pytest

from ifcqa.ifc.units import get_project_units, get_unit_symbol
from ifcqa.index import IndexCache, load_index
from ifcqa.tools.registry import call_tool

EXPECTED = {
    "AMPERE": "A", "BECQUEREL": "Bq", "CANDELA": "cd", "COULOMB": "C", "CUBIC_METRE": "m³", "DEGREE_CELSIUS": "°C",
    "FARAD": "F", "GRAM": "g", "GRAY": "Gy", "HENRY": "H", "HERTZ": "Hz", "JOULE": "J", "KELVIN": "K",
    "LUMEN": "lm", "LUX": "lx", "METRE": "m", "MOLE": "mol", "NEWTON": "N", "OHM": "Ω", "PASCAL": "Pa",
    "RADIAN": "rad", "SECOND": "s", "SIEMENS": "S", "SIEVERT": "Sv", "SQUARE_METRE": "m²", "STERADIAN": "sr",
    "TESLA": "T", "VOLT": "V", "WATT": "W", "WEBER": "Wb",
}  # fmt: skip


def test_every_si_unit_name_of_the_schema_has_its_symbol() -> None:
    names = wrapper.schema_by_name("IFC4").declaration_by_name("IfcSIUnitName").enumeration_items()
    assert set(names) == set(EXPECTED)
    f = ifcopenshell.file(schema="IFC4")
    for name in names:
        assert get_unit_symbol(f.createIfcSIUnit(None, "USERDEFINED", None, name)) == EXPECTED[name], name
    assert get_unit_symbol(f.createIfcSIUnit(None, "USERDEFINED", "KILO", "WATT")) == "kW"
    assert get_unit_symbol(f.createIfcSIUnit(None, "USERDEFINED", "MILLI", "METRE")) == "mm"


@pytest.fixture(scope="module")
def thermal_model(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A project assigning kelvin, watt, joule, and W/(m.K), W/(m2.K), J/(kg.K) as derived units."""
    f = ifcopenshell.api.run("project.create_file", version="IFC4")
    ifcopenshell.api.run("root.create_entity", f, ifc_class="IfcProject", name="Thermal")

    def si(unit_type: str, name: str, prefix: str | None = None) -> ifcopenshell.entity_instance:
        return f.createIfcSIUnit(None, unit_type, prefix, name)

    metre, kelvin = si("LENGTHUNIT", "METRE"), si("THERMODYNAMICTEMPERATUREUNIT", "KELVIN")
    watt, joule = si("POWERUNIT", "WATT"), si("ENERGYUNIT", "JOULE")
    kilogram, square_metre = si("MASSUNIT", "GRAM", "KILO"), si("AREAUNIT", "SQUARE_METRE")

    def derived(unit_type: str, *elements: tuple[ifcopenshell.entity_instance, int]) -> ifcopenshell.entity_instance:
        return f.createIfcDerivedUnit([f.createIfcDerivedUnitElement(u, e) for u, e in elements], unit_type)

    units = [
        metre, kelvin, watt, joule, kilogram, square_metre,
        derived("THERMALCONDUCTANCEUNIT", (watt, 1), (metre, -1), (kelvin, -1)),
        derived("THERMALTRANSMITTANCEUNIT", (watt, 1), (square_metre, -1), (kelvin, -1)),
        derived("SPECIFICHEATCAPACITYUNIT", (joule, 1), (kilogram, -1), (kelvin, -1)),
        derived("HEATFLUXDENSITYUNIT", (kilogram, 1), (second := si("TIMEUNIT", "SECOND"), -3)),
    ]  # fmt: skip
    units.append(second)
    ifcopenshell.api.run("unit.assign_unit", f, units=units)
    path = tmp_path_factory.mktemp("units") / "thermal.ifc"
    f.write(str(path))
    return path


def test_a_model_with_thermal_units_gives_every_symbol(thermal_model: Path) -> None:
    symbols = {k: u.symbol for k, u in get_project_units(ifcopenshell.open(str(thermal_model))).items()}
    assert symbols["THERMODYNAMICTEMPERATUREUNIT"] == "K" and symbols["POWERUNIT"] == "W"
    assert symbols["ENERGYUNIT"] == "J" and symbols["MASSUNIT"] == "kg"
    assert symbols["THERMALCONDUCTANCEUNIT"] == "W/m.K"
    assert symbols["THERMALTRANSMITTANCEUNIT"] == "W/m2.K"
    assert symbols["SPECIFICHEATCAPACITYUNIT"] == "J/kg.K"
    assert symbols["HEATFLUXDENSITYUNIT"] == "kg/s3"
    index = load_index(thermal_model, cache=IndexCache(thermal_model.parent / "cache"))
    summary = call_tool(index, "model_summary")
    assert "W/m2.K" in str(summary) and "?" not in str(summary)
