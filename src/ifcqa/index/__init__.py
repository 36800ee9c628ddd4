"""The model index: every fact ifcqa reads from an IFC file, built once per file and cached."""

from ifcqa.files.cachedir import default_cache_dir
from ifcqa.index.cache import IndexCache
from ifcqa.index.geometry import BBox
from ifcqa.index.model_index import ModelIndex, load_index
from ifcqa.index.records import Element, IndexData, Value

__all__ = ["BBox", "Element", "IndexCache", "IndexData", "ModelIndex", "Value", "default_cache_dir", "load_index"]
