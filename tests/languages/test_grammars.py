"""Where a grammar comes from: an adapter's grammar name is a grammar of the language pack (``python``) or the
module of a per-language wheel (``tree_sitter_scala``), for a language whose grammar in the pack is too old."""

from __future__ import annotations

import importlib

import pytest
from tree_sitter import Language

from codeknit.languages import engine, registry
from codeknit.languages.adapters import adapter_for


def test_a_wheel_module_name_loads_that_wheel_s_grammar() -> None:
    wheel = importlib.import_module("tree_sitter_scala")
    language = engine.grammar_language("tree_sitter_scala")
    assert isinstance(language, Language) and language.name == "scala"
    assert language.abi_version == Language(wheel.language()).abi_version
    assert language.node_kind_count == Language(wheel.language()).node_kind_count
    assert not engine.parse_fragment("tree_sitter_scala", b"object A { def f = 1 }\n").root_node.has_error


def test_any_other_name_is_the_pack_s_grammar() -> None:
    from tree_sitter_language_pack import get_language

    pack = engine.grammar_language("scala")
    assert pack.node_kind_count == get_language("scala").node_kind_count
    assert pack.node_kind_count != engine.grammar_language("tree_sitter_scala").node_kind_count


@pytest.mark.parametrize("name", registry.names())
def test_every_adapter_s_grammar_loads(name: str) -> None:
    adapter = adapter_for(name)
    for grammar in adapter.grammars.values():
        assert not engine.parse_fragment(grammar, b"\n").root_node.has_error
