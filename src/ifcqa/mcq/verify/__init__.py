"""Question verifiers: one module per taxonomy category, re-deriving answers from the IFC file.

A verifier is a function ``(model, item) -> set of labels it finds true``, registered with
:func:`ifcqa.mcq.registry.verifier`. It reads the file with IfcOpenShell directly
(``ifcopenshell.util.element`` and friends) and may not import ``ifcqa.index``, ``ifcqa.tools`` or
any generator: the independent path is the point of the method. ``tests/mcq/test_independence.py``
checks the imports statically.
"""
