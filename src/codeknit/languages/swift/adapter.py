"""Swift: the adapter half (the query half is ``swift/queries.scm``).

Conventions (shared with the Kotlin and Java adapters): callables render as
``name<T>(label name: Type, other: Type=…) -> Ret``, values as ``name: Type``, type aliases as
``Name = Type``. A file's module symbol is named by its path without the extension: Swift has no
per-file namespace (every file of a module sees the others' declarations).

Kinds: ``class`` (``actor`` for an actor, ``final``, ``open`` …), ``struct``, ``enum`` with
``enum_member`` cases, ``interface`` for a protocol (its requirements are abstract ``method`` and
``property`` symbols, its ``associatedtype`` a ``type_alias``); ``func`` is a ``method`` in a
type or an extension, a ``function`` elsewhere; ``init`` a ``constructor``, ``deinit`` and
``subscript`` methods; ``var``/``let`` members are ``property`` symbols (``static``, ``let`` or
``var``), top-level ones ``variable``. An ``extension`` is not a symbol: its members are written
for the type it extends (``owner``), and the resolver makes them that type's members; its
conformances are the type's.
"""

from __future__ import annotations

import posixpath
import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from codeknit.graph.model import EdgeKind, PropertyValue, Role, SymbolKind
from codeknit.languages.engine import Adapter, Context, GrammarGap, file_symbol, node_span
from codeknit.languages.records import CHAIN_STEPS, RawImport, RawRef, RawSymbol, Step, fold_chain
from codeknit.languages.scoped import (
    add_local,
    innermost,
    leading_comment,
    scoped_value,
    symbol_at,
    value_owner,
)
from codeknit.languages.typing_notes import note_narrowing, note_unknown, note_var_type

if TYPE_CHECKING:
    from tree_sitter import Node

_COMMENTS = frozenset({"comment", "multiline_comment"})
#: attributes that are the compiler's, not types: left out of ``decorators`` and of the references
_BUILTIN_ATTRIBUTES = frozenset(
    """
    objc nonobjc objcMembers available discardableResult escaping autoclosure inlinable usableFromInline frozen
    main testable IBOutlet IBAction IBDesignable IBInspectable NSManaged NSCopying UIApplicationMain
    dynamicMemberLookup dynamicCallable propertyWrapper resultBuilder warn_unqualified_access unknown
    preconcurrency unchecked Sendable MainActor globalActor inline _exported _implementationOnly
    """.split()
)
#: declarations a member's body may sit in
_TYPE_BODIES = frozenset({"class_body", "enum_class_body", "protocol_body"})
_VISIBILITY = frozenset({"private", "fileprivate", "internal", "public", "open"})
_PROPERTY_ORDER = ("exported", "visibility", "actor", "static", "class", "final", "open", "override", "required",
                   "convenience", "mutating", "lazy", "weak", "let", "var", "async", "throws", "abstract",
                   "decorators")
_RANK = {name: rank for rank, name in enumerate(_PROPERTY_ORDER)}
_FLAGS = frozenset({"static", "class", "final", "override", "required", "convenience", "mutating", "lazy", "weak"})
_TYPES = frozenset({"user_type", "optional_type", "array_type", "dictionary_type", "function_type", "tuple_type",
                    "opaque_type", "existential_type", "implicitly_unwrapped_type", "metatype",
                    "protocol_composition_type"})
_NAVIGATION = "navigation_expression"
_KEYWORD_NAMES = frozenset({"init", "deinit", "subscript"})
#: names a body binds without declaring them (a setter's, an observer's, a ``catch``'s): receivers
#: nobody typed, like ``$0``
_IMPLICIT_NAMES = frozenset({"newValue", "oldValue", "error"})
#: binary operators, whose right operand the grammar lets a following ``.member`` bind to
_BINARY = frozenset({"additive_expression", "multiplicative_expression", "comparison_expression",
                     "equality_expression", "conjunction_expression", "disjunction_expression",
                     "nil_coalescing_expression", "range_expression", "infix_expression", "bitwise_operation"})


@dataclass
class _Marks:
    """What the query's ``@adapter.*`` captures say, by start byte (read once per file)."""

    first_supertypes: set[int] = field(default_factory=set)
    #: an extension's body → the type it extends; and every extension's (start, end, extended)
    extension_bodies: dict[int, str] = field(default_factory=dict)
    extensions: list[tuple[int, int, str]] = field(default_factory=list)
    #: user types that are no type use of their own: a supertype (recorded as inherits or implements),
    #: the type an extension extends
    not_type_uses: set[int] = field(default_factory=set)
    attribute_owner: dict[int, int] = field(default_factory=dict)  # attribute type → its modifiers' start
    #: what a subscript reads (``xs`` of ``xs[i]``), by (start, end): the query's call captures take it for a callee
    subscripted: set[tuple[int, int]] = field(default_factory=set)


def _parameter_labels(node: Node) -> tuple[str, ...] | None:
    """Each parameter's label as a call writes it ("" for ``_``) with ``=`` for a default and ``...`` for a variadic
    one (``RawSymbol.labels``), for a function, method or initialiser ``node``. None: unreadable."""
    labels: list[str] = []
    children = node.children
    for index, child in enumerate(children):
        if child.type != "parameter":
            continue
        names = [c for c in child.named_children if c.type == "simple_identifier"]
        if not names or child.has_error:
            return None
        label = names[0].text.decode("utf-8", "replace").strip("`") if names[0].text else ""
        following = children[index + 1] if index + 1 < len(children) else None
        suffix = "=" if following is not None and following.type == "=" else \
            "..." if any(c.type == "..." for c in child.children) else ""
        labels.append(("" if label == "_" else label) + suffix)
    return tuple(labels)


def _argument_labels(call: Node | None) -> tuple[str, ...] | None:
    """A ``call_expression``'s argument labels (``RawRef.labels``): "" for an unlabelled argument, ``*`` for a
    trailing closure. None: not a call with its arguments written, a syntax error."""
    if call is None or call.type not in ("call_expression", "constructor_expression"):
        return None
    suffix = call.named_children[-1]
    if suffix.type != "call_suffix" or suffix.has_error:
        return None
    labels: list[str] = []
    for part in suffix.named_children:
        if part.type == "value_arguments":
            for argument in part.named_children:
                if argument.type != "value_argument":
                    continue
                label = next((c for c in argument.named_children if c.type == "value_argument_label"), None)
                labels.append(label.text.decode("utf-8", "replace").strip("`") if label is not None and label.text
                              else "")
        elif part.type == "lambda_literal":
            labels.append("*")
        elif part.type not in _COMMENTS:
            return None  # (a labelled trailing closure, or what else the grammar puts there: not read)
    outer = call.parent  # (``f(1) { … }`` is read as a call of ``f(1)``'s result with the closure: it is ``f``'s)
    while outer is not None and (closures := _trailing_closures(outer, call)):
        labels += ["*"] * closures
        call, outer = outer, outer.parent
    return tuple(labels)


def _trailing_closures(outer: Node, call: Node) -> int:
    """How many closures ``outer`` passes, where it is ``call`` followed by closures alone: the grammar reads
    ``f(1) { … }`` as a call of ``f(1)``'s result, while Swift passes the closure to ``f`` (0: not so)."""
    if outer.type != "call_expression" or outer.named_child_count != 2 or outer.named_children[0] != call \
            or call.type != "call_expression":
        return 0
    suffix = outer.named_children[1]
    closures = [part for part in suffix.named_children if part.type not in _COMMENTS]
    if suffix.type != "call_suffix" or not closures or any(part.type != "lambda_literal" for part in closures):
        return 0
    return len(closures)


def _marks(ctx: Context) -> _Marks:
    marks = ctx.state.get("swift")
    if isinstance(marks, _Marks):
        return marks
    marks = ctx.state["swift"] = _Marks()
    for captures in ctx.matches:
        for node in captures.get("adapter.first_supertype", ()):
            marks.first_supertypes.add(node.start_byte)
        for node in captures.get("adapter.supertype", ()):
            marks.not_type_uses.add(node.start_byte)
        for node in captures.get("adapter.subscripted", ()):
            marks.subscripted.add((node.start_byte, node.end_byte))
        for node in captures.get("adapter.constructed", ()):
            marks.not_type_uses.add(node.start_byte)  # (the construction's call names the type)
        extensions = zip(captures.get("adapter.extension", ()), captures.get("adapter.extended", ()),
                         captures.get("adapter.extension_body", ()), strict=False)
        for extension, extended, body in extensions:
            name = type_text(ctx, extended)
            marks.extension_bodies[body.start_byte] = name
            marks.extensions.append((extension.start_byte, extension.end_byte, name))
            marks.not_type_uses.add(extended.start_byte)
        for modifiers, written in zip(captures.get("adapter.modifiers", ()), captures.get("adapter.attribute", ()),
                                      strict=False):
            marks.attribute_owner[written.start_byte] = modifiers.start_byte
    return marks


def type_text(ctx: Context, node: Node | None) -> str:
    """A written type in the ``declared_type`` convention: ``Point``, ``Outer.Inner`` (generic arguments
    and ``?``/``!`` dropped); "" for arrays, dictionaries, functions, tuples and anything else."""
    while node is not None and node.type in ("optional_type", "implicitly_unwrapped_type", "opaque_type",
                                             "existential_type"):  # (``some P``, ``any P``: a value of P)
        node = node.named_children[0] if node.named_children else None
    if node is None or node.type != "user_type":
        return ""
    names = [ctx.text(c) for c in node.named_children if c.type == "type_identifier"]
    if len(names) > 1 and names[-1] in ("Type", "Protocol"):  # ``T.Type``: the metatype of ``T``
        names.pop()
    return ".".join(names)


#: the collections whose element is their (first) type argument (what ``for x in xs`` gives)
_COLLECTIONS = frozenset(("Array", "Set", "ContiguousArray", "ArraySlice", "Sequence", "Collection"))


def _loop_element(ctx: Context, owner: int, name: str, loop: Node, written: dict[tuple[int, str], Node | None],
                  ) -> None:
    """``for d in ds``: in the loop's body ``d`` is an element of ``ds`` where the function's parameter or local
    ``ds`` is written to be an array (``[Disc]``, ``Array<Disc>``) or a set (``Extraction.narrowed``)."""
    iterated = loop.child_by_field_name("collection")
    body = next((c for c in loop.named_children if c.type == "statements"), None)
    if iterated is None or iterated.type != "simple_identifier" or body is None:
        return
    collection = written.get((owner, ctx.text(iterated)))
    while collection is not None and collection.type in ("optional_type", "implicitly_unwrapped_type"):
        collection = collection.named_children[0] if collection.named_children else None
    element: Node | None = None
    if collection is not None and collection.type == "array_type":
        element = collection.child_by_field_name("name") or (collection.named_children[0] if
                                                             collection.named_children else None)
    elif collection is not None and collection.type == "user_type":
        names = [c for c in collection.named_children if c.type == "type_identifier"]
        arguments = next((c for c in collection.named_children if c.type == "type_arguments"), None)
        if names and ctx.text(names[-1]) in _COLLECTIONS and arguments is not None and \
                arguments.named_child_count == 1:
            element = arguments.named_children[0]
    typed = type_text(ctx, element)
    if typed:
        note_narrowing(ctx, owner, name, node_span(body), typed)


def chain(ctx: Context, node: Node | None) -> tuple[str, bool] | None:
    """``(text, head_known)`` of a name expression (``a.b.c``, a call part as ``f()``, a cast's value as a
    value of its type: ``(x as! Store).add`` as ``Store().add``); ``$0`` and any
    other receiver (a literal, a closure, an implicit member) leave the head unknown. Read from the outside
    in, without recursion: a chain of calls (``.padding().frame()…``) is as deep as it is long."""
    steps: list[Step] = []
    head: tuple[str, bool] | None = None
    while node is not None and len(steps) < CHAIN_STEPS:
        kind = node.type
        if kind == "simple_identifier":
            text = ctx.text(node).strip("`")
            if text == "Self":  # the type of ``self``: its static members are reached like ``self``'s
                head = ("self", True)
            else:
                head = (text, not text.startswith("$") and text not in _IMPLICIT_NAMES)
        elif kind in ("self_expression", "super_expression"):
            head = ("self" if kind == "self_expression" else "super"), True
        elif kind == _NAVIGATION:
            children = node.named_children
            if len(children) != 2 or children[1].type != "navigation_suffix" or not children[1].named_children:
                break
            member = children[1].named_children[-1]
            if member.type != "simple_identifier":
                break
            steps.append(ctx.text(member).strip("`"))
            receiver = children[0]
            while receiver.type in _BINARY and (right := receiver.child_by_field_name("rhs")) is not None:
                receiver = right  # ``a + B.c``: the grammar reads ``(a + B).c``; the member is ``B``'s
            node = receiver
            continue
        elif kind == "call_expression":
            steps.append(None)
            node = node.named_children[0] if node.named_children else None
            continue
        elif kind in ("postfix_expression", "try_expression", "await_expression") and node.named_children:
            node = node.named_children[-1 if kind != "postfix_expression" else 0]
            continue
        elif kind == "prefix_expression" and node.named_children and node.children[0].type != ".":
            # ``!order.validate()``: the grammar applies ``!`` to ``order`` (an implicit member ``.red`` is no name)
            node = node.named_children[-1]
            continue
        elif kind in _BINARY and (right := node.child_by_field_name("rhs")) is not None:
            # ``a(1) + b(2)``: the grammar reads ``(a(1) + b)(2)``; what is called is ``b``
            node = right
            continue
        elif kind == "tuple_expression" and node.named_child_count == 1:
            node = node.named_children[0]
            continue
        elif kind == "as_expression" and steps:
            # ``(x as! Store).add()``, ``(x as? Store)?.add()``: a value of that type (a type called: one of it)
            typed = type_text(ctx, node.child_by_field_name("name"))
            head = (f"{typed}()", True) if typed else None
        break
    return fold_chain(head, steps, itself="self")  # (``Point.self``: the type itself)


def last_name(node: Node) -> Node:
    """The node of the last name of a chain or type (where a reference's span points)."""
    while True:  # ``!isValid(x)``, ``a + f(x)``: the grammar applies ``!`` to the callee, or calls ``a + f`` (as
        # ``chain`` reads them)
        if node.type == "prefix_expression" and node.named_children and node.children[0].type != ".":
            node = node.named_children[-1]
        elif node.type in _BINARY and (right := node.child_by_field_name("rhs")) is not None:
            node = right
        else:
            break
    if node.type == _NAVIGATION and node.named_child_count == 2 and node.named_children[1].named_children:
        return node.named_children[1].named_children[-1]
    if node.type == "user_type":
        names = [c for c in node.named_children if c.type == "type_identifier"]
        return names[-1] if names else node
    return node


def value_type(ctx: Context, node: Node | None) -> str:
    """The type an initialiser gives when its syntax says: ``Point(…)``/``make(…)``/``A.make(…)`` (what the
    callee returns), ``x as Point``; "" otherwise."""
    while node is not None and node.type in ("try_expression", "await_expression") and node.named_children:
        node = node.named_children[-1]
    if node is None:
        return ""
    if node.type == "as_expression":
        return type_text(ctx, node.named_children[-1] if node.named_children else None)
    if node.type == "call_expression" and node.named_children:
        found = chain(ctx, node.named_children[0])
        return f"{found[0]}()" if found is not None and found[1] and "()" not in found[0] else ""
    if node.type == "constructor_expression" and node.named_children:  # ``Box<Int>(…)``
        written = type_text(ctx, node.named_children[0])
        return f"{written}()" if written else ""
    return ""


def _ordered(properties: dict[str, PropertyValue]) -> dict[str, PropertyValue]:
    return dict(sorted(properties.items(), key=lambda item: _RANK.get(item[0], len(_RANK))))


class SwiftAdapter(Adapter):
    language = "swift"
    grammars = {"": "swift"}
    grammar_gaps = (
        # Swift 5.10's ``nonisolated(unsafe)`` (``nonisolated(unsafe) static let shared = X()``, also on a local
        # ``let``): the grammar knows a bare ``nonisolated`` on members only, and read the declaration as an error.
        # Without it the declaration is the same to codeknit (isolation is no property it shows)
        GrammarGap("nonisolated(unsafe)", re.compile(rb"(?<![\w.])(?P<mask>nonisolated[ \t]*\([ \t]*unsafe[ \t]*\))"),
                   inside=("source_file", "class_body", "enum_class_body", "function_body", "statements",
                           "lambda_literal", "computed_property", "computed_getter", "computed_setter"),
                   directly=True, mask_first=True),
    )

    def module_symbol(self, ctx: Context, root: Node) -> RawSymbol:
        stem, _ = posixpath.splitext(ctx.extraction.path)
        return file_symbol(ctx, root, stem or ctx.extraction.path)

    # -- definitions -------------------------------------------------------------------------

    def definition(self, ctx: Context, kind: str, node: Node, name: Node | None) -> RawSymbol | None:
        if name is None:  # ``init``, ``deinit``, ``subscript``: named by their keyword
            name = next((c for c in node.children if c.type in _KEYWORD_NAMES), node)
        name_text = ctx.text(name).strip("`")
        symbol = RawSymbol(name=name_text, kind=SymbolKind(kind), span=node_span(node), name_span=node_span(name),
                           start_byte=node.start_byte, end_byte=node.end_byte)
        if kind in ("type_parameter", "enum_member"):
            symbol.signature = ctx.squeezed(node) if kind == "type_parameter" else symbol.name
            return symbol
        flags, visibility, decorators = self._modifiers(ctx, node)
        parent = node.parent
        extended = _marks(ctx).extension_bodies.get(parent.start_byte) if parent is not None else None
        if extended:
            symbol.owner = extended  # the resolver attaches it to the type it extends
        container = "file" if parent is not None and parent.type == "source_file" else (
            "member" if extended or (parent is not None and parent.type in _TYPE_BODIES) else "local")
        properties: dict[str, PropertyValue] = {}
        if container == "file":
            properties["exported"] = visibility not in ("private", "fileprivate")
        if visibility and visibility != "internal":
            properties["visibility"] = visibility
        properties.update({flag: True for flag in sorted(flags & _FLAGS)})
        if decorators:
            properties["decorators"] = tuple(decorators)
        symbol.doc = leading_comment(ctx, node, _COMMENTS)
        if kind in ("class", "struct", "enum", "interface"):
            if kind == "class" and ctx.text(node.child_by_field_name("declaration_kind")) == "actor":
                properties["actor"] = True
            symbol.signature = symbol.name + self._type_parameters(ctx, node)
        elif kind in ("function", "method", "constructor"):
            if kind == "function" and container == "member":
                symbol.kind = SymbolKind.METHOD
            if node.type.startswith("protocol_") or (parent is not None and parent.type == "protocol_body"):
                properties["abstract"] = True
            for keyword in ("async", "throws"):
                if any(c.type == keyword for c in node.children):
                    properties[keyword] = True
            returns = self._return_type(node)
            symbol.signature = (symbol.name + self._type_parameters(ctx, node) + self._parameters(ctx, node)
                                + (f" -> {ctx.squeezed(returns)}" if returns is not None else ""))
            symbol.labels = _parameter_labels(node)
            symbol.declared_type = type_text(ctx, returns)
        elif kind == "type_alias":
            aliased = node.named_children[-1] if node.named_child_count > 1 else None
            symbol.signature = symbol.name + (f" = {ctx.squeezed(aliased)}" if aliased is not None else "")
            symbol.declared_type = type_text(ctx, aliased)
        else:  # a property: stored or computed, a member or top-level, or a protocol's requirement
            if container == "file":
                symbol.kind = SymbolKind.VARIABLE
            if node.type == "protocol_property_declaration":
                properties["abstract"] = True
            binding = next((c for c in node.named_children if c.type == "value_binding_pattern"), None)
            if binding is not None:
                properties[ctx.text(binding)] = True
            elif name is not None and name.parent is not None and name.parent.named_children:
                pattern_binding = name.parent.named_children[0]  # ``var x`` of a protocol requirement
                if pattern_binding.type == "value_binding_pattern":
                    properties[ctx.text(pattern_binding)] = True
            annotation = next((c for c in node.named_children if c.type == "type_annotation"), None)
            written = annotation.named_children[0] if annotation is not None and annotation.named_children else None
            symbol.signature = f"{symbol.name}: {ctx.squeezed(written)}" if written is not None else symbol.name
            symbol.declared_type = type_text(ctx, written) or value_type(ctx, node.child_by_field_name("value"))
        symbol.properties = _ordered(properties)
        return symbol

    def _modifiers(self, ctx: Context, node: Node) -> tuple[set[str], str | None, list[str]]:
        flags: set[str] = set()
        visibility: str | None = None
        decorators: list[str] = []
        modifiers = next((c for c in node.children if c.type == "modifiers"), None)
        for modifier in modifiers.named_children if modifiers is not None else ():
            if modifier.type == "attribute":
                written = type_text(ctx, next((c for c in modifier.named_children if c.type == "user_type"), None))
                if written and written not in _BUILTIN_ATTRIBUTES:
                    decorators.append(written)
                continue
            text = ctx.text(modifier).split("(", 1)[0]
            if text in _VISIBILITY:
                visibility = text
            else:
                flags.add(text)
        return flags, visibility, decorators

    @staticmethod
    def _return_type(node: Node) -> Node | None:
        """The type after ``->``."""
        arrow = False
        for child in node.children:
            if child.type == "->":
                arrow = True
            elif arrow and child.type in _TYPES:
                return child
        return None

    @staticmethod
    def _type_parameters(ctx: Context, node: Node) -> str:
        found = next((c for c in node.children if c.type == "type_parameters"), None)
        return ctx.squeezed(found) if found is not None else ""

    def _parameters(self, ctx: Context, node: Node) -> str:
        rendered = []
        for index, child in enumerate(node.children):
            if child.type != "parameter":
                continue
            names = [c for c in child.named_children if c.type == "simple_identifier"]
            written = next((c for c in child.named_children if c.type in _TYPES), None)
            text = " ".join(ctx.text(n) for n in names) + (f": {ctx.squeezed(written)}" if written is not None else "")
            following = node.children[index + 1] if index + 1 < len(node.children) else None
            rendered.append(text + ("=…" if following is not None and following.type == "=" else ""))
        return f"({', '.join(rendered)})"

    # -- references ----------------------------------------------------------------------------

    def chain(self, ctx: Context, node: Node) -> tuple[str, bool, Node] | None:
        if node.type == "prefix_expression":  # ``.red``: a member of what the context expects
            member = node.named_children[-1]
            return ctx.text(member).strip("`"), False, member
        if node.type == "directly_assignable_expression":  # an assignment's target
            if node.named_child_count != 1:
                return None
            node = node.named_children[0]
        found = chain(ctx, node)
        if found is None or found[0] in ("self", "super"):
            return None
        return found[0], found[1], last_name(node)

    def value_reference(self, ctx: Context, node: Node, scope: int, role: Role) -> None:
        scoped_value(ctx, self.chain(ctx, node), node, scope, role)

    def reference(self, ctx: Context, kind: str, node: Node, scope: int) -> None:
        if kind == "call":
            if (node.start_byte, node.end_byte) in _marks(ctx).subscripted:
                return  # ``xs[i]``: its value use reads ``xs``
            if node.parent is not None and _trailing_closures(node.parent, node):
                return  # ``f(1) { … }``: the closure is ``f``'s (``_argument_labels``), no call of what ``f`` gives
            labels = _argument_labels(node.parent)  # (``node`` is the call's function)
            arguments = len(labels) if labels is not None else -1
            if node.type == "user_type":  # ``Box<Int>(…)``: the type's name, its arguments dropped
                written = type_text(ctx, node)
                if written:
                    ctx.add_ref(value_owner(ctx, node, scope), EdgeKind.CALLS, written, node_span(last_name(node)),
                                arguments=arguments, labels=labels)
                return
            found = chain(ctx, node)
            if found is not None:
                ctx.add_ref(value_owner(ctx, node, scope), EdgeKind.CALLS, found[0], node_span(last_name(node)),
                            head_known=found[1], arguments=arguments, labels=labels)
        elif kind == "implements":
            self._supertype(ctx, node, scope)
        elif kind == "decorates":
            written = type_text(ctx, node)
            if not written or written in _BUILTIN_ATTRIBUTES:
                return
            target = symbol_at(ctx, _marks(ctx).attribute_owner.get(node.start_byte, -1))
            edge = EdgeKind.DECORATES if target > 0 else EdgeKind.REFERENCES
            ctx.add_ref(target if target > 0 else scope, edge, written, node_span(last_name(node)))
        elif kind == "type":
            marks = _marks(ctx)
            start = node.start_byte
            written = type_text(ctx, node)
            if start not in marks.not_type_uses and start not in marks.attribute_owner and written != "Self":
                ctx.add_ref(scope, EdgeKind.REFERENCES, written, node_span(last_name(node)))
        elif kind == "local":
            self._local(ctx, node)

    def _supertype(self, ctx: Context, node: Node, scope: int) -> None:
        """A class's first supertype is its superclass (Swift writes it first; the rules make it
        ``implements`` when it is a protocol), a protocol's are inherited, the rest conformances. An
        extension's conformances are the extended type's."""
        marks = _marks(ctx)
        written = type_text(ctx, node)
        span = node_span(last_name(node))
        owner_symbol = ctx.extraction.symbols[scope]
        if owner_symbol.kind.category.value != "type" or owner_symbol.start_byte > node.start_byte:
            extended = next((name for start, end, name in marks.extensions if start <= node.start_byte < end), None)
            if extended:
                ctx.extraction.refs.append(RawRef(scope, EdgeKind.IMPLEMENTS, written, span, owner=extended))
            return
        first = node.start_byte in marks.first_supertypes
        inherits = owner_symbol.kind is SymbolKind.INTERFACE or (first and owner_symbol.kind is SymbolKind.CLASS)
        ctx.add_ref(scope, EdgeKind.INHERITS if inherits else EdgeKind.IMPLEMENTS, written, span)

    def _local(self, ctx: Context, name: Node) -> None:
        owner = innermost(ctx, name)
        if owner <= 0:
            return
        symbol = ctx.extraction.symbols[owner]
        if symbol.name_span == node_span(name) or symbol.kind.category.value == "module":
            return  # a property's own name: a symbol, not a local
        written = ctx.state.setdefault("swift.written", {})  # (the types written for parameters and locals)
        assert isinstance(written, dict)
        seen = ctx.state.setdefault("swift.declared", set())
        assert isinstance(seen, set)
        if name.start_byte in seen:
            return  # a name two patterns of the query capture (``let xs: [A] = []``): once is enough; a second
            # pass would take it for a second declaration of ``xs`` and forget its type
        seen.add(name.start_byte)
        text = ctx.text(name).strip("`")
        add_local(ctx, owner, text)
        holder = name.parent
        typed = ""
        if holder is not None and holder.type in ("parameter", "lambda_parameter"):
            type_node = next((c for c in holder.named_children if c.type in _TYPES), None)
            typed = type_text(ctx, type_node)
            written[(owner, text)] = None if (owner, text) in written else type_node
        elif holder is not None and holder.type == "pattern" and holder.parent is not None and (
            holder.parent.type == "property_declaration"
        ):
            declaration = holder.parent
            annotation = next((c for c in declaration.named_children if c.type == "type_annotation"), None)
            type_node = annotation.named_children[0] if annotation and annotation.named_children else None
            typed = type_text(ctx, type_node)
            written[(owner, text)] = None if (owner, text) in written else type_node
            typed = typed or value_type(ctx, declaration.child_by_field_name("value"))
        elif holder is not None and holder.type == "pattern" and holder.parent is not None and \
                holder.parent.type == "for_statement":
            _loop_element(ctx, owner, text, holder.parent, written)
        elif holder is not None and holder.type == "pattern" and holder.parent is not None and \
                holder.parent.type == "pattern" and any(c.type == "as" for c in holder.parent.children):
            # ``case let d as Disc:``: in that case's statements, ``d`` is a ``Disc``
            cast = type_text(ctx, holder.parent.child_by_field_name("name"))
            entry = holder.parent.parent
            while entry is not None and entry.type not in ("switch_entry", "statements", "function_body"):
                entry = entry.parent
            body = next((c for c in entry.named_children if c.type == "statements"), None) \
                if entry is not None and entry.type == "switch_entry" else None
            if cast and body is not None:
                note_narrowing(ctx, owner, text, node_span(body), cast)
        elif holder is not None and holder.type in ("if_statement", "guard_statement", "while_statement"):
            # ``if let d = x as? Disc``, ``guard let d = make() else …``: what the optional unwrapped holds
            siblings = holder.children
            at = next((i for i, c in enumerate(siblings) if c.start_byte == name.start_byte), -1)
            value = next((c for c in siblings[at + 1:] if c.is_named), None) if at >= 0 else None
            typed = value_type(ctx, value) if value is not None and at + 1 < len(siblings) \
                and siblings[at + 1].type == "=" else ""
        if typed:
            note_var_type(ctx, owner, text, typed)
        else:
            note_unknown(ctx, owner, text)

    # -- imports ---------------------------------------------------------------------------------

    def import_statement(self, ctx: Context, node: Node, scope: int) -> None:
        """``import Foundation`` brings a module's names (a star import); ``import struct A.B`` one name."""
        path = next((c for c in node.named_children if c.type == "identifier"), None)
        if path is None:
            return
        module = "".join(ctx.text(path).split())
        kind = next((c for c in node.children if c.type in ("struct", "class", "enum", "protocol", "typealias",
                                                            "func", "let", "var")), None)
        parts = path.named_children
        if kind is not None and "." in module and parts:
            qualifier = node_span(parts[0])[:2] + node_span(parts[-2])[2:] if len(parts) > 1 else None
            ctx.extraction.imports.append(RawImport(scope, module, node_span(node),
                                                    names=((module.rsplit(".", 1)[-1],) * 2,),
                                                    name_spans=(node_span(parts[-1]),), module_span=qualifier))
        else:
            ctx.extraction.imports.append(RawImport(scope, module, node_span(node), star=True,
                                                    module_span=node_span(path)))



ADAPTER = SwiftAdapter

__all__ = ["ADAPTER", "SwiftAdapter", "chain", "type_text", "value_type"]
