"""The types of what a Java call passes, where the syntax says them (``Extraction.argument_types``).

A literal says its type (``1`` int, ``1L`` long, ``1.0`` double, ``1f`` float, ``'a'`` char, ``"a"`` String,
``true`` boolean, ``null``), and so do ``new Foo(…)``, ``new int[n]``, a cast ``(Foo) x``, ``Foo.class``, a
comparison or a logical operator (boolean), ``+`` with a String operand (String), arithmetic on two told
primitives (binary numeric promotion) and a name that a parameter or local variable declares with a written
type before the call, in a block around it (a ``var`` one: its initialiser's type). What the resolver can tell
is written ``=`` and its text: a name no local of the callables around the call has (a field, a constant:
``=count``), ``this.x`` (``=this.x``) and a call (``=make()``, ``=a.b()``): their declared types. Anything else
is "" (not told): a ternary, a lambda.
Types are written as in the source without type arguments (``java.util.List<String>`` is ``java.util.List``); a
type parameter's name is written as it is, and the resolver, which knows the type parameters, reads it as not told.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from codeknit.languages.engine import Context

if TYPE_CHECKING:
    from tree_sitter import Node

_INTEGERS = frozenset({"decimal_integer_literal", "hex_integer_literal", "octal_integer_literal",
                       "binary_integer_literal"})
_FLOATS = frozenset({"decimal_floating_point_literal", "hex_floating_point_literal"})
_PRIMITIVE_TYPES = frozenset({"integral_type", "floating_point_type", "boolean_type"})
#: the nodes a written type is (else a ``var`` local's initialiser is read)
_TYPE_NODES = frozenset({"integral_type", "floating_point_type", "boolean_type", "type_identifier",
                         "scoped_type_identifier", "generic_type", "array_type", "annotated_type"})
_NAMED_TYPES = frozenset({"type_identifier", "scoped_type_identifier", "generic_type"})
_COMMENTS = frozenset({"line_comment", "block_comment"})
#: the numeric primitives in the order binary numeric promotion picks the wider (byte, short and char become int)
_PROMOTED = ("double", "float", "long")
_NUMERIC = frozenset({"byte", "short", "char", "int", "long", "float", "double"})
_COMPARISONS = frozenset({"==", "!=", "<", ">", "<=", ">=", "&&", "||"})
_ARITHMETIC = frozenset({"+", "-", "*", "/", "%", "&", "|", "^"})
_SHIFTS = frozenset({"<<", ">>", ">>>"})
#: the declarations whose name is a local with a written type, and where the name is in scope: the node the
#: region is (its parent, or the declaration itself)
_REGION_OF = {"formal_parameter": "owner", "local_variable_declaration": "parent",
              "enhanced_for_statement": "self", "resource": "try"}


class LocalTypes:
    """A file's parameters and local variables with a written type, by (owner scope, name): each declaration's
    start byte, the byte range where its name is in scope, and its type node; and every local name, typed or
    not, by owner (``names``: a callable's and the callables' around it, for a name that may be a field)."""

    def __init__(self, ctx: Context, names: dict[int, set[str]],
                 call_chain: Callable[[Context, Node], str | None]) -> None:
        self.found: dict[tuple[int, str], list[tuple[int, int, int, Node]]] = {}
        self.names = names
        self.symbols = ctx.extraction.symbols
        #: a call as the text of its chain (``a.b()``), as the adapter reads one; None for one it does not
        self.call_chain = call_chain

    def declared_around(self, owner: int, text: str) -> bool:
        """Does ``owner`` or a symbol around it declare a local ``text`` (then a use of it is no field's)?"""
        symbols, names = self.symbols, self.names
        while owner > 0:
            if text in names.get(owner, ()):
                return True
            owner = symbols[owner].parent
        return False

    def add(self, owner: int, name: Node, captures: dict[str, list[Node]], text: str,
            text_of: Callable[[Node], str]) -> None:
        """A local's binding (the query's captures: ``adapter.type``, ``adapter.array`` for ``int x[]``)."""
        written = captures.get("adapter.type")
        if not written or "adapter.array" in captures:
            return  # (no type written, or C-style dimensions after the name: not read here)
        declaration = name.parent
        if declaration is not None and declaration.type == "variable_declarator":
            declaration = declaration.parent
        how = _REGION_OF.get(declaration.type) if declaration is not None else None
        if declaration is None or how is None:
            return  # (a pattern variable, a catch parameter: flow-scoped or a union, not read)
        region: Node | None = declaration
        if how == "parent":
            region = declaration.parent
        elif how == "owner":  # a method's, constructor's, lambda's or catch clause's parameter list's owner
            region = declaration.parent.parent if declaration.parent is not None else None
        elif how == "try":
            while region is not None and region.type not in ("try_with_resources_statement", "try_statement"):
                region = region.parent
        if region is None:
            return
        typed = written[0]
        if typed.type == "type_identifier" and text_of(typed) == "var":  # (``var x = …``: its initialiser's type)
            value = captures.get("adapter.value")
            if not value:
                return
            typed = value[0]
        self.found.setdefault((owner, text), []).append((declaration.start_byte, region.start_byte,
                                                         region.end_byte, typed))

    def at(self, owner: int, text: str, at: int) -> Node | None:
        """The written type of the local ``text`` of ``owner`` in effect at byte ``at``, or for ``var`` its
        initialiser (an expression: :func:`argument_key` reads it); None: none is, or more."""
        found = [entry for entry in self.found.get((owner, text), ())
                 if entry[0] < at and entry[1] <= at < entry[2]]
        return found[0][3] if len(found) == 1 else None


def type_key(ctx: Context, node: Node | None) -> str:
    """A written type as an argument's type is compared: ``int``, ``String``, ``a.Foo``, ``Foo[]``; "" for none
    (``var``, an intersection, an unreadable type)."""
    while node is not None and node.type == "annotated_type":
        node = node.named_children[-1] if node.named_child_count else None
    if node is None:
        return ""
    kind = node.type
    if kind in _PRIMITIVE_TYPES:
        return ctx.text(node)
    if kind == "array_type":
        element = type_key(ctx, node.child_by_field_name("element"))
        dimensions = node.child_by_field_name("dimensions")
        count = ctx.text(dimensions).count("[") if dimensions is not None else 0
        return element + "[]" * count if element and count else ""
    if kind in _NAMED_TYPES:
        if kind == "generic_type":
            node = node.named_children[0] if node.named_child_count else None
            if node is None:
                return ""
        text = "".join(ctx.text(node).split())
        return "" if text == "var" or not text.replace("_", "a").replace("$", "a").replace(".", "a").isalnum() else text
    return ""


def argument_key(ctx: Context, node: Node, local: LocalTypes, owner: int) -> str:
    """The type an argument expression has, where its syntax says it (the module's docstring); "" elsewhere."""
    while node.type == "parenthesized_expression" and node.named_child_count == 1:
        node = node.named_children[0]
    kind = node.type
    if kind in _INTEGERS:
        return "long" if ctx.source[node.end_byte - 1] in b"lL" else "int"
    if kind in _FLOATS:
        last = ctx.source[node.end_byte - 1]
        return "float" if last in b"fF" else "double"
    if kind in ("true", "false"):
        return "boolean"
    if kind == "character_literal":
        return "char"
    if kind in ("string_literal", "text_block"):
        return "String"
    if kind == "null_literal":
        return "null"
    if kind == "class_literal":
        return "Class"
    if kind == "instanceof_expression":
        return "boolean"
    if kind in ("object_creation_expression", "cast_expression"):
        return type_key(ctx, node.child_by_field_name("type"))
    if kind == "array_creation_expression":
        element = type_key(ctx, node.child_by_field_name("type"))  # (``[n]`` and ``[]`` are each a dimension)
        count = sum(1 if c.type == "dimensions_expr" else ctx.text(c).count("[")
                    for c in node.children_by_field_name("dimensions"))
        return element + "[]" * count if element and count else ""
    if kind == "identifier":
        text = ctx.text(node)
        written = local.at(owner, text, node.start_byte)
        if written is not None:
            if written.type in _TYPE_NODES:
                return type_key(ctx, written)
            return argument_key(ctx, written, local, owner) if written.end_byte <= node.start_byte else ""
        return "" if local.declared_around(owner, text) else f"={text}"
    if kind == "field_access":
        obj, field = node.child_by_field_name("object"), node.child_by_field_name("field")
        return f"=this.{ctx.text(field)}" if obj is not None and obj.type == "this" and field is not None else ""
    if kind == "method_invocation":
        chain = local.call_chain(ctx, node)
        return f"={chain}" if chain is not None and not chain.startswith("new ") else ""
    if kind == "unary_expression":
        operator = node.child_by_field_name("operator")
        operand = node.child_by_field_name("operand")
        if operator is None or operand is None:
            return ""
        if operator.type == "!":
            return "boolean"
        return _promoted(argument_key(ctx, operand, local, owner)) if operator.type in ("-", "+", "~") else ""
    if kind == "binary_expression":
        return _binary(ctx, node, local, owner)
    return ""


def _binary(ctx: Context, node: Node, local: LocalTypes, owner: int) -> str:
    operator = node.child_by_field_name("operator")
    left, right = node.child_by_field_name("left"), node.child_by_field_name("right")
    if operator is None or left is None or right is None:
        return ""
    op = operator.type
    if op in _COMPARISONS:
        return "boolean"
    one, other = argument_key(ctx, left, local, owner), argument_key(ctx, right, local, owner)
    if op == "+" and "String" in (one, other):
        return "String"
    if op in _SHIFTS:
        return _promoted(one) if other in _NUMERIC else ""
    if op in _ARITHMETIC:
        if op in ("&", "|", "^") and one == other == "boolean":
            return "boolean"
        if one in _NUMERIC and other in _NUMERIC:
            return next((wide for wide in _PROMOTED if wide in (one, other)), "int")
    return ""


def _promoted(key: str) -> str:
    """Unary numeric promotion: byte, short and char become int; other numeric types stay."""
    return ("int" if key in ("byte", "short", "char") else key) if key in _NUMERIC else ""


def argument_keys(ctx: Context, call: Node, local: LocalTypes, owner: int) -> tuple[str, ...] | None:
    """The told type of each argument of ``call`` (its ``arguments`` list), None where it tells none."""
    arguments = call.child_by_field_name("arguments")
    if arguments is None or arguments.has_error:
        return None
    keys = tuple(argument_key(ctx, child, local, owner) for child in arguments.named_children
                 if child.type not in _COMMENTS)
    return keys if any(keys) else None
