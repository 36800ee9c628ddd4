"""Reading an agent's chosen options from its reply, and the prompts every LLM agent shares."""

from __future__ import annotations

import pytest

from ifcqa.agents.answer import ANSWER_FORMAT, NO_ACCESS, TOOLS_ACCESS, parse_answer, system_prompt, user_prompt

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
    assert "`ANSWER: A,C`" in prompt and ANSWER_FORMAT in prompt


def test_boolean_and_single_questions_ask_for_one_option() -> None:
    view = {"question": "Is it external?", "question_type": "boolean", "options": [{"label": "A", "text": "Yes"}]}
    assert "pick one" in user_prompt(view)
    assert "Exactly one option" in user_prompt({**view, "question_type": "single"})


def test_the_system_prompts_state_the_access_and_the_answer_format() -> None:
    assert TOOLS_ACCESS in system_prompt(TOOLS_ACCESS) and ANSWER_FORMAT in system_prompt(TOOLS_ACCESS)
    assert NO_ACCESS in system_prompt(NO_ACCESS)
