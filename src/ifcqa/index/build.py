"""Building a model index from an opened IFC model.

The index is built relationship-first: every objectified relationship (IfcRelAggregates,
IfcRelContainedInSpatialStructure, IfcRelDefinesByProperties, ...) is read exactly once and its
facts are written onto both ends. That is one pass over each relationship class instead of one
inverse-attribute walk per element, which is what keeps a cold build within a small multiple of
the time IfcOpenShell needs to open the file.

The MCQ verifiers deliberately do not use this module: they re-derive answers element by element
with ``ifcopenshell.util.element``, so a bug here and a bug there would have to agree to go unseen.
"""

from __future__ import annotations

import math
import sys
import time
from collections.abc import Iterable
from typing import Any

import ifcopenshell
import ifcopenshell.util.placement as placement_util
import numpy as np

from ifcqa.ifc import schema
from ifcqa.ifc.cycles import on_placement_cycle
from ifcqa.ifc.diagnostics import set_name
from ifcqa.ifc.globalids import global_id_problems
from ifcqa.ifc.open import model_warnings
from ifcqa.ifc.units import Unit, get_measure_unit_type, get_project_units
from ifcqa.ifc.values import read_property, read_quantity
from ifcqa.index.records import (
    INDEX_FORMAT,
    Boundary,
    Element,
    EntityRef,
    IndexData,
    Layer,
    SourceInfo,
    Value,
    compact,
)

_INDEXED_ROOTS = ("IfcProduct", "IfcTypeObject", "IfcGroup", "IfcProject")
_STOREY = "IfcBuildingStorey"
_FIRST_LEVEL, _SECOND_LEVEL = "IfcRelSpaceBoundary1stLevel", "IfcRelSpaceBoundary2ndLevel"


def build_index_data(model: ifcopenshell.file, path: str, sha256: str, size: int) -> IndexData:
    """Read every fact the tools and generators need from ``model`` into an :class:`IndexData`."""
    started = time.perf_counter()
    builder = _Builder(model)
    builder.run()
    problems = global_id_problems(model)
    for element in builder.elements.values():  # records stay keyed by step id; the flag says why
        issue = problems.issue(element.guid)
        if issue is not None:
            element.guid_issue = issue
    data = IndexData(
        format=INDEX_FORMAT,
        source=SourceInfo(path, sha256, size, model.schema_identifier, int(model.get_max_id())),
        units=builder.units,
        elements=builder.elements,
        project=builder.project,
        storeys=builder.sorted_storeys(),
        ancestors={cls: builder.ancestors(cls) for cls in {e.ifc_class for e in builder.elements.values()}},
        guids={e.guid: e.id for e in builder.elements.values() if e.guid_issue is None},
        by_class=builder.by_class(),
        step_ids=step_id_bitmap(model),
        length_digits=builder.length_digits,
        warnings=model_warnings(model),
        shared_guids=problems.shared,
    )
    data.build_seconds = time.perf_counter() - started
    return data


class _Builder:
    def __init__(self, model: ifcopenshell.file) -> None:
        self.model = model
        self.units: dict[str, Unit] = get_project_units(model)
        self.elements: dict[int, Element] = {}
        self.project: int | None = None
        self._schema = model.schema_identifier
        self._slot_cache: dict[str, dict[str, int]] = {}
        self._kind_cache: dict[str, frozenset[str]] = {}
        self._set_cache: dict[int, dict[str, Value]] = {}  # set id -> its values (occurrence source)
        self._type_sets: dict[int, dict[str, Value]] = {}  # set id -> its values with source "type"
        self._own_sets: dict[int, list[tuple[str, str, int]]] = {}  # element -> (kind, name, set id)
        self._measures: dict[str, list[tuple[str, int, bool]]] = {}  # class -> (attribute, position, is length)
        length = self.units.get("LENGTHUNIT")
        self.length_digits = length_digits(length.si_factor if length else 1.0)

    def run(self) -> None:
        self.add_objects()
        self.add_decomposition()
        self.add_containment()
        self.add_types()
        self.add_property_sets()
        self.add_materials()
        self.add_openings()
        self.add_space_boundaries()
        self.add_groups()
        self.resolve_storeys()
        self.resolve_predefined_types()
        self.resolve_templates()
        for element in self.elements.values():
            for name in ("parts", "instances", "openings", "fillings", "bounded_by", "bounds", "groups", "members"):
                values = getattr(element, name)
                if values:
                    setattr(element, name, sorted(set(values)))
            compact(element)

    # -- objects ---------------------------------------------------------------------------
    def add_objects(self) -> None:
        for root in _INDEXED_ROOTS:
            for entity in self.model.by_type(root):
                if entity.id() in self.elements:
                    continue
                self.elements[entity.id()] = self._element(entity)
                if root == "IfcProject":
                    self.project = entity.id()

    def _element(self, entity: ifcopenshell.entity_instance) -> Element:
        cls = entity.is_a()
        slots = self._slots(cls)
        raw = [entity.get_argument(i) for i in range(len(entity))]  # each attribute read once, by position

        def attr(name: str) -> Any:
            index = slots.get(name)
            return raw[index] if index is not None else None

        elevation = attr("Elevation")
        if cls == _STOREY and elevation is None and attr("ObjectPlacement") is not None \
                and not on_placement_cycle(attr("ObjectPlacement")):  # a cycle: IfcOpenShell's walk never ends
            elevation = placement_util.get_storey_elevation(entity)  # IfcOpenShell's fallback: placement z
        if cls == _STOREY and elevation is not None:
            elevation = round(float(elevation), self.length_digits) + 0.0  # -1.8e-12 is 0.0
        return Element(
            id=entity.id(),
            guid=raw[0],
            ifc_class=_intern(cls),
            name=attr("Name"),
            description=attr("Description"),
            object_type=attr("ObjectType"),
            tag=attr("Tag"),
            predefined_type=attr("PredefinedType"),  # the raw value until resolve_predefined_types()
            long_name=attr("LongName"),
            elevation=elevation if cls == _STOREY else None,
            element_type=attr("ElementType") or attr("ProcessType"),
            attributes=self._attributes(raw, cls),
        )

    def _attributes(self, raw: list[Any], cls: str) -> dict[str, Any]:
        """Every attribute of the class in schema order; lengths rounded to a micrometre, references as refs."""
        layout = self._measures.get(cls)
        if layout is None:
            declaration = schema.entity(self._schema, cls)
            attributes = declaration.all_attributes() if declaration is not None else ()
            layout = [(a.name(), i, attribute_unit_type(a) == "LENGTHUNIT") for i, a in enumerate(attributes)]
            self._measures[cls] = layout
        values: dict[str, Any] = {}
        for name, position, is_length in layout:
            value = plain(raw[position])
            if is_length and isinstance(value, float):
                value = round(value, self.length_digits) + 0.0
            values[name] = value
        return values

    def _slots(self, cls: str) -> dict[str, int]:
        """Attribute name -> position for a class (positional reads skip IfcOpenShell's name lookup)."""
        slots = self._slot_cache.get(cls)
        if slots is None:
            slots = {name: i for i, name in enumerate(schema.attribute_names(self._schema, cls))}
            self._slot_cache[cls] = slots
        return slots

    def resolve_predefined_types(self) -> None:
        """Mirror ``ifcopenshell.util.element.get_predefined_type``: the type's value first."""
        raw = {element.id: element.predefined_type for element in self.elements.values()}
        for element in self.elements.values():
            own = raw[element.id]
            if own == "USERDEFINED" or not own:
                own = element.element_type if self.is_type(element) else element.object_type
            resolved = None
            if element.type is not None:
                type_element = self.elements[element.type]
                inherited = raw[type_element.id]
                if inherited == "USERDEFINED" or not inherited:
                    inherited = type_element.element_type
                if inherited and inherited != "NOTDEFINED":
                    resolved = inherited
            element.predefined_type = resolved or own

    def ancestors(self, cls: str) -> tuple[str, ...]:
        return schema.supertypes(self._schema, cls)

    def _name(self, entity: ifcopenshell.entity_instance, required: bool = True) -> Any:
        """``entity.Name`` read by position (a lookup by name costs several times the read).

        ``required=False``: ``None`` for a class without a Name, where ``getattr(entity, "Name", None)``
        would first import the schema's rule module looking for a derived attribute.
        """
        index = self._slots(entity.is_a()).get("Name")
        if index is not None:
            return entity.get_argument(index)
        return entity.Name if required else None

    def _kinds(self, cls: str) -> frozenset[str]:
        """``cls`` and its supertypes (empty for a defined type): ``is_a(name)`` without its schema lookup."""
        kinds = self._kind_cache.get(cls)
        if kinds is None:
            kinds = frozenset(self.ancestors(cls))  # empty for a defined type: it is no entity
            self._kind_cache[cls] = kinds
        return kinds

    def is_type(self, element: Element) -> bool:
        return "IfcTypeObject" in self.ancestors(element.ifc_class)

    def _get(self, entity: ifcopenshell.entity_instance | None) -> Element | None:
        return self.elements.get(entity.id()) if entity is not None else None

    # -- relationships ---------------------------------------------------------------------
    def add_decomposition(self) -> None:
        for rel in self.model.by_type("IfcRelAggregates"):
            parent = self._get(rel.RelatingObject)
            for part_entity in rel.RelatedObjects or ():
                part = self._get(part_entity)
                if parent is None or part is None:
                    continue
                part.parent = parent.id
                parent.parts.append(part.id)

    def resolve_templates(self) -> None:
        """Mark the parts of type templates: elements aggregated (or nested) under a type object, at any depth.

        An IfcElementAssemblyType or an IfcWallType may decompose into parts that describe the type
        (a truss's members, an elemented wall's studs); they are not in the building, so they carry
        ``template_of`` (the type) and the class lookups leave them out.
        """
        owner = {e.id: e.parent for e in self.elements.values() if e.parent is not None}
        for rel in self.model.by_type("IfcRelNests"):
            whole = self._get(rel.RelatingObject)
            if whole is not None and self.is_type(whole):
                for part_entity in rel.RelatedObjects or ():
                    part = self._get(part_entity)
                    if part is not None and not self.is_type(part):
                        owner.setdefault(part.id, whole.id)
        for element in self.elements.values():
            if self.is_type(element):
                continue
            current, seen = owner.get(element.id), 0
            while current is not None and seen < 64:
                above = self.elements.get(current)
                if above is None:
                    break
                if self.is_type(above):
                    element.template_of = above.id
                    break
                current, seen = owner.get(current), seen + 1

    def add_containment(self) -> None:
        for rel in self.model.by_type("IfcRelContainedInSpatialStructure"):
            container = self._get(rel.RelatingStructure)
            if container is None:
                continue
            for entity in rel.RelatedElements or ():
                element = self._get(entity)
                if element is not None:
                    element.container = container.id

    def add_types(self) -> None:
        for rel in self.model.by_type("IfcRelDefinesByType"):
            type_element = self._get(rel.RelatingType)
            if type_element is None:
                continue
            for entity in rel.RelatedObjects or ():
                element = self._get(entity)
                if element is not None:
                    element.type = type_element.id
                    type_element.instances.append(element.id)

    def add_property_sets(self) -> None:
        for rel in self.model.by_type("IfcRelDefinesByProperties"):
            slots = self._slots(rel.is_a())  # positional reads: a lookup by name costs more than the read
            definitions = rel.get_argument(slots["RelatingPropertyDefinition"])
            if not isinstance(definitions, tuple):
                definitions = (definitions,)
            for entity in rel.get_argument(slots["RelatedObjects"]) or ():
                for definition in definitions:
                    self._note_set(entity.id(), definition)
        for type_entity in self.model.by_type("IfcTypeObject"):
            for definition in type_entity.HasPropertySets or ():
                self._note_set(type_entity.id(), definition)
        for element_id, sets in self._own_sets.items():
            element = self.elements.get(element_id)
            if element is not None:
                self._apply_sets(element, sets)
        self._inherit_type_sets()

    def _inherit_type_sets(self) -> None:
        """Give occurrences their type's sets, own values winning (``get_psets`` semantics)."""
        for element in self.elements.values():
            type_element = self.elements.get(element.type) if element.type is not None else None
            if type_element is None or self.is_type(element):
                continue
            shared: set[str] = set(type_element.ambiguous_sets)  # a set twice on the type is ambiguous here too
            for kind in ("psets", "qtos"):
                own: dict[str, dict[str, Value]] = getattr(element, kind)
                for name, props in getattr(type_element, kind).items():
                    if name in own:
                        shared.add(name)
                    own[name] = {**props, **own.get(name, {})}
            if shared:
                element.ambiguous_sets = sorted(shared.union(element.ambiguous_sets))

    def _note_set(self, element_id: int, definition: ifcopenshell.entity_instance | None) -> None:
        if definition is None:
            return
        kinds = self._kinds(definition.is_a())
        if "IfcPropertySetDefinition" not in kinds:
            return
        kind = "qtos" if "IfcElementQuantity" in kinds else "psets"
        # A set without a Name is kept under the placeholder "(unnamed #<step id>)" (ifc.diagnostics).
        self._own_sets.setdefault(element_id, []).append((kind, set_name(definition), definition.id()))
        if definition.id() not in self._set_cache:
            self._set_cache[definition.id()] = self._read_set(definition)

    def _read_set(self, definition: ifcopenshell.entity_instance) -> dict[str, Value]:
        values: dict[str, Value] = {}
        cls = definition.is_a()
        kinds = self._kinds(cls)
        if "IfcElementQuantity" in kinds:
            for qty in definition.get_argument(self._slots(cls)["Quantities"]) or ():
                qvalue, qkind, qclass, qunit = read_quantity(qty, self.units)
                values[_intern(self._name(qty))] = Value(qvalue, qkind, qclass, qunit)
        elif "IfcPropertySet" in kinds:
            for prop in definition.get_argument(self._slots(cls)["HasProperties"]) or ():
                value, kind, measure, unit = read_property(prop, self.units)
                values[_intern(self._name(prop))] = Value(value, kind, measure, unit)
        else:  # IfcPreDefinedPropertySet (e.g. IfcDoorLiningProperties): its attributes are the properties
            for name, raw in _predefined_values(definition).items():
                if name != "id" and not isinstance(raw, ifcopenshell.entity_instance):
                    kind = "bool" if isinstance(raw, bool) else "number" if isinstance(raw, int | float) else "text"
                    values[name] = Value(raw, kind)
        return values

    def _apply_sets(self, element: Element, sets: list[tuple[str, str, int]]) -> None:
        seen: dict[tuple[str, str], int] = {}
        for kind, name, set_id in sets:
            target: dict[str, dict[str, Value]] = getattr(element, kind)
            seen[(kind, name)] = seen.get((kind, name), 0) + 1
            values = self._set_values(set_id, "type" if self.is_type(element) else "occurrence")
            # One dict per set is shared by every element the set is related to (a set related to a
            # thousand walls is held once); a set name given twice merges into a new dict, never in place.
            target[name] = {**target[name], **values} if name in target else values
        element.ambiguous_sets = sorted({name for (_, name), n in seen.items() if n > 1})

    def _set_values(self, set_id: int, source: str) -> dict[str, Value]:
        """A set's values as read for ``source`` (``occurrence``: the cached reading itself; ``type``: a copy)."""
        values = self._set_cache[set_id]
        if source == "occurrence":
            return values
        typed = self._type_sets.get(set_id)
        if typed is None:
            typed = {prop: v._replace(source=source) for prop, v in values.items()}
            self._type_sets[set_id] = typed
        return typed

    def add_materials(self) -> None:
        own: dict[int, tuple[list[str], str, str | None, list[Layer]]] = {}
        for rel in self.model.by_type("IfcRelAssociatesMaterial"):
            if rel.RelatingMaterial is None:
                continue
            names, kind, set_label = _resolve_material(rel.RelatingMaterial)
            resolved = (names, kind, set_label, self._layers(rel.RelatingMaterial))
            for entity in rel.RelatedObjects or ():
                own.setdefault(entity.id(), resolved)  # the first association wins, as in get_material
        for element in self.elements.values():
            source = element.id if element.id in own else element.type if element.type in own else None
            if source is None:
                continue
            element.materials, element.material_kind, element.material_set, layers = own[source]
            element.layers = list(layers)
            element.material_source = "occurrence" if source == element.id else "type"

    def _layers(self, select: ifcopenshell.entity_instance) -> list[Layer]:
        """The layers of a layer set (or layer set usage), thicknesses rounded to a micrometre."""
        layer_set = select.ForLayerSet if select.is_a("IfcMaterialLayerSetUsage") else select
        if not layer_set.is_a("IfcMaterialLayerSet"):
            return []
        layers = []
        for layer in layer_set.MaterialLayers or ():
            thickness = layer.LayerThickness
            rounded = round(float(thickness), self.length_digits) + 0.0 if thickness is not None else None
            material = layer.Material.Name if layer.Material is not None else None
            layers.append(Layer(material, rounded, self._name(layer, required=False)))  # no Name in IFC2X3
        return layers

    def add_openings(self) -> None:
        for rel in self.model.by_type("IfcRelVoidsElement"):
            host, opening = self._get(rel.RelatingBuildingElement), self._get(rel.RelatedOpeningElement)
            if host is not None and opening is not None:
                opening.voids = host.id
                host.openings.append(opening.id)
        for rel in self.model.by_type("IfcRelFillsElement"):
            opening, filling = self._get(rel.RelatingOpeningElement), self._get(rel.RelatedBuildingElement)
            if opening is None or filling is None:
                continue
            filling.fills = opening.id
            if opening.voids is not None:
                filling.host = opening.voids
                self.elements[opening.voids].fillings.append(filling.id)

    def add_space_boundaries(self) -> None:
        for rel in self.model.by_type("IfcRelSpaceBoundary"):
            cls = rel.is_a()
            slots, kinds = self._slots(cls), self._kinds(cls)  # positional reads: hundreds of boundaries a model
            space = self._get(rel.get_argument(slots["RelatingSpace"]))
            element = self._get(rel.get_argument(slots["RelatedBuildingElement"]))
            if space is None:
                continue
            if element is not None:
                space.bounded_by.append(element.id)
                element.bounds.append(space.id)
            level = 2 if _SECOND_LEVEL in kinds else 1 if _FIRST_LEVEL in kinds else None
            at = slots.get("CorrespondingBoundary")
            corresponding = rel.get_argument(at) if level == 2 and at is not None else None
            across = self._get(corresponding.RelatingSpace) if corresponding is not None else None
            space.boundaries.append(
                Boundary(
                    rel.id(),
                    element.id if element is not None else None,
                    rel.get_argument(slots["PhysicalOrVirtualBoundary"]),
                    rel.get_argument(slots["InternalOrExternalBoundary"]),
                    level,
                    across.id if across is not None and across.id != space.id else None,
                )
            )

    def add_groups(self) -> None:
        for rel in self.model.by_type("IfcRelAssignsToGroup"):
            group = self._get(rel.RelatingGroup)
            if group is None:
                continue
            for entity in rel.RelatedObjects or ():
                member = self._get(entity)
                if member is not None:
                    member.groups.append(group.id)
                    group.members.append(member.id)

    # -- derived facts ---------------------------------------------------------------------
    def resolve_storeys(self) -> None:
        for element in self.elements.values():
            self._storey_of(element, depth=0)
            element.building = self._building_of(element)
            element.site = self._above(element, "IfcSite")

    def _storey_of(self, element: Element, depth: int) -> int | None:
        if element.storey_via is not None or depth > 32:
            return element.storey
        if element.ifc_class == _STOREY:
            element.storey, element.storey_via = element.id, "self"
            return element.id
        for via, next_id in (
            ("contained", element.container),
            ("aggregate", element.parent),
            ("host", element.host if element.host is not None else element.voids),
        ):
            if next_id is None:
                continue
            upper = self.elements[next_id]
            storey = self._storey_of(upper, depth + 1)
            if storey is not None:
                if via == "contained" and upper.ifc_class != _STOREY:
                    via = "space" if upper.ifc_class == "IfcSpace" else "contained"
                element.storey, element.storey_via = storey, via
                return storey
        return None

    def _building_of(self, element: Element) -> int | None:
        current: Element | None = element
        for _ in range(64):
            if current is None:
                return None
            if current.ifc_class == "IfcBuilding":
                return current.id
            next_id = current.storey if current.storey not in (None, current.id) else None
            next_id = next_id or current.container or current.parent or current.host or current.voids
            current = self.elements.get(next_id) if next_id is not None else None
        return None

    def _above(self, element: Element, ifc_class: str) -> int | None:
        """The nearest record of ``ifc_class`` up the spatial structure (containment, aggregation, hosting)."""
        current: Element | None = element
        for _ in range(64):
            if current is None:
                return None
            if current.ifc_class == ifc_class:
                return current.id
            next_id = current.container or current.parent or current.host or current.voids
            current = self.elements.get(next_id) if next_id is not None else None
        return None

    def by_class(self) -> dict[str, list[int]]:
        groups: dict[str, list[int]] = {}
        for element in self.elements.values():
            groups.setdefault(element.ifc_class, []).append(element.id)
        return {cls: sorted(ids) for cls, ids in sorted(groups.items())}

    def sorted_storeys(self) -> list[int]:
        storeys = [e for e in self.elements.values() if e.ifc_class == _STOREY]
        storeys.sort(key=lambda e: (e.elevation if e.elevation is not None else 0.0, e.name or "", e.id))
        return [e.id for e in storeys]


def _material_names(materials: Iterable[Any]) -> list[str]:
    names: list[str] = []
    for material in materials:
        if material is not None and material.Name not in names:
            names.append(material.Name)
    return names


def _resolve_material(select: ifcopenshell.entity_instance) -> tuple[list[str], str, str | None]:
    """Resolve a material select to (material names, its class, the set's name)."""
    kind = select.is_a()
    if kind == "IfcMaterial":
        return [select.Name], kind, None
    if kind == "IfcMaterialList":
        return _material_names(select.Materials or ()), kind, None
    if kind == "IfcMaterialLayerSetUsage":
        layer_set = select.ForLayerSet
        return _material_names(layer.Material for layer in layer_set.MaterialLayers), kind, layer_set.LayerSetName
    if kind == "IfcMaterialLayerSet":
        return _material_names(layer.Material for layer in select.MaterialLayers), kind, select.LayerSetName
    if kind in ("IfcMaterialLayer", "IfcMaterialProfile", "IfcMaterialConstituent"):
        return _material_names([select.Material]), kind, None
    if kind in ("IfcMaterialProfileSetUsage", "IfcMaterialProfileSetUsageTapering"):
        profile_set = select.ForProfileSet
        return _material_names(p.Material for p in profile_set.MaterialProfiles), kind, profile_set.Name
    if kind == "IfcMaterialProfileSet":
        return _material_names(p.Material for p in select.MaterialProfiles), kind, select.Name
    if kind == "IfcMaterialConstituentSet":
        return _material_names(c.Material for c in select.MaterialConstituents or ()), kind, select.Name
    return [], kind, None


def _predefined_values(definition: ifcopenshell.entity_instance) -> dict[str, Any]:
    """The set attributes of a predefined property set (``IfcDoorLiningProperties``) by name, and its ``id``.

    What ``ifcopenshell.util.element.get_property_definition`` returns for one, read here so a cold
    build need not import that module (and shapely with it).
    """
    values: dict[str, Any] = {}
    for index in range(4, len(definition)):  # after GlobalId, OwnerHistory, Name, Description
        value = definition.get_argument(index)
        if value is not None:
            values[definition.attribute_name(index)] = value
    values["id"] = definition.id()
    return values


def _intern(text: Any) -> Any:
    """One string object for equal names (class, property names repeat across thousands of records)."""
    return sys.intern(text) if type(text) is str else text


def step_id_bitmap(model: ifcopenshell.file) -> bytes:
    """A bitmap of the file's step ids: bit ``i`` is set when entity ``#i`` exists.

    Set with numpy (which IfcOpenShell imports anyway): a Python loop over 50,000 ids costs tens of ms
    of a cold call.
    """
    bits = np.zeros(((int(model.get_max_id()) >> 3) + 1) * 8, dtype=np.bool_)
    bits[np.fromiter(model.entity_names(), dtype=np.int64)] = True
    return np.packbits(bits, bitorder="little").tobytes()


def length_digits(si_factor: float) -> int:
    """Decimals that resolve a micrometre in a length unit of ``si_factor`` metres (m: 6, mm: 3)."""
    if si_factor <= 0 or not math.isfinite(si_factor):
        return 6
    return max(0, min(12, round(6 + math.log10(si_factor))))


def attribute_unit_type(attribute: Any) -> str | None:
    """The unit type of an attribute's declared measure (``OverallHeight`` -> ``LENGTHUNIT``), if any."""
    declared = attribute.type_of_attribute()
    while declared is not None and hasattr(declared, "declared_type"):
        name = declared.declared_type().name() if hasattr(declared.declared_type(), "name") else None
        if name and name.endswith("Measure"):
            return get_measure_unit_type(name)
        declared = declared.declared_type()
    return None


def plain(value: Any) -> Any:
    """An attribute value as plain data: measures unwrapped, entities as :class:`EntityRef`, tuples as lists."""
    if isinstance(value, ifcopenshell.entity_instance):
        if value.id() == 0:
            return plain(value.get_argument(0))  # its wrappedValue, without the lookup by name
        return EntityRef(value.id(), value.is_a())
    if isinstance(value, tuple):
        return [plain(v) for v in value]
    return value
