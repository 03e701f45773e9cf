"""Java: the adapter half (the query half is ``java/queries.scm``).

Conventions (shared with the Python adapter): callables render as
``name<T>(param: Type, …) -> Ret`` (``void`` is left out), values as
``name: Type``, types as ``Name<T extends Bound>``. Module-level symbols carry
``exported`` (``public``); members carry ``visibility`` (``public``,
``protected``, ``private`` or ``package``), then ``static``, ``abstract``,
``final`` … and ``decorators=[…]`` for their annotations.

The module symbol of a file is named ``<package>.<file stem>``
(``com/acme/util/Strings.java`` declaring ``package com.acme.util;`` is
``com.acme.util.Strings``) and carries ``package=com.acme.util``; there is no
separate package symbol. Anonymous classes are named ``$1``, ``$2`` … in
source order within their innermost enclosing class, as ``javac`` numbers
them.

The helpers shared with the C#, Scala, Kotlin and Swift adapters are in ``languages/scoped.py``.
"""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from codeknit.graph.model import Category, EdgeKind, LocalKind, PropertyValue, Role, Span, SymbolKind
from codeknit.languages.engine import Adapter, Context, ScopeIndex, file_symbol, node_span, node_symbol
from codeknit.languages.java.arguments import LocalTypes, argument_keys
from codeknit.languages.records import CHAIN_STEPS, RawImport, RawLocal, RawSymbol
from codeknit.languages.scoped import (
    add_local,
    anonymous_class,
    innermost,
    leading_comment,
    module_name,
    owned_scope,
    state_of,
    symbol_at,
    value_owner,
)
from codeknit.languages.typing_notes import note_narrowing

if TYPE_CHECKING:
    from tree_sitter import Node

#: the definition kinds of named types (``@definition.<kind>``), and their symbol kinds
_TYPE_KINDS = frozenset({"class", "interface", "enum", "record", "annotation"})
_NAMED_TYPES = frozenset(SymbolKind(kind) for kind in _TYPE_KINDS)
#: bodies whose members are implicitly public (and, for methods without a body, abstract)
_INTERFACE_BODIES = frozenset({"interface_body", "annotation_type_body"})
#: modifier keywords that become boolean properties, in property order
_FLAG_MODIFIERS = ("static", "abstract", "final", "default", "sealed", "non-sealed", "synchronized", "native")
_VISIBILITY = ("public", "protected", "private")
#: the visibility of a member without a modifier, by the body it is declared in (None elsewhere: a local class)
_DEFAULT_VISIBILITY = {"interface_body": "public", "annotation_type_body": "public", "class_body": "package",
                       "enum_body": "package", "enum_body_declarations": "package", "program": "package"}
#: nodes that can be a dotted name's head or part of it
_NAME_NODES = frozenset({"identifier", "type_identifier"})
_ANNOTATIONS = frozenset({"marker_annotation", "annotation"})
#: the bytes of an ASCII name; of a name written plainly or a dot (conservative: ``$`` and any non-ASCII byte)
_WORD_BYTES = frozenset(b"0123456789_ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")
_CHAIN_BYTES = _WORD_BYTES | frozenset(b".$") | frozenset(range(128, 256))
#: the operands of ``++``/``--`` that are written values
_WRITTEN = frozenset({"identifier", "field_access"})
#: the parts of a scoped type name (no type use of their own)
_SCOPED_PARTS = frozenset({"type_identifier", "scoped_type_identifier"})
#: the type nodes a created or method-referenced type may be
_TYPE_NODES = frozenset({"type_identifier", "scoped_type_identifier", "generic_type"})


# -- Java ------------------------------------------------------------------------------------------------

_COMMENTS = frozenset({"line_comment", "block_comment"})
_ANONYMOUS_KINDS = frozenset({SymbolKind.CLASS})
#: the symbol kinds by their values (a dict look-up, not the enum called per definition)
_SYMBOL_KINDS = {kind.value: kind for kind in SymbolKind}
#: the symbol kinds of types (a set look-up, not the enum's ``category`` read per use)
_TYPE_SYMBOLS = frozenset(kind for kind in SymbolKind if kind.category is Category.TYPE)
#: enum members read per capture, held here (a read off the enum's class goes through its metaclass)
_CALLS, _REFERENCES, _INHERITS, _IMPLEMENTS, _DECORATES = (
    EdgeKind.CALLS, EdgeKind.REFERENCES, EdgeKind.INHERITS, EdgeKind.IMPLEMENTS, EdgeKind.DECORATES)


def _argument_count(call: Node) -> int:
    """How many arguments a method invocation, ``new`` or ``this(…)``/``super(…)`` passes (-1: none written, a
    syntax error)."""
    arguments = call.child_by_field_name("arguments")
    if arguments is None or arguments.has_error:
        return -1
    return sum(child.type not in _COMMENTS for child in arguments.named_children)


def _arity(parameters: Node | None) -> tuple[int, int] | None:
    """The fewest and most arguments a method or constructor with these ``formal_parameters`` accepts (-1: any
    number more, a variadic ``T... xs``); a receiver parameter (``Foo this``) is none. None: unreadable."""
    if parameters is None or parameters.has_error:
        return None
    fixed, variadic = 0, False
    for child in parameters.named_children:
        if child.type == "formal_parameter":
            fixed += 1
        elif child.type == "spread_parameter":
            variadic = True
    return fixed, -1 if variadic else fixed


def dotted(ctx: Context, node: Node | None) -> tuple[str, bool, Node] | None:
    """``(text, head_known, last name's node)`` for a name expression or type name; None when it names
    nothing.

    ``Outer.this`` stands for the enclosing ``Outer`` instance, so ``Outer.this.x``
    is ``Outer.x``; generic arguments are left out (``List<String>`` → ``List``).
    """
    if node is None:
        return None
    kind = node.type
    if kind in _NAME_NODES:
        return ctx.text(node), True, node
    if kind in ("this", "super"):
        return kind, True, node
    if kind == "field_access":
        obj = node.child_by_field_name("object")
        member = node.child_by_field_name("field")
        if obj is None or member is None:
            return None
        if member.type == "this":
            return dotted(ctx, obj)
        base = dotted(ctx, obj)
        if base is None:
            return ctx.text(member), False, member
        return f"{base[0]}.{ctx.text(member)}", base[1], member
    if kind in ("scoped_identifier", "scoped_type_identifier"):
        names: list[str] = []
        part = None
        for child in node.named_children:
            if child.type not in _ANNOTATIONS:
                part = dotted(ctx, child)
                if part is None:
                    return None
                names.append(part[0])
        return (".".join(names), True, part[2]) if part is not None else None
    if kind == "generic_type":
        return dotted(ctx, node.named_children[0] if node.named_children else None)
    if kind == "annotated_type":
        return dotted(ctx, next((c for c in node.named_children if c.type not in _ANNOTATIONS), None))
    return None


def call_chain(ctx: Context, node: Node, calls: int = CHAIN_STEPS) -> str | None:
    """``a.b().c()`` as the text ``a.b().c()``: a receiver that is a call on a name, on such a call (up to
    ``calls`` more), or on a created object (``new Q().a()``), each call written ``name()``;
    None for anything else (``super.m()``, a call on an anonymous class's object). Read from the outside in,
    without recursion: a builder's chain of calls is as deep as it is long."""
    names: list[str] = []
    while True:
        if node.type != "method_invocation":
            head = _created(ctx, node)
            if head is None:
                return None
            break
        if len(names) > calls:
            return None
        name = node.child_by_field_name("name")
        if name is None or _has_super(ctx, node, name):
            return None
        names.append(ctx.text(name))
        obj = node.child_by_field_name("object")
        if obj is None:
            head = f"{names.pop()}()"
            break
        base = dotted(ctx, obj)
        if base is not None:
            if not base[1]:
                return None
            head = f"{base[0]}.{names.pop()}()"
            break
        node = obj
    return ".".join([head, *(f"{name}()" for name in reversed(names))])


def _created(ctx: Context, node: Node) -> str | None:
    """``new Q(…)`` (or ``new a.b.Q<T>(…)``) as the head ``new Q()`` (``new a.b.Q()``) of a chain: what it
    makes is a ``Q`` (``ScopedRules._chain``); so is a cast ``(Q) x``'s value; None for anything else, and for
    an anonymous class (a subtype of the named one)."""
    while node.type == "parenthesized_expression" and node.named_child_count == 1:
        node = node.named_children[0]
    if node.type == "cast_expression":  # ``((Q) x).a()``: a value of the type the cast names, as if made
        text = java_type_text(ctx, node.child_by_field_name("type"))
        return f"new {text}()" if text else None
    if node.type != "object_creation_expression" or any(c.type == "class_body" for c in node.children):
        return None
    text = java_type_text(ctx, node.child_by_field_name("type"))
    return f"new {text}()" if text else None


def _has_super(ctx: Context, node: Node, name: Node) -> bool:
    """Is the call ``node`` (named at ``name``) one on ``super`` (``super.m()``, ``X.super.m()``)? (its bytes
    before the name tested first: most hold no ``super``)"""
    return ctx.source.find(b"super", node.start_byte, name.start_byte) >= 0 and any(
        c.type == "super" for c in node.children)


def member_chain(ctx: Context, obj: Node, name: str, *, whole: bool = False) -> tuple[str, bool]:
    """``(text, head_known)`` of the member ``name`` of ``obj``: ``a.b.name``, or ``copy().name`` through a
    call's declared result; the member alone when the head is no name (``whole``: the chain as written)."""
    base = dotted(ctx, obj)
    if base is None:
        called = call_chain(ctx, obj)
        return (f"{called}.{name}", True) if called is not None else (name, False)
    return (f"{base[0]}.{name}", base[1]) if base[1] or whole else (name, False)


def java_type_text(ctx: Context, node: Node | None) -> str:
    """A type in the ``declared_type`` convention: ``Store``, ``a.b.Store``, type arguments dropped; "" for
    ``var``, primitive types, arrays and anything else."""
    if node is not None and node.type == "annotated_type":
        node = next((c for c in node.named_children if c.type not in _ANNOTATIONS), None)
    if node is None or node.type not in ("type_identifier", "scoped_type_identifier", "generic_type"):
        return ""
    found = dotted(ctx, node)
    if found is None or not found[1] or found[0] == "var":
        return ""
    return found[0]


def java_value_type(ctx: Context, node: Node | None) -> str:
    """The type an initialiser gives, when the syntax says it: ``new Foo()``, ``(Foo) x``, or a call
    ``make()`` / ``a.b.make()`` / ``new Foo().make().next()`` (through the callees' declared results)."""
    while node is not None and node.type == "parenthesized_expression" and node.named_child_count == 1:
        node = node.named_children[0]
    if node is None:
        return ""
    kind = node.type
    if kind == "object_creation_expression":
        if (ctx.source[node.end_byte - 1] == 125 or node.has_error) and any(
                c.type == "class_body" for c in node.children):  # (a body ends in ``}``)
            return ""  # an anonymous class: a subtype of the named one
        return java_type_text(ctx, node.child_by_field_name("type"))
    if kind == "cast_expression":
        return java_type_text(ctx, node.child_by_field_name("type"))
    if kind == "method_invocation":  # (a call on a name, a created object or another such call)
        return call_chain(ctx, node) or ""
    return ""


def java_local_type(ctx: Context, name: Node) -> str:
    """What a local name (a parameter, variable, resource, loop or pattern variable) is declared to hold:
    its written type, else its initialiser's (the query's ``@adapter.*`` captures beside the name)."""
    captures = _state(ctx).bindings.get(name.start_byte)
    if captures is None or "adapter.array" in captures:
        return ""  # (``int x[]``: an array)
    if "adapter.catch" in captures:  # ``catch (A | B e)`` says no one type
        catch = captures["adapter.catch"][0]
        return java_type_text(ctx, catch.named_children[0]) if catch.named_child_count == 1 else ""
    if "local.variable" in captures and _array_declared(ctx, name):  # (an enhanced for's ``int x[]``)
        return ""
    written, value = captures.get("adapter.type"), captures.get("adapter.value")
    return java_type_text(ctx, written[0] if written else None) or java_value_type(ctx, value[0] if value else None)


#: the collections whose element is their first type argument (what ``for (var x : xs)`` gives)
_COLLECTIONS = frozenset(("List", "ArrayList", "LinkedList", "Set", "HashSet", "LinkedHashSet", "TreeSet", "SortedSet",
                          "NavigableSet", "Collection", "Iterable", "Queue", "Deque", "ArrayDeque", "PriorityQueue",
                          "Vector", "Stack", "CopyOnWriteArrayList", "ImmutableList", "ImmutableSet", "Optional"))


#: the methods of a collection (or of its ``stream()``) that call a lambda with each element
_ELEMENT_WISE = frozenset(("forEach", "removeIf", "filter", "map", "mapToInt", "mapToLong", "mapToDouble", "flatMap",
                           "anyMatch", "allMatch", "noneMatch", "peek", "takeWhile", "dropWhile", "ifPresent",
                           "ifPresentOrElse"))


def _loop_element(ctx: Context, owner: int, name: str, loop: Node, iterated: Node | None, body: Node | None) -> None:
    """``for (var d : ds)`` and ``ds.forEach(d -> …)``: in the loop's (the lambda's) body ``d`` is an element of
    ``ds`` where the method's parameter or local ``ds`` is written to be an array or a collection of a named
    type (``Extraction.narrowed``)."""
    if iterated is None or iterated.type != "identifier" or body is None:
        return
    state = _state(ctx)
    if state.written is None:  # (once a file: the types written for each local and parameter, by name)
        state.written = {}
        for captures in state.bindings.values():
            typed, names = captures.get("adapter.type"), captures.get("reference.local")
            if typed and names:
                key = (innermost(ctx, names[0]), ctx.text(names[0]))
                state.written[key] = None if key in state.written else typed[0]
    declared = state.written.get((owner, ctx.text(iterated)))
    element: Node | None = None
    if declared is not None and declared.type == "array_type":
        element = declared.child_by_field_name("element")
    elif declared is not None and declared.type == "generic_type":
        named = dotted(ctx, declared)
        arguments = next((c for c in declared.named_children if c.type == "type_arguments"), None)
        if named is not None and named[0].rsplit(".", 1)[-1] in _COLLECTIONS and arguments is not None \
                and arguments.named_children:
            element = arguments.named_children[0]
    typed_text = java_type_text(ctx, element)
    if typed_text:
        note_narrowing(ctx, owner, name, node_span(body), typed_text)


def _array_declared(ctx: Context, name: Node) -> bool:
    """Do dimensions follow the declared ``name`` (``x[]``)? Told by the byte after it first: most are ``:``."""
    source, at = ctx.source, name.end_byte
    while at < len(source) and source[at] in b" \t\r\n":
        at += 1
    if source[at : at + 1] in (b":", b""):
        return False
    parent = name.parent
    return parent is not None and parent.child_by_field_name("dimensions") is not None


@dataclass
class _State:
    """Per-file state of the Java adapter (on the engine's :class:`Context`)."""

    #: the named and anonymous classes open around the definition being read: (start, end, name)
    types: list[tuple[int, int, str]] = field(default_factory=list)
    #: an enum constant's body extends the enum: (the body's start byte, the enum's name, the span)
    enum_bodies: list[tuple[int, str, Span]] = field(default_factory=list)
    #: the types a local name is declared with, per (owner, name)
    local_types: dict[tuple[int, str], list[str]] = field(default_factory=dict)
    # what the query's ``@adapter.*`` captures say (read once per file, before the first definition):
    #: a local's binding by the start byte of its name: the query's captures (its type, its initialiser)
    bindings: dict[int, dict[str, list[Node]]] = field(default_factory=dict)
    #: the type written for each local and parameter, by (owner, name) (None: written more than once)
    written: dict[tuple[int, str], Node | None] | None = None
    #: a compact constructor's parameters (its record's components, ``@adapter.components``) by its start byte
    components: dict[int, Node] = field(default_factory=dict)
    #: the byte ranges of type names that are no type use of their own (``@adapter.nottype``, and the
    #: types of ``new`` and of method references, which the adapter adds: read before their names)
    nottype: set[tuple[int, int]] = field(default_factory=set)
    #: the ``++``/``--`` expressions (``@adapter.update``): their operand's use is a write
    updates: list[Node] = field(default_factory=list)
    #: the start bytes of names that are no value use: a called method's, a method reference's member (``T::m``),
    #: a package's, a module's or an import's that is one name
    unused: set[int] = field(default_factory=set)
    #: the calls that pass arguments: (the reference's span, the node with the ``arguments``), typed at the end
    #: (``Extraction.argument_types``, :mod:`codeknit.languages.java.arguments`)
    calls: list[tuple[Span, Node]] = field(default_factory=list)


def _state(ctx: Context) -> _State:
    state = ctx.state.get("java")
    if isinstance(state, _State):
        return state
    unused = ctx.state.get("java.unused")  # (``module_symbol``'s)
    state = ctx.state["java"] = _State(unused=set(unused) if isinstance(unused, list) else set())
    for captures in ctx.matches:
        if "reference.local" in captures:
            state.bindings[captures["reference.local"][0].start_byte] = captures
        elif "adapter.compact" in captures:
            state.components[captures["adapter.compact"][0].start_byte] = captures["adapter.components"][0]
        elif "adapter.update" in captures:
            state.updates += captures["adapter.update"]
        elif "adapter.nottype" in captures:
            state.nottype.update(node.byte_range for node in captures["adapter.nottype"])
    return state


def _not_type(ctx: Context, node: Node | None) -> None:
    """A created type (``new T()``), a method reference's (``T::m``) or a written base: no type use of its own."""
    if node is not None and node.type in _TYPE_NODES:
        nottype = _state(ctx).nottype
        nottype.add(node.byte_range)
        if node.type == "generic_type" and node.named_child_count:
            nottype.add(node.named_children[0].byte_range)


class JavaAdapter(Adapter):
    language = "java"
    grammars = {"": "java"}
    #: a name used as a value, or a member chain written plainly (``a.b.c``), is its own text: the engine
    #: records it, but for a chain through ``Outer.this`` (``special_values``), which ``chain`` reads
    plain_value_types = frozenset({"identifier"})
    plain_chain_types = frozenset({"field_access"})

    # -- the module ------------------------------------------------------------------------

    def module_symbol(self, ctx: Context, root: Node) -> RawSymbol:
        package = ""
        doc = None
        for child in root.named_children:
            if child.type == "package_declaration":
                package_name = next(
                    (c for c in child.named_children if c.type in ("scoped_identifier", "identifier")), None
                )
                package = ctx.text(package_name)
                doc = leading_comment(ctx, child, _COMMENTS, javadoc_only=True)
                if package_name is not None and package_name.type == "identifier":  # (no value use)
                    ctx.state["java.unused"] = [package_name.start_byte]
                break
            if child.type == "module_declaration":  # (its name is no value use)
                ctx.state["java.unused"] = [c.start_byte for c in child.named_children if c.type == "identifier"]
        name = module_name(package, ctx.extraction.path)
        properties: dict[str, PropertyValue] = {"package": package} if package else {}
        return file_symbol(ctx, root, name, properties=properties, doc=doc)

    # -- definitions -------------------------------------------------------------------------

    def definition(self, ctx: Context, kind: str, node: Node, name: Node | None) -> RawSymbol | None:
        if kind == "anonymous" or name is None:
            return self._anonymous(ctx, node, name) if kind == "anonymous" else None
        symbol = node_symbol(ctx, _SYMBOL_KINDS[kind], node, name)
        if kind == "type_parameter":
            symbol.signature = " ".join(
                ctx.squeezed(c) for c in node.named_children if c.type not in _ANNOTATIONS
            )
            return symbol
        if kind == "field":
            return self._field(ctx, symbol, node)
        if kind == "enum_member":
            symbol.signature = symbol.name
            symbol.doc = leading_comment(ctx, node, _COMMENTS)
            symbol.properties = {"decorators": tuple(d)} if (d := self._modifiers(ctx, node)[1]) else {}
            return symbol
        parent = node.parent
        body_parent = parent.type if parent is not None else ""
        flags, annotations = self._modifiers(ctx, node)
        properties: dict[str, PropertyValue] = {}
        if body_parent == "program":
            properties["exported"] = "public" in flags
        visibility = self._visibility(ctx, flags, node, kind, body_parent)
        if visibility:
            properties["visibility"] = visibility
        in_interface = body_parent in _INTERFACE_BODIES
        if kind == "method" and in_interface and node.child_by_field_name("body") is None and not (
            {"static", "default", "private"} & flags
        ):
            flags.add("abstract")
        for flag in _FLAG_MODIFIERS:
            if flag in flags:
                properties[flag] = True
        if annotations:
            properties["decorators"] = tuple(annotations)
        if node.type == "compact_constructor_declaration":
            properties["compact"] = True
        symbol.properties = properties
        symbol.doc = leading_comment(ctx, node, _COMMENTS)
        type_parameters = node.child_by_field_name("type_parameters")
        generics = ctx.squeezed(type_parameters) if type_parameters is not None else ""
        if kind in ("method", "constructor"):
            symbol.signature = self._callable_signature(ctx, symbol.name, node, generics)
            symbol.arity = _arity(node.child_by_field_name("parameters")
                                  or _state(ctx).components.get(node.start_byte))
            if kind == "method" and node.child_by_field_name("dimensions") is None:
                symbol.declared_type = java_type_text(ctx, node.child_by_field_name("type"))
        else:
            symbol.signature = symbol.name + generics  # (its bases: ``reference``)
            _enclosing(ctx, node).append((node.start_byte, node.end_byte, symbol.name))
        return symbol

    def _visibility(self, ctx: Context, flags: set[str], node: Node, kind: str, body: str) -> str | None:
        """The visibility of a member ``node`` declared in a node of the type ``body`` ("" at the root)."""
        word = next((word for word in _VISIBILITY if word in flags), None)
        if word is not None or (body == "enum_body_declarations" and kind == "constructor"):
            return word or "private"
        default = _DEFAULT_VISIBILITY.get(body)
        if default == "package" and body != "program" and (types := _enclosing(ctx, node)) and not types[-1][2]:
            return None  # a member of an anonymous class
        return default

    def _modifiers(self, ctx: Context, node: Node) -> tuple[set[str], list[str]]:
        """The modifier keywords and the annotation names of a declaration."""
        flags: set[str] = set()
        annotations: list[str] = []
        modifiers: Node | None = node.child(0)  # (a declaration's first child, when it has them)
        if modifiers is None or modifiers.type != "modifiers":
            if not node.has_error:
                return flags, annotations
            modifiers = next((c for c in node.children if c.type == "modifiers"), None)
            if modifiers is None:
                return flags, annotations
        for child in modifiers.children:
            if child.type in _ANNOTATIONS:
                found = dotted(ctx, child.child_by_field_name("name"))
                if found is not None:
                    annotations.append(found[0])
            else:
                flags.add(child.type)
        return flags, annotations

    def _callable_signature(self, ctx: Context, name: str, node: Node, generics: str) -> str:
        parameters = node.child_by_field_name("parameters")
        if parameters is None:  # a compact constructor's are its record's components
            parameters = _state(ctx).components.get(node.start_byte)
        rendered = ", ".join(self._parameters(ctx, parameters))
        signature = f"{name}{generics}({rendered})"
        returns = node.child_by_field_name("type")
        if returns is not None and returns.type != "void_type":
            dimensions = node.child_by_field_name("dimensions")
            signature += f" -> {ctx.squeezed(returns)}{ctx.text(dimensions) if dimensions is not None else ''}"
        return signature

    def _parameters(self, ctx: Context, parameters: Node | None) -> list[str]:
        if parameters is None:
            return []
        out: list[str] = []
        for child in parameters.named_children:
            if child.type == "formal_parameter":
                type_node = child.child_by_field_name("type")
                name = child.child_by_field_name("name")
                dimensions = child.child_by_field_name("dimensions")
                type_text = ctx.squeezed(type_node) + (ctx.text(dimensions) if dimensions is not None else "")
                out.append(f"{ctx.text(name)}: {type_text}")
            elif child.type == "spread_parameter":
                type_node = next(
                    (c for c in child.named_children if c.type not in ("modifiers", "variable_declarator")), None
                )
                declarator = next((c for c in child.named_children if c.type == "variable_declarator"), None)
                name = declarator.child_by_field_name("name") if declarator is not None else None
                out.append(f"{ctx.text(name)}: {ctx.squeezed(type_node)}...")
        return out

    def _field(self, ctx: Context, symbol: RawSymbol, node: Node) -> RawSymbol:
        """A field (``node`` is its declarator) or a record component (``node`` is the parameter)."""
        if node.type == "formal_parameter":  # a record component: a private final field
            type_node = node.child_by_field_name("type")
            symbol.declared_type = java_type_text(ctx, type_node)
            symbol.signature = f"{symbol.name}: {ctx.squeezed(type_node)}"
            properties: dict[str, PropertyValue] = {"visibility": "private", "final": True}
            annotations = self._modifiers(ctx, node)[1]
            if annotations:
                properties["decorators"] = tuple(annotations)
            symbol.properties = properties
            return symbol
        declaration = node.parent
        assert declaration is not None
        # (one declarator when the declaration holds no comma, else they are counted)
        if (ctx.source.find(b",", declaration.start_byte, declaration.end_byte) < 0 and not declaration.has_error) \
                or sum(c.type == "variable_declarator" for c in declaration.named_children) == 1:
            symbol.span = node_span(declaration)
            symbol.start_byte, symbol.end_byte = declaration.start_byte, declaration.end_byte
        type_node = declaration.child_by_field_name("type")
        dimensions = node.child_by_field_name("dimensions")
        if dimensions is None:
            symbol.declared_type = java_type_text(ctx, type_node)
        type_text = ctx.squeezed(type_node) + (ctx.text(dimensions) if dimensions is not None else "")
        symbol.signature = f"{symbol.name}: {type_text}"
        flags, annotations = self._modifiers(ctx, declaration)
        body = declaration.parent
        body_type = body.type if body is not None else ""
        if declaration.type == "constant_declaration" or body_type in _INTERFACE_BODIES:
            flags |= {"public", "static", "final"}
        properties = {}
        visibility = self._visibility(ctx, flags, declaration, "field", body_type)
        if visibility:
            properties["visibility"] = visibility
        for flag in ("static", "final"):
            if flag in flags:
                properties[flag] = True
        if annotations:
            properties["decorators"] = tuple(annotations)
        symbol.properties = properties
        if {"static", "final"} <= flags and _is_constant_name(symbol.name):
            symbol.kind = SymbolKind.CONSTANT
        symbol.doc = leading_comment(ctx, declaration, _COMMENTS)
        return symbol

    def _anonymous(self, ctx: Context, node: Node, constant: Node | None) -> RawSymbol | None:
        """``new Base(…) {…}``, or the body of the enum constant ``constant``: an anonymous class ``$n``."""
        if constant is None:  # (every ``new``: the type it creates is no type use; one with a body is a class)
            type_node = node.child_by_field_name("type")
            _not_type(ctx, type_node)
            if (ctx.source[node.end_byte - 1] != 125 and not node.has_error) or not any(
                    c.type == "class_body" for c in node.children):
                return None
        state, types = _state(ctx), _enclosing(ctx, node)
        key = types[-1][0] if types else -1
        if constant is None:
            base = ctx.squeezed(type_node)
            found = dotted(ctx, type_node)
            name_node = found[2] if found is not None else type_node or node
        else:  # a subclass of the enum
            base, name_node = types[-1][2] if types else "", constant
            if base:
                state.enum_bodies.append((node.start_byte, base, node_span(name_node)))
        types.append((node.start_byte, node.end_byte, ""))
        return anonymous_class(ctx, node, key, base, name_node)

    # -- references ----------------------------------------------------------------------------

    def chain(self, ctx: Context, node: Node) -> tuple[str, bool, Node] | None:
        if node.type == "identifier":
            return None if node.start_byte in _state(ctx).unused else (ctx.text(node), True, node)
        if node.type != "field_access":
            return None
        member = node.child_by_field_name("field")
        obj = node.child_by_field_name("object")
        if member is None or obj is None or member.type == "this":
            return None  # ``Outer.this``: the instance, no member
        return *member_chain(ctx, obj, ctx.text(member)), member

    def special_values(self, ctx: Context) -> AbstractSet[int]:
        # a chain written plainly through ``Outer.this`` starts at one of the names before a ``.this`` in
        # the source: each of those names' starts (one that starts no such chain reads the same either way)
        special, source = set(_state(ctx).unused), ctx.source
        at = source.find(b".this")
        while at >= 0:
            end = at + 5
            if end == len(source) or source[end] not in _WORD_BYTES:
                start = at
                while start and source[start - 1] in _CHAIN_BYTES:
                    start -= 1
                special.update(p for p in range(start, at) if p == start or source[p - 1] == 46)
            at = source.find(b".this", end)
        return special

    def value_scope(self, ctx: Context, scope_of: Callable[[int, int], int]) -> Callable[[int, int], int]:
        return owned_scope(ctx, scope_of)  # (a use in a field's initialiser is the field's)

    def reference(self, ctx: Context, kind: str, node: Node, scope: int) -> None:
        if kind == "type":  # (the most frequent first)
            nottype, written = _state(ctx).nottype, ctx.text(node)
            if "." in written and node.type == "scoped_type_identifier":  # (read before the names it holds)
                nottype.update(c.byte_range for c in node.named_children if c.type in _SCOPED_PARTS)
            if node.byte_range in nottype or written == "var":
                return  # (a supertype, a created type, a part of a longer name: recorded elsewhere)
            if "." not in written:  # (a type_identifier: its own text, as ``dotted`` reads it)
                ctx.add_ref(scope, _REFERENCES, written, node_span(node))
                return
        elif kind == "call":
            self._call(ctx, node, scope)
            return
        elif kind == "local":
            self._local(ctx, node)
            return
        elif kind == "constructor":  # ``this(…)``, ``super(…)``
            invocation = node.parent
            count = _argument_count(invocation) if invocation is not None else -1
            ctx.add_ref(scope, _CALLS, node.type, node_span(node), arguments=count)
            if count > 0 and invocation is not None:
                _state(ctx).calls.append((node_span(node), invocation))
            return
        elif kind == "method_reference":
            self._method_reference(ctx, node, scope)
            return
        elif kind in ("inherits", "implements"):
            _not_type(ctx, node)  # (read before the names it holds)
        found = dotted(ctx, node.child_by_field_name("type") if kind == "new" else node)
        if found is None:
            return
        text, head_known, last = found
        symbols = ctx.extraction.symbols
        if kind == "new":
            if symbols[scope].start_byte == node.start_byte:  # an anonymous class: it extends the named type
                ctx.add_ref(scope, _INHERITS, text, node_span(last))
            else:
                count = _argument_count(node)
                ctx.add_ref(_owner(ctx, node, scope), _CALLS, text, node_span(last), constructs=True,
                            arguments=count)
                if count > 0:
                    _state(ctx).calls.append((node_span(last), node))
        elif kind == "type":
            if head_known:
                ctx.add_ref(scope, _REFERENCES, text, node_span(last))
        elif kind in ("inherits", "implements"):  # a written base: also the symbol's ``bases``
            symbols[scope].bases.append(text)
            if head_known:
                edge = _INHERITS if kind == "inherits" else _IMPLEMENTS
                ctx.add_ref(scope, edge, text, node_span(last))
        elif kind == "decorates":
            self._annotation(ctx, node, scope, text, node_span(last))

    def _local(self, ctx: Context, node: Node) -> None:
        owner = innermost(ctx, node)
        if owner <= 0:
            return
        symbol = ctx.extraction.symbols[owner]
        if symbol.kind in _TYPE_SYMBOLS or symbol.name_span == node_span(node):
            return  # a record component is a field, not a local
        name = ctx.text(node)
        add_local(ctx, owner, name)
        _state(ctx).local_types.setdefault((owner, name), []).append(java_local_type(ctx, node))
        loop = node.parent
        if loop is not None and loop.type == "enhanced_for_statement" and \
                (written := loop.child_by_field_name("type")) is not None and written.type == "type_identifier" \
                and written.text == b"var":
            _loop_element(ctx, owner, name, loop, loop.child_by_field_name("value"), loop.child_by_field_name("body"))
        elif loop is not None and loop.type in ("lambda_expression", "inferred_parameters"):
            lambda_ = loop if loop.type == "lambda_expression" else loop.parent
            arguments = lambda_.parent if lambda_ is not None else None
            call = arguments.parent if arguments is not None and arguments.type == "argument_list" else None
            if call is not None and call.type == "method_invocation" and lambda_ is not None and \
                    (parameters := lambda_.child_by_field_name("parameters")) is not None and \
                    (parameters.type == "identifier" or parameters.named_child_count == 1) and \
                    (method := call.child_by_field_name("name")) is not None and ctx.text(method) in _ELEMENT_WISE:
                # ``ds.forEach(d -> …)``, ``ds.stream().filter(d -> …)``: d is an element of ds
                receiver = call.child_by_field_name("object")
                if receiver is not None and receiver.type == "method_invocation" and \
                        ctx.text(receiver.child_by_field_name("name")) == "stream":
                    receiver = receiver.child_by_field_name("object")
                _loop_element(ctx, owner, name, lambda_, receiver, lambda_.child_by_field_name("body"))


    def _call(self, ctx: Context, node: Node, scope: int) -> None:
        name = node.child_by_field_name("name")
        if name is None:
            return
        obj = node.child_by_field_name("object")
        member = ctx.text(name)
        _state(ctx).unused.add(name.start_byte)
        owner = _owner(ctx, node, scope)
        arguments = _argument_count(node)
        if arguments > 0:
            _state(ctx).calls.append((node_span(name), node))
        if obj is None:
            ctx.add_ref(owner, _CALLS, member, node_span(name), arguments=arguments)
            return
        if _has_super(ctx, node, name):  # ``X.super.m()``
            qualifier = dotted(ctx, obj)
            text = f"super.{member}"
            if qualifier is not None and not _is_enclosing_class(ctx, node, qualifier[0]):
                text = f"{qualifier[0]}.{member}"  # an interface's default method
            ctx.add_ref(owner, _CALLS, text, node_span(name), arguments=arguments)
            return
        text, head_known = member_chain(ctx, obj, member, whole=True)
        ctx.add_ref(owner, _CALLS, text, node_span(name), head_known=head_known, arguments=arguments)

    def _method_reference(self, ctx: Context, node: Node, scope: int) -> None:
        parts = [c for c in node.children if c.is_named or c.type == "new"]
        for part in parts:
            _not_type(ctx, part)
        if len(parts) < 2:
            return
        target, referenced = parts[0], parts[-1]
        if referenced.type == "identifier":
            _state(ctx).unused.add(referenced.start_byte)
        found = dotted(ctx, target)
        owner = _owner(ctx, node, scope)
        if referenced.type == "new":
            if found is not None and found[1]:
                ctx.add_ref(owner, _CALLS, found[0], node_span(found[2]), constructs=True)
        elif found is None:
            ctx.add_ref(owner, _CALLS, ctx.text(referenced), node_span(referenced), head_known=False)
        else:
            ctx.add_ref(owner, _CALLS, f"{found[0]}.{ctx.text(referenced)}", node_span(referenced),
                        head_known=found[1])

    def _annotation(self, ctx: Context, node: Node, scope: int, text: str, span: Span) -> None:
        """An annotation on a declaration decorates the symbol it declares (each field of ``@A int x, y;``); one
        anywhere else (a parameter, a local variable, a type use) is a use of the annotation type."""
        modifiers = node.parent.parent if node.parent is not None else None
        if modifiers is not None and modifiers.type == "modifiers":
            declaration = modifiers.parent
            if declaration is not None and declaration.type in ("field_declaration", "constant_declaration"):
                declarators = [c for c in declaration.named_children if c.type == "variable_declarator"]
                if len(declarators) > 1:
                    for declarator in declarators:
                        index = symbol_at(ctx, declarator.start_byte)
                        if index > 0:
                            ctx.add_ref(index, _DECORATES, text, span)
                    return
            target = symbol_at(ctx, modifiers.start_byte)  # (a parameter or a local variable is no symbol)
            if target > 0:
                ctx.add_ref(target, _DECORATES, text, span)
                return
        ctx.add_ref(_owner(ctx, node, scope), _REFERENCES, text, span)

    # -- imports ---------------------------------------------------------------------------------

    def import_statement(self, ctx: Context, node: Node, scope: int) -> None:
        name = next((c for c in node.named_children if c.type in ("scoped_identifier", "identifier")), None)
        if name is None:
            return
        full = ctx.text(name)
        if name.type == "identifier":  # (no value use)
            _state(ctx).unused.add(name.start_byte)
        star = any(c.type == "asterisk" for c in node.named_children)
        span = node_span(node)
        if star:
            ctx.extraction.imports.append(RawImport(scope, full, span, star=True, module_span=node_span(name)))
            return
        last = full.rpartition(".")[2]  # ``module`` is the whole imported name (a type, or a static member)
        qualifier = name.child_by_field_name("scope") if name.type == "scoped_identifier" else None
        member = name.child_by_field_name("name") if name.type == "scoped_identifier" else name
        ctx.extraction.imports.append(RawImport(
            scope, full, span, names=((last, last),), name_spans=(node_span(member or name),),
            module_span=node_span(qualifier) if qualifier is not None else None))

    # -- after the captures ----------------------------------------------------------------------

    def finish(self, ctx: Context, scopes: ScopeIndex) -> None:
        state = _state(ctx)
        values = ctx.values
        for node in state.updates if values else ():  # (the operand was read as a value: it is written)
            for operand in node.named_children:
                token = operand.child_by_field_name("field") if operand.type == "field_access" else operand
                if token is not None and operand.type in _WRITTEN:
                    at = node_span(token)
                    if (use := values.get(at)) is not None:
                        values[at] = (use[0], use[1], Role.WRITE, use[3])
        for (owner, name), types in sorted(state.local_types.items()):
            # every binding of the name in its callable must say the same type (a lambda's
            # parameter or a ``var x = a.b().c()`` says none, and then the name stays unknown)
            if types[0] and len(set(types)) == 1:
                ctx.extraction.var_types.setdefault(owner, {})[name] = types[0]
        if state.calls:
            _argument_types_of(ctx, state)
        for start_byte, base, span in state.enum_bodies:
            index = symbol_at(ctx, start_byte, _ANONYMOUS_KINDS)
            if index > 0:
                ctx.add_ref(index, _INHERITS, base, span)
        for start_byte, components in sorted(state.components.items()):  # (in scope, unwritten)
            index = symbol_at(ctx, start_byte, frozenset({SymbolKind.CONSTRUCTOR}))
            for component in components.named_children:  # (declared by the record's header, as its fields)
                written = component.child_by_field_name("name") if component.type == "formal_parameter" else None
                if written is not None:
                    add_local(ctx, index, text := ctx.text(written))
                    if index > 0:
                        region = ctx.extraction.symbols[index].span
                        ctx.extraction.declarations.append(
                            RawLocal(index, text, LocalKind.PARAMETER, node_span(written), region))


def _argument_types_of(ctx: Context, state: _State) -> None:
    local = LocalTypes(ctx, state_of(ctx).locals, call_chain)
    for start_byte, captures in state.bindings.items():
        names = captures.get("reference.local")
        if names and names[0].start_byte == start_byte:
            local.add(innermost(ctx, names[0]), names[0], captures, ctx.text(names[0]), ctx.text)
    table = ctx.extraction.argument_types
    for span, call in state.calls:
        keys = argument_keys(ctx, call, local, innermost(ctx, call))
        if keys is not None:
            table[span] = keys


def _is_constant_name(name: str) -> bool:
    letters = [c for c in name if c.isalpha()]
    return bool(letters) and all(c.isupper() for c in letters) and not name.startswith("_")


def _enclosing(ctx: Context, node: Node) -> list[tuple[int, int, str]]:
    """The classes open around ``node`` (definitions come in source order, so those that end before it are done)."""
    types = _state(ctx).types
    while types and types[-1][1] < node.end_byte:
        types.pop()
    return types


def _owner(ctx: Context, node: Node, scope: int) -> int:
    """:func:`value_owner` (a use in a field's initialiser is the field's), told first by a set look-up."""
    return value_owner(ctx, node, scope) if ctx.extraction.symbols[scope].kind in _TYPE_SYMBOLS else scope


def _is_enclosing_class(ctx: Context, node: Node, name: str) -> bool:
    symbols = ctx.extraction.symbols
    index = innermost(ctx, node)
    while index > 0:
        if symbols[index].kind in _NAMED_TYPES and symbols[index].name == name:
            return True
        index = symbols[index].parent
    return False


ADAPTER = JavaAdapter

__all__ = ["ADAPTER", "JavaAdapter"]
