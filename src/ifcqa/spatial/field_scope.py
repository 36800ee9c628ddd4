"""A place field and a question naming different storeys (issue 22, round 23).

Tickets and forms state where in a field ("Location: Level 1", "Standort: EG", "Area: Keller") and ask in another
("Question: how many doors are on Level 2?"). When the question names a storey of its own that the field does not,
the message names two scopes and which one is meant is not said: the parser, reading the message whole, joined them
("14 doors on Level 1 and Level 2"), a broader answer than either. :func:`conflict` finds a unit whose label is a
place label (the mail layouts' vocabulary, ``message_units._place_label``) naming storeys, and a later unit that
asks and names storeys of its own; when the two sets differ, the message declines naming both. A question naming
no storey, or the field's own storeys, is left to the readers (``pointer_binding`` binds "that storey" to the
field). Called from one place: ``Parser._parse_message``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ifcqa.spatial import message_antecedents, message_units, pointer_binding

if TYPE_CHECKING:
    from ifcqa.spatial.parser import Parser
    from ifcqa.spatial.plan import Plan


def conflict(parser: Parser, question: str) -> tuple[str, list[str]] | None:
    """(reason, words) when a place field and the question name different storeys, else None."""
    items = pointer_binding.parts(question)
    fields = [(i, p) for i, p in enumerate(items) if p.label and message_units._place_label(p.label)]
    if not fields:
        return None
    asks = [(i, p) for i, p in enumerate(items) if "?" in p.text and i > fields[0][0]]
    if not asks:
        return None
    field = fields[0][1]
    where = message_antecedents._named(parser, field.text)
    asked = message_antecedents._named(parser, asks[-1][1].text)
    said = {g for _, _, guids in where.storeys for g in guids}
    own = {g for _, _, guids in asked.storeys for g in guids}
    if not said or not own or own <= said:
        return None
    names = [t for _, t, _ in where.storeys] + [t for _, t, _ in asked.storeys]
    return (f"the field {field.label!r} says {field.text.strip()!r} and the question names "
            f"{', '.join(repr(t) for _, t, _ in asked.storeys)}, so which storey is meant is not clear", names)


def decline(parser: Parser, question: str) -> Plan | None:
    """The declined plan of :func:`conflict`, or None."""
    from ifcqa.spatial.plan import Plan

    found = conflict(parser, question)
    if found is None:
        return None
    reason, words = found
    plan = Plan(question=question, intent="declined")
    plan.notes.append(f"place field: {reason}")
    plan.declined = {"reason": reason, "not_understood": words,
                     "can_answer": "Ask about one storey, in the field or in the question."}
    return plan
