"""Kotlin: the adapter half (the query half is ``kotlin/queries.scm``).

Conventions (shared with the Java and Scala adapters): callables render as
``name<T>(param: Type, other: Type=…) -> Ret`` (an extension as ``Receiver.name(…)``), values as
``name: Type``, classes as ``Name<T>(param: Type, …)`` with their primary constructor's
parameters, type aliases as ``Name = Type``. The module symbol is named
``<package>.<file stem>`` and carries ``package``.

Kinds: ``class`` (``data``, ``sealed``, ``abstract``, ``open``, ``inner``, ``value`` as properties),
``interface`` (``fun`` for a functional interface), ``enum`` with ``enum_member`` entries,
``annotation``; an ``object`` is a ``class`` with ``object``. A ``companion object`` is not a symbol
of its own: its members are members of the enclosing class, with ``companion`` (Kotlin calls them
as ``Outer.member``). ``fun`` is a ``method`` in a class, object or interface body, a
``function`` elsewhere (an extension function carries its receiver type as ``extension``);
``constructor(…)`` is a ``constructor``; ``val``/``var`` members and ``val``/``var`` constructor
parameters are ``property`` symbols, top-level ones ``variable`` (``const val``: ``constant``).
Locals (parameters, local ``val``/``var``, loop, lambda and ``catch`` variables) are locals, typed
where their declaration or initialiser says (``val u = User(…)``: ``User()``).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, ClassVar

from codeknit.graph.model import EdgeKind, PropertyValue, SymbolKind
from codeknit.languages.engine import Adapter, Context, GrammarGap, ScopeIndex, file_symbol, node_span
from codeknit.languages.kotlin.spec import LAMBDA_IT, LAMBDA_RECEIVERS
from codeknit.languages.records import CHAIN_STEPS, IMPLICIT_RECEIVER, RawImport, RawSymbol, Step, fold_chain
from codeknit.languages.scoped import (
    add_local,
    clean_comment,
    innermost,
    module_name,
    owned_scope,
    symbol_at,
    value_owner,
)
from codeknit.languages.typing_notes import note_narrowing, note_unknown, note_var_type

if TYPE_CHECKING:
    from tree_sitter import Node

#: ``class_declaration``'s keyword children that make it another kind of type
_KEYWORD_KINDS = {"interface": SymbolKind.INTERFACE, "enum": SymbolKind.ENUM}
#: modifiers that make a class another kind of type
_MODIFIER_KINDS = {"annotation": SymbolKind.ANNOTATION}
#: declarations whose body holds members (their functions are methods, their values properties)
_TYPE_NODES = frozenset({"class_declaration", "object_declaration", "companion_object", "object_literal",
                         "enum_entry"})
_BODIES = frozenset({"class_body", "enum_class_body"})
_VISIBILITY = frozenset({"public", "private", "protected", "internal"})
_PROPERTY_ORDER = ("exported", "visibility", "object", "companion", "extension", "fun", "data", "sealed",
                   "abstract", "open", "final", "inner", "value", "override", "const", "lateinit", "val", "var",
                   "suspend", "inline", "operator", "infix", "tailrec", "external", "expect", "actual",
                   "decorators")
_FLAGS = frozenset(_PROPERTY_ORDER[6:-1]) - {"val", "var"}
_RANK = {name: rank for rank, name in enumerate(_PROPERTY_ORDER)}
#: expression nodes whose value is a name chain (``a.b.c``)
_NAVIGATION = "navigation_expression"
_TYPES = frozenset({"user_type", "nullable_type"})


@dataclass
class _Marks:
    """What the query's ``@adapter.*`` captures say, by start byte (read once per file)."""

    supertypes: set[int] = field(default_factory=set)  # user types recorded as inherits/implements
    annotation_owner: dict[int, int] = field(default_factory=dict)  # annotation type → its modifiers' start
    comments: dict[int, Node] = field(default_factory=dict)  # KDoc comment by the row it ends on
    #: annotations the grammar detached from their declaration (see ``_detached``): (start, end, the
    #: declaration's start) of each run of them, and the annotation names by the declaration's start
    detached: list[tuple[int, int, int]] = field(default_factory=list)
    detached_names: dict[int, list[str]] = field(default_factory=dict)


_COMMENTS = frozenset({"line_comment", "multiline_comment"})


def _argument_count(call: Node | None) -> int:
    """How many arguments a ``call_expression`` passes: those in parentheses and a trailing lambda (-1: not a
    call with its arguments written, a syntax error)."""
    suffix = call.named_children[-1] if call is not None and call.type == "call_expression" else None
    if suffix is None or suffix.type != "call_suffix" or suffix.has_error:
        return -1
    count = 0
    for part in suffix.named_children:
        if part.type == "value_arguments":
            count += sum(child.type == "value_argument" for child in part.named_children)
        elif part.type == "annotated_lambda":
            count += 1
    return count


def _arity(parameters: Node | None) -> tuple[int, int] | None:
    """The fewest and most arguments a function with these ``function_value_parameters`` accepts (-1: any
    number more, a ``vararg``); a parameter with a default value may be left out (an extension's receiver is
    no argument). None: unreadable."""
    if parameters is None or parameters.has_error:
        return None
    required = optional = 0
    variadic = pending = False  # (``pending``: the parameter next is the ``vararg`` one, which may take none)
    for child in parameters.named_children:
        if child.type == "parameter_modifiers":
            pending = any(m.type == "vararg" or m.text == b"vararg" for m in child.named_children)
        elif child.type == "parameter":
            default = child.next_named_sibling
            if pending:
                variadic, pending = True, False
            elif default is not None and default.type not in ("parameter", "parameter_modifiers", *_COMMENTS):
                optional += 1
            else:
                required += 1
    return required, -1 if variadic else required + optional


def _class_arity(node: Node) -> tuple[int, int] | None:
    """The fewest and most arguments a call of a class's primary constructor passes (its ``class_parameter`` nodes: a
    ``vararg`` one takes any number, one with a default value may be left out), as :func:`_arity`; a class without
    one takes none (its default constructor) unless it declares secondary constructors: None, no primary one.
    An unreadable primary constructor accepts any number (``(0, -1)``)."""
    primary = next((c for c in node.children if c.type == "primary_constructor"), None)
    if primary is None:
        body = next((c for c in node.children if c.type == "class_body"), None)
        declares = body is not None and any(c.type == "secondary_constructor" for c in body.named_children)
        return None if declares else (0, 0)
    if primary.has_error:
        return 0, -1
    required = optional = 0
    variadic = False
    for parameter in primary.named_children:
        if parameter.type != "class_parameter":
            continue
        modifiers = next((c for c in parameter.named_children if c.type == "modifiers"), None)
        if modifiers is not None and any(m.type == "parameter_modifier" and m.text == b"vararg"
                                         for m in modifiers.named_children):
            variadic = True
        elif any(c.type == "=" for c in parameter.children):
            optional += 1
        else:
            required += 1
    return required, -1 if variadic else required + optional


def _marks(ctx: Context) -> _Marks:
    marks = ctx.state.get("kotlin")
    if isinstance(marks, _Marks):
        return marks
    marks = ctx.state["kotlin"] = _Marks()
    for captures in ctx.matches:
        for node in captures.get("adapter.supertype", ()):
            marks.supertypes.add(node.start_byte)
        for owner, annotated in zip(captures.get("adapter.modifiers", ()), captures.get("adapter.annotated", ()),
                                    strict=False):
            marks.annotation_owner[annotated.start_byte] = owner.start_byte
        for comment in captures.get("adapter.comment", ()):
            marks.comments[comment.end_point[0]] = comment
        for expression in captures.get("adapter.detached", ()):
            _detached(ctx, marks, expression)
    return marks


def _detached_scope(ctx: Context, start: int, scope: int) -> int:
    """The declaration whose detached annotation (``_detached``) holds the byte ``start``, else ``scope``."""
    for first, end, owner in _marks(ctx).detached:
        if first <= start < end:
            found = symbol_at(ctx, owner)
            return found if found > 0 else scope
    return scope


#: what an annotation the grammar detached (``_detached``) can be on
_DECLARATIONS = frozenset({"function_declaration", "property_declaration", "class_declaration",
                           "object_declaration", "type_alias"})


def _detached(ctx: Context, marks: _Marks, expression: Node) -> None:
    """A top-level annotation with arguments on the line before a ``fun`` with no other modifier
    (``@OptIn(Marker::class)⏎fun f()``) is read by the grammar as an expression statement of its own: the
    annotation applied to a parenthesised expression (its arguments), beside the declaration. It is the
    declaration's: its type decorates it, and the uses in its arguments are the declaration's."""
    declaration = expression.next_named_sibling
    if declaration is None or declaration.type not in _DECLARATIONS or (
            ctx.source[expression.end_byte:declaration.start_byte].strip()):
        return
    written_types: list[Node] = []
    node: Node | None = expression
    while node is not None and node.type == "prefix_expression" and node.named_child_count == 2 and (
            node.named_children[0].type == "annotation"):
        annotation, node = node.named_children
        written = next((c for c in annotation.named_children if c.type in ("user_type", "constructor_invocation")),
                       None)
        if written is not None and written.type == "constructor_invocation":
            written = written.named_children[0] if written.named_children else None
        if written is not None:
            written_types.append(written)
    if node is None or node.type != "parenthesized_expression" or not written_types:
        return  # (an annotated expression after all: its last operand is no argument list)
    for written in written_types:
        marks.annotation_owner[written.start_byte] = declaration.start_byte
    marks.detached.append((expression.start_byte, expression.end_byte, declaration.start_byte))
    marks.detached_names[declaration.start_byte] = [type_text(ctx, written) for written in written_types]


def type_text(ctx: Context, node: Node | None) -> str:
    """A written type in the ``declared_type`` convention: ``User``, ``a.b.User`` (type arguments and
    ``?`` dropped); "" for function types, tuples and anything else."""
    if node is not None and node.type == "nullable_type":
        node = node.named_children[0] if node.named_children else None
    if node is None or node.type != "user_type":
        return ""
    return ".".join(ctx.text(c) for c in node.named_children if c.type == "type_identifier")


def _type_parameter_bound(ctx: Context, node: Node, name: str) -> str:
    """The upper bound of the type parameter ``node`` in the ``declared_type`` convention (``<T : B>``, or ``where
    T : B`` after the declaration: ``B``; several, ``where T : A, T : B``: ``A&B``); "" where it has none, or one
    that is no plain type (a function type)."""
    bounds = [type_text(ctx, c) for c in node.named_children[1:] if c.type in ("user_type", "nullable_type")]
    holder = node.parent.parent if node.parent is not None else None
    constraints = next((c for c in holder.children if c.type == "type_constraints"), None) if (
        holder is not None) else None
    for constraint in constraints.named_children if constraints is not None else ():
        parts = constraint.named_children
        if constraint.type == "type_constraint" and len(parts) >= 2 and parts[0].type == "type_identifier" and (
                ctx.text(parts[0]) == name):
            bounds += [type_text(ctx, c) for c in parts[1:] if c.type in ("user_type", "nullable_type")]
    return "" if not bounds or not all(bounds) else "&".join(dict.fromkeys(bounds))


def chain(ctx: Context, node: Node | None) -> tuple[str, bool] | None:
    """``(text, head_known)`` for a name expression: ``a.b.c``, a call part as ``f()`` (``make().run``), a
    cast's value as a value of its type (``(x as Store).add`` as ``Store().add``), ``it`` as a value of the
    element or receiver it stands for where that is known (:func:`_implicit_it`); any other receiver (a
    literal, a lambda, an index) leaves the head unknown. Read from the outside in, without
    recursion: a builder's chain of calls is as deep as it is long."""
    steps: list[Step] = []
    head: tuple[str, bool] | None = None
    while node is not None and len(steps) < CHAIN_STEPS:
        kind = node.type
        if kind == "simple_identifier":
            text = ctx.text(node)
            head = (text, True) if text != "it" else _implicit_it(ctx, node)
        elif kind in ("this_expression", "super_expression"):
            head = ("this" if kind == "this_expression" else "super"), True
            label = next((c for c in node.named_children if c.type == "type_identifier"), None)
            if label is not None:  # ``this@Outer``: the labelled class's (or extension's receiver's) instance
                head = f"{head[0]}@{ctx.text(label)}", True
        elif kind == _NAVIGATION:
            if node.named_child_count != 2:
                break
            receiver, suffix = node.named_children
            member = suffix.named_children[-1] if suffix.named_children else None
            if member is None or member.type != "simple_identifier":
                break
            steps.append(ctx.text(member))
            node = receiver
            continue
        elif kind == "call_expression":
            steps.append(None)
            node = node.named_children[0] if node.named_children else None
            continue
        elif kind == "parenthesized_expression" and node.named_child_count == 1:
            node = node.named_children[0]
            continue
        elif kind == "postfix_expression" and node.named_children:  # ``x!!.run()``
            node = node.named_children[0]
            continue
        elif kind == "as_expression" and node.named_child_count == 2 and steps:
            # ``(x as Store).add()``, ``(x as? Store)?.add()``: a value of that type (a type called: one of it)
            typed = type_text(ctx, node.named_children[1])
            head = (f"{typed}()", True) if typed else None
        break
    return fold_chain(head, steps)


def last_name(node: Node) -> Node:
    """The node of the last name of a chain (where a reference's span points)."""
    if node.type == _NAVIGATION and node.named_child_count == 2:
        suffix = node.named_children[1]
        return suffix.named_children[-1] if suffix.named_children else node
    if node.type == "user_type":
        names = [c for c in node.named_children if c.type == "type_identifier"]
        return names[-1] if names else node
    return node


def value_type(ctx: Context, node: Node | None) -> str:
    """The type an expression gives when its syntax says: ``Foo(…)``/``make(…)``/``a.b.make(…)`` (what the
    callee returns), ``x as Foo``; "" otherwise."""
    while node is not None and node.type == "parenthesized_expression" and node.named_child_count == 1:
        node = node.named_children[0]
    if node is None:
        return ""
    if node.type == "as_expression" and node.named_child_count == 2:
        return type_text(ctx, node.named_children[1])
    if node.type == "call_expression" and node.named_children:
        found = chain(ctx, node.named_children[0])
        return f"{found[0]}()" if found is not None and found[1] and "()" not in found[0] else ""
    return ""


def _ordered(properties: dict[str, PropertyValue]) -> dict[str, PropertyValue]:
    return dict(sorted(properties.items(), key=lambda item: _RANK.get(item[0], len(_RANK))))


class KotlinAdapter(Adapter):
    language = "kotlin"
    grammars = {"": "kotlin"}
    grammar_gaps = (
        # Kotlin 1.9: the range that leaves out its end, ``0..<n``; the grammar knows ``0..n``, the same to
        # what codeknit reads (the bounds' uses)
        GrammarGap("a range up to its end (0..<n)", re.compile(rb"\.\.(?P<mask><)"), inside=("range_expression",),
                   mask_first=True),
        # a primary constructor with modifiers on the line after the class's name (``class Buffer⏎internal
        # constructor(…)``, okio's style): the grammar ends the class at its name and reads its body as a lambda
        # passed to a call of ``constructor``, its methods as top-level functions. Without its modifiers and
        # keyword, ``class Buffer⏎(…) {`` is a class with its parameters and body (the modifiers, visibility or
        # an annotation such as ``@Inject``, say nothing codeknit shows of a class)
        GrammarGap("a primary constructor's modifiers on the line after the class name",
                   re.compile(rb"\bclass[ \t]+[\w`]+[ \t]*(?:<[^\n]*>)?[ \t]*\r?\n"
                              rb"(?:[ \t]*(?://[^\n]*|/\*(?:[^*]|\*(?!/))*\*/)[ \t]*\r?\n)*[ \t]*"
                              rb"(?P<mask>(?:(?:@[\w.:]+(?:\([^()\n]*\))?|public|private|protected|internal|actual|expect)"
                              rb"[ \t]+)*constructor)(?=[ \t]*\()"),
                   inside=("class_declaration",), mask_first=True),
        # Kotlin Multiplatform's ``actual`` on a constructor's property after another modifier or an annotation
        # (``internal actual val bytes: ByteString``, ``@JvmField actual val sink: Sink``): the grammar takes one
        # kind of modifier there
        GrammarGap("actual on a constructor property after another modifier",
                   re.compile(rb"(?:\binternal|\bprivate|\bpublic|\bprotected|@[\w.:]+(?:\([^()\n]*\))?)[ \t\r\n]+"
                              rb"(?P<mask>actual)[ \t]+va[lr]\b"),
                   inside=("class_parameter",)),
    )

    def module_symbol(self, ctx: Context, root: Node) -> RawSymbol:
        package = ""
        for child in root.named_children:
            if child.type == "package_header":
                package = "".join(ctx.text(child.named_children[0]).split()) if child.named_children else ""
                break
            if child.type not in ("file_annotation", "shebang_line", "line_comment", "multiline_comment"):
                break
        properties: dict[str, PropertyValue] = {"package": package} if package else {}
        return file_symbol(ctx, root, module_name(package, ctx.extraction.path), properties=properties)

    # -- definitions -------------------------------------------------------------------------

    def definition(self, ctx: Context, kind: str, node: Node, name: Node | None) -> RawSymbol | None:
        name_text = ctx.text(name) if name is not None else "constructor"
        symbol = RawSymbol(name=name_text.strip("`"), kind=SymbolKind(kind), span=node_span(node),
                           name_span=node_span(name if name is not None else node),
                           start_byte=node.start_byte, end_byte=node.end_byte)
        if kind == "type_parameter":
            symbol.signature = ctx.squeezed(node)
            symbol.declared_type = _type_parameter_bound(ctx, node, symbol.name)
            return symbol
        if kind == "enum_member":
            symbol.signature = symbol.name
            symbol.doc = self._doc(ctx, node)
            return symbol
        flags, visibility, decorators = self._modifiers(ctx, node)
        container = self._container(node)
        properties: dict[str, PropertyValue] = {}
        if container == "file":
            properties["exported"] = visibility != "private"
        if visibility:
            properties["visibility"] = visibility
        if container == "companion":
            properties["companion"] = True
        properties.update({flag: True for flag in sorted(flags & _FLAGS)})
        if decorators:
            properties["decorators"] = tuple(decorators)
        symbol.doc = self._doc(ctx, node)
        if kind == "class":
            symbol.kind = self._type_kind(ctx, node, flags)
            if node.type == "object_declaration":
                properties["object"] = True
            if any(c.type == "fun" for c in node.children):
                properties["fun"] = True
            symbol.signature = symbol.name + self._type_parameters(ctx, node) + self._class_parameters(ctx, node)
            if symbol.kind is SymbolKind.CLASS and node.type == "class_declaration":
                symbol.arity = _class_arity(node)  # (its primary constructor's: ``Foo(1, 2)`` calls it)
        elif kind in ("function", "constructor"):
            if kind == "function" and container in ("member", "companion"):
                symbol.kind = SymbolKind.METHOD
            receiver = next((c for c in node.children if c.type == "receiver_type"), None)
            prefix = ""
            if receiver is not None:
                prefix = ctx.squeezed(receiver) + "."
                properties["extension"] = ctx.squeezed(receiver)
            returns = self._return_type(node)
            symbol.signature = (prefix + symbol.name + self._type_parameters(ctx, node) + self._parameters(ctx, node)
                                + (f" -> {ctx.squeezed(returns)}" if returns is not None else ""))
            symbol.arity = _arity(next((c for c in node.children if c.type == "function_value_parameters"), None))
            body = next((c for c in node.children if c.type == "function_body"), None)
            symbol.declared_type = type_text(ctx, returns) or (
                value_type(ctx, body.named_children[0]) if body is not None and body.named_child_count == 1
                and ctx.text(body).startswith("=") else "")
        elif kind == "type_alias":
            aliased = node.named_children[-1] if node.named_children else None
            symbol.signature = f"{symbol.name}{self._type_parameters(ctx, node)} = {ctx.squeezed(aliased)}"
            symbol.declared_type = type_text(ctx, aliased)
        else:  # a property: a member, a top-level value, or a constructor parameter
            self._property(ctx, symbol, node, container, flags, properties)
        symbol.properties = _ordered(properties)
        return symbol

    @staticmethod
    def _type_kind(ctx: Context, node: Node, flags: set[str]) -> SymbolKind:
        for child in node.children:
            kind = _KEYWORD_KINDS.get(child.type)
            if kind is not None:
                return kind
        return next((_MODIFIER_KINDS[f] for f in flags if f in _MODIFIER_KINDS), SymbolKind.CLASS)

    @staticmethod
    def _container(node: Node) -> str:
        """``member`` (a class, object or interface body), ``companion``, ``file`` or ``local``."""
        parent = node.parent
        if parent is None or parent.type == "source_file":
            return "file"
        if parent.type == "primary_constructor":
            return "member"
        if parent.type in _BODIES and parent.parent is not None and parent.parent.type in _TYPE_NODES:
            return "companion" if parent.parent.type == "companion_object" else "member"
        return "local"

    def _modifiers(self, ctx: Context, node: Node) -> tuple[set[str], str | None, list[str]]:
        flags: set[str] = set()
        visibility: str | None = None
        decorators: list[str] = []
        modifiers = next((c for c in node.children if c.type == "modifiers"), None)
        for modifier in modifiers.named_children if modifiers is not None else ():
            if modifier.type == "annotation":
                written = next((c for c in modifier.named_children
                                if c.type in ("user_type", "constructor_invocation")), None)
                if written is not None and written.type == "constructor_invocation":
                    written = written.named_children[0] if written.named_children else None
                if written is not None:
                    decorators.append(type_text(ctx, written))
                continue
            text = ctx.text(modifier)
            if text in _VISIBILITY:
                visibility = text if text != "public" else None
            else:
                flags.add(text)
        decorators += _marks(ctx).detached_names.get(node.start_byte, ())
        binding = next((c for c in node.children if c.type == "binding_pattern_kind"), None)
        if binding is not None:
            flags.add(ctx.text(binding))
        return flags, visibility, decorators

    def _doc(self, ctx: Context, node: Node) -> str | None:
        """The KDoc comment right before ``node`` (only blank space between them, on the line above or
        the same line)."""
        comments = _marks(ctx).comments
        row = node.start_point[0]
        comment = comments.get(row - 1) or comments.get(row)
        if comment is None or comment.end_byte > node.start_byte:
            return None
        if ctx.text_at(comment.end_byte, node.start_byte).strip():
            return None
        text = ctx.text(comment)
        return clean_comment(text) if text.startswith("/**") else None

    @staticmethod
    def _return_type(node: Node) -> Node | None:
        """The type written after ``)`` of a function's parameters."""
        seen_parameters = False
        for child in node.children:
            if child.type == "function_value_parameters":
                seen_parameters = True
            elif seen_parameters and child.type in ("user_type", "nullable_type", "function_type",
                                                    "parenthesized_type"):
                return child
        return None

    @staticmethod
    def _type_parameters(ctx: Context, node: Node) -> str:
        found = next((c for c in node.children if c.type == "type_parameters"), None)
        return ctx.squeezed(found) if found is not None else ""

    def _parameters(self, ctx: Context, node: Node) -> str:
        parameters = next((c for c in node.children if c.type == "function_value_parameters"), None)
        if parameters is None:
            return "()"
        rendered = []
        for parameter in parameters.named_children:
            if parameter.type == "parameter" and parameter.named_child_count >= 2:
                written = parameter.named_children[1]
                typed = ctx.squeezed(written)
                if written.type == "type_modifiers" and parameter.named_child_count >= 3:
                    # ``block: suspend Scope.() -> Unit``: the modifier is a node of its own, before the type
                    typed = f"{typed} {ctx.squeezed(parameter.named_children[2])}"
                text = f"{ctx.text(parameter.named_children[0])}: {typed}"
                default = parameter.next_named_sibling
                rendered.append(text + ("=…" if default is not None and default.type not in (
                    "parameter", "parameter_modifiers", "line_comment", "multiline_comment") else ""))
        return f"({', '.join(rendered)})"

    def _class_parameters(self, ctx: Context, node: Node) -> str:
        constructor = next((c for c in node.children if c.type == "primary_constructor"), None)
        if constructor is None:
            return ""
        rendered = []
        for parameter in constructor.named_children:
            if parameter.type != "class_parameter":
                continue
            name = next((c for c in parameter.named_children if c.type == "simple_identifier"), None)
            written = next((c for c in parameter.named_children if c.type in _TYPES), None)
            text = ctx.text(name) + (f": {ctx.squeezed(written)}" if written is not None else "")
            rendered.append(text + ("=…" if parameter.named_children[-1] is not written else ""))
        return f"({', '.join(rendered)})"

    def _property(self, ctx: Context, symbol: RawSymbol, node: Node, container: str, flags: set[str],
                  properties: dict[str, PropertyValue]) -> None:
        if node.type == "class_parameter":
            written = next((c for c in node.named_children if c.type in _TYPES), None)
            initializer = None
        else:
            declaration = next((c for c in node.named_children if c.type == "variable_declaration"), None)
            written = next((c for c in declaration.named_children if c.type in _TYPES), None) if declaration else None
            initializer = node.named_children[-1] if node.named_children else None
            if initializer is declaration:
                initializer = None
        receiver = next((c for c in node.children if c.type == "receiver_type"), None)
        if receiver is not None:
            # an extension property (``val String.first: Char get() = this[0]``): no storage, a property of its
            # receiver type, whose accessors see the receiver as ``this`` (the rules read ``extension``); its
            # accessors are its own, where the grammar puts them after the declaration instead of inside it
            symbol.kind = SymbolKind.PROPERTY
            properties["extension"] = ctx.squeezed(receiver)
            accessor = node.next_named_sibling
            while accessor is not None and accessor.type in ("getter", "setter", "line_comment", "multiline_comment"):
                if accessor.type in ("getter", "setter"):
                    symbol.end_byte = accessor.end_byte
                    symbol.span = (*symbol.span[:2], accessor.end_point[0] + 1, accessor.end_point[1])
                accessor = accessor.next_named_sibling
        elif container == "file":
            symbol.kind = SymbolKind.CONSTANT if "const" in flags else SymbolKind.VARIABLE
        elif "const" in flags:
            symbol.kind = SymbolKind.CONSTANT
        properties["var" if "var" in flags else "val"] = True
        prefix = f"{properties['extension']}." if receiver is not None else ""
        symbol.signature = prefix + (f"{symbol.name}: {ctx.squeezed(written)}" if written is not None else symbol.name)
        symbol.declared_type = type_text(ctx, written) or value_type(ctx, initializer)

    # -- references ----------------------------------------------------------------------------

    def finish(self, ctx: Context, scopes: ScopeIndex) -> None:
        _record_smart_casts(ctx, scopes)
        _record_receivers(ctx, scopes)

    def chain(self, ctx: Context, node: Node) -> tuple[str, bool, Node] | None:
        if node.type == "directly_assignable_expression":  # an assignment's target: ``x``, ``a.b``
            parts = node.named_children
            if len(parts) == 1:
                node = parts[0]
            elif len(parts) == 2 and parts[1].type == "navigation_suffix" and parts[1].named_children:
                member = parts[1].named_children[-1]
                if member.type != "simple_identifier":
                    return None
                base = chain(ctx, parts[0])
                name = ctx.text(member)
                return (f"{base[0]}.{name}", True, member) if base is not None and base[1] else (name, False, member)
            else:
                return None  # ``a[i] = x``: a call of ``set``
        found = chain(ctx, node)
        if found is None or found[0] in ("this", "super") or found[0].startswith(("this@", "super@")) and (
                "." not in found[0]):
            return None
        if found[0] == "it":  # a bare ``it``: a lambda's parameter, declared (``it ->``) or not
            return "it", True, node
        return found[0], found[1], last_name(node)

    #: a name alone (``it`` too) is its own text: the engine records it without a call per name
    plain_value_types: ClassVar[frozenset[str]] = frozenset({"simple_identifier"})

    def value_scope(self, ctx: Context, scope_of: Callable[[int, int], int]) -> Callable[[int, int], int]:
        owned = owned_scope(ctx, scope_of)  # (a use in a property's initialiser is the property's)
        if not _marks(ctx).detached:
            return owned

        def scope(start: int, end: int) -> int:  # (a use in an annotation the grammar detached: its declaration's)
            found = owned(start, end)
            return _detached_scope(ctx, start, found) if found == 0 else found

        return scope

    def reference(self, ctx: Context, kind: str, node: Node, scope: int) -> None:
        if scope == 0 and _marks(ctx).detached:  # an argument of an annotation the grammar detached
            scope = _detached_scope(ctx, node.start_byte, scope)
        if kind == "call":
            self._call(ctx, node, scope)
        elif kind == "infix":
            ctx.add_ref(value_owner(ctx, node, scope), EdgeKind.CALLS, ctx.text(node), node_span(node),
                        head_known=False)
        elif kind in ("inherits", "implements"):
            owner = ctx.extraction.symbols[scope]
            if owner.kind.category.value != "type":
                return  # an object expression's supertype: it is no symbol
            edge = EdgeKind.INHERITS if kind == "inherits" or owner.kind is SymbolKind.INTERFACE else (
                EdgeKind.IMPLEMENTS)
            ctx.add_ref(scope, edge, type_text(ctx, node), node_span(last_name(node)))
        elif kind == "decorates":
            target = symbol_at(ctx, _marks(ctx).annotation_owner.get(node.start_byte, -1))
            edge = EdgeKind.DECORATES if target > 0 else EdgeKind.REFERENCES
            ctx.add_ref(target if target > 0 else scope, edge, type_text(ctx, node), node_span(last_name(node)))
        elif kind == "type":
            if node.start_byte not in _marks(ctx).supertypes and node.start_byte not in _marks(ctx).annotation_owner:
                ctx.add_ref(scope, EdgeKind.REFERENCES, type_text(ctx, node), node_span(last_name(node)))
        elif kind == "local":
            self._local(ctx, node)

    def _call(self, ctx: Context, node: Node, scope: int) -> None:
        if node.type == "callable_reference":  # ``::f``, ``Type::f``
            names = [c for c in node.named_children if c.type in ("simple_identifier", "type_identifier",
                                                                    "user_type")]
            if not names:
                return
            text = ".".join(type_text(ctx, c) if c.type == "user_type" else ctx.text(c) for c in names)
            # ``Foo::class`` (``T::class``, ``value::class``) is a class literal: a use of the name, no call
            literal = any(c.type == "class" for c in node.children)
            ctx.add_ref(value_owner(ctx, node, scope), EdgeKind.REFERENCES if literal else EdgeKind.CALLS, text,
                        node_span(last_name(names[-1])))
            return
        if node.type == "constructor_delegation_call":  # ``constructor(…) : this(…)``, ``: super(…)``
            keyword = node.children[0] if node.children else None
            if keyword is None or keyword.type not in ("this", "super"):
                return
            arguments = next((c for c in node.named_children if c.type == "value_arguments"), None)
            count = -1 if arguments is None or arguments.has_error else sum(
                child.type == "value_argument" for child in arguments.named_children)
            ctx.add_ref(scope, EdgeKind.CALLS, keyword.type, node_span(keyword), arguments=count)
            return
        found = chain(ctx, node)
        if found is None:
            return
        ctx.add_ref(value_owner(ctx, node, scope), EdgeKind.CALLS, found[0], node_span(last_name(node)),
                    head_known=found[1], arguments=_argument_count(node.parent))

    def _local(self, ctx: Context, name: Node) -> None:
        owner = innermost(ctx, name)
        if owner <= 0:
            return
        symbol = ctx.extraction.symbols[owner]
        if symbol.name_span == node_span(name) or symbol.kind.category.value == "module":
            return  # a property declared in a constructor: a symbol, not a local
        text = ctx.text(name)
        add_local(ctx, owner, text)
        declaration = name.parent
        written = next((c for c in declaration.named_children if c.type in _TYPES), None) if declaration else None
        if declaration is not None and declaration.type == "variable_declaration":
            statement = declaration.parent
            initializer = statement.named_children[-1] if statement is not None and statement.named_children else None
            typed = type_text(ctx, written) or (value_type(ctx, initializer) if initializer is not declaration else "")
        else:
            typed = type_text(ctx, written)
        if typed:
            note_var_type(ctx, owner, text, typed)
        else:
            note_unknown(ctx, owner, text)
        if declaration is not None:
            _loop_element(ctx, owner, text, declaration, written)

    # -- imports ---------------------------------------------------------------------------------

    def import_statement(self, ctx: Context, node: Node, scope: int) -> None:
        path = next((c for c in node.named_children if c.type == "identifier"), None)
        if path is None:
            return
        # a companion object is no symbol (its members are the class's): ``A.Companion.x`` imports ``A.x``
        module = ".".join(part for part in "".join(ctx.text(path).split()).split(".") if part != "Companion")
        # (the grammar may nest the comments that follow an import in it: the span ends before them)
        last = next(c for c in reversed(node.children) if c.type not in ("line_comment", "multiline_comment"))
        span = (node.start_point[0] + 1, node.start_point[1], last.end_point[0] + 1, last.end_point[1])
        if any(c.type == "wildcard_import" for c in node.named_children):
            ctx.extraction.imports.append(RawImport(scope, module, span, star=True, module_span=node_span(path)))
            return
        alias = next((c for c in node.named_children if c.type == "import_alias"), None)
        local = ctx.text(alias.named_children[-1]) if alias is not None and alias.named_children else (
            module.rsplit(".", 1)[-1])
        parts = path.named_children
        qualifier = (node_span(parts[0])[:2] + node_span(parts[-2])[2:]) if len(parts) > 1 else None
        ctx.extraction.imports.append(RawImport(scope, module, span, names=((module.rsplit(".", 1)[-1], local),),
                                                name_spans=(node_span(parts[-1]),) if parts else (),
                                                module_span=qualifier))



ADAPTER = KotlinAdapter

__all__ = ["ADAPTER", "RECEIVER", "SMART_CAST", "KotlinAdapter", "chain", "type_text", "value_type"]


#: the collections whose element is their first type argument (what ``for (x in xs)`` gives)
_COLLECTIONS = frozenset(("List", "MutableList", "ArrayList", "Set", "MutableSet", "HashSet", "LinkedHashSet",
                          "Collection", "MutableCollection", "Iterable", "Sequence", "Array", "ArrayDeque"))


#: the functions of a collection that call a lambda with each element
_ELEMENT_WISE = frozenset(("forEach", "forEachIndexed", "map", "mapNotNull", "flatMap", "filter", "filterNot", "any",
                           "all", "none", "first", "firstOrNull", "last", "lastOrNull", "find", "count", "sumOf",
                           "sortedBy", "sortedByDescending", "groupBy", "associateBy", "associateWith", "partition",
                           "onEach", "maxByOrNull", "minByOrNull", "takeWhile", "dropWhile", "distinctBy"))


def _element_of(ctx: Context, collection: Node | None) -> str:
    """The element type a written collection type names (``List<Disc>``, ``Array<Disc>?``): ``Disc``; "" for
    any other type."""
    if collection is not None and collection.type == "nullable_type":
        collection = collection.named_children[0] if collection.named_children else None
    if collection is None or collection.type != "user_type":
        return ""
    names = [c for c in collection.named_children if c.type == "type_identifier"]
    arguments = next((c for c in collection.named_children if c.type == "type_arguments"), None)
    projections = [c for c in arguments.named_children if c.type == "type_projection"] if arguments else []
    if not names or ctx.text(names[-1]) not in _COLLECTIONS or len(projections) != 1:
        return ""
    return type_text(ctx, next((c for c in projections[0].named_children if c.type in _TYPES), None))


def _implicit_it(ctx: Context, node: Node) -> tuple[str, bool]:
    """The head ``it``: the implicit parameter of the innermost lambda without parameters around ``node``. Where
    that lambda is given to an element-wise function of a parameter or local written as a collection
    (``discs.forEach { it.area() }``), or to ``let``/``also`` of one written with a type (``disc?.let {
    it.area() }``), ``it`` is a value of that type, written as a construction (``Disc()``, as a cast's value);
    else the head is unknown (``("it", False)``)."""
    lambda_ = node.parent
    while lambda_ is not None and lambda_.type not in ("lambda_literal", "function_declaration", "class_body"):
        lambda_ = lambda_.parent
    if lambda_ is None or lambda_.type != "lambda_literal" or \
            any(c.type == "lambda_parameters" for c in lambda_.named_children):
        return "it", False
    suffix = lambda_.parent.parent if lambda_.parent is not None and lambda_.parent.type == "annotated_lambda" \
        else None
    call = suffix.parent if suffix is not None and suffix.type == "call_suffix" else None
    navigation = call.named_children[0] if call is not None and call.named_children else None
    if navigation is None or navigation.type != _NAVIGATION or navigation.named_child_count != 2:
        return "it", False
    receiver, member = navigation.named_children
    method = member.named_children[-1] if member.named_children else None
    types = ctx.state.get("kotlin.written")
    if method is None or receiver.type != "simple_identifier" or not isinstance(types, dict):
        return "it", False
    written = types.get((innermost(ctx, node), ctx.text(receiver)))
    name = ctx.text(method)
    typed = _element_of(ctx, written) if name in _ELEMENT_WISE else \
        type_text(ctx, written) if name in ("let", "also", "takeIf", "takeUnless") else ""
    return (f"{typed}()", True) if typed else ("it", False)


def _loop_element(ctx: Context, owner: int, name: str, declaration: Node, written: Node | None) -> None:
    """Remember the type written for a parameter or a local (in source order, before its uses); and for
    ``for (d in ds)``, narrow ``d`` in the loop's body to an element of ``ds`` where ``ds`` is written to be a
    collection of a named type (``Extraction.narrowed``)."""
    types = ctx.state.setdefault("kotlin.written", {})
    assert isinstance(types, dict)
    if written is not None:
        key = (owner, name)
        types[key] = None if key in types else written
        return
    loop = declaration.parent
    if declaration.type != "variable_declaration" or loop is None:
        return
    if loop.type == "for_statement":
        after = [c for c in loop.children if c.start_byte >= declaration.end_byte and c.is_named]
        iterated = after[0] if after else None
        body = next((c for c in after if c.type == "control_structure_body"), None)
    elif loop.type == "lambda_parameters" and loop.named_child_count == 1:
        # ``ds.map { d -> … }``, ``ds.forEach { d -> … }``: d is an element of ds
        lambda_ = loop.parent
        suffix = lambda_.parent.parent if lambda_ is not None and lambda_.parent is not None and \
            lambda_.parent.type == "annotated_lambda" else None
        call = suffix.parent if suffix is not None and suffix.type == "call_suffix" else None
        navigation = call.named_children[0] if call is not None and call.named_children else None
        if navigation is None or navigation.type != _NAVIGATION or navigation.named_child_count != 2:
            return
        receiver, member = navigation.named_children
        method = member.named_children[-1] if member.named_children else None
        if method is None or ctx.text(method) not in _ELEMENT_WISE:
            return
        iterated, body = receiver, lambda_
    else:
        return
    if iterated is None or iterated.type != "simple_identifier" or body is None:
        return
    typed = _element_of(ctx, types.get((owner, ctx.text(iterated))))
    if typed:
        note_narrowing(ctx, owner, name, node_span(body), typed)


def _record_smart_casts(ctx: Context, scopes: ScopeIndex) -> None:
    """``Extraction.narrowed``: where a test ``x is T`` holds, the local ``x`` is a ``T`` (Kotlin's smart cast):
    the body of ``if (x is T)`` (of its ``else`` for ``!is``), the right of ``x is T && …``, the entry of
    ``when (x) { is T -> … }`` or of ``when { x is T -> … }``; not a region that assigns ``x`` again. Where the
    test is of ``this`` (``if (this is T)``), the region's implicit receiver is a ``T``: a region of
    :data:`RECEIVER`, as ``is:T`` (see :func:`_record_receivers`)."""
    symbols = ctx.extraction.symbols
    for captures in ctx.matches:
        if "adapter.is_check" in captures:
            test, name, written = (captures["adapter.is_check"][0], captures["adapter.narrowed"][0],
                                   captures["adapter.narrowed_to"][0])
            regions = _holding(test, not any(c.type == "!is" for c in test.children))
        elif "adapter.when_condition" in captures:
            condition, name, written = (captures["adapter.when_condition"][0], captures["adapter.when_subject"][0],
                                        captures["adapter.when_type"][0])
            entry = condition.parent
            test = condition.named_children[0]
            if entry is None or any(c.type == "!is" for c in test.children) or \
                    sum(c.type == "when_condition" for c in entry.named_children) != 1:
                continue  # (``!is``; ``is A, is B ->``: one of several types)
            regions = [c for c in entry.named_children if c.type == "control_structure_body"]
        else:
            continue
        typed = type_text(ctx, written)
        scope = scopes.enclosing(name.start_byte, name.end_byte)
        if not typed or scope <= 0 or symbols[scope].kind.category.value != "callable":
            continue
        if name.type == "this_expression" and ctx.text(name) != "this":
            continue  # (``this@Outer is T`` narrows the labelled receiver, not the innermost ``this``: not read yet)
        if name.type == "this_expression":  # (``this`` is never assigned: every region holds)
            for region in regions:
                ctx.extraction.narrowed.setdefault(symbols[scope].span[:2], []).append(
                    (RECEIVER, node_span(region), f"{SMART_CAST}:{typed}"))
            continue
        text = ctx.text(name)
        assigned = re.compile(rf"(?<![\w.]){re.escape(text)}\s*=(?!=)")
        for region in regions:
            if not assigned.search(ctx.text(region)):
                note_narrowing(ctx, scope, text, node_span(region), typed)


#: the name ``Extraction.narrowed`` gives the implicit receiver of a lambda (see :func:`_record_receivers`)
RECEIVER = IMPLICIT_RECEIVER
#: the label of a region whose implicit receiver a test of ``this`` narrows (``if (this is T)``: ``is:T``, the type
#: as written); ``is`` is a keyword, never a lambda's label
SMART_CAST = "is"


def _record_receivers(ctx: Context, scopes: ScopeIndex) -> None:
    """``Extraction.narrowed``: where a lambda may have a receiver, the implicit ``this`` in it (the narrowed name
    :data:`RECEIVER`), as ``label:receiver``, the label being the lambda's own where it has one (``b.run lit@{ … }``:
    ``this@lit``), else the called function's name (``this@with``), and the receiver one of: ``=chain``, the
    value of an expression (``with(x) { … }``: ``=x``; ``a.b().apply { … }``:
    ``=a.b()``); a qualified type (``buildString { … }``: ``kotlin.text.StringBuilder``, from the spec's
    ``LAMBDA_RECEIVERS``); ``?``, a receiver the syntax does not say (``f().apply { … }``); ``@callee#n``, the
    lambda is argument ``n`` (``-1``: the trailing lambda) of a call of ``callee``, not one the spec knows: where
    that is a project function whose parameter there is a function type with a receiver (``init: Page.() ->
    Unit``), that receiver (the rules decide). With the label ``is`` (:data:`SMART_CAST`, recorded by
    :func:`_record_smart_casts`), the receiver is the type written: ``this`` smart cast to it. Lambdas given to
    a function of ``LAMBDA_IT`` (``let``, ``map`` …) have none."""
    symbols = ctx.extraction.symbols
    for captures in ctx.matches:
        for lambda_ in captures.get("adapter.lambda", ()):
            parent = lambda_.parent
            if parent is None:
                continue
            # an explicit label (``run lit@{ … }``, ``f(lit@{ … })``) is the lambda's only one: ``this@lit``
            labelled = parent if parent.type == "annotated_lambda" else parent if parent.type == (
                "prefix_expression") and parent.named_child_count == 2 else None
            label_node = next((c for c in labelled.named_children if c.type == "label"), None) if (
                labelled is not None) else None
            if label_node is not None and parent.type == "prefix_expression":
                parent = parent.parent
                if parent is None:
                    continue
            if parent.type == "annotated_lambda":  # ``f(x) { … }``: the trailing lambda
                suffix, position = parent.parent, -1
            elif parent.type == "value_argument" and parent.named_child_count == 1 and parent.parent is not None:
                arguments = [c for c in parent.parent.named_children if c.type == "value_argument"]
                suffix, position = parent.parent.parent, arguments.index(parent)
            else:
                continue
            call = suffix.parent if suffix is not None and suffix.type == "call_suffix" else None
            if call is None or call.type != "call_expression" or not call.named_children:
                continue
            callee = call.named_children[0]
            receiver: Node | None = None
            if callee.type == _NAVIGATION and callee.named_child_count == 2:
                receiver, member = callee.named_children
                name_node = member.named_children[-1] if member.named_children else None
            else:
                name_node = callee if callee.type == "simple_identifier" else None
            if name_node is None or name_node.type != "simple_identifier":
                continue
            name = ctx.text(name_node)
            if name in LAMBDA_IT:
                continue
            known = LAMBDA_RECEIVERS.get(name)
            if known is None:
                found = chain(ctx, callee)
                if found is None or not found[1]:
                    continue
                described = f"@{found[0]}#{position}"
            elif known in (".", "("):
                if known == "(":
                    given = suffix.named_children[0] if suffix is not None and suffix.named_children else None
                    first = given.named_children[0] if given is not None and given.type == (
                        "value_arguments") and given.named_children else None
                    receiver = first.named_children[-1] if first is not None and first.named_children else None
                if receiver is None:
                    continue  # ``run { … }``, ``apply { … }``: ``this`` stays the one around the call
                found = chain(ctx, receiver)
                if found is not None and found[0] == "this":
                    continue  # ``this.apply { … }``: the same ``this``
                described = f"={found[0]}" if found is not None and found[1] else "?"
            else:
                described = known
            label = ctx.text(label_node).rstrip("@ \t\n") if label_node is not None else name
            scope = scopes.enclosing(lambda_.start_byte, lambda_.end_byte)
            if scope > 0:
                ctx.extraction.narrowed.setdefault(symbols[scope].span[:2], []).append(
                    (RECEIVER, node_span(lambda_), f"{label}:{described}"))


def _leaves(body: Node) -> bool:
    """Does the branch ``body`` end in ``return``, ``throw``, ``break`` or ``continue`` (a ``jump_expression``)?"""
    last: Node | None = body
    while last is not None and last.type in ("control_structure_body", "statements", "block"):
        last = last.named_children[-1] if last.named_children else None
    return last is not None and last.type == "jump_expression"


def _holding(test: Node, holds: bool) -> list[Node]:
    """Where ``test`` (an ``is`` check) is known to hold: the right operands of the ``&&`` it heads, and the
    ``if`` branch or ``when`` entry its truth decides (``holds``: a ``!is`` check, or one under ``!``, holds
    in the ``else``, and after an ``if`` with no ``else`` whose branch leaves: ``return``, ``throw``…)."""
    out: list[Node] = []
    node = test
    while (parent := node.parent) is not None:
        kind = parent.type
        if kind == "parenthesized_expression":
            node = parent
        elif kind == "prefix_expression" and parent.children and parent.children[0].type == "!":
            node, holds = parent, not holds
        elif kind in ("conjunction_expression", "disjunction_expression"):
            if (kind == "conjunction_expression") != holds:
                return out  # (``a is T || …``: nothing holds after)
            out += [c for c in parent.named_children if c.start_byte >= node.end_byte]
            node = parent
        else:
            break
    parent = node.parent
    if parent is not None and parent.type == "if_expression" and parent.child_by_field_name("condition") == node:
        branch = parent.child_by_field_name("consequence" if holds else "alternative")
        if branch is not None:
            out.append(branch)
        consequence = parent.child_by_field_name("consequence")
        block = parent.parent
        if not holds and branch is None and consequence is not None and _leaves(consequence) and \
                block is not None and block.type == "statements":
            # ``if (x !is T) return``: the rest of the block (written as the block's nodes after the ``if``)
            out += [c for c in block.named_children if c.start_byte >= parent.end_byte]
    elif parent is not None and parent.type == "when_condition" and holds and parent.parent is not None:
        out += [c for c in parent.parent.named_children if c.type == "control_structure_body"]
    return out
