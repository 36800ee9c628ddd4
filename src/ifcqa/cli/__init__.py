"""The ``ifcqa`` command line (typer + rich); see :mod:`ifcqa.cli.main` for the commands and the error rule."""
