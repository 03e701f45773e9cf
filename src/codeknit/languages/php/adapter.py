"""PHP: the adapter half (the query half is ``php/queries.scm``).

Names
-----
PHP separates namespace segments with ``\\``; codeknit spells them with ``.``
(``App\\Models\\User`` → ``App.Models.User``), in namespace symbols, qualified
names, signatures and edge texts. A leading ``\\`` (fully qualified) is dropped
from texts and signatures: what a name denotes is decided here, from the
syntax alone, and travels in ``RawRef.qualified``:

* a class name goes through the ``use`` imports of its namespace, then the
  namespace itself (``User`` in ``namespace App\\Models`` → ``App.Models.User``);
* an unqualified function or constant name that no ``use function``/``use
  const`` imports may denote the namespace's own or the global one, tried in
  that order (``strlen`` in ``App`` → ``App.strlen``, then ``strlen``);
* ``self``, ``static`` and ``$this`` stay as written, ``parent`` becomes
  ``super``: the shared resolver finds those through the class hierarchy.
"""

from __future__ import annotations

import bisect
import posixpath
import re
from collections.abc import Container, Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from codeknit.graph.model import EdgeKind, LocalKind, PropertyValue, Role, SymbolKind
from codeknit.languages.conditions import ConditionSyntax, carried
from codeknit.languages.engine import CALLABLE_KINDS, Adapter, Context, ScopeIndex, file_symbol, node_span, siblings
from codeknit.languages.records import CHAIN_STEPS, RawImport, RawRef, RawSymbol
from codeknit.languages.typing_notes import note_narrowing, note_unknown, note_var_type

if TYPE_CHECKING:
    from tree_sitter import Node

_CALLABLE_KINDS = frozenset({SymbolKind.FUNCTION, SymbolKind.METHOD, SymbolKind.CONSTRUCTOR})
#: the symbols whose locals the engine records (callables and properties)
_LOCAL_OWNERS = CALLABLE_KINDS | {SymbolKind.PROPERTY}
_NAME_NODES = frozenset({"name", "qualified_name", "relative_name"})
#: what names a class before ``::`` (``Foo::m()``, ``static::m()``)
_CLASS_SCOPES = _NAME_NODES | {"relative_scope"}
#: the value captures' types (the query's ``@reference.value``)
_VALUE_TYPES = frozenset({"variable_name", "member_access_expression", "nullsafe_member_access_expression"})
#: a member read or called (``$x->a``, ``$x?->a()``): a receiver chain's links
_MEMBER_TYPES = frozenset({"member_access_expression", "nullsafe_member_access_expression", "member_call_expression",
                           "nullsafe_member_call_expression"})
_RELATIVE = {"self": "self", "static": "static", "parent": "super"}
#: type names that are keywords, never classes
_BUILTIN_TYPES = frozenset(
    {"self", "static", "parent", "array", "callable", "iterable", "object", "mixed", "void", "null", "never",
     "bool", "int", "float", "string", "false", "true"}
)
#: constants the language defines; written bare, they are never project names
_LITERAL_CONSTANTS = frozenset({"true", "false", "null"})
#: the references to constants the query captures: bare names, a binary expression's operands
_CONSTANT_KINDS = frozenset({"constant", "left", "right"})
#: the references the query captures at a class's name, by their edge
_CLASS_EDGES = {"inherits": EdgeKind.INHERITS, "implements": EdgeKind.IMPLEMENTS, "decorates": EdgeKind.DECORATES}
_MODIFIERS = {
    "static_modifier": "static",
    "abstract_modifier": "abstract",
    "final_modifier": "final",
    "readonly_modifier": "readonly",
}


def _modifiers(ctx: Context, node: Node, *, visibility: bool = True, promoted: bool = False,
               attributes: bool = True) -> dict[str, PropertyValue]:
    """A declaration's properties, read off its children once, in this order: its ``visibility`` (the first
    written, else ``public``), ``promoted``, the modifiers (``static``, ``abstract``, …), ``attributes``."""
    flags: dict[str, PropertyValue] = {}
    visible = ""
    names: list[str] = []
    for child in node.children:
        kind = child.type
        if kind in _MODIFIERS:
            flags[_MODIFIERS[kind]] = True
        elif kind == "visibility_modifier":
            visible = visible or ctx.text(child).split("(")[0].strip().lower() or "public"
        elif kind == "attribute_list" and attributes:
            for group in child.named_children:
                for attribute in group.named_children:
                    name = next((c for c in attribute.named_children if c.type in _NAME_NODES), None) \
                        if attribute.type == "attribute" else None
                    if name is not None:
                        names.append(dotted(ctx.text(name)))
    properties: dict[str, PropertyValue] = {"visibility": visible or "public"} if visibility else {}
    if promoted:
        properties["promoted"] = True
    properties.update(flags)
    if names:
        properties["attributes"] = tuple(names)
    return properties


def _declaration(symbol: RawSymbol, node: Node, element: str) -> Node:
    """The declaration statement around a property's or a constant's ``element``; the symbol spans it
    (with its modifiers) when it declares this one name alone."""
    declaration = node.parent if node.parent is not None else node
    if sum(c.type == element for c in declaration.named_children) == 1:
        symbol.span = node_span(declaration)
        symbol.start_byte, symbol.end_byte = declaration.start_byte, declaration.end_byte
    return declaration


_LEADING_BACKSLASH = re.compile(r"(?<![\w\\])\\")
_THIS = re.compile(rb"\$this\b")
#: a static property's ``$name`` (``Foo::$x``), a candidate :meth:`PhpAdapter.chain` checks (each pattern
#: starts with a literal: the search skips to it, where an alternation tried each byte)
_STATIC_NAME = re.compile(rb"::\s*\$")


def module_name(path: str) -> str:
    """The file's module symbol name: its path without the extension (``src/Models/User``)."""
    stem, ext = posixpath.splitext(path)
    return stem if ext else path


def dotted(name: str) -> str:
    """``\\App\\Models\\User`` → ``App.Models.User`` (the leading backslash dropped)."""
    return name.strip().lstrip("\\").replace("\\", ".")


def normalise_type(text: str) -> str:
    """A type as a signature shows it: whitespace squeezed, ``\\`` separators as ``.``."""
    squeezed = " ".join(text.split())
    return _LEADING_BACKSLASH.sub("", squeezed).replace("\\", ".")


@dataclass(slots=True)
class _Region:
    """A stretch of the file under one namespace, with the ``use`` imports written in it."""

    start: int
    end: int
    namespace: str  # dotted, "" for the global namespace
    classes: dict[str, str] = field(default_factory=dict)  # lower-cased alias → dotted FQN
    functions: dict[str, str] = field(default_factory=dict)  # lower-cased alias → dotted FQN
    constants: dict[str, str] = field(default_factory=dict)  # alias → dotted FQN

    def qualify(self, name: str) -> str:
        return f"{self.namespace}.{name}" if self.namespace else name


#: the query's containers (``@adapter.<what>``): what a declaration or a binding can be inside
#: the containers that are types
_TYPES = ("class", "anonymous_class")
#: the query's definitions (``@definition.<kind>``): the symbol's kind (``promoted``: a constructor's
#: parameter that declares a property; ``define``: ``define('NAME', …)``)
_KINDS = {"promoted": "field", "define": "constant"}
_TYPE_KINDS = frozenset({"class", "interface", "trait", "enum"})
_CONTAINERS = {"adapter.function": "function", "adapter.closure": "closure", "adapter.class": "class",
               "adapter.anonymous_class": "anonymous_class"}
#: the query's bindings (``@adapter.<what>``), see :meth:`PhpAdapter._variable_types`
_BINDINGS = frozenset({"adapter.assign", "adapter.rebind", "adapter.list", "adapter.foreach", "adapter.catch",
                       "adapter.declare"})


class _FileState:
    """What the query's ``@adapter`` captures say about a file, read once: its namespaces with their
    ``use`` imports, the functions, closures and classes that enclose other code, and the bindings."""

    def __init__(self, ctx: Context, root: Node) -> None:
        namespaces: list[Node] = []
        uses: list[Node] = []
        containers: list[tuple[int, int, str, Node]] = []
        self.bindings: list[tuple[str, Node]] = []
        self.updates: list[Node] = []  # (``$i++``: what it writes, no binding)
        for captures in ctx.matches:
            for capture, nodes in captures.items():
                what = _CONTAINERS.get(capture)
                if what is not None:
                    containers.append((nodes[0].start_byte, nodes[0].end_byte, what, nodes[0]))
                elif capture in _BINDINGS:
                    self.bindings.append((capture, nodes[0]))
                elif capture == "adapter.namespace":  # (any: a top-level one's region, a body's imports)
                    parent, body = nodes[0].parent, nodes[0].child_by_field_name("body")
                    if parent is not None and parent.type == "program":
                        namespaces.append(nodes[0])
                    if body is not None and body.type == "compound_statement":
                        uses += [c for c in body.named_children if c.type == "namespace_use_declaration"]
                elif capture == "adapter.use":
                    uses.append(nodes[0])
                elif capture == "adapter.update":
                    self.updates.append(nodes[0])
        self.regions = _regions(ctx, root, sorted(namespaces, key=lambda n: n.start_byte))
        self.starts = [r.start for r in self.regions]
        #: each ``use`` statement's clauses (:func:`_use_clauses`), by its start byte, read once
        self.uses = {use.start_byte: list(_use_clauses(ctx, use)) for use in sorted(uses, key=lambda n: n.start_byte)}
        for start, clauses in self.uses.items():
            _record_use(clauses, self.region(start))
        containers.sort(key=lambda c: (c[0], -c[1]))
        self.containers = containers
        self.container_starts = [c[0] for c in containers]
        self.up: list[int] = []  # each container's enclosing container (-1: none)
        stack: list[int] = []
        for index, (_start, end, _what, _node) in enumerate(containers):
            while stack and containers[stack[-1]][1] < end:
                stack.pop()
            self.up.append(stack[-1] if stack else -1)
            stack.append(index)

    def region(self, byte: int) -> _Region:
        position = bisect.bisect_right(self.starts, byte) - 1
        return self.regions[max(position, 0)]

    def around(self, node: Node) -> list[int]:
        """The containers around ``node`` (never ``node`` itself), innermost first."""
        start, end = node.start_byte, node.end_byte
        containers, up = self.containers, self.up
        position = bisect.bisect_right(self.container_starts, start) - 1
        out: list[int] = []
        while position >= 0:
            _start, container_end, _what, _node = containers[position]
            if container_end >= end and (_start, container_end) != (start, end):
                out.append(position)
            position = up[position]
        return out

    def owner(self, node: Node, kinds: Container[str]) -> Node | None:
        """The innermost container of one of ``kinds`` around ``node``."""
        return next((self.containers[i][3] for i in self.around(node) if self.containers[i][2] in kinds), None)


class PhpAdapter(Adapter):
    language = "php"
    grammars = {"": "php"}

    def module_symbol(self, ctx: Context, root: Node) -> RawSymbol:
        name = module_name(ctx.extraction.path)
        return file_symbol(ctx, root, name)

    # -- namespaces and imports --------------------------------------------------------

    @staticmethod
    def _file(ctx: Context) -> _FileState:
        state = ctx.state.get("php")
        if not isinstance(state, _FileState):
            assert ctx.root is not None
            state = ctx.state["php"] = _FileState(ctx, ctx.root)
        return state

    def import_statement(self, ctx: Context, node: Node, scope: int) -> None:
        """One import per imported name, which is a use of what it names at its own token; the ``imports``
        relation sits at the namespace's name (``App\\Models`` in ``use App\\Models\\User;``, the group's
        prefix in ``use App\\Models\\{User, Post};``), or at the statement for a global name."""
        clauses = self._file(ctx).uses.get(node.start_byte)
        for full, alias, _kind, written, namespace in clauses if clauses is not None else _use_clauses(ctx, node):
            if written is None:
                continue
            module, _, imported = full.rpartition(".")
            last = _last_segment(written)
            ctx.extraction.imports.append(
                RawImport(scope, module, node_span(node), names=((imported, alias or imported),),
                          module_span=node_span(namespace) if namespace is not None else None)
            )
            # the name's use: found by its fully qualified name, as any other (a class, a function or a
            # constant declared in a namespace is no member of its file's module)
            _add(ctx, scope, EdgeKind.REFERENCES, full, last, qualified=(full,), role=Role.IMPORT)

    #: a variable's use is its text (the engine records it), but ``$this`` names nothing (:meth:`special_values`)
    plain_value_types = frozenset({"variable_name"})

    def special_values(self, ctx: Context) -> frozenset[int]:
        """Where ``$this`` or a static property's ``$name`` may be written: no use of a variable (:meth:`chain`;
        read off the bytes, no query pattern for ``Foo::$x``: its parent step cost 46 M instructions to compile)."""
        source = ctx.source
        # (asked once per file, by the engine's value loop: kept, that :meth:`_targets` know the loop ran)
        special = ctx.state["php.special"] = frozenset([*(match.start() for match in _THIS.finditer(source)),
                                                        *(match.end() - 1 for match in _STATIC_NAME.finditer(source))])
        return special

    def chain(self, ctx: Context, node: Node) -> tuple[str, bool, Node] | None:
        """A variable (``$x``; ``$this`` alone names nothing) or a property access: ``$this->a->b`` is
        ``$this.a.b``, ``$x->find()->name`` is ``$x.find().name``; on any other expression, the property's
        name alone (``head_known`` False)."""
        if node.type == "variable_name":
            text = ctx.text(node)
            parent = node.parent if text != "$this" else None
            if parent is None or (parent.type == "scoped_property_access_expression"
                                  and parent.child_by_field_name("name") == node):
                return None  # (``$this``; ``Foo::$x``, which the type reference names)
            return text, True, node
        return _member(ctx, node)

    # -- definitions ---------------------------------------------------------------

    def definition(self, ctx: Context, kind: str, node: Node, name: Node | None) -> RawSymbol | None:
        # (the query captures the declarations alone: a pattern with the name inside costs its parent step's
        # compiling, 4 to 11 M instructions; the one for ``define`` 46 M, so it captures every call)
        name = _define_name(ctx, node) if kind == "define" else _name_of(node, kind)
        if name is None:
            return None
        if kind == "namespace":
            return self._namespace(ctx, node, name)
        state = self._file(ctx)
        around = [state.containers[i][2] for i in state.around(node)]
        if next((what for what in around if what in _TYPES), None) == "anonymous_class":
            return None  # members of ``new class {…}`` are not addressable
        symbol = RawSymbol(
            name=ctx.text(name),
            kind=SymbolKind(_KINDS.get(kind, kind)),
            span=node_span(node),
            name_span=node_span(name),
            start_byte=node.start_byte,
            end_byte=node.end_byte,
        )
        if kind in _TYPE_KINDS:
            self._type(ctx, symbol, node, kind)
        elif kind in ("function", "method"):
            self._callable(ctx, symbol, node, kind)
        elif kind in ("field", "promoted"):
            self._field(ctx, symbol, node, kind)
        elif kind == "constant":
            self._constant(ctx, symbol, node, in_type="class" in around)
        elif kind == "define":
            self._define(ctx, symbol, node, name)
        else:  # (an enum's case)
            symbol.signature = symbol.name
            symbol.doc = _doc_comment(ctx, node)
        # outside any class or function (conditional declarations included); ``define()`` anywhere
        if (not around or kind == "define") and symbol.kind is not SymbolKind.FIELD:
            symbol.properties = {"exported": True, **symbol.properties}
        return symbol

    def _namespace(self, ctx: Context, node: Node, name: Node) -> RawSymbol:
        text = dotted(ctx.text(name))
        last = node
        if node.child_by_field_name("body") is None:
            # ``namespace A;`` covers everything up to the next namespace statement (the siblings listed
            # once: ``next_sibling`` walks down from the root each time)
            children, position = siblings(ctx, node)
            for sibling in children[position + 1:]:
                if sibling.type == "namespace_definition":
                    break
                last = sibling
        start, end = node.start_point, last.end_point
        return RawSymbol(
            name=text,
            kind=SymbolKind.NAMESPACE,
            span=(start[0] + 1, start[1], end[0] + 1, end[1]),
            name_span=node_span(name),
            start_byte=node.start_byte,
            end_byte=last.end_byte,
            signature=text,
            doc=_doc_comment(ctx, node),
        )

    def _type(self, ctx: Context, symbol: RawSymbol, node: Node, kind: str) -> None:
        symbol.properties = _modifiers(ctx, node, visibility=False)
        symbol.signature = symbol.name
        if kind == "enum":
            backing = next((c for c in node.named_children if c.type == "primitive_type"), None)
            if backing is not None:
                symbol.signature = f"{symbol.name}: {ctx.text(backing)}"
        base = node.child_by_field_name("base_clause") or next(
            (c for c in node.named_children if c.type == "base_clause"), None
        )
        if base is not None:
            symbol.bases = [dotted(ctx.text(c)) for c in base.named_children if c.type in _NAME_NODES]
        symbol.doc = _doc_comment(ctx, node)

    def _callable(self, ctx: Context, symbol: RawSymbol, node: Node, kind: str) -> None:
        if kind == "method":
            symbol.kind = SymbolKind.CONSTRUCTOR if symbol.name.lower() == "__construct" else SymbolKind.METHOD
            symbol.receiver = "$this"
        symbol.properties = _modifiers(ctx, node, visibility=kind == "method")
        params = _parameters(ctx, node.child_by_field_name("parameters"))
        by_ref = any(c.type == "reference_modifier" for c in node.children)
        symbol.signature = f"{'&' if by_ref else ''}{symbol.name}({', '.join(params)})"
        returns = node.child_by_field_name("return_type")
        if returns is not None:
            symbol.signature += f" -> {normalise_type(ctx.text(returns))}"
            symbol.declared_type = self._type_name(ctx, returns)
        symbol.doc = _doc_comment(ctx, node)
        if returns is None and symbol.doc:  # ``@return Foo`` in the docblock
            symbol.declared_type = self._doc_type(ctx, node, _doc_tag(symbol.doc, "return"))

    def _field(self, ctx: Context, symbol: RawSymbol, node: Node, kind: str) -> None:
        declaration = node if kind == "promoted" else _declaration(symbol, node, "property_element")
        symbol.properties = _modifiers(ctx, declaration, promoted=kind == "promoted")
        type_node = declaration.child_by_field_name("type")
        typed = f"{normalise_type(ctx.text(type_node))} " if type_node is not None else ""
        symbol.signature = f"{typed}${symbol.name}"
        symbol.declared_type = self._type_name(ctx, type_node)
        symbol.doc = _doc_comment(ctx, declaration)
        if type_node is None and kind == "field" and symbol.doc:  # ``@var Foo``
            symbol.declared_type = self._doc_type(ctx, node, _doc_tag(symbol.doc, "var"))

    def _constant(self, ctx: Context, symbol: RawSymbol, node: Node, *, in_type: bool) -> None:
        declaration = _declaration(symbol, node, "const_element")
        symbol.properties = _modifiers(ctx, declaration, attributes=False) if in_type else {}
        type_node = declaration.child_by_field_name("type")
        symbol.signature = f"{normalise_type(ctx.text(type_node))} {symbol.name}" if type_node else symbol.name
        symbol.doc = _doc_comment(ctx, declaration)

    def _define(self, ctx: Context, symbol: RawSymbol, node: Node, name: Node) -> None:
        """``define('NAME', value)``: a global constant, wherever it is written."""
        raw = ctx.text(name).replace("\\\\", "\\")
        symbol.name = dotted(raw)
        symbol.signature = symbol.name
        symbol.parent = 0
        statement = node.parent if node.parent is not None and node.parent.type == "expression_statement" else node
        symbol.doc = _doc_comment(ctx, statement)

    # -- references -----------------------------------------------------------------

    def reference(self, ctx: Context, kind: str, node: Node, scope: int) -> None:
        region = self._file(ctx).region(node.start_byte)
        if kind == "call":
            self._call(ctx, node, scope, region)
        elif kind == "method":
            self._method_call(ctx, node, scope, region)
        elif kind == "static":
            self._static_call(ctx, node, scope, region)
        elif kind == "callable":
            self._callable_array(ctx, node, scope, region)
        elif kind == "type":
            self._type_ref(ctx, node, scope, region)
        elif kind in _CONSTANT_KINDS:
            self._constant_ref(ctx, kind, node, scope, region)
        elif kind == "new":  # (``new Foo``: a call that constructs; ``new class {…}``, ``new $c``: none)
            target = node.named_children[0] if node.named_child_count else None
            if target is not None and target.type in _NAME_NODES:
                self._class_ref(ctx, scope, EdgeKind.CALLS, target, region, constructs=True)
        else:  # (the name of a base, an attribute)
            self._class_ref(ctx, scope, _CLASS_EDGES[kind], node, region)

    def _constant_ref(self, ctx: Context, kind: str, node: Node, scope: int, region: _Region) -> None:
        """A constant read; ``left``, ``right``: a binary expression's operand, where the right one after
        ``instanceof`` is a class (a type reference, owned as the engine owns one, and read before the left one:
        one ``binary_expression`` pattern for both, as each costs over 100 M instructions to compile)."""
        if kind != "constant":
            if kind == "right" and ctx.text(node).lower() in _LITERAL_CONSTANTS:
                return
            parent = node.parent
            operator = parent.child_by_field_name("operator") if parent is not None else None
            if parent is not None and operator is not None and operator.type == "instanceof":
                if kind == "right":
                    left = parent.child_by_field_name("left")  # (read with the left one, before it)
                    if left is None or left.type not in _NAME_NODES:
                        self._class_ref(ctx, self._owner(ctx, node), EdgeKind.REFERENCES, node, region)
                    if left is not None and left.type == "variable_name":  # (``$x instanceof Foo``: narrows)
                        tests = ctx.state.setdefault("php.instanceof", [])
                        assert isinstance(tests, list)
                        tests.append((parent, left, node))
                    return
                right = parent.child_by_field_name("right")
                if right is not None and right.type in _NAME_NODES:
                    self._class_ref(ctx, self._owner(ctx, right), EdgeKind.REFERENCES, right, region)
        written = ctx.text(node)
        if written.lower() not in _LITERAL_CONSTANTS:
            _add(ctx, scope, EdgeKind.REFERENCES, dotted(written), _last_segment(node), role=Role.READ,
                 qualified=_resolve_name(written, region, region.constants.get(written.strip())))

    @staticmethod
    def _owner(ctx: Context, node: Node) -> int:
        """The innermost symbol of any kind around ``node``: what owns a type reference (the engine's
        ``@reference.type``), for the class after ``instanceof``."""
        index = ctx.state.get("php.owners")
        if not isinstance(index, ScopeIndex):
            index = ctx.state["php.owners"] = ScopeIndex(ctx.extraction.symbols)
        return index.enclosing(node.start_byte, node.end_byte)

    def _class_ref(
        self, ctx: Context, scope: int, edge: EdgeKind, name: Node, region: _Region, *, member: Node | None = None,
        constructs: bool = False, role: Role | None = None,
    ) -> None:
        """A use of a class (``edge`` at its name), or of its ``member`` (at the member's name: ``Foo::m()``,
        ``Foo::X``, ``Foo::$x``, read or written as ``role`` says); the class that qualifies a member is
        read there (a value use, as a module qualifier is: ``Foo`` in ``Foo::X``)."""
        written = ctx.text(name)
        relative = _RELATIVE.get(written.lower())
        member_text = ctx.text(member) if member is not None else ""  # (``Foo::$x`` keeps its ``$``)
        last = member if member is not None else _last_segment(name)
        if relative is not None:
            text = f"{relative}.{member_text}" if member_text else relative
            _add(ctx, scope, edge, text, last, constructs=constructs, role=role)
            return
        if written.lower() in _BUILTIN_TYPES:
            return
        fqn = _resolve_class(written, region)
        text = dotted(written)
        if member_text:
            _add(ctx, scope, EdgeKind.REFERENCES, text, _last_segment(name), qualified=(fqn,), role=Role.READ)
            text, fqn = f"{text}.{member_text}", f"{fqn}.{member_text}"
        _add(ctx, scope, edge, text, last, qualified=(fqn,), constructs=constructs, role=role)

    def _call(self, ctx: Context, node: Node, scope: int, region: _Region) -> None:
        """A function called by its name (``define(…)`` is a definition, see the query)."""
        name = node.child_by_field_name("function")
        if name is None or name.type not in _NAME_NODES:
            return  # (``$f()``, ``($o->f)()``)
        written = ctx.text(name)
        if written.lower() != "define":
            _add(ctx, scope, EdgeKind.CALLS, dotted(written), _last_segment(name),
                 qualified=_resolve_name(written, region, region.functions.get(written.strip().lower())))

    def _static_call(self, ctx: Context, node: Node, scope: int, region: _Region) -> None:
        """``Foo::m()``, ``static::m()``; on anything else (``$x::m()``) ``m`` alone."""
        member, target = node.child_by_field_name("name"), node.child_by_field_name("scope")
        if member is None or member.type != "name":
            return  # (``Foo::$m()``)
        if target is not None and target.type in _CLASS_SCOPES:
            self._class_ref(ctx, scope, EdgeKind.CALLS, target, region, member=member)
        else:
            _add(ctx, scope, EdgeKind.CALLS, ctx.text(member), member, head_known=False)

    @staticmethod
    def _callable_array(ctx: Context, node: Node, scope: int, region: _Region) -> None:
        """A method named by a callable array, a call of it (as Java's ``this::m``): ``[$this, 'm']`` and
        ``[new Foo, 'm']`` as ``$this->m()`` and ``(new Foo)->m()``, ``[Foo::class, 'm']`` and ``[self::class, 'm']``
        as ``Foo::m()`` and ``self::m()``. Only these heads: ``[$x, 'name']`` is as often a pair of values."""
        first, second = (element.named_children[0] for element in node.named_children)
        content = second.named_children[0]
        method = ctx.text(content)
        if second.named_child_count != 1 or not method.replace("_", "a").isalnum() or method[0].isdigit():
            return  # (``'a b'``, ``'Foo::m'``, ``'{$x}'``)
        if first.type == "class_constant_access_expression":
            parts = first.named_children
            if len(parts) != 2 or ctx.text(parts[1]).lower() != "class" or parts[0].type not in _CLASS_SCOPES:
                return  # (``[Foo::BAR, 'm']``, ``[$x::class, 'm']``)
            written = ctx.text(parts[0])
            relative = _RELATIVE.get(written.lower())
            if relative is not None:
                _add(ctx, scope, EdgeKind.CALLS, f"{relative}.{method}", content)
            elif written.lower() not in _BUILTIN_TYPES:
                fqn = _resolve_class(written, region)
                _add(ctx, scope, EdgeKind.CALLS, f"{dotted(written)}.{method}", content, qualified=(f"{fqn}.{method}",))
            return
        if first.type == "variable_name" and ctx.text(first) != "$this":
            return
        inner = _chain(ctx, first)
        if inner is not None:
            _add(ctx, scope, EdgeKind.CALLS, f"{inner}.{method}", content)

    @staticmethod
    def _method_call(ctx: Context, node: Node, scope: int, _region: _Region) -> None:
        """``$this->m()``, ``$x->m()``, ``$x->a->b()->m()`` (the rules type ``$x``); on anything else ``m`` alone."""
        found = _member(ctx, node)
        if found is not None:
            _add(ctx, scope, EdgeKind.CALLS, found[0], found[2], head_known=found[1])

    def _type_ref(self, ctx: Context, node: Node, scope: int, region: _Region) -> None:
        if node.type == "named_type":
            name = next((c for c in node.named_children if c.type in _NAME_NODES), None)
            if name is not None and ctx.text(name).lower() not in _RELATIVE:
                self._class_ref(ctx, scope, EdgeKind.REFERENCES, name, region)
            return
        children = node.named_children
        if len(children) < 2:
            return
        target, member = children[0], children[-1]
        if target.type not in _CLASS_SCOPES:
            return  # ``$x::CONST``
        if node.type == "class_constant_access_expression" and ctx.text(member).lower() == "class":
            self._class_ref(ctx, scope, EdgeKind.REFERENCES, target, region)
            return
        role = Role.WRITE if node.type == "scoped_property_access_expression" and _written(node) else Role.READ
        self._class_ref(ctx, scope, EdgeKind.REFERENCES, target, region, member=member, role=role)

    # -- after the captures --------------------------------------------------------

    def finish(self, ctx: Context, scopes: ScopeIndex) -> None:
        self._targets(ctx, scopes)
        self._variable_types(ctx)
        self._narrowing(ctx)
        symbols = ctx.extraction.symbols
        for symbol in symbols:
            # a promoted constructor parameter is a property of the class, not of the constructor
            if symbol.properties.get("promoted") and symbol.parent > 0:
                constructor = symbols[symbol.parent]
                if constructor.kind is SymbolKind.CONSTRUCTOR:
                    symbol.parent = constructor.parent

    def _targets(self, ctx: Context, scopes: ScopeIndex) -> None:
        """What the bindings write, read off them here (their query patterns, bulk and ``@local.assigned``,
        cost 200 M instructions to compile): an assignment's target (``$x = …``, ``$this->a .= …``, ``$x = &…``,
        ``$i++``), a ``catch``'s, a ``list(…)``'s own ones, a ``foreach``'s after its first part and those of
        its ``$k => $v``. Each is written as the engine's value loop reads a ``@reference.write`` (when the loop
        ran), and each variable but a plain or augmented assignment's or a ``catch``'s (which the query
        declares) declared as an ``@local.assigned``."""
        state = self._file(ctx)
        writes = "php.special" in ctx.state
        for binding, node in state.bindings:
            if binding == "adapter.list":
                parts, declares = node.named_children, True
            elif binding == "adapter.foreach":
                parts, declares = [], True
                for index, part in enumerate(node.named_children):
                    if part.type == "pair":
                        parts += part.named_children
                    elif index:
                        parts.append(part)
            elif binding == "adapter.assign" or binding == "adapter.rebind" or binding == "adapter.catch":
                left = node.child_by_field_name("left" if binding != "adapter.catch" else "name")
                parts = [left] if left is not None else []
                declares = node.type == "reference_assignment_expression"
            else:
                continue
            for part in parts:
                kind = part.type
                if kind == "variable_name":
                    variables = [part]
                elif kind == "by_ref":
                    variables = [c for c in part.named_children if c.type == "variable_name"]
                else:
                    if kind == "member_access_expression" and writes and binding != "adapter.foreach":
                        self._write(ctx, scopes, part)
                    continue
                for variable in variables:
                    if writes:
                        self._write(ctx, scopes, variable)
                    if declares:
                        self._declare(ctx, scopes, state, variable)
        for node in state.updates if writes else ():
            target = node.child_by_field_name("argument")
            if target is not None and target.type in ("variable_name", "member_access_expression"):
                self._write(ctx, scopes, target)

    def _write(self, ctx: Context, scopes: ScopeIndex, target: Node) -> None:
        """``target`` written: the read the value loop kept there (the same text at the same token) becomes a
        write; a target inside a larger use ending at the same byte (``$o->$p``) is none."""
        start, end = target.start_byte, target.end_byte
        outer = target.parent
        while outer is not None and outer.end_byte == end:
            if outer.type in _VALUE_TYPES and outer.start_byte < start:
                return
            outer = outer.parent
        found = self.chain(ctx, target)
        if found is not None:
            ctx.add_value(scopes.enclosing(start, end), found[0], node_span(found[2]), Role.WRITE, found[1])

    @staticmethod
    def _declare(ctx: Context, scopes: ScopeIndex, state: _FileState, variable: Node) -> None:
        """``variable`` declared as the engine declares an ``@local.assigned``."""
        start, end = variable.start_byte, variable.end_byte
        scope = scopes.enclosing(start, end)
        owner = ctx.extraction.symbols[scope]
        if owner.name_span == ctx.span_at(start, end):
            return
        name = ctx.text_at(start, end)
        if owner.kind in _LOCAL_OWNERS:
            ctx.add_local(scope, name)
        elif not any(state.containers[i][2] == "closure" and owner.start_byte <= state.containers[i][0]
                     and state.containers[i][1] <= owner.end_byte for i in state.around(variable)):
            return  # (outside a callable, a closure's own)
        ctx.declared.append((scope, name, LocalKind.VARIABLE, variable, "assigned"))

    # -- what variables hold ------------------------------------------------------------

    def _narrowing(self, ctx: Context) -> None:
        """``Extraction.narrowed``: where ``$x instanceof Foo`` holds, ``$x`` is a ``Foo``: the body of
        ``if ($x instanceof Foo)`` (of its ``else`` under ``!``), the right of ``&&``, the rest of the block
        after ``if (!$x instanceof Foo) { return; }`` (a body that leaves: ``return``, ``throw``,
        ``continue``, ``break``) and after ``assert($x instanceof Foo)``; not a region that assigns ``$x``."""
        tests = ctx.state.get("php.instanceof")
        if not isinstance(tests, list):
            return
        symbols = ctx.extraction.symbols
        functions = ScopeIndex(symbols, kinds=_CALLABLE_KINDS)
        for test, variable, written in tests:
            typed = self._class_named(ctx, ctx.text(written), written)
            scope = functions.enclosing(test.start_byte, test.end_byte)
            if not typed or scope <= 0:
                continue
            name = ctx.text(variable)
            assigned = re.compile(re.escape(name.encode()) + rb"\s*=(?![=>])")
            for start, end in _holding(test):
                if not assigned.search(ctx.source, start, end):
                    note_narrowing(ctx, scope, name, ctx.span_at(start, end), typed)

    def _type_name(self, ctx: Context, node: Node | None) -> str:
        """A declared type as ``RawSymbol.declared_type`` spells it, fully qualified and dotted
        (``App.Models.User``); ``self`` is the enclosing class, ``static`` stays ``static`` (the
        receiver's class); "" for built-in, union and intersection types."""
        if node is not None and node.type == "optional_type":  # (``?Foo``)
            node = node.named_children[0] if node.named_children else None
        if node is None or node.type != "named_type":
            return ""
        name = next((c for c in node.named_children if c.type in _NAME_NODES), None)
        return self._class_named(ctx, ctx.text(name), node) if name is not None else ""

    def _doc_type(self, ctx: Context, node: Node, written: str) -> str:
        """A docblock type (``Foo``, ``\\A\\Foo``, ``?Foo``, ``Foo|null``, ``static``) as ``declared_type``
        spells it; "" for arrays, generics, unions of several classes and built-in types."""
        parts = [p for p in written.lstrip("?").split("|") if p and p.lower() != "null"]
        if len(parts) != 1 or not re.fullmatch(r"\\?[A-Za-z_][\w\\]*|\$this", parts[0]):
            return ""
        return self._class_named(ctx, parts[0], node, builtins=_DOC_BUILTINS)

    def _class_named(self, ctx: Context, written: str, node: Node, *, static: str = "static",
                     builtins: frozenset[str] = _BUILTIN_TYPES) -> str:
        return _class_named(ctx, written, node, static=static, builtins=builtins)

    def _class_name(self, ctx: Context, node: Node) -> str:
        return _class_name(ctx, node)

    def _value_type(self, ctx: Context, node: Node | None) -> str:
        """What an assigned expression holds, when its syntax says: ``new Foo``, ``Foo::make()``, a method
        call on a receiver chain (``$repo->find()``: what that method returns); "" otherwise."""
        if node is None:
            return ""
        if node.type == "parenthesized_expression" and node.named_child_count == 1:
            return self._value_type(ctx, node.named_children[0])
        if node.type == "object_creation_expression":
            target = next((c for c in node.named_children if c.type != "arguments"), None)
            if target is None or target.type not in _NAME_NODES:
                return ""
            return self._class_named(ctx, ctx.text(target), node, static="")
        if node.type == "scoped_call_expression":
            return _static_call(ctx, node)
        if node.type in _MEMBER_TYPES:
            return _chain(ctx, node) or ""  # ``$this->repo``: what the property holds; ``$repo->find()``
        return ""

    def _variable_types(self, ctx: Context) -> None:
        """``Extraction.var_types`` of each function and method: typed parameters, ``catch (Foo $e)``, and
        assignments whose value says its type; a variable also assigned anything else is left out. What a
        closure or an arrow function binds is unknown in the function around it (its uses are attributed
        there); a nested function or class is not the function's. Read off the query's bindings, each in
        the function whose body holds it, in the order of a walk of the body from its end."""
        state = self._file(ctx)
        containers = state.containers
        functions = {(s.start_byte, s.end_byte): index for index, s in enumerate(ctx.extraction.symbols)
                     if s.kind in _CALLABLE_KINDS}
        scope_of = [functions.get((c[0], c[1]), 0) if c[2] == "function" else 0 for c in containers]
        # per function: (order, binding, node, closure mode); closures bind their parameters too
        notes: dict[int, list[tuple[tuple[int, int], str, Node, bool]]] = {}
        for index, (start, end, what, node) in enumerate(containers):
            up = state.up[index]
            if what == "closure" and up >= 0 and scope_of[up]:
                notes.setdefault(scope_of[up], []).append(((-end, start), "parameters", node, True))
        for binding, node in state.bindings:
            inner = -1
            for index in state.around(node):
                if scope_of[index]:
                    if inner < 0:
                        notes.setdefault(scope_of[index], []).append(
                            ((-node.end_byte, node.start_byte), binding, node, False))
                    elif containers[inner][2] == "closure":
                        notes.setdefault(scope_of[index], []).append(
                            ((-containers[inner][1], containers[inner][0]), binding, node, True))
                inner = index
        nodes = {scope: container[3] for scope, container in zip(scope_of, containers, strict=True) if scope}
        for scope, function in sorted(nodes.items()):  # (each function's own node: no search from the root)
            self._parameter_types(ctx, function, scope)
            for _order, binding, node, closure in sorted(notes.get(scope, ()), key=lambda note: note[0]):
                if closure:
                    self._closure_binding(ctx, scope, binding, node)
                else:
                    self._binding(ctx, scope, binding, node)

    def _parameter_types(self, ctx: Context, function: Node, scope: int) -> None:
        parameters = function.child_by_field_name("parameters")
        doc = _doc_comment(ctx, function) or ""
        for parameter in parameters.named_children if parameters is not None else ():
            name = parameter.child_by_field_name("name")
            if name is None:
                continue
            type_node = parameter.child_by_field_name("type")
            typed = self._type_name(ctx, type_node)
            if type_node is None and doc:  # ``@param Foo $name`` in the docblock
                typed = self._doc_type(ctx, parameter, _doc_tag(doc, "param", ctx.text(name)))
            _note(ctx, scope, ctx.text(name), typed if parameter.type != "variadic_parameter" else "")

    def _binding(self, ctx: Context, scope: int, binding: str, node: Node) -> None:
        """A binding in the function's own body: ``$x = new Foo`` types ``$x``, ``catch (Foo $e)`` ``$e``."""
        if binding == "adapter.assign":
            left = node.child_by_field_name("left")
            if left is not None and left.type == "variable_name":
                written = ctx.text(left)  # (``$x = $x->next()`` says nothing of ``$x``)
                typed = self._value_type(ctx, node.child_by_field_name("right"))
                itself = typed == f"{written}()" or typed.startswith(f"{written}.")
                _note(ctx, scope, written, "" if itself else typed)
        elif binding == "adapter.catch":
            name = node.child_by_field_name("name")
            types = node.child_by_field_name("type")
            if name is not None:
                named = [c for c in types.named_children if c.type == "named_type"] if types is not None else []
                _note(ctx, scope, ctx.text(name), self._type_name(ctx, named[0]) if len(named) == 1 else "")
        else:  # (a ``foreach``: its targets and its body)
            for part in node.named_children[1:] if binding == "adapter.foreach" else (node,):
                for variable in _variables(part):
                    note_unknown(ctx, scope, ctx.text(variable))

    @staticmethod
    def _closure_binding(ctx: Context, scope: int, binding: str, node: Node) -> None:
        """What a closure or an arrow function binds: unknown in the function around it."""
        if binding == "parameters":
            parameters = node.child_by_field_name("parameters")
            found = [p.child_by_field_name("name") for p in parameters.named_children] if parameters is not None else []
            variables = [name for name in found if name is not None]
        elif binding in ("adapter.assign", "adapter.rebind"):
            left = node.child_by_field_name("left")
            variables = _variables(left) if left is not None else []
        elif binding == "adapter.list":
            return
        else:
            variables = _variables(node)
        for variable in variables:
            note_unknown(ctx, scope, ctx.text(variable))


# -- helpers ------------------------------------------------------------------------------


_DOC_BUILTINS = _BUILTIN_TYPES | frozenset(
    {"integer", "boolean", "double", "resource", "mixed", "void", "scalar", "number", "numeric", "class-string",
     "callable-string", "list", "non-empty-string", "positive-int", "true", "false"}
)


def _doc_tag(doc: str, tag: str, variable: str = "") -> str:
    """The type of a ``@tag Type`` line of a docblock (``@param Type $variable`` when a variable is given;
    ``@phpstan-``/``@psalm-`` variants first); "" when there is none."""
    found = ""
    for line in doc.splitlines():
        match = re.match(rf"@(phpstan-|psalm-)?{tag}\s+(\S+)(?:\s+(&?\.{{3}})?(\$\w+))?", line.strip())
        if match is None or (variable and match.group(4) != variable):
            continue
        if match.group(1):
            return match.group(2)
        found = found or match.group(2)
    return found


def _class_named(ctx: Context, written: str, node: Node, *, static: str = "static",
                 builtins: frozenset[str] = _BUILTIN_TYPES) -> str:
    """The fully qualified class a name written at ``node`` denotes: ``self`` is the class around it,
    ``static`` (a docblock's ``$this``) is ``static`` (the receiver's class), or with ``static`` ""
    the class around it too; "" for a built-in type."""
    lowered = written.lower()
    if lowered == "self" or (lowered == "static" and not static):
        return _class_name(ctx, node)
    if lowered in ("static", "$this"):
        return static
    if lowered in builtins:
        return ""
    return _resolve_class(written, PhpAdapter._file(ctx).region(node.start_byte))


def _class_name(ctx: Context, node: Node) -> str:
    """The fully qualified name of the class, interface, trait or enum around ``node``."""
    state = PhpAdapter._file(ctx)
    owner = state.owner(node, _TYPES)
    name = owner.child_by_field_name("name") if owner is not None else None
    if owner is None or name is None:
        return ""
    return state.region(owner.start_byte).qualify(ctx.text(name))


def _static_call(ctx: Context, node: Node) -> str:
    """A static call's text the rules can type: ``Foo::make()``, ``self::make()`` and ``static::make()`` (the
    class around it) as ``App.Foo.make()``; "" for anything else (``parent::``, ``$x::m()``)."""
    target, member = node.child_by_field_name("scope"), node.child_by_field_name("name")
    if target is None or member is None or member.type != "name":
        return ""
    written = ctx.text(target)
    if target.type not in _NAME_NODES and (target.type != "relative_scope" or written.lower() == "parent"):
        return ""
    owner = _class_named(ctx, written, node, static="")
    return f"{owner}.{ctx.text(member)}()" if owner else ""


def _chain(ctx: Context, node: Node, depth: int = 0) -> str | None:
    """A receiver as a dotted text the rules can type: ``$x``, ``$this.repo``, ``$x.find()``, a created
    object (``new Foo`` as ``App.Foo()``: calling a class gives an instance), a static call
    (``Foo::make()`` as ``App.Foo.make()``); None for anything else (an array element, a dynamic name)."""
    if depth > CHAIN_STEPS:  # (a generated chain thousands deep: its head unknown, no deep stack)
        return None
    if node.type == "variable_name":
        text = ctx.text(node)
        return text if text[1:].replace("_", "a").isalnum() else None
    if node.type == "object_creation_expression":
        target = next((c for c in node.named_children if c.type != "arguments"), None)
        created = _class_named(ctx, ctx.text(target), node, static="") if target is not None \
            and target.type in _NAME_NODES else ""
        return f"{created}()" if created else None
    if node.type == "scoped_call_expression":
        return _static_call(ctx, node) or None
    if node.type in _MEMBER_TYPES:  # (as _member reads it, inline: a call per link of every chain)
        obj = node.child_by_field_name("object")
        member = node.child_by_field_name("name")
        if obj is None or member is None or member.type != "name":
            return None
        inner = _chain(ctx, obj, depth + 1)
        if inner is None:
            return None
        call = "()" if node.type.endswith("call_expression") else ""
        return f"{inner}.{ctx.text(member)}{call}"
    if node.type == "parenthesized_expression" and node.named_child_count == 1:
        return _chain(ctx, node.named_children[0], depth + 1)
    return None


def _member(ctx: Context, node: Node) -> tuple[str, bool, Node] | None:
    """A member used (``$x->a``, ``$x->a()``) as :meth:`PhpAdapter.chain` reads it: ``("$x.a", True, a)``; on
    an expression that is no receiver chain, ``a`` alone (``head_known`` False); None for a dynamic name
    (``$o->$p``, ``$o->{…}``)."""
    member = node.child_by_field_name("name")
    if member is None or member.type != "name":
        return None
    obj = node.child_by_field_name("object")
    inner = _chain(ctx, obj) if obj is not None else None
    return (ctx.text(member), False, member) if inner is None else (f"{inner}.{ctx.text(member)}", True, member)


def _note(ctx: Context, scope: int, variable: str, typed: str) -> None:
    """``variable`` holds a ``typed`` in ``scope``; "": something unknown there (the variable is left out)."""
    if typed:
        note_var_type(ctx, scope, variable, typed)
    else:
        note_unknown(ctx, scope, variable)


def _variables(node: Node) -> list[Node]:
    """The ``$name`` variables written in ``node`` (a ``foreach`` target, a ``list(…)``, a ``global``)."""
    out: list[Node] = []
    stack = [node]
    while stack:
        current = stack.pop()
        if current.type == "variable_name":
            out.append(current)
            continue
        if current.type in ("member_access_expression", "subscript_expression", "scoped_property_access_expression"):
            continue
        stack.extend(current.named_children)
    return out


def _add(
    ctx: Context, scope: int, kind: EdgeKind, text: str, last: Node, *, head_known: bool = True,
    constructs: bool = False, qualified: tuple[str, ...] = (), role: Role | None = None,
) -> None:
    """A reference; ``role`` for a value use (a constant, a class constant or static property, the class
    that qualifies a member), None for a call, a type, a base or an attribute."""
    if text:
        ctx.extraction.refs.append(RawRef(scope, kind, text, node_span(last), head_known, constructs, qualified,
                                          role=role))


#: where an expression is written: the parent's type → the field that holds the target ("" : any child)
_WRITE_TARGETS = {"assignment_expression": "left", "augmented_assignment_expression": "left",
                  "reference_assignment_expression": "left", "update_expression": "argument", "list_literal": ""}


def _written(node: Node) -> bool:
    """Is ``node`` an assignment's target (``Foo::$x = 1``, ``self::$n++``, ``[Foo::$a] = …``)?"""
    parent = node.parent
    if parent is None or parent.type not in _WRITE_TARGETS:
        return False
    field_name = _WRITE_TARGETS[parent.type]
    return not field_name or parent.child_by_field_name(field_name) == node


def _last_segment(node: Node) -> Node:
    """The last name of a qualified one (``User`` of ``App\\Models\\User``), or the node itself."""
    if node.type in ("qualified_name", "relative_name", "namespace_name"):
        names = [c for c in node.named_children if c.type == "name"]
        if names:
            return names[-1]
    return node


def _parameters(ctx: Context, parameters: Node | None) -> list[str]:
    """Parameters as written (``?int $b=…``, ``string ...$rest``, ``array &$out``), defaults elided."""
    if parameters is None:
        return []
    out: list[str] = []
    for child in parameters.named_children:
        if child.type not in ("simple_parameter", "variadic_parameter", "property_promotion_parameter"):
            continue
        type_node = child.child_by_field_name("type")
        name = child.child_by_field_name("name")
        text = f"{normalise_type(ctx.text(type_node))} " if type_node is not None else ""
        if any(c.type == "reference_modifier" for c in child.children):
            text += "&"
        if child.type == "variadic_parameter":
            text += "..."
        text += ctx.text(name)
        if child.child_by_field_name("default_value") is not None:
            text += "=…"
        out.append(text)
    return out


def _name_of(node: Node, kind: str) -> Node | None:
    """A declaration's name: a namespace's ``namespace_name``, a property's ``name`` inside its ``$name``, a
    constant's first ``name``, any other's ``name``; None where there is none."""
    if kind == "constant":
        parent = node.parent
        if parent is None or parent.type != "const_declaration":
            return None
        return next((c for c in node.named_children if c.type == "name"), None)
    name = node.child_by_field_name("name")
    if name is None:
        return None
    if kind == "field" or kind == "promoted":
        inner = name.named_children if name.type == "variable_name" else ()
        return next((c for c in inner if c.type == "name"), None)
    return name if name.type == ("namespace_name" if kind == "namespace" else "name") else None


def _define_name(ctx: Context, node: Node) -> Node | None:
    """The name a call ``define('NAME', …)`` defines: the text of its first argument's string; None for any
    other call."""
    if not ctx.source.startswith(b"define", node.start_byte):
        return None
    function = node.child_by_field_name("function")
    arguments = node.child_by_field_name("arguments")
    if function is None or function.type != "name" or ctx.text(function) != "define" or arguments is None:
        return None
    first = arguments.named_children[0] if arguments.named_child_count else None
    for string in first.named_children if first is not None and first.type == "argument" else ():
        if string.type in ("string", "encapsed_string"):
            content = next((c for c in string.named_children if c.type == "string_content"), None)
            if content is not None:
                return content
    return None


#: how a test's truth passes up to the statement that reads it (``PhpAdapter._narrowing``)
_CONDITIONS = ConditionSyntax(parentheses="parenthesized_expression", negation="unary_op_expression",
                              negation_operator="!", boolean="binary_expression", conjunction="&&",
                              disjunction="||")
#: the statements after which a block's end is not reached
_LEAVING = frozenset(("return_statement", "throw_expression", "continue_statement", "break_statement",
                      "exit_statement"))


def _holding(test: Node) -> list[tuple[int, int]]:
    """The byte ranges where the ``instanceof`` test ``test`` is known to hold (``PhpAdapter._narrowing``)."""
    node, holds, rights = carried(test, _CONDITIONS)
    out = [right.byte_range for right in rights]
    parent = node.parent
    if parent is not None and parent.type == "parenthesized_expression":  # (an ``if``'s own parentheses)
        node, parent = parent, parent.parent
    if parent is None:
        return out
    if parent.type == "if_statement" and parent.child_by_field_name("condition") == node:
        if holds:
            body = parent.child_by_field_name("body")
            if body is not None:
                out.append(body.byte_range)
        else:
            alternative = parent.child_by_field_name("alternative")
            body = alternative.child_by_field_name("body") if alternative is not None and \
                alternative.type == "else_clause" else None
            if body is not None:
                out.append(body.byte_range)
            leaves = parent.child_by_field_name("body")
            last = leaves.named_children[-1] if leaves is not None and leaves.named_children else leaves
            if last is not None and (last.type in _LEAVING or (last.type == "expression_statement" and
                                                              last.named_children and
                                                              last.named_children[0].type in _LEAVING)):
                block = parent.parent  # (the rest of the block the ``if`` is in)
                if block is not None and block.type == "compound_statement" and alternative is None:
                    out.append((parent.end_byte, block.end_byte))
    elif holds and parent.type == "argument" and parent.parent is not None and parent.parent.parent is not None \
            and parent.parent.parent.type == "function_call_expression":
        call = parent.parent.parent
        function = call.child_by_field_name("function")
        statement = call.parent
        block = statement.parent if statement is not None else None
        if function is not None and function.text == b"assert" and block is not None and \
                block.type == "compound_statement" and statement is not None:
            out.append((statement.end_byte, block.end_byte))
    return out


def _doc_comment(ctx: Context, node: Node) -> str | None:
    """The ``/** … */`` block or the run of ``//``/``#`` lines right before a declaration."""
    source = ctx.source
    end = node.start_byte
    # the whitespace before the declaration, stripped off a window (a slice per byte cost more)
    window = source[max(end - 64, 0) : end]
    stripped = window.rstrip(b" \t\r\n")
    position = end - len(window) + len(stripped)
    while not stripped and position > 0 and source[position - 1 : position] in (b" ", b"\t", b"\r", b"\n"):
        position -= 1  # (a window all whitespace: on, byte by byte)
    if source[position:end].count(b"\n") > 1:
        return None  # a blank line separates the comment from the declaration
    if source[max(position - 2, 0) : position] == b"*/":
        start = source.rfind(b"/*", 0, position - 2)
        if start < 0:
            return None
        body = source[start + 2 : position - 2].decode("utf-8", "replace")
        if body.startswith("*"):
            body = body[1:]
        cleaned = [line.strip().removeprefix("*").strip() for line in body.splitlines()]
        text = "\n".join(cleaned).strip()
        return text[:1000] or None
    lines: list[str] = []
    line_end = position
    while line_end > 0:
        line_start = source.rfind(b"\n", 0, line_end) + 1
        line = source[line_start:line_end].decode("utf-8", "replace").strip()
        if line.startswith("//"):
            lines.append(line[2:].strip())
        elif line.startswith("#") and not line.startswith("#["):
            lines.append(line[1:].strip())
        else:
            break
        line_end = line_start - 1
    if not lines:
        return None
    text = "\n".join(reversed(lines)).strip()
    return text[:1000] or None


def _regions(ctx: Context, root: Node, namespaces: list[Node]) -> list[_Region]:
    """The file's stretches under one namespace each, in order (``namespaces``: its top-level ones)."""
    regions: list[_Region] = [_Region(0, root.end_byte, "")]
    for child in namespaces:
        name = child.child_by_field_name("name")
        namespace = dotted(ctx.text(name)) if name is not None else ""
        body = child.child_by_field_name("body")
        if regions[-1].end > child.start_byte:
            regions[-1].end = child.start_byte
        regions.append(_Region(child.start_byte, child.end_byte if body is not None else root.end_byte, namespace))
        if body is not None:
            regions.append(_Region(child.end_byte, root.end_byte, ""))
    return regions


def _record_use(clauses: list[tuple[str, str, str, Node | None, Node | None]], region: _Region) -> None:
    for full, alias, kind, _written, _namespace in clauses:
        local = alias or full.rsplit(".", 1)[-1]
        if kind == "function":
            region.functions[local.lower()] = full
        elif kind == "const":
            region.constants[local] = full
        else:
            region.classes[local.lower()] = full


def _use_clauses(ctx: Context, node: Node) -> Iterator[tuple[str, str, str, Node | None, Node | None]]:
    """Per clause of a ``use`` statement (a group's included): ``(full name dotted, alias, kind, the name
    node written, its namespace's node)``; the kind is ``function``, ``const`` or "" (a class)."""
    kind = next((c.type for c in node.children if c.type in ("function", "const")), "")
    group = next((c for c in node.children if c.type == "namespace_name"), None)
    prefix = dotted(ctx.text(group)) if group is not None else ""
    clauses: list[Node] = []
    for child in node.named_children:  # (a group's clauses in its braces)
        group_clauses = child.named_children if child.type == "namespace_use_group" else [child]
        clauses += [c for c in group_clauses if c.type in ("namespace_use_clause", "namespace_use_group_clause")]
    for clause in clauses:
        alias = clause.child_by_field_name("alias")
        clause_kind = clause.child_by_field_name("type")
        written = next((c for c in clause.named_children
                        if c.type in ("name", "qualified_name", "namespace_name") and c != alias), None)
        name = dotted(ctx.text(written)) if written is not None else ""
        namespace = group if written is None or written.type == "name" else next(
            (c for c in written.named_children if c.type == "namespace_name"), None)
        yield (f"{prefix}.{name}" if prefix else name, ctx.text(alias), ctx.text(clause_kind).lower() or kind,
               written, namespace)


def _resolve_class(written: str, region: _Region) -> str:
    """The fully qualified, dotted name a class name denotes (PHP's name resolution rules)."""
    text = written.strip()
    if text.startswith("\\"):
        return dotted(text)
    if text.lower().startswith("namespace\\"):
        return region.qualify(dotted(text[10:]))
    parts = dotted(text).split(".")
    imported = region.classes.get(parts[0].lower())
    if imported is not None:
        return ".".join([imported, *parts[1:]])
    return region.qualify(".".join(parts))


def _resolve_name(written: str, region: _Region, imported: str | None) -> tuple[str, ...]:
    """What a function's or a constant's name may denote: a qualified one as a class name does; an
    unqualified one what a ``use function``/``use const`` imports (``imported``), else the namespace's own
    or the global one, tried in that order."""
    text = written.strip()
    if "\\" in text:
        return (_resolve_class(text, region),)
    if imported is not None:
        return (imported,)
    return (region.qualify(text), text) if region.namespace else (text,)


ADAPTER = PhpAdapter

__all__ = ["ADAPTER", "PhpAdapter", "dotted", "module_name", "normalise_type"]
