"""The registry contract: every taxonomy subtype has exactly one generator and one verifier."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest

from ifcqa.mcq import registry
from ifcqa.mcq.items import Item
from ifcqa.mcq.registry import generator, get_generators, get_verifiers, verifier
from ifcqa.mcq.taxonomy import CATEGORIES, SUBTYPES, subtypes_of


def _builtin(module: str) -> bool:
    return module.startswith("ifcqa.mcq.")


def dummy_generator(ctx: Any) -> Iterator[Any]:
    yield from ()


def dummy_verifier(model: Any, item: Item) -> set[str]:
    return set()


@pytest.fixture
def scratch_registry() -> Iterator[None]:
    """The loaded registries are put back afterwards, so registrations made by a test do not leak into others."""
    kept = registry.GENERATORS.snapshot(), registry.VERIFIERS.snapshot()
    yield
    registry.GENERATORS.restore(kept[0])
    registry.VERIFIERS.restore(kept[1])


def test_the_taxonomy_has_4_groups_15_categories_and_36_subtypes() -> None:
    assert len(SUBTYPES) == 36
    assert len(CATEGORIES) == 15
    groups = Counter(s.group for s in SUBTYPES.values())
    assert groups == {"Direct retrieval": 11, "Relational": 12, "Quantitative": 10, "Geometric": 3}
    assert sum(len(subtypes_of(code)) for code in CATEGORIES) == 36


def test_every_subtype_code_has_three_parts_and_a_known_question_type() -> None:
    types = {"single", "multi", "boolean", "single/boolean", "single/multi"}
    for code, subtype in SUBTYPES.items():
        assert code == subtype.code and len(code.split(".")) == 3
        assert subtype.question_type in types, code
        assert CATEGORIES[subtype.category_code] == subtype.category


def test_every_generator_has_a_verifier_and_every_verifier_a_generator() -> None:
    generators, verifiers = set(get_generators()), set(get_verifiers())
    assert generators - verifiers == set(), "generators without a verifier"
    assert verifiers - generators == set(), "verifiers without a generator"


def test_every_built_in_code_is_a_taxonomy_subtype() -> None:
    codes = {code for code, spec in get_generators().items() if _builtin(spec.function.__module__)}
    codes |= {code for code, function in get_verifiers().items() if _builtin(function.__module__)}
    assert codes, "no built-in generator or verifier was discovered"
    assert codes - set(SUBTYPES) == set()


def test_built_in_generators_live_in_generate_and_verifiers_in_verify() -> None:
    for code, spec in get_generators().items():
        if _builtin(spec.function.__module__):
            assert spec.function.__module__.startswith("ifcqa.mcq.generate."), code
    for code, function in get_verifiers().items():
        if _builtin(function.__module__):
            assert function.__module__.startswith("ifcqa.mcq.verify."), code


def test_generators_come_in_taxonomy_order_with_a_positive_version() -> None:
    order = list(SUBTYPES)
    codes = [code for code in get_generators() if code in SUBTYPES]
    assert codes == sorted(codes, key=order.index)
    assert all(spec.version >= 1 for spec in get_generators().values())


@pytest.mark.usefixtures("scratch_registry")
def test_registering_a_second_generator_or_verifier_for_a_subtype_raises() -> None:
    code = "direct.class.of_named_element"  # the worked example registers both halves
    assert code in get_generators() and code in get_verifiers()
    with pytest.raises(ValueError, match="registered twice"):
        generator(code)(dummy_generator)
    with pytest.raises(ValueError, match="registered twice"):
        verifier(code)(dummy_verifier)


@pytest.mark.usefixtures("scratch_registry")
def test_registering_the_same_function_again_is_harmless() -> None:
    generator("x.test.same")(dummy_generator)
    generator("x.test.same")(dummy_generator)
    verifier("x.test.same")(dummy_verifier)
    verifier("x.test.same")(dummy_verifier)
    assert get_generators()["x.test.same"].function is dummy_generator


@pytest.mark.usefixtures("scratch_registry")
def test_an_unknown_code_raises_and_a_custom_x_code_is_accepted() -> None:
    with pytest.raises(ValueError, match="not a taxonomy subtype code"):
        generator("direct.class.no_such_subtype")(dummy_generator)
    with pytest.raises(ValueError, match="not a taxonomy subtype code"):
        verifier("geometric.geometry")(dummy_verifier)
    generator("x.custom.thing", version=2)(dummy_generator)
    assert get_generators()["x.custom.thing"].version == 2


def test_the_scratch_registrations_did_not_leak() -> None:
    assert not [code for code in get_generators() if code.startswith("x.test.") or code == "x.custom.thing"]


def test_all_36_subtypes_have_a_generator_and_a_verifier() -> None:
    generators, verifiers = get_generators(), get_verifiers()
    missing = [code for code in SUBTYPES if code not in generators or code not in verifiers]
    if missing:
        pytest.skip(f"{len(missing)} of 36 subtypes not registered yet: {', '.join(missing)}")
    assert len([code for code in generators if code in SUBTYPES]) == 36
