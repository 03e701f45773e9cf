"""The fixpoint: abstract objects, points-to sets and the evaluation of facts.

Abstract objects are tuples:

``("F", id)`` a function, method or lambda   ``("C", id)`` a class   ``("I", id)`` an instance of it
``("B", fid, receiver)`` a bound method       ``("M", path)`` a project module
``("X", name)`` something from outside the project, by dotted name (``builtins.map``, ``os.path``)
``("L", …)`` / ``("D", …)`` a list-like or dict-like container, one per literal (allocation site)
``("G", fid)`` a generator of ``fid``          ``("S", class, receiver)`` a ``super()`` object
``("P", …)`` a ``functools.partial``           ``("K",)`` a constant    ``("?",)`` not modelled

Every name, attribute, parameter, return value and container element is a node (a tuple key)
with an ordered set of objects. Facts are evaluated until nothing grows; a fact is evaluated
again only when a node it read has grown. Values that only pass through a call travel on copy
edges instead, which carry each growth on without evaluating anything again: a plain-name argument
into the callee's parameter (``_Flow``), and the callee's return value into the name a call is
assigned to or the caller's own return value (a call's ``sink``). Sets stop at ``MAX_SET_SIZE`` (the
node then holds ``CAPPED``), and evaluation stops after ``MAX_EVALUATIONS_PER_FACT`` evaluations per
fact on average: call sites whose callee expression read a capped node, or whose fact was left
unevaluated, become ``ambiguous``.
"""

from __future__ import annotations

import gc
from itertools import islice
from typing import TYPE_CHECKING, Any

from codeknit.graph.model import Category, EdgeKind, Span, SymbolKind
from codeknit.languages.python.facts import (
    ANNOTATION,
    ASSIGN,
    ATTR,
    BINARY,
    CALL,
    CONSTANT,
    DEF,
    DEFINED,
    DICT,
    DOUBLE_STAR,
    EVAL,
    EXCEPT,
    FOR,
    FUNCTION,
    IMPORT,
    INERT,
    LIST,
    NAME,
    ONE_OF,
    PHI,
    RAISE,
    RETURN,
    SENT,
    STAR,
    SUBSCRIPT,
    SUPER,
    TUPLE,
    UNARY,
    WITH,
    YIELD,
    YIELD_FROM,
    decode,
    readable,
)
from codeknit.languages.records import RawImport, RawRef

if TYPE_CHECKING:
    from codeknit.languages.records import RawImport
    from codeknit.resolve.api import Entity, FileIndex, Resolving

#: the largest points-to set; beyond it a node holds CAPPED and its call sites become ambiguous
MAX_SET_SIZE = 48
#: times a node may grow before it is widened (frozen and marked capped)
MAX_GROWTHS = 16
#: evaluations of facts allowed, per fact on average, before the fixpoint is cut short
MAX_EVALUATIONS_PER_FACT = 3
#: evaluations allowed on top of those: small programs always reach their fixpoint
BASE_EVALUATIONS = 20000
#: contexts per function (receiver objects or call sites); calls beyond them share the merged analysis
MAX_CONTEXTS = 8
#: the most facts a function that is not a method may have and still be analysed per call site
SMALL_FUNCTION_FACTS = 16
#: how a function is analysed (``FlowAnalysis._context_kind``): once, per receiver object, per call site
_MERGED, _PER_OBJECT, _PER_SITE = range(3)
#: instances of one class made at different sites that a node may hold; more join as the class's summary
MAX_SITE_INSTANCES = 4
#: the site of the summary instance's own writes (``("I", class, DIRECT)``: see ``_store_attribute``)
DIRECT: tuple[Any, ...] = ()

Obj = tuple[Any, ...]
UNK: Obj = ("?",)
CAPPED: Obj = ("!",)
CONST: Obj = ("K",)
STR: Obj = ("X", "builtins.str")
IDENTITY: Obj = ("ID",)
_EMPTY: dict[Obj, None] = {}
#: the node of the classes an attribute ``name`` is set on after their body (``A.run = f``): key
#: ``(SET_ON_CLASS, name)``; a class id always holds ``::``, so no class or module node shares it
SET_ON_CLASS = "<set on a class>"
#: the node of the exceptions the project raises of a subclass of a class: key ``(RAISED, class id)``, holding
#: the raised classes' summary instances (a class's fields hold every instance's); read by ``except`` clauses
RAISED = "<raised>"
#: the node of the metaclass a class names (``class A(metaclass=M)``): key ``(class id, METACLASS)``
METACLASS = "<metaclass>"
#: shared results for constants (read-only: results are never mutated by callers)
_CONST_SET: dict[Obj, None] = {CONST: None}
#: the attributes other than dunders that a constant's value has: a constant (``("K",)``) is a literal or what a
#: builtin such as ``len`` or ``int`` gives, an int, float, bool, complex, str, bytes, None or Ellipsis (Python
#: 3.11's; ``rust/pyflow/src/solver.rs``'s ``CONSTANT_MEMBERS`` is the same list). A string (``STR``) has none but
#: these either.
CONSTANT_MEMBERS = frozenset({
    "as_integer_ratio", "bit_count", "bit_length", "capitalize", "casefold", "center", "conjugate", "count",
    "decode", "denominator", "encode", "endswith", "expandtabs", "find", "format", "format_map", "from_bytes",
    "fromhex", "hex", "imag", "index", "is_integer", "isalnum", "isalpha", "isascii", "isdecimal", "isdigit",
    "isidentifier", "islower", "isnumeric", "isprintable", "isspace", "istitle", "isupper", "join", "ljust", "lower",
    "lstrip", "maketrans", "numerator", "partition", "real", "removeprefix", "removesuffix", "replace", "rfind",
    "rindex", "rjust", "rpartition", "rsplit", "rstrip", "split", "splitlines", "startswith", "strip", "swapcase",
    "title", "to_bytes", "translate", "upper", "zfill"
})
_STR_SET: dict[Obj, None] = {STR: None}
_UNK_SET: dict[Obj, None] = {UNK: None}
_CAPPED_SET: dict[Obj, None] = {CAPPED: None}
_RETURN = "<return>"
#: what ``property(fget, fset)``, ``staticmethod(f)`` and ``classmethod(f)`` make, and a function that a decorator
#: under ``@classmethod``/``@staticmethod`` gave: ``("BM", how, function)``, which binds as ``how`` says when read
#: off a class or an instance
_GETTER_OF, _SETTER_OF, _STATIC_OF, _CLASSMETHOD_OF = "<getter>", "<setter>", "<staticmethod>", "<classmethod>"
#: the sink of a call whose value is not used
DISCARD = ("<discard>",)
_MISSING = object()
#: how a function binds when read from a class (``FlowAnalysis._binding_of``)
_PLAIN, _SETTER, _GETTER, _STATIC, _CLASSMETHOD = range(5)

_BUILTINS = frozenset(
    "abs aiter all anext any ascii bin bool breakpoint bytearray bytes callable chr classmethod compile complex "
    "delattr dict dir divmod enumerate eval exec filter float format frozenset getattr globals hasattr hash help "
    "hex id input int isinstance issubclass iter len list locals map max memoryview min next object oct open ord "
    "pow print property range repr reversed round set setattr slice sorted staticmethod str sum super tuple type "
    "vars zip __import__ NotImplemented Ellipsis Exception BaseException ValueError TypeError KeyError "
    "IndexError AttributeError RuntimeError NotImplementedError StopIteration OSError ImportError".split()
)
#: decorators (by external name) that return the function they are given
_PRESERVING = frozenset({"builtins.staticmethod", "builtins.classmethod", "builtins.property"})
_CONTAINER_TAGS = frozenset({"L", "D"})
#: builtins whose answer does not depend on their arguments' objects (``_call_external``)
_ARGUMENTS_UNREAD = frozenset({"isinstance", "issubclass", "callable", "id", "ord", "chr", "hasattr"})
#: builtins that iterate their first argument (``min`` and ``max`` too when given one)
_ITERATING = frozenset({"sorted", "list", "tuple", "set", "frozenset", "sum", "any", "all", "enumerate", "zip",
                        "collections.deque"})
#: what each of a value's text methods falls back to where its class does not define it (``object``'s own)
_TEXT_METHODS = {"__format__": ("__format__", "__str__", "__repr__"), "__str__": ("__str__", "__repr__"),
                 "__repr__": ("__repr__",)}
_REFLECTED = {
    "__add__": "__radd__", "__sub__": "__rsub__", "__mul__": "__rmul__", "__truediv__": "__rtruediv__",
    "__floordiv__": "__rfloordiv__", "__mod__": "__rmod__", "__pow__": "__rpow__", "__matmul__": "__rmatmul__",
    "__and__": "__rand__", "__or__": "__ror__", "__xor__": "__rxor__", "__lshift__": "__rlshift__",
    "__rshift__": "__rrshift__",
    # comparisons: the right operand's mirrored method answers when the left's does not
    "__lt__": "__gt__", "__gt__": "__lt__", "__le__": "__ge__", "__ge__": "__le__", "__eq__": "__eq__",
    "__ne__": "__ne__",
}
_METHOD_KINDS = frozenset({SymbolKind.METHOD, SymbolKind.PROPERTY, SymbolKind.GETTER, SymbolKind.SETTER,
                           SymbolKind.CONSTRUCTOR})

SiteKey = tuple[str, int, tuple[int, int, int, int]]


#: objects the project defines (an annotation is not needed where one of these flows)
_PROJECT_TAGS = frozenset({"F", "C", "I", "B", "M", "L", "D", "G", "P", "S"})


def _is_dunder(name: str) -> bool:
    return len(name) > 4 and name.startswith("__") and name.endswith("__")


def _no_constant_has(name: str) -> bool:
    """Is ``name`` no attribute of a constant's value (:data:`CONSTANT_MEMBERS`; a dunder may be one)?"""
    return name not in CONSTANT_MEMBERS and not _is_dunder(name)


def _effective(expression: list[Any]) -> bool:
    """Can evaluating this expression call something or move a value? (A bare name cannot.)"""
    return expression[0] not in INERT



def is_deleter(properties: dict[str, Any]) -> bool:
    """Is the method a property's deleter (``@x.deleter``)?"""
    decorators = properties.get("decorators")
    return isinstance(decorators, (tuple, list)) and any(str(d).endswith(".deleter") for d in decorators)


def derived_classes(bases: dict[str, list[Any]]) -> dict[str, list[str]]:
    """Class id → the project classes that extend it directly (from the resolver's ``bases``)."""
    from codeknit.resolve.api import Sym

    derived: dict[str, list[str]] = {}
    for child, written in bases.items():
        for base in written:
            if isinstance(base, Sym):
                derived.setdefault(base.id, []).append(child)
    return derived


def subclasses_of(derived: dict[str, list[str]], class_id: str) -> list[str]:
    """The classes that extend ``class_id``, directly or not, in id order (both solvers use it)."""
    found: set[str] = set()
    todo = [class_id]
    while todo:
        for child in derived.get(todo.pop(), ()):
            if child not in found and child != class_id:
                found.add(child)
                todo.append(child)
    return sorted(found)

class _Flow(dict):  # type: ignore[type-arg]
    """An argument that is a plain name: its objects so far, and the node they come from.

    A project function's parameter is joined to the node by a copy edge, so the call is not evaluated
    again when the argument grows; whatever reads the objects themselves (builtins, container
    methods) registers the dependency instead (``FlowAnalysis._call``).
    """

    __slots__ = ("key",)

    def __init__(self, key: Any, objs: dict[Obj, None]) -> None:
        super().__init__(objs)
        self.key = key


def _read_by_answers(key: Any) -> bool:
    """Is ``key`` a node ``FlowAnalysis.entities`` reads: ``(class, "__call__")``, ``(class, METACLASS)`` or
    ``(partial, "func")``?"""
    if type(key) is not tuple or len(key) != 2:
        return False
    owner, name = key
    return name == "__call__" or name == METACLASS or (name == "func" and type(owner) is tuple and owner[:1] == ("P",))


class _Layout:
    """How a function's parameters take arguments, worked out once per function (not per call)."""

    __slots__ = ("slots", "rest", "extra", "named", "generator")

    def __init__(self, params: list[list[Any]]) -> None:
        #: names of the positional parameters, in order
        self.slots: list[str] = [p[0] for p in params if p[1] in (0, 4)]
        #: the ``*args`` and ``**kwargs`` parameters' names, if any
        self.rest: str | None = next((p[0] for p in params if p[1] == 1), None)
        self.extra: str | None = next((p[0] for p in params if p[1] == 2), None)
        #: names a keyword argument may bind (dict: ordered, and a set in C for ``in``)
        self.named: dict[str, None] = {p[0]: None for p in params if p[1] in (0, 3)}
        self.generator: bool | None = None


def runtime_import_target(resolver: Resolving, file: FileIndex, imp: RawImport) -> tuple[str | None, str]:
    """The module file an import runs (the resolver names a stub beside it, ``m.pyi``, whose declarations
    type checkers read: the analysis follows what executes), and the module's name."""
    target, module_name = resolver.import_target(file, imp)
    if target is None:
        return None, module_name
    return file.rules.runtime_module(target, resolver.modules), module_name


def literal_module(resolver: Resolving, file: FileIndex, name: str) -> str | None:
    """The module file ``importlib.import_module(name)`` runs, for an absolute name written as a literal: the one
    ``import name as m`` binds to ``m`` (both solvers ask this)."""
    if not name or name.startswith("."):
        return None
    return runtime_import_target(resolver, file, RawImport(0, name, (0, 0, 0, 0), alias="_"))[0]


class FlowAnalysis:
    """Runs the analysis over every Python file of a resolver and answers per call site."""

    #: values that only pass through a call travel on copy edges (arguments into parameters, return
    #: values into the name or return a call flows to). Off, every such value is read and added by
    #: evaluating the fact again: the reference the tests compare the fast path with
    copy_edges = True

    def __init__(self, resolver: Resolving) -> None:
        from codeknit.resolve.api import UNKNOWN, External, Sym  # the resolver imports this module

        self._entity_types = (UNKNOWN, External, Sym)
        self.resolver = resolver
        self.pts: dict[Any, dict[Obj, None]] = {}
        self.deps: dict[Any, dict[int, None]] = {}
        self.copies: dict[Any, dict[Any, None]] = {}
        #: path, scope index, fact, context: evaluated as a unit (``None``: the merged analysis)
        self.groups: list[tuple[str, int, list[Any], int | None]] = []
        self.guards: list[Any] = []  # per fact: the receiver node of its method, which must hold something
        #: empty guard nodes → the facts waiting for them (queued once, when the node first grows)
        self.waiting: dict[Any, list[int]] = {}
        self.queued: set[int] = set()
        self.started = False
        self.current = -1
        self.path = ""
        self.ids: list[str] = []
        self.scope = 0
        self.files: dict[str, FileIndex] = {}
        self.params: dict[str, list[list[Any]]] = {}
        self.returns_ann: dict[str, tuple[str, int, list[Any]]] = {}
        self.generators: set[str] = set()
        self.class_names: dict[str, set[str]] = {}
        #: the fields of a class whose ``__init__`` is generated (a dataclass, an attrs class, a NamedTuple)
        self.init_fields: dict[str, list[str]] = {}
        self._generated_memo: dict[str, tuple[str, ...]] = {}
        self.module_bound: dict[str, set[str]] = {}
        #: the classes that name a metaclass (``metaclass=M``), and per class the first of its MRO that does
        self.metaclassed: set[str] = set()
        self._metaclass_owners: dict[str, str | None] = {}
        #: a class's names in order (what ``__set_name__`` is called for, in this order)
        self._sorted_names: dict[str, list[str]] = {}
        #: the lists ``collections.deque()`` made (their methods are named as the deque's)
        self.deques: set[Obj] = set()
        self.initialised: set[Any] = set()
        self.sites: dict[SiteKey, dict[Obj, None]] = {}
        self.site_text: dict[SiteKey, str] = {}
        #: calls that no call expression spells (decorators, properties, protocols, operators, builtins
        #: calling their arguments): (path, scope, span, text) → callees
        self.implicit: dict[tuple[str, int, tuple[int, int, int, int], str], dict[Obj, None]] = {}
        self.site_group: dict[SiteKey, int] = {}
        #: facts left unevaluated when the evaluation budget ran out: their call sites are ambiguous
        self.unfinished: set[int] = set()
        #: call sites whose callee expression read a capped node (a count of such reads tells)
        self.capped_sites: set[SiteKey] = set()
        self.capped_reads = 0
        self.annotations: list[tuple[int, Any, list[Any]]] = []
        self.escaped: set[str] = set()
        #: functions some call in the project passed arguments to (the others' parameters are seeded unknown)
        self.called: set[str] = set()
        #: functions some call reached in the merged analysis (not in a context of theirs)
        self.merged_called: set[str] = set()
        #: nodes an annotation may type later, names and return values (read through ``_get``, which filters)
        self.annotated: set[Any] = set()
        #: set when something in the call being evaluated read its arguments' objects
        self._values_read = False
        self.evaluations = 0
        self.symbols = resolver.symbols
        self._external_memo: dict[tuple[str, str], bool] = {}
        self._depth = 0
        self._layouts: dict[str, _Layout] = {}
        self._by_path: dict[str, tuple[list[Any], list[SiteKey]]] | None = None
        self.growths: dict[Any, int] = {}
        self.typed: set[Any] = set()  # annotated names: what the analysis cannot see is the annotated type
        self._derived: dict[str, list[str]] | None = None  # class id -> the classes that extend it directly
        self._lookup_memo: dict[tuple[str, str], Any] = {}
        self._binding: dict[str, int] = {}
        self._members: dict[tuple[str, str], tuple[Any, dict[Obj, None] | None]] = {}
        #: ``phi`` facts: (path, scope, version, the versions it joins), linked once every file is read
        self.phis: list[tuple[str, int, str, list[str]]] = []
        #: per container, the literal keys written into it ("#k" slots), and the containers it is copied into
        #: whole (``d.update(other)``, ``dict(other)``, ``{**other}``, ``d.copy()``): their slots follow
        self.slots: dict[Obj, dict[str, None]] = {}
        self.forwards: dict[Obj, list[Obj]] = {}
        #: the number of elements of list displays without splats (unpacking counts from the end)
        self.lengths: dict[Obj, int] = {}
        #: ``imp`` facts: (path, scope, line, column, local name) → the version an import binds
        self.import_versions: dict[tuple[str, int, int, int, str], str] = {}
        # -- contexts (one level of object and call-site sensitivity; see ``_context``)
        #: the context of the group being evaluated (an index into ``contexts``), None for the merged one
        self.ctx: int | None = None
        #: per context: the function and what it is analysed for (a receiver object, or ``("@", site)``)
        self.contexts: list[tuple[str, Obj]] = []
        self.ctx_of: dict[str, dict[Obj, int]] = {}
        #: per function: its own facts' groups (cloned per context), and its phi facts (linked per context)
        self.scope_groups: dict[str, list[int]] = {}
        self.scope_phis: dict[str, list[tuple[str, str]]] = {}
        #: per function: names code outside it writes (parameters' default values), copied into each context
        self.defaults: dict[str, list[str]] = {}
        #: per function: ``_PER_OBJECT`` or ``_PER_SITE`` (absent: merged only)
        self.context_kind: dict[str, int] = {}
        #: the call site whose callees are being called (where an instance made there is allocated)
        self._site: tuple[Any, ...] | None = None
        #: the call expression of ``_site``: a per-site context of the callee reads its literal arguments
        self._site_call: list[Any] | None = None
        #: (function, parameter, context) -> the string literal the context's call site passes to it
        self.param_literals: dict[tuple[str, str, int], str] = {}
        #: call records made in contexts: site → context → callees (unioned with ``sites`` in answers)
        self.ctx_sites: dict[SiteKey, dict[int, dict[Obj, None]]] = {}
        self.ctx_site_groups: dict[SiteKey, list[int]] = {}
        #: set when a bound that depends on the order of evaluation was met (contexts, site instances)
        self.bounded = False

    # -- set-up ------------------------------------------------------------------------------

    #: has :meth:`run` solved the program (each analysis solves once)
    solved = False
    #: does a project class define ``__getattribute__`` (every read of its instances' attributes calls it)
    reads_hooked = False
    #: does a project class define ``__set_name__`` (making a class calls it on the instances its body binds)
    set_name_hooked = False

    def start(self) -> None:
        """Nothing: this solver holds the interpreter while it solves, so it cannot run beside the
        resolver's pass (the compiled one does); it solves when first asked (:meth:`run`)."""

    def run(self) -> None:
        """Solve, with the garbage collector paused: the analysis builds many small containers and
        no cycles, and scanning them again and again would cost more than the analysis itself."""
        self.solved = True
        enabled = gc.isenabled()
        gc.disable()
        try:
            self._run()
            self._release_solving_state()
        finally:
            if enabled:
                gc.enable()

    def _release_solving_state(self) -> None:
        """Drop what only solving needs: the facts, the dependencies, the copy edges, the growth
        counts, and every points-to set but those ``entities`` reads (a class's ``__call__``, a
        partial's function). Answers read those and the call-site records alone, and the solution is
        kept for a whole MCP session (about 150 MB less on Django)."""
        self.pts = {key: objs for key, objs in self.pts.items() if _read_by_answers(key)}
        self.groups = []
        self.guards = []
        self.deps = {}
        self.copies = {}
        self.growths = {}
        self.waiting = {}
        self.queued = set()
        self.annotations = []
        self.params = {}
        self._layouts = {}

    def _run(self) -> None:
        resolver = self.resolver
        for path, file in resolver.files.items():
            flow = file.extraction.flow
            if file.extraction.language != "python" or not readable(flow):
                continue
            self.files[path] = file
        for path, file in self.files.items():
            self._index_file(path, file)
        for path, file in self.files.items():
            self._link_imports(path, file)
        for path, scope, target, sources in self.phis:  # where paths join, and what a name holds
            owner = self.files[path].ids[scope]
            for source in sources:
                self._copy((owner, source), (owner, target))
                if scope:
                    self.scope_phis.setdefault(owner, []).append((source, target))
        self.reads_hooked = any("__getattribute__" in names for names in self.class_names.values())
        self.set_name_hooked = any("__set_name__" in names for names in self.class_names.values())
        self.annotated = {key for _unused, (key, _path, _scope), _types in self.annotations}
        self.annotated.update((fid, _RETURN) for fid in self.returns_ann)
        self._solve()
        self._seed_fallbacks()

    def _index_file(self, path: str, file: FileIndex) -> None:
        ids = file.ids
        by_scope: dict[int, list[list[Any]]] = {}
        bound = self.module_bound.setdefault(path, set())
        classes: dict[int, set[str] | None] = {}
        #: scopes that cannot be analysed per context: they define functions or classes (closures read
        #: their names), or hold annotations or imports (bound to the merged nodes)
        fixed: set[int] = set()
        functions: list[int] = []
        assert file.extraction.flow is not None
        for fact in decode(file.extraction.flow):
            op, scope = fact[0], fact[1]
            if op == PHI:
                self.phis.append((path, scope, fact[2], fact[3]))
                continue
            if op == IMPORT:
                fixed.add(scope)
                self.import_versions[(path, scope, fact[2][0], fact[2][1], fact[3])] = fact[4]
                continue
            by_scope.setdefault(scope, []).append(fact)
            if op == FUNCTION:
                fid = ids[fact[2]]
                functions.append(fact[2])
                fixed.add(scope)
                if fact[5] or any(param[2] for param in fact[3]):
                    fixed.add(fact[2])
                self.params[fid] = fact[3]
                if fact[4]:
                    self.generators.add(fid)
                if fact[5]:
                    self.returns_ann[fid] = (path, scope, fact[5])
                for position, param in enumerate(fact[3]):
                    if param[2] and not (position == 0 and self._receiver_kind(fid)):
                        self.annotations.append((-1, ((ids[fact[2]], param[0]), path, scope), param[2]))
            elif op in (ASSIGN, DEF, FOR, WITH, EXCEPT, ANNOTATION):
                name = None
                if op == DEF:
                    name = self.symbols[ids[fact[2]]].name
                    if len(fact) > 5 and fact[5]:
                        self.init_fields[ids[fact[2]]] = fact[5]
                    if len(fact) > 7:
                        self.metaclassed.add(ids[fact[2]])
                elif fact[2] is not None and fact[2][0] == NAME and fact[2][2] == scope:
                    name = fact[2][1].partition("@")[0]  # (a version of the name)
                if op == DEF or op == ANNOTATION:
                    fixed.add(scope)
                elif op == ASSIGN and fact[2][0] == NAME and fact[2][2] != scope:  # a default value, say
                    written = self.defaults.setdefault(ids[fact[2][2]], [])
                    if fact[2][1] not in written:
                        written.append(fact[2][1])
                if name is not None:
                    if scope == 0:
                        bound.add(name)
                    else:
                        names = classes.get(scope)
                        if names is None:
                            is_class = self.symbols[ids[scope]].kind.category is Category.TYPE
                            names = classes[scope] = (self.class_names.setdefault(ids[scope], set()) if is_class
                                                      else None)
                        if names is not None:
                            names.add(name)
                if op == ANNOTATION:
                    target = fact[2]
                    if target[0] == NAME:
                        self.annotations.append((-1, ((ids[target[2]], target[1]), path, scope), fact[3]))
        for imp in file.extraction.imports:
            if imp.scope == 0:
                for _imported, local in imp.names:
                    bound.add(local)
                if imp.alias:
                    bound.add(imp.alias)
                elif not imp.names and not imp.star and imp.module:
                    bound.add(imp.module.split(".")[0])
        for scope in sorted(by_scope):
            guard = None
            if scope:
                fid = ids[scope]
                params = self.params.get(fid)
                if params and params[0][1] in (0, 4) and self._receiver_kind(fid):
                    guard = (fid, params[0][0])
            own = self.scope_groups.setdefault(ids[scope], []) if scope else None
            for fact in by_scope[scope]:
                if fact[0] != FUNCTION and (fact[0] != EVAL or _effective(fact[2])):
                    if own is not None:
                        own.append(len(self.groups))
                    self.groups.append((path, scope, fact, None))
                    self.guards.append(guard)
        for index in functions:
            fid = ids[index]
            if index in fixed or fid in self.generators:
                continue
            params = self.params[fid]
            if self._receiver_kind(fid) == "self":
                if params and params[0][1] in (0, 4):
                    self.context_kind[fid] = _PER_OBJECT
            elif len(self.scope_groups.get(fid, ())) <= SMALL_FUNCTION_FACTS:
                self.context_kind[fid] = _PER_SITE

    def _receiver_kind(self, fid: str) -> str:
        """"self" for a method bound to instances, "cls" for a classmethod, "" otherwise."""
        symbol = self.symbols[fid]
        parent = symbol.parent
        if parent is None or self.symbols[parent].kind.category is not Category.TYPE:
            return ""
        if symbol.properties.get("lambda"):
            return ""
        if symbol.properties.get("static"):
            return ""
        if symbol.properties.get("classmethod") or symbol.name in ("__new__", "__init_subclass__",
                                                                   "__class_getitem__"):
            return "cls" if symbol.name != "__new__" else ""
        return "self"

    def _link_imports(self, path: str, file: FileIndex) -> None:
        resolver = self.resolver
        versions = self.import_versions
        for imp in file.extraction.imports:
            if imp.star or imp.reexport:
                continue
            scope_id = file.ids[imp.scope]
            target, module_name = runtime_import_target(resolver, file, imp)
            place = (path, imp.scope, imp.span[0], imp.span[1])
            if imp.names:
                for imported, local in imp.names:
                    key = (scope_id, versions.get((*place, local), local))
                    if target is not None:
                        self._copy((target, imported), key)
                        self._init_global(target, imported)
                        sub = file.rules.submodule(target, imported, resolver.modules)
                        if sub:
                            self._add(key, {("M", sub): None})
                    else:
                        sub = resolver.relative_submodule(file, imp, imported) if imp.level else None
                        if sub:
                            self._add(key, {("M", file.rules.runtime_module(sub, resolver.modules)): None})
                        else:
                            name = f"{module_name}.{imported}" if module_name else imported
                            self._add(key, {("X", name): None})
            elif imp.alias:
                self._add((scope_id, versions.get((*place, imp.alias), imp.alias)),
                          {("M", target) if target else ("X", module_name): None})
            elif imp.module:
                head = imp.module.split(".")[0]
                found = resolver.modules.lookup(head)
                if found:
                    obj: Obj = ("M", sorted(found, key=lambda p: (p.count("/"), p))[0])
                else:
                    obj = ("X", head)
                self._add((scope_id, versions.get((*place, head), head)), {obj: None})
        # a package's name that an import elsewhere sets to its submodule (``import pkg.sub``): the module too
        for (package, name), sub in resolver.loaded_submodules().items():
            if package == path:
                self._add((path, name), {("M", sub): None})

    def _init_global(self, path: str, name: str) -> None:
        """A module-level name that the module itself does not bind: star imports, submodules, builtins."""
        key = (path, name)
        if key in self.initialised:
            return
        self.initialised.add(key)
        file = self.files.get(path)
        if file is None:
            found = self.resolver.module_member(path, name)
            self._add(key, self._entities_to_objects(found))
            return
        if name in self.module_bound.get(path, ()):
            return
        resolver = self.resolver
        # a star import of a module solved here brings the name's values there, the builtin among them where
        # that module does not bind it: the builtin is the name's own value only where no such import brings it
        starred = False
        for imp in file.stars:
            if imp.scope != 0:
                continue
            target, module_name = runtime_import_target(resolver, file, imp)
            if target is None:
                continue
            if target != path and resolver.star_exports(target, name):
                self._copy((target, name), key)
                self._init_global(target, name)
                starred = starred or target in self.files
        sub = file.rules.submodule(path, name, resolver.modules)
        if sub:
            self._add(key, {("M", sub): None})
        if name in _BUILTINS and not starred:
            self._add(key, {("X", f"builtins.{name}"): None})

    def _entities_to_objects(self, entities: list[Entity]) -> dict[Obj, None]:
        out: dict[Obj, None] = {}
        for entity in entities:
            name = type(entity).__name__
            if name == "Sym":
                symbol_id = entity.id  # type: ignore[union-attr]
                symbol = self.symbols[symbol_id]
                if symbol.kind.category is Category.MODULE and symbol_id in self.resolver.files:
                    out[("M", symbol_id)] = None
                elif symbol.kind.category is Category.TYPE:
                    out[("C", symbol_id)] = None
                elif symbol.kind.category is Category.CALLABLE:
                    out[("F", symbol_id)] = None
                else:
                    out[UNK] = None
            elif name == "External":
                out[("X", entity.name)] = None  # type: ignore[union-attr]
            elif name == "Instance":
                out[("I", entity.type_id)] = None  # type: ignore[union-attr]
            else:
                out[UNK] = None
        return out

    # -- nodes ---------------------------------------------------------------------------------

    def _get(self, key: Any) -> dict[Obj, None]:
        """The objects of a node; the group being evaluated is recorded as depending on it."""
        current = self.current
        found = self.pts.get(key)
        if current >= 0:
            deps = self.deps.get(key)
            if deps is None:
                self.deps[key] = {current: None}
            else:
                deps[current] = None
            if found is None:
                return _EMPTY
            if CAPPED in found:
                self.capped_reads += 1
        elif found is None:
            return _EMPTY
        if self.typed and UNK in found and key in self.typed:
            return {o: None for o in found if o != UNK}
        return found

    def _add(self, key: Any, objs: dict[Obj, None]) -> None:
        """Add objects to a node; when it grows, queue its readers and feed the nodes it is copied to.

        The common case, a re-evaluated fact adding what the node already holds (or a frozen node),
        returns after one lookup and a subset test done in C.
        """
        if not objs:
            return
        current = self.pts.get(key)
        if current is not None and (CAPPED in current or objs.keys() <= current.keys()):
            return
        pending = [(key, objs)]
        pts = self.pts
        growths_of = self.growths
        deps_of = self.deps
        copies_of = self.copies
        queued = self.queued
        waiting = self.waiting
        while pending:
            node, values = pending.pop()
            current = pts.get(node)
            if current is None:
                current = pts[node] = {}
            elif CAPPED in current:
                continue  # frozen: whoever reads it knows it is incomplete
            if any(obj[0] == "I" and len(obj) == 3 for obj in values):
                values = self._collapse(current, values)
            if len(current) + len(values) <= MAX_SET_SIZE:
                # no cap can be reached: the new objects, in order, without a size test each
                grown = {obj: None for obj in values if obj not in current}
                if not grown:
                    continue
                current.update(grown)
            else:
                grown = {}
                for obj in values:
                    if obj in current:
                        continue
                    if len(current) >= MAX_SET_SIZE:
                        current[CAPPED] = None
                        grown[CAPPED] = None
                        break
                    current[obj] = None
                    grown[obj] = None
                if not grown:
                    continue
            growths = growths_of.get(node, 0) + 1
            growths_of[node] = growths
            if growths > MAX_GROWTHS and CAPPED not in current:
                # a node that keeps growing a little at a time (long chains, cycles through
                # containers) is widened: frozen and marked incomplete, so its readers stop
                # being evaluated again and again, and their call sites say ambiguous
                current[CAPPED] = None
                grown[CAPPED] = None
            readers = deps_of.get(node)
            if readers:
                queued.update(readers)
            if node in waiting:
                queued.update(waiting.pop(node))
            targets = copies_of.get(node)
            if targets:
                for other in targets:
                    pending.append((other, grown))

    def _collapse(self, current: dict[Obj, None], values: dict[Obj, None]) -> dict[Obj, None]:
        """Instances made at different sites join a node while it holds fewer than ``MAX_SITE_INSTANCES`` of
        their class; after that their class's summary instance joins instead (it stands for every instance:
        its fields hold all of theirs), so that sites do not fill sets up to the cap."""
        out: dict[Obj, None] = {}
        for obj in values:
            if obj[0] != "I" or len(obj) != 3 or obj in current:
                out[obj] = None
                continue
            summary = ("I", obj[1])
            if summary in current or summary in out:
                continue
            count = 0
            for held in (current, out):
                for other in held:
                    if other[0] == "I" and other[1] == obj[1]:
                        count += 1
            if count >= MAX_SITE_INSTANCES:
                self.bounded = True
                out[summary] = None
            else:
                out[obj] = None
        return out

    def _copy(self, source: Any, target: Any) -> None:
        """Everything ``source`` holds, now and later, flows into ``target``."""
        copies = self.copies.get(source)
        if copies is None:
            copies = self.copies[source] = {}
        elif target in copies:
            return
        copies[target] = None
        found = self.pts.get(source)
        if found:
            self._add(target, dict(found))

    def _slot(self, obj: Obj, name: str) -> Any:
        """The node of a literal key's slot of a container, recorded so that copies of it follow."""
        slots = self.slots.get(obj)
        if slots is None:
            slots = self.slots[obj] = {}
        if name not in slots:
            slots[name] = None
            for target in self.forwards.get(obj, ()):
                self._copy((obj, name), self._slot(target, name))
        return (obj, name)

    def _key_slot(self, obj: Obj, key: str) -> str | None:
        """The slot a literal key names in a container: ``#key``, or for a list's negative index the
        position counted from its literal length; None where that position is unknown (no length)."""
        if key[:1] == "-" and obj[0] == "L" and key[1:].isdigit():
            length = self.lengths.get(obj)
            back = int(key[1:])
            return f"#{length - back}" if length is not None and back <= length else None
        return f"#{key}"

    def _forward(self, source: Obj, target: Obj) -> None:
        """Everything ``source`` holds, by key and as a whole, now and later, is in ``target`` too."""
        targets = self.forwards.get(source)
        if targets is None:
            targets = self.forwards[source] = []
        elif target in targets:
            return
        targets.append(target)
        for name in ("*", "?", "keys"):
            self._copy((source, name), (target, name))
        for name in list(self.slots.get(source, ())):
            self._copy((source, name), self._slot(target, name))

    # -- the fixpoint ---------------------------------------------------------------------------

    def _solve(self) -> None:
        """Evaluate facts in rounds, in fact order, until no node grows (or the budget is spent)."""
        if not self.started:
            self.started = True
            self.queued.update(range(len(self.groups)))
        while self.queued:
            batch = sorted(self.queued)
            self.queued.clear()
            for index in batch:
                # (contexts add groups, and the budget grows with them)
                if self.evaluations >= BASE_EVALUATIONS + MAX_EVALUATIONS_PER_FACT * len(self.groups):
                    self.unfinished.update(batch)
                    self.unfinished.update(self.queued)
                    self.queued.clear()
                    self.current = -1
                    self.ctx = None
                    return
                self.evaluations += 1
                self._evaluate_group(index)
        self.current = -1
        self.ctx = None

    def _evaluate_group(self, index: int) -> None:
        path, scope, fact, ctx = self.groups[index]
        self.current = index
        self.ctx = ctx
        self._site = self._site_call = None
        guard = self.guards[index]
        if guard is not None and not self.pts.get(guard):
            # a method no receiver has reached yet: its code waits, and is queued once when one arrives
            # (at the latest when the receiver is seeded with its own class). Only the reads the fact
            # itself makes queue it again: a receiver's later growth does not, unless the fact reads it
            self.waiting.setdefault(guard, []).append(index)
            return
        if path != self.path:
            self.ids = self.files[path].ids
        self.path = path
        self.scope = scope
        self._fact(fact)

    def _seed_fallbacks(self) -> None:
        """Receivers and annotated names nothing flowed into get the declared class; then solve again. An
        annotated name that code we cannot see may also give values (a callback's parameter: ``def
        show_help(ctx: Context, …)`` passed to a project's option and called from outside too) gets the
        annotation's classes in place of the unknown ones.

        Methods of classes that nothing extends are seeded first, so that a method reached through
        ``super()`` from a subclass's seeded method is not seeded with its own class as well.
        """
        methods: list[tuple[int, str, str]] = []
        from codeknit.resolve.api import Sym

        extended = {b.id for bases in self.resolver.bases.values() for b in bases if isinstance(b, Sym)}
        for fid, params in self.params.items():
            receiver = self._receiver_kind(fid)
            if receiver and params and params[0][1] in (0, 4):
                parent = self.symbols[fid].parent
                assert parent is not None
                methods.append((1 if parent in extended else 0, fid, receiver))
        methods.sort()
        depth = None
        for level, fid, receiver in methods + [(2, "", "")]:
            if level != depth:
                self._solve()
                depth = level
            if not fid:
                break
            key = (fid, self.params[fid][0][0])
            if not self.pts.get(key) and not self.ctx_of.get(fid):  # (a method a call reached has contexts)
                self._add(key, self._receivers(fid, "I" if receiver == "self" else "C"))
        self._seed_uncalled()
        self._solve()
        done: set[Any] = set()
        pending = [(key, path, scope, types) for _unused, (key, path, scope), types in self.annotations]
        pending += [((fid, _RETURN), path, scope, types) for fid, (path, scope, types) in self.returns_ann.items()]
        for _ in range(2):
            seeded = False
            for key, path, scope, types in pending:
                # (a name project values flowed into keeps them, unless code we cannot see may give it others
                # too: then the annotation stands for those, as a type checker reads it)
                if key in done or (any(o[0] in _PROJECT_TAGS for o in self.pts.get(key, ()))
                                   and UNK not in self.pts.get(key, ())):
                    continue
                if self._instances_hold(key):
                    done.add(key)
                    continue
                objs = self._annotation_objects(path, scope, types)
                if objs:
                    done.add(key)
                    self.typed.add(key)  # the annotation is trusted over values the analysis cannot see
                    self._add(key, objs)
                    seeded = True
            self._solve()
            if not seeded:
                break

    def _seed_uncalled(self) -> None:
        """The parameters of a function no call in the project reaches (nor handed to code we cannot see,
        which ``_escape`` seeds) hold what its callers outside the project pass: unknown, beside its
        default. A method's ``self`` or ``cls`` keeps the class ``_seed_fallbacks`` gave it; ``*args`` and
        ``**kwargs`` hold unknown too. A parameter whose annotation names classes is left to the annotation,
        which stands for those callers (seeded after this). A function the project calls stays closed-world."""
        seeds: dict[Any, None] = {}
        for fid, params in self.params.items():
            if fid in self.called or fid in self.escaped or not params:
                continue
            skip = 1 if params[0][1] in (0, 4) and (self._receiver_kind(fid) or self._is_new(fid)) else 0
            for param in params[skip:]:
                seeds[(fid, param[0])] = None
        for _unused, (key, path, scope), types in self.annotations:
            if key in seeds and self._annotation_objects(path, scope, types):
                del seeds[key]
        for key in seeds:
            self._add(key, {UNK: None})

    def _is_new(self, fid: str) -> bool:
        """Is ``fid`` a class's ``__new__`` (whose first parameter is the class, though no binding passes it)?"""
        symbol = self.symbols[fid]
        return (symbol.name == "__new__" and symbol.parent is not None
                and self.symbols[symbol.parent].kind.category is Category.TYPE)

    def _instances_hold(self, key: Any) -> bool:
        """Is ``key`` a name a class body only annotates (``fn: Callable``, which makes no class
        attribute) that the class's or a subclass's instances were given values of? Their values are
        what a read gives then, not the declared type besides them."""
        if len(key) != 2 or not isinstance(key[0], str) or key[0] not in self.class_names:
            return False
        owner, name = key[0], key[1].partition("@")[0]  # (the version the annotation is on)
        return any(any(o[0] in _PROJECT_TAGS for o in self.pts.get((("I", klass), name), ()))
                   for klass in [owner, *self._subclasses(owner)])

    def _receivers(self, fid: str, tag: str) -> dict[Obj, None]:
        """What a method's ``self`` (tag ``I``) or ``cls`` (tag ``C``) may be when no call shows it: its
        class, or any project subclass that inherits the method (overrides are not run for those, and a
        subclass that reaches it through ``super()`` passes its own receiver, a flow of its own)."""
        parent = self.symbols[fid].parent
        assert parent is not None
        out: dict[Obj, None] = {(tag, parent): None}
        name = self.symbols[fid].name
        own = self._class_lookup(parent, name)
        for subclass in self._subclasses(parent):
            if self._class_lookup(subclass, name) == own:
                out[(tag, subclass)] = None
        return out

    def _annotation_objects(self, path: str, scope: int, types: list[Any]) -> dict[Obj, None]:
        """What an annotation admits: an instance of each class it names, or of any project subclass of
        one (``discount: Discount`` may hold a ``NoDiscount``, whose override is then a candidate)."""
        self.path, self.scope, self.current = path, scope, -1
        self.ids = self.files[path].ids
        out: dict[Obj, None] = {}
        for expression in types:
            for obj in self._expr(expression):
                if obj[0] == "C":
                    self._admitted(obj[1], out)
                elif obj[0] == "X" and obj[1] not in ("builtins.None", "typing.Any"):
                    out[obj] = None
        return out

    def _admitted(self, class_id: str, out: dict[Obj, None]) -> None:
        """Add what an annotation naming the class admits: an instance of it or of any project subclass."""
        out[("I", class_id)] = None
        for subclass in self._subclasses(class_id):
            out[("I", subclass)] = None

    def _subclasses(self, class_id: str) -> list[str]:
        """The project's classes that extend ``class_id``, directly or not, in id order."""
        if self._derived is None:
            self._derived = derived_classes(self.resolver.bases)
        return subclasses_of(self._derived, class_id)

    # -- facts ----------------------------------------------------------------------------------

    def _fact(self, fact: list[Any]) -> None:  # noqa: C901 - one dispatch over fact kinds
        op = fact[0]
        if op == EVAL:
            value = fact[2]
            if value[0] == CALL and self.copy_edges:
                self._call(value, DISCARD)
            else:
                self._expr(value)
        elif op == ASSIGN:
            target, value = fact[2], fact[3]
            if target[0] == NAME and value[0] == CALL and self.copy_edges:
                key = self._name(target[2], target[1])
                self._add(key, self._call(value, key))
            else:
                self._assign(target, self._expr(value))
        elif op == RETURN:
            key = self._name(fact[1], _RETURN)
            value = fact[2]
            sunk = value[0] == CALL and self.copy_edges
            self._add(key, self._call(value, key) if sunk else self._expr(value))
        elif op == DEF:
            self._define(fact)
        elif op == FOR:
            values = self._iterate(self._expr(fact[3]), fact[4])
            if fact[2] is not None:
                self._assign(fact[2], values)
        elif op == WITH:
            values = self._enter(self._expr(fact[3]), fact[4])
            if fact[2] is not None:
                self._assign(fact[2], values)
        elif op == YIELD:
            fid = self.ids[fact[1]]
            self._add((("G", fid), "*"), self._expr(fact[2]))
        elif op == YIELD_FROM:
            fid = self.ids[fact[1]]
            self._add((("G", fid), "*"), self._iterate(self._expr(fact[2]), fact[3]))
        elif op == RAISE:
            span = fact[3]
            for obj in self._expr(fact[2]):
                if obj[0] == "C":
                    self._implicit(span, {obj: None}, "raise")
                    self._call_object(obj, [], [], None, None, span)
                elif obj is CAPPED:
                    self._implicit(span, _CAPPED_SET, "raise")
                if obj[0] in ("C", "I"):
                    for base in self.resolver.mro(obj[1])[1:]:
                        self._add((RAISED, base), {("I", obj[1]): None})
        elif op == EXCEPT:
            caught: dict[Obj, None] = {}
            for obj in self._expr(fact[3]):
                for item in (self._elements(obj) if obj[0] in _CONTAINER_TAGS else (obj,)):
                    if item[0] == "C":
                        caught[("I", item[1])] = None
                        if fact[2] is not None:
                            # and what the project raises of its subclasses: a subclass's override, not the
                            # handled class's method, runs for one of those
                            caught.update(self._get((RAISED, item[1])))
                    elif item[0] in ("X", "?", "!"):
                        caught[UNK] = None
            if fact[2] is not None:
                self._assign(fact[2], caught)

    def _name(self, index: int, name: str) -> Any:
        """The node of a name bound in scope ``index``: per context in the code of a function analysed
        in one (its own names only: other scopes' are read where they are merged)."""
        if self.ctx is None or index != self.scope:
            return (self.ids[index], name)
        return (self.ids[index], name, self.ctx)

    def _scope_id(self, index: int) -> str:
        return self.files[self.path].ids[index]

    def _define(self, fact: list[Any]) -> None:
        ids = self.files[self.path].ids
        symbol_id = ids[fact[2]]
        symbol = self.symbols[symbol_id]
        value: dict[Obj, None] = {("C" if symbol.kind.category is Category.TYPE else "F", symbol_id): None}
        if len(fact) > 7:
            metaclasses = {obj: None for obj in self._expr(fact[7]) if obj[0] == "C"}
            if metaclasses:
                self._add((symbol_id, METACLASS), metaclasses)
        if len(fact) > 6:
            self._class_made(symbol_id, fact[6])
        for decorator, span in reversed(fact[3]):
            functions = self._expr(decorator)
            result: dict[Obj, None] = {}
            preserved = False
            for obj in functions:
                tag = obj[0]
                if tag in ("X", "?", "!") or obj is IDENTITY or tag == "ID":
                    preserved = preserved or tag in ("X", "ID") or tag == "?"
                    if tag == "!":
                        result[CAPPED] = None
                    if tag != "ID":
                        self._partial(span, "@decorator")
                    continue
                self._implicit(span, {obj: None}, "@decorator")
                for out in self._call_object(obj, [value], [], None, None, span):
                    result[out] = None
            if preserved:  # an external decorator is assumed to keep the function callable through it
                for obj in value:
                    result[obj] = None
            value = result  # empty while a project decorator returns nothing yet: filled on a later round
        if fact[3] and symbol.properties and (symbol.properties.get("classmethod") or symbol.properties.get("static")):
            # ``@classmethod`` (``@staticmethod``) over other decorators: what they made binds as it says
            how = _CLASSMETHOD_OF if symbol.properties.get("classmethod") else _STATIC_OF
            value = {("BM", how, obj) if obj[0] == "F" and obj[1] != symbol_id else obj: None for obj in value}
        self._add(self._name(fact[1], fact[4] if len(fact) > 4 else symbol.name), value)

    def _class_made(self, class_id: str, span: list[int]) -> None:
        """Making a class calls ``__set_name__(owner, name)`` on each instance its body binds whose class defines
        one, then the ``__init_subclass__`` of the first base in its MRO that defines one, with ``cls`` the new
        class."""
        if self.set_name_hooked:
            names = self._sorted_names.get(class_id)
            if names is None:
                names = self._sorted_names[class_id] = sorted(self.class_names.get(class_id, ()))
            owner = {("C", class_id): None}
            for name in names:
                for obj in self._get((class_id, name)):
                    if obj[0] == "I" and self._class_lookup(obj[1], "__set_name__") is not None:
                        self._dunder(obj, "__set_name__", [owner, _STR_SET], span)
        for ancestor in self.resolver.mro(class_id)[1:]:
            if "__init_subclass__" in self.class_names.get(ancestor, ()):
                for value in self._get((ancestor, "__init_subclass__")):
                    if value[0] == "F":
                        self._implicit(span, {value: None}, "__init_subclass__")
                        self._call_function(value[1], [], [], None, None, {("C", class_id): None}, DISCARD)
                return

    def _assign(self, target: list[Any], values: dict[Obj, None]) -> None:
        kind = target[0]
        if kind == NAME:
            self._add(self._name(target[2], target[1]), values)
        elif kind == ATTR:
            for obj in self._expr(target[1]):
                self._store_attribute(obj, target[2], values, target)
        elif kind == SUBSCRIPT:
            key = self._subscript_key(target[2])
            for obj in self._expr(target[1]):
                if obj[0] in _CONTAINER_TAGS:
                    self._add((obj, "*"), values)
                    slot = self._key_slot(obj, key) if key is not None else None
                    self._add(self._slot(obj, slot) if slot is not None else (obj, "?"), values)
                elif obj[0] == "I":
                    self._dunder(obj, "__setitem__", [{CONST: None}, values], target[3])
                if obj[0] != "I":
                    self._partial(target[3], "__setitem__")
        elif kind == TUPLE:
            parts = target[1]
            star = next((position for position, part in enumerate(parts) if part[0] == STAR), None)
            for position, part in enumerate(parts):
                if part[0] == STAR:  # the rest: a new list of what lies between the parts around it
                    after = len(parts) - position - 1
                    rest: dict[Obj, None] = {}
                    for obj in tuple(values):
                        if obj[0] not in _CONTAINER_TAGS:
                            rest[obj] = None
                            continue
                        made: Obj = ("L", "rest", obj, position)
                        length = self.lengths.get(obj)
                        if length is None:
                            self._copy((obj, "*"), (made, "*"))
                            self._copy((obj, "*"), (made, "?"))
                        else:
                            for index in range(position, length - after):
                                self._copy((obj, f"#{index}"), self._slot(made, f"#{index - position}"))
                                self._copy((obj, f"#{index}"), (made, "*"))
                        rest[made] = None
                    self._assign(part[1], rest)
                    continue
                item: dict[Obj, None] = {}
                for obj in values:
                    if obj[0] in _CONTAINER_TAGS:
                        if star is not None and position > star:  # counted from the end
                            length = self.lengths.get(obj)
                            if length is None:
                                item.update(self._get((obj, "*")))
                                continue
                            item.update(self._get((obj, f"#{length - (len(parts) - position)}")))
                        else:
                            item.update(self._get((obj, f"#{position}")))
                        item.update(self._get((obj, "?")))
                    elif obj[0] in ("X", "?", "!", "I", "G"):
                        item.update(self._iterate({obj: None}, target[2]))
                self._assign(part, item)
        elif kind == STAR:
            self._assign(target[1], values)

    def _store_attribute(self, obj: Obj, name: str, values: dict[Obj, None], target: list[Any]) -> None:
        tag = obj[0]
        if tag == "M":
            self._add((obj[1], name), values)
        elif tag == "C":
            self._add((obj[1], name), values)
            self._add((SET_ON_CLASS, name), {obj: None})
        elif tag == "F" and not _is_dunder(name):  # a function attribute (``f.cache = {}``)
            self._add((obj, name), values)
        elif tag == "I":
            found = self._class_lookup(obj[1], name)
            ran = False
            if found is not None:
                for value in self._get(found):
                    if value[0] == "F" and self.symbols[value[1]].kind is SymbolKind.SETTER:
                        span = [target[3], target[4], target[3], target[4] + len(name.encode())]
                        self._implicit(span, {value: None}, name)
                        self._call_function(value[1], [values], [], None, None, {obj: None})
                        ran = True
                    elif value[0] == "BM" and value[1] == _SETTER_OF and value[2][0] == "F":  # property(fget, fset)
                        span = [target[3], target[4], target[3], target[4] + len(name.encode())]
                        self._implicit(span, {value[2]: None}, name)
                        self._call_function(value[2][1], [values], [], None, None, {obj: None})
                        ran = True
                    elif value[0] == "I" and self._class_lookup(value[1], "__set__") is not None:
                        # a data descriptor: assigning the attribute calls its ``__set__``
                        span = [target[3], target[4], target[3], target[4] + len(name.encode())]
                        self._dunder(value, "__set__", [{obj: None}, values], span)
            # a setter of this name runs for some receivers (node ``(_SETTER_OF, name)``): on one without it, the
            # assignment runs none, so where the site's setter call is recorded, it is not certain
            if ran:
                self._add((_SETTER_OF, name), _CONST_SET)
            elif self._get((_SETTER_OF, name)):
                self._partial([target[3], target[4], target[3], target[4] + len(name.encode())], name)
            self._set_field(obj, name, values)

    # -- expressions --------------------------------------------------------------------------

    def _expr(self, e: list[Any]) -> dict[Obj, None]:  # noqa: C901 - one dispatch over expression kinds
        op = e[0]
        if op == NAME:
            key = (self.ids[e[2]], e[1]) if self.ctx is None or e[2] != self.scope else (
                self.ids[e[2]], e[1], self.ctx)
            if e[2] == 0 and key not in self.initialised:
                self._init_global(self.path, e[1])
            return self._get(key)
        if op == CALL:
            return self._call(e)
        if op == ATTR:
            out: dict[Obj, None] = {}
            receivers = self._expr(e[1])
            name = e[2]
            members = self._members
            for obj in receivers:
                if obj[0] == "I":  # inlined _load_attribute: the instance's own, then its class's
                    if self.reads_hooked:
                        self._read_hook(obj, e)
                    if name == "__class__":  # (``self.__class__()`` makes one of the receiver's class)
                        out[("C", obj[1])] = None
                        continue
                    out.update(self._get((obj, name)))
                    if len(obj) == 3:  # a site's instance: and what its class's summary was given itself
                        out.update(self._get((("I", obj[1], DIRECT), name)))
                    if len(obj) == 3 and self.init_fields and name in self._generated_fields(obj[1]):
                        continue  # (a field its generated __init__ set: the instance's own)
                    member = members.get((obj[1], name))
                    if member is None:
                        member = members[(obj[1], name)] = self._class_member(obj[1], name)
                    if member[1] is not None:
                        out.update(member[1])
                        if member[0] is None:
                            self._set_on_class(obj[1], name, obj, e, out)
                            if not member[1]:
                                self._getattr_fallback(obj, name, e, out)
                    else:
                        self._bind(self._get(member[0]), obj, obj[1], e, out)
                else:
                    out.update(self._load_attribute(obj, name, e))
            if len(receivers) > 1 and e[3]:
                self._property_partial(receivers, e)
            return out
        if op == CONSTANT:
            return _STR_SET if len(e) > 1 else _CONST_SET
        if op == DEFINED:
            symbol_id = self.ids[e[1]]
            tag = "C" if self.symbols[symbol_id].kind.category is Category.TYPE else "F"
            return {(tag, symbol_id): None}
        if op == LIST:
            container: Obj = ("L", self.path, e[1], e[2]) if self.ctx is None else (
                "L", self.path, e[1], e[2], self.ctx)
            if not any(element[0] == STAR for element in e[3]):
                self.lengths[container] = len(e[3])
            for position, element in enumerate(e[3]):
                if element[0] == STAR:
                    values = self._iterate(self._expr(element[1]), None)
                    self._add((container, "*"), values)
                    self._add((container, "?"), values)
                else:
                    values = self._expr(element)
                    self._add((container, "*"), values)
                    self._add(self._slot(container, f"#{position}"), values)
            return {container: None}
        if op == DICT:
            container = ("D", self.path, e[1], e[2]) if self.ctx is None else ("D", self.path, e[1], e[2], self.ctx)
            for key, element in e[3]:
                if element[0] == DOUBLE_STAR:
                    for source in self._expr(element[1]):
                        if source[0] in _CONTAINER_TAGS:
                            self._forward(source, container)
                        else:
                            self._add((container, "?"), {UNK: None})
                    continue
                values = self._expr(element)
                self._add((container, "*"), values)
                self._add(self._slot(container, f"#{key}") if key is not None else (container, "?"), values)
                self._add((container, "keys"), {STR if key is not None and not key[:1].isdigit() else CONST: None})
            return {container: None}
        if op == SUBSCRIPT:
            key = self._subscript_key(e[2])
            out = {}
            marked = False
            for obj in self._expr(e[1]):
                tag = obj[0]
                if tag in _CONTAINER_TAGS:
                    if key == ":" and tag == "L":  # a new list of the elements, none at a known position,
                        # one per slice written (keyed by where it ends: a negative line is no other list's)
                        made: Obj = ("L", self.path, -e[3][2], e[3][3])
                        self._copy((obj, "*"), (made, "*"))
                        self._copy((obj, "*"), (made, "?"))
                        out[made] = None
                    elif key == ":":
                        out[obj] = None
                    elif key is None or (slot := self._key_slot(obj, key)) is None:
                        out.update(self._get((obj, "*")))
                    else:
                        out.update(self._get((obj, slot)))
                        out.update(self._get((obj, "?")))
                elif tag == "I":
                    out.update(self._dunder(obj, "__getitem__", [{CONST: None}], e[3]))
                    if self._class_lookup(obj[1], "__getitem__") is None and \
                            self._class_lookup(obj[1], "__missing__") is not None:
                        # a dict subclass: ``dict.__getitem__`` calls ``__missing__`` for a key it lacks
                        out.update(self._dunder(obj, "__missing__", [{CONST: None}], e[3]))
                elif tag in ("X", "?", "!", "C"):
                    out[UNK] = None
                if tag != "I" and not marked:  # marked once: marking again changes nothing
                    marked = True
                    self._partial(e[3], "__getitem__")
            return out
        if op == ONE_OF:
            out = {}
            for part in e[1]:
                out.update(self._expr(part))
            return out
        if op == BINARY:
            return self._binary(e)
        if op == UNARY and e[1] == "__delattr__" and e[2][0] == ATTR:  # ``del x.a``: no read of ``a``
            self._delete_attribute(e[2])
            return _CONST_SET
        if op == UNARY:
            out = {}
            for obj in self._expr(e[2]):
                if obj[0] == "I" and e[1] == "__bool__":  # a truth test: ``__bool__``, else ``__len__``, else true
                    name = "__bool__" if self._class_lookup(obj[1], "__bool__") is not None else "__len__"
                    if self._class_lookup(obj[1], name) is not None:
                        self._dunder(obj, name, [], e[3])
                    out[CONST] = None
                elif obj[0] == "I" and e[1] in _TEXT_METHODS:  # a formatted value (an f-string)
                    self._text(obj, e[1], e[3])
                    out[STR] = None
                elif obj[0] == "I" and e[1]:
                    out.update(self._dunder(obj, e[1], [], e[3]))
                else:
                    if e[1]:
                        self._partial(e[3], e[1])
                    out[CONST if obj[0] != "?" else UNK] = None
            return out
        if op == SUPER:
            out = {}
            classes = [o for o in self._expr(e[1]) if o[0] == "C"]
            for receiver in self._expr(e[2]):
                for klass in classes:
                    out[("S", klass[1], receiver)] = None
            return out
        return {UNK: None}

    def _binary(self, e: list[Any]) -> dict[Obj, None]:
        dunder = e[1]
        left = self._expr(e[2])
        right = self._expr(e[3])
        out: dict[Obj, None] = {}
        handled = False
        marked = not dunder
        # list + list, list * n, n * list: a new list, its elements at positions the analysis does not count
        lists = [o for o in left if o[0] == "L"] if dunder in ("__add__", "__mul__") else []
        if lists or dunder == "__mul__":
            lists += [o for o in right if o[0] == "L"]
        joined = bool(lists)
        if joined:  # one per operator written (a negative line and column are no other list's)
            made: Obj = ("L", self.path, -e[4][0], -e[4][1] - 1)
            for obj in lists:
                self._copy((obj, "*"), (made, "*"))
                self._copy((obj, "*"), (made, "?"))
            out[made] = None
        for obj in left:
            if obj[0] == "I" and dunder:
                name = self._compared_by(obj[1], dunder)
                found = self._dunder(obj, name, [right], e[4])
                if found or self._class_lookup(obj[1], name) is not None:
                    handled = True
                out.update(found)
            elif obj[0] in _CONTAINER_TAGS and not (joined and obj[0] == "L"):
                out[obj] = None
                out.update({o: None for o in right if o[0] in _CONTAINER_TAGS and not (joined and o[0] == "L")})
            if obj[0] != "I" and not marked:  # marked once: marking again changes nothing
                marked = True
                self._partial(e[4], dunder)
        reflected = _REFLECTED.get(dunder)
        if reflected and not handled:
            for obj in right:
                if obj[0] == "I":
                    name = self._compared_by(obj[1], reflected)
                    out.update(self._dunder(obj, name, [left], e[4]))
                    handled = handled or self._class_lookup(obj[1], name) is not None
                else:
                    self._partial(e[4], reflected)
            if any(o[0] in ("?", "X", "!") for o in left):
                self._partial(e[4], reflected)  # the left operand's own method may answer
        if not out and not handled:  # a project dunder answers later, when its return value is known
            unknown = any(o[0] in ("?", "X", "!") for o in left) or any(o[0] in ("?", "X", "!") for o in right)
            out[UNK if unknown else CONST] = None
        return out

    def _order(self, elements: dict[Obj, None], dunder: str, span: list[int]) -> None:
        """``sorted``, ``min``, ``list.sort`` compare the elements with ``<`` (``max`` with ``>``): each instance's
        method, or without one the mirrored method (the other operand's answers)."""
        for obj in elements:
            if obj[0] == "I":
                name = dunder
                if self._class_lookup(obj[1], dunder) is None and self._class_lookup(obj[1], _REFLECTED[dunder]):
                    name = _REFLECTED[dunder]
                self._dunder(obj, name, [elements], span)

    def _delete_attribute(self, e: list[Any]) -> None:
        """``del x.a``: the deleter of a property ``a`` of an instance's class runs (or a descriptor's
        ``__delete__``)."""
        name = e[2]
        span = [e[3], e[4], e[3], e[4] + len(name.encode())]
        for obj in self._expr(e[1]):
            if obj[0] != "I":
                continue
            found = self._class_lookup(obj[1], name)
            for value in self._get(found) if found is not None else ():
                if value[0] == "F" and self._binding_of(value[1]) == _SETTER and \
                        self.symbols[value[1]].kind is not SymbolKind.SETTER:
                    self._implicit(span, {value: None}, name)
                    self._call_function(value[1], [], [], None, None, {obj: None}, DISCARD)
                elif value[0] == "I" and self._class_lookup(value[1], "__delete__") is not None:
                    self._dunder(value, "__delete__", [{obj: None}], span)

    def _text(self, obj: Obj, dunder: str, span: list[int]) -> None:
        """The instance's text: ``__format__``, ``__str__`` or ``__repr__``, or the first of what ``object``'s
        falls back to (``format()`` to ``str()``, ``str()`` to ``repr()``) that its class defines."""
        for name in _TEXT_METHODS[dunder]:
            if self._class_lookup(obj[1], name) is not None:
                self._dunder(obj, name, [], span)
                return
        self._partial(span, dunder)

    def _compared_by(self, class_id: str, dunder: str) -> str:
        """The method an operator calls on an instance of the class: ``!=`` without a ``__ne__`` in the project
        calls ``object.__ne__``, which calls ``__eq__`` and inverts it."""
        if dunder == "__ne__" and self._class_lookup(class_id, "__ne__") is None and \
                self._class_lookup(class_id, "__eq__") is not None:
            return "__eq__"
        return dunder

    def _dunder(self, obj: Obj, name: str, args: list[dict[Obj, None]], span: list[int]) -> dict[Obj, None]:
        """Call a special method of an instance (an operator, a protocol), recording the implicit call."""
        found = self._class_lookup(obj[1], name)
        if found is None:
            self._partial(span, name)
            return {}
        out: dict[Obj, None] = {}
        for value in self._get(found):
            if value[0] == "F":
                self._implicit(span, {value: None}, name)
                out.update(self._call_function(value[1], args, [], None, None, {obj: None}))
            elif value is CAPPED:
                self._implicit(span, _CAPPED_SET, name)
        return out

    def _iterate(self, objs: dict[Obj, None], span: list[int] | None) -> dict[Obj, None]:
        out: dict[Obj, None] = {}
        marked = span is None  # no span: nothing to mark (``_partial`` would do nothing)
        for obj in objs:
            tag = obj[0]
            if tag != "I" and not marked:  # marked once: marking again changes nothing
                marked = True
                self._partial(span, "__iter__")
                self._partial(span, "__next__")
            if tag in _CONTAINER_TAGS:
                out.update(self._elements(obj))
            elif tag == "G":
                out.update(self._get((obj, "*")))
            elif tag == "I":
                if span is None:
                    span = [0, 0, 0, 0]
                first, then = "__iter__", "__next__"
                if self._class_lookup(obj[1], "__iter__") is None and self._class_lookup(obj[1], "__aiter__"):
                    first, then = "__aiter__", "__anext__"  # (only the asynchronous protocol: ``async for``)
                iterators = self._dunder(obj, first, [], span)
                for iterator in iterators:
                    if iterator[0] == "I":
                        out.update(self._dunder(iterator, then, [], span))
                    elif iterator[0] in _CONTAINER_TAGS or iterator[0] == "G":
                        out.update(self._iterate({iterator: None}, None))
                    else:
                        self._partial(span, then)
                        out[UNK] = None
                if self._class_lookup(obj[1], first) is None:
                    out[UNK] = None
            elif tag in ("IT", "VW"):
                out.update(self._elements(obj))
            elif tag in ("X", "?", "!"):
                out[UNK] = None
            elif tag == "K" or tag == "X":
                out[CONST] = None
        return out

    def _elements(self, obj: Obj) -> dict[Obj, None]:
        tag = obj[0]
        if tag == "D":
            return self._get((obj, "keys")) or {CONST: None}
        if tag == "L":
            return self._get((obj, "*"))
        if tag == "VW":
            return self._get((obj[1], "*"))
        if tag == "IT":
            pair: Obj = ("L", "items", obj[1])
            self._copy((obj[1], "keys"), (pair, "#0"))
            self._copy((obj[1], "*"), (pair, "#1"))
            self._copy((obj[1], "keys"), (pair, "*"))
            self._copy((obj[1], "*"), (pair, "*"))
            return {pair: None}
        return {}

    def _enter(self, objs: dict[Obj, None], span: list[int]) -> dict[Obj, None]:
        out: dict[Obj, None] = {}
        for obj in objs:
            tag = obj[0]
            if tag == "I":
                enter, leave = "__enter__", "__exit__"
                if self._class_lookup(obj[1], "__enter__") is None and self._class_lookup(obj[1], "__aenter__"):
                    enter, leave = "__aenter__", "__aexit__"  # (only the asynchronous protocol: ``async with``)
                out.update(self._dunder(obj, enter, [], span))
                self._dunder(obj, leave, [{CONST: None}, {CONST: None}, {CONST: None}], span)
                if self._class_lookup(obj[1], enter) is None:
                    out[UNK] = None
            else:
                self._partial(span, "__enter__")
                self._partial(span, "__exit__")
                if tag == "G":  # a @contextmanager generator: ``as`` binds what it yields
                    out.update(self._get((obj, "*")))
                else:
                    out[UNK] = None
        return out

    # -- attributes -----------------------------------------------------------------------------

    def _class_lookup(self, class_id: str, name: str) -> Any:
        """The node of the first class in the MRO that binds ``name`` in its body, or None."""
        key = (class_id, name)
        found = self._lookup_memo.get(key, _MISSING)
        if found is not _MISSING:
            return found
        found = None
        for ancestor in self.resolver.mro(class_id):
            if name in self.class_names.get(ancestor, ()):
                found = (ancestor, name)
                break
        self._lookup_memo[key] = found
        return found

    def _external_defines(self, class_id: str, name: str) -> bool:
        """May a base outside the project (of the class or an ancestor) define ``name``?"""
        key = (class_id, name)
        found = self._external_memo.get(key)
        if found is None:
            found = self._external_memo[key] = self.resolver.external_may_define(class_id, name)
        return found

    def _load_attribute(self, obj: Obj, name: str, e: list[Any] | None) -> dict[Obj, None]:  # noqa: C901
        tag = obj[0]
        if tag == "M":
            path = obj[1]
            key = (path, name)
            if key not in self.initialised:
                self._init_global(path, name)
            got = self._get(key)
            if not got and e is not None and path in self.files and not _is_dunder(name):
                bound = self.module_bound.get(path, ())
                if "__getattr__" in bound and name not in bound:
                    return self._module_getattr(path, e)
            return got
        if tag == "I":
            if self.reads_hooked and e is not None:
                self._read_hook(obj, e)
            if name == "__class__":
                return {("C", obj[1]): None}
            out = dict(self._get((obj, name)))
            if len(obj) == 3:
                out.update(self._get((("I", obj[1], DIRECT), name)))
                if self.init_fields and name in self._generated_fields(obj[1]):
                    return out  # (a field its generated __init__ set: the instance's own)
            out.update(self._class_attribute(obj[1], name, obj, e))
            return out
        if tag == "C":
            out = self._class_attribute(obj[1], name, None, e)
            if not out and self.metaclassed and not _is_dunder(name):
                return self._metaclass_attribute(obj, name)
            return out
        if tag == "S":
            klass, receiver = obj[1], obj[2]
            if receiver[0] not in ("I", "C"):
                return {UNK: None}
            chain = self.resolver.mro(receiver[1])
            if receiver[0] == "C" and klass not in chain:  # in a metaclass's method, whose receiver is a class
                return self._metaclass_super(klass, receiver, name)
            after = chain[chain.index(klass) + 1:] if klass in chain else []
            for ancestor in after:
                if name in self.class_names.get(ancestor, ()):
                    return self._bind(self._get((ancestor, name)), receiver if receiver[0] == "I" else None,
                                      receiver[1], e)
            return {UNK: None} if self._external_defines(receiver[1], name) or not after else {}
        if tag in _CONTAINER_TAGS or (tag == "G" and name == "send"):
            return {("BM", name, obj): None}
        if tag == "X":
            if obj == STR and _no_constant_has(name):
                return {}  # (a string has no such attribute: ``x = A() if c else "-"`` then ``x.m()`` calls A.m)
            return {("X", f"{obj[1]}.{name}"): None}
        if tag == "F":
            if name == "__call__":
                return {obj: None}
            if not _is_dunder(name):  # what the program set on the function (nothing: no such attribute)
                return self._get((obj, name))
        if tag == "K" and _no_constant_has(name):
            return {}  # (no constant has it: ``x = A() if c else None`` then ``x.m()`` calls A.m, or raises)
        return {UNK: None}

    def _metaclass_attribute(self, obj: Obj, name: str) -> dict[Obj, None]:
        """What a class object's attribute is where no class of its MRO has it: its metaclass's, a function
        bound to the class (``cls._instances`` in a metaclass's ``__call__``)."""
        owner = self._metaclass_owner(obj[1])
        out: dict[Obj, None] = {}
        if owner is None:
            return out
        for meta in self._get((owner, METACLASS)):
            found = self._class_lookup(meta[1], name)
            if found is not None:
                for value in self._get(found):
                    out[("B", value[1], obj) if value[0] == "F" else value] = None
        return out

    def _metaclass_super(self, klass: str, receiver: Obj, name: str) -> dict[Obj, None]:
        """``super().name`` in a method of the metaclass ``klass`` run on a class: the next of the metaclass's
        MRO that binds it, bound to the class, or else ``type``'s own: ``__call__`` makes an instance of it."""
        for ancestor in self.resolver.mro(klass)[1:]:
            if name in self.class_names.get(ancestor, ()):
                return {("B", value[1], receiver) if value[0] == "F" else value: None
                        for value in self._get((ancestor, name))}
        return {("BM", "__call__", receiver): None} if name == "__call__" else {UNK: None}

    def _module_getattr(self, path: str, e: list[Any]) -> dict[Obj, None]:
        """What a module's ``__getattr__`` (PEP 562) gives for a name it does not bind, which nothing imports
        into it nor sets on it: a call of it with the name, recorded where the attribute is read."""
        span = [e[3], e[4], e[3], e[4] + len(e[2].encode())] if len(e) >= 5 and e[3] else [0, 0, 0, 0]
        out: dict[Obj, None] = {}
        for value in self._get((path, "__getattr__")):
            if value[0] == "F":
                self._implicit(span, {value: None}, "__getattr__")
                out.update(self._call_function(value[1], [_STR_SET], [], None, None, None))
            elif value is CAPPED:
                self._implicit(span, _CAPPED_SET, "__getattr__")
                out[CAPPED] = None
            else:
                out[UNK] = None
        return out

    def _class_attribute(self, class_id: str, name: str, instance: Obj | None, e: list[Any] | None
                         ) -> dict[Obj, None]:
        key = (class_id, name)
        member = self._members.get(key)
        if member is None:
            member = self._members[key] = self._class_member(class_id, name)
        found, fixed = member
        if fixed is not None:
            if found is None:  # no body binds it: maybe the program sets it on the class or a base later
                out = self._set_on_class(class_id, name, instance, e, dict(fixed))
                if not fixed and instance is not None and instance[0] == "I":
                    self._getattr_fallback(instance, name, e, out)
                return out
            return dict(fixed)
        return self._bind(self._get(found), instance, class_id, e)

    def _read_hook(self, obj: Obj, e: list[Any]) -> None:
        """A read of an instance's attribute calls its class's ``__getattribute__`` (what it gives is left to the
        usual lookup, which it mostly delegates to through ``super()``)."""
        found = self._class_lookup(obj[1], "__getattribute__")
        if found is None:
            return
        span = [e[3], e[4], e[3], e[4] + len(e[2].encode())] if len(e) >= 5 and e[3] else [0, 0, 0, 0]
        for value in self._get(found):
            if value[0] == "F":
                self._implicit(span, {value: None}, "__getattribute__")
                self._call_function(value[1], [_STR_SET], [], None, None, {obj: None}, DISCARD)

    def _getattr_fallback(self, obj: Obj, name: str, e: list[Any] | None, out: dict[Obj, None]) -> None:
        """Into ``out``: what the class's ``__getattr__`` gives for a name that neither the instance nor its
        class has (nor was set on the class later); not for dunders, which Python looks up on the type."""
        if _is_dunder(name):
            return
        found = self._class_lookup(obj[1], "__getattr__")
        if found is None:
            return
        if self._get((obj, name)) or (len(obj) == 3 and self._get((("I", obj[1], DIRECT), name))):
            return
        chain = self.resolver.mro(obj[1])
        if any(klass[0] == "C" and klass[1] in chain for klass in self._get((SET_ON_CLASS, name))):
            return
        span = [e[3], e[4], e[3], e[4] + len(e[2].encode())] if e is not None and len(e) >= 5 and e[3] \
            else [0, 0, 0, 0]
        out.update(self._dunder(obj, "__getattr__", [_STR_SET], span))

    def _set_on_class(self, class_id: str, name: str, instance: Obj | None, e: list[Any] | None,
                      out: dict[Obj, None]) -> dict[Obj, None]:
        """Into ``out``: what ``name`` was set to on the class or an ancestor outside their bodies
        (``A.run = f`` after ``class A``), bound as a method of the class would be."""
        classes = self._get((SET_ON_CLASS, name))
        if classes:
            chain = self.resolver.mro(class_id)
            for klass in classes:
                if klass[0] == "C" and klass[1] in chain:  # (not the cap's marker)
                    self._bind(self._get((klass[1], name)), instance, class_id, e, out)
        return out

    def _class_member(self, class_id: str, name: str) -> tuple[Any, dict[Obj, None] | None]:
        """The node a class attribute is read from, or the fixed answer when none is needed (asked
        once per class and name): nothing found, an external base that may define it, an enum member."""
        found = self._class_lookup(class_id, name)
        if found is None:
            return None, {UNK: None} if self._external_defines(class_id, name) else {}
        owner = found[0]
        if self.symbols[owner].kind is SymbolKind.ENUM:  # ``Color.RED`` is a Color
            members = self.resolver.members.get(owner, {}).get(name, ())
            if any(self.symbols[m].kind is SymbolKind.ENUM_MEMBER for m in members):
                return found, {("I", owner): None}
        return found, None

    def _bind(self, values: dict[Obj, None], instance: Obj | None, class_id: str, e: list[Any] | None,
              out: dict[Obj, None] | None = None) -> dict[Obj, None]:
        """What reading functions (and other values) off a class or instance gives: bound methods,
        classmethods bound to the class, getters called; into ``out`` when given."""
        if out is None:
            out = {}
        binding = self._binding
        for value in values:
            if value[0] != "F":
                if value[0] == "BM" and value[2][0] == "F":  # a function wrapped to bind in its own way
                    self._bind_wrapped(value, instance, class_id, e, out)
                    continue
                if value[0] == "I" and self._class_lookup(value[1], "__get__") is not None:
                    # a descriptor: reading it off the class or an instance calls its ``__get__``
                    span = [e[3], e[4], e[3], e[4] + len(e[2].encode())] if e is not None and len(e) >= 5 and e[3] \
                        else [0, 0, 0, 0]
                    owner = {("C", class_id): None}
                    out.update(self._dunder(value, "__get__", [{instance: None} if instance is not None else _CONST_SET,
                                                               owner], span))
                    continue
                out[value] = None
                continue
            how = binding.get(value[1])
            if how is None:
                how = binding[value[1]] = self._binding_of(value[1])
            if how == _PLAIN:
                out[("B", value[1], instance) if instance is not None else value] = None
                continue
            if how == _SETTER:
                continue
            if how == _GETTER:
                if instance is None:
                    out[UNK] = None
                    continue
                if e is not None and len(e) >= 5 and e[3]:
                    span = [e[3], e[4], e[3], e[4] + len(e[2].encode())]
                    self._implicit(span, {value: None}, e[2])
                out.update(self._call_function(value[1], [], [], None, None, {instance: None}))
                continue
            if how == _STATIC:
                out[value] = None
            else:  # a classmethod
                out[("B", value[1], ("C", class_id))] = None
        return out

    def _bind_wrapped(self, value: Obj, instance: Obj | None, class_id: str, e: list[Any] | None,
                      out: dict[Obj, None]) -> None:
        """Reading ``("BM", how, function)`` off a class or instance: a getter is called (with the instance), a
        classmethod bound to the class, a staticmethod as it is; a setter is not what a read gives."""
        how, function = value[1], value[2]
        if how == _CLASSMETHOD_OF:
            out[("B", function[1], ("C", class_id))] = None
        elif how == _STATIC_OF:
            out[function] = None
        elif how == _GETTER_OF:
            if instance is None:
                out[UNK] = None
                return
            if e is not None and len(e) >= 5 and e[3]:
                self._implicit([e[3], e[4], e[3], e[4] + len(e[2].encode())], {function: None}, e[2])
            out.update(self._call_function(function[1], [], [], None, None, {instance: None}))

    def _binding_of(self, fid: str) -> int:
        """How a function found on a class binds when loaded as an attribute (asked once per function)."""
        symbol = self.symbols[fid]
        if symbol.kind is SymbolKind.SETTER or (symbol.properties and is_deleter(symbol.properties)):
            return _SETTER  # (a deleter neither: reading the attribute does not give it)
        if symbol.kind is SymbolKind.PROPERTY:
            return _GETTER
        if symbol.properties.get("static"):
            return _STATIC
        if symbol.properties.get("classmethod"):
            return _CLASSMETHOD
        return _PLAIN

    # -- calls ----------------------------------------------------------------------------------

    def _call(self, e: list[Any], sink: Any = None) -> dict[Obj, None]:
        """The values a call gives. With a ``sink`` node, what the project's functions return flows
        into it by copy edges instead (so the fact is not evaluated again when a return value grows),
        and only the other values are given back; with ``DISCARD``, return values are not read."""
        reads = self.capped_reads
        callees = self._expr(e[3])
        callee_capped = self.capped_reads != reads
        args = [self._argument(a) for a in e[4]]
        keywords = [(k, self._argument(v)) for k, v in e[5]]
        star = self._expr(e[6]) if e[6] is not None else None
        double = self._expr(e[7]) if e[7] is not None else None
        span = e[1]
        key: SiteKey = (self.path, self.scope, (span[0], span[1], span[2], span[3]))
        sites = self.sites
        ctx = self.ctx
        if key not in sites:
            self.site_group[key] = self.current
            if not e[2]:
                self.site_text[key] = e[8] or "<call>"
            if ctx is not None:
                sites[key] = {}
        if callee_capped:
            self.capped_sites.add(key)
        # the latest evaluation sees every callee so far (sets only grow, except where an annotation
        # replaced what the analysis could not see): it replaces the site's record (its context's), which
        # keeps the first MAX_SET_SIZE callees and then CAPPED
        if len(callees) <= MAX_SET_SIZE:
            record = dict(callees)
        else:
            record = dict.fromkeys(islice(callees, MAX_SET_SIZE))
            record[CAPPED] = None
        if ctx is None:
            sites[key] = record
        else:
            per = self.ctx_sites.get(key)
            if per is None:
                per = self.ctx_sites[key] = {}
            if ctx not in per:
                self.ctx_site_groups.setdefault(key, []).append(self.current)
            per[ctx] = record
        outer, outer_call = self._site, self._site_call
        self._site = (self.path, span[0], span[1], span[2], span[3])
        self._site_call = e
        out: dict[Obj, None] = {}
        receivers: dict[str, dict[Obj, None]] = {}
        self._values_read = False
        # a snapshot: what the call passes on may grow the very node the callees are read from (a
        # function calling its own parameter with an argument that flows back into it, a sink)
        for callee in tuple(callees):
            if callee[0] == "B":  # bound methods of one function: one binding with all their receivers
                found = receivers.get(callee[1])
                if found is None:
                    receivers[callee[1]] = {callee[2]: None}
                else:
                    found[callee[2]] = None
                continue
            out.update(self._call_object(callee, args, keywords, star, double, span, e, sink))
        for fid, objs in receivers.items():
            out.update(self._call_function(fid, args, keywords, star, double, objs, sink))
        self._site, self._site_call = outer, outer_call
        if self._values_read:  # evaluate the call again when a plain-name argument grows
            for values in args:
                if type(values) is _Flow:
                    self._get(values.key)
            for _keyword, values in keywords:
                if type(values) is _Flow:
                    self._get(values.key)
        return out

    def _argument(self, e: list[Any]) -> dict[Obj, None]:
        """An argument's objects; a plain name's as a ``_Flow``, read without a dependency."""
        if e[0] != NAME or not self.copy_edges:
            return self._expr(e)
        key = self._name(e[2], e[1])
        if key in self.annotated:
            return self._get(key)
        if e[2] == 0 and key not in self.initialised:
            self._init_global(self.path, e[1])
        return _Flow(key, self.pts.get(key, _EMPTY))

    def _call_object(self, callee: Obj, args: list[dict[Obj, None]], keywords: list[tuple[str, dict[Obj, None]]],
                     star: dict[Obj, None] | None, double: dict[Obj, None] | None, span: list[int],
                     e: list[Any] | None = None, sink: Any = None) -> dict[Obj, None]:
        if self._depth > 16:  # partials of partials, instances called through __call__ chains
            return {UNK: None}
        self._depth += 1
        try:
            return self._call_object_uncounted(callee, args, keywords, star, double, span, e, sink)
        finally:
            self._depth -= 1

    def _call_object_uncounted(self, callee: Obj, args: list[dict[Obj, None]],
                               keywords: list[tuple[str, dict[Obj, None]]], star: dict[Obj, None] | None,
                               double: dict[Obj, None] | None, span: list[int], e: list[Any] | None,
                               sink: Any = None) -> dict[Obj, None]:
        tag = callee[0]
        if tag == "F":
            return self._call_function(callee[1], args, keywords, star, double, None, sink)
        if tag == "B":
            return self._call_function(callee[1], args, keywords, star, double, {callee[2]: None}, sink)
        if tag == "C":
            if self.metaclassed:
                calls = self._metaclass_calls(callee[1], self._get)
                if calls:  # the metaclass's ``__call__`` runs, with ``cls`` the class: what it returns is the call's
                    out: dict[Obj, None] = {}
                    for value in calls:
                        out.update(self._call_function(value[1], args, keywords, star, double, {callee: None}, sink))
                    return out
            return self._instantiate(callee, args, keywords, star, double, span)
        if tag == "I":
            out = {}
            for bound in self._class_attribute(callee[1], "__call__", callee, None):
                if bound[0] in ("B", "F"):
                    out.update(self._call_object(bound, args, keywords, star, double, span, None, sink))
                else:
                    out[UNK] = None
            return out
        if tag == "X":
            return self._call_external(callee[1], args, keywords, star, double, span, e)
        if tag == "P":
            prefix = [self._get((callee, f"#{i}")) for i in range(callee[4])]
            out = {}
            for function in self._get((callee, "func")):
                out.update(self._call_object(function, [*prefix, *args], keywords, star, double, span, None, sink))
            return out
        if tag == "ID":
            self._values_read = True
            return dict(args[0]) if args else {}
        if tag == "BM":
            if callee[2][0] == "C":  # ``type.__call__`` of a class (``super().__call__()`` in its metaclass)
                return self._instantiate(callee[2], args, keywords, star, double, span)
            if callee[2][0] == "F":  # a wrapped function: a staticmethod object calls it, the others are no callables
                if callee[1] == _STATIC_OF:
                    return self._call_function(callee[2][1], args, keywords, star, double, None, sink)
                return {UNK: None}
            return self._container_method(callee, args, keywords, e)
        if tag in ("?", "!"):
            self._values_read = True
            self._escape(args, keywords)
            return {UNK: None}
        return {}

    def _metaclass_calls(self, class_id: str, read: Any) -> dict[Obj, None]:
        """The functions a call of the class runs first: the ``__call__`` of its metaclass (named by the first
        class of its MRO that names one), through the metaclass's MRO; none where it defines none."""
        owner = self._metaclass_owner(class_id)
        if owner is None:
            return _EMPTY
        out: dict[Obj, None] = {}
        for meta in read((owner, METACLASS)):
            found = self._class_lookup(meta[1], "__call__")
            if found is not None:
                for value in read(found):
                    if value[0] == "F":
                        out[value] = None
        return out

    def _final(self, key: Any) -> dict[Obj, None]:
        """A node's objects once solved (no dependency recorded)."""
        return self.pts.get(key, _EMPTY)

    def _metaclass_owner(self, class_id: str) -> str | None:
        """The first class of the class's MRO that names a metaclass, or None."""
        found = self._metaclass_owners.get(class_id, _MISSING)
        if found is _MISSING:
            found = next((klass for klass in self.resolver.mro(class_id) if klass in self.metaclassed), None)
            self._metaclass_owners[class_id] = found
        return found  # type: ignore[return-value]

    def _instantiate(self, callee: Obj, args: list[dict[Obj, None]], keywords: list[tuple[str, dict[Obj, None]]],
                     star: dict[Obj, None] | None, double: dict[Obj, None] | None, span: list[int]
                     ) -> dict[Obj, None]:
        """``type.__call__`` of a class: its ``__new__`` and ``__init__`` (or the generated ``__init__``)."""
        instance = self._instance(callee[1])
        made: dict[Obj, None] = {instance: None}
        found = self._class_lookup(callee[1], "__new__")
        if found is not None:
            # what the project's ``__new__`` returns is what the call gives: an instance of another class
            # as it is (no ``__init__`` runs for it), anything else as this site's instance of the class
            # (``super().__new__(cls)``, a stored instance of it)
            made = {}
            for value in self._get(found):
                if value[0] != "F":
                    made[instance] = None
                    continue
                self._implicit(span, {value: None}, "__new__")
                for obj in self._call_function(value[1], [{callee: None}, *args], keywords, star, double, None):
                    if obj[0] == "I" and callee[1] not in self.resolver.mro(obj[1]):
                        made[obj] = None
                    else:
                        made[instance] = None
        if instance in made:
            found = self._class_lookup(callee[1], "__init__")
            for value in self._get(found) if found is not None else ():
                if value[0] == "F":
                    self._call_function(value[1], args, keywords, star, double, {instance: None}, DISCARD)
            if self.init_fields and self._generated_fields(callee[1]):
                self._generated_init(callee[1], instance, args, keywords)
                # the generated ``__init__`` ends with the class's ``__post_init__`` (dataclasses; attrs's
                # ``__attrs_post_init__``)
                for hook in ("__post_init__", "__attrs_post_init__"):
                    found = self._class_lookup(callee[1], hook)
                    for value in self._get(found) if found is not None else ():
                        if value[0] == "F":
                            self._implicit(span, {value: None}, hook)
                            self._call_function(value[1], [], [], None, None, {instance: None}, DISCARD)
        return made

    def _generated_init(self, class_id: str, instance: Obj, args: list[dict[Obj, None]],
                        keywords: list[tuple[str, dict[Obj, None]]]) -> None:
        """A call of a class whose ``__init__`` its decorator or base generates: each argument sets its
        field, by position (the bases' fields first, as ``dataclasses`` orders them) or by keyword; a
        field no argument sets gets its default, the value its class body gives it (not bound)."""
        fields = self._generated_fields(class_id)
        given = [*zip(fields, args, strict=False), *((k, v) for k, v in keywords if k in fields)]
        for name, values in given:
            self._set_field(instance, name, values)
        for name in fields:
            if not any(name == g[0] for g in given):
                found = self._class_lookup(class_id, name)
                self._set_field(instance, name, self._get(found) if found is not None else _EMPTY)

    def _generated_fields(self, class_id: str) -> tuple[str, ...]:
        """The fields of the ``__init__`` a class's decorator or base generates, in order; none where a
        project class of its MRO defines ``__init__`` or ``__new__``. An instance made by a call of such
        a class holds each of them itself, so a read of one never reaches the class's attribute."""
        found = self._generated_memo.get(class_id)
        if found is None:
            fields: list[str] = []
            if all(self._class_lookup(class_id, name) is None for name in ("__new__", "__init__")):
                for klass in reversed(self.resolver.mro(class_id)):
                    fields += [name for name in self.init_fields.get(klass, ()) if name not in fields]
            found = self._generated_memo[class_id] = tuple(fields)
        return found

    def _set_field(self, obj: Obj, name: str, values: dict[Obj, None]) -> None:
        """What an instance's attribute is set to (no setter runs)."""
        if len(obj) == 3:
            # a site's instance: its class's summary holds what every instance holds
            self._copy((obj, name), (("I", obj[1]), name))
            self._add((obj, name), values)
        else:
            # the summary itself (an annotation, a method no call reached): every instance may be it
            self._add((obj, name), values)
            self._add((("I", obj[1], DIRECT), name), values)

    def _escape(self, args: list[dict[Obj, None]], keywords: list[tuple[str, dict[Obj, None]]]) -> None:
        """Functions handed to code we cannot see may be called from there with anything."""
        for values in [*args, *(v for _k, v in keywords)]:
            for obj in tuple(values):  # a live node, which escaping its own function's parameter may grow
                if obj[0] == "B" and self.context_kind.get(obj[1]) == _PER_OBJECT:
                    # code we cannot see calls it on this receiver: the merged analysis runs for it
                    self._add((obj[1], self.params[obj[1]][0][0]), {obj[2]: None})
                if obj[0] in ("F", "B") and obj[1] not in self.escaped:
                    self.escaped.add(obj[1])
                    params = self.params.get(obj[1], [])
                    skip = 1 if obj[0] == "B" else 0
                    for param in params[skip:]:
                        self._add((obj[1], param[0]), {UNK: None})

    def _call_external(self, name: str, args: list[dict[Obj, None]], keywords: list[tuple[str, dict[Obj, None]]],
                       star: dict[Obj, None] | None, double: dict[Obj, None] | None, span: list[int],
                       e: list[Any] | None) -> dict[Obj, None]:
        short = name[9:] if name.startswith("builtins.") else name
        if short not in _ARGUMENTS_UNREAD:
            self._values_read = True
        kw = dict(keywords)
        if short == "importlib.import_module" and len(args) == 1 and not keywords and e is not None and e[0] == CALL:
            written = e[4][0] if len(e[4]) == 1 else None
            if written is not None and written[0] == CONSTANT and len(written) > 1 and written[1]:
                target = literal_module(self.resolver, self.files[self.path], written[1])
                if target is not None:  # a literal module name: that module
                    return {("M", target): None}
        if short in ("map", "filter") and args:
            sequences = [self._iterate(a, None) for a in args[1:]]
            results: dict[Obj, None] = {}
            self._implicit_callees(span, args[0], short)
            for function in args[0]:
                results.update(self._call_object(function, sequences, [], None, None, span))
            container: Obj = ("L", self.path, span[0], span[1])
            made = results if short == "map" else (sequences[0] if sequences else {})
            self._add((container, "*"), made)
            self._add((container, "?"), made)  # each at a position the analysis does not know
            return {container: None}
        if short == "iter" and len(args) == 1 and any(o[0] == "I" for o in args[0]):
            out: dict[Obj, None] = {}
            for obj in args[0]:
                if obj[0] == "I":
                    out.update(self._dunder(obj, "__iter__", [], span))
                else:
                    out[obj] = None
            return out
        if short in ("sorted", "min", "max", "list", "tuple", "set", "frozenset", "reversed", "iter", "next",
                     "enumerate", "zip", "functools.reduce", "reduce", "sum", "any", "all", "dict",
                     "collections.deque"):
            # (where the builtin iterates its one iterable, an instance's __iter__ is called at the call)
            iterates = short in _ITERATING or (short in ("min", "max") and len(args) == 1)
            elements = self._iterate(args[0], span if iterates else None) if args else {}
            function_values = kw.get("key") or ({} if short not in ("functools.reduce", "reduce") or not args
                                                else args[0])
            if short in ("functools.reduce", "reduce") and len(args) > 1:
                elements = self._iterate(args[1], None)
            self._implicit_callees(span, function_values, short)
            for function in function_values:
                self._call_object(function, [elements, elements] if "reduce" in short else [elements], [], None,
                                  None, span)
            if short in ("sorted", "min", "max") and "key" not in kw and args:
                self._order(elements if len(args) == 1 else {o: None for a in args for o in a},
                            "__gt__" if short == "max" else "__lt__", span)
            if short in ("min", "max", "next"):
                if short == "next" and args:
                    out = {}
                    for obj in args[0]:  # next() asks the iterator itself: __next__, not __iter__
                        if obj[0] == "I":
                            out.update(self._dunder(obj, "__next__", [], span))
                        else:
                            out.update(self._iterate({obj: None}, span))
                    if len(args) > 1:
                        out.update(args[1])
                    return out
                return elements if len(args) == 1 else {o: None for a in args for o in a}
            if short in ("sum", "any", "all", "functools.reduce", "reduce"):
                return {CONST: None}
            container = ("D" if short == "dict" else "L", self.path, span[0], span[1])
            if short == "collections.deque":  # (a list, but its methods are the deque's)
                self.deques.add(container)
            if short == "dict":
                for source in (args[0] if args else {}):
                    if source[0] in _CONTAINER_TAGS:
                        self._forward(source, container)
                for keyword, values in keywords:
                    self._add((container, "*"), values)
                    self._add(self._slot(container, f"#{keyword}"), values)
                    self._add((container, "keys"), {STR: None})
                return {container: None}
            if short in ("enumerate", "zip"):
                pair: Obj = ("L", self.path, span[0], -span[1] - 1)
                everything: dict[Obj, None] = {}
                for position, arg in enumerate(args):
                    values = self._iterate(arg, None)
                    everything.update(values)
                    self._add((pair, f"#{position + 1 if short == 'enumerate' else position}"), values)
                if short == "enumerate":
                    self._add((pair, "#0"), {CONST: None})
                self._add((pair, "*"), everything)
                self._add((container, "*"), {pair: None})
                self._add((container, "?"), {pair: None})
                return {container: None}
            self._add((container, "*"), elements)
            self._add((container, "?"), elements)  # each at a position the analysis does not know
            return {container: None}
        if short in ("functools.partial", "partial") and args:
            partial: Obj = ("P", self.path, span[0], span[1], len(args) - 1)
            self._add((partial, "func"), args[0])
            for position, values in enumerate(args[1:]):
                self._add((partial, f"#{position}"), values)
            return {partial: None}
        if short == "property" and (args or keywords):
            # a getter called where the attribute is read off an instance, a setter where it is assigned
            out = {}
            getters = args[0] if args else kw.get("fget", _EMPTY)
            setters = args[1] if len(args) > 1 else kw.get("fset", _EMPTY)
            for obj in getters:
                out[("BM", _GETTER_OF, obj) if obj[0] == "F" else obj] = None
            for obj in setters:
                if obj[0] == "F":
                    out[("BM", _SETTER_OF, obj)] = None
            return out
        if short in ("staticmethod", "classmethod") and args:
            # as a class attribute, the function binds as the builtin says
            how = _STATIC_OF if short == "staticmethod" else _CLASSMETHOD_OF
            return {("BM", how, obj) if obj[0] == "F" else obj: None for obj in args[0]}
        if short in ("functools.wraps", "wraps"):
            return {IDENTITY: None}
        if short in ("typing.TypeVar", "typing_extensions.TypeVar") and args:
            # ``T = TypeVar("T", bound=Base)``: the class an annotation naming T then reads (an instance of Base or
            # of a project subclass, as for ``Base`` itself); ``TypeVar("T", A, B)``: its constraints. Where one is
            # no class (a string, an unknown), an outside call's answer, as before
            bound = kw.get("bound")
            given = dict(bound) if bound is not None else {obj: None for values in args[1:] for obj in values}
            if given and all(obj[0] in ("C", "X") for obj in given):
                return given
        if short in ("typing.cast", "typing_extensions.cast") and len(args) == 2 and not keywords:
            # what the cast says the value is, as an annotation admits it: an instance of each project class it
            # names or of any project subclass (an override stays a candidate); a cast naming no project class
            # (a string, an outside type) is read as any other outside call
            cast: dict[Obj, None] = {}
            for obj in args[0]:
                if obj[0] == "C":
                    self._admitted(obj[1], cast)
            if cast:
                return cast
        if short in ("getattr", "setattr", "hasattr") and len(args) >= 2 and e is not None:
            literal = e[4][1]
            if literal[0] == CONSTANT and len(literal) > 1:
                attribute = literal[1]
                if short == "getattr":
                    out = {}
                    for obj in args[0]:
                        out.update(self._load_attribute(obj, attribute, None))
                    if len(args) > 2:
                        out.update(args[2])
                    return out
                if short == "setattr" and len(args) > 2:
                    for obj in args[0]:
                        self._store_attribute(obj, attribute, args[2], [ATTR, None, attribute, 0, 0])
                return {CONST: None}
            return {UNK: None}
        if short == "type" and len(args) == 1:
            return {("C", o[1]) if o[0] == "I" else UNK: None for o in args[0]}
        if short in ("len", "isinstance", "issubclass", "callable", "hasattr", "id", "hash", "print", "repr",
                     "str", "int", "float", "bool", "bytes", "abs", "round", "ord", "chr", "format"):
            if short in ("str", "repr", "format", "print"):  # the value's text: print asks each argument's str()
                dunder = "__repr__" if short == "repr" else "__format__" if short == "format" else "__str__"
                for values in args if short == "print" else args[:1]:
                    for obj in values:
                        if obj[0] == "I":
                            self._text(obj, dunder, span)
                        elif short != "print":  # (print's other arguments are other calls of str())
                            self._partial(span, dunder)
            if short in ("len", "bool", "hash", "abs", "int", "float"):
                dunder = {"len": "__len__", "bool": "__bool__", "hash": "__hash__", "abs": "__abs__", "int": "__int__",
                          "float": "__float__"}[short]
                for values in args[:1]:
                    for obj in values:
                        if obj[0] == "I":
                            self._dunder(obj, dunder, [], span)
                        else:
                            self._partial(span, dunder)
            return {STR: None} if short in ("str", "repr", "format") else {CONST: None}
        self._escape(args, keywords)
        return {UNK: None}

    def _container_method(self, callee: Obj, args: list[dict[Obj, None]],
                          keywords: list[tuple[str, dict[Obj, None]]], e: list[Any] | None) -> dict[Obj, None]:
        self._values_read = True
        name, container = callee[1], callee[2]
        if container[0] == "G":  # ``send(v)``: the value of the yield that resumes, and what it yields next
            if args:
                self._add((container[1], SENT), args[0])
            return self._get((container, "*"))
        written = e[4] if e is not None and e[0] == CALL else []
        key = written[0][1] if written and written[0][0] == CONSTANT and len(written[0]) > 1 else None
        if name in ("append", "add", "insert", "appendleft"):
            if args:
                self._add((container, "*"), args[-1])
                self._add((container, "?"), args[-1])
            return {CONST: None}
        if name in ("extend", "update", "extendleft"):
            for values in args:
                if container[0] == "L" or name != "update":
                    items = self._iterate(values, None)
                    self._add((container, "*"), items)
                    self._add((container, "?"), items)
                    continue
                for source in tuple(values):  # a dict updated from another: key by key
                    if source[0] in _CONTAINER_TAGS:
                        self._forward(source, container)
                    else:
                        self._add((container, "*"), {UNK: None})
                        self._add((container, "?"), {UNK: None})
            for keyword, values in keywords:
                self._add((container, "*"), values)
                self._add(self._slot(container, f"#{keyword}"), values)
            return {CONST: None}
        if name in ("get", "pop", "setdefault", "__getitem__", "popleft"):
            if key is not None and container[0] == "D":  # a literal key: what was stored under it
                out = dict(self._get((container, f"#{key}")))
                out.update(self._get((container, "?")))
            else:
                out = dict(self._get((container, "*")))
            if name == "setdefault" and len(args) > 1:
                self._add((container, "*"), args[1])
                self._add(self._slot(container, f"#{key}") if key is not None else (container, "?"), args[1])
            if len(args) > 1:
                out.update(args[1])
            return out
        if name == "values":
            return {("VW", container): None}
        if name == "items":
            return {("IT", container): None}
        if name == "copy":  # a new container at the call, with what the old one holds, key by key
            if e is None or e[0] != CALL:
                return {container: None}
            span = e[1]
            copied: Obj = (container[0], self.path, span[0], span[1])
            self._forward(container, copied)
            return {copied: None}
        if name == "keys":
            return {("L", "keys", container): None}
        if name == "sort" and container[0] == "L" and e is not None and e[0] == CALL and \
                not any(k == "key" for k, _v in keywords):
            self._order(self._get((container, "*")), "__lt__", e[1])
        return {UNK: None}

    def _dict_values(self, values: dict[Obj, None]) -> dict[Obj, None]:
        out: dict[Obj, None] = {}
        for obj in values:
            if obj[0] in _CONTAINER_TAGS:
                out.update(self._get((obj, "*")))
            else:
                out[UNK] = None
        return out

    def _call_function(self, fid: str, args: list[dict[Obj, None]], keywords: list[tuple[str, dict[Obj, None]]],
                       star: dict[Obj, None] | None, double: dict[Obj, None] | None,
                       receivers: dict[Obj, None] | None, sink: Any = None) -> dict[Obj, None]:
        """Call a project function: in the context of each receiver that is a site's instance (a method),
        or of the call site (a small function), while the function has contexts left; else merged."""
        kind = self.context_kind.get(fid)
        if kind is None:
            return self._call_in(fid, None, args, keywords, star, double, receivers, sink)
        if kind == _PER_SITE:
            site = self._site
            ctx = self._context(fid, ("@", site)) if site is not None else None
            if ctx is not None and self._site_call is not None and star is None:
                self._literal_arguments(fid, ctx, self._site_call, len(args), receivers is not None)
            return self._call_in(fid, ctx, args, keywords, star, double, receivers, sink)
        if receivers is None:  # a method called through its class: ``Base.__init__(self, fn)``
            if not args or not any(o[0] == "I" and len(o) == 3 for o in args[0]):
                return self._call_in(fid, None, args, keywords, star, double, receivers, sink)
            if type(args[0]) is _Flow:
                self._values_read = True  # (split by object: evaluated again when the name grows)
            receivers, args = args[0], args[1:]
        out: dict[Obj, None] = {}
        merged: dict[Obj, None] = {}
        for obj in tuple(receivers):
            if obj[0] == "I" and len(obj) == 3:
                ctx = self._context(fid, obj)
                if ctx is not None:
                    out.update(self._call_in(fid, ctx, args, keywords, star, double, {obj: None}, sink))
                    continue
            merged[obj] = None
        if merged:
            out.update(self._call_in(fid, None, args, keywords, star, double, merged, sink))
        return out

    def _literal_arguments(self, fid: str, ctx: int, call: list[Any], count: int, bound: bool) -> None:
        """Note the string literals the call site of a per-site context passes, by parameter (when the
        arguments are the call's own: no ``partial`` prefix, no class passed to ``__new__``)."""
        if count != len(call[4]):
            return
        params = self.params.get(fid)
        if params is None:
            return
        offset = 1 if bound else 0
        for position, argument in enumerate(call[4]):
            if argument[0] == CONSTANT and len(argument) > 1 and argument[1] and position + offset < len(params):
                param = params[position + offset]
                if param[1] in (0, 4):  # (a positional parameter, not ``*args``)
                    self.param_literals[(fid, param[0], ctx)] = argument[1]
        for keyword, argument in call[5]:
            if argument[0] == CONSTANT and len(argument) > 1 and argument[1] and any(
                    p[0] == keyword and p[1] in (0, 3) for p in params):
                self.param_literals[(fid, keyword, ctx)] = argument[1]

    def _subscript_key(self, key: Any) -> Any:
        """A subscript's key: a literal, ``":"``, or None (unknown); a parameter's name (``[NAME, name,
        scope]``) is the literal the call site passes in a per-site context, else unknown."""
        if type(key) is not list:
            return key
        if self.ctx is None:
            return None
        return self.param_literals.get((self.ids[key[2]], key[1], self.ctx))

    def _ctx_key(self, fid: str, name: str, ctx: int | None) -> Any:
        return (fid, name) if ctx is None else (fid, name, ctx)

    def _context(self, fid: str, key: Obj) -> int | None:
        """The context of ``fid`` for ``key`` (a receiver object, or ``("@", site)``), made on first use:
        the function's facts are evaluated again in it, over nodes of its own. None when the function
        has ``MAX_CONTEXTS`` already: the call goes to the merged analysis."""
        known = self.ctx_of.get(fid)
        if known is None:
            known = self.ctx_of[fid] = {}
        ctx = known.get(key)
        if ctx is not None:
            return ctx
        if len(known) >= MAX_CONTEXTS:
            self.bounded = True
            return None
        ctx = known[key] = len(self.contexts)
        self.contexts.append((fid, key))
        for index in self.scope_groups.get(fid, ()):
            path, scope, fact, _merged = self.groups[index]
            guard = self.guards[index]
            self.queued.add(len(self.groups))
            self.groups.append((path, scope, fact, ctx))
            self.guards.append(None if guard is None else (guard[0], guard[1], ctx))
        for source, target in self.scope_phis.get(fid, ()):
            self._copy((fid, source, ctx), (fid, target, ctx))
        for name in self.defaults.get(fid, ()):  # (and what merged calls pass there: more, never less)
            self._copy((fid, name), (fid, name, ctx))
        return ctx

    def _instance(self, class_id: str) -> Obj:
        """The instance a call of a class makes: one per call site, and per context in code analysed in
        one (``make(f1)`` and ``make(f2)`` return two boxes); the class's summary instance where no site is
        known (a decorator, a ``raise``)."""
        site = self._site
        if site is None:
            return ("I", class_id)
        return ("I", class_id, site if self.ctx is None else (*site, self.ctx))

    def _call_in(self, fid: str, ctx: int | None, args: list[dict[Obj, None]],
                 keywords: list[tuple[str, dict[Obj, None]]], star: dict[Obj, None] | None,
                 double: dict[Obj, None] | None, receivers: dict[Obj, None] | None, sink: Any = None
                 ) -> dict[Obj, None]:
        """Pass a call's arguments to ``fid``'s parameters (in context ``ctx``) and give its return value."""
        layout = self._layouts.get(fid)
        if layout is None:
            params = self.params.get(fid)
            if params is None:
                return {UNK: None}
            layout = self._layouts[fid] = _Layout(params)
            self.called.add(fid)
        if ctx is None:
            self.merged_called.add(fid)
        slots = layout.slots
        add = self._flow_into
        if receivers is not None:
            positional: list[dict[Obj, None]] = [receivers, *args]
        else:
            positional = args
        count = len(slots)
        for position, values in enumerate(positional):
            if position < count:
                add(self._ctx_key(fid, slots[position], ctx), values)
            else:
                rest = layout.rest
                if rest is not None:
                    container: Obj = ("L", "*args", fid) if ctx is None else ("L", "*args", fid, ctx)
                    add(self._ctx_key(fid, rest, ctx), {container: None})
                    add((container, "*"), values)
                    add((container, f"#{position - count}"), values)
        if star is not None:
            elements = self._iterate(star, None)
            rest_slots = slots[len(positional):]
            if rest_slots:
                lengths = self.lengths
                for obj in tuple(star):
                    length = lengths.get(obj)
                    if length is None:  # any element may bind any parameter the star reaches
                        values = self._iterate({obj: None}, None)
                        for param in rest_slots:
                            add(self._ctx_key(fid, param, ctx), values)
                        continue
                    for position, param in enumerate(rest_slots):  # a display: element by position
                        values = dict(self._get((obj, f"#{position}"))) if position < length else {}
                        values.update(self._get((obj, "?")))
                        add(self._ctx_key(fid, param, ctx), values)
            rest = layout.rest
            if rest is not None:
                container = ("L", "*args", fid) if ctx is None else ("L", "*args", fid, ctx)
                add(self._ctx_key(fid, rest, ctx), {container: None})
                add((container, "*"), elements)
                add((container, "?"), elements)
        extra = layout.extra
        if keywords:
            named = layout.named
            for keyword, values in keywords:
                if keyword in named:
                    add(self._ctx_key(fid, keyword, ctx), values)
                elif extra is not None:
                    container = ("D", "**kwargs", fid) if ctx is None else ("D", "**kwargs", fid, ctx)
                    add(self._ctx_key(fid, extra, ctx), {container: None})
                    add((container, "*"), values)
                    add((container, f"#{keyword}"), values)
        if double is not None:
            values = self._dict_values(double)
            # ``**`` cannot bind what the receiver or a positional argument already bound
            filled = slots[:len(positional)]
            for source in double:
                if source[0] in _CONTAINER_TAGS:
                    for param in layout.named:
                        if param in filled:
                            continue
                        add(self._ctx_key(fid, param, ctx), self._get((source, f"#{param}")))
                        add(self._ctx_key(fid, param, ctx), self._get((source, "?")))
            if extra is not None:
                container = ("D", "**kwargs", fid) if ctx is None else ("D", "**kwargs", fid, ctx)
                add(self._ctx_key(fid, extra, ctx), {container: None})
                add((container, "*"), values)
                add((container, "?"), values)
        if layout.generator is None:
            layout.generator = fid in self.generators
        if layout.generator:
            return {("G", fid): None}
        if sink is None:
            return self._get(self._ctx_key(fid, _RETURN, ctx))
        if sink is not DISCARD:
            key = self._ctx_key(fid, _RETURN, ctx)
            if key in self.annotated:  # may be typed later: read through _get, which filters
                return self._get(key)
            self._copy(key, sink)
        return _EMPTY

    def _flow_into(self, key: Any, values: dict[Obj, None]) -> None:
        """Add objects to a node; a plain-name argument's by a copy edge, which also carries its growth."""
        if type(values) is _Flow:
            self._copy(values.key, key)
        else:
            self._add(key, values)

    def _property_partial(self, receivers: dict[Obj, None], e: list[Any]) -> None:
        """A property read on some receivers only: the getter call is not certain."""
        name = e[2]
        span = (e[3], e[4], e[3], e[4] + len(name.encode()))
        if (self.path, self.scope, span, name) not in self.implicit:
            return
        for obj in receivers:
            found = self._class_lookup(obj[1], name) if obj[0] == "I" else None
            if found is None or not any(v[0] == "F" and self.symbols[v[1]].kind is SymbolKind.PROPERTY
                                        or v[0] == "BM" and v[1] == _GETTER_OF
                                        for v in self.pts.get(found, ())):
                self._partial(list(span), name)
                return

    def _partial(self, span: list[int] | None, text: str) -> None:
        """The implicit call ``text`` at ``span`` may also go somewhere outside the project."""
        if span and span[0]:
            key = (self.path, self.scope, (span[0], span[1], span[2], span[3]), text)
            found = self.implicit.get(key)
            if found is None:
                self.implicit[key] = {UNK: None}
            else:
                found[UNK] = None

    def _implicit_callees(self, span: list[int], functions: dict[Obj, None], text: str) -> None:
        """Record what a builtin calling its argument (``map``, a ``key=``) calls; an argument that may be
        something outside the project, or is capped, leaves the call uncertain."""
        for function in functions:
            tag = function[0]
            if tag in ("F", "B", "C", "I", "P"):
                self._implicit(span, {function: None}, text)
            elif tag in ("X", "?"):
                self._partial(span, text)
            elif tag == "!":
                self._implicit(span, _CAPPED_SET, text)

    def _implicit(self, span: list[int], objs: dict[Obj, None], text: str) -> None:
        if not span or not span[0]:
            return
        key = (self.path, self.scope, (span[0], span[1], span[2], span[3]), text)
        found = self.implicit.get(key)
        if found is None:
            found = self.implicit[key] = {}
        found.update(objs)

    # -- answers ---------------------------------------------------------------------------------

    def entities(self, objs: dict[Obj, None], capped: bool) -> list[Entity] | None:
        """What a set of callees means for the resolver; None when the analysis knows nothing useful."""
        UNKNOWN, External, Sym = self._entity_types  # noqa: N806 - the resolver's classes, bound once

        out: dict[Entity, None] = {}  # ordered, and a set for the repeated membership tests
        known = False
        unknown = capped
        for obj in objs:
            tag = obj[0]
            if tag in ("F", "B"):
                entity: Entity = Sym(obj[1])
                known = True
            elif tag == "C":
                calls = self._metaclass_calls(obj[1], self._final) if self.metaclassed else _EMPTY
                if calls:  # its metaclass's ``__call__`` is what the call runs
                    for value in calls:
                        out[Sym(value[1])] = None
                    known = True
                    continue
                entity = Sym(obj[1])
                known = True
            elif tag == "I":
                found = self._class_lookup(obj[1], "__call__")
                if found is None:
                    unknown = True
                    continue
                for value in self.pts.get(found, {}):
                    if value[0] == "F":
                        out[Sym(value[1])] = None
                        known = True
                continue
            elif tag == "P":
                partials = [obj]
                for partial in partials:  # (growing: a partial of a partial calls the function inside)
                    for function in self.pts.get((partial, "func"), {}):
                        if function[0] in ("F", "B", "C"):
                            out[Sym(function[1])] = None
                            known = True
                        elif function[0] == "P":
                            if function not in partials:
                                partials.append(function)
                        else:
                            unknown = True
                continue
            elif tag == "X":
                entity = External(obj[1][9:] if obj[1].startswith("builtins.") else obj[1])
            elif tag == "BM":
                if obj[2][0] == "C":  # ``type.__call__`` of a class: the class's construction
                    entity = Sym(obj[2][1])
                    known = True
                elif obj[2][0] == "F":  # a wrapped function: a staticmethod object calls it
                    if obj[1] != _STATIC_OF:
                        unknown = True
                        continue
                    entity = Sym(obj[2][1])
                    known = True
                elif obj[2] in self.deques:
                    entity = External(f"collections.deque.{obj[1]}")
                else:
                    entity = External(f"builtins.{'dict' if obj[2][0] == 'D' else 'list'}.{obj[1]}")
            elif tag in ("?", "!"):
                unknown = True
                continue
            else:
                continue
            out[entity] = None
        if not known:
            if out and not unknown and all(isinstance(e, External) for e in out):
                return [next(iter(out))]
            return None
        if unknown:
            out[UNKNOWN] = None
        return list(out)

    def _site_capped(self, key: SiteKey, objs: dict[Obj, None]) -> bool:
        """May the site call more than its record says: a capped callee set, a callee expression that read
        a capped node, or a fact the budget left unevaluated?"""
        if CAPPED in objs or key in self.capped_sites or self.site_group.get(key, -1) in self.unfinished:
            return True
        return any(group in self.unfinished for group in self.ctx_site_groups.get(key, ()))

    def _site_record(self, key: SiteKey) -> dict[Obj, None] | None:
        """A site's callees: the merged analysis's record, then each context's (in the order they were
        first recorded), the first MAX_SET_SIZE and then CAPPED."""
        objs = self.sites.get(key)
        per = self.ctx_sites.get(key)
        if objs is None or not per:
            return objs
        fid = self.contexts[next(iter(per))][0]
        # the merged analysis of a function no call reached there (each went to a context of its own) runs with
        # its parameters empty: what it records (a lookup by a parameter's unknown key reads every entry) is none
        # of its calls'
        out = dict(objs) if fid in self.merged_called or fid in self.escaped else {}
        for record in per.values():
            out.update(record)
        if len(out) > MAX_SET_SIZE and CAPPED not in out:
            out = dict.fromkeys(islice(out, MAX_SET_SIZE))
            out[CAPPED] = None
        return out

    def site_entities(self, path: str, scope: int, span: Span) -> list[Entity] | None:
        key = (path, scope, (span[0], span[1], span[2], span[3]))
        objs = self._site_record(key)
        if objs is None:
            return None
        return self.entities(objs, self._site_capped(key, objs))

    def extra_calls(self, file: FileIndex) -> list[tuple[RawRef, list[Entity]]]:
        """Calls that no reference records: implicit ones, and callees that are not names."""
        path = file.extraction.path
        out: list[tuple[RawRef, list[Entity]]] = []
        if self._by_path is None:
            self._by_path = {}
            for implicit_key in self.implicit:
                self._by_path.setdefault(implicit_key[0], ([], []))[0].append(implicit_key)
            for site_key in self.site_text:
                self._by_path.setdefault(site_key[0], ([], []))[1].append(site_key)
        implicit_keys, site_keys = self._by_path.get(path, ([], []))
        for key in implicit_keys:
            objs = self.implicit[key]
            entities = self.entities(objs, CAPPED in objs)
            if entities is None or not any(type(e).__name__ == "Sym" for e in entities):
                continue
            out.append((RawRef(key[1], EdgeKind.CALLS, key[3], key[2]), entities))
        for site_key in site_keys:
            text = self.site_text[site_key]
            key = site_key
            record = self._site_record(key)
            assert record is not None
            entities = self.entities(record, self._site_capped(key, record))
            if entities is None or not any(type(e).__name__ == "Sym" for e in entities):
                continue
            out.append((RawRef(key[1], EdgeKind.CALLS, text, key[2]), entities))
        return out
