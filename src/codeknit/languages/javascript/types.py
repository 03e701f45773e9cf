"""JavaScript and TypeScript: what a name, a member chain or a type stands for, as the resolver reads it.

The adapter (``adapter.py``) asks this module for the chain an expression names (``dotted``: ``this.repo.save``,
``make().x``), the member a destructured or object-literal key stands for (``destructured``, ``object_key``), a
written type in the ``declared_type`` convention (``type_text``: ``Repo`` for ``Readonly<Repo> | null``), whether a
type name is a type parameter in scope (from the query's ``@adapter.type_parameter*`` captures), and what each
variable of a scope holds (``record_var_types``, from the query's ``@adapter.binding`` captures).
"""

from __future__ import annotations

import bisect
import re
from operator import itemgetter, methodcaller
from typing import TYPE_CHECKING

from codeknit.graph.model import Category, LocalKind, Role, SymbolKind
from codeknit.languages.conditions import ConditionSyntax, carried
from codeknit.languages.engine import Blocks, Context, ScopeIndex, node_span
from codeknit.languages.records import CHAIN_STEPS

if TYPE_CHECKING:
    from tree_sitter import Node

    from codeknit.languages.records import RawSymbol
from codeknit.languages.typing_notes import note_narrowing

#: values that are functions (a binding of one is a function of its own)
FUNCTION_VALUES = frozenset({"arrow_function", "function_expression", "generator_function"})
#: modifier tokens read off a declaration's children
_MODIFIER_TOKENS = frozenset({"async", "static", "abstract", "readonly", "get", "set", "*", "?"})


def member_property(node: Node) -> Node | None:
    """A ``member_expression``'s ``property`` child. (tree-sitter's ``child_by_field_name`` answers a wrong
    child inside a ``typeof`` type query: ``typeof A.b.c`` gets ``b`` for the outer chain's property;
    ``children_by_field_name`` is right, and the property is where the member expression ends.)"""
    member = node.child_by_field_name("property")
    if member is not None and member.end_byte != node.end_byte:
        members = node.children_by_field_name("property")
        member = members[-1] if members else None
    return member


def dotted(node: Node, ctx: Context, *, calls: bool = False) -> tuple[str, bool] | None:
    """``(text, head_known)`` for a name expression; None when it names nothing.

    ``a.b.c`` → ``("a.b.c", True)``; ``this.x`` and ``super.m`` keep their
    head; when the receiver is not a name chain (``x[0].y``) only the member
    names are kept and ``head_known`` is False. With ``calls``, a call in the
    chain is kept as a part ending in ``()`` (``make().bar``, ``new Foo().bar`` →
    ``Foo().bar``), which the resolver types through the callee's return type;
    without it, a call makes the head unknown like any other expression.
    """
    # read from the outside in without recursion (a generated chain can be thousands of calls long): the
    # members and calls met on the way down, then the text built up from the innermost name
    steps: list[str | None] = []  # a member's name, or None for a call
    found: tuple[str, bool] | None = None
    while len(steps) < CHAIN_STEPS:  # (past them, the head is unknown: each call of a generated chain of
        kind = node.type  # thousands of calls read it all, and extraction took the square of its length)
        if kind in _NAME_TYPES:
            found = ctx.text(node), True
            break
        if kind in ("member_expression", "nested_identifier", "nested_type_identifier"):
            if kind == "nested_type_identifier":
                obj, member_node = node.child_by_field_name("module"), node.child_by_field_name("name")
            else:
                obj, member_node = node.child_by_field_name("object"), member_property(node)
            if obj is None or member_node is None:
                break
            steps.append(ctx.text(member_node))
            node = obj
        elif kind in ("non_null_expression", "parenthesized_expression") and node.named_child_count == 1:
            node = node.named_children[0]  # ``this.x!.y()``, ``(new Foo()).y()``
        elif kind in ("satisfies_expression", "as_expression") and (
                kind == "satisfies_expression" or node.named_child_count == 1):
            node = node.named_children[0]  # ``x satisfies T``, ``x as const``: the value keeps its own type
        elif calls and kind in ("as_expression", "type_assertion") and node.named_child_count == 2:
            # ``(x as Foo).y()``, ``(<Foo>x).y()``: a value of the type the cast names, written as a call's
            # result (``Foo()`` is an instance of ``Foo`` to the resolver, as ``new Foo()`` is)
            written = node.named_children[1] if kind == "as_expression" else node.named_children[0].named_children[0] \
                if node.named_children[0].named_child_count == 1 else None
            name = _cast_name(written, ctx)
            if name is not None:
                found = f"{name}()", True
            break
        elif calls and kind in ("call_expression", "new_expression"):
            callee = node.child_by_field_name("function" if kind == "call_expression" else "constructor")
            if callee is None or callee.type in ("import", "super"):
                break
            arguments = node.child_by_field_name("arguments")
            if arguments is not None and arguments.type == "template_string":  # a tagged template
                break
            steps.append(None)
            node = callee
        else:
            break
    for step in reversed(steps):
        if step is None:  # a call: of a chain whose head is known, else no name at all
            found = (f"{found[0]}()", True) if found is not None and found[1] else None
        else:  # a member: of what is inside, or of a value that names nothing (its head unknown)
            found = (step, False) if found is None else (f"{found[0]}.{step}", found[1])
    return found


def _cast_name(node: Node | None, ctx: Context) -> str | None:
    """The class or interface a cast names (``Foo``, ``ns.Foo``, ``Foo<T>``'s ``Foo``); None for any other
    type written there (``any``, a union, an array, a literal type)."""
    if node is not None and node.type == "generic_type":
        node = node.child_by_field_name("name")
    if node is None or node.type not in ("type_identifier", "nested_type_identifier"):
        return None
    found = dotted(node, ctx)
    return found[0] if found is not None and found[1] else None


#: the node types that are a name by themselves: a chain's head
_NAME_TYPES = frozenset(("identifier", "this", "super", "type_identifier", "property_identifier"))


def destructured(ctx: Context, key: Node) -> str | None:
    """The member a destructuring pattern's key reads, as a chain: ``const { a: { b } } = this.c`` →
    ``this.c.a.b`` at ``b``; None when what is destructured is not a name chain (or a call of one)."""
    pattern = key.parent
    if pattern is not None and pattern.type in ("object_assignment_pattern", "pair_pattern"):
        pattern = pattern.parent  # ``{ a = 1 }``, ``{ a: b }``
    if pattern is None or pattern.type != "object_pattern":
        return None
    holder = pattern.parent
    if holder is None:
        return None
    source: str | None
    if holder.type == "variable_declarator" and holder.child_by_field_name("name") == pattern:
        source = _destructured_source(ctx, holder.child_by_field_name("value"))
    elif holder.type == "assignment_expression" and holder.child_by_field_name("left") == pattern:
        source = _destructured_source(ctx, holder.child_by_field_name("right"))
    elif holder.type == "pair_pattern" and holder.child_by_field_name("value") == pattern:
        outer = holder.child_by_field_name("key")
        source = destructured(ctx, outer) if outer is not None and outer.type == "property_identifier" else None
    elif holder.type == "for_in_statement" and holder.child_by_field_name("left") == pattern:
        # ``for (const { a } of xs)``: a member of an element of what ``xs`` holds (``xs[].a``, as ``const { a } =
        # xs[i]``); ``for … in`` gives keys, which have no members of the project's
        operator = holder.child_by_field_name("operator")
        if operator is None or operator.type != "of":
            return None
        iterated = _destructured_source(ctx, holder.child_by_field_name("right"))
        source = f"{iterated}[]" if iterated and not iterated.endswith("[]") else None
    elif holder.type in ("required_parameter", "optional_parameter") and holder.child_by_field_name("pattern") == \
            pattern:
        # ``function f({ a }: T)``: a member of the parameter's declared type (as ``{ a } as T`` names ``T.a``)
        annotation = holder.child_by_field_name("type")
        source = type_text(ctx, annotation)
        if annotation is None and ctx.extraction.language == "typescript":
            source = _callback_parameter(ctx, holder) or ""  # ``rows.map(({ id }) => id)``: the callee's
        elif not source and annotation is not None and ctx.extraction.language == "typescript":
            source = _own_parameter(ctx, holder)  # ``function f({ a }: A & B)``: a member of f's parameter
    else:
        return None
    return f"{source}.{ctx.text(key)}" if source else None


def element_key(ctx: Context, key: Node, role: Role) -> str | None:
    """The member the string key of an element access names (``obj["a"]``: ``obj.a``, as TypeScript types an
    access by a string literal), as a chain; None where the object is no name chain (or a call of one), the key
    no plain name, or (for a read) the access is assigned to: the write's capture records it."""
    access = key.parent
    if access is None or access.type != "subscript_expression" or access.child_by_field_name("index") != key:
        return None
    return element_key_of(ctx, key, access, role)


def element_key_of(ctx: Context, key: Node, access: Node, role: Role) -> str | None:
    """:func:`element_key` for the string ``key`` that is the index of the element access ``access``."""
    if role is not Role.WRITE:
        holder = access.parent
        if holder is not None and holder.type in ("assignment_expression", "augmented_assignment_expression") and \
                holder.child_by_field_name("left") == access:
            return None
    name = ctx.text(key)[1:-1]
    if not name or not (name[0].isalpha() or name[0] in "_$") or not all(c.isalnum() or c in "_$" for c in name):
        return None
    target = access.child_by_field_name("object")
    found = dotted(target, ctx, calls=True) if target is not None else None
    return f"{found[0]}.{name}" if found is not None and found[1] else None


def lookup_key(ctx: Context, key: Node) -> str | None:
    """The member the string key of an indexed access type names, as ``Base['key']``: ``T['a']['b']`` at
    ``'b'`` → ``T['a']['b']`` (the member ``b`` of the declared type of ``T.a``; the resolver's
    ``resolve_text``). A type parameter stands for its constraint, as TypeScript looks a property up on a type
    parameter's constraint (``TRoute extends AnyRoute``: ``TRoute['id']`` names ``AnyRoute``'s ``id``);
    ``this['a']`` for the enclosing class's. None where the object type is none the resolver can follow (an
    unconstrained type parameter, a mapped or conditional type, a key that is no name)."""
    literal = key.parent
    lookup = literal.parent if literal is not None and literal.type == "literal_type" else None
    if lookup is None or lookup.type != "lookup_type" or lookup.named_child_count != 2 or \
            lookup.named_children[1] != literal:
        return None
    return _lookup_text(ctx, lookup, 0)


def _lookup_text(ctx: Context, lookup: Node, depth: int) -> str | None:
    """``Base['key']`` for a ``lookup_type`` node whose index is a string literal (:func:`lookup_key`)."""
    index = lookup.named_children[1]
    if index.type != "literal_type" or index.named_child_count != 1 or index.named_children[0].type != "string":
        return None
    name = ctx.text(index.named_children[0])[1:-1]
    if not name or not all(c.isalnum() or c in "_$" for c in name):
        return None
    base = _lookup_base(ctx, lookup.named_children[0], depth)
    return f"{base}['{name}']" if base else None


#: how many type parameters' constraints a lookup's base is followed through (``A extends B, B extends C``)
_MAX_CONSTRAINTS = 4


def _lookup_base(ctx: Context, node: Node, depth: int) -> str:
    """The object type of an indexed access, in the ``declared_type`` convention, or "" (:func:`lookup_key`)."""
    while node.type == "parenthesized_type" and node.named_child_count == 1:
        node = node.named_children[0]
    kind = node.type
    if kind == "this_type":
        return "this"
    if kind == "lookup_type" and node.named_child_count == 2:
        return _lookup_text(ctx, node, depth) or ""
    if kind == "type_identifier" and in_type_parameter_scope(ctx, node, ctx.text(node)):
        constraint = _constraint(ctx, node) if depth < _MAX_CONSTRAINTS else None
        return _lookup_base(ctx, constraint, depth + 1) if constraint is not None else ""
    text = type_text(ctx, node, intersections=True)
    return "" if text.endswith(("[]", "[:]")) else text


#: the groups of the query's ``@adapter.*`` matches the adapter reads, by a capture that puts a match in one
#: (:func:`adapter_matches`)
_MATCH_GROUPS = {
    "adapter.not_a_type_use": "not a type use",
    "adapter.type_parameter_scope": "type parameters", "adapter.infer": "type parameters",
    "adapter.conditional": "type parameters",
    "adapter.binding": "bindings", "adapter.untyped": "bindings",
    "adapter.binary": "narrowing tests", "adapter.switched": "narrowing tests",
    "adapter.opaque_head": "opaque heads",
    "adapter.this_assignment": "this fields",
    "adapter.heritage": "heritage",
}


def adapter_matches(ctx: Context, group: str) -> list[dict[str, list[Node]]]:
    """The query's ``@adapter.*`` matches of one group of :data:`_MATCH_GROUPS` (``bindings``: those holding an
    ``@adapter.binding`` or an ``@adapter.untyped``), in their order. The file's matches are sorted into the
    groups in one pass, on the first call: each reader then walks its own, not all of them (a TypeScript file
    has a hundred thousand, a third of them type names that are no uses)."""
    groups = ctx.state.get("adapter matches")
    if not isinstance(groups, dict):
        groups = ctx.state["adapter matches"] = _grouped(ctx.matches)
    return groups.get(group, [])


def _grouped(matches: list[dict[str, list[Node]]]) -> dict[str, list[dict[str, list[Node]]]]:
    """``matches`` by their groups (:data:`_MATCH_GROUPS`), each in order; a match with none is left out."""
    groups: dict[str, list[dict[str, list[Node]]]] = {}
    for captures in matches:
        for capture in captures:
            name = _MATCH_GROUPS.get(capture)
            if name is not None:
                listed = groups.get(name)
                if listed is None:
                    groups[name] = [captures]
                elif listed[-1] is not captures:  # (a match in a group once, whichever captures put it there)
                    listed.append(captures)
    return groups


def _constraint(ctx: Context, name: Node) -> Node | None:
    """The constraint of the type parameter a type name ``name`` denotes (``T`` in ``<T extends C>``: ``C``),
    from the innermost declaration of that name around it (``infer R extends C`` too); None for one without a
    constraint (or a mapped type's key)."""
    start, end = name.byte_range
    return _constraint_at(ctx, ctx.text_at(start, end), start, end)


#: a file's type parameter declarations by name, each with its scope's bytes and its constraint (or None); the
#: conditional types that check a type parameter against a named type (``T extends X ? … : …``), by the
#: parameter's name, in the query's order: the conditional's bytes, its true branch's, and X; and the names that
#: have no constraint anywhere (none declared with one, none checked) (:func:`_constraints`)
_Constraints = tuple[dict[str, list[tuple[tuple[int, int], "Node | None"]]],
                     dict[str, list[tuple[int, int, int, int, "Node"]]], set[str]]


def _constraints(ctx: Context) -> _Constraints:
    """The file's :data:`_Constraints`, read off the query's ``@adapter.*`` matches once (``ctx.state``)."""
    state = ctx.state.get("type_parameter_constraints")
    if isinstance(state, tuple):
        return state
    found: dict[str, list[tuple[tuple[int, int], Node | None]]] = {}
    checks: dict[str, list[tuple[int, int, int, int, Node]]] = {}
    conditionals: list[Node] = []
    for captures in adapter_matches(ctx, "type parameters"):
        if "adapter.type_parameter_scope" in captures:
            declared = captures["adapter.type_parameter"][0]
            parameter = declared.parent
            if parameter is not None and parameter.type == "mapped_type_clause":
                # ``[K in TRoutes]``: the key is each member of the type it ranges over
                ranged = parameter.child_by_field_name("type")
                found.setdefault(ctx.text(declared), []).append(
                    (captures["adapter.type_parameter_scope"][0].byte_range, ranged))
                continue
            constraint = parameter.child_by_field_name("constraint") if parameter is not None else None
            found.setdefault(ctx.text(declared), []).append(
                (captures["adapter.type_parameter_scope"][0].byte_range,
                 constraint.named_children[-1] if constraint is not None and constraint.named_children else
                 None))
        elif "adapter.infer" in captures and captures["adapter.infer"][0].named_child_count == 2:
            # ``infer R extends C``: in effect in the conditional type whose ``extends`` side holds it
            infer = captures["adapter.infer"][0]
            conditional = infer.parent
            while conditional is not None and conditional.type != "conditional_type":
                conditional = conditional.parent
            if conditional is not None:
                found.setdefault(ctx.text(captures["adapter.infer_name"][0]), []).append(
                    (conditional.byte_range, infer.named_children[1]))
        elif "adapter.conditional" in captures:
            conditionals.append(captures["adapter.conditional"][0])
    # (each conditional read once a file, filed under the name it checks: a name inside one then looks at
    # those that check it, not at every conditional of the file, which a file of type-level code has hundreds of)
    seen: set[tuple[int, int]] = set()
    for conditional in conditionals:
        where = conditional.byte_range
        if where in seen:
            continue
        seen.add(where)
        checked = conditional.child_by_field_name("left")
        consequence = conditional.child_by_field_name("consequence")
        extended = conditional.child_by_field_name("right")
        if checked is not None and checked.type == "type_identifier" and consequence is not None and \
                extended is not None and _names_a_type(ctx, extended):
            checks.setdefault(ctx.text(checked), []).append(
                (where[0], where[1], consequence.start_byte, consequence.end_byte, extended))
    # (most of a generic library's ``A``, ``E``, ``R``: their uses need no search for the declaration around them)
    free = {name for name, declarations in found.items()
            if name not in checks and all(constraint is None for _scope, constraint in declarations)}
    ctx.state["type_parameter_constraints"] = (found, checks, free)
    return found, checks, free


def _constraint_at(ctx: Context, text: str, start: int, end: int) -> Node | None:
    """:func:`_constraint` for the type name ``text`` at the bytes ``start..end``."""
    found, checks, free = _constraints(ctx)
    declarations = found.get(text)
    if not declarations or text in free:
        return None
    innermost: tuple[tuple[int, int], Node | None] | None = None
    if len(declarations) < 4 or start == end:  # (a few: scanned; the last that starts latest wins)
        for scope, constraint in declarations:
            if scope[0] <= start and end <= scope[1] and (innermost is None or scope[0] >= innermost[0][0]):
                innermost = (scope, constraint)
    else:  # many (a file of generic functions declares ``A`` hundreds of times): the same answer by bisection
        indexes = ctx.state.get("type_parameter_constraint_index")
        if not isinstance(indexes, dict):
            indexes = ctx.state["type_parameter_constraint_index"] = {}
        index = indexes.get(text)
        if index is None:
            index = indexes[text] = _NestedRanges(declarations)
        innermost = index.innermost(start, end)
    if innermost is None:
        return None  # (an ``infer`` variable: no constraint)
    # in the true branch of a conditional type that checks the parameter itself (``T extends X ? T['a'] : …``), T
    # is a T that is an X (TypeScript substitutes ``T & X`` there): the innermost such check says the members
    checked = checks.get(text) if start < end else None
    if not checked:
        return innermost[1]
    checked_as: tuple[int, Node] | None = None
    scope_start = innermost[0][0]
    for where_start, where_end, true_start, true_end, extended in checked:
        if scope_start <= where_start <= start and end <= where_end and true_start <= start and \
                end <= true_end and (checked_as is None or where_start >= checked_as[0]):
            checked_as = (where_start, extended)
    return checked_as[1] if checked_as is not None else innermost[1]


class _NestedRanges:
    """Declarations' scopes (syntax nodes' bytes: nested or apart) with a value each, for the one around some bytes
    that starts last (of those starting together, the last declared): by bisection and a walk up the scopes
    around it, as a scan of all of them would answer."""

    def __init__(self, declarations: list[tuple[tuple[int, int], Node | None]]) -> None:
        self._ordered = sorted(declarations, key=lambda declaration: declaration[0][0])  # (stable: declared order)
        self._starts = [scope[0] for scope, _value in self._ordered]
        self._ends = [scope[1] for scope, _value in self._ordered]
        # each one's nearest predecessor that contains it (-1: none)
        self._up: list[int] = []
        stack: list[int] = []
        ends = self._ends
        for position, end in enumerate(ends):
            while stack and ends[stack[-1]] < end:
                stack.pop()
            self._up.append(stack[-1] if stack else -1)
            stack.append(position)

    def innermost(self, start: int, end: int) -> tuple[tuple[int, int], Node | None] | None:
        """The scope around ``start..end`` (not empty) that starts last, with its value; None: no scope around it."""
        position = bisect.bisect_right(self._starts, start) - 1
        ends, up = self._ends, self._up
        while position >= 0:
            if end <= ends[position]:
                return self._ordered[position]
            position = up[position]
        return None


def _names_a_type(ctx: Context, node: Node) -> bool:
    """Is a type node a named type (``X``, ``ns.X``, ``X<A>``) other than an array: one whose members a value of it
    has (``any``, a literal, a tuple or an array type names none to look up)?"""
    if node.type == "generic_type":
        name = node.child_by_field_name("name")
        return name is not None and ctx.text(name) not in _ELEMENT_CONTAINERS
    return node.type in ("type_identifier", "nested_type_identifier")


def _own_parameter(ctx: Context, parameter: Node) -> str:
    """``f(#i)`` for parameter i of a function declared at the top of a module (``this.m(#i)``: of a method of a
    class), where its declared type is one a chain's head cannot write (an intersection ``A & B`` or a union
    ``A | B`` of named or object types, :func:`declared_type_text`): a value of that type, for the resolver, as
    its callers' arguments are typed (``Extraction.parameter_types``); else ""."""
    declared = declared_type_text(ctx, parameter.child_by_field_name("type"))
    if not any(c in declared for c in "&|") or declared.endswith(("[]", "[:]")):
        return ""
    parameters = parameter.parent
    function = parameters.parent if parameters is not None else None
    if parameters is None or function is None or function.child_by_field_name("parameters") != parameters:
        return ""
    name = function.child_by_field_name("name")
    holder = function.parent
    if function.type in ("arrow_function", "function_expression") and holder is not None and \
            holder.type == "variable_declarator" and holder.child_by_field_name("value") == function:
        name, holder = holder.child_by_field_name("name"), holder.parent  # ``const f = ({ a }: A & B) => …``
        holder = holder.parent if holder is not None and holder.type == "lexical_declaration" else None
        if name is None or name.type != "identifier":
            return ""
    if holder is not None and holder.type == "export_statement":
        holder = holder.parent
    if name is None:
        return ""
    if function.type in ("function_declaration", "arrow_function", "function_expression") and holder is not None \
            and holder.type == "program":
        callee = ctx.text(name)
    elif function.type == "method_definition" and name.type == "property_identifier" and holder is not None and \
            holder.type == "class_body" and "static" not in modifier_tokens(function) and \
            ctx.text(name) != "constructor":
        callee = f"this.{ctx.text(name)}"
    else:
        return ""
    ordered = [c for c in parameters.named_children if c.type in ("required_parameter", "optional_parameter")
               and (p := c.child_by_field_name("pattern")) is not None and p.type != "this"]
    return f"{callee}(#{ordered.index(parameter)})" if parameter in ordered else ""


def _contextual(function: Node) -> bool:
    """Can ``function``'s context give its parameters' types: an arrow function, a function expression, or an
    object literal's method (:func:`function_context`)?"""
    kind = function.type
    return kind in ("arrow_function", "function_expression") or (
        kind == "method_definition" and function.parent is not None and function.parent.type == "object")


def _callback_parameter(ctx: Context, parameter: Node) -> str | None:
    """``f(#i)(#j)`` for an untyped parameter j of a function passed as argument i of a call: typed by the
    callee's declaration of that parameter (TypeScript's contextual typing; the resolver's
    ``_argument_entities``), as ``record_var_types`` types a callback's plain parameters."""
    parameters = parameter.parent
    function = parameters.parent if parameters is not None else None
    if parameters is None or function is None or not _contextual(function):
        return None
    ordered = [c for c in parameters.named_children if c.type in ("required_parameter", "optional_parameter")
               and (p := c.child_by_field_name("pattern")) is not None and p.type != "this"]
    if parameter not in ordered:
        return None
    context = function_context(ctx, function, members=True)
    if context is None:  # a function type written in place for it: the parameter's type is written there
        return written_parameter(ctx, function, ordered.index(parameter)) or None
    return f"{context}(#{ordered.index(parameter)})"


def _spread_element(ctx: Context, function: Node, position: int) -> str:
    """``k~V`` for parameter ``position`` of a callback passed to a call beside one other function argument k
    that returns an array literal (``memo(() => [table.rows, table.getState()], (rows, state) => …)``): V is what
    element ``position`` of that literal is (:func:`value_type_text`). Where the callee passes the callback the
    elements of the tuple argument k returns (``...@k``, :func:`_parameter_types`), the parameter holds that;
    the resolver checks the callee's signature (``_spread_entities``). "" where the call is of no such shape, or
    V names a local of either function (it is read where the parameter is used)."""
    arguments = function.parent
    if arguments is None or arguments.type != "arguments":
        return ""
    sources: list[tuple[int, Node, Node]] = []
    index = 0
    for child in arguments.named_children:
        if child.type == "comment":
            continue
        if child.type == "spread_element":
            return ""
        if child != function and child.type == "arrow_function":
            body = child.child_by_field_name("body")
            while body is not None and body.type == "parenthesized_expression" and body.named_child_count == 1:
                body = body.named_children[0]
            if body is not None and body.type == "statement_block" and body.named_child_count == 1 and \
                    body.named_children[0].type == "return_statement" and \
                    body.named_children[0].named_child_count == 1:
                body = body.named_children[0].named_children[0]
            if body is not None and body.type == "array":
                sources.append((index, child, body))
        index += 1
    if len(sources) != 1:
        return ""
    at, source, array = sources[0]
    elements = [e for e in array.named_children if e.type != "comment"]
    if position >= len(elements) or any(e.type == "spread_element" for e in elements[:position + 1]):
        return ""
    element = elements[position]
    text = value_type_text(ctx, element)
    if not text and element.type == "member_expression":  # ``table.getState().sorting``: what that member holds
        found = dotted(element, ctx, calls=True)
        text = f"={found[0]}" if found is not None and found[1] else ""
    head = _head(text)
    if not text or "~" in text or (head == "this" and function.type != "arrow_function") or \
            head in _declared_within(ctx, function) or head in _declared_within(ctx, source):
        return ""
    return f"{at}~{text}"


def _declared_within(ctx: Context, function: Node) -> set[str]:
    """The names of the locals (parameters, variables, patterns) the query declares inside a function's bytes."""
    return {name for _at, name in _local_names(ctx, function.start_byte, function.end_byte)}


def _local_names(ctx: Context, start: int, end: int) -> list[tuple[int, str]]:
    """The locals the query declares (``@local…``: ``Context.declared``, properties left out) whose token starts in
    ``start..end``, as (start byte, name), in order."""
    declared = ctx.state.get("local names")
    if not isinstance(declared, list):
        declared = sorted((node.start_byte, name) for _scope, name, kind, node, _how in ctx.declared
                          if kind is not LocalKind.PROPERTY)
        ctx.state["local names"] = declared
    return declared[bisect.bisect_left(declared, (start, "")):bisect.bisect_left(declared, (end, ""))]


#: a chain of names and calls (``def.message``, ``this.options.on``, ``make().message``), which a context's ``…(#j)``
#: may follow (no argument mark ``(#i)`` of its own, no element or shape)
_PLAIN_CHAIN = re.compile(r"[A-Za-z_$][\w$]*(?:\(\))?(?:\.[A-Za-z_$][\w$]*(?:\(\))?)*")


def function_context(ctx: Context, function: Node, depth: int = 0, *, members: bool = False) -> str | None:
    """What gives an arrow function or function expression its parameters' types (TypeScript's contextual
    typing), as the head of ``…(#j)`` (parameter j): ``f(#i)`` where it is argument i of a call of ``f``;
    ``^Fn`` where it is the value of a variable or field declared with the type ``Fn`` (``const f: Fn = (row)
    => …``, ``navigate: NavigateFn = ({ to }) => …``), which is a function type alias or an interface with
    one call signature (the resolver's ``_argument_entities``); with ``members`` (a parameter's context), ``o.m``
    where it is the value of the key ``m`` of an object literal that sets the member ``o.m`` (:func:`object_key`:
    ``const o: T = { m: (x) => … }``, the member's declared function type; what such a function returns is
    :func:`_member_result`'s); ``C(#-1)`` where it is what a function of
    context ``C`` that declares no return type returns (``const f: Fn = (opts) => (ops) => …``: ``ops`` is a
    parameter of the function type ``Fn`` returns); else None. A branch of ``c ? (x) => … : (x) => …`` (or a
    parenthesized function) has the context the whole expression has."""
    holder = function.parent
    if function.type == "method_definition":  # ``{ code(cxt) { … } }``: an object literal's method, as ``code: …``
        name = function.child_by_field_name("name")
        member = object_key(ctx, name) if members and name is not None and name.type == "property_identifier" \
            and holder is not None and holder.type == "object" else None
        return member if member is not None and _PLAIN_CHAIN.fullmatch(member) else None
    while holder is not None and (holder.type == "parenthesized_expression" or (
            holder.type == "ternary_expression" and holder.child_by_field_name("condition") != function)):
        function, holder = holder, holder.parent
    context = _argument_of(ctx, function)
    if context is not None:
        return context
    if holder is not None and holder.type in ("return_statement", "arrow_function") and depth < 4:
        outer = _returned_by(holder, function)
        around = function_context(ctx, outer, depth + 1, members=members) if outer is not None else None
        return f"{around}(#-1)" if around is not None else None
    if members and holder is not None and holder.type == "pair" and holder.child_by_field_name("value") == function:
        # ``const def: Def = { message: (cxt) => … }``: the member the key sets (``def.message``, :func:`object_key`),
        # where that is a chain of names and calls: a call of it is passed what its declared function type says
        key = holder.child_by_field_name("key")
        member = object_key(ctx, key) if key is not None and key.type == "property_identifier" else None
        return member if member is not None and _PLAIN_CHAIN.fullmatch(member) else None
    if holder is None or holder.type not in ("variable_declarator", "public_field_definition") or \
            holder.child_by_field_name("value") != function:
        return None
    named = type_text(ctx, holder.child_by_field_name("type"))
    return f"^{named}" if named and not any(c in "{}[]&" for c in named) else None


def _returned_by(holder: Node, function: Node) -> Node | None:
    """The arrow function or function expression that returns ``function`` (``holder``: the return statement,
    or the arrow whose body it is), where what it returns is what its context's function type returns: it
    declares no return type and is neither async nor a generator (their results wrap what they return)."""
    if holder.type == "arrow_function":
        outer: Node | None = holder if holder.child_by_field_name("body") == function else None
    else:
        outer = holder.parent
        while outer is not None and outer.type not in _RETURNING:
            outer = outer.parent
    if outer is None or outer.type not in ("arrow_function", "function_expression") or \
            outer.child_by_field_name("return_type") is not None or any(c.type == "async" for c in outer.children):
        return None
    return outer


def written_function_type(ctx: Context, function: Node, depth: int = 0) -> Node | None:
    """The function type written in place for an arrow function or function expression, which gives its
    parameters' types and what it returns (TypeScript's contextual typing, where :func:`function_context` names
    no callee or type name): the declared return type of the function that returns it (``function f(): (row:
    Row) => number { return (row) => … }``, ``(): ((a: A) => (b: B) => R) => (a) => (b) => …``: an arrow's body
    has the type the arrow's returns), or the type of the variable or field it initialises, written as a function
    type (``const f: (row: Row) => number = (row) => …``). A union with one function type among its members
    gives that one (:func:`function_member`); None for anything else (an async or generator function's
    return type is a promise or a generator)."""
    holder = function.parent
    while holder is not None and (holder.type == "parenthesized_expression" or (
            holder.type == "ternary_expression" and holder.child_by_field_name("condition") != function)):
        function, holder = holder, holder.parent
    if holder is None or depth > 4:
        return None
    kind = holder.type
    if kind in ("variable_declarator", "public_field_definition"):
        return _function_type_of(holder.child_by_field_name("type")) if \
            holder.child_by_field_name("value") == function else None
    if kind == "return_statement":
        outer = holder.parent
        while outer is not None and outer.type not in _RETURNING:
            outer = outer.parent
    elif kind == "arrow_function" and holder.child_by_field_name("body") == function:
        outer = holder
    else:
        return None
    if outer is None or outer.type in ("generator_function_declaration", "generator_function") or \
            any(child.type == "async" for child in outer.children):
        return None
    declared = outer.child_by_field_name("return_type")
    if declared is not None:
        return _function_type_of(declared)
    if outer.type not in ("arrow_function", "function_expression"):
        return None
    around = written_function_type(ctx, outer, depth + 1)  # an arrow returned in place: what its type returns
    return function_member(around.child_by_field_name("return_type")) if around is not None else None


def _is_function_type(annotation: Node) -> bool:
    """Does a ``: T`` annotation write a function type (no union with one)?"""
    node: Node | None = annotation
    while node is not None and node.type in ("type_annotation", "parenthesized_type") and node.named_child_count == 1:
        node = node.named_children[0]
    return node is not None and node.type == "function_type"


def _function_type_of(annotation: Node | None) -> Node | None:
    """The function type a ``: T`` annotation writes (:func:`function_member`), or None."""
    if annotation is not None and annotation.type == "type_annotation" and annotation.named_child_count == 1:
        annotation = annotation.named_children[0]
    return function_member(annotation)


def written_parameter(ctx: Context, function: Node, position: int) -> str:
    """The declared type (:func:`declared_type_text`) of parameter ``position`` of the function type written in
    place for ``function`` (:func:`written_function_type`); "" where there is none, or it declares none there
    (a rest parameter: its type is an array of the arguments')."""
    written = written_function_type(ctx, function)
    parameters = written.child_by_field_name("parameters") if written is not None else None
    if parameters is None:
        return ""
    ordered = [c for c in parameters.named_children if c.type in ("required_parameter", "optional_parameter")
               and (p := c.child_by_field_name("pattern")) is not None and p.type != "this"]
    if position >= len(ordered) or any(
            getattr(c.child_by_field_name("pattern"), "type", "") == "rest_pattern" for c in ordered[:position + 1]):
        return ""
    text = declared_type_text(ctx, ordered[position].child_by_field_name("type"))
    return "" if text[:1] == "$" else text


def _destructured_source(ctx: Context, value: Node | None) -> str | None:
    """What a destructuring pattern reads, as a chain: a name chain or a call of one; ``x || {}`` and ``x ??
    {}`` read x's members (an empty object adds none: TypeScript types the pattern's keys by x's)."""
    while value is not None and value.type in ("parenthesized_expression", "non_null_expression") and \
            value.named_child_count == 1:
        value = value.named_children[0]
    if value is not None and value.type == "binary_expression":
        operator, right = value.child_by_field_name("operator"), value.child_by_field_name("right")
        if operator is None or operator.type not in ("||", "??") or right is None or right.type != "object" or \
                right.named_child_count:
            return None
        value = value.child_by_field_name("left")
    if value is not None and value.type == "subscript_expression":
        # ``const { id } = matches[i]``: a member of an element of what ``matches`` holds (``xs[].id``: the
        # resolver's ``resolve_text``); a string key names a member, which is no element
        index = value.child_by_field_name("index")
        if index is None or index.type in ("string", "template_string"):
            return None
        array = value.child_by_field_name("object")
        found = dotted(array, ctx, calls=True) if array is not None else None
        return f"{found[0]}[]" if found is not None and found[1] else None
    found = dotted(value, ctx, calls=True) if value is not None else None
    return found[0] if found is not None and found[1] else None


def object_key(ctx: Context, key: Node) -> str | None:
    """The member an object literal's key sets, as a chain, where the object's type is declared: ``const
    x: T = { a: { b: 1 } }`` → ``x.a.b`` at ``b``, ``return { a }`` in ``f(): T`` → ``f().a``, ``{ a } as T``
    → ``T.a``; None for an object of no declared type (its keys are its own)."""
    entry = key.parent
    literal = entry if entry is not None and entry.type == "object" else entry.parent if entry is not None else None
    if literal is None or literal.type != "object":
        return None
    sources = ctx.state.get("object sources")
    if sources is None:
        sources = ctx.state["object sources"] = {}
    assert isinstance(sources, dict)
    where = (literal.start_byte, literal.end_byte)
    if where not in sources:  # (once per object, not per key)
        sources[where] = _object_source(ctx, literal)
    source = sources[where]
    return f"{source}.{ctx.text(key)}" if source else None


def _object_source(ctx: Context, literal: Node) -> str | None:
    """What an object literal's value is, as a chain whose type the resolver can follow (:func:`object_key`)."""
    holder = literal.parent
    # a branch of ``c ? { … } : { … }`` has the type the whole conditional is given (not its condition)
    while holder is not None and (holder.type == "parenthesized_expression" or (
            holder.type == "ternary_expression" and holder.child_by_field_name("condition") != literal)):
        literal, holder = holder, holder.parent
    if holder is None:
        return None
    source: str | None = None
    kind = holder.type
    if kind in ("variable_declarator", "public_field_definition"):
        name = holder.child_by_field_name("name")
        if holder.child_by_field_name("value") != literal or name is None or \
                not declared_type_text(ctx, holder.child_by_field_name("type")):  # (``A & { b: B }`` too)
            return None
        if kind == "variable_declarator":
            source = ctx.text(name) if name.type == "identifier" else None
        elif name.type == "property_identifier" and "static" not in modifier_tokens(holder):
            source = f"this.{ctx.text(name)}"
    elif kind in ("as_expression", "satisfies_expression") and holder.named_child_count == 2:
        source = type_text(ctx, holder.named_children[1]) or None
    elif kind == "arguments":  # ``f({ a: 1 })``: a member of f's parameter type
        source = _argument_of(ctx, literal)
    elif kind == "pair" and holder.child_by_field_name("value") == literal:
        outer = holder.child_by_field_name("key")
        source = object_key(ctx, outer) if outer is not None and outer.type == "property_identifier" else None
    elif kind == "array" and not _assigned(holder):
        # ``const sorts: Sort[] = [{ id }]``: an element of the array, typed as the array's elements are (not where
        # the array is assigned: the target may have no declared type, ``let types = c ? [{ … }] : undefined``,
        # and the keys would name every member so named)
        array = _object_source(ctx, holder)
        source = f"{array}[]" if array and array[-1] not in "]}" and "[]" not in array else None
    elif kind == "assignment_expression" and holder.child_by_field_name("right") == literal:
        # ``this.x = { a }``, ``x = { a }``: an assignment gives the object the target's type
        target = holder.child_by_field_name("left")
        found = dotted(target, ctx) if target is not None and target.type in ("identifier", "member_expression") \
            else None
        source = found[0] if found is not None and found[1] else None
    elif kind == "arrow_function" and holder.child_by_field_name("body") == literal:
        source = _returned(ctx, holder) or _returned_in_context(ctx, holder) or \
            _member_result(ctx, holder)  # ``(): T => ({ a })``
    elif kind == "return_statement":
        function = holder.parent
        while function is not None and function.type not in _RETURNING:
            function = function.parent
        returns = function.child_by_field_name("return_type") if function is not None else None
        # (an array literal's return type is an array's: ``f(): Sort[] { return [{ id }] }``)
        if function is not None and returns is not None and (type_text(ctx, returns) or (
                literal.type == "array" and declared_type_text(ctx, returns).endswith("[]"))):
            name = function.child_by_field_name("name")
            if function.type == "function_declaration" and name is not None:
                source = f"{ctx.text(name)}()"
            elif function.type == "method_definition" and name is not None and name.type == "property_identifier" \
                    and function.parent is not None and function.parent.type == "class_body" \
                    and "static" not in modifier_tokens(function):
                source = f"this.{ctx.text(name)}()"
        if source is None and function is not None and function.type in ("arrow_function", "function_expression"):
            source = _returned(ctx, function) or _returned_in_context(ctx, function) or _member_result(ctx, function)
    return source


def _assigned(value: Node) -> bool:
    """Is ``value`` (through parentheses and a conditional's branches) the right side of an assignment?"""
    holder = value.parent
    while holder is not None and (holder.type == "parenthesized_expression" or (
            holder.type == "ternary_expression" and holder.child_by_field_name("condition") != value)):
        value, holder = holder, holder.parent
    return holder is not None and holder.type == "assignment_expression"


def _member_result(ctx: Context, function: Node) -> str | None:
    """``S()`` for an arrow function or function expression that is the value of a key of an object literal whose
    type is declared (``const header: Header = { getContext: () => ({ table }) }``: ``header.getContext()``, the
    key's member, :func:`object_key`): what it returns has the type calling that member gives (TypeScript types
    the function by the member's declared type); None elsewhere, or for an async function (a promise of it)."""
    holder = function.parent
    if holder is None or holder.type != "pair" or holder.child_by_field_name("value") != function or \
            function.child_by_field_name("return_type") is not None or \
            any(c.type == "async" for c in function.children):
        return None
    key = holder.child_by_field_name("key")
    member = object_key(ctx, key) if key is not None and key.type == "property_identifier" else None
    return f"{member}()" if member and "~" not in member else None


def _returned_in_context(ctx: Context, function: Node) -> str | None:
    """``…(#-1)``: what an arrow function or function expression that declares no return type returns, by the
    function type its context gives it (:func:`function_context`: ``setMeta((prev) => ({ … }))`` with ``setMeta(
    updater: Updater<Meta>)`` returns a ``Meta``); None where it has no such context or is async."""
    if function.child_by_field_name("return_type") is not None or any(c.type == "async" for c in function.children):
        return None
    context = function_context(ctx, function)
    if context is None:  # a function type written in place for it: what that type returns
        written = written_function_type(ctx, function)
        returned = written.child_by_field_name("return_type") if written is not None else None
        text = declared_type_text(ctx, returned) if returned is not None else ""
        return text if text and text[0] != "$" else None
    return f"{context}(#-1)"


def _returned(ctx: Context, function: Node) -> str | None:
    """The type an arrow function or function expression declares it returns, as a chain's head (as ``{ a }
    as T`` gives ``T.a``); None where none is declared, or the function is async (what it returns is awaited
    into a promise: ``Promise<T>``'s T, which :func:`type_text` does not read)."""
    if any(child.type == "async" for child in function.children):
        return None
    return type_text(ctx, function.child_by_field_name("return_type")) or None


#: the functions a ``return`` belongs to
_RETURNING = frozenset({"function_declaration", "method_definition", "arrow_function", "function_expression",
                        "generator_function_declaration", "generator_function"})


def _parameter_type(ctx: Context, parameter: Node, spreads: dict[str, int] | None = None) -> str:
    """A parameter's declared type (:func:`type_text`); a function type as ``(A,B)=>R``, its parameters' (with
    ``spreads``, :func:`_spread_sources`: a first rest parameter spread from another parameter's tuple as
    ``...@k``) and what it returns (``(A,B)=>`` where that is no type the resolver reads); a union with one
    function type among its members as ``T|(A)=>R`` (a value of T given, or a function called as that one)."""
    annotation = parameter.child_by_field_name("type")
    node = annotation
    # (the first named child read by itself, not from a list of them all, as in type_text)
    while node is not None and node.type in ("type_annotation", "parenthesized_type") and node.named_child_count:
        node = node.named_child(0)
    if node is not None and node.type == "union_type":  # ``((x: T) => void) | undefined``
        kept = [m for m in node.named_children if ctx.text(m) not in ("null", "undefined")]
        node = kept[0] if len(kept) == 1 else node
        while node is not None and node.type == "parenthesized_type" and node.named_child_count:
            node = node.named_child(0)
    if node is not None and node.type == "function_type":
        return _function_type_text(ctx, node, spreads)
    declared = declared_type_text(ctx, annotation)
    called = function_member(node) if node is not None and node.type == "union_type" else None
    if called is not None:  # ``Meta | ((prev: Meta) => Meta)``: a value of the other members, or that function
        function = _function_type_text(ctx, called, spreads)
        return f"{declared}|{function}" if declared else function
    return declared


def _function_type_text(ctx: Context, node: Node, spreads: dict[str, int] | None) -> str:
    """A function type as a parameter's type text: ``(A,B)=>R`` (:func:`_parameter_type`)."""
    given = _parameter_types(ctx, node.child_by_field_name("parameters"), spreads or _NO_SPREADS)
    return f"({','.join(given)})=>{declared_type_text(ctx, node.child_by_field_name('return_type'))}"


#: no tuple type parameters to spread (:func:`_parameter_types` inside a function type)
_NO_SPREADS: dict[str, int] = {}


def _parameter_types(ctx: Context, parameters: Node | None, spreads: dict[str, int] | None = None) -> list[str]:
    """The declared types of a parameter list, by position (a ``this`` parameter is none). A function type's
    first rest parameter whose type is the tuple of a type parameter that another parameter's function type
    returns (``memo<TDeps>(getDeps: () => [...TDeps], fn: (...args: [...TDeps]) => R)``) is ``...@k``: its
    arguments are the elements of what the function given as argument k returns (TypeScript infers TDeps
    there; the resolver's ``_spread_entities`` reads them at the call)."""
    own = spreads is None  # (a callable's or a signature's own parameters, not a function type's among them)
    if spreads is None:
        spreads = _spread_sources(ctx, parameters)
    found: list[str] = []
    for child in parameters.named_children if parameters is not None else ():
        if child.type in ("required_parameter", "optional_parameter"):
            pattern = child.child_by_field_name("pattern")
            if pattern is None or pattern.type == "this":
                continue
            if pattern.type == "rest_pattern":
                source = _spread_of(ctx, child.child_by_field_name("type")) if spreads and not found else ""
                found.append(f"...@{spreads[source]}" if source in spreads else "")
            else:
                found.append(_parameter_type(ctx, child, spreads if own else _NO_SPREADS))
        elif child.type not in ("comment", "decorator"):
            found.append("")
    return found


def _spread_of(ctx: Context, node: Node | None, *, tuple_only: bool = False) -> str:
    """The type parameter a tuple type spreads (``[...T]``, ``NoInfer<[...T]>``; without ``tuple_only``, ``T``
    itself: a rest parameter's type), else "". (A function type that returns ``T`` is given an array literal's
    type, no tuple: only ``[...T]`` makes TypeScript infer one.)"""
    while node is not None and (node.type in ("type_annotation", "parenthesized_type") or (
            node.type == "generic_type" and ctx.text(node.child_by_field_name("name")) == "NoInfer")) and \
            node.named_children:
        node = node.named_children[-1]
        if node.type == "type_arguments":
            node = node.named_children[0] if node.named_child_count == 1 else None
    if node is not None and node.type == "tuple_type" and node.named_child_count == 1 and \
            node.named_children[0].type == "rest_type" and node.named_children[0].named_child_count == 1:
        node = node.named_children[0].named_children[0]
    elif tuple_only:
        return ""
    if node is None or node.type != "type_identifier":
        return ""
    name = ctx.text(node)
    return name if in_type_parameter_scope(ctx, node, name) else ""


def _spread_sources(ctx: Context, parameters: Node | None) -> dict[str, int]:
    """The type parameters that one parameter's function type returns as a tuple (``getDeps: () => [...TDeps]``),
    by name, with that parameter's position (a name two parameters return is left out)."""
    if parameters is None or "..." not in ctx.text(parameters):
        return _NO_SPREADS
    found: dict[str, int] = {}
    position = 0
    for child in parameters.named_children:
        if child.type in ("comment", "decorator"):
            continue
        pattern = child.child_by_field_name("pattern")
        if pattern is not None and pattern.type == "this":
            continue
        function = _function_type_of(child.child_by_field_name("type"))
        returned = function.child_by_field_name("return_type") if function is not None else None
        name = _spread_of(ctx, returned, tuple_only=True) if returned is not None else ""
        if name:
            found[name] = -1 if name in found else position
        position += 1
    return {name: at for name, at in found.items() if at >= 0}


def _rest_positions(parameters: Node | None) -> set[int]:
    """The positions of the rest parameters (``...args``) among a parameter list's (as :func:`_parameter_types`
    counts them)."""
    found: set[int] = set()
    position = 0
    for child in parameters.named_children if parameters is not None else ():
        if child.type in ("required_parameter", "optional_parameter"):
            pattern = child.child_by_field_name("pattern")
            if pattern is None or pattern.type == "this":
                continue
            if pattern.type == "rest_pattern":
                found.add(position)
        elif child.type in ("comment", "decorator"):
            continue
        position += 1
    return found


def record_parameters(ctx: Context, symbol: RawSymbol, function: Node) -> None:
    """A TypeScript callable's parameter types (``Extraction.parameter_types``), when any is declared."""
    if ctx.extraction.language != "typescript":
        return
    types = _parameter_types(ctx, function.child_by_field_name("parameters"))
    if function.type in FUNCTION_VALUES and not all(types):
        # ``const f: Fn = (row) => …``: an untyped parameter has the type ``Fn`` gives it (:func:`function_context`)
        context = function_context(ctx, function)
        if context is not None and context.startswith("^"):
            rest = _rest_positions(function.child_by_field_name("parameters"))
            types = [text or ("" if position in rest else f"{context}(#{position})")
                     for position, text in enumerate(types)]
        elif context is None:  # ``const f: (row: Row) => … = (row) => …``: the types written in place
            rest = _rest_positions(function.child_by_field_name("parameters"))
            types = [text or ("" if position in rest else written_parameter(ctx, function, position))
                     for position, text in enumerate(types)]
    if any(types):
        ctx.extraction.parameter_types[(symbol.name_span[0], symbol.name_span[1])] = tuple(types)


def record_signature(ctx: Context, symbol: RawSymbol, declaration: Node, signature: Node) -> None:
    """The parameter types of the function type a type alias or an interface stands for (``type Fn = (row:
    Row) => boolean``, ``interface Fn { (row: Row): boolean }``, the one function type of a union ``type
    Updater<T> = T | ((old: T) => T)``), then what it returns as ``=>R`` (``Extraction.parameter_types``): what
    a function given this type by its context is passed and returns. A generic one's own type parameters are
    written ``$i`` (:func:`alias_template`): the resolver puts in the arguments a use gives."""
    if ctx.extraction.language != "typescript":
        return
    _template_state(ctx, declaration)
    try:
        types = _parameter_types(ctx, signature.child_by_field_name("parameters"))
        return_type = signature.child_by_field_name("return_type")
        written = _function_type_of(return_type)
        # (a function type it returns as ``(A,B)=>R``: the parameters of a function returned in its context)
        returned = _function_type_text(ctx, written, None) if written is not None else \
            declared_type_text(ctx, return_type)
    finally:
        ctx.state.pop("alias template", None)
    if returned:
        types.append(f"=>{returned}")
    if any(types):
        ctx.extraction.parameter_types[(symbol.name_span[0], symbol.name_span[1])] = tuple(types)


def record_signature_through(ctx: Context, symbol: RawSymbol, declaration: Node) -> None:
    """For a generic type alias whose value is a union of other types with one generic type among them, and no
    function type (``type Updater<I, O = I> = O | UpdaterFn<I, O>``): that generic type, as its template
    (``^UpdaterFn<$0,$1=0>`` in ``Extraction.parameter_types``). The resolver gives the alias that type's
    signature, with the arguments a use gives put in, where that type is a function type; none otherwise (``T |
    Promise<T>``)."""
    value = declaration.child_by_field_name("value")
    if ctx.extraction.language != "typescript" or value is None or value.type != "union_type" or \
            declaration.child_by_field_name("type_parameters") is None:
        return
    members = _union_members(value)
    generic = [member for member in members if member.type == "generic_type"]
    if len(generic) != 1 or any(member.type in ("function_type", "parenthesized_type", "constructor_type")
                                for member in members):
        return
    name, arguments = generic[0].child_by_field_name("name"), generic[0].child_by_field_name("type_arguments")
    if name is None or name.type not in ("type_identifier", "nested_type_identifier") or arguments is None:
        return
    positions, defaults = _template_state(ctx, declaration)
    ctx.state.pop("alias template", None)
    parts: list[str] = []
    for argument in arguments.named_children:
        if argument.type == "comment":
            continue
        written = ctx.text(argument) if argument.type == "type_identifier" else ""
        if written in positions:
            parts.append(f"${positions[written]}" + (f"={defaults[written]}" if written in defaults else ""))
        else:  # (a type of its own: a name, read in the alias's file; anything else is unknown there)
            text = declared_type_text(ctx, argument)
            parts.append(text if text and not any(c in _NOT_AN_ARGUMENT for c in text) else "")
    if any(part.startswith("$") for part in parts):
        ctx.extraction.parameter_types[(symbol.name_span[0], symbol.name_span[1])] = (
            f"^{ctx.text(name)}<{','.join(parts)}>",)


#: what a type argument written in a signature's template cannot hold (it is one name)
_NOT_AN_ARGUMENT = frozenset(" |&[]{}<>,;*?'\"()=$")


def _template_state(ctx: Context, declaration: Node) -> tuple[dict[str, int], dict[str, int]]:
    """Read the type parameters of a generic declaration as ``$i`` (``$1=0`` where parameter 1's default is
    parameter 0) in the type texts read next, until ``ctx.state["alias template"]`` is taken off. Returns the
    parameters' positions and those defaults, by name."""
    positions: dict[str, int] = {}
    defaults: dict[str, int] = {}
    parameters = declaration.child_by_field_name("type_parameters")
    if parameters is not None:
        declared = [p for p in parameters.named_children if p.type == "type_parameter"]
        names = [p.child_by_field_name("name") for p in declared]
        positions = {ctx.text(name): i for i, name in enumerate(names) if name is not None}
        # ``type Updater<TInput, TOutput = TInput>``: a parameter whose default is an earlier one, ``$1=0`` (a use that
        # leaves out argument 1 gives it argument 0)
        for parameter, name in zip(declared, names, strict=True):
            default = parameter.child_by_field_name("value")
            given = default.named_children[0] if default is not None and default.named_child_count == 1 else None
            if name is not None and given is not None and given.type == "type_identifier" and \
                    positions.get(ctx.text(given), len(names)) < positions[ctx.text(name)]:
                defaults[ctx.text(name)] = positions[ctx.text(given)]
        ctx.state["alias template"] = ((declaration.start_byte, declaration.end_byte), positions, defaults)
    return positions, defaults


def function_member(node: Node | None) -> Node | None:
    """The function type a type stands for as a function's contextual type: itself, or the one function type
    among a union's members (``T | ((old: T) => T)``); None for any other type."""
    while node is not None and node.type == "parenthesized_type" and node.named_child_count == 1:
        node = node.named_children[0]
    if node is None:
        return None
    if node.type == "function_type":
        return node
    if node.type != "union_type":
        return None
    found = []
    for member in _union_members(node):
        while member.type == "parenthesized_type" and member.named_child_count == 1:
            member = member.named_children[0]
        if member.type in ("function_type", "constructor_type"):
            found.append(member)
    return found[0] if len(found) == 1 and found[0].type == "function_type" else None


def _argument_of(ctx: Context, node: Node) -> str | None:
    """``f(#i)`` for a node that is argument i of a call of a name chain (``new C(…)`` too): what a
    value of the callee's parameter i's declared type is, for the resolver; else None."""
    arguments = node.parent
    if arguments is None or arguments.type != "arguments":
        return None
    call = arguments.parent
    if call is None or call.type not in ("call_expression", "new_expression"):
        return None
    callee = call.child_by_field_name("function" if call.type == "call_expression" else "constructor")
    found = _values_callee(ctx, callee) or (dotted(callee, ctx, calls=True) if callee is not None else None)
    if found is None or not found[1] or found[0].endswith("()"):
        return None
    index = 0
    for child in arguments.named_children:
        if child == node:
            return f"{found[0]}(#{index})"
        if child.type == "comment":
            continue
        if child.type == "spread_element":
            return None
        index += 1
    return None


#: the head of a callee's text that keeps ``Object.values``'s argument (:func:`_values_callee`; the resolver's
#: ``_argument_entities`` reads it)
_VALUES_OF = "Object.values("


def _values_callee(ctx: Context, callee: Node | None) -> tuple[str, bool] | None:
    """``Object.values(x).forEach`` (any method of it) as the callee of a call whose callback gets x's values: its
    text with the argument kept, ``Object.values(x).forEach`` (the resolver's ``_argument_entities`` reads an
    element of x there: an array's element, a record's value); None for any other callee."""
    if callee is None or callee.type != "member_expression":
        return None
    target = callee.child_by_field_name("object")
    while target is not None and target.type == "parenthesized_expression" and target.named_child_count == 1:
        target = target.named_children[0]
    if target is None or target.type != "call_expression":
        return None
    function, arguments = target.child_by_field_name("function"), target.child_by_field_name("arguments")
    given = [a for a in arguments.named_children if a.type != "comment"] if arguments is not None else []
    method = member_property(callee)
    if function is None or ctx.text(function) != _VALUES_OF[:-1] or len(given) != 1 or method is None:
        return None
    source = dotted(given[0], ctx)
    if source is None or not source[1]:
        return None
    return f"{_VALUES_OF}{source[0]}).{ctx.text(method)}", True


#: the field holding the last name of a dotted expression, by the expression's node type (:func:`last_name`)
_LAST_NAME_FIELDS = {"member_expression": "property", "nested_identifier": "property",
                     "nested_type_identifier": "name", "generic_type": "name"}


def last_name(node: Node) -> Node:
    """The node of the last name in a dotted expression (where a reference's span points)."""
    field = _LAST_NAME_FIELDS.get(node.type)
    if field is not None:
        child = member_property(node) if field == "property" else node.child_by_field_name(field)
        if child is not None:
            return last_name(child)
    return node


def modifier_tokens(node: Node) -> set[str]:
    """The modifier keywords among a declaration's direct children."""
    found: set[str] = set()
    for child in node.children:
        kind = child.type
        if kind in _MODIFIER_TOKENS:
            found.add(kind)
        elif kind == "accessibility_modifier":
            found.add(child.text.decode() if child.text is not None else "")
    return found


def require_call(node: Node | None, ctx: Context) -> Node | None:
    """``require("m")`` (optionally followed by ``.member``) → the call node, else None."""
    if node is not None and node.type == "member_expression":
        node = node.child_by_field_name("object")
    if node is None or node.type != "call_expression":
        return None
    function = node.child_by_field_name("function")
    arguments = node.child_by_field_name("arguments")
    if function is None or function.type != "identifier" or ctx.text(function) != "require":
        return None
    if arguments is None or arguments.named_child_count != 1 or arguments.named_children[0].type != "string":
        return None
    return node


def _type_parameter_scopes(ctx: Context) -> dict[str, Blocks]:
    """Every name the file declares as a type parameter, ``infer`` variable or mapped-type key, with
    the nodes it is visible in.

    Read off the query's ``@adapter.*`` matches (``typescript/queries.scm``): a type parameter is
    visible in the node whose ``type_parameters`` declare it; a mapped-type key in its index
    signature; an ``infer U`` in every conditional type whose ``extends`` side (``right``) holds it.
    A type name is then a type parameter when one of its name's nodes contains it
    (:func:`in_type_parameter_scope`), the same answer as walking up its parents (the test's
    ``_declared_type_parameter``) without the walk.
    """
    scopes: dict[str, list[Node]] = {}
    conditionals: list[tuple[Node, Node]] = []
    infers: list[tuple[str, Node]] = []
    for captures in adapter_matches(ctx, "type parameters"):
        if "adapter.type_parameter_scope" in captures:
            name = ctx.text(captures["adapter.type_parameter"][0])
            scopes.setdefault(name, []).append(captures["adapter.type_parameter_scope"][0])
        elif "adapter.conditional" in captures:
            conditionals.append((captures["adapter.conditional"][0], captures["adapter.conditional_right"][0]))
        elif "adapter.infer" in captures:
            infers.append((ctx.text(captures["adapter.infer_name"][0]), captures["adapter.infer"][0]))
    if infers:
        # the extends sides, in order of start (an outer one before those inside it), each with the one
        # around it: every side holding an ``infer`` is around the last side starting at or before it
        # (syntax nodes nest), so a search walks up from there, never across the sides beside it (a
        # file of type-level code holds hundreds: a scan of all of them per ``infer`` was quadratic)
        conditionals.sort(key=lambda pair: (pair[1].start_byte, -pair[1].end_byte))
        starts = [right.start_byte for _conditional, right in conditionals]
        ends = [right.end_byte for _conditional, right in conditionals]
        up: list[int] = []
        stack: list[int] = []
        for index, end in enumerate(ends):
            while stack and ends[stack[-1]] < end:
                stack.pop()
            up.append(stack[-1] if stack else -1)
            stack.append(index)
        for name, infer in infers:
            position = bisect.bisect_right(starts, infer.start_byte) - 1
            while position >= 0:
                if infer.end_byte <= ends[position]:
                    scopes.setdefault(name, []).append(conditionals[position][0])
                position = up[position]
    return {name: Blocks(nodes) for name, nodes in scopes.items()}


def not_type_uses(ctx: Context) -> set[tuple[int, int]]:
    """The byte ranges of the type names that are not uses of a type, from the query's
    ``@adapter.not_a_type_use`` captures (``typescript/queries.scm``): the name a declaration
    introduces, a part of a longer name (captured itself), a name ``infer`` declares, and the types
    of ``implements`` and interface ``extends`` clauses (recorded as implements and inherits).
    The same answer as looking at each type name's parents (``tests/languages/test_fast_paths.py``), without
    a parent lookup per type name."""
    found = ctx.state.get("not_type_uses")
    if not isinstance(found, set):
        found = ctx.state["not_type_uses"] = {
            node.byte_range
            for captures in adapter_matches(ctx, "not a type use")
            for node in captures["adapter.not_a_type_use"]
        }
    return found


#: the bytes of any file
_ANYWHERE = (0, 1 << 62)


def _type_parameter_scope_of(ctx: Context, node: Node, name: str) -> tuple[int, int] | None:
    """The bytes of the innermost declaration of the type parameter the type name ``node`` denotes."""
    nodes = type_parameter_names(ctx, name)
    return nodes.innermost(node.start_byte, node.end_byte, _ANYWHERE) if nodes is not None else None


def alias_template(ctx: Context, alias: Node) -> str:
    """A generic type alias that stands for (the members of) its type arguments, as a template of them:
    ``$0`` for ``type RequiredKeys<T, K> = Omit<T, K> & Required<Pick<T, K>>``, ``$0&$1`` for ``type
    Overwrite<T, U> = Omit<T, keyof U> & U``; "" for any other alias. A use ``RequiredKeys<Options, 'state'>``
    (written ``RequiredKeys<Options,>``, :func:`type_text`) has the members of ``Options``."""
    parameters = alias.child_by_field_name("type_parameters")
    if parameters is None:
        return ""
    names = [p.child_by_field_name("name") for p in parameters.named_children if p.type == "type_parameter"]
    positions = {ctx.text(name): i for i, name in enumerate(names) if name is not None}
    ctx.state["alias template"] = ((alias.start_byte, alias.end_byte), positions)
    try:
        text = declared_type_text(ctx, alias.child_by_field_name("value"))
    finally:
        del ctx.state["alias template"]
    parts = text.split("&")
    return text if text and all(len(part) > 1 and part[0] == "$" and part[1:].isdigit() for part in parts) else ""


def in_type_parameter_scope(ctx: Context, node: Node, name: str) -> bool:
    """Is the type name ``node`` (written ``name``) a type parameter (or ``infer``/mapped-type variable)
    in scope? A type parameter's scope is never the type name itself, so containment is ancestry."""
    start, end = node.byte_range
    return type_parameter_at(ctx, name, start, end)


def type_parameter_at(ctx: Context, name: str, start: int, end: int) -> bool:
    """:func:`in_type_parameter_scope` for the type name ``name`` at the bytes ``start..end`` (a caller that has
    read them already)."""
    scopes = ctx.state.get("type_parameters")
    nodes = scopes.get(name) if isinstance(scopes, dict) else type_parameter_names(ctx, name)
    return nodes is not None and nodes.innermost(start, end, _ANYWHERE) is not None


def type_parameter_names(ctx: Context, name: str) -> Blocks | None:
    """The nodes in which the file declares ``name`` a type parameter (None: nowhere), the file's table
    (``ctx.state["type_parameters"]``, :func:`_type_parameter_scopes`) made on the first call."""
    scopes = ctx.state.get("type_parameters")
    if not isinstance(scopes, dict):
        scopes = ctx.state["type_parameters"] = _type_parameter_scopes(ctx)
    return scopes.get(name)


#: characters no plain (dotted) type name has: a type argument with one is not written (:func:`type_text`)
_NOT_A_NAME = frozenset(" |&[]{}<>,;*?'\"()=$@:")

#: predefined types that say nothing about a value's members
_OPAQUE_TYPES = frozenset({"any", "unknown", "object", "never", "void", "undefined", "null"})


#: utility types whose members are (a subset of) those of their first argument
_THROUGH_FIRST_ARGUMENT = frozenset(
    {"Readonly", "Partial", "Required", "NonNullable", "Exclude", "Extract", "Pick", "Omit", "NoInfer"}
)


#: utility types that compute a type the adapter cannot follow
_COMPUTED_TYPES = frozenset(
    {"ReturnType", "InstanceType", "Parameters", "ConstructorParameters", "Awaited", "ThisType", "Record",
     "ThisParameterType", "OmitThisParameter"}
)


def type_text(ctx: Context, node: Node | None, *, intersections: bool = False) -> str:
    """The declared type of :attr:`RawSymbol.declared_type` from a type (or ``: T`` annotation) node.

    A named type without its generic arguments (``Repo``, ``ns.Repo``, ``Map``, ``string``); ``this`` (the
    class a member is declared in: ``where(): this``, a fluent method); one
    member of a union with ``null``/``undefined`` (``Repo | null``); the argument of a utility type
    that keeps its members (``Readonly<Repo>``, ``NonNullable<Repo>``); "" for anything else: a type
    parameter, ``any``/``unknown``, computed types (``ReturnType<…>``), arrays, object, function and
    literal types. With ``intersections`` (a declared type, not a chain's head), an intersection of
    named types as ``A&B`` (a value of it has the members of each; the resolver's ``type_entities``),
    one with a part that is no name is "" too; an array of a named type as ``T[]``; and the type of a
    member a string key names (``Options['form']``, written so).
    """
    if node is None:
        return ""
    kind = node.type
    while kind in ("type_annotation", "parenthesized_type") and node.named_child_count:
        node = node.named_child(0)
        kind = node.type
    if kind == "type_identifier":  # (the commonest: a name, or a type parameter)
        return _type_name_text(ctx, node, intersections)
    if kind == "this_type":  # ``a(): this``: the class the member is of (a fluent method returns its receiver)
        return "this"
    # (a generic type's name, read once for both tests below)
    generic = node.child_by_field_name("name") if kind == "generic_type" else None
    written = ctx.text(generic) if generic is not None else ""
    if intersections and (kind in ("array_type", "readonly_type") or (kind == "generic_type" and written in _ARRAYS)):
        element = element_type_text(ctx, node)  # ``Row[]``, ``Array<Row>``: an array of rows
        return f"{element}[]" if element else ""
    if kind == "lookup_type" and intersections and node.named_child_count == 2:
        # ``Options['form']``: the declared type of that member of the type (the resolver's ``type_entities``)
        base = type_text(ctx, node.named_children[0], intersections=True)
        index = node.named_children[1]
        key = ctx.text(index)[1:-1] if index.type == "literal_type" and index.named_child_count == 1 and \
            index.named_children[0].type == "string" else ""
        if base and not base.endswith(("[]", "[:]")) and "&" not in base and key and \
                all(c.isalnum() or c in "_$" for c in key):
            return f"{base}['{key}']"
        return ""
    if kind == "object_type":
        members = [m for m in node.named_children if m.type != "comment"] if intersections else []
        if len(members) == 1 and members[0].type == "index_signature":  # ``{ [key: string]: Row }``: a record
            clause = next((c for c in members[0].named_children if c.type == "mapped_type_clause"), None)
            keys = clause.named_children if clause is not None else []
            if len(keys) == 2 and keys[1].type == "index_type_query" and keys[1].named_child_count == 1:
                # a mapped type over the keys of a type (``{ [K in keyof T]?: T[K] }``, without ``as``): its members
                # are that type's, each declared there
                return type_text(ctx, keys[1].named_children[0], intersections=True)
            value = type_text(ctx, members[0].child_by_field_name("type"))
            return f"{value}[:]" if value and _NOT_A_NAME.isdisjoint(value) else ""
        return shape_text(node, ctx)
    if kind == "intersection_type":
        if not intersections:
            return ""
        parts: list[str] = []
        for part in node.named_children:
            text = type_text(ctx, part, intersections=True)
            if not text or text.endswith("[:]"):
                return ""
            parts += [p for p in text.split("&") if p not in parts]
        return "&".join(parts)
    if kind == "generic_type":
        if written in _THROUGH_FIRST_ARGUMENT:  # ``Readonly<Repo>`` has Repo's members
            arguments = node.child_by_field_name("type_arguments")
            return type_text(ctx, arguments.named_children[0], intersections=intersections) \
                if arguments and arguments.named_children else ""
        if written == "Record" and intersections:  # ``Record<string, Row>``: a record whose values are rows
            arguments = node.child_by_field_name("type_arguments")
            given = [a for a in arguments.named_children if a.type != "comment"] if arguments is not None else []
            value = type_text(ctx, given[1]) if len(given) == 2 else ""
            return f"{value}[:]" if value and _NOT_A_NAME.isdisjoint(value) else ""
        if written in _OF_A_VALUE:  # ``ReturnType<typeof f>``: what calling f gives (``f()``); ``InstanceType<…>``: a C
            query = _type_query_name(ctx, node)
            return f"{query}()" if query and written == "ReturnType" else query
        if written in _COMPUTED_TYPES:
            return ""
        named = type_text(ctx, generic)
        arguments = node.child_by_field_name("type_arguments")
        if intersections and named and arguments is not None:
            # ``RequiredKeys<Options, 'state'>`` as ``RequiredKeys<Options,>``: a generic alias that passes its
            # arguments through (:func:`alias_template`) stands for them (the resolver's ``type_entities``)
            texts = [type_text(ctx, argument) for argument in arguments.named_children if argument.type != "comment"]
            texts = [text if _NOT_A_NAME.isdisjoint(text) else "" for text in texts]
            if any(texts):
                return f"{named}<{','.join(texts)}>"
        return named
    if kind == "nested_type_identifier":
        return "".join(ctx.text(node).split())
    if kind == "predefined_type":
        text = ctx.text(node)
        return "" if text in _OPAQUE_TYPES else text
    if kind == "union_type":
        kept = [m for m in _union_members(node) if ctx.text(m) not in ("null", "undefined")]
        if len(kept) == 1:
            return type_text(ctx, kept[0], intersections=intersections)
        return _union_text(ctx, kept) if intersections else ""
    return ""


#: utility types of a value's type (``ReturnType<typeof f>``, ``InstanceType<typeof C>``) that the resolver reads
_OF_A_VALUE = frozenset({"ReturnType", "InstanceType"})


def _type_query_name(ctx: Context, node: Node) -> str:
    """The name (or dotted name) ``typeof`` queries in the one type argument of a generic type (``ReturnType<typeof
    store.getState>``: ``store.getState``); "" for any other argument."""
    arguments = node.child_by_field_name("type_arguments")
    given = [a for a in arguments.named_children if a.type != "comment"] if arguments is not None else []
    if len(given) != 1 or given[0].type != "type_query" or given[0].named_child_count != 1:
        return ""
    queried = given[0].named_children[0]
    if queried.type not in ("identifier", "member_expression"):
        return ""
    text = "".join(ctx.text(queried).split())
    return text if all(part.isidentifier() for part in text.split(".")) else ""


def _type_name_text(ctx: Context, node: Node, intersections: bool) -> str:
    """:func:`type_text` of a ``type_identifier``: its name, or for a type parameter its constraint's text (a
    generic alias's own parameter in its body: ``$i``)."""
    start, end = node.byte_range
    name = ctx.text_at(start, end)
    # (:func:`type_parameter_at` in place: most names are no type parameter, answered by one look-up)
    scopes = ctx.state.get("type_parameters")
    nodes = scopes.get(name) if isinstance(scopes, dict) else type_parameter_names(ctx, name)
    if nodes is None or nodes.innermost(start, end, _ANYWHERE) is None:
        return name
    template = ctx.state.get("alias template")
    if isinstance(template, tuple):  # a type alias's own type parameter, in its body: ``$i``
        where, positions = template[0], template[1]
        if name in positions and _type_parameter_scope_of(ctx, node, name) == where:
            defaults = template[2] if len(template) > 2 else {}
            return f"${positions[name]}={defaults[name]}" if name in defaults else f"${positions[name]}"
    # a type parameter: a value of it has its constraint's members (``<R extends Router>(r: R)``: a Router's);
    # none without one
    constraint = _constraint_at(ctx, name, start, end)
    if constraint is None:
        return ""
    following = ctx.state.setdefault("following constraints", set())
    assert isinstance(following, set)
    if constraint.byte_range in following:
        return ""  # (``A extends B, B extends A``: an error, and no type)
    following.add(constraint.byte_range)
    try:
        return type_text(ctx, constraint, intersections=intersections)
    finally:
        following.discard(constraint.byte_range)


#: union members no project member belongs to (a primitive, a literal, a function type): left out of a union's text
_MEMBERLESS = frozenset({"predefined_type", "literal_type", "template_literal_type", "function_type",
                         "constructor_type"})


def _union_text(ctx: Context, members: list[Node]) -> str:
    """A union of named or anonymous object types as ``A|B`` (a value of it has the members of each: the resolver's
    ``type_entities``), primitives, literals and function types left out (they have no project members); "" where
    a member is of no type the resolver follows (``any``, an unconstrained type parameter, an array)."""
    parts: list[str] = []
    for member in members:
        while member.type == "parenthesized_type" and member.named_child_count == 1:
            member = member.named_children[0]
        if member.type in _MEMBERLESS:
            if member.type == "predefined_type" and ctx.text(member) in ("any", "unknown"):
                return ""
            continue
        text = type_text(ctx, member, intersections=True)
        if not text or text.endswith(("[]", "[:]")) or "|" in text or "['" in text:
            return ""
        if text not in parts:
            parts.append(text)
    # (``$i``, a generic alias's own parameter, known only where the alias is used: the one member left, as
    # ``type Updater<T> = T | ((old: T) => T)`` holds a T where a value is given)
    return "" if len(parts) > 1 and any("$" in part for part in parts) else "|".join(parts)


def _union_members(node: Node) -> list[Node]:
    """The members of a union type, nested unions flattened (``A | (B | C)``: the grammar nests them)."""
    members: list[Node] = []
    stack = [node]
    while stack:
        current = stack.pop()
        for child in current.named_children:
            (stack if child.type == "union_type" else members).append(child)
    return members


#: the members of an object type that have a name (its call, construct and index signatures have none)
_NAMED_MEMBERS = frozenset({"property_signature", "method_signature"})


def shape_text(node: Node, ctx: Context | None = None) -> str:
    """An anonymous object type (``{ a: A; b(): B }``) as a type text: ``{a@3:4;b@3:10}``, each member that has a
    plain name with the line (1-based) and column of its token, where the query declares it as a ``property``
    local; the resolver's ``Shape``, whose members are exactly these. With ``ctx``, a property's declared type
    (``a?: A``) is kept as its local's (``Extraction.local_types`` at its token): what reading the member gives."""
    members = []
    for member in node.named_children:
        if member.type in _NAMED_MEMBERS:
            name = member.child_by_field_name("name")
            if name is not None and name.type == "property_identifier" and name.text is not None:
                start = name.start_point
                members.append(f"{name.text.decode()}@{start[0] + 1}:{start[1]}")
                if ctx is not None and member.type == "property_signature":
                    # (a function type as ``(A,B)=>R``: what a call of the member is passed and gives)
                    held = declared_type_text(ctx, member.child_by_field_name("type")) or _parameter_type(ctx, member)
                    if held and held[0] != "$":  # (a generic alias's own parameter: no type here)
                        _record_shape_typed(ctx, (start[0] + 1, start[1]), held)
    return "{" + ";".join(members) + "}"


def _record_shape_typed(ctx: Context, where: tuple[int, int], held: str) -> None:
    """A member type :func:`shape_text` records (``Extraction.local_types`` at the member's token), listed in the
    order made (``shape members typed``): :func:`declared_type_text` keeps those its text's reading made, to make
    them again where it answers from its memo, as the reading did."""
    ctx.extraction.local_types[where] = held
    typed = ctx.state.get("shape members typed")
    if not isinstance(typed, list):
        typed = ctx.state["shape members typed"] = []
    typed.append((where, held))


def object_shape_text(node: Node) -> str:
    """An object literal's own type (TypeScript infers one with exactly its keys), in :func:`shape_text`'s
    convention: its keys that are plain names (``{ a: 1, b, c() {} }``), each declared at its token as a
    ``property`` local; "" for one with a spread (``{ ...x }``: members it does not list) or a computed key."""
    members = []
    for entry in node.named_children:
        kind = entry.type
        if kind == "shorthand_property_identifier":
            name: Node | None = entry
        elif kind in ("pair", "method_definition"):
            name = entry.child_by_field_name("key" if kind == "pair" else "name")
            if name is None or name.type != "property_identifier":
                return ""
        elif kind == "comment":
            continue
        else:
            return ""  # a spread, an accessor pair's getter written otherwise: members it does not list
        assert name is not None
        if name.text is None:
            return ""
        members.append(f"{name.text.decode()}@{name.start_point[0] + 1}:{name.start_point[1]}")
    return "{" + ";".join(members) + "}"


def declared_type_text(ctx: Context, node: Node | None) -> str:
    """:func:`type_text` for a declared type (``RawSymbol.declared_type``, a variable's or parameter's type),
    which may be an intersection ``A&B``.

    Kept per node for the file (``declared types``): a parameter's or a variable's annotation is read for its
    symbol, then again for the variable types of the scope (:func:`record_var_types`), and a generic one
    (``Effect<A, E, R>``) costs a look-up of each argument's type parameter. Not kept where the text depends on
    more than the node: inside a generic alias's own template (``alias template``: ``$i``), while a constraint is
    followed (``following constraints``: a cycle gives ""). Where reading it typed a shape's members, the text is
    kept with what :func:`shape_text` recorded, in order, and an answer from the memo records that again, as each
    read did (a later template's read may have recorded another type there since). (The annotations with a shape
    in them were read again in full by each reader: 0.2 % of effect's extraction instructions.)"""
    if node is None:
        return ""
    state = ctx.state
    if "alias template" in state or state.get("following constraints"):
        return type_text(ctx, node, intersections=True)
    known = state.get("declared types")
    if not isinstance(known, dict):
        known = state["declared types"] = {}
    key = node.id
    found = known.get(key)
    if found is None:
        typed = state.get("shape members typed")
        before = len(typed) if isinstance(typed, list) else 0
        text = type_text(ctx, node, intersections=True)
        typed = state.get("shape members typed")
        # (a text alone where nothing was recorded: most)
        known[key] = (text, typed[before:]) if isinstance(typed, list) and len(typed) > before else text
        return text
    if isinstance(found, str):
        return found
    text, recorded = found
    for where, held in recorded:
        _record_shape_typed(ctx, where, held)
    return text


def _head(text: str) -> str:
    """The first name of a dotted text, without a call's ``()``, an element's ``*`` or ``[]`` or a held value's
    ``=``: ``a`` for ``a().b.c``, ``*a.b``, ``=a.b``, ``a[].b``."""
    head = text.removeprefix("*").removeprefix("=").split(".", 1)[0]
    return head[:-2] if head.endswith(("()", "[]")) else head


def element_chain(node: Node, ctx: Context) -> tuple[str, bool] | None:
    """:func:`dotted` with calls, where a member chain reads an element through one subscript of a name or chain:
    ``rows[i].cells.x`` is ``rows[].cells.x``, ``this.parsed[0]!.value`` is ``this.parsed[].value`` (the resolver's
    ``xs[].a``: a member of an element of what ``xs`` holds, an array's element or a record's value). A string key
    names a member, not an element, and a subscript of anything else (of another subscript, of an expression that
    names nothing) leaves the chain as :func:`dotted` reads it: its head unknown."""
    found = dotted(node, ctx, calls=True)
    if found is None or found[1] or node.type != "member_expression":
        return found
    steps: list[str] = []
    current = node
    while current.type == "member_expression" and len(steps) < CHAIN_STEPS:
        member, obj = member_property(current), current.child_by_field_name("object")
        if member is None or obj is None:
            return found
        steps.append(ctx.text(member))
        current = obj
        while current.type in ("non_null_expression", "parenthesized_expression") and current.named_child_count == 1:
            current = current.named_children[0]
    if current.type != "subscript_expression":
        return found
    index, array = current.child_by_field_name("index"), current.child_by_field_name("object")
    if index is None or index.type in ("string", "template_string") or array is None:
        return found
    base = dotted(array, ctx, calls=True)
    if base is None or not base[1]:
        return found
    return f"{base[0]}[].{'.'.join(reversed(steps))}", True


#: generic types that are arrays of their argument
_ARRAYS = frozenset({"Array", "ReadonlyArray"})
#: generic types whose (first) argument is the type of their elements, for ``for … of``
_ELEMENT_CONTAINERS = frozenset({"Array", "ReadonlyArray", "Set", "ReadonlySet", "Iterable", "AsyncIterable"})


def element_type_text(ctx: Context, node: Node | None) -> str:
    """The element type of an array-like annotation (``Foo[]``, ``Array<Foo>``, ``readonly Foo[]``), else ""."""
    while node is not None and node.type in ("type_annotation", "parenthesized_type", "readonly_type"):
        node = node.named_children[-1] if node.named_children else None
    if node is None:
        return ""
    if node.type == "array_type":
        return type_text(ctx, node.named_children[0]) if node.named_children else ""
    if node.type == "generic_type":
        name = node.child_by_field_name("name")
        arguments = node.child_by_field_name("type_arguments")
        if name is not None and ctx.text(name) in _ELEMENT_CONTAINERS and arguments is not None:
            return type_text(ctx, arguments.named_children[0]) if arguments.named_children else ""
    return ""


def value_type_text(ctx: Context, value: Node | None) -> str:
    """What an initialiser tells about its value's type: ``new Foo()`` → ``Foo``, ``make()`` → ``make()``,
    ``x as Foo`` → ``Foo``; "" when it tells nothing the resolver can follow."""
    while value is not None and value.type in ("parenthesized_expression", "non_null_expression"):
        value = value.named_children[0] if value.named_children else None
    if value is None:
        return ""
    kind = value.type
    if (kind == "satisfies_expression" and value.named_child_count == 2) or (
            kind == "as_expression" and value.named_child_count == 1 and value.children[-1].type == "const"):
        # ``{ … } as const``, ``{ … } satisfies T``: the value keeps the type of what is written
        return value_type_text(ctx, value.named_children[0])
    if kind == "as_expression" and value.named_child_count == 2:
        # ``x as Foo``, ``x as Foo[]``, ``x as A & B``: the type written, as a declared one is read
        return declared_type_text(ctx, value.named_children[1])
    if kind == "type_assertion" and value.named_child_count == 2 and value.named_children[0].named_child_count == 1:
        return declared_type_text(ctx, value.named_children[0].named_children[0])  # ``<Foo>x``, alike
    if kind == "object" and ctx.extraction.language == "typescript":
        return object_shape_text(value)
    if kind == "array" and ctx.extraction.language == "typescript":
        # ``[new Subject<T>()]``: an array of what its elements are, where every one is written alike (TypeScript
        # infers the array's element type from them); none from an empty array, a spread or a hole
        elements = {value_type_text(ctx, element) for element in value.named_children if element.type != "comment"}
        element = next(iter(elements)) if len(elements) == 1 else ""
        return f"{element}[]" if element and not element.endswith("[]") and element[0] not in "={" else ""
    if kind == "member_expression" and ctx.extraction.language == "typescript":
        # ``const at = opts.at``: the local holds what that member is declared to hold (the resolver's
        # ``_alias_entities``: a field's, a variable's, an anonymous object type's member's declared type)
        found = dotted(value, ctx)
        return f"={found[0]}" if found is not None and found[1] else ""
    if kind == "new_expression":
        callee = value.child_by_field_name("constructor")
        found = dotted(callee, ctx, calls=True) if callee is not None else None
        return found[0] if found is not None and found[1] else ""
    if kind == "call_expression" and require_call(value, ctx) is None:
        found = dotted(value, ctx, calls=True)
        return found[0] if found is not None and found[1] else ""
    if kind == "subscript_expression":
        index = value.child_by_field_name("index")
        if index is not None and index.type not in ("string", "template_string"):  # (a key names a member)
            return _elements(ctx, value.child_by_field_name("object"))  # ``rows[i]``: an element of rows
    return ""


def _elements(ctx: Context, node: Node | None) -> str:
    """``*chain``: what an element of the array a name chain (or a call of one) holds is, for the resolver
    (``type_entities``: an element of a declared ``T[]`` is a T, of anything else unknown); else "".
    ``Object.values(x)`` has x's elements (an array's, or a record's values: ``keyed_elements``)."""
    if node is not None and node.type == "call_expression" and ctx.extraction.language == "typescript":
        arguments = node.child_by_field_name("arguments")
        callee = node.child_by_field_name("function")
        if callee is not None and arguments is not None and ctx.text(callee) == "Object.values" and \
                arguments.named_child_count == 1:
            node = arguments.named_children[0]
    found = dotted(node, ctx, calls=True) if node is not None else None
    return f"*{found[0]}" if found is not None and found[1] else ""


def return_type(ctx: Context, function: Node) -> str:
    """What a function declares it returns (:func:`declared_type_text`); for a function value of a variable or
    field declared with a function type (``find: FindFn = (key) => …``, ``const f: (k: K) => R = …``), what that
    type returns (``^FindFn(#-1)``, or the type written): calling the name gives it; ``() => new Foo()``: a Foo."""
    returns = function.child_by_field_name("return_type")
    if returns is not None:
        return declared_type_text(ctx, returns)
    holder = function.parent
    if holder is not None and holder.type in ("variable_declarator", "public_field_definition") and \
            holder.child_by_field_name("type") is not None and holder.child_by_field_name("value") == function and \
            ctx.extraction.language == "typescript":
        context = function_context(ctx, function)
        if context is not None:
            return f"{context}(#-1)" if context.startswith("^") else ""
        written = _function_type_of(holder.child_by_field_name("type"))
        returned = written.child_by_field_name("return_type") if written is not None else None
        text = declared_type_text(ctx, returned) if returned is not None else ""
        return text if text[:1] != "$" else ""
    body = function.child_by_field_name("body")
    if function.type == "arrow_function" and body is not None and body.type == "new_expression":
        return value_type_text(ctx, body)  # ``() => new Foo()``
    if body is None or ctx.extraction.language != "typescript":
        return ""
    return _inferred_return(ctx, function, body)


def _inferred_return(ctx: Context, function: Node, body: Node) -> str:
    """What TypeScript infers a function that declares no return type returns, where one expression says it: an
    arrow's expression body, or a body whose one ``return`` is among its statements (``get rows() { return
    this.cache as Row[] }``): what :func:`value_type_text` tells of that expression, when nothing it names is
    the function's own (a parameter or a local: the text is read in the scope around the function). "" for an
    async function or a generator (a promise or a generator of it), and anywhere else."""
    if function.type in ("generator_function_declaration", "generator_function") or \
            any(child.type in ("async", "*") for child in function.children):
        return ""
    if body.type != "statement_block":
        returned: Node | None = body if function.type == "arrow_function" else None
        written = ctx.text(body)
    else:
        written = ctx.text(body)
        if written.count("return") > 1:  # (several returns, or a nested one)
            return _returned_union(ctx, body)
        statements = [c for c in body.named_children if c.type == "return_statement"]
        if len(statements) != 1:
            return ""
        returned = statements[0].named_children[0] if statements[0].named_child_count == 1 else None
    text = value_type_text(ctx, returned) if returned is not None else ""
    if not text or text[0] == "$":
        return ""
    head = _head(text)
    if head == "this" and function.type in ("function_declaration", "function_expression"):
        return ""  # (a ``function``'s own ``this``)
    parameters = function.child_by_field_name("parameters") or function.child_by_field_name("parameter")
    if head != "this" and not head.startswith("{") and ((parameters is not None and head in ctx.text(parameters))
                                                        or written.count(head) > ctx.text(returned).count(head)):
        # a name the function may declare itself (``visible(table) { return table.rows() }``): read inside the
        # function (``%``: the resolver's ``Types.declared_at``), where its parameters and locals are seen
        return f"%{text}" if text[0] not in "%@~^" else ""
    return text


#: nodes whose ``return`` statements are their own, not the function's around them
_OWN_RETURNS = _RETURNING | {"class_body"}
#: returned values that add nothing TypeScript reads members of (``X | undefined`` is read as ``X``)
_NO_VALUE = frozenset({"null", "undefined"})


def _returned_union(ctx: Context, body: Node) -> str:
    """What a function that declares no return type returns where its ``return`` statements are several and each
    returns an object literal (or nothing, ``null`` or ``undefined``): the union of the literals' own types
    (``{ok@3:11;error@3:20}|{ok@5:9;result@5:18}``, :func:`object_shape_text`'s convention; a member one literal
    has is that literal's key, one several have is among them: the resolver's ``type_entities``). "" where a
    ``return`` gives anything else, or where none returns a literal."""
    parts: list[str] = []
    pending = list(body.named_children)
    while pending:
        node = pending.pop()
        kind = node.type
        if kind == "return_statement":
            value = node.named_children[0] if node.named_child_count == 1 else None
            while value is not None and value.type in ("parenthesized_expression", "as_expression",
                                                       "satisfies_expression") and value.named_child_count:
                value = value.named_children[0]  # (``{ … } as const``: the literal's own keys)
            if value is None or value.type in _NO_VALUE:
                continue
            text = object_shape_text(value) if value.type == "object" else ""
            if not text:
                return ""
            if text not in parts:
                parts.append(text)
        elif kind not in _OWN_RETURNS:
            pending += node.named_children
    return "|".join(sorted(parts))


#: the captures that say what binds an ``@adapter.binding``, in the order they are looked for
_BINDING_CAPTURES = ("adapter.loop", "adapter.assignment", "adapter.declarator", "adapter.parameter")
#: a value use's text; whether a text is a member chain
_TEXT = itemgetter(0)
_DOTTED = methodcaller("__contains__", ".")


def record_var_types(ctx: Context, scopes: ScopeIndex) -> None:
    """What each name bound inside a scope holds, when its bindings agree on one type.

    A binding is a declaration (a declarator, a parameter, a pattern) or an assignment. In
    TypeScript a declaration fixes the variable's type: its annotation, else its initialiser's
    (``let x = new Repo()`` stays a ``Repo`` whatever is assigned later), so assignments count
    only for a bare ``let x;``. In JavaScript every binding counts: a name assigned values of
    two types is left out.
    """
    static = ctx.extraction.language == "typescript"
    declared: dict[tuple[int, str], list[str | None]] = {}  # None: a bare ``let x;``
    assigned: dict[tuple[int, str], list[str]] = {}
    # every typed binding by name, read only for the names a reference (or another type) needs
    records: dict[str, list[tuple[str, Node]]] = {}
    # the untyped parameters of functions passed as arguments (a callback's ``(x) => …``): typed by the
    # callee's parameter, ``f(#i)(#j)``; a position of -1: a parameter node, whose function is read where its name
    # is needed (:func:`_callback_position`)
    callbacks: list[tuple[Node, Node, int]] = []
    # the names a destructuring pattern binds (``const { a, b: c } = src``): each holds what its key reads
    unpacked: list[tuple[int, Node]] = []
    for captures in adapter_matches(ctx, "bindings"):  # the query's (``<language>/queries.scm``)
        untyped = captures.get("adapter.untyped")
        if untyped:
            for node in untyped:
                scope = scopes.enclosing(node.start_byte, node.end_byte)
                parent: Node | None = None  # (read once: tree-sitter walks down from the root for a parent)
                if static:
                    shorthand = node.type == "shorthand_property_identifier_pattern"
                    parent = None if shorthand else node.parent
                    if shorthand or (parent is not None and parent.type == "pair_pattern"):
                        unpacked.append((scope, node))  # (typed below, where a use needs it)
                        continue
                declared.setdefault((scope, ctx.text(node)), []).append("")
                if parent is not None and parent.type == "arrow_function":
                    callbacks.append((node, parent, 0))
            continue
        names = captures.get("adapter.binding")
        if not names:
            continue
        capture = next(filter(captures.__contains__, _BINDING_CAPTURES))
        binding, holder = capture[8:], captures[capture][0]
        if static and binding == "parameter" and holder.child_by_field_name("type") is None \
                and names[0].type == "identifier":
            # (its function read below, for a name a use needs: a parent is a walk down from the root, and most
            # untyped parameters' names are no head of a chain; with the declarators' values read where a name is:
            # about 0.3 % of effect's extraction instructions)
            callbacks.append((names[0], holder, -1))
        # (a declarator of a function or a class, a symbol of its own, is left out where its name is read)
        records.setdefault(ctx.text(names[0]), []).append((binding, holder))

    def element_of(scope: int, name: str) -> str:
        """What iterating ``name`` gives, by the array-like annotation of its declaration in ``scope``."""
        found = {
            element_type_text(ctx, holder.child_by_field_name("type"))
            for what, holder in records.get(name, ())
            if what in ("declarator", "parameter") and scopes.enclosing(holder.start_byte, holder.end_byte) == scope
            and not (what == "declarator" and _binds_symbol(holder))
        }
        return next(iter(found)) if len(found) == 1 else ""

    # the heads of the names the file uses (each text once: most recur)
    texts = {ref.text for ref in ctx.extraction.refs}
    texts.update(member[0] for member in ctx.members.values())
    texts.update(filter(_DOTTED, set(map(_TEXT, ctx.values.values()))))
    # (a plain name is its own head: most texts, read without a call. The texts in order: of equal names, the
    # one object kept is then the same in every process, and so is the file's record as pickled, which shares
    # an object it meets twice)
    pending = sorted({text if text.isidentifier() else _head(text) for text in sorted(texts)} | {"this"})
    if callbacks:
        heads = set(pending)
        typed: list[tuple[Node, Node, str]] = []  # (a callback's parameter, the callback, what it holds)
        for name_node, function, position in callbacks:
            if ctx.text(name_node) in heads:
                if position < 0:  # an untyped parameter (``function``: its node), of a function its context types
                    found = _callback_position(function)
                    if found is None:
                        continue
                    function, position = found
                context = function_context(ctx, function, members=True)
                held = f"{context}(#{position})" if context is not None else \
                    written_parameter(ctx, function, position)  # (a function type written in place for it)
                if context is not None and context[0] != "^":
                    spread = _spread_element(ctx, function, position)
                    if spread:  # (what another argument returns, where the callee's signature says so)
                        held = f"~{held}~{spread}"
                if held:
                    typed.append((name_node, function, held))
        _place_receivers(ctx, typed)
        for name_node, _function, held in typed:
            start = name_node.start_point
            ctx.extraction.local_types[(start[0] + 1, start[1])] = held
            if held.startswith(_VALUES_OF):  # (``_values_callee``: what the callback gets is read off the source)
                pending.append(_head(held[len(_VALUES_OF):held.index(")")]))
    if unpacked:
        heads = set(pending)
        for scope, name_node in unpacked:
            name = ctx.text(name_node)
            key = name_node if name_node.type == "shorthand_property_identifier_pattern" else \
                name_node.parent.child_by_field_name("key")  # type: ignore[union-attr]
            read = destructured(ctx, key) if name in heads and key is not None and \
                key.type in ("shorthand_property_identifier_pattern", "property_identifier") else None
            # ``const { a } = src``: a holds what ``src.a`` is declared to hold (the resolver's ``_alias_entities``)
            declared.setdefault((scope, name), []).append(f"={read}" if read else "")
    done: set[str] = set()
    # the declarations and parameters of each name read, by scope: where a scope binds the name more than
    # once, each gets its own type (below)
    in_scope: dict[tuple[int, str], list[tuple[str, Node]]] = {}
    while pending:
        name = pending.pop()
        if name in done or name not in records:
            continue
        done.add(name)
        for what, holder in records[name]:
            # (an initialiser, or below a parameter's default: read once)
            value = holder.child_by_field_name("value") if what == "declarator" else None
            if value is not None and (value.type in FUNCTION_VALUES or value.type == "class"):
                continue  # a function or class binding is a symbol of its own
            scope = scopes.enclosing(holder.start_byte, holder.end_byte)
            if what in ("declarator", "parameter"):
                in_scope.setdefault((scope, name), []).append((what, holder))
            text: str | None
            if what == "loop":  # ``for (const x of xs)`` with ``xs: Foo[]``: x is a Foo; ``in``: a key
                operator = holder.child_by_field_name("operator")
                iterable = holder.child_by_field_name("right")
                text = ""
                if operator is not None and operator.type == "in":
                    text = "string"
                elif operator is not None and operator.type == "of" and iterable is not None:
                    if iterable.type == "identifier":
                        text = element_of(scope, ctx.text(iterable))
                    left = holder.child_by_field_name("left")
                    if not text and left is not None and left.type == "identifier":
                        text = _elements(ctx, iterable)  # ``for (const row of this.rows)``: an element of it
            elif what == "assignment":
                text = value_type_text(ctx, holder.child_by_field_name("right"))
                assigned.setdefault((scope, name), []).append(text)
                pending.append(_head(text))
                continue
            else:
                annotation = holder.child_by_field_name("type")
                if what == "parameter":
                    value = holder.child_by_field_name("value")
                if annotation is None and value is None:
                    text = None if what == "declarator" else ""
                elif annotation is not None and what == "parameter" and static and _is_function_type(annotation):
                    # (a parameter of a function type: ``(A)=>R``, what calling it gives, as its callers read it)
                    text = _parameter_type(ctx, holder)
                elif annotation is not None:
                    text = declared_type_text(ctx, annotation)
                else:
                    text = value_type_text(ctx, value)
            declared.setdefault((scope, name), []).append(text)
            if text:
                pending.append(_head(text))  # ``b = a.make()`` needs a's type
    var_types = ctx.extraction.var_types
    symbols = ctx.extraction.symbols
    for key in [key for key in assigned if key not in declared]:
        outer = _declared_outside(symbols, declared, key)
        if outer is not None or static:
            # an assignment to a variable an outer scope declares writes that variable, no variable of this scope's:
            # in TypeScript its type is the declaration's; in JavaScript the value is one it may hold
            moved = assigned.pop(key)
            if outer is not None and not static:
                assigned.setdefault(outer, []).extend(moved)
    for key in sorted(set(declared) | set(assigned)):
        if static and key not in declared:
            continue
        declarations = declared.get(key, [])
        assignments = assigned.get(key, [])
        fixed = {t for t in declarations if t is not None}
        if static and fixed:
            texts = fixed
        else:
            texts = fixed | set(assignments)
        if len(texts) == 1 and "" not in texts:
            var_types.setdefault(key[0], {})[key[1]] = next(iter(texts))
        elif not static and key[0] <= 0 and assignments:
            # a module variable assigned values of several types (in a function too): it may hold any of them
            _may_hold(symbols, key[1], texts)
        elif static and len(declarations) > 1:  # several bindings of the name: each its own declared type
            for what, holder in in_scope.get(key, ()):
                declared_name = holder.child_by_field_name("pattern" if what == "parameter" else "name")
                if declared_name is not None:
                    annotation = holder.child_by_field_name("type")
                    text = declared_type_text(ctx, annotation) if annotation is not None \
                        else value_type_text(ctx, holder.child_by_field_name("value"))
                    if text:
                        start = declared_name.start_point
                        ctx.extraction.local_types[(start[0] + 1, start[1])] = text


def _binds_symbol(declarator: Node) -> bool:
    """Does a declarator bind a function or a class (a symbol of its own, no variable of :func:`record_var_types`)?"""
    value = declarator.child_by_field_name("value")
    return value is not None and (value.type in FUNCTION_VALUES or value.type == "class")


def _callback_position(parameter: Node) -> tuple[Node, int] | None:
    """The function an untyped parameter (``required_parameter``, ``optional_parameter``) is of, where its context
    can type its parameters (:func:`_contextual`), with the parameter's position among them (a ``this`` is none);
    None for any other function."""
    parameters = parameter.parent
    function = parameters.parent if parameters is not None else None
    if parameters is None or function is None or not _contextual(function):
        return None
    ordered = [c for c in parameters.named_children
               if c.type in ("required_parameter", "optional_parameter")
               and (p := c.child_by_field_name("pattern")) is not None and p.type != "this"]
    return (function, ordered.index(parameter)) if parameter in ordered else None


def _place_receivers(ctx: Context, typed: list[tuple[Node, Node, str]]) -> None:
    """``rows@L:C.map(#0)(#0)`` for a callback of a method called on a parameter of an enclosing callback
    (``(rows) => rows.map((row) => …)``): the receiver named by its declaring token, whose own type
    (``Extraction.local_types``) the resolver reads there (``array_elements``); the scope around both may
    declare several locals of that name (sibling callbacks' parameters), or none a scope lists (an arrow outside
    every callable). Left as it is where a declaration of the name lies between the two."""
    by_name: dict[str, list[tuple[Node, Node]]] = {}
    for name_node, function, _held in typed:
        by_name.setdefault(ctx.text(name_node), []).append((name_node, function))
    for index, (name_node, function, held) in enumerate(typed):
        receiver, dot, rest = held.partition(".")
        if not dot or receiver not in by_name or not receiver.replace("$", "_").isidentifier():
            continue
        around = [(node, outer) for node, outer in by_name[receiver]
                  if outer.start_byte < function.start_byte and function.end_byte <= outer.end_byte]
        if not around:
            continue
        node, outer = max(around, key=lambda pair: pair[0].start_byte)
        declared = [at for at, name in _local_names(ctx, outer.start_byte, function.start_byte) if name == receiver]
        if declared != [node.start_byte]:
            continue  # (another declaration of the name between them, or the token is no local the query names)
        where = node.start_point
        typed[index] = (name_node, function, f"{receiver}@{where[0] + 1}:{where[1]}.{rest}")


def _declared_outside(symbols: list[RawSymbol], declared: dict[tuple[int, str], list[str | None]],
                      key: tuple[int, str]) -> tuple[int, str] | None:
    """The key of the nearest scope around ``key``'s scope that declares its name (a declarator or a parameter)."""
    scope, name = key
    while scope > 0:
        scope = max(symbols[scope].parent, 0)
        if (scope, name) in declared:
            return scope, name
    return None


def _may_hold(symbols: list[RawSymbol], name: str, texts: set[str]) -> None:
    """A JavaScript module variable ``name`` bound to values of the types ``texts``: its declared type is their
    union (``A|B``, the resolver's ``type_entities``) where each is a type name, else none."""
    named = sorted(t for t in texts if t)
    union = "|".join(named) if len(named) == len(texts) and not any(
        c in "|&[]{}()=*<>'" for t in named for c in t) else ""
    for symbol in symbols:
        if symbol.parent <= 0 and symbol.name == name and symbol.kind in (SymbolKind.VARIABLE, SymbolKind.CONSTANT) \
                and symbol.declared_type:
            symbol.declared_type = union


def record_narrowing(ctx: Context, scopes: ScopeIndex) -> None:
    """``Extraction.narrowed`` (TypeScript): where ``x instanceof C`` holds, the local ``x`` is a ``C``: in the body
    of ``if (x instanceof C)``, on the right of ``x instanceof C && …``, in the first branch of ``x instanceof C ?
    a : b``; with ``!``, in the ``else`` branch (or the rest of the block after an ``if`` with no ``else`` whose
    branch leaves: ``return``, ``throw``…), on the right of ``||``, in the second branch. A region where the
    function assigns the name again is left out (from the query's ``@adapter.instanceof`` captures).

    A comparison of a property of ``x`` with a literal (``x.kind === "a"``, ``x.kind !== "a"``) and a ``case`` of a
    ``switch (x.kind)`` narrow ``x`` to the parts of its union type whose property has that literal type (written
    ``?kind="a"``, or ``?kind!="a"`` where it does not hold; the cases a ``case`` falls through from are its
    parts too, as a union ``?kind="a"|?kind="b"``), and ``"key" in x`` to the parts with that member (``?key``):
    the resolver's ``_narrow`` keeps those of the declared parts."""
    symbols = ctx.extraction.symbols
    # (test, name, [(region, type text)]): the instanceof tests, then the others, each in the query's order
    instances: list[tuple[Node, str, list[tuple[Node, str]]]] = []
    found: list[tuple[Node, str, list[tuple[Node, str]]]] = []
    for captures in adapter_matches(ctx, "narrowing tests"):
        binary = captures.get("adapter.binary")
        if binary is not None:
            test = binary[0]
            read = _narrowing_test(test)
            if read is None:
                continue
            what, narrowed_node, operand, value_node = read
            if what == "instanceof":
                named = dotted(operand, ctx)
                if named is not None and named[1]:
                    instances.append((test, ctx.text(narrowed_node),
                                      [(region, named[0]) for region in _narrowed_regions(test)]))
                continue
        else:
            test, narrowed_node = captures["adapter.switched"][0], captures["adapter.narrowed"][0]
            what, operand, value_node = "switched", captures["adapter.discriminant"][0], None
        narrowed = dotted(narrowed_node, ctx)  # (a local, or a chain of members: ``a.b.kind``)
        if narrowed is None or not narrowed[1]:
            continue
        name = narrowed[0]
        if what == "has_key":
            key = _literal_text(ctx, operand)[1:-1]
            if key.isidentifier():
                found.append((test, name, [(region, f"?{key}") for region in _narrowed_regions(test)]))
            continue
        key = ctx.text(operand)
        if what == "switched":
            found.append((test, name, _case_regions(ctx, key, captures["adapter.cases"][0])))
            continue
        assert value_node is not None
        value = _literal_text(ctx, value_node)
        if not value:
            continue
        equal, unequal = f"?{key}={value}", f"?{key}!={value}"
        if what == "unequal":
            equal, unequal = unequal, equal
        found.append((test, name, [(region, equal) for region in _narrowed_regions(test)] +
                      [(region, unequal) for region in _narrowed_regions(test, holds=False)]))
    found = instances + found
    if not found:
        return
    assigned: dict[str, list[int]] | None = None
    for test, name, regions in found:
        scope = scopes.enclosing(test.start_byte, test.end_byte)
        if not regions or scope <= 0 or symbols[scope].kind.category is not Category.CALLABLE:
            continue
        if assigned is None:  # (once a file: where each name is assigned)
            assigned = {}
            for other in adapter_matches(ctx, "bindings"):
                if "adapter.assignment" in other:
                    for target in other.get("adapter.binding", ()):
                        assigned.setdefault(ctx.text(target), []).append(target.start_byte)
        for region, to in regions:
            if any(region.start_byte <= at < region.end_byte for at in assigned.get(name, ())):
                continue
            note_narrowing(ctx, scope, name, node_span(region), to)


#: the operators of a comparison with a discriminant's value (:func:`_narrowing_test`)
_COMPARISONS = frozenset({"===", "==", "!==", "!="})
#: the literals a discriminant is compared with
_LITERALS = frozenset({"string", "number", "true", "false"})
#: what a member chain a discriminant is read off may be (``x.kind``, ``a.b.kind``)
_NARROWED = frozenset({"identifier", "member_expression"})


def _narrowing_test(test: Node) -> tuple[str, Node, Node, Node | None] | None:
    """What a binary expression (the query's ``@adapter.binary``) tests, as the query's patterns said it before (their
    analysis of a binary expression's children was a fifth of compiling the query): ``("instanceof", x, C, None)`` for
    ``x instanceof C`` (x a name, C a name or a member chain); ``("has_key", x, "key", None)`` for ``"key" in x``;
    ``("equal", x, kind, "a")`` for ``x.kind === "a"`` or ``"a" == x.kind`` (x a name or a member chain, the value
    a string, number or boolean literal), ``"unequal"`` for ``!==`` and ``!=``; None for any other."""
    left, operator, right = (test.child_by_field_name("left"), test.child_by_field_name("operator"),
                             test.child_by_field_name("right"))
    if left is None or operator is None or right is None:
        return None
    kind, left_kind, right_kind = operator.type, left.type, right.type
    if kind == "instanceof":
        if left_kind == "identifier" and right_kind in _NARROWED:
            return "instanceof", left, right, None
        return None
    if kind == "in":
        return ("has_key", right, left, None) if left_kind == "string" and right_kind == "identifier" else None
    if kind not in _COMPARISONS:
        return None
    if left_kind == "member_expression" and right_kind in _LITERALS:
        member, value = left, right
    elif right_kind == "member_expression" and left_kind in _LITERALS:
        member, value = right, left
    else:
        return None
    held, discriminant = member.child_by_field_name("object"), member.child_by_field_name("property")
    if held is None or discriminant is None or held.type not in _NARROWED or discriminant.type != "property_identifier":
        return None
    return ("unequal" if kind[0] == "!" else "equal"), held, discriminant, value


def _literal_text(ctx: Context, node: Node) -> str:
    """A literal as a discriminant's value in a narrowing's type text: a string as ``"text"`` (whichever quotes it
    is written with), a number, ``true``, ``false``; "" for a string with a quote, a backslash or a ``|`` in it."""
    text = ctx.text(node)
    if node.type == "string":
        inner = text[1:-1]
        return "" if any(c in inner for c in "\\\"'|&`") else f'"{inner}"'
    return text


def literal_type(ctx: Context, field: Node, tokens: set[str]) -> str:
    """The literal type of a TypeScript field declared ``readonly`` with a literal and no type (``readonly _tag =
    "Declaration"``; a value ``as const`` too), as :func:`_literal_text` writes it (``"Declaration"``): the type of a
    union's discriminant (the resolver's ``_discriminated``); "" for any other field. A type text of no name: the
    value itself is of no project type."""
    value = field.child_by_field_name("value")
    if ctx.extraction.language != "typescript" or value is None or field.child_by_field_name("type") is not None:
        return ""
    if value.type == "as_expression" and value.named_child_count and ctx.text(value).endswith(" const"):
        value = value.named_children[0]
    elif "readonly" not in tokens:
        return ""
    return _literal_text(ctx, value) if value.type in ("string", "number", "true", "false") else ""


def _case_regions(ctx: Context, key: str, cases: Node) -> list[tuple[Node, str]]:
    """The cases of a ``switch (x.key)`` as narrowing regions: each ``case`` with a literal value, and the cases
    before it that fall through to it (no ``default`` among them), as the union of their values; the ``default``
    that no case falls into, where every case's value is a literal, as none of them (``?key!="a"&?key!="b"``)."""
    out: list[tuple[Node, str]] = []
    values: list[str] | None = []
    written = [c.child_by_field_name("value") for c in cases.named_children if c.type == "switch_case"]
    every = [_literal_text(ctx, v) if v is not None and v.type in ("string", "number", "true", "false") else ""
             for v in written]
    for case in cases.named_children:
        if case.type != "switch_case":
            if case.type == "switch_default":
                if values == [] and every and all(every):
                    out.append((case, "&".join(f"?{key}!={v}" for v in dict.fromkeys(every))))
                values = None  # (a case the default falls into may hold any value)
            continue
        value = case.child_by_field_name("value")
        literal = _literal_text(ctx, value) if value is not None and value.type in (
            "string", "number", "true", "false") else ""
        if values is not None:
            values = values + [f"?{key}={literal}"] if literal else None
        if values:
            out.append((case, "|".join(values)))
        body = [c for c in case.named_children if c != value and c.type != "comment"]
        if body and _leaves(body[-1]):
            values = []
    return out


def _narrowed_regions(test: Node, *, holds: bool = True) -> list[Node]:
    """Where the test ``test`` is known to hold (see :func:`record_narrowing`): the right operands its truth
    reaches (``carried``), and the branch of the ``if`` or ``?:`` around it that runs where it held. With ``holds``
    False, where it is known not to hold."""
    node, holds, out = carried(test, _CONDITIONS, holds)
    parent = node.parent
    if parent is None:
        return out
    if parent.type == "if_statement":
        condition = parent.child_by_field_name("condition")
        if condition is None or condition.byte_range != node.byte_range:
            return out
        if holds:
            branch = parent.child_by_field_name("consequence")
        else:
            alternative = parent.child_by_field_name("alternative")
            branch = alternative.named_children[0] if alternative is not None and alternative.named_children \
                else None
            consequence = parent.child_by_field_name("consequence")
            block = parent.parent
            if alternative is None and consequence is not None and _leaves(consequence) and block is not None \
                    and block.type in ("statement_block", "program"):
                # ``if (!(x instanceof C)) return;``: the rest of the block
                out += [c for c in block.named_children if c.start_byte >= parent.end_byte]
        if branch is not None:
            out.append(branch)
    elif parent.type == "ternary_expression":
        condition = parent.child_by_field_name("condition")
        if condition is not None and condition.byte_range == node.byte_range:
            branch = parent.child_by_field_name("consequence" if holds else "alternative")
            if branch is not None:
                out.append(branch)
    return out


def _leaves(body: Node) -> bool:
    """Does the branch ``body`` end in ``return``, ``throw``, ``break`` or ``continue`` (comments after it aside)?"""
    last: Node | None = body
    while last is not None and last.type == "statement_block":
        statements = [c for c in last.named_children if c.type != "comment"]
        last = statements[-1] if statements else None
    return last is not None and last.type in ("return_statement", "throw_statement", "break_statement",
                                              "continue_statement")


#: how a test's truth passes up to the statement that reads it (``_narrowed_regions``)
_CONDITIONS = ConditionSyntax(parentheses="parenthesized_expression", negation="unary_expression",
                              negation_operator="!", boolean="binary_expression", conjunction="&&",
                              disjunction="||")


#: the declarations whose type parameters a member's type or a base's type argument may name (``class Box<T>``)
_GENERIC_TYPES = frozenset({"class_declaration", "abstract_class_declaration", "class", "interface_declaration"})


def _generic_type_around(node: Node) -> Node | None:
    """The class or interface declaration that ``node`` (a member, a parameter property, a base's name) is written
    in, a few levels up; None elsewhere."""
    current = node.parent
    for _ in range(5):
        if current is None or current.type in _GENERIC_TYPES:
            return current
        current = current.parent
    return None


def _own_type_parameter(ctx: Context, node: Node | None, declaration: Node, *, constrained: bool) -> str:
    """``$i`` where the type node ``node`` (or its one member besides ``null`` and ``undefined``) is the type
    parameter i of ``declaration`` (not one of an inner declaration's of the same name); with ``constrained``
    False, only one without a constraint (a value of one with a constraint keeps the constraint's members,
    :func:`type_text`). "" for any other type."""
    while node is not None and node.type in ("type_annotation", "parenthesized_type") and node.named_child_count:
        node = node.named_child(0)
    if node is not None and node.type == "union_type":
        kept = [m for m in _union_members(node) if ctx.text(m) not in ("null", "undefined")]
        node = kept[0] if len(kept) == 1 else None
    parameters = declaration.child_by_field_name("type_parameters")
    if node is None or node.type != "type_identifier" or parameters is None:
        return ""
    name = ctx.text(node)
    position = 0
    for parameter in parameters.named_children:
        if parameter.type != "type_parameter":
            continue
        declared = parameter.child_by_field_name("name")
        if declared is not None and ctx.text(declared) == name:
            if not constrained and parameter.child_by_field_name("constraint") is not None:
                return ""
            return f"${position}" if _type_parameter_scope_of(ctx, node, name) == declaration.byte_range else ""
        position += 1
    return ""


def member_template(ctx: Context, member: Node, annotation: Node | None, name: Node | None = None) -> str:
    """The declared type of a class's or interface's member written as the type's own type parameter without a
    constraint (``value: T``, ``get(): T`` in ``class Box<T>``): ``$i``, which the resolver reads as the argument
    a subclass's base gives it (``Extraction.base_arguments``); "" for any other. With the member's ``name``, one
    written with a parameter that has a constraint, alone or in an intersection of it with named types (``info:
    HandlerInfo & InternalInfo``), is recorded as ``Extraction.member_templates`` (``$0&InternalInfo``)."""
    if ctx.extraction.language != "typescript" or annotation is None:
        return ""
    declaration = _generic_type_around(member)
    if declaration is None or declaration.child_by_field_name("type_parameters") is None:
        return ""
    own = _own_type_parameter(ctx, annotation, declaration, constrained=False)
    if own or name is None:
        return own
    node: Node | None = annotation
    while node is not None and node.type in ("type_annotation", "parenthesized_type") and node.named_child_count:
        node = node.named_child(0)
    parts = [node] if node is None or node.type != "intersection_type" else list(node.named_children)
    texts: list[str] = []
    for part in parts:
        text = _own_type_parameter(ctx, part, declaration, constrained=True) if part is not None else ""
        if not text and part is not None and part.type != "comment":
            text = type_text(ctx, part, intersections=True)
            if not text or not _NOT_A_NAME.isdisjoint(text.replace("&", "")):
                return ""
        texts += [t for t in text.split("&") if t and t not in texts]
    if any(t[:1] == "$" for t in texts):
        ctx.extraction.member_templates[node_span(name)[:2]] = "&".join(texts)
    return ""


def record_base_arguments(ctx: Context) -> None:
    """``Extraction.base_arguments`` (TypeScript): the type arguments of each base written with them
    (``extends Box<Num>``, ``implements Getter<T>``, an interface's ``extends Iterable<Tree>``), from the query's
    ``@adapter.heritage`` captures: the type's own type parameter as ``$i``, a named type by its text."""
    for captures in adapter_matches(ctx, "heritage"):
        name, arguments = captures["adapter.heritage"][0], captures["adapter.heritage_arguments"][0]
        declaration = _generic_type_around(name)
        if declaration is None:
            continue
        texts = []
        for argument in arguments.named_children:
            if argument.type == "comment":
                continue
            text = _own_type_parameter(ctx, argument, declaration, constrained=True)
            if not text:
                text = type_text(ctx, argument)
                text = text if _NOT_A_NAME.isdisjoint(text) else ""
            texts.append(text)
        if any(texts):
            span = node_span(name)
            ctx.extraction.base_arguments[(span[2], span[3])] = tuple(texts)
