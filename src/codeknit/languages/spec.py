"""What the house knows about a language, as one record: :class:`LanguageSpec`.

Each language folder has a ``spec.py`` whose ``SPEC`` is such a record: how files of the language
are recognised (extensions, file names, shebang interpreters, a look at a shared extension's first
bytes), which files are tests, which manifests declare its projects' dependencies and how to read
them, how exporters name it (SCIP, LSIF, CycloneDX), and the names every file can use without an
import. ``languages/registry.py`` collects the records; the workspace scan, the exporters and the
CLI read them there and never name a language themselves.

A spec is data. It imports nothing of codeknit but this module and the manifest helpers, so reading
the registry never loads a grammar, an adapter or the resolver.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class Declared:
    """One dependency as a manifest declares it."""

    name: str
    version: str | None = None
    constraint: str = ""
    scope: str = "runtime"


#: a manifest reader: (file name, content) → (the project name it declares or "", its dependencies);
#: it may raise ValueError, KeyError, TypeError, AttributeError, UnicodeDecodeError or a parser's error
#: on a manifest it cannot read (the scan then skips that manifest)
ReadManifest = Callable[[str, bytes], tuple[str, list[Declared]]]
#: the project's own version as a manifest states it (None: none, or a dynamic or computed one)
ReadVersion = Callable[[bytes], "str | None"]


@dataclass(frozen=True, slots=True)
class ManifestReader:
    """A kind of manifest file: a directory holding one is a project."""

    #: exact file names (``pyproject.toml``) and patterns with one ``*`` (``requirements*.txt``, ``*.csproj``)
    names: tuple[str, ...]
    read: ReadManifest
    #: the package-URL type of the dependencies it declares (``pypi``, ``npm``, ``maven``)
    ecosystem: str
    #: which manifest names a project when a directory holds several that declare a name: the lowest
    #: rank wins (a reader that never declares a name keeps the default)
    naming_rank: int = 1000
    #: reads the project's own version (the same rank chooses among manifests); None: it states none
    version: ReadVersion | None = None

    def matches(self, name: str) -> bool:
        for pattern in self.names:
            if "*" not in pattern:
                if name == pattern:
                    return True
                continue
            prefix, _, suffix = pattern.partition("*")
            if name.startswith(prefix) and name.endswith(suffix) and len(name) >= len(prefix) + len(suffix):
                return True
        return False


@dataclass(frozen=True, slots=True)
class HeadClaim:
    """Files with one of ``extensions`` that another language owns are this language's when their
    first bytes say so (``looks_like(head)``): a C++ header among ``.h`` files."""

    extensions: tuple[str, ...]
    looks_like: Callable[[bytes], bool]


@dataclass(frozen=True, slots=True)
class HeadRefusal:
    """Files with one of ``extensions`` whose first bytes say they are in a language codeknit does not
    read (``looks_like(head)``), although the extension is this language's: an Objective-C header
    among C's ``.h`` files. Such a file is skipped with ``reason``, not parsed as this language
    (which would report its syntax as errors and its declarations as made-up symbols)."""

    extensions: tuple[str, ...]
    looks_like: Callable[[bytes], bool]
    reason: str


@dataclass(frozen=True, slots=True)
class TestFiles:
    """Which files of a language are tests, by path (every language also has ``tests``, ``test``
    and ``__tests__`` directories)."""

    __test__ = False  # (not a test class, whatever pytest makes of the name)

    #: a regular expression matched against the whole file name
    name_pattern: str = ""
    #: more directory names whose files are tests (compared exactly)
    directories: frozenset[str] = frozenset()
    #: directory name endings whose files are tests (C#'s ``Foo.Tests``)
    directory_suffixes: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Naming:
    """How exporters name a language's definitions across files (SCIP symbols, LSIF hovers).

    ``scheme`` is one of:

    * ``"qualname"``: by qualified name within the project (Java, C#, Rust …);
    * ``"module"``: by the module's dotted name and the qualified name (Python): members hover as
      ``module.Class.method``, and an import's package is its first dotted part;
    * ``"file"``: by file path and qualified name (JavaScript, TypeScript: a module is its file);
    * ``"package"``: by package import path (Go): a package spans a directory's files, and the
      first non-test file's package clause is its one definition.
    """

    scheme: str = "qualname"
    #: a top-level symbol marked ``static`` is the file's own (C, C++): named by file, not linked
    file_local_static: bool = False
    #: prototypes (``declaration``) are declaration sites of the definition with the same linkage
    declarations_link: bool = False
    #: a call of a class that the graph sends to its constructor (``new Order(…)``) is a use of the
    #: constructor too, not only of the class written there (TypeScript: the site invokes the
    #: constructor, where its go-to-definition lands; Python's indexers name the class alone)
    constructor_sites: bool = False


@dataclass(frozen=True, slots=True)
class LanguageSpec:
    """Everything outside the language's folder needs to know about it."""

    #: the language's name in graphs, options and folders (``python``)
    name: str
    #: lower-cased file extensions (``.py``)
    extensions: tuple[str, ...]
    #: other names for ``--languages`` (``py``)
    aliases: tuple[str, ...] = ()
    #: case-sensitive extensions, checked before the lower-cased ones (GCC's ``.C`` for C++)
    cased_extensions: tuple[str, ...] = ()
    #: whole file names that are source files of the language (``Rakefile``)
    file_names: tuple[str, ...] = ()
    #: interpreters a ``#!`` line of an extension-less script names (version suffixes are stripped)
    interpreters: tuple[str, ...] = ()
    #: a look at the first bytes that takes files of a shared extension (see :class:`HeadClaim`)
    head_claims: tuple[HeadClaim, ...] = ()
    #: a look at the first bytes that refuses files of its own extension (see :class:`HeadRefusal`)
    head_refusals: tuple[HeadRefusal, ...] = ()
    tests: TestFiles = field(default_factory=TestFiles)
    manifests: tuple[ManifestReader, ...] = ()
    #: the name of SCIP's ``Language`` enum value (``Python``)
    scip_name: str = ""
    #: the LSP language identifier (defaults to ``name``), and per file extension where it differs
    lsif_id: str = ""
    lsif_ids_by_extension: tuple[tuple[str, str], ...] = ()
    #: the package manager, as an LSIF/SCIP moniker scheme (``pypi``, ``npm``, ``gomod``)
    moniker_scheme: str = ""
    #: the scheme of the standard library's symbols, which no package manager serves (default: the
    #: language's name: ``python``, ``go``)
    stdlib_scheme: str = ""
    #: the package-URL type of its packages, for CycloneDX (``pypi``, ``npm``, ``golang``)
    purl_type: str = ""
    naming: Naming = field(default_factory=Naming)
    #: names every file can use without an import, and the package exporters name them after
    builtins: frozenset[str] = frozenset()
    builtin_package: str = ""
    #: is an import name (a module, a header) part of the standard library?
    is_stdlib: Callable[[str], bool] = field(default=lambda _package: False)
    #: functions at a file's top level that the runtime calls by their name, which no code of the program calls
    #: (Go's ``init``): no dead code, though nothing refers to them
    runtime_hooks: frozenset[str] = frozenset()
    #: static methods a program starts at, in any type (C#'s ``Main``, Java's ``main``): nothing calls them, yet
    #: neither they nor the type that holds one are dead code (``class Program`` is internal in C#)
    entry_methods: frozenset[str] = frozenset()
    #: one global namespace for functions (C, C++): an unknown plain name is a library's, not a local's
    global_namespace: bool = False
    #: the runtime its code shares with other languages' code, which it can call (Java, Kotlin and Scala:
    #: ``jvm``); a member of a value of unknown type may be a member written in any language of the same
    #: runtime, never another's (default: the language's own name)
    runtime: str = ""
    #: references resolved by a symbol table rather than the language's scoping rules (exporters warn)
    degraded: bool = False
    #: the adapter and the rules, when not ``codeknit.languages.<name>.adapter``/``.rules``
    adapter_module: str = ""
    rules_module: str = ""
    #: environment variables that change how the language's files are resolved (Python's version): a run
    #: reuses a stored graph only if each has the value it had when that graph was made
    settings: tuple[str, ...] = ()
    #: the characters that open a string or character literal, as a signature may hold one (a default
    #: value, a literal type): a name inside one is text, never a reference (Rust: ``"`` only, ``'a`` being
    #: a lifetime); a quote that no second one closes is not a literal (C++'s digit separator ``1'000``)
    quotes: str = "\"'"
    #: a string written where a type is expected is code: a forward reference (Python's ``x: "Console"``),
    #: but not in ``Literal[…]`` or after ``Annotated[T, …]``'s type, where it is a value
    annotation_strings: bool = False

    #: what the runtime or the compiler calls by itself, so that no call in the source (no relation) reaches it:
    #: methods by name (Java serialization's ``readResolve``) and definitions marked by a property (Scala's
    #: ``implicit``, applied by the compiler's implicit search); dead-code analysis never lists them
    hook_names: frozenset[str] = frozenset()
    hook_properties: frozenset[str] = frozenset()
    #: is a file a header, whose text every file that includes it compiles (C, C++)? A header's ``static`` (inline)
    #: function is then its includers' as much as a macro is: dead-code analysis never lists one
    is_header: Callable[[str], bool] | None = None
    #: a type meets an interface by having its methods, without saying so (Go): a call through an interface
    #: may reach any type's method of the interface method's name (dead-code analysis counts it possibly used)
    structural_interfaces: bool = False

    def runtime_name(self) -> str:
        return self.runtime or self.name

    def language_id(self, path: str = "") -> str:
        """The LSP language identifier of a file of this language."""
        for extension, identifier in self.lsif_ids_by_extension:
            if path.endswith(extension):
                return identifier
        return self.lsif_id or self.name


__all__ = ["Declared", "HeadClaim", "HeadRefusal", "LanguageSpec", "ManifestReader", "Naming", "ReadManifest",
           "TestFiles"]
