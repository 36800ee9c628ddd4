"""Running agents over a benchmark, grading by exact option-set match, and reporting."""
