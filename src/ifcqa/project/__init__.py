"""Projects: a named set of model files (one per discipline), their storeys aligned across files."""

from ifcqa.project.align import Alignment, align_storeys
from ifcqa.project.project import PROJECT_SUFFIX, ElementRef, Project, create_project, load_project

__all__ = ["PROJECT_SUFFIX", "Alignment", "ElementRef", "Project", "align_storeys", "create_project", "load_project"]
