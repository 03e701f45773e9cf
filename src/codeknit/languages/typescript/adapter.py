"""TypeScript's adapter: JavaScript's, with TypeScript's grammars and queries.

The JavaScript adapter (``javascript/adapter.py``) reads the syntax both languages share and the
TypeScript-only parts (types, interfaces, enums, namespaces, overloads) where they occur; this
adapter only says which grammar and query a file takes. ``.tsx`` files are parsed with the tsx
grammar and its query (JSX references, then all of ``queries.scm``).
"""

from __future__ import annotations

from codeknit.languages.javascript.adapter import TYPESCRIPT_GAPS, JavaScriptAdapter


class TypeScriptAdapter(JavaScriptAdapter):
    language = "typescript"
    grammars = {".tsx": "tsx", "": "typescript"}
    query_name = "typescript/queries.scm"
    query_names = {"tsx": "typescript/tsx.scm"}
    grammar_gaps = TYPESCRIPT_GAPS  # (defined beside JavaScript's, whose gaps TypeScript shares)


ADAPTER = TypeScriptAdapter

__all__ = ["ADAPTER", "TypeScriptAdapter"]
