"""A generated, deterministic sample building (IFC4 or IFC2X3) for tests, demos and benchmarks."""

from ifcqa.sample.building import SUPPORTED_SCHEMAS, build_sample_model, write_sample_model

__all__ = ["SUPPORTED_SCHEMAS", "build_sample_model", "write_sample_model"]
