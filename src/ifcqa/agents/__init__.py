"""Agents that answer benchmark items: LLM tool and code agents, controls, baselines and an oracle."""
