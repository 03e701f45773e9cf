"""What the exporters know about names from outside the project: builtins and standard libraries.

Knowledge as data: a table per language of the names every file can use
without an import (builtins, predeclared identifiers, globals), and a test per
language for "is this import the standard library". The navigation index uses
it to give an unresolved name an identity (``logging.info``, ``len``) or to
leave it anonymous (``xs.reduce``: a method of a receiver nobody typed).
"""

from __future__ import annotations

import builtins
import sys

_PYTHON_BUILTINS = frozenset(name for name in dir(builtins) if not name.startswith("_"))

_JS_GLOBALS = frozenset(
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

_NODE_MODULES = frozenset(
    """
    assert async_hooks buffer child_process cluster console constants crypto dgram diagnostics_channel dns domain
    events fs fs/promises http http2 https inspector module net os path path/posix path/win32 perf_hooks process
    punycode querystring readline readline/promises repl stream stream/promises string_decoder sys test timers
    timers/promises tls trace_events tty url util v8 vm wasi worker_threads zlib
    """.split()
)

_GO_PREDECLARED = frozenset(
    """
    any append bool byte cap clear close comparable complex complex128 complex64 copy delete error false float32
    float64 imag int int16 int32 int64 int8 iota len make max min new nil panic print println real recover rune
    string true uint uint16 uint32 uint64 uint8 uintptr
    """.split()
)

_JAVA_LANG = frozenset(
    """
    Boolean Byte CharSequence Character Class Comparable Deprecated Double Enum Error Exception Float
    FunctionalInterface IllegalArgumentException IllegalStateException IndexOutOfBoundsException Integer Iterable
    Long Math NullPointerException Number Object Override Record Runnable RuntimeException SafeVarargs Short
    String StringBuilder SuppressWarnings System Thread Throwable UnsupportedOperationException Void
    boolean byte char double float int long short void var
    """.split()
)

_CSHARP_BUILTINS = frozenset(
    """
    bool byte char decimal double dynamic float int long nint nuint object sbyte short string uint ulong ushort
    void var Console Exception Math Object String Int32 Int64 Boolean Double DateTime Guid Task Action Func
    ArgumentException ArgumentNullException InvalidOperationException NotImplementedException List Dictionary
    IEnumerable IDisposable
    """.split()
)

#: names usable everywhere without an import, per language
BUILTINS: dict[str, frozenset[str]] = {
    "python": _PYTHON_BUILTINS,
    "javascript": _JS_GLOBALS,
    "typescript": _JS_GLOBALS,
    "go": _GO_PREDECLARED,
    "java": _JAVA_LANG,
    "csharp": _CSHARP_BUILTINS,
}

#: the package named after the builtins of each language (an external symbol needs one)
BUILTIN_PACKAGE: dict[str, str] = {
    "python": "builtins",
    "javascript": "globals",
    "typescript": "globals",
    "go": "builtin",
    "java": "java.lang",
    "csharp": "System",
}

#: languages with one global namespace for functions: an unknown plain name is a library's, not a local's
GLOBAL_NAMESPACE_LANGUAGES = frozenset({"c", "cpp"})


def is_stdlib(language: str, package: str) -> bool:
    """Is ``package`` (an import name, a header) part of ``language``'s standard library?"""
    if not package:
        return False
    if language == "python":
        return package.split(".", 1)[0] in sys.stdlib_module_names or package == "builtins"
    if language in ("javascript", "typescript"):
        return package.startswith("node:") or package in _NODE_MODULES or package == "globals"
    if language == "go":
        return "." not in package.split("/", 1)[0]
    if language in ("c", "cpp"):
        return package.startswith("<")
    if language in ("java", "scala"):
        return package.startswith(("java.", "javax.", "scala.")) or package in ("java.lang", "scala")
    if language == "csharp":
        return package == "System" or package.startswith("System.")
    if language == "rust":
        return package.split("::", 1)[0] in ("std", "core", "alloc")
    return False
