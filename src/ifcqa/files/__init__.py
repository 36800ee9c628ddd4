"""Files that must stay whole: atomic writes, append-only JSONL with torn-line repair, content hashes, the cache folder.

Generic helpers every layer uses (the index cache, the LLM response cache, the graph store, run folders, the
service's uploads); they know nothing of IFC.
"""
