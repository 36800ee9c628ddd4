"""Tool calls written as text: every form real servers pass through in ``content``, and what is not a call."""

from __future__ import annotations

import json

import pytest

from ifcqa.agents.text_calls import TEXT_CALL_FORMS, parse_text_calls
from ifcqa.llm.scripted import TEXT_CALL_FORMATS, text_call

NAMES = {"get_element", "count_elements", "find_elements"}
ARGS = {"element": "0mKoWp$Xr0lwBz2nWfFAEm"}


def calls_of(text: str) -> tuple[str, list[tuple[str, dict[str, object]]], str]:
    found = parse_text_calls(text, NAMES)
    assert found is not None, text
    return (
        found.form,
        [(c["function"]["name"], json.loads(c["function"]["arguments"])) for c in found.calls],
        found.rest,
    )


@pytest.mark.parametrize(
    ("text", "form"),
    [
        ('{"name": "get_element", "arguments": {"element": "0mKoWp$Xr0lwBz2nWfFAEm"}}', "json"),
        ('I will look it up.\n{"name": "get_element", "arguments": {"element": "0mKoWp$Xr0lwBz2nWfFAEm"}}', "json"),
        ('```json\n{"name": "get_element", "arguments": {"element": "0mKoWp$Xr0lwBz2nWfFAEm"}}\n```', "fenced"),
        ('```\n{"name": "get_element", "parameters": {"element": "0mKoWp$Xr0lwBz2nWfFAEm"}}\n```', "fenced"),
        (
            '<tool_call>\n{"name": "get_element", "arguments": {"element": "0mKoWp$Xr0lwBz2nWfFAEm"}}\n</tool_call>',
            "hermes",
        ),
        ('<tool_call>{"name": "get_element", "arguments": {"element": "0mKoWp$Xr0lwBz2nWfFAEm"}}', "hermes"),
        ('<|python_tag|>{"name": "get_element", "parameters": {"element": "0mKoWp$Xr0lwBz2nWfFAEm"}}', "python_tag"),
        ('[TOOL_CALLS] [{"name": "get_element", "arguments": {"element": "0mKoWp$Xr0lwBz2nWfFAEm"}}]', "mistral"),
        ('[TOOL_CALLS]get_element[ARGS]{"element": "0mKoWp$Xr0lwBz2nWfFAEm"}', "mistral"),
        ('<function=get_element>{"element": "0mKoWp$Xr0lwBz2nWfFAEm"}</function>', "function_tag"),
        ('{"function": "get_element", "parameters": {"element": "0mKoWp$Xr0lwBz2nWfFAEm"}}', "json"),
        (
            '{"type": "function", "function": {"name": "get_element", "arguments": "{\\"element\\": '
            '\\"0mKoWp$Xr0lwBz2nWfFAEm\\"}"}}',
            "json",
        ),
        ('[get_element(element="0mKoWp$Xr0lwBz2nWfFAEm")]', "pythonic"),
    ],
)
def test_each_text_form_is_read_as_the_call_it_writes(text: str, form: str) -> None:
    found_form, calls, _ = calls_of(text)
    assert (found_form, calls) == (form, [("get_element", ARGS)])


@pytest.mark.parametrize("form", TEXT_CALL_FORMATS)
def test_every_form_the_scripted_server_writes_is_read_back(form: str) -> None:
    _, calls, _ = calls_of(text_call("count_elements", {"ifc_class": "IfcWall", "by": "storey"}, form))
    assert calls == [("count_elements", {"ifc_class": "IfcWall", "by": "storey"})]


def test_several_calls_in_one_reply_are_all_read_in_order() -> None:
    text = (
        '<tool_call>{"name": "count_elements", "arguments": {"ifc_class": "IfcWall"}}</tool_call>\n'
        '<tool_call>{"name": "find_elements", "arguments": {"ifc_class": "IfcDoor"}}</tool_call>'
    )
    form, calls, rest = calls_of(text)
    assert form == "hermes" and rest == ""
    assert calls == [("count_elements", {"ifc_class": "IfcWall"}), ("find_elements", {"ifc_class": "IfcDoor"})]
    ids = [c["id"] for c in parse_text_calls(text, NAMES).calls]  # type: ignore[union-attr]
    assert len(set(ids)) == 2


def test_the_text_around_a_call_is_kept_as_the_rest() -> None:
    _, _, rest = calls_of('Let me check.\n```json\n{"name": "count_elements", "arguments": {}}\n```\nThen answer.')
    assert rest == "Let me check.\n\nThen answer."


@pytest.mark.parametrize(
    "text",
    [
        None,
        "",
        "ANSWER: B",
        "The wall count is 4.\nANSWER: B",
        '{"name": "delete_everything", "arguments": {}}',  # not an offered function
        '{"answer": "B", "reason": "four walls"}',  # JSON, but no call
        '<tool_call>{"name": "get_element", "arguments": "not json"}</tool_call>',
        "[get_element(some_variable)]",  # not literal keyword arguments
        "count_elements is the tool I would use (with ifc_class).",
        '[{"name": "get_element", "arguments": {}}, {"note": "not a call"}]',  # a list that is not all calls
    ],
)
def test_text_that_is_not_a_call_of_an_offered_function_is_no_call(text: str | None) -> None:
    assert parse_text_calls(text, NAMES) is None


def test_no_functions_offered_means_no_text_call() -> None:
    assert parse_text_calls('{"name": "get_element", "arguments": {}}', set()) is None


def test_the_forms_are_tried_tagged_first() -> None:
    assert TEXT_CALL_FORMS[0] == "hermes" and TEXT_CALL_FORMS.index("json") > TEXT_CALL_FORMS.index("fenced")
