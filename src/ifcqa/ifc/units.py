"""The model's units: which unit each measure is stated in, its symbol, and its factor to SI.

IFC states every number in the unit the project assigns to its measure (IfcUnitAssignment), unless a
property or quantity names its own unit. All unit reading of ifcqa happens here, over
``ifcopenshell.util.unit``, so that callers never convert by hand.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ifcqa.lazy import lazy_import

if TYPE_CHECKING:
    import ifcopenshell
    import ifcopenshell.util.unit as unit_util
else:  # imported on first use, so a warm index answers without IfcOpenShell (see ifcqa.lazy)
    ifcopenshell = lazy_import("ifcopenshell")
    unit_util = lazy_import("ifcopenshell.util.unit")

# Unit types a question may need; others are read when a property asks for them.
COMMON_UNIT_TYPES = (
    "LENGTHUNIT",
    "AREAUNIT",
    "VOLUMEUNIT",
    "PLANEANGLEUNIT",
    "MASSUNIT",
    "TIMEUNIT",
    "THERMODYNAMICTEMPERATUREUNIT",
)

# Quantity entity -> the unit type its value is stated in.
QUANTITY_UNIT_TYPES = {
    "IfcQuantityLength": "LENGTHUNIT",
    "IfcQuantityArea": "AREAUNIT",
    "IfcQuantityVolume": "VOLUMEUNIT",
    "IfcQuantityWeight": "MASSUNIT",
    "IfcQuantityTime": "TIMEUNIT",
    "IfcQuantityCount": None,
    "IfcQuantityNumber": None,
}

_PRETTY = {"m2": "m²", "m3": "m³", "mm2": "mm²", "mm3": "mm³", "cm2": "cm²", "cm3": "cm³", "ft2": "ft²", "ft3": "ft³"}
_NAMED_SYMBOLS = {
    "DEGREE": "°",
    "RADIAN": "rad",
    "STERADIAN": "sr",
    "DEGREE_CELSIUS": "°C",
    "DEGREE_FAHRENHEIT": "°F",
    "FOOT": "ft",
    "INCH": "in",
    "SQUARE_FOOT": "ft²",
    "CUBIC_FOOT": "ft³",
    "SQUARE_INCH": "in²",
    "CUBIC_INCH": "in³",
}
# SI units IfcOpenShell has no symbol for (it gives "?"): one symbol per unit in option text ("W", not "watt").
_SI_SYMBOLS = {
    "WATT": "W", "VOLT": "V", "HERTZ": "Hz", "KELVIN": "K", "LUMEN": "lm", "LUX": "lx", "AMPERE": "A",
    "JOULE": "J", "COULOMB": "C", "OHM": "Ω", "SIEMENS": "S", "WEBER": "Wb", "TESLA": "T", "HENRY": "H",
    "FARAD": "F", "CANDELA": "cd", "MOLE": "mol", "BECQUEREL": "Bq", "GRAY": "Gy", "SIEVERT": "Sv",
    "NEWTON": "N", "PASCAL": "Pa", "METRE": "m", "SQUARE_METRE": "m²", "CUBIC_METRE": "m³", "GRAM": "g",
    "SECOND": "s",
}  # fmt: skip
_SI_PREFIXES = {
    "EXA": "E", "PETA": "P", "TERA": "T", "GIGA": "G", "MEGA": "M", "KILO": "k", "HECTO": "h", "DECA": "da",
    "DECI": "d", "CENTI": "c", "MILLI": "m", "MICRO": "µ", "NANO": "n", "PICO": "p", "FEMTO": "f", "ATTO": "a",
}  # fmt: skip


@dataclass(frozen=True, slots=True)
class Unit:
    """A unit as the model states it.

    Attributes:
        unit_type: the IFC unit type, e.g. ``LENGTHUNIT``.
        name: the unit's full name, e.g. ``MILLIMETRE`` or ``DEGREE``.
        symbol: a symbol for people, e.g. ``mm``, ``m²``, ``°``.
        si_factor: multiply a value in this unit by it to get SI (metre, m², radian, ...).
    """

    unit_type: str
    name: str
    symbol: str
    si_factor: float


def get_unit_symbol(unit: ifcopenshell.entity_instance) -> str:
    """Return a readable symbol for an IFC unit entity (``m²`` rather than ``m2``)."""
    if unit.is_a("IfcDerivedUnit"):
        return derived_unit_symbol(unit)
    name = _full_unit_name(unit).upper().replace(" ", "_")
    if name in _NAMED_SYMBOLS:
        return _NAMED_SYMBOLS[str(name)]
    if unit.is_a("IfcSIUnit") and unit.Name in _SI_SYMBOLS:
        return _SI_PREFIXES.get(str(unit.Prefix or ""), "") + _SI_SYMBOLS[unit.Name]
    symbol = str(unit_util.get_unit_symbol(unit) or "")
    if not symbol or symbol == "?":
        return str(name).lower()
    return _PRETTY.get(symbol, symbol)


def derived_unit_symbol(unit: ifcopenshell.entity_instance) -> str:
    """The symbol of an IfcDerivedUnit from its elements' symbols, as IfcOpenShell composes it (``W/m2.K``),
    but with a symbol for every SI unit where IfcOpenShell has none (it gives ``kg/?.s3`` for W/(m·K))."""
    numerator: list[str] = []
    denominator: list[str] = []
    for element in _attribute(unit, "Elements") or ():
        symbol = get_unit_symbol(element.Unit)
        for plain, pretty in (("2", "²"), ("3", "³")):  # an element already squared (m²) takes the exponent's form
            symbol = symbol.replace(pretty, plain)
        exponent = abs(int(element.Exponent))
        if exponent != 1:
            symbol = f"{symbol}{exponent}" if not symbol[-1:].isdigit() else f"({symbol}){exponent}"
        (numerator if element.Exponent > 0 else denominator).append(symbol)
    result = ".".join(numerator) or "1"
    return result + ("/" + ".".join(denominator) if denominator else "")


def describe_unit(model: ifcopenshell.file, unit: ifcopenshell.entity_instance, unit_type: str) -> Unit:
    """Describe a unit entity: name, symbol and the factor to SI."""
    if unit.is_a("IfcNamedUnit"):
        name = _full_unit_name(unit)
        factor = float(unit_util.get_unit_scale(unit))
    else:
        name = str(_attribute(unit, "UserDefinedType") or unit_type)
        factor = 1.0
    return Unit(unit_type, name, get_unit_symbol(unit), factor)


def get_project_units(model: ifcopenshell.file) -> dict[str, Unit]:
    """Return the project's assigned unit for every unit type it assigns (keys like ``LENGTHUNIT``)."""
    units: dict[str, Unit] = {}
    if not model.by_type("IfcProject"):
        return units  # no project, no assigned units (IfcOpenShell's lookup would fail on the empty list)
    assignment = unit_util.get_unit_assignment(model)
    for unit in _attribute(assignment, "Units") or ():
        unit_type = _attribute(unit, "UnitType")
        if unit_type is None and unit.is_a("IfcMonetaryUnit"):
            continue
        if unit_type == "USERDEFINED" or unit_type is None:
            continue
        units[str(unit_type)] = describe_unit(model, unit, str(unit_type))
    # Scale factors come from calculate_unit_scale, which knows prefixes and conversion-based units.
    for unit_type in (t for t in COMMON_UNIT_TYPES if t in units):
        u = units[unit_type]
        factor = float(unit_util.calculate_unit_scale(model, unit_type))
        if unit_type == "MASSUNIT":
            factor /= 1000.0  # IfcOpenShell scales mass to grams; the SI unit of mass is the kilogram
        units[unit_type] = Unit(u.unit_type, u.name, u.symbol, factor)
    return units


def _attribute(entity: ifcopenshell.entity_instance | None, name: str) -> Any:
    """``getattr(entity, name, None)`` for a stored attribute.

    IfcOpenShell answers a name its class lacks (``UnitType`` of an ``IfcMonetaryUnit``) by importing
    the schema's rule module to look for a derived attribute (tens of ms on a cold call) before it
    raises; asking the class's attribute names first skips that.
    """
    if entity is None or name not in entity.get_attribute_names():
        return None
    return entity.get_argument(entity.get_argument_index(name))


def _full_unit_name(unit: ifcopenshell.entity_instance) -> str:
    """``ifcopenshell.util.unit.get_full_unit_name`` (prefix and name, ``MILLIMETRE``) through :func:`_attribute`."""
    return str((_attribute(unit, "Prefix") or "") + unit.Name.upper())


def get_measure_unit_type(measure_class: str) -> str | None:
    """Return the unit type a measure class is stated in (``IfcLengthMeasure`` -> ``LENGTHUNIT``)."""
    unit_type = unit_util.get_measure_unit_type(measure_class)
    return unit_type or None
