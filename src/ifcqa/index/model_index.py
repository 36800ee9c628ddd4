"""The model index: the facts of one IFC file, loaded warm from cache or built cold.

>>> index = load_index("house.ifc")
>>> [index.get(i).name for i in index.storeys]
['Level 0', 'Level 1']

Everything above the core (tools, MCQ generators, spatial QA, memory) reads IFC facts through this
class. It answers from plain records; the IFC file itself is opened only for geometry or for a
selector facet the index does not hold.
"""

from __future__ import annotations

import contextlib
import json
import re
import threading
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from ifcqa.errors import IfcOpenError, ToolError
from ifcqa.files.atomic import write_atomic
from ifcqa.files.hashing import file_sha256
from ifcqa.ifc import schema as ifc_schema
from ifcqa.ifc.globalids import listing
from ifcqa.ifc.open import open_model, refuse_if_strict
from ifcqa.ifc.units import Unit
from ifcqa.index.cache import IndexCache
from ifcqa.index.geometry import BBox, BoxStore
from ifcqa.index.records import INDEX_FORMAT, Element, IndexData
from ifcqa.lazy import lazy_import

if TYPE_CHECKING:
    import ifcopenshell
else:  # a warm index answers without IfcOpenShell: imported on first use (see ifcqa.lazy)
    ifcopenshell = lazy_import("ifcopenshell")

_STEP_ID = re.compile(r"^#?(\d+)$")
_GUID = re.compile(r"^[0-3][0-9A-Za-z_$]{21}$")
_FIND_HINT = "Use find_elements (by class or name) to get valid GlobalIds."
_LISTED = 8
NAME_PREFIX = "name:"


class Resolved(NamedTuple):
    """What an element reference resolved to, and by which rule.

    Attributes:
        step_id: the entity's step id.
        element: its index record, or ``None`` for an entity the index does not hold as an element
            (a property, a material, a representation...): :meth:`ModelIndex.entity` reads it.
        matched_by: ``step_id``, ``global_id``, ``name``, ``long_name`` or ``name_and_long_name``.
        note: a remark for the caller (e.g. a number that is a step id and also another record's Name).
    """

    step_id: int
    element: Element | None
    matched_by: str
    note: str | None = None


def load_index(
    path: str | Path, *, cache: IndexCache | None = None, use_cache: bool = True
) -> ModelIndex:
    """Load the index of an IFC file: from the cache when its content hash is known, else build it.

    Args:
        path: an ``.ifc`` or ``.ifczip`` file.
        cache: the cache to use (default: :func:`~ifcqa.index.cache.default_cache_dir`).
        use_cache: ``False`` builds from the file and writes nothing.

    Raises:
        IfcOpenError: the file cannot be read (see :func:`ifcqa.ifc.open.open_model`).
    """
    path = Path(path)
    if not path.is_file():
        open_model(path)  # raises the precise error (missing, folder, ...)
    sha256 = file_sha256(path)
    store = (cache or IndexCache()) if use_cache else None
    data = store.load(sha256) if store is not None else None
    if isinstance(data, IndexData) and data.format == INDEX_FORMAT:
        data.source.path = str(path)
        refuse_if_strict(path, data.warnings)  # strict mode refuses a cached file with warnings too
        return ModelIndex(data, cache=store)
    from ifcqa.index.build import build_index_data  # the cold path only

    model = open_model(path)
    data = build_index_data(model, str(path), sha256, path.stat().st_size)
    if store is not None:
        store.save(sha256, data)
    return ModelIndex(data, cache=store, model=model)


class ModelIndex:
    """Lookups over an :class:`~ifcqa.index.records.IndexData`."""

    def __init__(self, data: IndexData, cache: IndexCache | None = None, model: ifcopenshell.file | None = None):
        self.data = data
        self._cache = cache
        self._model = model
        length = data.units.get("LENGTHUNIT")
        self._boxes = BoxStore(
            data.source.sha256, length.si_factor if length else 1.0, self.model, cache,
            path=data.source.path, opened=lambda: self._model, hint=self._crash_hint,
        )
        self._drafts = BoxStore(  # boxes shaped without cutting openings (MCQ geometry drafts with them)
            data.source.sha256, length.si_factor if length else 1.0, self.model, cache,
            path=data.source.path, opened=lambda: self._model, hint=self._crash_hint, draft=True,
        )
        self._names: list[tuple[dict[str, list[int]], dict[str, list[int]]]] | None = None
        self._known: dict[str, str] | None = None
        self._schema_names: dict[str, str] | None = None
        self._kinds: dict[tuple[str, str], bool] = {}  # (class, wanted class in lower case) -> is_a
        self._lock = threading.Lock()

    # -- basics ----------------------------------------------------------------------------
    @property
    def path(self) -> Path:
        return Path(self.data.source.path)

    @property
    def schema(self) -> str:
        return self.data.source.schema

    @property
    def units(self) -> dict[str, Unit]:
        return self.data.units

    @property
    def storeys(self) -> list[int]:
        return self.data.storeys

    def elements(self) -> Iterator[Element]:
        """Every indexed record (products, types, groups, the project), in step-id order."""
        return iter(sorted(self.data.elements.values(), key=lambda e: e.id))

    def unit_symbol(self, unit_type: str) -> str | None:
        unit = self.data.units.get(unit_type)
        return unit.symbol if unit else None

    # -- lookups ---------------------------------------------------------------------------
    def find(self, ref: str | int) -> Element | None:
        """The record for a step id (``123`` or ``#123``) or a GlobalId, or ``None``."""
        if isinstance(ref, int):
            return self.data.elements.get(ref)
        ref = ref.strip()
        match = _STEP_ID.match(ref)
        if match:
            return self.data.elements.get(int(match.group(1)))
        element_id = self.data.guids.get(ref)  # a shared GlobalId identifies no one record: None
        return self.data.elements.get(element_id) if element_id is not None else None

    def key(self, element: Element) -> str:
        """The reference that names this record alone: its GlobalId, or ``#<step id>`` when that is shared or empty."""
        return f"#{element.id}" if element.guid_issue is not None else element.guid

    def with_guid(self, guid: str) -> list[Element]:
        """Every record holding this GlobalId: one, none, or several when the file gives it to more than one."""
        shared = self.data.shared_guids.get(guid)
        if shared is not None:
            return [self.data.elements[i] for i, _ in shared if i in self.data.elements]
        element_id = self.data.guids.get(guid)
        return [self.data.elements[element_id]] if element_id is not None else []

    def resolve(self, ref: str | int) -> Resolved:
        """Resolve an element reference by one rule, said in the result; a reference nothing matches is a ToolError.

        Rules, in order: an integer or ``#123`` is a step id (the entity with that id, whatever it is);
        a GlobalId of the model; ``name:TEXT`` is a Name (or LongName) only; a bare number is a step id
        when the file has an entity with that id, else a Name; any other text is a Name: exact, else
        ignoring case, else a LongName (spaces, zones, storeys), else "Name LongName" ("140 Open Office").
        Openings (IfcFeatureElementSubtraction), which authoring tools often name after their door or
        window, match a name only when nothing else does.
        """
        if isinstance(ref, bool):
            raise ToolError(f"{ref!r} is not an element reference. Pass a GlobalId, a step id (#123) or a Name.")
        if isinstance(ref, int):
            return self._by_step_id(ref, str(ref))
        text = ref.strip()
        if text.lower().startswith(NAME_PREFIX):
            return self._by_name(text[len(NAME_PREFIX) :].strip(), ref)
        if text.startswith("#"):
            match = _STEP_ID.match(text)
            if match is None:
                raise ToolError(f"{ref!r} is not a step id: write '#' and digits (e.g. #123). {_FIND_HINT}")
            return self._by_step_id(int(match.group(1)), ref)
        element_id = self.data.guids.get(text)
        if element_id is not None:
            return Resolved(element_id, self.data.elements[element_id], "global_id")
        shared = self.data.shared_guids.get(text)
        if shared is not None:
            raise ToolError(
                f"GlobalId {text!r} is ambiguous: {len(shared)} entities of {self.path.name} share it "
                f"({listing(shared)}). Pass the step id of the one you mean (e.g. #{shared[0][0]})."
            )
        match = _STEP_ID.match(text)
        if match and self._exists(int(match.group(1))):
            resolved = self._by_step_id(int(match.group(1)), ref)
            named = [e for e in self._named(text) if e.id != resolved.step_id]
            if named:
                note = (
                    f"{text!r} is read as a step id; it is also the Name of {_listing(named)}: "
                    f"pass '{NAME_PREFIX}{text}' for that."
                )
                resolved = resolved._replace(note=note)
            return resolved
        return self._by_name(text, ref)

    def get(self, ref: str | int) -> Element:
        """The indexed record a reference names (see :meth:`resolve`); else a :class:`ToolError` naming the fix."""
        resolved = self.resolve(ref)
        if resolved.element is None:
            raise ToolError(
                f"#{resolved.step_id} is an entity of {self.path.name} that is not an element (product, type "
                "object, group or project), so this tool cannot use it; get_element shows any entity. "
                + (f"{resolved.note} " if resolved.note else "")
                + _FIND_HINT
            )
        return resolved.element

    def _exists(self, step_id: int) -> bool:
        return step_id in self.data.elements or self.data.has_step_id(step_id)

    def _by_step_id(self, step_id: int, ref: str | int) -> Resolved:
        if step_id in self.data.elements:
            return Resolved(step_id, self.data.elements[step_id], "step_id")
        if self.data.has_step_id(step_id):
            return Resolved(step_id, None, "step_id")
        raise ToolError(f"No entity with step id {ref!r} in {self.path.name}. {_FIND_HINT}")

    def _by_name(self, name: str, ref: str | int) -> Resolved:
        named = self._named(name)
        rule = "name"
        if not named:
            named, rule = self._named(name, long=True), "long_name"
        if not named:
            named, rule = self._named(name, label=True), "name_and_long_name"
        if len(named) > 1:
            what = {"name": "Name", "long_name": "LongName"}.get(rule, "Name and LongName")
            raise ToolError(
                f"{what} {name!r} is used by {len(named)} elements: {_listing(named)}. Pass a GlobalId (or #step id)."
            )
        if not named:
            kind = "GlobalId" if _GUID.match(name) else "reference or Name"
            raise ToolError(f"No element with {kind} {ref!r} in {self.path.name}. {_FIND_HINT}")
        return Resolved(named[0].id, named[0], rule)

    def entity(self, step_id: int) -> ifcopenshell.entity_instance:
        """Any entity of the file by step id (opens the file on first need)."""
        return self.model().by_id(step_id)

    def named(self, name: str, long: bool = False, label: bool = False) -> list[Element]:
        """Every record a Name (``long``: a LongName; ``label``: "Name LongName") identifies; see :meth:`resolve`."""
        return self._named(name, long, label)

    def _named(self, name: str, long: bool = False, label: bool = False) -> list[Element]:
        """The records a Name (or LongName, or "Name LongName") identifies: exact, else ignoring case; openings last."""
        if self._names is None:
            maps: list[tuple[dict[str, list[int]], dict[str, list[int]]]] = [({}, {}), ({}, {}), ({}, {})]
            for e in self.elements():
                both = f"{e.name.strip()} {e.long_name.strip()}" if e.name and e.long_name else None
                for (exact, folded), value in zip(maps, (e.name, e.long_name, both), strict=True):
                    if value and value.strip():
                        exact.setdefault(value, []).append(e.id)
                        folded.setdefault(value.strip().casefold(), []).append(e.id)
            self._names = maps
        exact, folded = self._names[2 if label else 1 if long else 0]
        records = self.records(exact.get(name) or folded.get(name.strip().casefold(), []))
        solid = [e for e in records if not self.is_a(e, "IfcFeatureElementSubtraction")]
        return solid or records

    def is_a(self, element: Element, ifc_class: str) -> bool:
        """Whether the record's class is ``ifc_class`` or a subclass of it (case-insensitive)."""
        key = (element.ifc_class, ifc_class.lower())
        found = self._kinds.get(key)
        if found is None:  # generators ask millions of times about a few dozen classes
            chain = self.data.ancestors.get(element.ifc_class, (element.ifc_class,))
            found = self._kinds[key] = any(c.lower() == key[1] for c in chain)
        return found

    def schema_classes(self) -> dict[str, str]:
        """Lower-case name -> name of every entity of the schema (``{}`` for a schema IfcOpenShell lacks).

        Read from the schema's entity list beside the index cache (``schema-<SCHEMA>.json``, written on
        first need), so naming a class the model does not hold needs no IfcOpenShell either.
        """
        if self._schema_names is None:
            names = _cached_schema_names(self._cache, self.schema)
            if names is None:
                names = sorted(ifc_schema.entity_names(self.schema).values())  # [] for an unknown schema name
                if names and self._cache is not None:
                    with contextlib.suppress(OSError):  # only a shortcut: an unwritable folder costs nothing
                        write_atomic(_schema_names_path(self._cache, self.schema), json.dumps(names).encode())
            self._schema_names = {name.lower(): name for name in names}
        return self._schema_names

    def known_classes(self) -> dict[str, str]:
        """Lower-case name -> name of the model's classes and their supertypes (no schema lookup needed)."""
        if self._known is None:
            self._known = {c.lower(): c for chain in self.data.ancestors.values() for c in chain}
        return self._known

    def canonical_class(self, ifc_class: str) -> str:
        """The schema's spelling of a class name; an unknown class is a :class:`ToolError`."""
        known = self.known_classes().get(ifc_class.lower()) or self.schema_classes().get(ifc_class.lower())
        if known is not None:  # answered from the index and the cached entity list: no IfcOpenShell
            return known
        declaration = ifc_schema.declaration(self.schema, ifc_class)
        if declaration is None:
            from ifcqa.ifc.classes import unknown_class_message

            raise ToolError(
                f"{unknown_class_message(self.schema, ifc_class)} Use list_classes to see the classes "
                "present in this model (e.g. IfcWall, IfcDoor, IfcSpace)."
            )
        return str(declaration.name())

    def by_class(self, ifc_class: str, *, exact: bool = False, templates: bool = False) -> list[Element]:
        """Records of ``ifc_class`` (with subclasses unless ``exact``), sorted by step id.

        The parts of type templates (``Element.template_of``: parts of an IfcElementAssemblyType, not in
        the building) are left out unless ``templates``.
        """
        canonical = self.canonical_class(ifc_class)
        classes = [canonical] if exact else [c for c, chain in self.data.ancestors.items() if canonical in chain]
        ids: list[int] = []
        for cls in classes:
            ids.extend(self.data.by_class.get(cls, ()))
        found = [self.data.elements[i] for i in sorted(ids)]
        return found if templates else [e for e in found if e.template_of is None]

    def resolve_storey(self, ref: str) -> Element:
        """A storey by GlobalId, step id or (case-insensitive) name; ambiguity is a ToolError."""
        element = self.find(ref)
        if element is not None and element.ifc_class == "IfcBuildingStorey":
            return element
        storeys = [self.data.elements[i] for i in self.storeys]
        matches = [s for s in storeys if (s.name or "").lower() == ref.strip().lower()]
        if len(matches) == 1:
            return matches[0]
        names = ", ".join(repr(self.data.elements[i].name) for i in self.storeys) or "none"
        if matches:
            raise ToolError(
                f"Storey name {ref!r} is used by {len(matches)} storeys; pass its GlobalId (see list_storeys)."
            )
        raise ToolError(f"No storey {ref!r}. Storeys in this model: {names}. Use list_storeys for their GlobalIds.")

    def records(self, ids: Iterable[int]) -> list[Element]:
        return [self.data.elements[i] for i in ids]

    # -- the file and its geometry ---------------------------------------------------------
    def opened_model(self) -> ifcopenshell.file | None:
        """The IFC model if it is open already (the cold build's parse, or an earlier :meth:`model`), else ``None``.

        Never opens the file. The index build only reads the model it parsed (it writes no entity), so this is
        what :func:`~ifcqa.ifc.open.open_model` of the same bytes would give again.
        """
        with self._lock:
            return self._model

    def model(self) -> ifcopenshell.file:
        """The opened IFC model (opened once, on first need)."""
        with self._lock:
            if self._model is None:
                self._model = open_model(self.path)
                if file_sha256(self.path) != self.data.source.sha256:
                    raise IfcOpenError(f"{self.path}: the file changed since it was indexed. Load it again.")
            return self._model

    def bboxes(self) -> dict[int, BBox]:
        """Bounding boxes of every shaped product (the whole-model pass on first call, then cached on disk)."""
        return self._boxes.all()

    def bboxes_of(self, elements: Iterable[Element], *, draft: bool = False) -> dict[int, BBox | None]:
        """The boxes of ``elements`` (step id -> box, ``None`` without one), shaping only those not known yet.

        The whole-model pass is not made for them (it serves from the cache if an earlier call made it).
        ``draft``: boxes shaped without cutting openings (:func:`~ifcqa.index.geometry.geometry_settings`): the
        exact box for an element without openings (its own or those of an element it is part of), the uncut
        body's for one with openings; kept apart from the exact boxes (cache part ``bboxdraft``).
        """
        store = self._drafts if draft else self._boxes
        return store.some([e.id for e in elements if self.is_a(e, "IfcProduct")])

    def prefetch_bboxes(self, elements: Iterable[Element], *, draft: bool = False) -> bool:
        """Start shaping ``elements`` in a worker for a later :meth:`bboxes_of` (``False``: not started)."""
        store = self._drafts if draft else self._boxes
        return store.prefetch([e.id for e in elements if self.is_a(e, "IfcProduct")])

    def bbox(self, element: Element) -> BBox | None:
        """One element's box: from its own shape unless every box is known already (see ifcqa.index.geometry)."""
        if not self.is_a(element, "IfcProduct"):  # only products have a placement and a shape
            return None
        return self._boxes.one(element.id)

    def geometry_note(self, element: Element) -> str | None:
        """Why ``element`` has no box, when IfcOpenShell said or crashed (``None``: it has one, or no body)."""
        if not self.is_a(element, "IfcProduct"):
            return None
        return self._boxes.note(element.id)

    def geometry_notes(self) -> dict[int, str]:
        """The notes known so far of elements without a box (step id -> why)."""
        return self._boxes.notes()

    def _crash_hint(self, step_id: int) -> str | None:
        from ifcqa.ifc.cycles import cycle_hint

        return cycle_hint(w.problem for w in self.data.warnings)


def _schema_names_path(cache: IndexCache, schema: str) -> Path:
    return cache.directory / f"schema-{schema}.json"


def _cached_schema_names(cache: IndexCache | None, schema: str) -> list[str] | None:
    if cache is None:
        return None
    try:
        names = json.loads(_schema_names_path(cache, schema).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return names if isinstance(names, list) and all(isinstance(n, str) for n in names) else None


def _listing(elements: list[Element]) -> str:
    """``IfcWall 2O2Fr$t4X7Zf8NOew3FLOH, IfcSpace #40 ...`` (the first few, and how many more).

    An element whose GlobalId is shared or empty is named by its step id, the reference that reaches it.
    """
    shown = ", ".join(f"{e.ifc_class} {e.guid if e.guid_issue is None else f'#{e.id}'}" for e in elements[:_LISTED])
    return shown + (f" and {len(elements) - _LISTED} more" if len(elements) > _LISTED else "")
