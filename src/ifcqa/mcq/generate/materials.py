"""Material association: the materials of an element, and the elements that use a material.

The index resolves an element's material association (its own, else its type's) into material
names: the single IfcMaterial, a material list, or the materials of a layer, profile or constituent
set (and their usages). Options are material names, so materials are compared by name, as a person
reading the model would.
"""

from __future__ import annotations

from collections.abc import Iterator

from ifcqa.index.records import Element
from ifcqa.mcq.generate._api import Draft, GenContext, Skip, distinct_texts
from ifcqa.mcq.items import QuestionType
from ifcqa.mcq.registry import generator
from ifcqa.mcq.text import normalise, quote

_MAX_OPTIONS = 4
# associations that resolve to a list of materials (a lone layer/profile/constituent is not one)
_RESOLVED_KINDS = frozenset(
    {
        "IfcMaterial",
        "IfcMaterialList",
        "IfcMaterialLayerSet",
        "IfcMaterialLayerSetUsage",
        "IfcMaterialProfileSet",
        "IfcMaterialProfileSetUsage",
        "IfcMaterialProfileSetUsageTapering",
        "IfcMaterialConstituentSet",
    }
)
_SCOPE = (
    "directly or through its type; the materials of a layer, profile or constituent set and of a material list count"
)


def _with_materials(ctx: GenContext) -> list[Element]:
    """Products with a unique name and a resolvable, non-empty material association."""
    return [e for e in ctx.products() if e.materials and e.material_kind in _RESOLVED_KINDS and ctx.unique_name(e)]


def _all_material_names(ctx: GenContext) -> list[str]:
    """Every material name associated with something in the file, sorted (for a seeded shuffle)."""
    return sorted({m for e in ctx.elements.values() if e.material_kind in _RESOLVED_KINDS for m in e.materials if m})


@generator("relational.material.of_element", version=2)
def of_element(ctx: GenContext) -> Iterator[Draft | Skip]:
    """Asks "Which material(s) does N use?" (single for one material, else multi); distractors: other materials."""
    names = _all_material_names(ctx)
    for element in ctx.shuffled(_with_materials(ctx)):
        own = distinct_texts(element.materials)
        distractors = distinct_texts(ctx.shuffled(names), exclude=own, limit=_MAX_OPTIONS)
        if len(own) == 1:
            if len(distractors) < 2:
                yield Skip("fewer than 2 other materials")
                continue
            question = f"Which material is {ctx.describe(element)} made of ({_SCOPE})?"
            question_type: QuestionType = "single"
        else:
            if not distractors:
                yield Skip("no other material in the file")
                continue
            question = f"Which of the following materials does {ctx.describe(element)} use ({_SCOPE})?"
            question_type = "multi"
        yield Draft(
            question=question,
            question_type=question_type,
            correct=ctx.shuffled(own)[:_MAX_OPTIONS],
            distractors=distractors,
            provenance={"elements": [element.guid], "materials": list(element.materials)},
        )


@generator("relational.material.elements_with_material", version=2)
def elements_with_material(ctx: GenContext) -> Iterator[Draft | Skip]:
    """Asks "Which of these elements use material M?"; distractors: elements with other materials only."""
    elements = _with_materials(ctx)
    for material in ctx.shuffled(_all_material_names(ctx)):
        users = [e for e in elements if material in e.materials]
        if not users:
            yield Skip("no element with a unique name uses the material")
            continue
        wanted = normalise(material)
        others = [e for e in elements if all(normalise(m) != wanted for m in e.materials)]
        classes = {e.ifc_class for e in users}
        # elements of the users' classes first: a wall of another material rather than a lamp
        wrong = ctx.shuffled([e for e in others if e.ifc_class in classes])
        wrong += ctx.shuffled([e for e in others if e.ifc_class not in classes])
        correct = distinct_texts((e.name or "" for e in ctx.shuffled(users)), limit=_MAX_OPTIONS)
        distractors = distinct_texts((e.name or "" for e in wrong), exclude=correct, limit=_MAX_OPTIONS)
        if not distractors or len(correct) + len(distractors) < 3:
            yield Skip("too few elements with other materials")
            continue
        picked = set(correct + distractors)
        yield Draft(
            question=(
                f"Which of the following elements use the material {quote(material)} (directly or through "
                "their type; the materials of layer, profile and constituent sets and of material lists count)?"
            ),
            question_type="multi",
            correct=correct,
            distractors=distractors,
            provenance={"elements": [], "material": material},
            option_elements={e.name or "": e.guid for e in users + wrong if e.name in picked},
        )
