"""Scala: the adapter half (the query half is ``scala/queries.scm``).

Conventions (shared with the Python and Java adapters): callables render as
``name[T](param: Type, …)(…) -> Ret``, values as ``name: Type``, classes as
``Name[T](param: Type, …)`` (with their primary constructor's parameters),
type aliases as ``Name = Type``.

Kinds:

* ``package a.b`` is a ``module/package`` symbol, from the clause to the end of
  the file (or of its braces); consecutive clauses nest (``package a`` then
  ``package b`` is ``a.b``); a ``package object p`` is a package symbol ``p``
  with ``object``;
* a class is a ``class`` (``case``, ``abstract``, ``sealed``, ``final``, ``implicit``
  as properties), a trait a ``trait``, a Scala 3 enum an ``enum`` with
  ``enum_member`` cases;
* an ``object Foo`` is a ``class`` named ``Foo$`` with ``object`` (its JVM name):
  a companion object is its own symbol beside ``class Foo``, it never takes
  over the class's members, and ids stay distinct (``Foo`` and ``Foo$``);
* ``def`` is a ``method`` in a class, trait or object, a ``function`` elsewhere
  (``def this(…)`` is a ``constructor``); ``val``/``var`` members and
  ``val``/``var``/case-class parameters are ``field`` symbols, top-level ones
  ``variable``, with ``val`` or ``var``; ``given`` instances are values with
  ``given`` (an anonymous one is named ``given_Type``); ``type`` is a
  ``type_alias``;
* ``new T { … }`` is an anonymous class ``$1``, ``$2`` … (per enclosing type).
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Callable
from collections.abc import Set as AbstractSet
from typing import TYPE_CHECKING

from codeknit.graph.model import Category, EdgeKind, LocalKind, PropertyValue, Span, SymbolKind
from codeknit.languages.engine import Adapter, Context, ScopeIndex, captured, file_symbol, node_span, node_symbol
from codeknit.languages.records import CHAIN_STEPS, RawImport, RawLocal, RawSymbol
from codeknit.languages.scoped import (
    add_local,
    anonymous_class,
    drop_local_value_refs,
    innermost,
    leading_comment,
    owned_scope,
    state_of,
    symbol_at,
    value_owner,
)
from codeknit.languages.typing_notes import note_unknown, note_var_type

if TYPE_CHECKING:
    from tree_sitter import Node

_COMMENTS = frozenset({"comment", "block_comment"})
_TEMPLATES = frozenset({"class_definition", "object_definition", "trait_definition", "enum_definition"})
_FLAGS = ("abstract", "sealed", "final", "case", "implicit", "lazy", "override", "inline", "opaque", "transparent",
          "open", "infix")
_PROPERTY_ORDER = ("exported", "visibility", "object", "given", "extension", "val", "var", *_FLAGS, "decorators")
_RANK = {name: rank for rank, name in enumerate(_PROPERTY_ORDER)}
_NON_NAME = re.compile(r"[^\w]+")
#: what the members of a definition are, by its kind (``local`` for any other)
_MEMBERS = {"class": "template", "trait": "template", "enum": "template", "enum_member": "template",
            "package": "package"}
_VALUE_KINDS = frozenset({"val_definition", "var_definition", "val_declaration", "var_declaration"})


def module_name(path: str) -> str:
    """``src/main/scala/a/Foo.scala`` → ``src/main/scala/a/Foo``."""
    stem, _ = posixpath.splitext(path)
    return stem or path


def _argument_count(arguments: Node | None) -> int:
    """How many arguments a call's first argument list passes: a block (``f { … }``) is one (-1: none written, a
    syntax error)."""
    if arguments is None or arguments.has_error:
        return -1
    if arguments.type in ("block", "case_block"):
        return 1
    if arguments.type != "arguments":
        return -1
    return sum(child.type not in _COMMENTS for child in arguments.named_children)


def _arity(parameters: Node | None) -> tuple[int, int] | None:
    """The fewest and most arguments a function's first parameter list accepts (-1: any number more, ``xs: A*``);
    a parameter with a default may be left out. None: no list written, an ``implicit``/``using`` one (its
    calls may write none), unreadable. (A class's first ``class_parameters`` are its primary constructor's.)"""
    if parameters is None or parameters.has_error or any(c.type in ("implicit", "using") for c in parameters.children):
        return None
    required = optional = 0
    variadic = False
    for child in parameters.named_children:
        if child.type not in ("parameter", "class_parameter"):
            continue
        written = child.child_by_field_name("type")
        if written is not None and written.type == "repeated_parameter_type":
            variadic = True
        elif child.child_by_field_name("default_value") is not None:
            optional += 1
        else:
            required += 1
    return required, -1 if variadic else required + optional


def _called(ctx: Context, node: Node, depth: int) -> str | None:
    """The receiver ``node`` of a member as the head of a chain: a call on a name (``a.make()``, ``Q(1)``, a
    call on such a call), or a created object (``new Q()``, written ``new Q()``: ``ScopedRules._chain``);
    None for anything else, and for an anonymous class (``new Q { … }``: a subtype)."""
    while node.type == "parenthesized_expression" and node.named_child_count == 1:
        node = node.named_children[0]
    if node.type == "call_expression":
        found = dotted(ctx, node.child_by_field_name("function"), depth)
        return f"{found[0]}()" if found is not None and found[1] else None
    if node.type == "instance_expression" and node.named_children and not any(
            c.type == "template_body" for c in node.named_children):
        created = dotted(ctx, node.named_children[0], depth)
        return f"new {created[0]}()" if created is not None and created[1] else None
    return None


def _created(node: Node) -> list[Node]:
    """The types ``new …`` names (``node`` an ``instance_expression``): ``[A]`` for ``new A(x)``, ``[A, B, C]`` for
    ``new A(x) with B with C`` (a compound type, whose first part the grammar wraps with its arguments); [] for
    none."""
    type_node = next((c for c in node.named_children if c.type not in ("template_body", "arguments")), None)
    if type_node is None:
        return []
    if type_node.type != "compound_type":
        return [type_node]
    parts = [*type_node.children_by_field_name("base"), *type_node.children_by_field_name("extra")]
    return [part.named_children[0] if part.type == "applied_constructor_type" and part.named_children else part
            for part in parts]


def _cast(ctx: Context, node: Node) -> str:
    """The type ``x.asInstanceOf[Q]`` (or ``(x.asInstanceOf[Q])``, ``x.asInstanceOf[Q]()``) casts to; "" for
    any other expression (a generic call ``f[T]``'s result is what ``f`` returns)."""
    while node.type == "parenthesized_expression" and node.named_child_count == 1:
        node = node.named_children[0]
    if node.type == "call_expression":  # (with no arguments)
        function, arguments = node.child_by_field_name("function"), node.child_by_field_name("arguments")
        if function is not None and (arguments is None or not arguments.named_children):
            node = function
    if node.type != "generic_function":
        return ""
    inner = node.child_by_field_name("function")
    field = inner.child_by_field_name("field") if inner is not None and inner.type == "field_expression" else None
    return value_type(ctx, node) if field is not None and ctx.text(field) == "asInstanceOf" else ""


def dotted(ctx: Context, node: Node | None, depth: int = 0) -> tuple[str, bool, Node] | None:
    """``(text, head_known, last name's node)`` for a name expression or a type; None when it names nothing.

    ``Outer.this.x`` is ``Outer.x``; type arguments are left out.
    """
    if node is None or depth > CHAIN_STEPS:  # (a generated chain thousands deep: its head unknown, no deep stack)
        return None
    depth += 1
    kind = node.type
    if kind in ("identifier", "type_identifier"):
        return ctx.text(node).strip("`"), True, node
    if kind == "field_expression":
        value = node.child_by_field_name("value")
        field = node.child_by_field_name("field")
        if value is None or field is None:
            return None
        member = ctx.text(field).strip("`")
        if member == "this":
            return dotted(ctx, value, depth)
        cast = _cast(ctx, value)
        if cast:  # ``x.asInstanceOf[Q].b``: a member of a value of that type, as if made (``new Q()``)
            return f"new {cast}().{member}", True, field
        base = dotted(ctx, value, depth)
        if base is None:
            called = _called(ctx, value, depth)  # ``a.make().b``, ``new Q().b``: through what the call gives
            return (f"{called}.{member}", True, field) if called is not None else (member, False, field)
        return f"{base[0]}.{member}", base[1], field
    if kind in ("stable_type_identifier", "stable_identifier"):
        parts: list[str] = []
        part = None
        for child in node.named_children:
            part = dotted(ctx, child, depth)
            if part is None:
                return None
            parts.append(part[0])
        return (".".join(parts), True, part[2]) if part is not None else None
    if kind in ("generic_type", "generic_function"):
        inner = node.child_by_field_name("type") or node.child_by_field_name("function")
        return dotted(ctx, inner, depth)
    return None


def _container(ctx: Context, kind: str, node: Node, declaration: Node) -> str:
    """Where ``declaration`` is written: ``template`` (a member of a class, trait, object, enum or given),
    ``package``, ``file`` or ``local``, as the innermost definition around it says (they come outer first)."""
    around = ctx.state.setdefault("scala", [])  # (end byte, what its members are) of the definitions open here
    assert isinstance(around, list)
    while around and around[-1][0] < declaration.end_byte:
        around.pop()
    container = around[-1][1] if around else "file"
    around.append((node.end_byte, "template" if node.type == "given_definition" else _MEMBERS.get(kind, "local")))
    return container


def _ordered(properties: dict[str, PropertyValue]) -> dict[str, PropertyValue]:
    return dict(sorted(properties.items(), key=lambda item: _RANK.get(item[0], len(_RANK))))


class ScalaAdapter(Adapter):
    language = "scala"
    grammars = {"": "tree_sitter_scala"}
    #: a name used as a value, or a member chain written plainly (``a.b.c``), is its own text: the engine
    #: records it, but for ``this``, ``_``, a name in backticks and a chain through ``Outer.this``
    #: (``special_values``), which ``chain`` reads
    plain_value_types = frozenset({"identifier"})
    plain_chain_types = frozenset({"field_expression"})

    # -- the module ------------------------------------------------------------------------

    def module_symbol(self, ctx: Context, root: Node) -> RawSymbol:
        name = module_name(ctx.extraction.path)
        return file_symbol(ctx, root, name)

    # -- definitions -------------------------------------------------------------------------

    def definition(self, ctx: Context, kind: str, node: Node, name: Node | None) -> RawSymbol | None:
        declaration = node
        if node.type == "identifier" and kind == "variable":  # one of several names bound by a ``val``
            declaration = node.parent.parent if node.parent is not None and node.parent.parent is not None else node
        container = _container(ctx, kind, node, declaration)
        if name is None:
            if node.type == "instance_expression":
                return self._anonymous(ctx, node)
            if node.type == "given_definition":
                name_text = self._given_name(ctx, node)
                name_node = node
            else:
                return None
        else:
            if any(child.type == "ERROR" and child.end_byte <= name.start_byte for child in node.children):
                return None  # (``type = Nothing``: no name, and the grammar's recovery took the aliased type's)
            name_text = ctx.text(name).strip("`")
            name_node = name
        symbol = node_symbol(ctx, SymbolKind(kind), node, name_node, name_text)
        symbol.span = node_span(declaration)
        end = _text_end(ctx.source, declaration)
        if end < declaration.end_byte:  # (an indented body's node runs on to the next line's code)
            symbol.span = (*symbol.span[:2], *ctx.span_at(end, end)[2:])
            symbol.end_byte = min(symbol.end_byte, end)
        if kind == "package":
            return self._package(ctx, symbol, node)
        if kind == "type_parameter":
            symbol.signature = self._type_parameter(ctx, node)
            return symbol
        if kind == "enum_member":
            symbol.signature = name_text + self._parameter_lists(ctx, node)
            symbol.doc = leading_comment(ctx, node.parent or node, _COMMENTS)
            return symbol
        flags, visibility, decorators = self._modifiers(ctx, declaration)
        properties: dict[str, PropertyValue] = {}
        if container in ("file", "package"):
            properties["exported"] = visibility is None
        if visibility:
            properties["visibility"] = visibility
        for flag in _FLAGS:
            if flag in flags:
                properties[flag] = True
        if decorators:
            properties["decorators"] = tuple(decorators)
        symbol.doc = leading_comment(ctx, declaration, _COMMENTS)
        if kind in ("class", "trait", "enum"):
            if node.type == "object_definition":
                symbol.name = f"{name_text}$"
                properties["object"] = True
            if any(c.type == "case" for c in node.children):
                properties["case"] = True
            generics = self._type_parameters_text(ctx, node)
            symbol.signature = symbol.name + generics + self._class_parameters(ctx, node)
            if node.type == "class_definition":  # its primary constructor's (``new Foo(1, 2)``; none written: none)
                first = next((c for c in node.children if c.type == "class_parameters"), None)
                symbol.arity = _arity(first) if first is not None else (0, 0)
        elif kind == "function":
            if container == "template":
                symbol.kind = SymbolKind.METHOD
            if name_text == "this":
                symbol.kind = SymbolKind.CONSTRUCTOR
            if node.type == "function_declaration" and container == "template":
                properties["abstract"] = True
            if node.parent is not None and node.parent.type == "extension_definition":
                properties["extension"] = True
            symbol.signature = self._function_signature(ctx, name_text, node)
            symbol.arity = _arity(next((c for c in node.children if c.type == "parameters"), None))
            symbol.declared_type = type_text(ctx, node.child_by_field_name("return_type")) or value_type(
                ctx, node.child_by_field_name("body"))
        elif kind == "type_alias":
            value = node.child_by_field_name("type")
            generics = self._type_parameters_text(ctx, node)
            symbol.signature = f"{name_text}{generics} = {ctx.squeezed(value)}" if value is not None else (
                name_text + generics
            )
        else:  # a value: member, top-level, class parameter or given
            self._value(ctx, symbol, node, declaration, container, properties)
        symbol.properties = _ordered(properties)
        return symbol

    def _package(self, ctx: Context, symbol: RawSymbol, node: Node) -> RawSymbol:
        if node.type == "package_object":
            symbol.properties = {"object": True}
        elif node.child_by_field_name("body") is None:  # ``package a.b`` covers the rest of the file
            root = ctx.root
            end = root.end_point if root is not None else node.end_point
            symbol.end_byte = max(len(ctx.source), node.end_byte)
            symbol.span = (node.start_point[0] + 1, node.start_point[1], end[0] + 1, end[1])
        symbol.name = "".join(symbol.name.split())
        symbol.signature = symbol.name
        symbol.doc = leading_comment(ctx, node, _COMMENTS, javadoc_only=True)
        return symbol

    def _modifiers(self, ctx: Context, node: Node) -> tuple[set[str], str | None, list[str]]:
        flags: set[str] = set()
        visibility: str | None = None
        decorators: list[str] = []
        for child in node.children:  # (and the children of its ``modifiers``)
            for part in child.children if child.type == "modifiers" else (child,):
                if part.type == "annotation":
                    found = dotted(ctx, part.child_by_field_name("name"))
                    if found is not None:
                        decorators.append(found[0])
                elif part is child:
                    if part.type in _FLAGS:
                        flags.add(part.type)
                elif part.type == "access_modifier":
                    visibility = "private" if ctx.text(part).startswith("private") else "protected"
                else:
                    flags.add(ctx.text(part))
        return flags, visibility, decorators

    def _type_parameters_text(self, ctx: Context, node: Node) -> str:
        parameters = node.child_by_field_name("type_parameters")
        return ctx.squeezed(parameters) if parameters is not None else ""

    def _type_parameter(self, ctx: Context, node: Node) -> str:
        """``T <: Bound`` (``node`` is the name, or a variance node holding it)."""
        if node.type != "identifier":
            return ctx.squeezed(node)
        parts = [ctx.text(node)]
        sibling = node.next_named_sibling
        while sibling is not None and sibling.type not in ("identifier", "covariant_type_parameter",
                                                            "contravariant_type_parameter"):
            parts.append(ctx.squeezed(sibling))
            sibling = sibling.next_named_sibling
        return " ".join(parts)

    def _class_parameters(self, ctx: Context, node: Node) -> str:
        out = ""
        for child in node.children:
            if child.type == "class_parameters":
                out += f"({', '.join(self._parameter(ctx, p) for p in child.named_children if p.is_named)})"
        return out

    def _parameter_lists(self, ctx: Context, node: Node) -> str:
        out = ""
        for child in node.children:
            if child.type in ("parameters", "class_parameters"):
                rendered = [self._parameter(ctx, p) for p in child.named_children
                            if p.type in ("parameter", "class_parameter")]
                implicit = any(c.type in ("implicit", "using") for c in child.children)
                prefix = "implicit " if implicit else ""
                out += f"({prefix}{', '.join(rendered)})"
        return out

    def _parameter(self, ctx: Context, parameter: Node) -> str:
        name = parameter.child_by_field_name("name")
        type_node = parameter.child_by_field_name("type")
        text = ctx.text(name)
        if type_node is not None:
            text += f": {ctx.squeezed(type_node)}"
        if parameter.child_by_field_name("default_value") is not None:
            text += "=…"
        return text

    def _function_signature(self, ctx: Context, name: str, node: Node) -> str:
        signature = name + self._type_parameters_text(ctx, node) + self._parameter_lists(ctx, node)
        returns = node.child_by_field_name("return_type")
        if returns is not None:
            signature += f" -> {ctx.squeezed(returns)}"
        return signature

    def _value(
        self, ctx: Context, symbol: RawSymbol, node: Node, declaration: Node, container: str,
        properties: dict[str, PropertyValue],
    ) -> None:
        symbol.kind = SymbolKind.FIELD if container == "template" else SymbolKind.VARIABLE
        if node.type == "given_definition":
            properties["given"] = True
            type_node = node.child_by_field_name("return_type")
        elif node.type == "class_parameter":
            properties["val" if not any(c.type == "var" for c in node.children) else "var"] = True
            type_node = node.child_by_field_name("type")
            symbol.doc = None
        else:
            properties["var" if declaration.type.startswith("var") else "val"] = True
            type_node = declaration.child_by_field_name("type")
        symbol.signature = f"{symbol.name}: {ctx.squeezed(type_node)}" if type_node is not None else symbol.name
        symbol.declared_type = type_text(ctx, type_node)
        if not symbol.declared_type and declaration.type in _VALUE_KINDS and node.type != "identifier":
            symbol.declared_type = value_type(ctx, declaration.child_by_field_name("value"))
        if node.type == "identifier":
            symbol.doc = leading_comment(ctx, declaration, _COMMENTS)

    def _given_name(self, ctx: Context, node: Node) -> str:
        named = node.child_by_field_name("name")
        if named is not None:
            return ctx.text(named)
        type_node = node.child_by_field_name("return_type")
        spelled = _NON_NAME.sub("_", ctx.text(type_node)).strip("_") if type_node is not None else ""
        return f"given_{spelled}" if spelled else "given"

    def _anonymous(self, ctx: Context, node: Node) -> RawSymbol:
        enclosing = node.parent
        while enclosing is not None and not (
            enclosing.type in _TEMPLATES or (enclosing.type == "instance_expression" and any(
                c.type == "template_body" for c in enclosing.children))
        ):
            enclosing = enclosing.parent
        type_node = next((c for c in node.named_children if c.type not in ("template_body", "arguments")), None)
        created = _created(node)
        base = " with ".join(map(ctx.squeezed, created))  # (``A with B[T]``: the arguments of A's constructor left out)
        found = dotted(ctx, created[0]) if created else None
        name_node = found[2] if found is not None else type_node or node
        return anonymous_class(ctx, node, enclosing.start_byte if enclosing is not None else -1, base, name_node)

    # -- references ----------------------------------------------------------------------------

    def chain(self, ctx: Context, node: Node) -> tuple[str, bool, Node] | None:
        if node.type == "operator_identifier":  # ``a + b``: the member ``+`` of ``a`` (``this + b``: this class's)
            operator = ctx.text(node)  # (one that ends in ``:`` is the right operand's: ``x :: xs`` is ``xs.::(x)``)
            operand = node.next_named_sibling if operator.endswith(":") else node.prev_named_sibling
            left = dotted(ctx, operand) if operand is not None else None
            if left is None or not left[1] or left[0] in ("super", "_"):
                return None
            return f"{left[0]}.{operator}", True, node
        found = dotted(ctx, node)
        if found is None or found[0] in ("this", "super", "_"):
            return None
        return found

    def special_values(self, ctx: Context) -> AbstractSet[int]:
        return {start for start, _end in captured(ctx, "adapter.special")}

    def value_scope(self, ctx: Context, scope_of: Callable[[int, int], int]) -> Callable[[int, int], int]:
        return owned_scope(ctx, scope_of)  # (a use in a field's initialiser is the field's)

    def reference(self, ctx: Context, kind: str, node: Node, scope: int) -> None:
        if kind == "call":
            self._call(ctx, node, scope)
        elif kind == "type":
            self._type(ctx, node, scope)
        elif kind == "inherits":
            if node.type == "arguments":
                return
            found = dotted(ctx, node)
            if found is not None and found[1]:
                ctx.add_ref(scope, EdgeKind.INHERITS, found[0], node_span(found[2]))
        elif kind == "decorates":
            self._annotation(ctx, node, scope)
        elif kind == "local":
            self._local(ctx, node, ctx.text(node))

    def _local(self, ctx: Context, node: Node, name: str) -> None:
        owner = innermost(ctx, node)
        if owner <= 0:
            return
        symbol = ctx.extraction.symbols[owner]
        if symbol.name_span == node_span(node) or symbol.kind.category is Category.MODULE:
            return  # a member or a top-level value: a symbol, not a local
        add_local(ctx, owner, name)
        if symbol.kind.category is Category.TYPE and node.parent is not None and node.parent.type == "class_parameter":
            # a plain class parameter: visible in the class's body (a ``@local`` capture cannot tell it from a field)
            ctx.extraction.declarations.append(RawLocal(owner, name, LocalKind.PARAMETER, node_span(node), symbol.span))
        typed = local_type(ctx, node)
        if typed:
            note_var_type(ctx, owner, name, typed)
        else:  # a pattern variable, an untyped lambda parameter: the name is not typed in this scope
            note_unknown(ctx, owner, name)

    def _call(self, ctx: Context, node: Node, scope: int) -> None:
        owner = value_owner(ctx, node, scope)
        if node.type == "instance_expression":
            created = [made for made in (dotted(ctx, part) for part in _created(node)) if made is not None]
            if not created:
                return
            if any(c.type == "template_body" for c in node.children):
                anonymous = symbol_at(ctx, node.start_byte, frozenset({SymbolKind.CLASS}))
                if anonymous > 0:  # (a subtype of each: ``new A(x) with B { … }``)
                    for text, _known, name in created:
                        ctx.add_ref(anonymous, EdgeKind.INHERITS, text, node_span(name))
                return
            text, _known, name = created[0]  # (``new A(x) with B``: A's constructor)
            arguments = next((c for c in node.named_children if c.type == "arguments"), None)
            ctx.add_ref(owner, EdgeKind.CALLS, text, node_span(name), constructs=True,
                        arguments=_argument_count(arguments) if arguments is not None else 0)
            return
        if node.type == "identifier" and node.parent is not None and node.parent.type == "infix_expression":
            if ctx.text(node) == "with":
                return  # ``new A with B``
            ctx.add_ref(owner, EdgeKind.CALLS, ctx.text(node), node_span(node), head_known=False)
            return
        if node.type == "call_expression":
            return  # ``f(a)(b)``: the inner call is recorded
        found = dotted(ctx, node)
        if found is None:
            return
        before = len(ctx.extraction.refs)
        call = node.parent
        ctx.add_ref(owner, EdgeKind.CALLS, found[0], node_span(found[2]), head_known=found[1],
                    arguments=_argument_count(call.child_by_field_name("arguments"))
                    if call is not None and call.type == "call_expression" else -1)
        if node.type == "identifier" and len(ctx.extraction.refs) > before:
            state_of(ctx).value_refs.append(ctx.extraction.refs[-1])  # ``f(x)`` of a local function value

    def _type(self, ctx: Context, node: Node, scope: int) -> None:
        if node.byte_range in captured(ctx, "adapter.nottype"):
            return  # (a part of a longer name, a created type, a supertype…: recorded elsewhere or not at all)
        found = dotted(ctx, node)
        if found is not None and found[1]:
            ctx.add_ref(scope, EdgeKind.REFERENCES, found[0], node_span(found[2]))

    def _annotation(self, ctx: Context, node: Node, scope: int) -> None:
        found = dotted(ctx, node)
        if found is None:
            return
        annotation = node.parent
        declaration = annotation.parent if annotation is not None else None
        if declaration is not None and declaration.type == "modifiers":
            declaration = declaration.parent
        target = symbol_at(ctx, declaration.start_byte) if declaration is not None else -1
        span = node_span(found[2])
        if target > 0:
            ctx.add_ref(target, EdgeKind.DECORATES, found[0], span)
        else:
            ctx.add_ref(value_owner(ctx, node, scope), EdgeKind.REFERENCES, found[0], span)

    # -- imports ---------------------------------------------------------------------------------

    def import_statement(self, ctx: Context, node: Node, scope: int) -> None:
        paths = node.children_by_field_name("path")
        parts = [ctx.text(c).strip("`") for c in paths if c.type == "identifier"]
        children = {child.type: child for child in node.children}
        selectors = children.get("namespace_selectors")
        renamed = children.get("as_renamed_identifier") or children.get("arrow_renamed_identifier")
        if not parts and renamed is None:
            return
        span = node_span(node)
        module = ".".join(parts)
        imports = ctx.extraction.imports
        if "namespace_wildcard" in children:
            imports.append(RawImport(scope, module, span, star=True, module_span=_joined(paths)))
            return
        if selectors is not None:  # one import per selector: ``import a.{B, C => D, _}``
            for selector in selectors.named_children:
                if selector.type == "identifier":
                    name = ctx.text(selector)
                    imports.append(RawImport(scope, f"{module}.{name}", node_span(selector), names=((name, name),),
                                             name_spans=(node_span(selector),), module_span=_joined(paths)))
                elif selector.type in ("as_renamed_identifier", "arrow_renamed_identifier"):
                    if ctx.text(selector.child_by_field_name("alias")) != "_":  # ``A => _`` hides A
                        imports.append(_renamed(ctx, scope, module, selector, node_span(selector), paths))
                elif selector.type == "namespace_wildcard":
                    imports.append(RawImport(scope, module, node_span(selector), star=True))
            return
        if renamed is not None:  # ``import a.b as c`` (Scala 3)
            imports.append(_renamed(ctx, scope, module, renamed, span, paths))
            return
        imports.append(RawImport(scope, module, span, names=((parts[-1], parts[-1]),),
                                 name_spans=(node_span(paths[-1]),), module_span=_joined(paths[:-1])))

    # -- after the captures ----------------------------------------------------------------------

    def finish(self, ctx: Context, scopes: ScopeIndex) -> None:
        drop_local_value_refs(ctx)  # (``f(x)`` of a local function value is no call of a method ``f``)


def _text_end(source: bytes, node: Node) -> int:
    """Where ``node``'s text ends, blanks after it left out: an indented block (``def f =`` then the body on the
    lines below) takes the blank lines and the indentation before the next definition into its node."""
    end, start = node.end_byte, node.start_byte
    while end > start and source[end - 1] in b" \t\r\n":
        end -= 1
    return end


def type_text(ctx: Context, node: Node | None) -> str:
    """A written type as ``RawSymbol.declared_type`` spells it (``Foo``, ``a.b.Foo``, type arguments dropped);
    "" for function, tuple, compound and other types that name no one type."""
    if node is None or node.type not in ("type_identifier", "stable_type_identifier", "generic_type"):
        return ""
    found = dotted(ctx, node)
    return found[0] if found is not None and found[1] else ""


def value_type(ctx: Context, node: Node | None) -> str:
    """The type an expression produces when its syntax says: ``new Foo(…)``, ``Foo(…)`` / ``make(…)`` /
    ``Foo.create(…)`` (what the callee returns), ``x.asInstanceOf[Foo]``, a block's last expression."""
    if node is None:
        return ""
    kind = node.type
    if kind == "instance_expression":
        if any(c.type == "template_body" for c in node.children):
            return ""  # an anonymous class
        type_node = next((c for c in node.named_children if c.type != "arguments"), None)
        return type_text(ctx, type_node)
    if kind == "block" and node.named_children:
        return value_type(ctx, node.named_children[-1])
    if kind == "parenthesized_expression" and node.named_child_count == 1:
        return value_type(ctx, node.named_children[0])
    if kind == "call_expression":
        function = node.child_by_field_name("function")
        if function is None:
            return ""
        if function.type == "generic_function":  # ``x.asInstanceOf[Foo]()``
            return value_type(ctx, function)
        if function.type not in ("identifier", "field_expression"):
            return ""  # ``f(a)(b)``
        found = dotted(ctx, function)
        return f"{found[0]}()" if found is not None and found[1] else ""
    if kind == "generic_function":  # ``x.asInstanceOf[Foo]`` without parentheses
        inner = node.child_by_field_name("function")
        arguments = node.child_by_field_name("type_arguments")
        if inner is not None and inner.type == "field_expression" and ctx.text(
            inner.child_by_field_name("field")
        ) == "asInstanceOf" and arguments is not None and arguments.named_child_count == 1:
            return type_text(ctx, arguments.named_children[0])
    return ""


def local_type(ctx: Context, name: Node) -> str:
    """What a local name (a parameter, a class parameter, a ``val``/``var``, a typed pattern) is declared to hold."""
    parent = name.parent
    if parent is None:
        return ""
    if parent.type in ("parameter", "class_parameter", "binding", "typed_pattern"):
        return type_text(ctx, parent.child_by_field_name("type"))
    if parent.type in _VALUE_KINDS and parent.child_by_field_name("pattern") == name:
        return type_text(ctx, parent.child_by_field_name("type")) or value_type(
            ctx, parent.child_by_field_name("value"))
    return ""


def _renamed(ctx: Context, scope: int, module: str, renamed: Node, span: Span, paths: list[Node]) -> RawImport:
    """``A => B`` in ``import a.{A => B}``, or ``import a.A as B``: ``a.A`` imported as ``B``."""
    name = renamed.child_by_field_name("name")
    original, alias = ctx.text(name), ctx.text(renamed.child_by_field_name("alias"))
    return RawImport(scope, f"{module}.{original}" if module else original, span, names=((original, alias),),
                     name_spans=(node_span(name),) if name else (), module_span=_joined(paths))


def _joined(parts: list[Node]) -> Span | None:
    """The span from the first of ``parts`` to the last (None for none): a dotted path's."""
    if not parts:
        return None
    return node_span(parts[0])[:2] + node_span(parts[-1])[2:]


ADAPTER = ScalaAdapter

__all__ = ["ADAPTER", "ScalaAdapter", "module_name"]
