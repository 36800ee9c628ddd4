"""Question generators: one module per taxonomy category, reading facts from the model index.

A generator is a function ``ctx -> Iterator[Draft | Skip]`` registered with
:func:`ifcqa.mcq.registry.generator`; see :mod:`ifcqa.mcq.generate._api` for what it may use.
"""
