"""C#: the adapter half (the query half is ``csharp/queries.scm``).

Conventions (shared with the Python and Java adapters): callables render as
``Name<T>(param: Type, …) -> Ret`` (``void`` is left out), values and
properties as ``Name: Type``, types as ``Name<T>``. Namespaces are symbols
(``module/namespace``), block-bodied or file-scoped; a file-scoped namespace
spans from its declaration to the end of the file. Types directly in a
namespace (or in no namespace) carry ``exported`` (``public``); members carry
``visibility`` (``public``, ``private``, ``protected``, ``internal``,
``protected-internal``, ``private-protected``), then ``static``,
``abstract``, ``virtual``, ``override``, ``sealed`` … and ``decorators=[…]``
for their attributes.

Kinds: a delegate is a ``type_alias`` (a named function type) rendered like a
callable; an event is a ``field`` with ``event``; an operator is a ``method``
named ``operator +`` (a conversion ``operator int`` with ``implicit`` or
``explicit``); an indexer is a ``property`` named ``this[]``; a destructor is a
``method`` named ``~Name``; a positional record's parameters are properties.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Callable
from typing import TYPE_CHECKING, ClassVar

from codeknit.graph.model import Category, EdgeKind, PropertyValue, Span, SymbolKind
from codeknit.languages.csharp.arguments import argument_keys
from codeknit.languages.csharp.arguments import initial_value as _initial_value
from codeknit.languages.engine import Adapter, Context, ScopeIndex, file_symbol, node_span
from codeknit.languages.records import CHAIN_STEPS, RawImport, RawSymbol
from codeknit.languages.scoped import (
    add_local,
    clean_comment,
    drop_local_value_refs,
    innermost,
    leading_comment,
    owned_scope,
    state_of,
    symbol_at,
    value_owner,
)
from codeknit.languages.typing_notes import note_narrowing, note_unknown, note_var_type

if TYPE_CHECKING:
    from tree_sitter import Node

MAX_DOC = 1000
#: the node a declaration stands in → where it lives (:meth:`CSharpAdapter._container`; any other: ``local``)
_CONTAINERS = {"compilation_unit": "compilation_unit", "namespace_declaration": "namespace",
               "file_scoped_namespace_declaration": "namespace", "interface_declaration": "interface",
               **dict.fromkeys(("class_declaration", "struct_declaration", "record_declaration", "enum_declaration"),
                               "type")}
#: modifier keywords that become boolean properties, in property order
_FLAGS = ("static", "abstract", "virtual", "override", "sealed", "async", "readonly", "partial", "extern", "new",
          "unsafe", "required", "volatile")
_PROPERTY_ORDER = (
    "exported", "visibility", *_FLAGS, "const", "event", "delegate", "implicit", "explicit", "struct", "destructor",
    "accessors", "interface", "decorators",
)
_RANK = {name: rank for rank, name in enumerate(_PROPERTY_ORDER)}
#: declarations whose node type is a property of theirs
_NODE_PROPERTIES = {"destructor_declaration": "destructor", "event_declaration": "event",
                    "event_field_declaration": "event", "delegate_declaration": "delegate"}
_XML_TAG = re.compile(r"<(/?)(\w+)([^>]*?)(/?)>")
_XML_NAME = re.compile(r"""(?:name|cref)\s*=\s*["']([^"']*)["']""")


def module_name(path: str) -> str:
    """``src/Widgets/Widget.cs`` → ``src/Widgets/Widget``."""
    stem, _ = posixpath.splitext(path)
    return stem or path


def _xml_doc(text: str) -> str | None:
    """An XML documentation comment as plain text: tags dropped, ``<see cref="X"/>`` kept as ``X``."""

    def replace(match: re.Match[str]) -> str:
        closing, tag, attributes, _ = match.groups()
        named = _XML_NAME.search(attributes)
        if tag in ("see", "seealso", "paramref", "typeparamref") and named:
            return named.group(1)
        if tag in ("param", "typeparam") and not closing and named:
            return f"{named.group(1)}: "
        if tag == "returns" and not closing:
            return "Returns: "
        if tag in ("para", "br"):
            return "\n"
        return ""

    cleaned = clean_comment(text)
    if cleaned is None:
        return None
    cleaned = _XML_TAG.sub(replace, cleaned)
    lines = [line.strip() for line in cleaned.splitlines()]
    result = "\n".join(lines).strip()
    while "\n\n\n" in result:
        result = result.replace("\n\n\n", "\n\n")
    return result[:MAX_DOC] or None


_COMMENT = frozenset({"comment"})


def _argument_count(arguments: Node | None) -> int:
    """How many arguments an ``argument_list`` passes (-1: none written, a syntax error)."""
    if arguments is None or arguments.type != "argument_list" or arguments.has_error:
        return -1
    return sum(child.type == "argument" for child in arguments.named_children)


def _arity(parameters: Node | None) -> tuple[int, int] | None:
    """The fewest and most arguments a method, local function or constructor with these parameters accepts
    (-1: any number more, ``params T[] xs``). An optional parameter (``int b = 1``) may be left out; an
    extension method (``this T x`` first) is also called on its first argument (``x.Ext(y)``), which then
    passes one fewer. None: unreadable."""
    if parameters is None or parameters.has_error:
        return None
    required = optional = 0
    variadic = extension = False
    for child in parameters.children:
        if child.type == "params":  # (an older grammar's ``params T[] xs``, beside the parameters)
            variadic = True
        elif child.type == "parameter":
            modifiers = {c.text for c in child.children if c.type == "modifier"}
            if b"params" in modifiers:
                variadic = True
            elif any(c.type == "=" for c in child.children):
                optional += 1
            else:
                if b"this" in modifiers and not (required or optional):
                    extension = True
                required += 1
    fewest = required - 1 if extension else required
    return fewest, -1 if variadic else required + optional


def doc_comment(ctx: Context, node: Node) -> str | None:
    """The ``///`` run (or the ``/** */`` / ``//`` comment) right above a declaration."""
    return leading_comment(ctx, node, _COMMENT, clean=_xml_doc)


def dotted(ctx: Context, node: Node | None, depth: int = 0) -> tuple[str, bool] | None:
    """``(text, head_known)`` for a name expression or a type name; None when it names nothing (and past
    :data:`CHAIN_STEPS` nested parts, so that a generated chain thousands of calls long cannot exhaust the
    interpreter's stack: its head is then unknown)."""
    if node is None or depth > CHAIN_STEPS:
        return None
    depth += 1
    kind = node.type
    if kind == "identifier":
        return ctx.text(node), True
    if kind in ("this", "base"):
        return kind, True
    if kind == "generic_name":
        first = node.named_children[0] if node.named_children else None
        return (ctx.text(first), True) if first is not None else None
    if kind == "qualified_name":
        qualifier = dotted(ctx, node.child_by_field_name("qualifier"), depth)
        name = dotted(ctx, node.child_by_field_name("name"), depth)
        if qualifier is None or name is None:
            return None
        return f"{qualifier[0]}.{name[0]}", qualifier[1]
    if kind == "alias_qualified_name":  # ``global::System`` (from the global namespace only), ``A::B`` → ``A.B``
        name = dotted(ctx, node.child_by_field_name("name"), depth)
        alias = node.child_by_field_name("alias")
        if name is None:
            return None
        return (f"global::{name[0]}", True) if ctx.text(alias) == "global" else (f"{ctx.text(alias)}.{name[0]}", True)
    if kind == "member_access_expression":
        obj = node.child_by_field_name("expression")
        name = dotted(ctx, node.child_by_field_name("name"), depth)
        if obj is None or name is None:
            return None
        base = dotted(ctx, obj, depth)
        if base is None:
            if obj.type == "predefined_type":  # ``string.Join``
                return f"{ctx.text(obj)}.{name[0]}", True
            called = _called(ctx, obj, depth)  # ``a.Make().B``, ``new Q().B``: through what the call gives
            return (f"{called}.{name[0]}", True) if called is not None else (name[0], False)
        return f"{base[0]}.{name[0]}", base[1]
    if kind == "nullable_type":
        return dotted(ctx, node.child_by_field_name("type"), depth)
    return None


def _called(ctx: Context, node: Node, depth: int) -> str | None:
    """The receiver ``node`` of a member as the head of a chain: a call on a name (``a.Make()``, a call on
    such a call), or a created object (``new Q()``, written ``new Q()``: ``ScopedRules._chain``), or a cast's
    value (``(Q)x``, ``x as Q``: written as made, ``new Q()``); None for anything else."""
    while node.type == "parenthesized_expression" and node.named_child_count == 1:
        node = node.named_children[0]
    if node.type == "invocation_expression":
        found = dotted(ctx, node.child_by_field_name("function"), depth)
        return f"{found[0]}()" if found is not None and found[1] else None
    if node.type == "object_creation_expression":
        created = dotted(ctx, node.child_by_field_name("type"), depth)
        return f"new {created[0]}()" if created is not None and created[1] else None
    if node.type in ("cast_expression", "as_expression"):  # ``((Q)x).B``, ``(x as Q).B``: a value of that type
        written = node.child_by_field_name("type" if node.type == "cast_expression" else "right")
        named = dotted(ctx, written, depth) if written is not None and written.type in _CAST_TYPES else None
        return f"new {named[0]}()" if named is not None and named[1] else None
    return None


#: the types a cast names that are a class, struct or interface (not ``int``, an array or a tuple)
_CAST_TYPES = frozenset(("identifier", "qualified_name", "generic_name", "alias_qualified_name", "nullable_type"))


def last_name_node(node: Node) -> Node:
    """The node of the last name in a dotted expression or type (where a reference's span points)."""
    kind = node.type
    if kind in ("qualified_name", "member_access_expression", "alias_qualified_name"):
        name = node.child_by_field_name("name")
        return last_name_node(name) if name is not None else node
    if kind == "generic_name" and node.named_children:
        return node.named_children[0]
    if kind == "nullable_type":
        inner = node.child_by_field_name("type")
        return last_name_node(inner) if inner is not None else node
    return node


def type_names(node: Node) -> list[Node]:
    """The named types inside a type expression (``Dictionary<K, V>[]?`` → ``Dictionary``; the arguments are
    captured on their own)."""
    kind = node.type
    if kind in ("identifier", "qualified_name", "generic_name", "alias_qualified_name"):
        return [node]
    if kind in ("nullable_type", "array_type", "pointer_type"):
        inner = node.child_by_field_name("type")
        return type_names(inner) if inner is not None else []
    if kind == "tuple_type":
        out: list[Node] = []
        for element in node.named_children:
            inner = element.child_by_field_name("type")
            if inner is not None:
                out += type_names(inner)
        return out
    return []


def _ordered(properties: dict[str, PropertyValue]) -> dict[str, PropertyValue]:
    return dict(sorted(properties.items(), key=lambda item: _RANK.get(item[0], len(_RANK))))


class CSharpAdapter(Adapter):
    language = "csharp"
    grammars = {"": "csharp"}

    # -- the module ------------------------------------------------------------------------

    def module_symbol(self, ctx: Context, root: Node) -> RawSymbol:
        return file_symbol(ctx, root, module_name(ctx.extraction.path))

    # -- definitions -------------------------------------------------------------------------

    def definition(self, ctx: Context, kind: str, node: Node, name: Node | None) -> RawSymbol | None:
        if name is None:
            name_text, name_node = self._synthetic_name(ctx, node)
            if not name_text:
                return None
        else:
            name_text = ctx.text(name)
            if name.type == "qualified_name":
                name_text = "".join(name_text.split())
            name_node = name
        if node.type == "destructor_declaration":
            name_text = f"~{name_text}"
        symbol = RawSymbol(
            name=name_text,
            kind=SymbolKind(kind),
            span=node_span(node),
            name_span=node_span(name_node),
            start_byte=node.start_byte,
            end_byte=node.end_byte,
        )
        if kind == "namespace":
            symbol.signature = name_text
            if node.type == "file_scoped_namespace_declaration":  # it covers the rest of the file
                symbol.end_byte = max(len(ctx.source), node.end_byte)
                end = ctx.root.end_point if ctx.root is not None else node.end_point
                symbol.span = (node.start_point[0] + 1, node.start_point[1], end[0] + 1, end[1])
            symbol.doc = doc_comment(ctx, node)
            return symbol
        if kind == "type_parameter":
            symbol.signature = self._type_parameter(ctx, node, name_text)
            return symbol
        if kind == "enum_member":
            symbol.signature = name_text
            symbol.doc = doc_comment(ctx, node)
            decorators = self._attributes(ctx, node)
            if decorators:
                symbol.properties = {"decorators": tuple(decorators)}
            return symbol
        if kind == "field" and node.type == "variable_declarator":
            return self._field(ctx, symbol, node)
        if kind == "property" and node.type == "parameter":  # a positional record parameter
            type_node = node.child_by_field_name("type")
            symbol.signature = f"{name_text}: {ctx.squeezed(type_node)}"
            symbol.declared_type = type_text(ctx, type_node)
            properties: dict[str, PropertyValue] = {"visibility": "public", "accessors": ("get", "init")}
            decorators = self._attributes(ctx, node)
            if decorators:
                properties["decorators"] = tuple(decorators)
            symbol.properties = properties
            return symbol
        properties, flags, container = self._declared(ctx, symbol, node)
        if container == "interface" and kind in ("method", "property") and not (
            {"static", "private"} & flags
        ) and node.child_by_field_name("body") is None and not _has_accessor_bodies(node):
            properties["abstract"] = True
        if node.type == "conversion_operator_declaration":
            for child in node.children:
                if child.type in ("implicit", "explicit"):
                    properties[child.type] = True
        if node.type == "record_declaration" and any(c.type == "struct" for c in node.children):
            properties["struct"] = True
        explicit = next((c for c in node.named_children if c.type == "explicit_interface_specifier"), None)
        if explicit is not None:
            properties["interface"] = ctx.text(explicit).rstrip(".").strip()
        if kind == "property":
            accessors = self._accessors(ctx, node)
            if accessors:
                properties["accessors"] = accessors
        symbol.properties = _ordered(properties)
        generics = self._generics(ctx, node)
        if kind in ("method", "constructor", "function", "type_alias"):
            symbol.signature = self._callable_signature(ctx, name_text, node, generics)
            if kind != "type_alias":
                symbol.arity = _arity(node.child_by_field_name("parameters"))
            if kind in ("method", "function"):
                symbol.declared_type = type_text(ctx, node.child_by_field_name("returns") or node.child_by_field_name(
                    "type"))
        elif kind in ("property", "field"):  # (a field here: an event with accessors)
            type_node = node.child_by_field_name("type")
            symbol.declared_type = type_text(ctx, type_node)
            shown = name_text
            if node.type == "indexer_declaration":
                shown = f"this[{', '.join(self._parameters(ctx, node.child_by_field_name('parameters')))}]"
            symbol.signature = f"{shown}: {ctx.squeezed(type_node)}" if type_node is not None else shown
        else:
            symbol.signature = name_text + generics
            symbol.bases = self._written_bases(ctx, node)
        return symbol

    def _synthetic_name(self, ctx: Context, node: Node) -> tuple[str, Node]:
        if node.type == "operator_declaration":
            operator = node.child_by_field_name("operator")
            return (f"operator {ctx.text(operator)}", operator) if operator is not None else ("", node)
        if node.type == "conversion_operator_declaration":
            type_node = node.child_by_field_name("type")
            return (f"operator {ctx.squeezed(type_node)}", type_node) if type_node is not None else ("", node)
        if node.type == "indexer_declaration":
            keyword = next((c for c in node.children if c.type == "this"), node)
            return "this[]", keyword
        return "", node

    def _type_parameter(self, ctx: Context, node: Node, name: str) -> str:
        """``T`` plus its ``where T : …`` constraints, from the declaration that owns it."""
        owner = node.parent.parent if node.parent is not None else None
        if owner is None:
            return name
        for clause in owner.named_children:
            if clause.type != "type_parameter_constraints_clause":
                continue
            target = clause.named_children[0] if clause.named_children else None
            if target is None or ctx.text(target) != name:
                continue
            constraints = [ctx.squeezed(c) for c in clause.named_children[1:]]
            return f"{name} : {', '.join(constraints)}" if constraints else name
        return name

    def _container(self, node: Node) -> str:
        """Where a declaration lives: ``compilation_unit``, ``namespace``, ``interface``, ``type`` or ``local``."""
        parent = node.parent
        while parent is not None and parent.type in ("declaration_list", "ERROR"):
            parent = parent.parent
        return "compilation_unit" if parent is None else _CONTAINERS.get(parent.type, "local")

    def _default_visibility(self, node: Node, container: str) -> str | None:
        if container in ("compilation_unit", "namespace"):
            return "internal"
        if container == "interface":
            return "public"
        if container == "type":
            explicit = any(c.type == "explicit_interface_specifier" for c in node.named_children)
            if node.type in ("operator_declaration", "conversion_operator_declaration") or explicit:
                return "public"
            if node.type in ("destructor_declaration",):
                return None
            return "private"
        return None

    def _modifiers(self, ctx: Context, node: Node) -> tuple[set[str], str | None]:
        words = {ctx.text(c) for c in node.children if c.type == "modifier"}
        visibility = None
        if {"protected", "internal"} <= words:
            visibility = "protected-internal"
        elif {"private", "protected"} <= words:
            visibility = "private-protected"
        else:
            for word in ("public", "private", "protected", "internal", "file"):
                if word in words:
                    visibility = word
                    break
        return words, visibility

    def _attributes(self, ctx: Context, node: Node) -> list[str]:
        names: list[str] = []
        for attribute_list in node.children:
            if attribute_list.type != "attribute_list":
                continue
            for attribute in attribute_list.named_children:
                if attribute.type == "attribute":
                    found = dotted(ctx, attribute.child_by_field_name("name"))
                    if found is not None:
                        names.append(found[0])
        return names

    def _accessors(self, ctx: Context, node: Node) -> tuple[str, ...]:
        accessor_list = node.child_by_field_name("accessors")
        if accessor_list is None:
            value = node.child_by_field_name("value")
            return ("get",) if value is not None and value.type == "arrow_expression_clause" else ()
        out: list[str] = []
        for accessor in accessor_list.named_children:
            if accessor.type != "accessor_declaration":
                continue
            keyword = accessor.child_by_field_name("name")
            word = ctx.text(keyword) if keyword is not None else ""
            modifiers = [ctx.text(c) for c in accessor.children if c.type == "modifier"]
            out.append(" ".join([*modifiers, word]) if modifiers else word)
        return tuple(out)

    def _generics(self, ctx: Context, node: Node) -> str:
        parameters = node.child_by_field_name("type_parameters") or next(
            (c for c in node.named_children if c.type == "type_parameter_list"), None
        )
        return ctx.squeezed(parameters) if parameters is not None else ""

    def _written_bases(self, ctx: Context, node: Node) -> list[str]:
        base_list = next((c for c in node.named_children if c.type == "base_list"), None)
        if base_list is None:
            return []
        out: list[str] = []
        for child in base_list.named_children:
            target = child.child_by_field_name("type") if child.type == "primary_constructor_base_type" else child
            found = dotted(ctx, target)
            if found is not None:
                out.append(found[0])
        return out

    def _callable_signature(self, ctx: Context, name: str, node: Node, generics: str) -> str:
        parameters = node.child_by_field_name("parameters")
        rendered = ", ".join(self._parameters(ctx, parameters))
        shown = name if not generics or name.startswith("operator") else f"{name}{generics}"
        signature = f"{shown}({rendered})"
        returns = node.child_by_field_name("returns") or node.child_by_field_name("type")
        if node.type == "conversion_operator_declaration":
            returns = None
        if returns is not None and ctx.text(returns) != "void":
            signature += f" -> {ctx.squeezed(returns)}"
        return signature

    def _parameters(self, ctx: Context, parameters: Node | None) -> list[str]:
        if parameters is None:
            return []
        out: list[str] = []
        pending_params = False
        pending_type: Node | None = None
        for child in parameters.children:
            if child.type == "params":
                pending_params = True
            elif child.type == "parameter":
                out.append(self._parameter(ctx, child))
            elif pending_params and child.is_named and child.type != "identifier" and pending_type is None:
                pending_type = child
            elif pending_params and child.type == "identifier":
                type_text = ctx.squeezed(pending_type) if pending_type is not None else ""
                out.append(f"params {ctx.text(child)}: {type_text}" if type_text else f"params {ctx.text(child)}")
                pending_params, pending_type = False, None
        return out

    def _parameter(self, ctx: Context, parameter: Node) -> str:
        name = ctx.text(parameter.child_by_field_name("name"))
        type_node = parameter.child_by_field_name("type")
        modifiers = [ctx.text(c) for c in parameter.children if c.type == "modifier"]
        default = any(c.type == "=" for c in parameter.children)
        prefix = " ".join(m for m in modifiers if m in ("ref", "out", "in", "this", "params", "scoped"))
        text = f"{prefix} {name}".strip()
        if type_node is not None:
            text += f": {ctx.squeezed(type_node)}"
        return text + ("=…" if default else "")

    def _field(self, ctx: Context, symbol: RawSymbol, node: Node) -> RawSymbol:
        declaration = node.parent  # variable_declaration
        statement = declaration.parent if declaration is not None else None
        if declaration is None or statement is None:
            return symbol
        declarators = [c for c in declaration.named_children if c.type == "variable_declarator"]
        if len(declarators) == 1:
            symbol.span = node_span(statement)
            symbol.start_byte, symbol.end_byte = statement.start_byte, statement.end_byte
        type_node = declaration.child_by_field_name("type")
        symbol.signature = f"{symbol.name}: {ctx.squeezed(type_node)}"
        symbol.declared_type = type_text(ctx, type_node) or value_type(ctx, _initial_value(node))
        properties, flags, _container = self._declared(ctx, symbol, statement, exported=False)
        if "const" in flags:
            properties["const"] = True
            symbol.kind = SymbolKind.CONSTANT
        symbol.properties = _ordered(properties)
        return symbol

    def _declared(self, ctx: Context, symbol: RawSymbol, node: Node, exported: bool = True
                  ) -> tuple[dict[str, PropertyValue], set[str], str]:
        """What a declaration's modifiers, place and attributes say (``exported`` for one directly in a
        namespace, ``visibility``, the modifier flags, ``decorators``), its modifier words and its
        container (:meth:`_container`); sets its doc comment."""
        flags, visibility = self._modifiers(ctx, node)
        container = self._container(node)
        properties: dict[str, PropertyValue] = {}
        if exported and container in ("compilation_unit", "namespace"):
            properties["exported"] = visibility == "public"
        visibility = visibility or self._default_visibility(node, container)
        if visibility:
            properties["visibility"] = visibility
        for flag in _FLAGS:
            if flag in flags:
                properties[flag] = True
        if node.type in _NODE_PROPERTIES:
            properties[_NODE_PROPERTIES[node.type]] = True
        decorators = self._attributes(ctx, node)
        if decorators:
            properties["decorators"] = tuple(decorators)
        symbol.doc = doc_comment(ctx, node)
        return properties, flags, container

    # -- references ----------------------------------------------------------------------------

    def chain(self, ctx: Context, node: Node) -> tuple[str, bool, Node] | None:
        found = dotted(ctx, node)
        if found is None or found[0] in ("this", "base"):
            return None
        return found[0], found[1], last_name_node(node)

    #: a name alone is its own text: the engine records it without a call per name
    plain_value_types: ClassVar[frozenset[str]] = frozenset({"identifier"})

    def value_scope(self, ctx: Context, scope_of: Callable[[int, int], int]) -> Callable[[int, int], int]:
        return owned_scope(ctx, scope_of)  # (a use in a field's initialiser is the field's)

    def reference(self, ctx: Context, kind: str, node: Node, scope: int) -> None:
        if kind == "call":
            self._call(ctx, node, scope)
        elif kind == "type":
            for type_node in type_names(node):
                found = dotted(ctx, type_node)
                if found is not None and found[1]:
                    ctx.add_ref(scope, EdgeKind.REFERENCES, found[0], node_span(last_name_node(type_node)))
        elif kind == "base":
            self._base(ctx, node, scope)
        elif kind == "decorates":
            self._attribute(ctx, node, scope)
        elif kind == "local":
            owner = innermost(ctx, node)
            if owner <= 0:
                return
            symbol = ctx.extraction.symbols[owner]
            if symbol.name_span == node_span(node):
                return  # a record's positional parameter is a property
            if symbol.kind.category is Category.TYPE and node.parent is not None and (
                node.parent.parent is None or node.parent.parent.type == "record_declaration"
            ):
                return
            add_local(ctx, owner, ctx.text(node))
            typed = local_type(ctx, node)
            if typed:
                note_var_type(ctx, owner, ctx.text(node), typed)
            else:  # a lambda parameter, ``var x = …`` of unknown type: the name is not typed in this callable
                note_unknown(ctx, owner, ctx.text(node))
            _loop_element(ctx, owner, node)

    def _call(self, ctx: Context, node: Node, scope: int) -> None:
        owner = value_owner(ctx, node, scope)
        if node.type == "object_creation_expression":
            type_node = node.child_by_field_name("type")
            if type_node is None:
                return
            found = dotted(ctx, type_node)
            if found is not None and found[1]:
                arguments = node.child_by_field_name("arguments")
                span = node_span(last_name_node(type_node))
                ctx.add_ref(owner, EdgeKind.CALLS, found[0], span, constructs=True,
                            arguments=_argument_count(arguments))
                _typed_call(ctx, span, arguments)
            return
        if node.type == "constructor_initializer":
            keyword = next((c for c in node.children if c.type in ("base", "this")), None)
            if keyword is not None:
                arguments = next((c for c in node.named_children if c.type == "argument_list"), None)
                ctx.add_ref(scope, EdgeKind.CALLS, keyword.type, node_span(keyword),
                            arguments=_argument_count(arguments))
                _typed_call(ctx, node_span(keyword), arguments)
            return
        # the function of an invocation
        if node.type == "identifier" and ctx.text(node) == "nameof":
            return
        if node.type == "conditional_access_expression":
            binding = next((c for c in node.named_children if c.type == "member_binding_expression"), None)
            name = binding.child_by_field_name("name") if binding is not None else None
            if name is not None:
                last = last_name_node(name)
                ctx.add_ref(owner, EdgeKind.CALLS, ctx.text(last), node_span(last), head_known=False)
            return
        found = dotted(ctx, node)
        if found is None:
            return
        before = len(ctx.extraction.refs)
        invocation = node.parent
        listed = invocation.child_by_field_name("arguments") \
            if invocation is not None and invocation.type == "invocation_expression" else None
        count = _argument_count(listed) if listed is not None else -1
        span = node_span(last_name_node(node))
        ctx.add_ref(owner, EdgeKind.CALLS, found[0], span, head_known=found[1], arguments=count)
        if count > 0:
            _typed_call(ctx, span, listed)
        if node.type == "identifier" and len(ctx.extraction.refs) > before:
            state_of(ctx).value_refs.append(ctx.extraction.refs[-1])  # ``f(x)`` of a local delegate

    def _base(self, ctx: Context, node: Node, scope: int) -> None:
        base_list = node.parent
        declaration = base_list.parent if base_list is not None else None
        if base_list is None or declaration is None:
            return
        target = node.child_by_field_name("type") if node.type == "primary_constructor_base_type" else node
        found = dotted(ctx, target)
        if target is None or found is None or not found[1]:
            return
        position = list(base_list.named_children).index(node)
        kind = declaration.type
        span = node_span(last_name_node(target))
        if kind == "enum_declaration":
            ctx.add_ref(scope, EdgeKind.REFERENCES, found[0], span)
            return
        struct = kind == "struct_declaration" or (
            kind == "record_declaration" and any(c.type == "struct" for c in declaration.children)
        )
        if kind == "interface_declaration":
            edge = EdgeKind.INHERITS
        elif struct or position > 0:
            edge = EdgeKind.IMPLEMENTS
        else:  # a class's first base: its superclass, or an interface (decided when it resolves)
            edge = EdgeKind.INHERITS
        ctx.add_ref(scope, edge, found[0], span)

    def _attribute(self, ctx: Context, node: Node, scope: int) -> None:
        found = dotted(ctx, node)
        if found is None:
            return
        attribute = node.parent
        attribute_list = attribute.parent if attribute is not None else None
        declaration = attribute_list.parent if attribute_list is not None else None
        span = node_span(last_name_node(node))
        if attribute_list is None or attribute_list.type != "attribute_list" or declaration is None:
            ctx.add_ref(scope, EdgeKind.REFERENCES, found[0], span)  # ``[assembly: …]``
            return
        target = -1
        if declaration.type in ("field_declaration", "event_field_declaration"):
            variables = next((c for c in declaration.named_children if c.type == "variable_declaration"), None)
            declarators = [c for c in variables.named_children if c.type == "variable_declarator"] if variables else []
            if len(declarators) == 1:
                target = symbol_at(ctx, declaration.start_byte)
            else:
                for declarator in declarators:
                    index = symbol_at(ctx, declarator.start_byte)
                    if index > 0:
                        ctx.add_ref(index, EdgeKind.DECORATES, found[0], span)
                return
        elif declaration.type == "parameter":
            owner = declaration.parent.parent if declaration.parent is not None else None
            if owner is not None and owner.type == "record_declaration":
                target = symbol_at(ctx, declaration.start_byte)
        else:
            target = symbol_at(ctx, declaration.start_byte)
        if target > 0:
            ctx.add_ref(target, EdgeKind.DECORATES, found[0], span)
        else:
            ctx.add_ref(value_owner(ctx, node, scope), EdgeKind.REFERENCES, found[0], span)

    # -- imports ---------------------------------------------------------------------------------

    def import_statement(self, ctx: Context, node: Node, scope: int) -> None:
        alias = node.child_by_field_name("name")
        target = next(
            (c for c in node.named_children if c != alias and c.type in (
                "identifier", "qualified_name", "generic_name", "alias_qualified_name")), None
        )
        found = dotted(ctx, target)
        if found is None:
            return
        full = found[0]
        span = node_span(node)
        assert target is not None
        if alias is not None:  # ``module`` is the whole aliased name
            last = full.rpartition(".")[2]
            qualifier = target.child_by_field_name("qualifier") if target.type == "qualified_name" else None
            ctx.extraction.imports.append(RawImport(
                scope, full, span, names=((last, ctx.text(alias)),), name_spans=(node_span(last_name_node(target)),),
                module_span=node_span(qualifier) if qualifier is not None else None))
        else:
            ctx.extraction.imports.append(RawImport(scope, full, span, star=True, module_span=node_span(target)))

    # -- after the captures ----------------------------------------------------------------------

    def finish(self, ctx: Context, scopes: ScopeIndex) -> None:
        symbols = ctx.extraction.symbols
        for index, symbol in enumerate(symbols):
            accessors = symbol.properties.get("accessors")
            if symbol.kind is SymbolKind.PROPERTY and isinstance(accessors, tuple) and any(
                a.endswith(("set", "init")) for a in accessors
            ):
                add_local(ctx, index, "value")
            elif symbol.kind is SymbolKind.FIELD and symbol.properties.get("event") and symbol.signature:
                add_local(ctx, index, "value")
        drop_local_value_refs(ctx)  # (``f(x)`` of a local delegate is no call of a method ``f``)
        calls = ctx.state.pop("csharp.calls", None)
        if isinstance(calls, list):  # (the types of what calls pass: ``Extraction.argument_types``)
            table, local_names = ctx.extraction.argument_types, state_of(ctx).locals
            for span, arguments in calls:
                keys = argument_keys(ctx, arguments, innermost(ctx, arguments), local_names)
                if keys is not None:
                    table[span] = keys


def _typed_call(ctx: Context, span: Span, arguments: Node | None) -> None:
    """A call whose arguments' types are read at the end (every local is known then): ``finish``."""
    if arguments is not None and _argument_count(arguments) > 0:
        calls = ctx.state.setdefault("csharp.calls", [])
        if isinstance(calls, list):
            calls.append((span, arguments))


def type_text(ctx: Context, node: Node | None) -> str:
    """A declared type as ``RawSymbol.declared_type`` spells it (``Foo``, ``A.B.Foo``); "" for ``var``, built-in
    types, arrays and tuples."""
    if node is None or node.type not in ("identifier", "qualified_name", "generic_name", "alias_qualified_name",
                                          "nullable_type"):
        return ""
    found = dotted(ctx, node)
    return found[0] if found is not None and found[1] else ""


def value_type(ctx: Context, node: Node | None) -> str:
    """The type an initialiser produces, when its syntax says: ``new Foo()``, ``(Foo)x``, ``x as Foo``, or a call
    (``Make()``: the return type of what it names)."""
    if node is None:
        return ""
    if node.type == "object_creation_expression":
        return type_text(ctx, node.child_by_field_name("type"))
    if node.type == "cast_expression":
        return type_text(ctx, node.child_by_field_name("type"))
    if node.type == "as_expression":
        return type_text(ctx, node.child_by_field_name("right"))
    if node.type == "parenthesized_expression" and node.named_child_count == 1:
        return value_type(ctx, node.named_children[0])
    if node.type == "await_expression" and node.named_child_count == 1:
        return ""  # a task's result: its type argument, which is not kept
    if node.type == "invocation_expression":
        function = node.child_by_field_name("function")
        found = dotted(ctx, function) if function is not None else None
        if found is not None and found[1] and function is not None and function.type != "generic_name" and not (
            function.type == "member_access_expression"
            and (function.child_by_field_name("name") or function).type == "generic_name"
        ):
            return f"{found[0]}()"
    return ""


#: the collections whose element is their first type argument (what ``foreach (var x in xs)`` gives)
_COLLECTIONS = frozenset(("List", "IList", "IReadOnlyList", "ICollection", "IReadOnlyCollection", "IEnumerable",
                          "HashSet", "ISet", "SortedSet", "Queue", "Stack", "LinkedList", "ImmutableArray",
                          "ImmutableList", "Collection", "ReadOnlyCollection", "ObservableCollection"))


#: the LINQ methods (and ``List<T>.ForEach``) that call a lambda with each element
_ELEMENT_WISE = frozenset(("ForEach", "Where", "Select", "SelectMany", "Any", "All", "First", "FirstOrDefault",
                           "Last", "LastOrDefault", "Single", "SingleOrDefault", "Count", "Sum", "Min", "Max",
                           "OrderBy", "OrderByDescending", "ThenBy", "GroupBy", "ToDictionary", "ToLookup",
                           "TakeWhile", "SkipWhile", "Find", "FindAll", "FindIndex", "Exists", "TrueForAll",
                           "RemoveAll", "DistinctBy", "MinBy", "MaxBy"))


def _loop_element(ctx: Context, owner: int, name: Node) -> None:
    """Remember the type written for a parameter or a local (in source order, before its uses); and for
    ``foreach (var d in ds)`` and ``ds.Where(d => …)``, narrow ``d`` in the loop's (the lambda's) body to an
    element of ``ds`` where ``ds`` is written to be an array or a collection of a named type
    (``Extraction.narrowed``)."""
    written = ctx.state.setdefault("csharp.written", {})
    assert isinstance(written, dict)
    parent = name.parent
    if parent is None:
        return
    if parent.type == "parameter":
        declared = parent.child_by_field_name("type")
    elif parent.type == "variable_declarator" and parent.parent is not None:
        declared = parent.parent.child_by_field_name("type")
    else:
        declared = None
    if declared is not None and declared.type != "implicit_type":
        key = (owner, ctx.text(name))
        written[key] = None if key in written else declared
    if name.type == "implicit_parameter" and parent.type == "lambda_expression":
        # ``ds.Where(d => …)``, ``ds.ForEach(d => …)``: d is an element of ds
        argument = parent.parent
        call = argument.parent.parent if argument is not None and argument.type == "argument" and \
            argument.parent is not None else None
        function = call.child_by_field_name("function") if call is not None and \
            call.type == "invocation_expression" else None
        method = function.child_by_field_name("name") if function is not None and \
            function.type == "member_access_expression" else None
        if function is None or method is None or ctx.text(method) not in _ELEMENT_WISE:
            return
        iterated, body = function.child_by_field_name("expression"), parent.child_by_field_name("body")
    elif parent.type == "foreach_statement" and parent.child_by_field_name("left") == name:
        kind, iterated, body = (parent.child_by_field_name("type"), parent.child_by_field_name("right"),
                                parent.child_by_field_name("body"))
        if kind is None or kind.type != "implicit_type":
            return
    else:
        return
    if iterated is None or iterated.type != "identifier" or body is None:
        return
    collection = written.get((owner, ctx.text(iterated)))
    while collection is not None and collection.type in ("qualified_name", "nullable_type"):
        collection = collection.child_by_field_name("name" if collection.type == "qualified_name" else "type")
    element: Node | None = None
    if collection is not None and collection.type == "array_type":
        element = collection.child_by_field_name("type")
    elif collection is not None and collection.type == "generic_name" and collection.named_child_count == 2 \
            and ctx.text(collection.named_children[0]) in _COLLECTIONS:
        arguments = collection.named_children[1]
        element = arguments.named_children[0] if arguments.named_child_count == 1 else None
    typed = type_text(ctx, element) if element is not None else ""
    if typed:
        note_narrowing(ctx, owner, ctx.text(name), node_span(body), typed)


def local_type(ctx: Context, name: Node) -> str:
    """What a local name (a parameter, a variable, a pattern or foreach variable) is declared to hold."""
    parent = name.parent
    if parent is None:
        return ""
    if parent.type in ("parameter", "declaration_pattern", "declaration_expression", "catch_declaration",
                       "recursive_pattern"):  # (``Circle { R: > 1 } c``)
        return type_text(ctx, parent.child_by_field_name("type"))
    if parent.type == "foreach_statement":
        return type_text(ctx, parent.child_by_field_name("type"))
    if parent.type == "variable_declarator":
        declaration = parent.parent
        written = declaration.child_by_field_name("type") if declaration is not None else None
        if written is not None and written.type != "implicit_type":
            return type_text(ctx, written)
        return value_type(ctx, _initial_value(parent))
    return ""


def _has_accessor_bodies(node: Node) -> bool:
    accessors = node.child_by_field_name("accessors")
    if accessors is None:
        return node.child_by_field_name("value") is not None
    return any(a.child_by_field_name("body") is not None for a in accessors.named_children)


ADAPTER = CSharpAdapter

__all__ = ["ADAPTER", "CSharpAdapter", "module_name"]
