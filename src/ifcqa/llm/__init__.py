"""Talking to LLMs: an OpenAI-compatible client with retries and a response cache, and a scripted
model server on loopback that speaks the same protocol for offline tests."""
