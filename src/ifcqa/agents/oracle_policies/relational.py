"""Oracle policies for relations: types, materials, spatial structure, openings and space boundaries.

One call each: the relationship tool on the element the question names returns the related
element(s) or the set the options are checked against; "which of these elements are on storey S"
asks find_elements for the option names on that storey.
"""

from __future__ import annotations

from ifcqa.agents.oracle_policies._plan import (
    PAGE,
    Call,
    Plan,
    Question,
    Step,
    checked,
    key_of,
    on_element,
    options_as_names,
    pages,
    policy,
    reference,
    storey_reference,
)

_NAMED = r"the (?P<cls>Ifc\w+) '(?P<name>.*)'"
_OPENING_CLASSES = ("IfcOpeningElement", "IfcOpeningStandardCase")


@policy("relational.type.type_of_element")
def type_of_element(q: Question) -> Plan:
    """get_type(element=NAME) -> the type's Name."""
    found = q.parse(rf"^Which type object defines {_NAMED} \(the relating type")
    typed = yield from on_element("get_type", found["name"], found["cls"])
    return q.choose_row(typed.get("type"))


@policy("relational.type.instances_of_type")
def instances_of_type(q: Question) -> Plan:
    """get_type_instances(type=NAME, elements=the options) -> the options among its instances."""
    found = q.parse(rf"^Which of the following elements are instances of {_NAMED}, i\.e\. typed by it")
    args = {"type": reference(found["name"]), "elements": options_as_names(q)}
    instances = yield from pages("get_type_instances", args, "instances")
    return q.choose_rows(instances)


@policy("relational.material.of_element")
def materials_of_element(q: Question) -> Plan:
    """get_materials(element=NAME) -> the options among its materials."""
    found = q.parse(rf"^Which (?:material is|of the following materials does) {_NAMED} (?:made of|use) \(directly")
    materials = yield from on_element("get_materials", found["name"], found["cls"])
    return q.choose(materials.get("materials", []))


@policy("relational.material.elements_with_material")
def elements_with_material(q: Question) -> Plan:
    """find_by_material(material=M, elements=the options) -> the options among its users (one call for any M)."""
    found = q.parse(r"^Which of the following elements use the material '(?P<material>.*)' \(directly or through")
    args = {"material": found["material"], "elements": options_as_names(q)}
    users = yield from pages("find_by_material", args, "elements")
    return q.choose_rows(users)


@policy("relational.spatial.storey_of_element")
def storey_of_element(q: Question) -> Plan:
    """get_spatial_context(element=NAME) -> its storey's Name."""
    found = q.parse(rf"^On which building storey \(IfcBuildingStorey\) is {_NAMED}\? An element is on")
    context = yield from on_element("get_spatial_context", found["name"], found["cls"])
    return q.choose_row(context.get("storey"))


@policy("relational.spatial.building_of_storey")
def building_of_storey(q: Question) -> Plan:
    """get_spatial_context(element=storey NAME or GUID) -> its building's Name."""
    found = q.parse(
        r"^Which building \(IfcBuilding\) does (?:the building storey (?:'.*' )?with GlobalId (?P<guid>\S+)"
        rf"|{_NAMED}) belong to \(through IfcRelAggregates\)\?$"
    )
    if "guid" in found:
        context = checked((yield Call("get_spatial_context", {"element": found["guid"]})))
    else:
        context = yield from on_element("get_spatial_context", found["name"], found["cls"])
    return q.choose_row(context.get("building"))


@policy("relational.spatial.elements_in_storey")
def elements_in_storey(q: Question) -> Plan:
    """find_elements(storey=S, elements=the options) -> the options on that storey."""
    found = q.parse(r"^Which of the following elements are on the storey '(?P<storey>.*)'\? An element is on")
    args = {"storey": storey_reference(found["storey"]), "elements": options_as_names(q), "limit": PAGE}
    hits = checked((yield Call("find_elements", args)))
    return q.choose_rows(hits["elements"])


@policy("relational.openings.host_of_filling")
def host_of_filling(q: Question) -> Plan:
    """get_host(element=NAME) -> the host's Name."""
    found = q.parse(rf"^Which element hosts {_NAMED}, i\.e\. is voided by the opening")
    hosted = yield from on_element("get_host", found["name"], found["cls"])
    return q.choose_row(hosted.get("host"))


def _openings(q: Question, pattern: str) -> Step:
    """Every opening row of the host named in the question (with its fillings)."""
    found = q.parse(pattern)
    first = yield from on_element("get_openings", found["name"], found["cls"], {"limit": PAGE}, key="host")
    rows = list(first.get("openings", []))
    if first.get("truncated"):
        rest = {"host": key_of(first["host"]), "offset": first["next_offset"]}
        rows += yield from pages("get_openings", rest, "openings")
    return rows


@policy("relational.openings.fillings_of_host")
def fillings_of_host(q: Question) -> Plan:
    """get_openings(host=NAME) -> the options among the elements filling its openings."""
    pattern = rf"^Which of the following elements \(doors, windows\.\.\.\) fill an opening in {_NAMED}, i\.e\. an"
    openings = yield from _openings(q, pattern)
    return q.choose_rows(f for row in openings for f in row.get("filled_by", []))


@policy("relational.openings.count_in_host")
def count_in_host(q: Question) -> Plan:
    """get_openings(host=NAME) -> how many of its voids are IfcOpeningElements."""
    openings = yield from _openings(q, rf"^How many openings \(IfcOpeningElement voids\) does {_NAMED} have\?")
    count = sum(1 for row in openings if row.get("class") in _OPENING_CLASSES)
    return q.choose_value(count)


def _boundaries(q: Question, pattern: str, key: str) -> Plan:
    """get_space_boundaries(element=NAME) -> the options on the other side of its boundaries."""
    found = q.parse(pattern + r", according to the model's space boundaries")
    args = {"limit": PAGE, "elements": options_as_names(q)}
    first = yield from on_element("get_space_boundaries", found["name"], found["cls"], args)
    page = first.get(key, [])
    rows = list(sum(page.values(), []) if isinstance(page, dict) else page)
    if first.get("truncated"):
        element = key_of(first.get("space") or first.get("element") or {"guid": None})
        rest = {"element": element, "offset": first["next_offset"], "elements": args["elements"]}
        rows += yield from pages("get_space_boundaries", rest, key)
    return q.choose_rows(rows)


@policy("relational.boundaries.elements_bounding_space")
def elements_bounding_space(q: Question) -> Plan:
    """get_space_boundaries(element=SPACE) -> the options among the elements bounding it."""
    return (yield from _boundaries(q, rf"^Which of the following elements bound {_NAMED}", "by_class"))


@policy("relational.boundaries.spaces_bounded_by_element")
def spaces_bounded_by_element(q: Question) -> Plan:
    """get_space_boundaries(element=NAME) -> the options among the spaces it bounds."""
    return (yield from _boundaries(q, rf"^Which of the following spaces does {_NAMED} bound", "spaces"))
