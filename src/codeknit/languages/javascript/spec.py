"""JavaScript: what the rest of codeknit knows about it (TypeScript shares much of it)."""

from __future__ import annotations

from codeknit.languages.javascript.manifest import PACKAGE_JSON
from codeknit.languages.spec import LanguageSpec, Naming, TestFiles

#: names every JavaScript or TypeScript file can use without an import (globals of browsers and
#: Node, TypeScript's primitive and utility types)
GLOBALS = frozenset(
    """
    AbortController Array ArrayBuffer BigInt Blob Boolean Buffer DataView Date Error EvalError Event EventTarget
    Float32Array Float64Array FormData Function Headers Int16Array Int32Array Int8Array Intl JSON Map Math NaN
    Number Object Promise Proxy RangeError ReferenceError Reflect RegExp Request Response Set String Symbol
    SyntaxError TextDecoder TextEncoder TypeError URIError URL URLSearchParams Uint16Array Uint32Array Uint8Array
    WeakMap WeakRef WeakSet WebSocket atob btoa clearInterval clearTimeout console crypto decodeURI
    decodeURIComponent document encodeURI encodeURIComponent exports fetch globalThis isFinite isNaN localStorage
    module navigator parseFloat parseInt performance process queueMicrotask require setImmediate setInterval
    setTimeout structuredClone undefined window
    any bigint boolean never number object string symbol unknown void
    Awaited Capitalize ConstructorParameters Exclude Extract InstanceType Lowercase NonNullable Omit Parameters
    Partial Pick Readonly ReadonlyArray ReadonlyMap ReadonlySet Record Required ReturnType ThisType Uncapitalize
    Uppercase PromiseLike Iterable Iterator AsyncIterable Generator
    """.split()
)

NODE_MODULES = frozenset(
    """
    assert async_hooks buffer child_process cluster console constants crypto dgram diagnostics_channel dns domain
    events fs fs/promises http http2 https inspector module net os path path/posix path/win32 perf_hooks process
    punycode querystring readline readline/promises repl stream stream/promises string_decoder sys test timers
    timers/promises tls trace_events tty url util v8 vm wasi worker_threads zlib
    """.split()
)


def is_stdlib(package: str) -> bool:
    """Node's built-in modules (``fs``, ``node:fs``) and the globals."""
    return package.startswith("node:") or package in NODE_MODULES or package == "globals"


#: *.test.*, *.spec.*, and RSpec-style ``spec/`` and Jest's ``__mocks__/`` directories
TESTS = TestFiles(name_pattern=r".*\.(?:test|spec)\..*", directories=frozenset({"__mocks__", "spec", "specs"}))

SPEC = LanguageSpec(
    name="javascript",
    runtime="javascript",
    extensions=(".js", ".mjs", ".cjs", ".jsx"),
    aliases=("js",),
    interpreters=("node", "nodejs", "bun"),
    tests=TESTS,
    manifests=(PACKAGE_JSON,),
    scip_name="JavaScript",
    lsif_ids_by_extension=((".jsx", "javascriptreact"),),
    moniker_scheme="npm",
    purl_type="npm",
    naming=Naming(scheme="file", constructor_sites=True),
    builtins=GLOBALS,
    builtin_package="globals",
    is_stdlib=is_stdlib,
    quotes="\"'`",
)
