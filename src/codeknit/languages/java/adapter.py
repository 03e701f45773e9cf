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

from typing import TYPE_CHECKING

from codeknit.graph.model import Category, EdgeKind, LocalKind, PropertyValue, Role, SymbolKind
from codeknit.languages.engine import Adapter, Context, ScopeIndex, file_symbol, node_span
from codeknit.languages.records import RawImport, RawLocal, RawSymbol
from codeknit.languages.scoped import (
    add_local,
    innermost,
    leading_comment,
    module_name,
    scoped_value,
    state_of,
    symbol_at,
    value_owner,
)

if TYPE_CHECKING:
    from tree_sitter import Node

#: declarations that introduce a named type
_TYPE_DECLARATIONS = frozenset(
    {
        "class_declaration", "interface_declaration", "enum_declaration", "record_declaration",
        "annotation_type_declaration",
    }
)
#: bodies whose members are implicitly public (and, for methods without a body, abstract)
_INTERFACE_BODIES = frozenset({"interface_body", "annotation_type_body"})
#: modifier keywords that become boolean properties, in property order
_FLAG_MODIFIERS = ("static", "abstract", "final", "default", "sealed", "non-sealed", "synchronized", "native")
_VISIBILITY = ("public", "protected", "private")
#: nodes that can be a dotted name's head or part of it
_NAME_NODES = frozenset({"identifier", "type_identifier"})


# -- Java ------------------------------------------------------------------------------------------------

_COMMENTS = frozenset({"line_comment", "block_comment"})
_ANONYMOUS_KINDS = frozenset({SymbolKind.CLASS})

def dotted(ctx: Context, node: Node | None) -> tuple[str, bool] | None:
    """``(text, head_known)`` for a name expression or type name; None when it names nothing.

    ``Outer.this`` stands for the enclosing ``Outer`` instance, so ``Outer.this.x``
    is ``Outer.x``; generic arguments are left out (``List<String>`` → ``List``).
    """
    if node is None:
        return None
    kind = node.type
    if kind in _NAME_NODES:
        return ctx.text(node), True
    if kind in ("this", "super"):
        return kind, True
    if kind == "field_access":
        obj = node.child_by_field_name("object")
        member = node.child_by_field_name("field")
        if obj is None or member is None:
            return None
        if member.type == "this":
            return dotted(ctx, obj)
        base = dotted(ctx, obj)
        if base is None:
            return ctx.text(member), False
        return f"{base[0]}.{ctx.text(member)}", base[1]
    if kind in ("scoped_identifier", "scoped_type_identifier"):
        names: list[str] = []
        for child in node.named_children:
            if child.type in ("marker_annotation", "annotation"):
                continue
            part = dotted(ctx, child)
            if part is None:
                return None
            names.append(part[0])
        return ".".join(names), True
    if kind == "generic_type":
        first = node.named_children[0] if node.named_children else None
        return dotted(ctx, first)
    if kind == "annotated_type":
        inner = next((c for c in node.named_children if c.type not in ("marker_annotation", "annotation")), None)
        return dotted(ctx, inner)
    return None


def last_name_node(node: Node) -> Node:
    """The node of the last name in a dotted expression or type (where a reference's span points)."""
    kind = node.type
    if kind == "field_access":
        member = node.child_by_field_name("field")
        if member is not None and member.type != "this":
            return member
        obj = node.child_by_field_name("object")
        return last_name_node(obj) if obj is not None else node
    if kind in ("scoped_identifier", "scoped_type_identifier", "generic_type", "annotated_type"):
        names = [c for c in node.named_children if c.type not in ("marker_annotation", "annotation",
                                                                   "type_arguments")]
        if names:
            return last_name_node(names[-1] if kind != "generic_type" else names[0])
    return node


def call_chain(ctx: Context, node: Node, depth: int = 0) -> str | None:
    """``a.b().c()`` as the text ``a.b().c()``: a receiver that is a call on a name (or on such a
    call), each call written ``name()``; None for anything else (``new X().m()``, ``super.m()``)."""
    if node.type != "method_invocation" or depth > 8 or any(c.type == "super" for c in node.children):
        return None
    name = node.child_by_field_name("name")
    if name is None:
        return None
    obj = node.child_by_field_name("object")
    if obj is None:
        return f"{ctx.text(name)}()"
    base = dotted(ctx, obj)
    if base is not None:
        return f"{base[0]}.{ctx.text(name)}()" if base[1] else None
    inner = call_chain(ctx, obj, depth + 1)
    return f"{inner}.{ctx.text(name)}()" if inner is not None else None


def java_type_text(ctx: Context, node: Node | None) -> str:
    """A type in the ``declared_type`` convention: ``Store``, ``a.b.Store``, type arguments dropped; "" for
    ``var``, primitive types, arrays and anything else."""
    if node is None:
        return ""
    if node.type == "annotated_type":
        node = next((c for c in node.named_children if c.type not in ("marker_annotation", "annotation")), None)
        if node is None:
            return ""
    if node.type not in ("type_identifier", "scoped_type_identifier", "generic_type"):
        return ""
    found = dotted(ctx, node)
    if found is None or not found[1] or found[0] == "var":
        return ""
    return found[0]


def java_value_type(ctx: Context, node: Node | None) -> str:
    """The type an initialiser gives, when the syntax says it: ``new Foo()``, ``(Foo) x``, or a call
    ``make()`` / ``a.b.make()`` (through the callee's declared result)."""
    while node is not None and node.type == "parenthesized_expression" and node.named_child_count == 1:
        node = node.named_children[0]
    if node is None:
        return ""
    if node.type == "object_creation_expression":
        if any(c.type == "class_body" for c in node.children):
            return ""  # an anonymous class: a subtype of the named one
        return java_type_text(ctx, node.child_by_field_name("type"))
    if node.type == "cast_expression":
        return java_type_text(ctx, node.child_by_field_name("type"))
    if node.type == "method_invocation":
        name = node.child_by_field_name("name")
        obj = node.child_by_field_name("object")
        if name is None or any(c.type == "super" for c in node.children):
            return ""
        if obj is None:
            return f"{ctx.text(name)}()"
        base = dotted(ctx, obj)
        if base is None or not base[1]:
            return ""
        return f"{base[0]}.{ctx.text(name)}()"
    return ""


def java_local_type(ctx: Context, name: Node) -> str:
    """What a local name (a parameter, variable, resource, loop or pattern variable) is declared to hold."""
    parent = name.parent
    if parent is None:
        return ""
    kind = parent.type
    if kind in ("formal_parameter", "enhanced_for_statement"):
        if parent.child_by_field_name("dimensions") is not None:
            return ""
        return java_type_text(ctx, parent.child_by_field_name("type"))
    if kind == "resource":
        return java_type_text(ctx, parent.child_by_field_name("type")) or java_value_type(
            ctx, parent.child_by_field_name("value"))
    if kind == "variable_declarator":
        if parent.child_by_field_name("dimensions") is not None:
            return ""
        declaration = parent.parent
        written = declaration.child_by_field_name("type") if declaration is not None else None
        return java_type_text(ctx, written) or java_value_type(ctx, parent.child_by_field_name("value"))
    if kind == "instanceof_expression":
        return java_type_text(ctx, parent.child_by_field_name("right"))
    if kind == "type_pattern":
        return java_type_text(ctx, parent.named_children[0] if parent.named_children else None)
    if kind == "catch_formal_parameter":
        catch_type = next((c for c in parent.named_children if c.type == "catch_type"), None)
        if catch_type is not None and catch_type.named_child_count == 1:
            return java_type_text(ctx, catch_type.named_children[0])
    return ""


def _base_type(node: Node) -> Node:
    """``Base<String>`` → ``Base``."""
    if node.type == "generic_type" and node.named_children:
        return node.named_children[0]
    return node


class JavaAdapter(Adapter):
    language = "java"
    grammars = {"": "java"}
    #: record the declared types of locals and parameters (``var_types``)
    types_locals = True

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
                break
        name = module_name(package, ctx.extraction.path)
        properties: dict[str, PropertyValue] = {"package": package} if package else {}
        return file_symbol(ctx, root, name, properties=properties, doc=doc)

    # -- definitions -------------------------------------------------------------------------

    def definition(self, ctx: Context, kind: str, node: Node, name: Node | None) -> RawSymbol | None:
        if name is None:
            return self._anonymous(ctx, node)
        symbol = RawSymbol(
            name=ctx.text(name),
            kind=SymbolKind(kind),
            span=node_span(node),
            name_span=node_span(name),
            start_byte=node.start_byte,
            end_byte=node.end_byte,
        )
        if kind == "type_parameter":
            symbol.signature = " ".join(
                ctx.squeezed(c) for c in node.named_children if c.type not in ("marker_annotation", "annotation")
            )
            return symbol
        if kind == "field":
            return self._field(ctx, symbol, node)
        if kind == "enum_member":
            symbol.signature = symbol.name
            symbol.doc = leading_comment(ctx, node, _COMMENTS)
            symbol.properties = {"decorators": tuple(d)} if (d := self._annotations(ctx, node)) else {}
            return symbol
        body_parent = node.parent.type if node.parent is not None else ""
        flags, annotations = self._modifiers(ctx, node)
        properties: dict[str, PropertyValue] = {}
        if body_parent == "program":
            properties["exported"] = "public" in flags
        visibility = self._visibility(flags, node, kind)
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
            record = node.parent.parent if node.parent is not None else None
            components = record.child_by_field_name("parameters") if record is not None else None
            if components is not None:  # the canonical parameters are in scope, unwritten
                names = [(ctx.text(name), node_span(name)) for c in components.named_children
                         if c.type == "formal_parameter" and (name := c.child_by_field_name("name")) is not None]
                state_of(ctx).implicit_locals.append((node.start_byte, names))
        symbol.properties = properties
        symbol.doc = leading_comment(ctx, node, _COMMENTS)
        type_parameters = node.child_by_field_name("type_parameters")
        generics = ctx.squeezed(type_parameters) if type_parameters is not None else ""
        if kind in ("method", "constructor"):
            symbol.signature = self._callable_signature(ctx, symbol.name, node, generics)
            if kind == "method" and node.child_by_field_name("dimensions") is None:
                symbol.declared_type = java_type_text(ctx, node.child_by_field_name("type"))
        else:
            symbol.signature = symbol.name + generics
            symbol.bases = self._written_bases(ctx, node)
        return symbol

    def _visibility(self, flags: set[str], node: Node, kind: str) -> str | None:
        for word in _VISIBILITY:
            if word in flags:
                return word
        body = node.parent
        if body is None:
            return None
        if body.type == "enum_body_declarations" and kind == "constructor":
            return "private"
        if body.type in _INTERFACE_BODIES:
            return "public"
        if body.type in ("class_body", "enum_body", "enum_body_declarations", "program"):
            owner = body.parent
            if body.type != "program" and (owner is None or owner.type not in _TYPE_DECLARATIONS | {"enum_body"}):
                return None  # a member of an anonymous class
            return "package"
        return None  # a local class

    def _modifiers(self, ctx: Context, node: Node) -> tuple[set[str], list[str]]:
        """The modifier keywords and the annotation names of a declaration."""
        flags: set[str] = set()
        annotations: list[str] = []
        modifiers = next((c for c in node.children if c.type == "modifiers"), None)
        if modifiers is None:
            return flags, annotations
        for child in modifiers.children:
            if child.type in ("marker_annotation", "annotation"):
                found = dotted(ctx, child.child_by_field_name("name"))
                if found is not None:
                    annotations.append(found[0])
            else:
                flags.add(child.type)
        return flags, annotations

    def _annotations(self, ctx: Context, node: Node) -> list[str]:
        return self._modifiers(ctx, node)[1]

    def _written_bases(self, ctx: Context, node: Node) -> list[str]:
        bases: list[str] = []
        for child in node.children:
            if child.type == "superclass":
                types = child.named_children
            elif child.type in ("super_interfaces", "extends_interfaces"):
                lists = [c for c in child.named_children if c.type == "type_list"]
                types = lists[0].named_children if lists else []
            else:
                continue
            for type_node in types:
                found = dotted(ctx, _base_type(type_node))
                if found is not None:
                    bases.append(found[0])
        return bases

    def _callable_signature(self, ctx: Context, name: str, node: Node, generics: str) -> str:
        parameters = node.child_by_field_name("parameters")
        if parameters is None and node.type == "compact_constructor_declaration":
            record = node.parent.parent if node.parent is not None else None
            parameters = record.child_by_field_name("parameters") if record is not None else None
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
            annotations = self._annotations(ctx, node)
            if annotations:
                properties["decorators"] = tuple(annotations)
            symbol.properties = properties
            return symbol
        declaration = node.parent
        assert declaration is not None
        declarators = [c for c in declaration.named_children if c.type == "variable_declarator"]
        if len(declarators) == 1:
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
        if declaration.type == "constant_declaration" or (body is not None and body.type in _INTERFACE_BODIES):
            flags |= {"public", "static", "final"}
        properties = {}
        visibility = self._visibility(flags, declaration, "field")
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

    def _anonymous(self, ctx: Context, node: Node) -> RawSymbol | None:
        """``new Base(…) {…}`` or an enum constant's body: an anonymous class ``$n``."""
        state = state_of(ctx)
        enclosing = _enclosing_type_node(node)
        key = enclosing.start_byte if enclosing is not None else -1
        number = state.anonymous.get(key, 0) + 1
        state.anonymous[key] = number
        name = f"${number}"
        if node.type == "object_creation_expression":
            type_node = node.child_by_field_name("type")
            base = ctx.squeezed(type_node) if type_node is not None else ""
            name_node = last_name_node(_base_type(type_node)) if type_node is not None else node
        else:  # the class body of an enum constant: a subclass of the enum
            constant = node.parent
            enum = _enclosing_type_node(constant) if constant is not None else None
            enum_name = enum.child_by_field_name("name") if enum is not None else None
            base = ctx.text(enum_name)
            constant_name = constant.child_by_field_name("name") if constant is not None else None
            name_node = constant_name if constant_name is not None else node
            if base:
                state.implicit_bases.append((node.start_byte, base, node_span(name_node)))
        return RawSymbol(
            name=name,
            kind=SymbolKind.CLASS,
            span=node_span(node),
            name_span=node_span(name_node),
            start_byte=node.start_byte,
            end_byte=node.end_byte,
            signature=f"{name}: {base}" if base else name,
            properties={"anonymous": True},
        )

    # -- references ----------------------------------------------------------------------------

    def chain(self, ctx: Context, node: Node) -> tuple[str, bool, Node] | None:
        if node.type == "identifier":
            return ctx.text(node), True, node
        if node.type != "field_access":
            return None
        member = node.child_by_field_name("field")
        obj = node.child_by_field_name("object")
        if member is None or obj is None or member.type == "this":
            return None  # ``Outer.this``: the instance, no member
        name = ctx.text(member)
        base = dotted(ctx, obj)
        if base is None:  # ``item.copy().price``: through the call's declared result
            called = call_chain(ctx, obj)
            return (f"{called}.{name}", True, member) if called is not None else (name, False, member)
        return (f"{base[0]}.{name}", True, member) if base[1] else (name, False, member)

    def value_reference(self, ctx: Context, node: Node, scope: int, role: Role) -> None:
        scoped_value(ctx, self.chain(ctx, node), node, scope, role)

    def reference(self, ctx: Context, kind: str, node: Node, scope: int) -> None:
        if kind == "call":
            self._call(ctx, node, scope)
        elif kind == "type":
            self._type(ctx, node, scope)
        elif kind in ("inherits", "implements"):
            found = dotted(ctx, _base_type(node))
            if found is not None and found[1]:
                edge = EdgeKind.INHERITS if kind == "inherits" else EdgeKind.IMPLEMENTS
                ctx.add_ref(scope, edge, found[0], node_span(last_name_node(node)))
        elif kind == "decorates":
            self._annotation(ctx, node, scope)
        elif kind == "local":
            owner = innermost(ctx, node)
            if owner <= 0:
                return
            symbol = ctx.extraction.symbols[owner]
            if symbol.kind.category is Category.TYPE or symbol.name_span == node_span(node):
                return  # a record component is a field, not a local
            add_local(ctx, owner, ctx.text(node))
            if self.types_locals:
                local_types: dict[tuple[int, str], list[str]] = ctx.state.setdefault("java.local_types", {})  # type: ignore[assignment]
                local_types.setdefault((owner, ctx.text(node)), []).append(java_local_type(ctx, node))

    def _call(self, ctx: Context, node: Node, scope: int) -> None:
        kind = node.type
        if kind == "method_invocation":
            name = node.child_by_field_name("name")
            if name is None:
                return
            obj = node.child_by_field_name("object")
            member = ctx.text(name)
            owner = value_owner(ctx, node, scope)
            if obj is None:
                ctx.add_ref(owner, EdgeKind.CALLS, member, node_span(name))
                return
            if any(c.type == "super" for c in node.children):  # ``X.super.m()``
                qualifier = dotted(ctx, obj)
                text = f"super.{member}"
                if qualifier is not None and not _is_enclosing_class(ctx, node, qualifier[0]):
                    text = f"{qualifier[0]}.{member}"  # an interface's default method
                ctx.add_ref(owner, EdgeKind.CALLS, text, node_span(name))
                return
            base = dotted(ctx, obj)
            if base is None:
                chain = call_chain(ctx, obj)  # ``item.copy().price()``: typed by ``copy``'s declared result
                if chain is not None:
                    ctx.add_ref(owner, EdgeKind.CALLS, f"{chain}.{member}", node_span(name))
                    return
                ctx.add_ref(owner, EdgeKind.CALLS, member, node_span(name), head_known=False)
            else:
                ctx.add_ref(owner, EdgeKind.CALLS, f"{base[0]}.{member}", node_span(name), head_known=base[1])
            return
        if kind == "object_creation_expression":
            type_node = node.child_by_field_name("type")
            if type_node is None:
                return
            target = _base_type(type_node)
            found = dotted(ctx, target)
            if found is None:
                return
            if any(c.type == "class_body" for c in node.children):
                # an anonymous class: it extends (or implements) the named type
                anonymous = scope if ctx.extraction.symbols[scope].start_byte == node.start_byte else -1
                if anonymous > 0:
                    ctx.add_ref(anonymous, EdgeKind.INHERITS, found[0], node_span(last_name_node(target)))
                return
            ctx.add_ref(value_owner(ctx, node, scope), EdgeKind.CALLS, found[0],
                        node_span(last_name_node(target)), constructs=True)
            return
        if kind == "explicit_constructor_invocation":
            constructor = node.child_by_field_name("constructor")
            if constructor is not None and constructor.type in ("this", "super"):
                ctx.add_ref(scope, EdgeKind.CALLS, constructor.type, node_span(constructor))
            return
        if kind == "method_reference":
            parts = [c for c in node.children if c.is_named or c.type == "new"]
            if len(parts) < 2:
                return
            target, referenced = parts[0], parts[-1]
            found = dotted(ctx, _base_type(target))
            owner = value_owner(ctx, node, scope)
            if referenced.type == "new":
                if found is not None and found[1]:
                    ctx.add_ref(owner, EdgeKind.CALLS, found[0], node_span(last_name_node(_base_type(target))),
                                constructs=True)
                return
            if found is None:
                ctx.add_ref(owner, EdgeKind.CALLS, ctx.text(referenced), node_span(referenced), head_known=False)
            else:
                ctx.add_ref(owner, EdgeKind.CALLS, f"{found[0]}.{ctx.text(referenced)}", node_span(referenced),
                            head_known=found[1])

    def _type(self, ctx: Context, node: Node, scope: int) -> None:
        parent = node.parent
        if parent is None:
            return
        kind = parent.type
        if kind == "scoped_type_identifier":
            return  # part of a longer name, captured itself
        if kind == "type_parameter" and parent.named_children and parent.named_children[0] == node:
            return  # the parameter's own name
        position = parent if kind == "generic_type" and parent.named_children[0] == node else node
        outer = position.parent
        if outer is not None:
            if outer.type == "superclass" or (
                outer.type == "type_list" and outer.parent is not None
                and outer.parent.type in ("super_interfaces", "extends_interfaces")
            ):
                return  # recorded as inherits / implements
            if outer.type == "object_creation_expression" and outer.child_by_field_name("type") == position:
                return  # recorded as a call (or as an anonymous class's base)
            if outer.type == "method_reference":
                return  # recorded as a call
        text = ctx.text(node)
        if text == "var" and node.type == "type_identifier":
            return
        found = dotted(ctx, node)
        if found is not None and found[1]:
            ctx.add_ref(scope, EdgeKind.REFERENCES, found[0], node_span(last_name_node(node)))

    def _annotation(self, ctx: Context, node: Node, scope: int) -> None:
        found = dotted(ctx, node)
        if found is None:
            return
        annotation = node.parent
        modifiers = annotation.parent if annotation is not None else None
        declaration = modifiers.parent if modifiers is not None and modifiers.type == "modifiers" else None
        target = -1
        if declaration is not None:
            if declaration.type in ("field_declaration", "constant_declaration"):
                declarators = [c for c in declaration.named_children if c.type == "variable_declarator"]
                if len(declarators) == 1:
                    target = symbol_at(ctx, declaration.start_byte)
                else:  # one annotation, several fields: each field is decorated
                    for declarator in declarators:
                        index = symbol_at(ctx, declarator.start_byte)
                        if index > 0:
                            ctx.add_ref(index, EdgeKind.DECORATES, found[0], node_span(last_name_node(node)))
                    return
            elif declaration.type == "formal_parameter":
                record = declaration.parent.parent if declaration.parent is not None else None
                if record is not None and record.type == "record_declaration":
                    target = symbol_at(ctx, declaration.start_byte)
            elif declaration.type != "local_variable_declaration":
                target = symbol_at(ctx, declaration.start_byte)
        if target > 0:
            ctx.add_ref(target, EdgeKind.DECORATES, found[0], node_span(last_name_node(node)))
        else:  # an annotated parameter, local variable or type use: the annotation is still a dependency
            ctx.add_ref(value_owner(ctx, node, scope), EdgeKind.REFERENCES, found[0],
                        node_span(last_name_node(node)))

    # -- imports ---------------------------------------------------------------------------------

    def import_statement(self, ctx: Context, node: Node, scope: int) -> None:
        name = next((c for c in node.named_children if c.type in ("scoped_identifier", "identifier")), None)
        if name is None:
            return
        full = ctx.text(name)
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
        state = state_of(ctx)
        local_types: dict[tuple[int, str], list[str]] = ctx.state.get("java.local_types", {})  # type: ignore[assignment]
        for (owner, name), types in sorted(local_types.items()):
            # every binding of the name in its callable must say the same type (a lambda's
            # parameter or a ``var x = a.b().c()`` says none, and then the name stays unknown)
            if types[0] and len(set(types)) == 1:
                ctx.extraction.var_types.setdefault(owner, {})[name] = types[0]
        for start_byte, base, span in state.implicit_bases:
            index = symbol_at(ctx, start_byte, _ANONYMOUS_KINDS)
            if index > 0:
                ctx.add_ref(index, EdgeKind.INHERITS, base, span)
        for start_byte, names in state.implicit_locals:
            index = symbol_at(ctx, start_byte, frozenset({SymbolKind.CONSTRUCTOR}))
            for name, span in names:  # (declared by the record's header, where its fields are named too)
                add_local(ctx, index, name)
                if index > 0:
                    ctx.extraction.declarations.append(
                        RawLocal(index, name, LocalKind.PARAMETER, span, ctx.extraction.symbols[index].span))


def _is_constant_name(name: str) -> bool:
    letters = [c for c in name if c.isalpha()]
    return bool(letters) and all(c.isupper() for c in letters) and not name.startswith("_")


def _enclosing_type_node(node: Node) -> Node | None:
    """The innermost class-like node around ``node``: a type declaration, an anonymous class or enum constant body."""
    current = node.parent
    while current is not None:
        kind = current.type
        if kind in _TYPE_DECLARATIONS:
            return current
        if kind == "object_creation_expression" and any(c.type == "class_body" for c in current.children):
            return current
        if kind == "class_body" and current.parent is not None and current.parent.type == "enum_constant":
            return current
        current = current.parent
    return None


def _is_enclosing_class(ctx: Context, node: Node, name: str) -> bool:
    current = node.parent
    while current is not None:
        if current.type in _TYPE_DECLARATIONS:
            declared = current.child_by_field_name("name")
            if declared is not None and ctx.text(declared) == name:
                return True
        current = current.parent
    return False


ADAPTER = JavaAdapter

__all__ = ["ADAPTER", "JavaAdapter"]
