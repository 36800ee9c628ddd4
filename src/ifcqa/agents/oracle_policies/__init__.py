"""The oracle's policies: per taxonomy subtype, how to answer an item through the public tools.

A policy reads only the item's public view and its taxonomy labels (see :mod:`._plan`), parses the
question with the wording the subtype's generator uses, calls tools and picks options by the
shared presentation rules of :mod:`ifcqa.mcq.text`. It never reads the key or the provenance.
Policies register with :func:`._plan.policy` (kind ``oracle_policy`` of :mod:`ifcqa.registry`): every
module of this package is found and imported on first use, plug-ins through ``ifcqa.oracle_policies``.
"""

from __future__ import annotations

from ifcqa.agents.oracle_policies._plan import Call, GiveUp, Observation, Plan, Policy, Question, registered

__all__ = ["Call", "GiveUp", "Observation", "Plan", "Policy", "Question", "policy_for"]


def policy_for(subtype: str) -> Policy | None:
    """The policy of a subtype code (``direct.class.of_named_element``), or ``None`` when there is none."""
    return registered().get(subtype)
