"""Rust: what the rest of codeknit knows about it."""

from __future__ import annotations

from codeknit.languages.rust.manifest import CARGO_TOML
from codeknit.languages.spec import LanguageSpec, TestFiles


def is_stdlib(package: str) -> bool:
    return package.split("::", 1)[0] in ("std", "core", "alloc")


SPEC = LanguageSpec(
    name="rust",
    extensions=(".rs",),
    aliases=("rs",),
    # files under ``tests/`` (every language) or Cargo's benchmark targets
    tests=TestFiles(directories=frozenset({"benches"})),
    manifests=(CARGO_TOML,),
    scip_name="Rust",
    moniker_scheme="cargo",
    purl_type="cargo",
    is_stdlib=is_stdlib,
    quotes='"',  # (``'a`` is a lifetime)
)
