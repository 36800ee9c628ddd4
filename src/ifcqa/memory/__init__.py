"""IFCMemoryBench: long-term memory for BIM agents (tasks, memory systems, scoring, runs, reports)."""
