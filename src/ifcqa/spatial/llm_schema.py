"""The plan an LLM fills (:class:`LLMPlan`): the fields of :class:`~ifcqa.spatial.plan.Plan`, named the way the
model names things (storey and space names, class names, property paths) instead of by GlobalIds and resolved
filters; and the model's vocabulary the prompt offers it (:func:`catalogue`).

Which :class:`Plan` field each part fills is declared here, so that a field added to the plan either flows through
(a ``bool``/``int`` field: :data:`SCALARS`, copied as it is) or is listed where it is resolved or left to the
rules (:data:`FILLED`, :data:`NOT_FILLED`); a test keeps every plan field in one of them.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import MISSING, fields
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, create_model

from ifcqa.index.model_index import ModelIndex
from ifcqa.spatial import measures
from ifcqa.spatial.classes import enumeration_values
from ifcqa.spatial.plan import INTENTS, Plan
from ifcqa.spatial.storeys import StoreyResolver
from ifcqa.spatial.vocabulary import CLASS_GROUPS, PREDEFINED_KINDS

# plan fields the LLM fills by name, resolved against the model in ifcqa.spatial.llm_resolve
FILLED = frozenset(["intent", "storeys", "exclude", "classes", "exclude_classes", "rooms", "qualifiers", "measure",
                    "threshold", "compare", "group_by", "explicit", "unconsumed",
                    "lookup", "elements"])  # round 5b: attribute lookups (one or several, per storey) and elements
# plan fields made from the others, or that record the rules parser's own reading
NOT_FILLED = frozenset(["question", "storey_names", "mentions", "unresolved", "unknown_classes", "unknown_words",
                        "parser", "notes", "declined", "nearest", "spelling", "resolved",
                        "compare_op"])  # the rules' comparison grammar; an LLM plan compares with > / < (least)
_SCALAR_TYPES: dict[str, type] = {"bool": bool, "int": int}


def _scalars() -> dict[str, tuple[type, Any]]:
    """The plan's plain ``bool``/``int`` fields (``least``, ``asks_storey``, ``universal`` ...) with their defaults."""
    out: dict[str, tuple[type, Any]] = {}
    for f in fields(Plan):
        kind = _SCALAR_TYPES.get(str(f.type))
        if kind is not None and f.name not in FILLED | NOT_FILLED and f.default is not MISSING:
            out[f.name] = (kind, f.default)
    return out


SCALARS = _scalars()
INTENT_VALUES = tuple(i for i in INTENTS if i != "declined")  # declining is the check's, not the planner's
QUANTITIES = tuple(measures.words().names)
Op = Literal["=", "!=", ">", ">=", "<", "<=", "~"]
# every list of the plan holds at most this many items (the schema's maxItems, so a server's grammar enforces it): a
# small model may run on listing every space number it was shown as a "storey" until the reply's token cap (measured
# with Qwen2.5-Coder-1.5B: 800 tokens, 5 minutes on a shared CPU, an invalid reply); no question names more
MAX_ITEMS = 24


def _many(description: str | None = None) -> Any:
    """A list field of the plan: empty by default, at most :data:`MAX_ITEMS` items."""
    return Field(default_factory=list, max_length=MAX_ITEMS, description=description)


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class LLMRoom(_Strict):
    name: str = Field(description="a space's Name, LongName or number exactly as listed, or a room function word "
                                  "(kitchen, office, WC)")
    role: Literal["subject", "in", "of"] = Field(
        "subject", description="subject: the spaces themselves; in: what is contained in them; of: what bounds them "
                               "(the doors/walls/windows of a room)")


class LLMPredefined(_Strict):
    ifc_class: str = Field(description="an IFC class listed, e.g. IfcSlab")
    predefined_type: str = Field(description="one of its predefined types listed, e.g. ROOF")


class LLMQualifier(_Strict):
    path: str = Field(description="a property path 'Set.Property' or quantity path 'Set.Quantity' listed ('*' "
                                  "matches any text: '*.IsExternal' is every set's IsExternal), an attribute "
                                  "(OverallWidth, OverallHeight), Name or type.Name")
    op: Op = Field(description="'~' means the text contains the value (Name, type.Name)")
    value: bool | float | str | None = Field(description="true/false, a number, a label; null with '!=': is set")
    unit: str | None = Field(None, description="the unit of a number as the question states it (m, mm, m²)")
    negated: bool = Field(False, description="the question negates the condition")


class LLMMeasure(_Strict):
    quantity: Literal[QUANTITIES] = Field(description="what is measured")  # type: ignore[valid-type]
    op: Literal["sum", "mean", "min", "max"] = Field(description="max/min: the largest/smallest element(s)")
    gross: bool = Field(False, description="the question says gross")


class LLMWord(_Strict):
    word: str = Field(description="a word of the question that is no storey, class or room name as listed")
    read_as: str = Field(description="what the plan made of it: the storey, class, room, property, value or quantity")


class LLMLookup(_Strict):
    attribute: str = Field(description=(
        "an attribute asked of the subject: width, height, thickness, depth, diameter, material, type, name, colour, "
        "U-value, elevation, floor-to-floor height, ceiling height, or a property name the elements hold "
        "(FireRating, LoadBearing, RiserHeight)"))


class LLMThreshold(_Strict):
    op: Literal[">", ">=", "<", "<=", "="]
    n: int = Field(ge=0, description="the count the question compares with: 'more than 10 doors?'")


_BASE_FIELDS: dict[str, Any] = {
    "intent": (Literal[INTENT_VALUES], Field(description=(
        "list | count | exists (yes/no) | most (which storey/room has the most; least=true: fewest) | breakdown "
        "(count per storey) | compare (two storeys: more on the first than the second?) | unanswerable"))),
    "storeys": (list[str], _many(description="storey names as listed; [] = no constraint")),
    "exclude_storeys": (list[str], _many(description="storeys the question excludes")),
    "classes": (list[str], _many(description=(
        "class keys or IFC class names as listed; [] with a storey or room: every element"))),
    "predefined": (list[LLMPredefined], _many(description="a class narrowed to a type")),
    "exclude_classes": (list[str], _many(description="classes the question excludes")),
    "rooms": (list[LLMRoom], _many()),
    "qualifiers": (list[LLMQualifier], _many(description="every property condition asked")),
    "measure": (LLMMeasure | None, Field(None, description="a quantity aggregate or superlative")),
    "threshold": (LLMThreshold | None, Field(None, description="a yes/no question on the count")),
    "compare": (list[str], _many(description="two storey names, for intent compare")),
    "group_by": (Literal["storey", "space"], Field("storey", description="space: 'which room has the most doors'")),
    "lookup": (list[LLMLookup], _many(description=(
        "'what is the X of Y': the attributes asked, in the order asked (several: 'the width and height of door "
        "X'); the subject is given by storeys/classes/rooms/qualifiers/elements, with intent list"))),
    "each_storey": (bool, Field(False, description=(
        "the storeys themselves are the subject, one value each: 'the elevation of each storey'"))),
    "elements": (list[str], _many(description=(
        "elements the question names by GlobalId, Name or Tag, exactly as written"))),
    "unit": (str | None, Field(None, description=(
        "the unit the question asks the number in ('in m', 'in square feet' -> 'ft²'), else null"))),
    "words": (list[LLMWord], _many(description=(
        "how the plan read each word of the question that is not literally a listed name ('oben' -> 'Level 2', "
        "'outside' -> 'Pset_DoorCommon.IsExternal'); a word the plan does not use makes the answer decline"))),
}

LLMPlan: type[BaseModel] = create_model(  # type: ignore[call-overload]
    "LLMPlan", __base__=_Strict, **_BASE_FIELDS, **{name: (kind, default) for name, (kind, default) in SCALARS.items()}
)
LLMPlan.__doc__ = "A spatial question's plan, by the model's own names (see ifcqa.spatial.llm_resolve)."


def plan_schema() -> dict[str, Any]:
    """The JSON schema of :class:`LLMPlan` (what ``response_format`` ``json_schema`` sends)."""
    return LLMPlan.model_json_schema()


def field_guide() -> str:
    """The plan's fields as the prompt states them: one line a field, its JSON shape and what it means (the JSON
    schema itself is 7k characters, 2k tokens a small CPU model reads before every model's first question)."""
    schema = plan_schema()
    defs = schema.get("$defs", {})

    def shape(node: dict[str, Any], inner: bool = False) -> str:
        if "$ref" in node:
            target = defs[node["$ref"].rpartition("/")[2]]
            parts = [f'"{k}": {shape(v, True)}' for k, v in target["properties"].items()]
            return "{" + ", ".join(parts) + "}"
        if "anyOf" in node:
            return " | ".join(shape(n, True) for n in node["anyOf"])
        if "enum" in node:
            text = "|".join(json.dumps(v, ensure_ascii=False) for v in node["enum"])
        elif node.get("type") == "array":
            text = f"[{shape(node['items'], True)}]"
        else:
            text = str(node.get("type", "any"))
        if inner and node.get("description"):
            text += f" /* {node['description']} */"
        return text

    lines = []
    for name, node in schema["properties"].items():
        line = f'"{name}": {shape(node)}'
        if node.get("description"):
            line += f"  // {node['description']}"
        lines.append(line)
    return "\n".join(lines)


# -- the model's vocabulary ----------------------------------------------------------------------------------
# round 9: 60 property / 40 quantity paths (standard sets first): the vendor sets past them were a third of the prompt
LIMITS = {"spaces": 120, "classes": 80, "predefined": 60, "properties": 60, "quantities": 40}


def _more(items: list[str], limit: int) -> list[str]:
    return items[:limit] + ([f"... and {len(items) - limit} more"] if len(items) > limit else [])


_NOT_LISTED = frozenset(["IfcBuildingStorey", "IfcBuilding", "IfcSite", "IfcOpeningElement"])


def _standard_first(paths: Counter[str]) -> list[str]:
    """The IFC standard's sets (``Pset_``, ``Qto_``, ``BaseQuantities``) before vendor sets, then the most held."""
    ranked = sorted(paths.items(), key=lambda pn: (not pn[0].startswith(("Pset_", "Qto_", "BaseQuantities.")), -pn[1],
                                                   pn[0]))
    return [f"- {p}" for p, _ in ranked]


def catalogue(index: ModelIndex, resolver: StoreyResolver) -> str:
    """The names a plan may use on this model, each list bounded (:data:`LIMITS`), most frequent first."""
    elements = [e for e in index.data.elements.values() if e.template_of is None]
    products = [e for e in elements if (e.storey is not None or e.container is not None)
                and e.ifc_class not in _NOT_LISTED]
    storeys = [f"- {s.name!r} (elevation {s.elevation:g})" if s.elevation is not None else f"- {s.name!r}"
               for s in resolver.storeys if s.name]
    spaces = [" / ".join(repr(t) for t in (e.name, e.long_name) if t) for e in elements if e.ifc_class == "IfcSpace"]
    classes = Counter(e.ifc_class for e in products)
    predefined = Counter((e.ifc_class, e.predefined_type) for e in products if e.predefined_type
                         and e.predefined_type in enumeration_values(index.schema, (e.ifc_class,)))
    props: Counter[str] = Counter()
    qtos: Counter[str] = Counter()
    for e in products:
        props.update(f"{s}.{p}" for s, values in e.psets.items() for p in values)
        qtos.update(f"{s}.{q}" for s, values in e.qtos.items() for q in values)
    groups = [f"- {key}: {label}" for key, (label, _) in CLASS_GROUPS.items()]
    groups += [f"- {key}: {label} (a kind of {CLASS_GROUPS[group][0]})" for key, (group, label, _, _)
               in PREDEFINED_KINDS.items()]
    sections = [
        ("Storeys, lowest first", storeys),
        ("Spaces (Name / LongName)", _more([s for s in spaces if s], LIMITS["spaces"])),
        ("IFC classes in this model (elements)", _more([f"- {c} ({n})" for c, n in classes.most_common()],
                                                       LIMITS["classes"])),
        ("Predefined types in this model", _more([f"- {c}.{t} ({n})" for (c, t), n in predefined.most_common()],
                                                 LIMITS["predefined"])),
        ("Property paths in this model", _more(_standard_first(props), LIMITS["properties"])),
        ("Quantity paths in this model", _more(_standard_first(qtos), LIMITS["quantities"])),
        ("Class keys (groups of IFC classes)", groups),
        ("Measured quantities", [", ".join(QUANTITIES)]),
    ]
    return "\n".join(f"{title}:\n" + ("\n".join(lines) or "(none)") for title, lines in sections)
