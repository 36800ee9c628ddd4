"""Reading an agent's chosen options from its reply, and the prompts every LLM agent shares."""

from __future__ import annotations

import re

import pytest

from ifcqa.agents.answer import (
    ANSWER_FORMAT,
    FALLBACK_PROMPT,
    NO_ACCESS,
    TOOLS_ACCESS,
    copies_example,
    fallback_prompt,
    parse_answer,
    system_prompt,
    user_prompt,
)

LABELS = ["A", "B", "C", "D"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("ANSWER: B", ["B"]),
        ("The walls are counted below.\n\nANSWER: A,C", ["A", "C"]),
        ("  ANSWER:  C , A  ", ["A", "C"]),
        ("ANSWER: A\nOn reflection the second option fits.\nANSWER: B", ["B"]),
        ("ANSWER: B\nThat is my final choice.", ["B"]),
        ("ANSWER: B,B", ["B"]),
    ],
)
def test_a_strict_answer_line_is_read(text: str, expected: list[str]) -> None:
    assert parse_answer(text, LABELS) == (expected, "strict")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("The answer is B.", ["B"]),
        ("Answer: (B)", ["B"]),
        ("**ANSWER:** A and C", ["A", "C"]),
        ("answer: `D`", ["D"]),
        ("After checking the storeys I pick\nA, C", ["A", "C"]),
        ("(B).", ["B"]),
        ("ANSWER - B", ["B"]),
    ],
)
def test_a_lenient_answer_is_read_and_marked_lenient(text: str, expected: list[str]) -> None:
    assert parse_answer(text, LABELS) == (expected, "lenient")


@pytest.mark.parametrize(
    "text",
    [
        "",
        None,
        "I could not find the walls.",
        "Answer: Based on the tool output the count is four.",
        "ANSWER: E",  # not an option of this item
        "ANSWER: B, E",
        "Bob's answer is unclear",
    ],
)
def test_no_answer_is_read_when_none_is_given(text: str | None) -> None:
    assert parse_answer(text, LABELS) == (None, "none")


def test_a_strict_line_wins_over_a_later_lenient_phrase() -> None:
    assert parse_answer("ANSWER: C\nSome might say the answer is A.", LABELS) == (["C"], "strict")


def test_the_user_prompt_holds_question_options_and_the_answer_format() -> None:
    view = {
        "id": "x",
        "question": "Which classes are present?",
        "question_type": "multi",
        "options": [{"label": "A", "text": "IfcWall"}, {"label": "B", "text": "IfcDoor"}],
    }
    prompt = user_prompt(view)
    assert "Which classes are present?" in prompt
    assert "A. IfcWall\nB. IfcDoor" in prompt
    assert "all that apply" in prompt
    assert "ANSWER: <label>,<label>,..." in prompt and "one of A or B" in prompt
    assert "A,C" not in prompt and "ANSWER: A" not in prompt and "ANSWER: B" not in prompt


@pytest.mark.parametrize(
    ("kind", "labels", "example"),
    [
        ("single", "ABCD", "Your last line: ANSWER: <label>, where <label> is one of A, B, C or D."),
        ("boolean", "AB", "Your last line: ANSWER: <label>, where <label> is one of A or B."),
        (
            "multi",
            "ABCDE",
            "ANSWER: <label>,<label>,... listing every option you choose, each <label> one of A, B, C, D or E.",
        ),
    ],
)
def test_the_answer_example_fits_the_question_type_and_uses_no_label(kind: str, labels: str, example: str) -> None:
    view = {"question": "Q?", "question_type": kind, "options": [{"label": x, "text": x.lower()} for x in labels]}
    prompt = user_prompt(view)
    assert example in prompt
    assert example in fallback_prompt(view) and fallback_prompt(view).startswith(FALLBACK_PROMPT)
    example_line = next(line for line in prompt.splitlines() if line.startswith("Your last line"))
    # copied as it is, the example is no answer, and it is recognised as a copy
    assert parse_answer(example_line, list(labels)) == (None, "none")
    assert copies_example(example_line) and copies_example("I think so.\nANSWER: <label>")


def test_a_real_answer_is_not_taken_for_a_copied_example() -> None:
    assert not copies_example("ANSWER: B") and not copies_example("ANSWER: A, C") and not copies_example(None)
    assert copies_example("**ANSWER: $LETTER**") and copies_example("ANSWER: X")


def test_the_system_prompt_is_the_same_for_every_item_and_holds_no_label() -> None:
    prompt = system_prompt(TOOLS_ACCESS)
    assert "<label>" in prompt and not re.search(r"ANSWER: [A-E]", prompt)


def test_boolean_and_single_questions_ask_for_one_option() -> None:
    view = {"question": "Is it external?", "question_type": "boolean", "options": [{"label": "A", "text": "Yes"}]}
    assert "pick one" in user_prompt(view)
    assert "Exactly one option" in user_prompt({**view, "question_type": "single"})


def test_the_system_prompts_state_the_access_and_the_answer_format() -> None:
    assert TOOLS_ACCESS in system_prompt(TOOLS_ACCESS) and ANSWER_FORMAT in system_prompt(TOOLS_ACCESS)
    assert NO_ACCESS in system_prompt(NO_ACCESS)
