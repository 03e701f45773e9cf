"""Python data-flow facts for the points-to analysis of ``resolve/pyflow``.

The adapter calls :func:`build_flow` once symbols have their final indices. It walks the tree once
and writes compact facts into ``Extraction.flow``: ``[FLOW_VERSION, facts]``, the facts encoded as
one JSON text. A fact is a
list ``[op, scope, ...]`` where ``scope`` is the index of the symbol whose code it is (the module,
a function, a lambda or a class body). Expressions are nested lists:

``["n", name, scope]``                    read of a name bound in ``scope`` (LEGB decided here)
``["a", e, attr, line, col]``             attribute load; (line, col) is where ``attr`` is written
``["c", span, ref, f, args, kws, star, dstar, text]``  a call; ``span`` (4 ints) is the callee's last
                                          name when ``ref`` (the adapter recorded a reference there),
                                          else the callee expression, whose text is ``text``
``["k"]`` / ``["k", str]``                a constant (a string literal carries its value)
``["?"]``                                 a value the analysis does not model
``["l", line, col, elems]``               list, tuple or set display (``["*", e]`` splats)
``["d", line, col, [[key, e], …]]``       dict display; ``key`` is a literal's text or None
``["s", e, key, span]``                   subscript load (``key`` as for dicts; ``":"`` for a slice)
``["f", index]``                          the function, lambda or class defined at symbol ``index``
``["o", [e, …]]``                         one of these values (conditional and boolean operators)
``["b", dunder, left, right, span]``      a binary operator or comparison that may call ``dunder``
``["u", dunder, e, span]``                a unary operator
``["S", cls, self]``                      ``super()`` in a method of ``cls`` whose instance is ``self``

Facts (targets are ``n``, ``a`` and ``s`` expressions, ``["t", [targets], span]`` (unpacking, which iterates
the value: ``span`` is the target list's) and ``["*", target]``):

``["=", scope, target, e]``   ``["e", scope, e]`` (not for a bare name, constant or docstring)
``["r", scope, e]`` (return)
``["y", scope, e]`` / ``["yf", scope, e, span]`` (yield, yield from; ``span`` is the operand's, which is iterated)
``["for", scope, target, e, span]``   ``["with", scope, target | None, e, span]``
``["fn", scope, index, params, generator, returns]``: ``params`` is ``[[name, kind, annotation], …]``
    (kind 0 positional-or-keyword, 1 ``*args``, 2 ``**kwargs``, 3 keyword-only, 4 positional-only;
    annotation a list of type expressions or None), ``returns`` likewise
``["def", scope, index, [[decorator, span], …]]``  binds the definition's name in ``scope``; a class's also
    carries its generated ``__init__``'s fields and its name's span (where it is made), then its ``metaclass=``
    expression where it has one
``["raise", scope, e, span]``   ``["exc", scope, target, e]`` (``except E as target``)
``["ann", scope, target, [type, …]]``  a variable annotation
``["phi", scope, version, [version, …]]``  where paths join, or what a name (no ``@``) holds for code
    elsewhere: the union of the versions (see ``FlowBuilder.new_version``). A function's parameter has
    no version until it is rebound: where it joins, the name itself (no ``@``, what the parameter came in
    with) stands for the paths on which it was not rebound (``if cb is None: cb = default`` joins
    ``["cb@1", "cb"]``; so do a loop's head and a ``try`` handler's entry). Before, those paths were
    dropped, and ``cb(1)`` after such an ``if`` called ``default`` alone.
``["imp", scope, [line, col], local, version]``  the version an import binds (the import record's position)

The tags are named in ``python/facts.py`` (``NAME``, ``CALL``, ``ASSIGN`` …), which both sides import.
Names are versioned within their scope's code (``x@2``, see ``FlowBuilder``): a name expression reads
the version current where it is written; ``def`` facts carry the version they bind as a fifth element.
"""

from __future__ import annotations

import functools
import gc
import re
from bisect import bisect_left
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from codeknit.graph.model import SymbolKind
from codeknit.languages.engine import Context, grammar_language
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
    FLOW_VERSION,
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
    UNKNOWN,
    WITH,
    YIELD,
    YIELD_FROM,
    decode,
    encode,
)
from codeknit.native import tree_walker

if TYPE_CHECKING:
    from tree_sitter import Node


#: decorators that change how a method binds, not what its name holds
_BINDING_DECORATORS = frozenset({
    "staticmethod", "classmethod", "property", "abstractmethod", "abc.abstractmethod",
    "functools.cached_property", "cached_property", "typing.overload", "overload",
})
_BINARY = {
    "+": "__add__", "-": "__sub__", "*": "__mul__", "/": "__truediv__", "//": "__floordiv__",
    "%": "__mod__", "**": "__pow__", "@": "__matmul__", "<<": "__lshift__", ">>": "__rshift__",
    "&": "__and__", "|": "__or__", "^": "__xor__",
}
_COMPARE = {"<": "__lt__", ">": "__gt__", "<=": "__le__", ">=": "__ge__", "==": "__eq__", "!=": "__ne__"}
_UNARY = {"-": "__neg__", "+": "__pos__", "~": "__invert__"}
#: the expressions a condition's truth is asked of (``__bool__``, else ``__len__``): those that may be an instance
_TESTED = frozenset({NAME, ATTR, CALL, SUBSCRIPT, ONE_OF})
_CONSTANTS = frozenset({"integer", "float", "true", "false", "none", "ellipsis", "type", "comment"})
#: the kinds of node :meth:`FlowBuilder.literal` may read a key from, without a scope
_LITERALS = frozenset({"string", "integer", "float", "true", "false", "unary_operator"})
#: decorators that generate a class's ``__init__`` from its fields (``dataclasses``, ``attrs``, pydantic)
_FIELD_DECORATORS = frozenset({"dataclass", "s", "attrs", "define", "frozen", "mutable"})
#: the calls that declare such a field without an annotation (``x = attr.ib()``)
_FIELD_CALLS = frozenset({"ib", "attrib", "field"})
_SCOPE_NODES = ("function_definition", "class_definition", "lambda")
#: the kinds of symbol whose code a ``["f", index]`` names: callables, types and properties
_DEFINED_KINDS = frozenset(kind for kind in SymbolKind
                           if kind.category.value in ("callable", "type") or kind.value == "property")


class _Syntax:
    """The Python grammar's numbers, for a walk that asks every node its type and fields: ``names[kind_id]``
    is the node's ``type`` (reading ``node.type`` makes a new string per node), and each attribute the
    id of the field of that name (``child_by_field_name`` looks the name up among the grammar's fields
    at each call)."""

    names: dict[int, str]
    alias: int
    alternative: int
    argument: int
    arguments: int
    attribute: int
    body: int
    condition: int
    consequence: int
    definition: int
    function: int
    key: int
    left: int
    module_name: int
    name: int
    object: int
    operator: int
    parameters: int
    return_type: int
    right: int
    subject: int
    subscript: int
    superclasses: int
    type: int
    value: int

    def __init__(self) -> None:
        language = grammar_language("python")
        # (an ERROR node's kind id is the largest one, outside the grammar's count)
        kinds = [*range(language.node_kind_count), 0xFFFF]
        self.names = {kind: language.node_kind_for_id(kind) or "" for kind in kinds}
        for field in self.__annotations__:
            if field == "names":
                continue
            number = language.field_id_for_name(field)
            assert number, field
            setattr(self, field, number)


@functools.cache
def _syntax() -> _Syntax:
    return _Syntax()


#: where an expression may bind a name: a ``:=`` or an ``as`` (in a string or a comment too: a place
#: more costs a look, one fewer a name). Each pattern starts with its literal, which the search skips to.
_WALRUS, _AS, _WORD = re.compile(rb":="), re.compile(rb"as\b"), re.compile(rb"\w")
#: expressions: in one, only a ``:=`` or an ``as`` below binds a name (see ``_bound_names``)
_EXPRESSIONS = frozenset({
    "identifier", "attribute", "call", "argument_list", "keyword_argument", "string", "concatenated_string",
    "integer", "float", "true", "false", "none", "ellipsis", "comment", "binary_operator", "boolean_operator",
    "comparison_operator", "not_operator", "unary_operator", "subscript", "slice", "list", "tuple", "set",
    "dictionary", "pair", "parenthesized_expression", "expression_list", "conditional_expression", "await",
    "yield", "list_splat", "dictionary_splat", "decorator",
})


def _span(node: Node) -> list[int]:
    start, end = node.start_point, node.end_point
    return [start[0] + 1, start[1], end[0] + 1, end[1]]


class _Scope:
    __slots__ = ("index", "kind", "parent", "bound", "params", "globals", "nonlocals", "receiver", "klass", "env",
                 "counter", "escaped", "dirty", "dead", "loops", "created")

    def __init__(self, index: int, kind: str, parent: _Scope | None) -> None:
        self.index = index
        self.kind = kind  # "m" module, "f" function or lambda, "c" class body
        self.parent = parent
        self.bound: set[str] = set()
        #: a function's parameters: the name itself (no ``@``) holds the value each came in with
        self.params: set[str] = set()
        self.globals: set[str] = set()
        self.nonlocals: set[str] = set()
        self.receiver: str | None = None  # a method's first parameter
        self.klass: int = -1  # a method's class
        # the flow: each name's current version ("x@3") on the path being walked
        self.env: dict[str, str] = {}
        self.counter: dict[str, int] = {}
        #: versions that were current where code elsewhere may read the name (a call, a return, the end)
        self.escaped: dict[str, list[str]] = {}
        self.dirty: set[str] = set()  # names whose current version has not escaped yet
        self.dead = False  # the path being walked has returned, raised, broken out or continued
        self.loops: list[tuple[list[Any], list[Any]]] = []  # per enclosing loop: break and continue states
        self.created: list[tuple[str, str]] = []  # versions in the order they were made


class FlowBuilder:
    """One walk over a file's tree that writes its facts."""

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        self.source = ctx.source
        #: a node's source text (an ASCII file is decoded once and sliced: see ``Context.text``)
        self.text: Callable[[Node | None], str] = ctx.text
        self.field = _syntax()
        self.kinds = self.field.names
        self.facts: list[list[Any]] = []
        #: name expressions to bind once scopes are known, with the version current where they are read
        self.reads: list[tuple[list[Any], _Scope, str | None]] = []
        self.writes: list[tuple[list[Any], _Scope]] = []
        self.generators: dict[int, list[Any]] = {}
        #: the places that name a version of a name: (scope index, name, list, position); undone for names
        #: that code elsewhere may write at any time (``global``, ``nonlocal``, known once the walk is done)
        self.notes: list[tuple[int, str, list[Any], int]] = []
        self.phis: list[list[Any]] = []
        self.scopes: list[_Scope] = []
        #: (scope index, version) → the literal key a name's version was bound to (``key = "a"``)
        self.constants: dict[tuple[int, str], str] = {}
        self.by_range: dict[tuple[int, int], int] = {}
        #: where an expression may bind a name (:data:`_BINDER`), found once a loop asks
        self.binders: list[int] | None = None
        for start, end, index in _definitions(ctx):
            self.by_range.setdefault((start, end), index)

    # -- the flow: versions of names, as in SSA form ------------------------------------------
    #
    # Within a scope's code, each binding of a local name makes a new version of it (``x@2``), and a
    # read names the version current on the path walked; where paths join (after an ``if``, at a
    # loop's head, after ``try``), a phi fact makes a version that holds what each path's version
    # holds. The name itself (``x``) is what code elsewhere reads: other modules, nested functions,
    # a class's attributes. It holds the versions that were current wherever such code may run: at a
    # call, a return, a ``yield``, the end of the scope (for a class body, its end only).

    def note(self, scope: _Scope, name: str, holder: list[Any], position: int) -> None:
        self.notes.append((scope.index, name, holder, position))

    def new_version(self, scope: _Scope, name: str) -> str:
        count = scope.counter.get(name, 0) + 1
        scope.counter[name] = count
        version = f"{name}@{count}"
        scope.env[name] = version
        scope.dirty.add(name)
        scope.created.append((name, version))
        return version

    def versionable(self, scope: _Scope, name: str) -> bool:
        return name not in scope.globals and name not in scope.nonlocals

    def phi(self, scope: _Scope, name: str, sources: list[str]) -> str:
        version = self.new_version(scope, name)
        fact: list[Any] = [PHI, scope.index, version, list(sources)]
        self.note(scope, name, fact, 2)
        self.phis.append(fact)
        return version

    def escape(self, scope: _Scope) -> None:
        """Code elsewhere may run here: the current versions of the names of the function or module
        whose code this is (class bodies run in their enclosing code's flow) escape to the names."""
        current: _Scope | None = scope
        while current is not None and current.kind == "c":
            current = current.parent
        if current is None or current.dead or not current.dirty:
            return
        env, escaped = current.env, current.escaped
        for name in sorted(current.dirty):  # (a set: in name order, so the facts do not follow the hash seed)
            version = env.get(name)
            if version is not None:
                found = escaped.get(name)
                if found is None:
                    escaped[name] = [version]
                elif version not in found:
                    found.append(version)
        current.dirty.clear()

    def snapshot(self, scope: _Scope) -> tuple[dict[str, str], set[str], bool]:
        return dict(scope.env), set(scope.dirty), scope.dead

    def restore(self, scope: _Scope, state: tuple[dict[str, str], set[str], bool]) -> None:
        scope.env, scope.dirty, scope.dead = dict(state[0]), set(state[1]), state[2]

    def join(self, scope: _Scope, states: list[tuple[dict[str, str], set[str], bool]]) -> None:
        """Paths meet: each name holds what its version holds on every path still alive."""
        live = [state for state in states if not state[2]]
        if not live:
            scope.dead = True
            return
        # the names in the order the paths bind them, each with its first path's version; a phi only for
        # the names whose versions differ (found by comparing whole environments, not name by name)
        envs = [state[0] for state in live]
        first = envs[0]
        merged = dict(first)
        dirty = set(live[0][1])
        differ: set[str] = set()
        for env, state_dirty, _dead in live[1:]:
            dirty |= state_dirty
            changed = env.items() - first.items()
            if changed:
                differ.update(name for name, _version in changed)
                merged.update({name: version for name, version in env.items() if name not in merged})
        params = scope.params
        if params:
            # a parameter no version of which is current on some path holds there what it came in with:
            # the name itself (``if cb is None: cb = default`` joins ``cb@1`` and ``cb``)
            for name in params:
                if name in merged and name not in differ:
                    for env in envs:
                        if name not in env:
                            differ.add(name)
                            break
        scope.env, scope.dirty, scope.dead = merged, dirty, False
        if not differ:
            return
        for name in [name for name in merged if name in differ]:
            versions: list[str] = []
            for env in envs:
                version = env.get(name)
                if version is None and name in params:
                    version = name
                if version is not None and version not in versions:
                    versions.append(version)
            if len(versions) > 1:
                merged[name] = self.phi(scope, name, versions)

    def loop_head(self, scope: _Scope, body: Node | None) -> list[tuple[str, list[Any]]]:
        """Phis at a loop's head for the names its body binds: what comes in, and (added once the
        body is walked) what comes back."""
        heads: list[tuple[str, list[Any]]] = []
        if body is None:
            return heads
        for name in _bound_names(body, self):
            if not self.versionable(scope, name):
                continue
            before = scope.env.get(name)
            if before is None and name in scope.params:
                before = name  # (the value the parameter came in with)
            self.phi(scope, name, [before] if before is not None else [])
            heads.append((name, self.phis[-1]))
        return heads

    def loop_back(self, scope: _Scope, heads: list[tuple[str, list[Any]]], states: list[Any]) -> None:
        for name, fact in heads:
            for env, _dirty, dead in states:
                version = env.get(name)
                if not dead and version is not None and version not in fact[3]:
                    fact[3].append(version)

    # -- the walk ----------------------------------------------------------------------------

    def build(self, root: Node) -> list[Any]:
        module = _Scope(0, "m", None)
        self.scopes.append(module)
        self.block(root, module)
        self.escape(module)
        # names code elsewhere may write at any time are not versioned: ``global`` names in the module,
        # ``nonlocal`` names in the function that binds them
        unversioned: set[tuple[int, str]] = set()
        for scope in self.scopes:
            for name in scope.globals:
                unversioned.add((0, name))
            for name in scope.nonlocals:
                unversioned.add((self.binding_scope(scope, name, True), name))
        captured: set[tuple[int, str]] = set()
        binding_scope = self.binding_scope
        for expression, scope, version in self.reads:
            name = expression[1]
            if name in scope.bound and name not in scope.globals and name not in scope.nonlocals:
                binding = scope.index  # (what binding_scope says, without the call)
            else:
                binding = binding_scope(scope, name, False)
            expression[2] = binding
            if binding == scope.index and version is not None and \
                    (not unversioned or (binding, name) not in unversioned):
                expression[1] = version  # (not noted: its name is not undone)
                continue
            if scope.kind == "c" and binding == scope.index and scope.parent is not None:
                # a class body's own name not bound on this path yet: the enclosing scopes'
                # (``helper = staticmethod(helper)``)
                expression[2] = self.binding_scope(scope.parent, name, False)
                binding = expression[2]
            if binding != scope.index:
                captured.add((binding, name))
        for expression, scope in self.writes:
            expression[2] = self.binding_scope(scope, expression[1], True)
        if unversioned:
            for index, name, holder, position in self.notes:
                if (index, name) in unversioned:
                    holder[position] = name  # the name itself; a phi of it becomes a no-op
        # what the names themselves hold: their escaped versions (a class's: its body's last ones)
        self.facts.extend(phi for phi in self.phis if "@" in phi[2])
        capturing = {key[0] for key in captured}
        for scope in self.scopes:
            if scope.kind == "c":
                sources = {name: [version] for name, version in scope.env.items()} if not scope.dead else {}
            elif scope.kind == "m" or scope.index in capturing:
                sources = {name: versions for name, versions in scope.escaped.items()
                           if scope.kind == "m" or (scope.index, name) in captured}
            else:
                continue
            for name, versions in sources.items():
                if (scope.index, name) not in unversioned and versions:
                    self.facts.append([PHI, scope.index, name, list(versions)])
        return [FLOW_VERSION, self.facts]

    @staticmethod
    def binding_scope(scope: _Scope, name: str, write: bool) -> int:
        if name in scope.globals:
            return 0
        if name in scope.nonlocals:
            current = scope.parent
            while current is not None and current.kind != "m":
                if current.kind == "f" and name in current.bound:
                    return current.index
                current = current.parent
            return 0
        if write or name in scope.bound:
            return scope.index
        current = scope.parent
        while current is not None:
            if current.kind != "c" and name in current.bound:
                return current.index
            current = current.parent
        return 0

    def block(self, node: Node, scope: _Scope) -> None:
        for child in node.named_children:
            self.statement(child, scope)

    def evaluate(self, s: int, expression: list[Any]) -> None:
        """``["e", s, expression]``: an expression evaluated for its effects in the code of scope ``s``."""
        if expression[0] not in INERT:  # a bare name, constant or docstring does nothing: inserting one only moves code
            self.facts.append([EVAL, s, expression])

    def statement(self, node: Node, scope: _Scope) -> None:  # noqa: C901 - one dispatch over node types
        kind = self.kinds[node.kind_id]
        s = scope.index
        if kind == "expression_statement":
            for child in node.named_children:
                child_kind = self.kinds[child.kind_id]
                if child_kind in ("assignment", "augmented_assignment"):
                    self.statement(child, scope)
                elif child_kind == "string" and not _has_interpolation(child, self.kinds):
                    continue  # a docstring
                else:
                    self.evaluate(s, self.expr(child, scope))
        elif kind == "assignment":
            self.assignment(node, scope)
        elif kind in ("call", "string", "await", "yield"):  # (the last branch's, asked first: the frequent ones)
            self.evaluate(s, self.expr(node, scope))
        elif kind in ("pass_statement", "comment", "future_import_statement", "type_alias_statement"):
            return
        elif kind == "augmented_assignment":
            left = node.child_by_field_id(self.field.left)
            right = node.child_by_field_id(self.field.right)
            operator = node.child_by_field_id(self.field.operator)
            if left is None or right is None:
                return
            dunder = _BINARY.get(self.text(operator)[:-1], "") if operator is not None else ""
            value = [BINARY, dunder, self.expr(left, scope), self.expr(right, scope),
                     _span(operator if operator is not None else node)]
            target = self.target(left, scope)
            if target is not None:
                self.facts.append([ASSIGN, s, target, value])
        elif kind == "return_statement":
            for child in node.named_children:
                self.facts.append([RETURN, s, self.expr(child, scope)])
            self.escape(scope)
            scope.dead = scope.kind == "f"
        elif kind in ("function_definition", "class_definition"):
            self.definition(node, node, scope, [])
        elif kind == "decorated_definition":
            definition = node.child_by_field_id(self.field.definition)
            decorators = [c for c in node.named_children if self.kinds[c.kind_id] == "decorator"]
            if definition is not None:
                self.definition(definition, node, scope, decorators)
        elif kind in ("for_statement", "while_statement"):
            self.loop(node, scope)
        elif kind == "if_statement":
            condition = node.child_by_field_id(self.field.condition)
            if condition is not None:
                self.evaluate(s, self.truth(condition, scope))
            before = self.snapshot(scope)
            ends = []
            consequence = node.child_by_field_id(self.field.consequence)
            if consequence is not None:
                self.block(consequence, scope)
            ends.append(self.snapshot(scope))
            otherwise = False
            for child in node.children_by_field_id(self.field.alternative):
                self.restore(scope, before)
                if self.kinds[child.kind_id] == "elif_clause":
                    condition = child.child_by_field_id(self.field.condition)
                    if condition is not None:
                        self.evaluate(s, self.truth(condition, scope))
                    before = self.snapshot(scope)  # (a walrus in the condition binds for what follows)
                    body = child.child_by_field_id(self.field.consequence)
                else:
                    otherwise = True
                    body = child.child_by_field_id(self.field.body)
                if body is not None:
                    self.block(body, scope)
                ends.append(self.snapshot(scope))
            if not otherwise:
                ends.append(before)
            self.join(scope, ends)
        elif kind == "try_statement":
            self.try_statement(node, scope)
        elif kind == "match_statement":
            subject = node.child_by_field_id(self.field.subject)
            for child in node.named_children:
                child_kind = self.kinds[child.kind_id]
                if child_kind != "block" and child_kind != "case_clause" and child is not None:
                    if child_kind not in _CONSTANTS:
                        self.evaluate(s, self.expr(child, scope))
            before = self.snapshot(scope)
            ends = [before]
            cases = [c for c in node.named_children if self.kinds[c.kind_id] == "block"]
            for body in cases or []:
                for case in body.named_children:
                    if self.kinds[case.kind_id] != "case_clause":
                        continue
                    self.restore(scope, before)
                    for part in case.named_children:
                        if self.kinds[part.kind_id] == "case_pattern":
                            # a capture binds its name to a value from the subject, which is not modelled
                            for name in _captures(part, self):
                                target = self.target(name, scope)
                                if target is not None:
                                    self.facts.append([ASSIGN, s, target, [UNKNOWN]])
                        elif self.kinds[part.kind_id] == "if_clause":
                            # the guard (``case x if f(x):``): after the captures, before the body
                            for condition in part.named_children:
                                self.evaluate(s, self.expr(condition, scope))
                        elif self.kinds[part.kind_id] == "block":
                            self.block(part, scope)
                    ends.append(self.snapshot(scope))
            del subject
            self.join(scope, ends)
        elif kind in ("break_statement", "continue_statement"):
            if scope.loops and not scope.dead:
                scope.loops[-1][0 if kind == "break_statement" else 1].append(self.snapshot(scope))
            scope.dead = True
        elif kind == "with_statement":
            for child in node.named_children:
                if self.kinds[child.kind_id] == "with_clause":
                    for item in child.named_children:
                        if self.kinds[item.kind_id] == "with_item":
                            self.with_item(item, scope)
                elif self.kinds[child.kind_id] == "block":
                    self.block(child, scope)
        elif kind == "except_clause":
            for child in node.named_children:
                if self.kinds[child.kind_id] == "as_pattern":
                    caught = child.named_children[0] if child.named_children else None
                    alias = child.child_by_field_id(self.field.alias)
                    bound = alias.named_children[0] if alias is not None and alias.named_children else None
                    if caught is not None:
                        target = self.target(bound, scope) if bound is not None else None
                        self.facts.append([EXCEPT, s, target, self.expr(caught, scope)])
                elif self.kinds[child.kind_id] == "block":
                    self.block(child, scope)
                else:
                    self.evaluate(s, self.expr(child, scope))
        elif kind == "raise_statement":
            children = node.named_children
            if children:
                self.facts.append([RAISE, s, self.expr(children[0], scope), _span(children[0])])
                for child in children[1:]:
                    self.evaluate(s, self.expr(child, scope))
            self.escape(scope)
            scope.dead = scope.kind != "c"
        elif kind in ("import_statement", "import_from_statement"):
            self.import_names(node, scope)
        elif kind == "delete_statement":
            for child in node.named_children:
                self.delete(child, scope)
        elif kind == "global_statement":
            scope.globals.update(self.text(c) for c in node.named_children if self.kinds[c.kind_id] == "identifier")
        elif kind == "nonlocal_statement":
            scope.nonlocals.update(self.text(c) for c in node.named_children if self.kinds[c.kind_id] == "identifier")
        elif kind in ("block", "module", "else_clause", "finally_clause", "elif_clause", "case_clause", "ERROR",
                      "except_group_clause", "with_clause"):
            for child in node.named_children:
                if self.kinds[child.kind_id] != "case_pattern" and self.kinds[child.kind_id] not in _CONSTANTS:
                    self.statement(child, scope)
        else:
            self.evaluate(s, self.expr(node, scope))

    def loop(self, node: Node, scope: _Scope) -> None:
        """``for`` and ``while``: the body may run any number of times, and may break out."""
        s = scope.index
        body = node.child_by_field_id(self.field.body)
        right = node.child_by_field_id(self.field.right)
        iterable = self.expr(right, scope) if right is not None else None  # evaluated once, before the loop
        heads = self.loop_head(scope, node)
        head = self.snapshot(scope)
        scope.loops.append(([], []))
        if self.kinds[node.kind_id] == "for_statement":
            left = node.child_by_field_id(self.field.left)
            if iterable is not None and right is not None:
                target = self.target(left, scope) if left is not None else None
                self.facts.append([FOR, s, target, iterable, _span(right)])
        else:
            condition = node.child_by_field_id(self.field.condition)
            if condition is not None:
                self.evaluate(s, self.truth(condition, scope))
            head = self.snapshot(scope)
        if body is not None:
            self.block(body, scope)
        breaks, continues = scope.loops.pop()
        self.loop_back(scope, heads, [self.snapshot(scope), *continues])
        self.restore(scope, head)  # the loop ends at its head (a ``for``'s iterator runs out, a condition fails)
        alternative = node.child_by_field_id(self.field.alternative)
        if alternative is not None:
            self.statement(alternative, scope)
        self.join(scope, [self.snapshot(scope), *breaks])

    def try_statement(self, node: Node, scope: _Scope) -> None:
        """A handler may start anywhere in the ``try`` body: each name the body binds holds any of its
        versions there. ``finally`` runs after the others have joined."""
        before = self.snapshot(scope)
        start = len(scope.created)
        ends = []
        finally_clause = None
        handlers: list[Node] = []
        body = node.child_by_field_id(self.field.body)
        if body is not None:
            self.block(body, scope)
        made = scope.created[start:]
        after_body = self.snapshot(scope)
        for child in node.named_children:
            if self.kinds[child.kind_id] in ("except_clause", "except_group_clause"):
                handlers.append(child)
            elif self.kinds[child.kind_id] == "else_clause":
                self.restore(scope, after_body)
                self.statement(child, scope)
                after_body = self.snapshot(scope)
            elif self.kinds[child.kind_id] == "finally_clause":
                finally_clause = child
        ends.append(after_body)
        if handlers:
            self.restore(scope, before)
            versions: dict[str, list[str]] = {}
            for name, version in made:
                if self.versionable(scope, name):
                    if name not in versions:
                        incoming = before[0].get(name)
                        if incoming is None and name in scope.params:
                            incoming = name  # (the value the parameter came in with)
                        versions[name] = [incoming] if incoming is not None else []
                    versions[name].append(version)
            for name, sources in versions.items():
                self.phi(scope, name, sources)
            entry = self.snapshot(scope)
            for handler in handlers:
                self.restore(scope, entry)
                self.statement(handler, scope)
                ends.append(self.snapshot(scope))
        self.join(scope, ends)
        if finally_clause is not None:
            dead = scope.dead
            scope.dead = False
            self.statement(finally_clause, scope)
            scope.dead = dead or scope.dead

    def with_item(self, item: Node, scope: _Scope) -> None:
        value = item.child_by_field_id(self.field.value)
        if value is None:
            return
        target = None
        if self.kinds[value.kind_id] == "as_pattern":
            alias = value.child_by_field_id(self.field.alias)
            inner = value.named_children[0] if value.named_children else None
            if alias is not None and alias.named_children:
                target = self.target(alias.named_children[0], scope)
            value = inner
        if value is not None:
            self.facts.append([WITH, scope.index, target, self.expr(value, scope), _span(value)])

    def import_names(self, node: Node, scope: _Scope) -> None:
        """Names an import binds; each binding is a version, named by an ``imp`` fact with the position
        of the import record it comes from (``RawImport.span``: the statement's for ``from … import``,
        the module's for ``import``), so that the solver links the import into that version."""
        kinds = self.kinds
        module_node = node.child_by_field_id(self.field.module_name)
        statement = node.start_point
        plain = kinds[node.kind_id] == "import_statement"  # (not ``from … import``)
        made: set[tuple[int, int, str]] = set()
        for child in node.named_children:
            if child == module_node:
                continue
            local = None
            point = statement
            kind = kinds[child.kind_id]
            if kind == "dotted_name":
                text = self.text(child)
                local = text.split(".")[0] if plain else text
                if plain:
                    point = child.start_point
            elif kind == "aliased_import":
                alias = child.child_by_field_id(self.field.alias)
                if alias is not None:
                    local = self.text(alias)
                    if plain:
                        point = (child.child_by_field_id(self.field.name) or child).start_point
            if local is None:
                continue
            scope.bound.add(local)
            key = (point[0] + 1, point[1], local)
            if key in made or not self.versionable(scope, local):
                continue
            made.add(key)
            fact: list[Any] = [IMPORT, scope.index, [key[0], key[1]], local, self.new_version(scope, local)]
            self.note(scope, local, fact, 4)
            self.facts.append(fact)

    def assignment(self, node: Node, scope: _Scope) -> None:
        field, kinds = self.field, self.kinds
        targets: list[Node] = []
        current: Node | None = node
        annotation = node.child_by_field_id(field.type)
        while current is not None and kinds[current.kind_id] == "assignment":
            left = current.child_by_field_id(field.left)
            if left is not None:
                targets.append(left)
            current = current.child_by_field_id(field.right)
        s = scope.index
        value = self.expr(current, scope) if current is not None else None
        constant = None
        if current is not None and kinds[current.kind_id] in _LITERALS:
            constant = self.literal(current)
        for left in targets:
            target = self.target(left, scope)
            if target is None:
                continue
            if constant is not None and target[0] == NAME and "@" in target[1]:
                self.constants[(s, target[1])] = constant
            if value is not None:
                self.facts.append([ASSIGN, s, target, value])
            if annotation is not None and left is targets[0]:
                types = self.annotation(annotation, scope)
                if types:
                    self.facts.append([ANNOTATION, s, target, types])

    def annotation(self, node: Node | None, scope: _Scope) -> list[Any] | None:
        """Type expressions an annotation names: ``Optional``, ``Union``, ``|`` and strings unwrapped."""
        if node is None:
            return None
        out: list[Any] = []
        stack = [node]
        while stack and len(out) < 4:
            current = stack.pop()
            kind = self.kinds[current.kind_id]
            if kind == "type":
                stack.extend(reversed(current.named_children))
            elif kind in ("identifier", "attribute"):
                out.append(self.expr(current, scope))
            elif kind == "binary_operator":
                stack.extend(reversed(current.named_children))
            elif kind == "generic_type" or kind == "subscript":
                head = current.named_children[0] if current.named_children else None
                name = self.text(head) if head is not None else ""
                if name.rsplit(".", 1)[-1] in ("Optional", "Union", "Annotated", "Final", "ClassVar"):
                    arguments = current.named_children[1:]
                    if name.endswith("Annotated"):
                        arguments = arguments[:1]
                    for argument in reversed(arguments):
                        if self.kinds[argument.kind_id] == "type_parameter":
                            stack.extend(reversed(argument.named_children))
                        else:
                            stack.append(argument)
            elif kind == "string":  # a forward reference: "Car", "pkg.Car", "Car | None", "Optional[Car]"
                content = "".join(self.text(c) for c in current.named_children
                                  if self.kinds[c.kind_id] == "string_content")
                content = content.replace("Optional[", "").replace("]", "")
                for alternative in content.split("|"):
                    alternative = alternative.strip()
                    parts = alternative.split(".")
                    if alternative in ("None", "") or not all(part.isidentifier() for part in parts):
                        continue
                    expression: list[Any] = [NAME, parts[0], 0]
                    self.reads.append((expression, scope, None))
                    for part in parts[1:]:
                        expression = [ATTR, expression, part, 0, 0]
                    out.append(expression)
        return out or None

    def target(self, node: Node, scope: _Scope) -> list[Any] | None:
        kind = self.kinds[node.kind_id]
        if kind == "identifier":
            name = self.text(node)
            if name not in scope.globals and name not in scope.nonlocals:  # (versionable)
                scope.bound.add(name)
                version = self.new_version(scope, name)
                expression: list[Any] = [NAME, version, scope.index]
                self.notes.append((scope.index, name, expression, 1))
                return expression
            expression = [NAME, name, scope.index]
            self.writes.append((expression, scope))
            return expression
        if kind == "attribute":
            obj = node.child_by_field_id(self.field.object)
            attribute = node.child_by_field_id(self.field.attribute)
            if obj is None or attribute is None:
                return None
            point = attribute.start_point
            return [ATTR, self.expr(obj, scope), self.text(attribute), point[0] + 1, point[1]]
        if kind == "subscript":
            value = node.child_by_field_id(self.field.value)
            if value is None:
                return None
            return [SUBSCRIPT, self.expr(value, scope), self.key(node, scope), _span(node)]
        if kind in ("pattern_list", "tuple_pattern", "list_pattern", "tuple", "list", "expression_list"):
            parts = [self.target(c, scope) for c in node.named_children]
            return [TUPLE, [p if p is not None else [UNKNOWN] for p in parts], _span(node)]
        if kind in ("list_splat_pattern", "list_splat"):
            inner = node.named_children[0] if node.named_children else None
            found = self.target(inner, scope) if inner is not None else None
            return [STAR, found] if found is not None else None
        if kind == "parenthesized_expression" and node.named_children:
            return self.target(node.named_children[0], scope)
        return None

    def key(self, subscript: Node, scope: _Scope) -> str | list[Any] | None:
        index = subscript.child_by_field_id(self.field.subscript)
        if index is None:
            return None
        if self.kinds[index.kind_id] == "slice":
            for part in index.named_children:
                self.evaluate(scope.index, self.expr(part, scope))
            return ":"  # a slice of a container holds the container's elements
        literal = self.literal(index, scope)
        if literal is None:
            evaluated = self.expr(index, scope)
            if scope.kind == "f" and evaluated[0] == NAME and evaluated[2] == scope.index and "@" not in evaluated[1]:
                # a parameter not rebound (``table[key]``): the key a call site passes as a literal string,
                # where the function is analysed per call site; else unknown
                return [NAME, evaluated[1], scope.index]
            self.evaluate(scope.index, evaluated)
        return literal

    def literal(self, node: Node, scope: _Scope | None = None) -> str | None:
        """A key written as a literal: a string's text (:func:`_string_key`), or a number's value (``1``,
        ``1.0`` and ``True`` are one key; ``"1"`` is another)."""
        kinds = self.kinds
        kind = kinds[node.kind_id]
        if kind == "string":
            children = node.named_children
            if not any(kinds[c.kind_id] == "interpolation" for c in children):
                return _string_key("".join(self.text(c) for c in children if kinds[c.kind_id] == "string_content"))
        signed = kind == "unary_operator" and node.named_children and \
            kinds[node.named_children[-1].kind_id] in ("integer", "float")
        if kind in ("integer", "float", "true", "false") or signed:
            return _number_key(self.text(node))
        if kind == "identifier" and scope is not None:  # a name bound to a literal on this path (``k = "a"; d[k]``)
            version = scope.env.get(self.text(node))
            return self.constants.get((scope.index, version)) if version is not None else None
        return None

    # -- definitions ---------------------------------------------------------------------------

    def definition(self, node: Node, outer: Node, scope: _Scope, decorators: list[Node]) -> None:
        name_node = node.child_by_field_id(self.field.name)
        name = self.text(name_node) if name_node is not None else ""
        index = self.by_range.get((outer.start_byte, outer.end_byte), -1)
        s = scope.index
        applied: list[Any] = []
        accessor = False  # ``@x.setter``: the property's name holds the getter and the setter
        for decorator in decorators:
            expression = decorator.named_children[0] if decorator.named_children else None
            if expression is None:
                continue
            written = self.text(expression)
            if written in _BINDING_DECORATORS or written.endswith((".setter", ".getter", ".deleter")):
                accessor = accessor or written.endswith((".setter", ".getter", ".deleter"))
                continue
            applied.append([self.expr(expression, scope), _span(expression)])
        if applied:
            self.escape(scope)  # applying a decorator runs code
        if name and name not in scope.globals:
            scope.bound.add(name)
        binding: str = name
        if name and self.versionable(scope, name):
            current = scope.env.get(name)
            binding = current if accessor and current is not None else self.new_version(scope, name)
        body = node.child_by_field_id(self.field.body)
        if index < 0:  # not a symbol (a broken definition): its code counts as the enclosing scope's
            if body is not None:
                self.block(body, scope)
            return
        if self.kinds[node.kind_id] == "class_definition":
            superclasses = node.child_by_field_id(self.field.superclasses)
            metaclass = None
            if superclasses is not None:
                for argument in superclasses.named_children:
                    kind = self.kinds[argument.kind_id]
                    if kind == "keyword_argument":
                        key = argument.child_by_field_id(self.field.name)
                        value = argument.child_by_field_id(self.field.value)
                        if key is not None and value is not None and self.text(key) == "metaclass":
                            metaclass = self.expr(value, scope)  # (evaluated where the def fact is)
                            continue
                    if kind in ("call", "keyword_argument"):
                        self.evaluate(s, self.expr(argument, scope))
            self.def_fact(scope, index, applied, name, binding)
            fields = self.init_fields(node, body, decorators)
            self.facts[-1].append(fields)
            # where the class is made (its attributes' ``__set_name__`` and its bases' ``__init_subclass__`` run)
            name_node = node.child_by_field_id(self.field.name)
            self.facts[-1].append(_span(name_node if name_node is not None else node))
            if metaclass is not None:  # the class's metaclass (``metaclass=M``)
                self.facts[-1].append(metaclass)
            inner = _Scope(index, "c", scope)
            self.scopes.append(inner)
            if body is not None:
                self.block(body, inner)
            return
        inner = _Scope(index, "f", scope)
        self.scopes.append(inner)
        if scope.kind == "c":
            inner.klass = scope.index
        params = self.parameters(node.child_by_field_id(self.field.parameters), scope, inner)
        if scope.kind == "c" and params and params[0][1] == 0:
            inner.receiver = params[0][0]
        returns = self.annotation(node.child_by_field_id(self.field.return_type), scope)
        fact: list[Any] = [FUNCTION, s, index, params, False, returns]
        self.facts.append(fact)
        self.generators[index] = fact
        self.def_fact(scope, index, applied, name, binding)
        if body is not None:
            self.block(body, inner)
        self.escape(inner)

    def init_fields(self, node: Node, body: Node | None, decorators: list[Node]) -> list[str]:
        """The parameters, in order, of the ``__init__`` a class's decorator or base generates from its
        fields: a dataclass, an attrs class, a ``NamedTuple`` (``x: T``, ``x: T = v``, ``x = attr.ib()``;
        not a ``ClassVar``, a ``KW_ONLY`` marker or ``field(init=False)``). Empty for other classes."""
        if body is None:
            return []
        generated = any(self.text(d.named_children[0]).partition("(")[0].rsplit(".", 1)[-1] in _FIELD_DECORATORS
                        for d in decorators if d.named_children)
        if not generated:
            superclasses = node.child_by_field_id(self.field.superclasses)
            generated = superclasses is not None and any(
                self.text(base).rsplit(".", 1)[-1] == "NamedTuple" for base in superclasses.named_children)
        if not generated:
            return []
        out: list[str] = []
        for statement in body.named_children:
            assignment = statement.named_children[0] if self.kinds[statement.kind_id] == "expression_statement" and \
                statement.named_children else statement
            if self.kinds[assignment.kind_id] != "assignment":
                continue
            left = assignment.child_by_field_id(self.field.left)
            annotation = assignment.child_by_field_id(self.field.type)
            right = assignment.child_by_field_id(self.field.right)
            if left is None or self.kinds[left.kind_id] != "identifier":
                continue
            if annotation is not None:
                written = self.text(annotation)
                if written.rsplit(".", 1)[-1].startswith("ClassVar") or written.rsplit(".", 1)[-1] == "KW_ONLY":
                    continue
            elif right is None or self.kinds[right.kind_id] != "call" or self.text(
                    right.child_by_field_id(self.field.function) or right).rsplit(".", 1)[-1] not in _FIELD_CALLS:
                continue
            if right is not None and self.kinds[right.kind_id] == "call" and \
                    "init=False" in self.text(right).replace(" ", ""):
                continue
            out.append(self.text(left))
        return out

    def def_fact(self, scope: _Scope, index: int, applied: list[Any], name: str, binding: str) -> None:
        """``["def", scope, index, decorators, binding]``, and for a class whose ``__init__`` is generated
        its fields (:meth:`init_fields`): ``binding`` is the version the name takes."""
        fact: list[Any] = [DEF, scope.index, index, applied, binding]
        if binding != name:
            self.note(scope, name, fact, 4)
        self.facts.append(fact)

    def parameters(self, node: Node | None, outer: _Scope, inner: _Scope) -> list[list[Any]]:
        out: list[list[Any]] = []
        if node is None:
            return out
        keyword_only = False
        for child in node.named_children:
            kind = self.kinds[child.kind_id]
            name_node: Node | None = None
            param_kind = 3 if keyword_only else 0
            annotation: Node | None = None
            default: Node | None = None
            if kind == "identifier":
                name_node = child
            elif kind in ("default_parameter", "typed_default_parameter"):
                name_node = child.child_by_field_id(self.field.name)
                annotation = child.child_by_field_id(self.field.type)
                default = child.child_by_field_id(self.field.value)
            elif kind == "typed_parameter":
                first = child.named_children[0] if child.named_children else None
                annotation = child.child_by_field_id(self.field.type)
                if first is not None and self.kinds[first.kind_id] == "list_splat_pattern":
                    name_node, param_kind, keyword_only = _splat_name(first, self.kinds), 1, True
                elif first is not None and self.kinds[first.kind_id] == "dictionary_splat_pattern":
                    name_node, param_kind = _splat_name(first, self.kinds), 2
                else:
                    name_node = first
            elif kind == "list_splat_pattern":
                name_node, param_kind, keyword_only = _splat_name(child, self.kinds), 1, True
            elif kind == "dictionary_splat_pattern":
                name_node, param_kind = _splat_name(child, self.kinds), 2
            elif kind == "keyword_separator":
                keyword_only = True
                continue
            elif kind == "positional_separator":
                for earlier in out:
                    if earlier[1] == 0:
                        earlier[1] = 4
                continue
            if name_node is None or self.kinds[name_node.kind_id] != "identifier":
                continue
            name = self.text(name_node)
            inner.bound.add(name)
            inner.params.add(name)
            types = self.annotation(annotation, outer) if annotation is not None else None
            out.append([name, param_kind, types])
            if default is not None:
                self.facts.append([ASSIGN, outer.index, [NAME, name, inner.index], self.expr(default, outer)])
        return out

    # -- expressions ------------------------------------------------------------------------------

    def expr(self, node: Node, scope: _Scope) -> list[Any]:  # noqa: C901 - one dispatch over node types
        kind = self.kinds[node.kind_id]
        if kind == "identifier":
            name = self.text(node)
            expression: list[Any] = [NAME, name, scope.index]
            self.reads.append((expression, scope, scope.env.get(name)))
            return expression
        if kind == "attribute":
            obj = node.child_by_field_id(self.field.object)
            attribute = node.child_by_field_id(self.field.attribute)
            if obj is None or attribute is None:
                return [UNKNOWN]
            point = attribute.start_point
            return [ATTR, self.expr(obj, scope), self.text(attribute), point[0] + 1, point[1]]
        if kind == "call":
            return self.call(node, scope)
        if kind == "string":
            kinds = self.kinds
            children = node.named_children
            interpolated = False
            for child in children:
                if kinds[child.kind_id] == "interpolation":
                    interpolated = True
                    # formatting a value calls its ``__format__`` (``!r``: ``__repr__``, ``!s``: ``__str__``)
                    conversion = next((self.text(p) for p in child.named_children
                                       if kinds[p.kind_id] == "type_conversion"), "")
                    dunder = "__repr__" if conversion in ("!r", "!a") else "__str__" if conversion == "!s" \
                        else "__format__"
                    for part in child.named_children:
                        if kinds[part.kind_id] not in ("format_specifier", "type_conversion"):
                            value = self.expr(part, scope)
                            if value[0] in _TESTED:
                                value = [UNARY, dunder, value, _span(child)]
                            self.evaluate(scope.index, value)
            if node.end_byte - node.start_byte > 70:
                return [CONSTANT, ""]  # a long string: its value is no attribute name
            if interpolated:
                return [CONSTANT]
            # (its value, as :meth:`literal` reads it)
            text = self.text
            return [CONSTANT, _string_key("".join([text(c) for c in children if kinds[c.kind_id] == "string_content"]))]
        if kind in _CONSTANTS:
            return [CONSTANT]
        if kind == "comparison_operator":
            return self.comparison(node, scope)
        if kind == "binary_operator":
            left = node.child_by_field_id(self.field.left)
            right = node.child_by_field_id(self.field.right)
            operator = node.child_by_field_id(self.field.operator)
            if left is None or right is None or operator is None:
                return [UNKNOWN]
            return [BINARY, _BINARY.get(self.text(operator), ""), self.expr(left, scope), self.expr(right, scope),
                    _span(operator)]
        if kind == "subscript":
            subscripted = node.child_by_field_id(self.field.value)
            if subscripted is None:
                return [UNKNOWN]
            if self.kinds[subscripted.kind_id] in ("identifier", "attribute") and \
                    self.text(subscripted).rsplit(".", 1)[-1] in _UNIONS:
                # ``Union[A, B]``, ``Optional[A]`` as a value (a type alias: ``AnyStream = Union[A, B]``, which an
                # annotation then names): one of the classes it names
                options: list[list[Any]] = []
                for part in node.named_children[1:]:
                    if self.kinds[part.kind_id] == "subscript":  # a generic class given type arguments: the class
                        head = part.child_by_field_id(self.field.value)
                        if head is not None and self.kinds[head.kind_id] in ("identifier", "attribute") and \
                                self.text(head).rsplit(".", 1)[-1] not in _GENERIC_FORMS:
                            part = head
                    options.append(self.expr(part, scope))
                return [ONE_OF, options]
            return [SUBSCRIPT, self.expr(subscripted, scope), self.key(node, scope), _span(node)]
        if kind in ("list", "tuple", "set", "expression_list", "pattern_list"):
            point = node.start_point
            return [LIST, point[0] + 1, point[1], [self.element(c, scope) for c in node.named_children]]
        if kind == "boolean_operator":
            return [ONE_OF, [self.expr(c, scope) for c in node.named_children]]
        if kind == "not_operator":
            for child in node.named_children:
                self.evaluate(scope.index, self.truth(child, scope))
            return [CONSTANT]
        if kind == "dictionary":
            point = node.start_point
            pairs: list[Any] = []
            for child in node.named_children:
                if self.kinds[child.kind_id] == "pair":
                    key_node = child.child_by_field_id(self.field.key)
                    value_node = child.child_by_field_id(self.field.value)
                    literal = self.literal(key_node, scope) if key_node is not None else None
                    if literal is None and key_node is not None:
                        self.evaluate(scope.index, self.expr(key_node, scope))
                    if value_node is not None:
                        pairs.append([literal, self.expr(value_node, scope)])
                elif self.kinds[child.kind_id] == "dictionary_splat" and child.named_children:
                    pairs.append([None, [DOUBLE_STAR, self.expr(child.named_children[0], scope)]])
            later: set[str] = set()
            for position in range(len(pairs) - 1, -1, -1):  # a repeated literal key: the later pair wins
                key = pairs[position][0]
                if key is None:
                    continue
                if key in later:
                    self.evaluate(scope.index, pairs.pop(position)[1])
                else:
                    later.add(key)
            return [DICT, point[0] + 1, point[1], pairs]
        if kind in ("await", "parenthesized_expression", "list_splat", "dictionary_splat"):
            inner = [c for c in node.named_children if self.kinds[c.kind_id] != "comment"]
            return self.expr(inner[0], scope) if inner else [UNKNOWN]
        if kind == "concatenated_string":
            for child in node.named_children:
                self.expr(child, scope)
            return [CONSTANT, ""]
        if kind in ("list_comprehension", "set_comprehension", "generator_expression", "dictionary_comprehension"):
            return self.comprehension(node, scope)
        if kind == "conditional_expression":
            parts = node.named_children
            if len(parts) == 3:
                self.evaluate(scope.index, self.truth(parts[1], scope))
                return [ONE_OF, [self.expr(parts[0], scope), self.expr(parts[2], scope)]]
            return [UNKNOWN]
        if kind == "unary_operator":
            if node.named_children and self.kinds[node.named_children[0].kind_id] in ("integer", "float"):
                return [CONSTANT]  # (a constant, as the kinds above)
            operator = node.child_by_field_id(self.field.operator)
            argument = node.child_by_field_id(self.field.argument)
            if operator is None or argument is None:
                return [UNKNOWN]
            return [UNARY, _UNARY.get(self.text(operator), ""), self.expr(argument, scope), _span(operator)]
        if kind == "lambda":
            return self.lambda_(node, scope)
        if kind == "named_expression":
            name_node = node.child_by_field_id(self.field.name)
            value_node = node.child_by_field_id(self.field.value)
            if name_node is None or value_node is None:
                return [UNKNOWN]
            evaluated = self.expr(value_node, scope)
            target = self.target(name_node, scope)
            if target is not None:
                self.facts.append([ASSIGN, scope.index, target, evaluated])
            return evaluated
        if kind == "yield":
            self.mark_generator(scope)
            yielded = node.named_children[0] if node.named_children else None
            from_ = any(self.kinds[c.kind_id] == "from" for c in node.children)
            if yielded is not None:
                fact = [YIELD_FROM if from_ else YIELD, scope.index, self.expr(yielded, scope)]
                if from_:  # (where the operand is iterated: its ``__iter__`` is called there)
                    fact.append(_span(yielded))
                self.facts.append(fact)
            self.escape(scope)  # the consumer runs here, and may call what reads this code's names
            if from_ or scope.kind != "f":
                return [UNKNOWN]
            return [NAME, SENT, scope.index]  # what the generator's ``send()`` calls pass
        for child in node.named_children:  # anything else: keep its calls, model nothing
            if self.kinds[child.kind_id] not in _CONSTANTS:
                self.evaluate(scope.index, self.expr(child, scope))
        return [UNKNOWN]

    def delete(self, node: Node, scope: _Scope) -> None:
        """A ``del`` target, which is not read: ``del x[k]`` calls ``__delitem__`` of ``x``, ``del x.a`` may run a
        deleter: ``["u", "__delattr__", ["a", x, "a", …], span]`` (no getter runs)."""
        kind = self.kinds[node.kind_id]
        if kind in ("expression_list", "tuple", "list", "pattern_list", "tuple_pattern", "list_pattern",
                    "parenthesized_expression"):
            for child in node.named_children:
                self.delete(child, scope)
        elif kind == "subscript":
            value = node.child_by_field_id(self.field.value)
            if value is not None:
                obj = self.expr(value, scope)
                self.key(node, scope)
                self.evaluate(scope.index, [UNARY, "__delitem__", obj, _span(node)])
        elif kind == "attribute":  # (a property's deleter may run: no read of the attribute)
            self.evaluate(scope.index, [UNARY, "__delattr__", self.expr(node, scope), _span(node)])
        else:
            self.evaluate(scope.index, self.expr(node, scope))

    def truth(self, node: Node, scope: _Scope) -> list[Any]:
        """A condition (``if``, ``while``, ``not``, ``a if c else b``): Python asks what it is for its truth,
        ``__bool__`` or, without one, ``__len__``."""
        expression = self.expr(node, scope)
        if expression[0] in _TESTED:
            return [UNARY, "__bool__", expression, _span(node)]
        return expression

    def mark_generator(self, scope: _Scope) -> None:
        fact = self.generators.get(scope.index)
        if fact is not None:
            fact[4] = True

    def element(self, node: Node, scope: _Scope) -> list[Any]:
        if self.kinds[node.kind_id] == "list_splat" and node.named_children:
            return [STAR, self.expr(node.named_children[0], scope)]
        return self.expr(node, scope)

    def comparison(self, node: Node, scope: _Scope) -> list[Any]:
        operands = [c for c in node.named_children]
        operators = [c for c in node.children if not c.is_named]
        result: list[Any] = [CONSTANT]
        values = [self.expr(c, scope) for c in operands]
        for position, operator in enumerate(operators[: len(values) - 1]):
            written = self.text(operator)
            left, right = values[position], values[position + 1]
            if written in ("in", "not in"):
                self.evaluate(scope.index, [BINARY, "__contains__", right, left, _span(operator)])
            elif written in _COMPARE:
                self.evaluate(scope.index, [BINARY, _COMPARE[written], left, right, _span(operator)])
        if len(operators) < len(values) - 1:
            for value in values:
                self.evaluate(scope.index, value)
        return result

    def comprehension(self, node: Node, scope: _Scope) -> list[Any]:
        outside = dict(scope.env)  # the comprehension's own names do not outlive it (Python 3)
        own: list[str] = []
        for child in node.named_children:
            if self.kinds[child.kind_id] == "for_in_clause":
                left = child.child_by_field_id(self.field.left)
                if left is not None:
                    own += _bound_names(left, self, as_target=True)
        try:
            return self._comprehension(node, scope)
        finally:
            for name in own:
                if name in outside:
                    scope.env[name] = outside[name]
                else:
                    scope.env.pop(name, None)

    def _comprehension(self, node: Node, scope: _Scope) -> list[Any]:
        body = node.child_by_field_id(self.field.body)
        for child in node.named_children:
            if self.kinds[child.kind_id] == "for_in_clause":
                left = child.child_by_field_id(self.field.left)
                right = child.child_by_field_id(self.field.right)
                if right is not None:
                    iterable = self.expr(right, scope)
                    target = self.target(left, scope) if left is not None else None
                    self.facts.append([FOR, scope.index, target, iterable, _span(right)])
            elif self.kinds[child.kind_id] == "if_clause":
                for condition in child.named_children:
                    self.evaluate(scope.index, self.expr(condition, scope))
        point = node.start_point
        if body is None:
            return [UNKNOWN]
        if self.kinds[body.kind_id] == "pair":
            key = body.child_by_field_id(self.field.key)
            value = body.child_by_field_id(self.field.value)
            if key is not None:
                self.evaluate(scope.index, self.expr(key, scope))
            return [DICT, point[0] + 1, point[1], [[None, self.expr(value, scope)]] if value is not None else []]
        return [LIST, point[0] + 1, point[1], [self.expr(body, scope)]]

    def lambda_(self, node: Node, scope: _Scope) -> list[Any]:
        index = self.by_range.get((node.start_byte, node.end_byte), -1)
        body = node.child_by_field_id(self.field.body)
        if index < 0:
            if body is not None:
                self.evaluate(scope.index, self.expr(body, scope))
            return [UNKNOWN]
        inner = _Scope(index, "f", scope)
        self.scopes.append(inner)
        params = self.parameters(node.child_by_field_id(self.field.parameters), scope, inner)
        fact: list[Any] = [FUNCTION, scope.index, index, params, False, None]
        self.facts.append(fact)
        self.generators[index] = fact
        if body is not None:
            self.facts.append([RETURN, index, self.expr(body, inner)])
        self.escape(inner)
        return [DEFINED, index]

    def call(self, node: Node, scope: _Scope) -> list[Any]:
        field, kinds = self.field, self.kinds
        function = node.child_by_field_id(field.function)
        arguments = node.child_by_field_id(field.arguments)
        if function is None:
            return [UNKNOWN]
        function_kind = kinds[function.kind_id]
        if function_kind == "identifier" and self.text(function) == "super":
            return self.super_(arguments, scope)
        if function_kind == "attribute":  # (what expr() makes of it, with the attribute's node kept for the span)
            obj = function.child_by_field_id(field.object)
            last = function.child_by_field_id(field.attribute)
            if obj is None or last is None:
                callee: list[Any] = [UNKNOWN]
            else:
                point = last.start_point
                callee = [ATTR, self.expr(obj, scope), self.text(last), point[0] + 1, point[1]]
        else:
            callee = self.expr(function, scope)
            last = function
        ref = function_kind == "identifier" or function_kind == "attribute"
        if not ref and arguments is not None:
            last = arguments  # ``f()()``, ``table[k]()``: the call happens at its argument list
        span = _span(last if last is not None else function)
        args: list[Any] = []
        keywords: list[Any] = []
        star: list[Any] | None = None
        double: list[Any] | None = None
        if arguments is not None:
            if kinds[arguments.kind_id] == "generator_expression":
                args.append(self.expr(arguments, scope))
            else:
                for argument in arguments.named_children:
                    kind = kinds[argument.kind_id]
                    if kind == "keyword_argument":
                        name = argument.child_by_field_id(field.name)
                        value = argument.child_by_field_id(field.value)
                        if name is not None and value is not None:
                            keywords.append([self.text(name), self.expr(value, scope)])
                    elif kind == "list_splat" and argument.named_children:
                        star = self.expr(argument.named_children[0], scope)
                    elif kind == "dictionary_splat" and argument.named_children:
                        double = self.expr(argument.named_children[0], scope)
                    elif kind != "comment":
                        args.append(self.expr(argument, scope))
        text = None if ref else " ".join(self.text(function).split())[:80]
        if scope.dirty or scope.kind == "c":  # (else escape() has nothing to do)
            self.escape(scope)  # the call runs code that may read this code's names
        return [CALL, span, ref, callee, args, keywords, star, double, text]

    def super_(self, arguments: Node | None, scope: _Scope) -> list[Any]:
        kinds = self.kinds
        given = [c for c in arguments.named_children if kinds[c.kind_id] != "comment"] if arguments is not None else []
        if len(given) == 2:
            return [SUPER, self.expr(given[0], scope), self.expr(given[1], scope)]
        current: _Scope | None = scope
        while current is not None and current.kind == "f" and current.klass < 0:
            current = current.parent  # super() in a nested function or lambda of a method
        if current is None or current.klass < 0 or current.receiver is None:
            return [UNKNOWN]
        receiver: list[Any] = [NAME, current.receiver, current.index]
        return [SUPER, [DEFINED, current.klass], receiver]


def _string_key(text: str) -> str:
    """A string's value as a key or constant. A number's key is its value's text (``_number_key``), and a
    slice's is ``":"``: a string that could read as one of those (``"1"``, ``"-2"``, ``":"``), or that
    starts with the mark, is marked with a leading ``'`` so that ``{1: a, "1": b}[1.0]`` is ``a``. Names
    (attributes, keywords) never start so, and are left as they are."""
    first = text[:1]
    if first.isdigit() or first == "'" or text == ":" or (first in "-+." and text[1:2].isdigit()):
        return "'" + text
    return text


def _number_key(text: str) -> str | None:
    """A number's value as a key's text: ``1``, ``1.0``, ``True`` and ``0x1`` are all ``1``."""
    written = text.replace(" ", "").replace("_", "")
    if written in ("True", "False"):
        return "1" if written == "True" else "0"
    try:
        return str(int(written, 0))
    except ValueError:
        pass
    try:
        value = float(written)
    except ValueError:
        return None
    return str(int(value)) if value.is_integer() else repr(value)


_TARGET_FIELDS: dict[str, str | None] = {
    "assignment": "left", "augmented_assignment": "left", "for_statement": "left", "for_in_clause": "left",
    "named_expression": "name", "as_pattern_target": None}


_COMPREHENSIONS = ("list_comprehension", "set_comprehension", "generator_expression", "dictionary_comprehension")


def _target_names(target: Node, builder: FlowBuilder, out: dict[str, None]) -> None:
    """The names an assignment target binds, into ``out``. (A function of its own, not a closure that
    calls itself: such a closure is a reference cycle, which kept the whole extraction it was made
    for, its builder, context and records, alive until a garbage collection.)"""
    kind = builder.kinds[target.kind_id]
    if kind == "identifier":
        out[builder.text(target)] = None
    elif kind in ("pattern_list", "tuple_pattern", "list_pattern", "tuple", "list", "expression_list",
                  "list_splat_pattern", "list_splat", "parenthesized_expression"):
        for child in target.named_children:
            _target_names(child, builder, out)


def _captures(pattern: Node, builder: FlowBuilder) -> list[Node]:
    """The names a case pattern captures, in order: a bare name (``case other:``, ``[first, *rest]``,
    ``Point(y=yy)``, ``{"k": v, **others}``) and ``… as whole``; not ``_``, nor a class or a dotted value
    (``Point(…)``, ``Color.RED``)."""
    kinds = builder.kinds
    out: list[Node] = []
    stack = [pattern]
    while stack:
        current = stack.pop()
        kind = kinds[current.kind_id]
        children = current.named_children
        if kind == "dotted_name":
            continue  # (a class's or a value's name; a capture is read off its parent below)
        if kind in ("case_pattern", "keyword_pattern") and children and kinds[children[-1].kind_id] == "dotted_name":
            name = children[-1].named_children
            if len(name) == 1 and kinds[name[0].kind_id] == "identifier" and \
                    (kind == "keyword_pattern" or len(children) == 1):
                out.append(name[0])
        elif kind in ("splat_pattern", "as_pattern") and children and kinds[children[-1].kind_id] == "identifier":
            out.append(children[-1])
        stack.extend(reversed(children))
    out.sort(key=lambda name: name.start_byte)
    return [name for name in out if builder.text(name) != "_"]


def _bound_names(node: Node, builder: FlowBuilder, *, as_target: bool = False) -> list[str]:
    """The names code under ``node`` binds (assignment, loop and ``with`` targets, definitions,
    imports, ``except … as``), in order, not looking into nested functions, lambdas and classes, nor
    into comprehensions below ``node`` (their names do not outlive them)."""
    out: dict[str, None] = {}

    def targets(target: Node) -> None:
        _target_names(target, builder, out)

    if as_target:  # ``node`` is a target itself (a comprehension's ``for`` target)
        targets(node)
        return list(out)
    binders = builder.binders
    if binders is None:
        source = builder.source
        binders = [match.start() for match in _WALRUS.finditer(source)]
        binders += [start for match in _AS.finditer(source)
                    if not (start := match.start()) or not _WORD.match(source, start - 1)]
        binders.sort()
        builder.binders = binders
    # (a tree with errors may hold a ``:=`` the parser made up, which the text does not show)
    assert builder.ctx.root is not None
    skipped = _EXPRESSIONS if not builder.ctx.root.has_error else frozenset()
    kinds = builder.kinds
    stack = [node]
    while stack:
        current = stack.pop()
        kind = kinds[current.kind_id]
        if kind in ("function_definition", "class_definition"):
            name = current.child_by_field_id(builder.field.name)
            if name is not None:
                out[builder.text(name)] = None
            continue
        if kind == "lambda" or (kind in _COMPREHENSIONS and current is not node):
            continue
        if kind in skipped:  # (the walk's bulk: not entered unless a ``:=`` or an ``as`` is inside)
            first = bisect_left(binders, current.start_byte)
            if first == len(binders) or binders[first] >= current.end_byte:
                continue
        field = _TARGET_FIELDS.get(kind)
        if field:
            target = current.child_by_field_id(getattr(builder.field, field))
            if target is not None:
                targets(target)
        elif kind == "as_pattern":
            alias = current.child_by_field_id(builder.field.alias)
            if alias is not None:
                for child in alias.named_children:
                    targets(child)
        elif kind == "case_pattern":  # (a case clause's: what it captures; a pattern holds no other binding)
            for name in _captures(current, builder):
                out[builder.text(name)] = None
            continue
        elif kind in ("import_statement", "import_from_statement"):
            module = current.child_by_field_id(builder.field.module_name)
            for child in current.named_children:
                if child == module:
                    continue
                if builder.kinds[child.kind_id] == "dotted_name":
                    text = builder.text(child)
                    out[text.split(".")[0] if kind == "import_statement" else text] = None
                elif builder.kinds[child.kind_id] == "aliased_import":
                    alias = child.child_by_field_id(builder.field.alias)
                    if alias is not None:
                        out[builder.text(alias)] = None
            continue
        stack.extend(reversed(current.named_children))
    return list(out)


def _has_interpolation(node: Node, kinds: dict[int, str]) -> bool:
    return any(kinds[c.kind_id] == "interpolation" for c in node.named_children)


def _splat_name(node: Node, kinds: dict[int, str]) -> Node | None:
    for child in node.named_children:
        if kinds[child.kind_id] == "identifier":
            return child
    return None


def build_flow(ctx: Context) -> list[Any]:
    """The facts of one file (see the module docstring): ``[FLOW_VERSION, json_text]``.

    The facts travel as one compact JSON string: cheap to send from a worker process, to cache,
    and invisible to the garbage collector (a project's facts stay in memory until resolution, and
    millions of small lists would be scanned at every full collection). The collector is paused
    during the walk, which allocates many small lists and no cycles.
    """
    assert ctx.root is not None
    walk = compiled_walk()
    if walk is not None:
        text = walk.flow_facts(ctx.root, ctx.source, _definitions(ctx), _fallback)
        if text is not None:
            return [FLOW_VERSION, text]
    return python_flow(ctx)


def python_flow(ctx: Context) -> list[Any]:
    """:func:`build_flow` in Python (where the compiled walk is not built, refuses the tree, or leaves a file
    to this walk)."""
    assert ctx.root is not None
    enabled = gc.isenabled()
    gc.disable()
    try:
        return encode(FlowBuilder(ctx).build(ctx.root)[1])
    finally:
        if enabled:
            gc.enable()


def _definitions(ctx: Context) -> list[tuple[int, int, int]]:
    """``(start byte, end byte, index)`` of the symbols a ``["f", index]`` may name, in symbol order (both walks
    keep the first of a range: ``FlowBuilder.by_range``)."""
    return [(symbol.start_byte, symbol.end_byte, index) for index, symbol in enumerate(ctx.extraction.symbols)
            if index and symbol.kind in _DEFINED_KINDS]


def _fallback(operation: str, text: str) -> Any:
    """What the compiled walk asks Python where Python's own string semantics decide (a number's value, a
    non-ASCII text's digits, identifiers or spaces)."""
    if operation == "number":
        return _number_key(text)
    if operation == "string":
        return _string_key(text)
    if operation == "identifier":
        return text.isidentifier()
    if operation == "squeezed":
        return " ".join(text.split())[:80]
    raise ValueError(f"unknown operation {operation!r}")


#: the subscripted names whose value, as an expression, is one of the types they name (``Union[A, B]``)
_UNIONS = frozenset({"Union", "Optional"})
#: the generic heads of the typing module and the builtins whose subscript is no class given type arguments
#: (``Type[A]`` is the class ``A``, ``List[A]`` a list): a union's part written so keeps its own value. The
#: compiled walk has the same list (``rust/pywalk/src/flow.rs``: ``is_generic_form``)
_GENERIC_FORMS = frozenset({
    *_UNIONS, "Type", "type", "List", "list", "Dict", "dict", "Set", "set", "FrozenSet", "frozenset", "Tuple", "tuple",
    "Callable", "Sequence", "MutableSequence", "Mapping", "MutableMapping", "Iterable", "Iterator", "Collection",
    "Literal", "Annotated", "ClassVar", "Final", "Generator", "AsyncGenerator", "AsyncIterator", "AsyncIterable",
    "Awaitable", "Coroutine", "DefaultDict", "defaultdict", "OrderedDict", "Deque", "deque", "Counter", "ChainMap",
    "AbstractSet", "MutableSet", "Reversible", "Container", "Generic", "Protocol", "TypeGuard", "Required",
    "NotRequired", "Unpack", "Concatenate", "ParamSpec", "TypeVar"})

#: a module whose tree the compiled walk reads once a process, checked against Python's (:func:`compiled_walk`)
_SAMPLE = b"""\
import os, a.b as c
from x import (y as z, w)
K: "Optional[A] | b.C" = 1
class A(B, metaclass=M):
    n: int = 0
    def __init__(self, x: int = 2, *args, k=3, **kw) -> "A":
        super().__init__(x)
        self.x = x if x else [i for i in args if i]
        self.d = {"a": x, 1: (lambda q: q), **kw}
    @property
    def p(self): return self.x[0], self.d["a"]
    @p.setter
    def p(self, v): self.x = v
def f(a, /, b, *, c):
    global K
    try:
        with open(a) as h, g() as (i, j):
            for e in h:
                if e: break
                elif not e: continue
                else: e += 1
            else:
                pass
    except (OSError, ValueError) as err:
        raise RuntimeError(err) from err
    finally:
        K = -1
    while (n := len(b)) > 0x10:
        yield n
    match c:
        case [1, 2]: return {k: v for k, v in b.items()}
    return a @ b, a in b, not a, ~a, a < b <= c, f"{a!r:>3}", b"x" "y"
"""


def _python_digest(node: Node) -> tuple[int, int, int]:
    """:func:`codeknit._pywalk.walk_digest`, walked in Python."""
    cursor = node.walk()
    count = named = total = 0
    while True:
        current = cursor.node
        assert current is not None
        count += 1
        named += current.is_named
        mixed = current.kind_id ^ (current.start_byte << 16) ^ (current.end_byte << 36) ^ (current.child_count << 56)
        total = (total * 1_000_003 + mixed) & 0xFFFF_FFFF_FFFF_FFFF
        if cursor.goto_first_child():
            continue
        while not cursor.goto_next_sibling():
            if not cursor.goto_parent():
                return count, named, total


@functools.cache
def compiled_walk() -> Any | None:
    """The compiled walk (``codeknit._pywalk``), where it is built and may read this process's trees: it links a
    tree-sitter runtime of its own, so py-tree-sitter's minor version must be the one it was built for, and its
    walk of a sample tree must equal one in Python. Else None: the Python walk runs (and with
    ``CODEKNIT_FLOW_WALK=python``)."""
    walk = tree_walker("flow_facts", "walk_digest", switched_off=("CODEKNIT_FLOW_WALK", "python"))
    if walk is None:
        return None
    try:
        from codeknit.languages.engine import parse_fragment

        tree = parse_fragment("python", _SAMPLE)
        if walk.walk_digest(tree.root_node) != _python_digest(tree.root_node):
            return None
    except Exception:  # noqa: BLE001 - whatever fails here, the Python walk runs
        return None
    return walk


def flow_walk_name() -> str:
    """Which walk writes Python's data-flow facts: "compiled" or "python"."""
    return "python" if compiled_walk() is None else "compiled"


# -- positions --------------------------------------------------------------------------------
#
# Facts record where things are written (call sites, operators, literals as allocation sites), and
# nothing else about a file depends on where its code sits. So an edit that only moves code (a line
# inserted above it, a docstring, a comment, re-indentation) keeps the facts' *layout*: the facts
# with their positions taken out. The interface digest (``resolve/interface.py``) digests the
# layout, and the points-to answers of the earlier version are carried over by pairing the two
# versions' positions in walk order (``PositionMap``).

Position = tuple[int, ...]  # a span (line, column, end line, end column) or a point (line, column)


class UnknownFact(ValueError):
    """A fact this walker does not know: its positions cannot be told apart from the rest."""


def flow_layout(flow: list[Any] | None) -> tuple[Any, list[Position]]:
    """A file's facts without their positions, and the positions in walk order. Raises
    :class:`UnknownFact` for a fact or expression outside the format above."""
    if not flow:
        return flow, []
    facts = decode(flow)
    positions: list[Position] = []
    return [flow[0], [_fact_layout(fact, positions) for fact in facts]], positions


def _fact_layout(fact: list[Any], out: list[Position]) -> list[Any]:  # noqa: C901 - one case per fact kind
    op = fact[0]
    x = _expr_layout
    if op in (EVAL, RETURN, YIELD):
        return [op, fact[1], x(fact[2], out)]
    if op == YIELD_FROM:
        value = x(fact[2], out)
        out.append(tuple(fact[3]))
        return [op, fact[1], value]
    if op == ASSIGN:
        return [op, fact[1], x(fact[2], out), x(fact[3], out)]
    if op in (FOR, WITH):
        target = x(fact[2], out) if fact[2] is not None else None
        value = x(fact[3], out)
        out.append(tuple(fact[4]))
        return [op, fact[1], target, value]
    if op == FUNCTION:
        params = [[name, kind, _types_layout(types, out)] for name, kind, types in fact[3]]
        return [op, fact[1], fact[2], params, fact[4], _types_layout(fact[5], out)]
    if op == DEF:
        decorators = []
        for decorator, span in fact[3]:
            decorators.append(x(decorator, out))
            out.append(tuple(span))
        if len(fact) > 6:  # a class's name, where it is made, and its metaclass
            out.append(tuple(fact[6]))
            metaclass = [x(fact[7], out)] if len(fact) > 7 else []
            return [op, fact[1], fact[2], decorators, *fact[4:6], *metaclass]
        return [op, fact[1], fact[2], decorators, *fact[4:]]
    if op == PHI:
        return fact
    if op == IMPORT:
        out.append(tuple(fact[2]))
        return [op, fact[1], fact[3], fact[4]]
    if op == RAISE:
        value = x(fact[2], out)
        out.append(tuple(fact[3]))
        return [op, fact[1], value]
    if op == EXCEPT:
        return [op, fact[1], x(fact[2], out) if fact[2] is not None else None, x(fact[3], out)]
    if op == ANNOTATION:
        return [op, fact[1], x(fact[2], out), _types_layout(fact[3], out)]
    raise UnknownFact(op)


def _types_layout(types: list[Any] | None, out: list[Position]) -> list[Any] | None:
    return None if types is None else [_expr_layout(t, out) for t in types]


def _expr_layout(e: list[Any], out: list[Position]) -> list[Any]:  # noqa: C901 - one case per expression kind
    op = e[0]
    x = _expr_layout
    if op in INERT:  # (no positions)
        return e
    if op == ATTR:
        value = x(e[1], out)
        out.append((e[3], e[4]))
        return [op, value, e[2]]
    if op == CALL:
        out.append(tuple(e[1]))
        return [op, e[2], x(e[3], out), [x(a, out) for a in e[4]], [[k, x(v, out)] for k, v in e[5]],
                x(e[6], out) if e[6] is not None else None, x(e[7], out) if e[7] is not None else None, e[8]]
    if op in (LIST, DICT):
        out.append((e[1], e[2]))
        if op == LIST:
            return [op, [x(item, out) for item in e[3]]]
        return [op, [[key, x(value, out)] for key, value in e[3]]]
    if op == SUBSCRIPT:
        value = x(e[1], out)
        out.append(tuple(e[3]))
        return [op, value, e[2]]
    if op == BINARY:
        left, right = x(e[2], out), x(e[3], out)
        out.append(tuple(e[4]))
        return [op, e[1], left, right]
    if op == UNARY:
        value = x(e[2], out)
        out.append(tuple(e[3]))
        return [op, e[1], value]
    if op == ONE_OF:
        return [op, [x(item, out) for item in e[1]]]
    if op == TUPLE:
        items = [x(item, out) for item in e[1]]
        out.append(tuple(e[2]))
        return [op, items]
    if op == SUPER:
        return [op, x(e[1], out), x(e[2], out)]
    if op in (STAR, DOUBLE_STAR):
        return [op, x(e[1], out)]
    raise UnknownFact(op)


class PositionMap:
    """Where each position of one version of a file's facts is in another version with the same
    layout: spans as written, and points (a span's ends, an attribute's or a literal's start)."""

    __slots__ = ("spans", "points")

    def __init__(self, before: list[Position], after: list[Position]) -> None:
        if len(before) != len(after):
            raise UnknownFact("the layouts differ")
        self.spans: dict[Position, Position] = {}
        self.points: dict[Position, Position] = {}
        for old, new in zip(before, after, strict=True):
            if len(old) == 4:
                self.spans.setdefault(old, new)
                self.points.setdefault(old[:2], new[:2])
                self.points.setdefault(old[2:], new[2:])
            else:
                self.points.setdefault(old, new)

    def span(self, span: Position) -> Position | None:
        """``span`` in the other version: a span the facts record, or one from a recorded point to
        a place on the same line (an attribute's name, whose end the solver works out)."""
        found = self.spans.get(span)
        if found is not None:
            return found
        start = self.points.get(span[:2])
        if start is None or span[2] != span[0]:
            return None
        return (start[0], start[1], start[0], start[1] + span[3] - span[1])

    def then(self, other: PositionMap) -> PositionMap:
        """This map followed by ``other`` (which maps this one's targets onward)."""
        out = PositionMap([], [])
        out.spans = {old: found for old, mid in self.spans.items() if (found := other.span(mid)) is not None}
        out.points = {old: found for old, mid in self.points.items() if (found := other.points.get(mid)) is not None}
        return out

    def inverse(self) -> PositionMap:
        out = PositionMap([], [])
        out.spans = {new: old for old, new in self.spans.items()}
        out.points = {new: old for old, new in self.points.items()}
        return out
