"""Oracle policies for direct retrieval: classes, attributes, property values, booleans, existence.

Each reads one element (named in the question) with one tool call: get_element for classes and
attributes, get_property for property values (which says ``"available": false`` for an absent
property), count_elements for class presence; multi-choice items get the set in one call.
"""

from __future__ import annotations

from ifcqa.agents.oracle_policies._plan import (
    PAGE,
    Call,
    GiveUp,
    Plan,
    Question,
    checked,
    on_element,
    options_as_names,
    policy,
    property_path,
    selector_string,
)
from ifcqa.mcq.text import NOT_AVAILABLE

_NAMED = r"the (?P<cls>Ifc\w+) '(?P<name>.*)'"
_PROPERTY = r"the property '(?P<prop>.*)' of property set '(?P<pset>.*)'"


@policy("direct.class.of_named_element")
def class_of_named_element(q: Question) -> Plan:
    """get_element(element=NAME) -> its class."""
    found = q.parse(r"^What is the exact IFC class \(entity type\) of the element named '(?P<name>.*)'\?$")
    element = yield from on_element("get_element", found["name"])
    return q.choose_one(element.get("class"))


@policy("direct.class.elements_of_class")
def elements_of_class(q: Question) -> Plan:
    """find_elements(ifc_class=C, elements=the options) -> the options of class C."""
    found = q.parse(r"^Which of the following elements are of IFC class (?P<cls>Ifc\w+) \(instances")
    args = {"ifc_class": found["cls"], "elements": options_as_names(q), "limit": PAGE}
    hits = checked((yield Call("find_elements", args)))
    return q.choose_rows(hits["elements"])


@policy("direct.attribute.name_of_guid")
def name_of_guid(q: Question) -> Plan:
    """get_element(element=GUID) -> its Name."""
    found = q.parse(r"^What is the Name of the (?P<cls>Ifc\w+) with GlobalId '(?P<guid>.*)'\?$")
    element = checked((yield Call("get_element", {"element": found["guid"]})))
    return q.choose_one(element.get("name"))


@policy("direct.attribute.object_type_or_predefined", "direct.attribute.description_or_tag")
def attribute(q: Question) -> Plan:
    """get_element(element=NAME) -> the attribute asked (PredefinedType as get_predefined_type derives it)."""
    if q.text.startswith("What is the predefined type (PredefinedType) of "):
        found = q.parse(rf"^What is the predefined type \(PredefinedType\) of {_NAMED}\? If its type object")
        element = yield from on_element("get_element", found["name"], found["cls"])
        return q.choose_one(element["derived"].get("predefined_type"))
    found = q.parse(rf"^What is the (?P<attribute>ObjectType|Description|Tag) attribute of {_NAMED}\?$")
    element = yield from on_element("get_element", found["name"], found["cls"])
    return q.choose_one(element["attributes"].get(found["attribute"]))


def _value(q: Question, pattern: str) -> Plan:
    """get_property(element, pset, property) -> the option stating its value (or that it is absent)."""
    found = q.parse(pattern)
    args = {"property": property_path(found["pset"], found["prop"])}
    value = yield from on_element("get_property", found["name"], found["cls"], args)
    if not value.get("available"):
        return q.choose_one(NOT_AVAILABLE)
    if value.get("ambiguous_set"):
        raise GiveUp("the property set is defined twice for the element")
    return q.choose_value(value.get("value"), value.get("unit"))


@policy("direct.property.instance_value")
def instance_value(q: Question) -> Plan:
    """get_property on the named element."""
    return (yield from _value(q, rf"^What is the value of {_PROPERTY} set directly on {_NAMED}\?"))


@policy("direct.property.type_inherited_value")
def type_inherited_value(q: Question) -> Plan:
    """get_property on the named element (its type's values are merged in, marked "source": "type")."""
    pattern = rf"^The (?P<cls>Ifc\w+) '(?P<name>.*)' does not set {_PROPERTY} itself\. What value"
    return (yield from _value(q, pattern))


@policy("direct.existence.value_or_null")
def value_or_null(q: Question) -> Plan:
    """get_property on the named element; "available": false is the "not available" option."""
    return (yield from _value(q, rf"^What is the value of {_PROPERTY} for {_NAMED}\? A value set on its type"))


@policy("direct.boolean.value")
def boolean_value(q: Question) -> Plan:
    """get_property on the named element -> Yes when the value is true."""
    found = q.parse(rf"^Is {_PROPERTY} true for {_NAMED}\? A value set")
    args = {"property": property_path(found["pset"], found["prop"])}
    value = yield from on_element("get_property", found["name"], found["cls"], args)
    return q.choose_yes_no(value.get("available") is True and value.get("value") is True)


@policy("direct.boolean.elements_true")
def elements_true(q: Question) -> Plan:
    """find_elements(selector=Pset.Prop=TRUE, elements=the options) -> the options where it is true."""
    found = q.parse(rf"^Which of the following elements have {_PROPERTY} set to true\? Elements without")
    condition = f"{selector_string(found['pset'])}.{selector_string(found['prop'])}=TRUE"
    args = {"selector": condition, "elements": options_as_names(q), "limit": PAGE}
    hits = checked((yield Call("find_elements", args)))
    return q.choose_rows(hits["elements"])


@policy("direct.existence.class_present")
def class_present(q: Question) -> Plan:
    """count_elements(ifc_class=C) -> Yes when the count is positive."""
    found = q.parse(r"^Does the model contain at least one element of IFC class (?P<cls>Ifc\w+)\?")
    counted = checked((yield Call("count_elements", {"ifc_class": found["cls"]})))
    return q.choose_yes_no(int(counted.get("count", 0)) > 0)
