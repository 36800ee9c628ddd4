"""The memory systems, each behind :class:`ifcqa.memory.base.Memory` (``ingest`` / ``search``)."""
