"""The HTTP face of ifcqa: a FastAPI app serving the models, the tools, streamed spatial answers, MCQ
generation jobs, benchmarks, evaluation reports and MCP over streamable HTTP (``ifcqa serve``).

Like ``cli/`` and ``mcp/``, this package is a face: nothing below it imports it. Build the app with
:func:`ifcqa.service.app.create_app`; the modules are small and named for what they hold (``store``
the models on disk and their indexes, ``errors`` the one error shape, ``auth`` the bearer token, ``sse``
the event-stream framing, ``jobs`` background jobs, ``routes_*`` one area of the API each, ``mcp_http``
the MCP mount). The importable package stays light: FastAPI is imported by ``app`` and the routes only.
"""
