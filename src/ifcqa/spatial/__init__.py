"""Spatial question answering over the IFC graph, grounded in GlobalIds (see :mod:`ifcqa.spatial.pipeline`)."""

from ifcqa.spatial.parser import parse
from ifcqa.spatial.pipeline import ANSWER_KEYS, SpatialQA
from ifcqa.spatial.plan import ClassFilter, Plan

__all__ = ["ANSWER_KEYS", "ClassFilter", "Plan", "SpatialQA", "parse"]
