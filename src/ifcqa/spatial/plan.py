"""The structured plan a question becomes: which storeys, which classes, what to do with them."""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any

INTENTS = ("list", "count", "exists", "most", "breakdown", "unanswerable", "declined", "compare", "lookup")


@dataclass(frozen=True)
class ClassFilter:
    """One class group resolved for a schema: matches occurrences of ``classes`` or typed by ``type_classes``.

    ``inventory`` filters (everything on a storey) take the products contained directly in the storey
    (IfcRelContainedInSpatialStructure, as IFC defines "in a storey"); spatial elements are not listed.
    Without a storey: every product contained in any spatial element.

    A *kind* filter (``kind`` set: "table"; ``key`` stays its class group's, "furniture") also tests the
    element's effective predefined type (``Element.predefined_type``, the graph's ``predefined_type``): it must
    be one of ``predefined``, or, when it is none of ``enumerated``, the element must be named one of ``names``
    or its type object one of ``type_names`` (see :func:`ifcqa.spatial.classes.resolve_kind`; all empty:
    nothing matches). ``note`` is said in the answer (how the kind was told apart, or why it could not be).
    """

    key: str
    label: str
    classes: tuple[str, ...]
    type_classes: tuple[str, ...] = ()
    inventory: bool = False
    kind: str = ""
    predefined: tuple[str, ...] = ()
    enumerated: tuple[str, ...] = ()  # the class's enumeration values: elements with one are not read by name
    names: tuple[str, ...] = ()
    type_names: tuple[str, ...] = ()
    note: str = ""
    untold: str = ""  # a kind the model cannot tell apart from the rest of its class ("partition walls"): declined


@dataclass
class StoreyRef:
    """A storey named in the question and what it resolved to."""

    term: str  # the words of the question
    how: str  # name, fuzzy_name, number, ordinal, alias:ground, alias:roof, ...
    storeys: list[str]  # GlobalIds (empty: unresolved)
    negated: bool = False


@dataclass
class RoomRef:
    """Spaces the question names and their role: ``subject`` (the spaces themselves: "list the kitchens"),
    ``in`` (what is contained in them) or ``of`` (what bounds them: "the doors of room A102")."""

    term: str
    how: str
    guids: list[str]
    role: str = "subject"
    negated: bool = False  # "rooms on Level 1 that are not bathrooms": the other spaces (role subject only)


@dataclass
class QualifierRef:
    """A property or attribute condition (see :mod:`ifcqa.spatial.resolve`) and its rule text."""

    term: str
    rule: str  # "Pset_DoorCommon.IsExternal = TRUE"
    negated: bool = False
    note: str = ""  # what the reading assumed ("no unit given: 900 read as mm"; placeholder values)
    subject: bool = False  # "are all *exterior* walls load-bearing?": part of whom the question is about, not tested


@dataclass
class Plan:
    """What :func:`ifcqa.spatial.parser.parse` understood. ``storeys``/``exclude`` hold GlobalIds."""

    question: str
    intent: str = "list"
    storeys: list[str] = field(default_factory=list)  # include (empty: no storey constraint)
    exclude: list[str] = field(default_factory=list)
    storey_names: list[str] = field(default_factory=list)  # names of the storeys in scope, for answers
    mentions: list[StoreyRef] = field(default_factory=list)
    classes: list[ClassFilter] = field(default_factory=list)
    least: bool = False  # "which storey has the fewest"
    unresolved: list[str] = field(default_factory=list)  # storey words that match no storey of the model
    unknown_classes: list[str] = field(default_factory=list)  # class words whose classes the schema lacks
    unknown_words: list[str] = field(default_factory=list)  # content words the parser has no class for
    parser: str = "rules"
    notes: list[str] = field(default_factory=list)
    # issue 22: what the question asks beyond storeys and classes, and what was not understood
    rooms: list[RoomRef] = field(default_factory=list)
    qualifiers: list[QualifierRef] = field(default_factory=list)
    measure: dict[str, str] | None = None  # {"term", "quantity", "op"}: a quantity aggregate or superlative
    threshold: dict[str, Any] | None = None  # {"op": ">", "n": 10, "term"}: a yes/no question on the count
    compare: list[str] = field(default_factory=list)  # two storey GlobalIds: "more X on A than on B?"
    # the count comparison's grammar (intent "compare"): op between side A and factor x side B ("" = ">" or, with
    # ``least``, "<"): "at least twice as many X on A as on B" is ">=" 2; "the same number of X" is "=" 1
    compare_op: str = ""
    compare_factor: int = 1
    compare_classes: bool = False  # the sides are the plan's first two classes in one scope: "more doors than windows"
    asks_storey: bool = False  # "which floor is the kitchen on"
    explicit: list[str] = field(default_factory=list)  # IFC class names the question wrote ("IfcBoiler")
    exclude_classes: list[ClassFilter] = field(default_factory=list)  # "everything on Level 2 except the walls"
    group_by: str = "storey"  # "space": "which room has the most doors"
    universal: bool = False  # "are the walls of room A203 load-bearing?": do all of them satisfy the qualifiers
    every_storey: bool = False  # "does every storey have a WC?": yes when each storey in scope has at least one
    unconsumed: list[str] = field(default_factory=list)  # content words no pass read (as the question wrote them)
    declined: dict[str, Any] | None = None  # {"reason", "not_understood", "can_answer"}
    nearest: list[dict[str, Any]] = field(default_factory=list)  # embedder fallback: word, label, score, threshold
    spelling: list[dict[str, Any]] = field(default_factory=list)  # round 9: words read by spelling (spelling.py)
    # round 3: "what is the X of Y" (intent "lookup"): {"term", "key"} of the attribute (see spatial/lookup.py)
    lookup: dict[str, Any] | None = None
    elements: list[str] = field(default_factory=list)  # GlobalIds the question wrote out: only those elements
    resolved: dict[str, Any] = field(default_factory=dict, repr=False)  # the resolvers' objects (not serialised)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-able copy (no deep dataclass walk: this runs twice per answer, on the serving path)."""
        out: dict[str, Any] = {}
        for f in fields(self):
            if f.name == "resolved":
                continue
            value = getattr(self, f.name)
            out[f.name] = list(value) if isinstance(value, list) else value
        out["mentions"] = [
            {"term": m.term, "how": m.how, "storeys": list(m.storeys), "negated": m.negated} for m in self.mentions
        ]
        out["classes"] = [
            {"key": c.key, "label": c.label, "ifc_classes": list(c.classes), "type_classes": list(c.type_classes),
             "inventory": c.inventory, "kind": c.kind, "predefined_types": list(c.predefined),
             "names": list(c.names[:20]), "names_total": len(c.names),  # Revit names are one per element
             "type_names": list(c.type_names), "note": c.note}
            for c in self.classes
        ]
        out["exclude_classes"] = [c.label for c in self.exclude_classes]
        out["rooms"] = [{"term": r.term, "how": r.how, "role": r.role, "spaces": list(r.guids), "negated": r.negated}
                        for r in self.rooms]
        out["qualifiers"] = [{"term": q.term, "rule": q.rule, "negated": q.negated, "note": q.note}
                             for q in self.qualifiers]
        return out
