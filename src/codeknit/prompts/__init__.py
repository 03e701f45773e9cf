"""MCP prompt templates, one Markdown file each, shipped as package data.

Each file starts with a header between ``---`` lines: ``title:``,
``description:`` and one ``argument NAME:`` line per argument (``argument
NAME (required):`` for a required one; ``complete: path|symbol`` after the
description names what completes it). The body is the message text, with
``{{name}}``, ``{{name|fallback}}``, ``{{#name}}…{{/name}}`` (only when
given), ``{{^name}}…{{/name}}`` (only when not given) and ``{{> skt_guide}}``
(the shared guide to reading ``.skt``, from ``_skt_guide.md``). The server's
loader is :mod:`codeknit.server.prompts`.
"""
