"""TypeScript: what the rest of codeknit knows about it (much is JavaScript's)."""

from __future__ import annotations

from codeknit.languages.javascript.manifest import PACKAGE_JSON
from codeknit.languages.javascript.spec import GLOBALS, TESTS, is_stdlib
from codeknit.languages.spec import LanguageSpec, Naming

SPEC = LanguageSpec(
    name="typescript",
    runtime="javascript",
    extensions=(".ts", ".mts", ".cts", ".tsx"),
    aliases=("ts",),
    interpreters=("ts-node", "ts-node-esm", "ts-node-script", "deno", "tsx"),
    tests=TESTS,
    manifests=(PACKAGE_JSON,),
    scip_name="TypeScript",
    lsif_ids_by_extension=((".tsx", "typescriptreact"),),
    moniker_scheme="npm",
    purl_type="npm",
    naming=Naming(scheme="file", constructor_sites=True),
    builtins=GLOBALS,
    builtin_package="globals",
    is_stdlib=is_stdlib,
    quotes="\"'`",
)
