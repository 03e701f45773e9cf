"""Per-language knowledge, one folder per language, and the shared extraction engine.

``<language>/`` holds everything one language knows: ``spec.py`` (a record the rest of the house
reads: extensions, test files, manifests, exporter names, builtins), ``queries.scm`` (the
tree-sitter query), ``adapter.py`` (what the query cannot say) and ``rules.py`` (how its names
resolve). ``registry.py`` finds the folders; ``engine.py`` runs a query and an adapter over a
file; ``records.py`` holds what extraction produces; ``adapters.py`` finds and runs a language's
adapter. See ``docs/adding-a-language.md``.

This package's own module loads nothing: importing the registry must not load the engine.
"""
