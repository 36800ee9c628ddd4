"""The LLM planner as a fallback (``--planner-mode fallback``): which declined answers are sent to it, and when its
answer is used.

The rules answer every question first. Only an answer they declined because they did not understand the question is
planned again by the LLM (:func:`not_understood`): a decline naming words the rules could not read ("I did not
understand 'esszimmer'"), one naming nothing the rules know, or a question nothing in the model's text matches.
Never a refusal (writes, costs, schedules: the rules said why it cannot be asked), never "this model has no X" or
"does not record X" (the rules understood the question, and the model lacks what it asks about), never a decline of
another kind (an ambiguous storey, a unit of the wrong kind, a relation the plan cannot hold): an LLM would only
pick one reading or drop the part the rules could not hold.

The LLM's plan goes through what every LLM plan goes through (:mod:`ifcqa.spatial.llm_resolve`: every name exists
in the model, every word the rules could not read is read as something the plan holds; :func:`~ifcqa.spatial.check.
check_question`: nothing the rules found in the question is dropped), then the same answer path. Its answer is used
only when it is an answer (:func:`usable`); otherwise the rules' decline stands, with a note saying why. So the LLM
can turn a decline into an answer and never changes an answer the rules gave; the answer says it was planned by the
LLM (:func:`stated`).
"""

from __future__ import annotations

from typing import Any

MODES = ("first", "fallback")
DEFAULT_MODE = "fallback"
# the reasons of the rules' declines that mean "not understood" (ifcqa.spatial.check.check_question, the parser)
_NOT_UNDERSTOOD = ("I did not understand ", "it names no storey, element class, room or property I know")


def not_understood(answer: dict[str, Any]) -> list[str] | None:
    """The words the rules did not understand when ``answer`` (theirs) declined for not understanding the question
    (``[]`` when it names none), else ``None``: the answer is the rules' to give."""
    plan = answer.get("plan") or {}
    if any(str(n).startswith("refused") for n in plan.get("notes", [])):
        return None
    declined = answer.get("declined")
    if declined:
        reason = str(declined.get("reason", ""))
        if not reason.startswith(_NOT_UNDERSTOOD):
            return None
        return [str(w) for w in declined.get("not_understood") or []]
    if answer.get("route") == "none" and plan.get("intent") == "unanswerable":  # no class known, no text matched
        return [str(w) for w in plan.get("unknown_words") or []]
    return None


def usable(answer: dict[str, Any], model: str) -> tuple[bool, str]:
    """Whether the LLM path's ``answer`` is used in place of the rules' decline, and the note that says so."""
    plan = answer.get("plan") or {}
    parser = str(plan.get("parser", ""))
    if not parser.startswith("llm:"):  # the planner fell back to the rules (no reply, an invalid one, a refusal)
        why = parser.removeprefix("rules").strip(" ()") or "the rules planned it"
        return False, f"the rules declined; the LLM fallback ({model}) gave no plan ({why}): the decline stands"
    if answer.get("declined"):
        reason = " ".join(str(answer["declined"].get("reason", "")).split())[:300]
        return False, (f"the rules declined; the LLM fallback's plan ({model}) declined too ({reason}): the decline "
                       "stands")
    if plan.get("intent") == "unanswerable" or answer.get("route") == "none":
        return False, (f"the rules declined; the LLM fallback ({model}) found no element class, storey or room to "
                       "look for (text matches are no plan): the decline stands")
    return True, f"the rules declined; planned by the LLM fallback ({model}), checked against the model and question"


def stated(text: str, model: str, words: list[str]) -> str:
    """The answer's text saying that the LLM planned it, and what the rules did not understand."""
    what = ", ".join(repr(w) for w in words)
    return (f"{text} (Planned by llm:{model}, since the rules did not understand "
            + (f"{what}.)" if what else "the question.)"))
