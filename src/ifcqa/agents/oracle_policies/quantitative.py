"""Oracle policies for quantities, counts, aggregates and comparisons: one call each.

get_quantities reads a named element's quantity set, model_summary the project units,
count_elements and get_type_instances count, aggregate_values sums and averages a scope,
rank_elements finds its extremum and compare_elements orders two named elements.
"""

from __future__ import annotations

import re

from ifcqa.agents.oracle_policies._plan import (
    Call,
    GiveUp,
    Plan,
    Question,
    checked,
    on_element,
    on_elements,
    policy,
    storey_reference,
    texts_of,
)

_NAMED = r"the (?P<cls>Ifc\w+) '(?P<name>.*)'"
_QUANTITY = r"(?P<quantity>.+?) \(quantity set '(?P<qto>.*?)'\)"
_SCOPE = r"all (?P<cls>Ifc\w+) elements \(instances of subclasses included\)(?: on the storey '(?P<storey>.*)')?"
_GIVEN = "Which of the two elements given as options"
_SAYS_EQUAL = re.compile(r"^\s*(?:they are (?:equal|the same)|neither\b|both are equal|equal\b)", re.IGNORECASE)
_UNIT_KINDS = {"lengths": "length", "areas": "area", "volumes": "volume"}


@policy("quantitative.quantity.value")
def quantity_value(q: Question) -> Plan:
    """get_quantities(element=NAME, qto=Q) -> the option stating the quantity with its unit."""
    found = q.parse(rf"^What is the {_QUANTITY} of {_NAMED}, as stated in the model\?$")
    result = yield from on_element("get_quantities", found["name"], found["cls"], {"qto": found["qto"]})
    value = result.get("quantity_sets", {}).get(found["qto"], {}).get(found["quantity"])
    if value is None:
        raise GiveUp(f"the element has no {found['quantity']} in {found['qto']}")
    return q.choose_value(float(value["value"]), value.get("unit"))


@policy("quantitative.quantity.unit")
def quantity_unit(q: Question) -> Plan:
    """model_summary -> the project unit of the measure asked."""
    found = q.parse(r"^In which unit does this model state (?P<kind>lengths|areas|volumes) \(the project's")
    summary = checked((yield Call("model_summary", {})))
    return q.choose_one(summary.get("units", {}).get(_UNIT_KINDS[found["kind"]]))


@policy("quantitative.count.by_class", "quantitative.count.by_class_on_storey")
def count_by_class(q: Question) -> Plan:
    """count_elements(ifc_class=C, storey=S, exact_class=...) -> the count."""
    found = q.parse(
        r"^How many (?P<cls>Ifc\w+) elements (?:does the model contain \((?P<rule>instances of subclasses|exactly)"
        r"|are on the storey '(?P<storey>.*)' \(instances of subclasses of)"
    )
    args: dict[str, object] = {"ifc_class": found["cls"]}
    if "storey" in found:
        args["storey"] = storey_reference(found["storey"])
    if found.get("rule") == "exactly":
        args["exact_class"] = True
    counted = checked((yield Call("count_elements", args)))
    return q.choose_value(int(counted["count"]))


@policy("quantitative.count.by_type")
def count_by_type(q: Question) -> Plan:
    """get_type_instances(type=NAME, limit=1) -> the type's instance count."""
    found = q.parse(rf"^How many elements are instances of {_NAMED} \(assigned to it by IfcRelDefinesByType\)\?$")
    result = yield from on_element("get_type_instances", found["name"], found["cls"], {"limit": 1}, key="type")
    return q.choose_value(int(result["type"]["instance_count"]))


def _scope_args(found: dict[str, str]) -> dict[str, object]:
    args: dict[str, object] = {"ifc_class": found["cls"], "quantity": f"{found['qto']}.{found['quantity']}"}
    if "storey" in found:
        args["storey"] = storey_reference(found["storey"])
    return args


@policy("quantitative.aggregate.sum", "quantitative.aggregate.mean")
def aggregate(q: Question) -> Plan:
    """aggregate_values(ifc_class=C, quantity=Q.N, stat=sum|mean, storey=S) -> the option stating it."""
    found = q.parse(rf"^What is the (?P<stat>total|mean) {_QUANTITY} of {_SCOPE}\?$")
    args = _scope_args(found) | {"stat": "sum" if found["stat"] == "total" else "mean"}
    result = checked((yield Call("aggregate_values", args)))
    if result.get("n_missing"):
        raise GiveUp("some elements of the set lack the quantity")
    return q.choose_value(result["value"], result.get("unit"))


@policy("quantitative.compare.largest", "quantitative.compare.smallest")
def extremum(q: Question) -> Plan:
    """rank_elements(ifc_class=C, quantity=Q.N, order=desc|asc, storey=S, limit=1) -> the top element."""
    found = q.parse(rf"^Which of {_SCOPE} has the (?P<end>largest|smallest) {_QUANTITY}\?$")
    args = _scope_args(found) | {"order": "desc" if found["end"] == "largest" else "asc", "limit": 1}
    ranked = checked((yield Call("rank_elements", args)))
    if ranked.get("extremum_tie") or not ranked.get("elements"):
        raise GiveUp("no single element has the extreme value")
    return q.choose_row(ranked["elements"][0])


@policy("quantitative.compare.pair")
def pair(q: Question) -> Plan:
    """compare_elements(elements=[A, B], quantity=Q.N) -> the larger one (on a tie, the option saying so).

    The two elements are named in the question ("...: the IfcWall 'A' or the IfcWall 'B'?") or are
    the two options besides the one saying they are equal.
    """
    if q.text.startswith(_GIVEN):
        found = q.parse(rf"^{_GIVEN} has the larger {_QUANTITY}\?(?: Answer '(?P<equal>.*?)')?")
        equal = [found["equal"]] if "equal" in found else [t for t in q.texts if _SAYS_EQUAL.match(t)]
        if len(equal) != 1:
            raise GiveUp("no single option says the two are equal")
        compared = [text for text in q.texts if text != equal[0]]
    else:
        found = q.parse(
            rf"^Which has the larger {_QUANTITY}: the Ifc\w+ '(?P<first>.*)' or the Ifc\w+ '(?P<second>.*)'\?$"
        )
        compared = [found["first"], found["second"]]
    if len(compared) != 2:
        raise GiveUp("the question does not compare two elements")
    quantity = f"{found['qto']}.{found['quantity']}"
    result = yield from on_elements("compare_elements", compared, quantity=quantity)
    largest = result.get("largest") or {}
    if largest.get("tie"):
        named = {label for row in result.get("values", []) for label in q.choose(texts_of(row))}
        others = [label for label, _ in q.options if label not in named]
        if len(others) != 1:
            raise GiveUp("no single option says the two are equal")
        return others
    return q.choose_row((largest.get("elements") or [None])[0])
