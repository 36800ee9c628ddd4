"""The IFC-MCQ taxonomy: 4 groups, 15 categories, 36 subtypes (``../shared/spec/mcq-taxonomy.md``).

Codes are stable: ``group.category.subtype``. This table is data; generators and verifiers register
against its codes, and a contract test checks that every code has exactly one of each.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Subtype:
    code: str  # group.category.subtype
    group: str  # Direct retrieval | Relational | Quantitative | Geometric
    category: str  # the paper's category name
    question_type: str  # single | multi | boolean | single/boolean | single/multi

    @property
    def category_code(self) -> str:
        return self.code.rsplit(".", 1)[0]


_GROUPS = {
    "direct": "Direct retrieval",
    "relational": "Relational",
    "quantitative": "Quantitative",
    "geometric": "Geometric",
}

_TABLE = """
direct.class.of_named_element                 | Class identification   | single
direct.class.elements_of_class                | Class identification   | multi
direct.attribute.name_of_guid                 | Attribute retrieval    | single
direct.attribute.object_type_or_predefined    | Attribute retrieval    | single
direct.attribute.description_or_tag           | Attribute retrieval    | single
direct.property.instance_value                | Property retrieval     | single
direct.property.type_inherited_value          | Property retrieval     | single
direct.boolean.value                          | Boolean property       | boolean
direct.boolean.elements_true                  | Boolean property       | multi
direct.existence.value_or_null                | Existence / absence    | single
direct.existence.class_present                | Existence / absence    | boolean
relational.type.type_of_element               | Type resolution        | single
relational.type.instances_of_type             | Type resolution        | multi
relational.material.of_element                | Material association   | single/multi
relational.material.elements_with_material    | Material association   | multi
relational.spatial.storey_of_element          | Spatial structure      | single
relational.spatial.building_of_storey         | Spatial structure      | single
relational.spatial.elements_in_storey         | Spatial structure      | multi
relational.openings.host_of_filling           | Openings and fillings  | single
relational.openings.fillings_of_host          | Openings and fillings  | multi
relational.openings.count_in_host             | Openings and fillings  | single
relational.boundaries.elements_bounding_space | Space boundaries       | multi
relational.boundaries.spaces_bounded_by_element | Space boundaries     | multi
quantitative.quantity.value                   | Quantity retrieval     | single
quantitative.quantity.unit                    | Quantity retrieval     | single
quantitative.count.by_class                   | Counting               | single
quantitative.count.by_class_on_storey         | Counting               | single
quantitative.count.by_type                    | Counting               | single
quantitative.aggregate.sum                    | Aggregation            | single
quantitative.aggregate.mean                   | Aggregation            | single
quantitative.compare.largest                  | Comparison / extremum  | single
quantitative.compare.smallest                 | Comparison / extremum  | single
quantitative.compare.pair                     | Comparison / extremum  | single
geometric.geometry.extent_compare             | Geometry               | single
geometric.geometry.base_elevation             | Geometry               | single
geometric.geometry.point_in_box               | Geometry               | single/boolean
"""


def _parse() -> dict[str, Subtype]:
    subtypes: dict[str, Subtype] = {}
    for line in _TABLE.strip().splitlines():
        code, category, qtype = (part.strip() for part in line.split("|"))
        subtypes[code] = Subtype(code, _GROUPS[code.split(".")[0]], category, qtype)
    return subtypes


SUBTYPES: dict[str, Subtype] = _parse()
CATEGORIES: dict[str, str] = {s.category_code: s.category for s in SUBTYPES.values()}  # code -> name


def subtypes_of(category_code: str) -> list[Subtype]:
    """The subtypes of a category code such as ``direct.class``, in taxonomy order."""
    return [s for s in SUBTYPES.values() if s.category_code == category_code]
