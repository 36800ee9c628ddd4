"""IFC-MCQ: multiple-choice benchmarks generated from IFC files, every key re-derived on an independent path.

``generate/`` and ``verify/`` hold one module per question category in two halves that never import each other;
``pipeline.py`` runs them over one model, ``runner.py`` over many; ``taxonomy.py`` names the 36 subtypes.
"""
