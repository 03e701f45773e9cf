"""The types of what a C# call passes, where the syntax says them (``Extraction.argument_types``).

A literal says its type (``1`` int, ``1L`` long, ``1u`` uint, ``1UL`` ulong, ``1.0`` double, ``1f`` float,
``1m`` decimal, ``'a'`` char, ``"a"``, ``@"a"`` and ``$"…"`` string, ``true`` bool, ``null``), and so do
``new Foo(…)``, ``new int[n]``, a cast ``(Foo)x``, a comparison or a logical operator (bool), ``+`` with a string
operand (string), ``!`` (bool) and a name that a parameter or a local variable of an enclosing block declares
with a written type before the call (a ``var`` one: its initialiser's type). What the resolver can tell is
written ``=`` and its text: a name no local of the callables around the call has (a field, a property, a
constant: ``=count``) and ``this.x``. Anything else is "" (not told). A call with a named argument
(``f(x: 1)``), or one passing ``ref``, ``out`` or ``in``, tells nothing: its arguments are not matched by
position.

Types are written as in the source without type arguments, the built-in types by their keywords (``Int32`` and
``System.String`` are ``int`` and ``string``: ``KEYWORDS``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from codeknit.languages.engine import Context

if TYPE_CHECKING:
    from tree_sitter import Node

#: the built-in types' .NET names → their keywords
KEYWORDS = {
    "Boolean": "bool", "Byte": "byte", "SByte": "sbyte", "Char": "char", "Decimal": "decimal", "Double": "double",
    "Single": "float", "Int32": "int", "UInt32": "uint", "Int64": "long", "UInt64": "ulong", "Int16": "short",
    "UInt16": "ushort", "Object": "object", "String": "string",
}
_NAMED_TYPES = frozenset({"identifier", "qualified_name", "generic_name"})
_STRINGS = frozenset({"string_literal", "verbatim_string_literal", "raw_string_literal",
                      "interpolated_string_expression"})
_COMPARISONS = frozenset({"==", "!=", "<", ">", "<=", ">=", "&&", "||", "is"})
#: where a block's statements declare locals, and the node kinds whose parameters are in scope in their body
_CALLABLES = frozenset({"method_declaration", "constructor_declaration", "local_function_statement",
                        "lambda_expression", "anonymous_method_expression", "operator_declaration",
                        "conversion_operator_declaration", "destructor_declaration"})
_TYPES = frozenset({"class_declaration", "struct_declaration", "interface_declaration", "record_declaration",
                    "enum_declaration", "record_struct_declaration"})


def type_key(ctx: Context, node: Node | None) -> str:
    """A written type as arguments and parameters are compared: ``int``, ``string``, ``Foo``, ``a.Foo``,
    ``int[]``; "" for ``var``, a nullable, a tuple, a multi-dimensional array, a pointer."""
    if node is None:
        return ""
    kind = node.type
    if kind == "predefined_type":
        return ctx.text(node)
    if kind == "array_type":
        rank = node.child_by_field_name("rank")
        element = type_key(ctx, node.child_by_field_name("type"))
        return element + "[]" if element and rank is not None and ctx.text(rank) == "[]" else ""
    if kind in _NAMED_TYPES:
        if kind == "generic_name":
            node = node.named_children[0] if node.named_child_count else None
            if node is None:
                return ""
        elif kind == "qualified_name" and ctx.text(node).count("<"):
            return ""
        text = "".join(ctx.text(node).split())
        if text == "var" or not text.replace("_", "a").replace(".", "a").isalnum():
            return ""
        return KEYWORDS.get(text.removeprefix("System."), text) if text.count(".") <= 1 else text
    return ""


def argument_keys(ctx: Context, arguments: Node | None, owner: int, locals_: dict[int, set[str]]) -> \
        tuple[str, ...] | None:
    """The told type of each argument of an ``argument_list``, None where it tells none or matches them by name."""
    if arguments is None or arguments.type != "argument_list" or arguments.has_error:
        return None
    keys: list[str] = []
    for argument in arguments.named_children:
        if argument.type != "argument":
            continue
        if argument.child_by_field_name("name") is not None or any(
                c.type in ("ref", "out", "in") for c in argument.children):
            return None
        value = argument.named_children[-1] if argument.named_child_count else None
        keys.append(_key(ctx, value, owner, locals_) if value is not None else "")
    return tuple(keys) if any(keys) else None


def _key(ctx: Context, node: Node, owner: int, locals_: dict[int, set[str]]) -> str:
    while node.type == "parenthesized_expression" and node.named_child_count == 1:
        node = node.named_children[0]
    kind = node.type
    if kind == "integer_literal":
        suffix = ctx.text(node)[-2:].lower()
        if "u" in suffix and "l" in suffix:
            return "ulong"
        return "uint" if suffix[-1] == "u" else "long" if suffix[-1] == "l" else "int"
    if kind == "real_literal":
        last = ctx.text(node)[-1:].lower()
        return "float" if last == "f" else "decimal" if last == "m" else "double"
    if kind == "character_literal":
        return "char"
    if kind in _STRINGS:
        return "string"
    if kind == "boolean_literal":
        return "bool"
    if kind == "null_literal":
        return "null"
    if kind in ("object_creation_expression", "cast_expression", "array_creation_expression"):
        return type_key(ctx, node.child_by_field_name("type"))  # (an array's written type has its ``[]``)
    if kind == "prefix_unary_expression":
        return "bool" if node.child_count and node.children[0].type == "!" else ""
    if kind == "binary_expression":
        operator = node.child_by_field_name("operator")
        if operator is None:
            return ""
        if operator.type in _COMPARISONS:
            return "bool"
        left, right = node.child_by_field_name("left"), node.child_by_field_name("right")
        if operator.type == "+" and left is not None and right is not None and "string" in (
                _key(ctx, left, owner, locals_), _key(ctx, right, owner, locals_)):
            return "string"
        return ""
    if kind == "identifier":
        text = ctx.text(node)
        declared, written, is_value = _declared(ctx, node, text)
        if declared:
            if is_value:  # (``var x = …``: its initialiser's type, written before the use)
                return _key(ctx, written, owner, locals_) if written is not None and \
                    written.end_byte <= node.start_byte else ""
            return type_key(ctx, written)
        return "" if _local_around(ctx, owner, text, locals_) else f"={text}"
    if kind == "member_access_expression":
        expression, name = node.child_by_field_name("expression"), node.child_by_field_name("name")
        if expression is not None and expression.type in ("this", "this_expression") and name is not None and \
                name.type == "identifier":
            return f"=this.{ctx.text(name)}"
    return ""


def _local_around(ctx: Context, owner: int, text: str, locals_: dict[int, set[str]]) -> bool:
    symbols = ctx.extraction.symbols
    while owner > 0:
        if text in locals_.get(owner, ()):
            return True
        owner = symbols[owner].parent
    return False


def _declared(ctx: Context, use: Node, text: str) -> tuple[bool, Node | None, bool]:
    """Is ``text`` at ``use`` a local or parameter declared in a block or callable around it, its written type
    (None: none written), and whether that is instead a ``var`` local's initialiser (an expression)?"""
    node: Node | None = use
    while node is not None:
        parent = node.parent
        if parent is None or parent.type in _TYPES:
            return False, None, False
        if parent.type == "block":
            for statement in parent.named_children:
                if statement.start_byte >= node.start_byte:
                    break
                if statement.type == "local_declaration_statement":
                    found = _in_declaration(ctx, next((c for c in statement.named_children
                                                       if c.type == "variable_declaration"), None), text)
                    if found[0]:
                        return found
        elif parent.type == "for_statement":
            found = _in_declaration(ctx, parent.child_by_field_name("initializer"), text)
            if found[0]:
                return found
        elif parent.type == "foreach_statement":
            left = parent.child_by_field_name("left")
            if left is not None and left.type == "identifier" and ctx.text(left) == text:
                written = parent.child_by_field_name("type")
                return True, written if written is not None and written.type != "implicit_type" else None, False
        elif parent.type in _CALLABLES:
            parameters = parent.child_by_field_name("parameters")
            for parameter in parameters.named_children if parameters is not None else ():
                name = parameter.child_by_field_name("name")
                if parameter.type == "parameter" and name is not None and ctx.text(name) == text:
                    return True, parameter.child_by_field_name("type"), False
        node = parent
    return False, None, False


def _in_declaration(ctx: Context, declaration: Node | None, text: str) -> tuple[bool, Node | None, bool]:
    if declaration is None or declaration.type != "variable_declaration":
        return False, None, False
    for declarator in declaration.named_children:
        name = declarator.child_by_field_name("name") if declarator.type == "variable_declarator" else None
        if name is None and declarator.type == "variable_declarator" and declarator.named_child_count:
            name = declarator.named_children[0]
        if name is not None and ctx.text(name) == text:
            written = declaration.child_by_field_name("type")
            if written is not None and written.type == "implicit_type":
                return True, initial_value(declarator), True
            return True, written, False
    return False, None, False


def initial_value(declarator: Node) -> Node | None:
    """The expression after ``=`` in a variable declarator."""
    seen_equals = False
    for child in declarator.children:
        if child.type == "=":
            seen_equals = True
        elif seen_equals and child.is_named:
            return child
    value = next((c for c in declarator.named_children if c.type == "equals_value_clause"), None)
    return value.named_children[0] if value is not None and value.named_children else None
