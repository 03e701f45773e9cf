"""Python: what a name expression or an annotation names.

:func:`dotted` is the text of ``a.b.c``; :func:`type_name` the one class an annotation says a value is;
:func:`type_uses` records the classes an annotation names, also inside a string (``"Foo"``), and
:func:`type_comments` those of a type comment (``# type: Foo``), each at its own token.
"""

from __future__ import annotations

import collections.abc
import re
import typing
from typing import TYPE_CHECKING

from codeknit.graph.model import EdgeKind, Role, Span
from codeknit.languages.engine import CALLABLE_KINDS, Context, ScopeIndex, node_span, parse_fragment

if TYPE_CHECKING:
    from tree_sitter import Node


def dotted(node: Node, ctx: Context) -> tuple[str, bool, Node] | None:
    """``(text, head_known, node of the last name)`` for a name expression (the span of a use is the last
    name's); None when it names nothing."""
    kind = node.type
    if kind == "identifier":
        return ctx.text(node), True, node
    if kind == "attribute":
        attribute = node.child_by_field_name("attribute")
        obj = node.child_by_field_name("object")
        if attribute is None or obj is None:
            return None
        member = ctx.text(attribute)
        base = dotted(obj, ctx)
        if base is None:
            if obj.type == "call":
                function = obj.child_by_field_name("function")
                if function is not None and function.type == "identifier" and ctx.text(function) == "super":
                    return f"super().{member}", True, attribute
            return member, False, attribute
        return f"{base[0]}.{member}", base[1], attribute
    if kind == "dotted_name" and node.named_child_count:  # a match statement's ``case mod.Color.RED``
        names = node.named_children
        return ".".join(map(ctx.text, names)), True, names[-1]
    return None


def element_chain(node: Node, ctx: Context) -> tuple[str, bool, Node] | None:
    """:func:`dotted` for a use, where a member chain may read an element through one subscript of a name or
    chain: ``xs[0].a`` is ``xs[].a`` (the resolver's ``xs[].a``: a member of an element of what ``xs`` holds, a
    list's element or a mapping's value), ``self.rows[i].cells.x`` is ``self.rows[].cells.x``, and a member of what
    a call of a name or chain returns, as :func:`call_chain` reads a callee (``make().a``). A slice, several
    indices, or a subscript of anything else leave the chain as :func:`dotted` reads it."""
    if node.type != "attribute":
        return dotted(node, ctx)
    attribute = node.child_by_field_name("attribute")
    obj = node.child_by_field_name("object")
    if attribute is None or obj is None:
        return None
    base: str | None = None
    if obj.type == "subscript":
        base = element_of(obj, ctx)
    elif obj.type == "attribute":
        inner = element_chain(obj, ctx)
        base = inner[0] if inner is not None and inner[1] and "[]" in inner[0] else None
    if base is not None:
        return f"{base}.{ctx.text(attribute)}", True, attribute
    return call_chain(node, ctx)  # (``self.tape().head``: a member of what a call returns, as a callee's is read)


def call_chain(node: Node, ctx: Context, depth: int = 0) -> tuple[str, bool, Node] | None:
    """:func:`dotted` for a call's callee whose receiver is what another call returns: ``backend().sleep`` for
    ``backend().sleep(…)``, ``self.bind().unbind`` (the resolver's ``f().m``: a member of what calling ``f``
    gives, typed through its declared return type), through at most :data:`_CALLS_CHAINED` calls. A receiver
    that is no call of a name or chain, or ``super()``, leaves the callee as :func:`dotted` reads it."""
    found = dotted(node, ctx)
    if found is None or found[1] or node.type != "attribute" or depth >= _CALLS_CHAINED:
        return found
    obj = node.child_by_field_name("object")
    attribute = node.child_by_field_name("attribute")
    receiver = _called_text(obj, ctx, depth + 1) if obj is not None else None
    return found if receiver is None or attribute is None else (f"{receiver}.{ctx.text(attribute)}", True, attribute)


#: how many calls :func:`call_chain` reads through (``a().b().c()``: 2 for ``c``); a longer chain (a builder's)
#: leaves the callee as :func:`dotted` reads it
_CALLS_CHAINED = 4


def _called_text(node: Node, ctx: Context, depth: int) -> str | None:
    """``f()`` for a call of a name or chain ``f`` (``a().b()`` for a call of a member of another's result); None
    for anything else (``super()``: :func:`dotted` reads its members)."""
    if node.type != "call":
        return None
    function = node.child_by_field_name("function")
    if function is None:
        return None
    found = call_chain(function, ctx, depth)
    if found is None or not found[1] or found[0] == "super":
        return None
    # ``cast(Option, value).flag``: what the cast says, an instance of ``Option``
    if found[0] in typing_names(ctx, "cast"):
        cast = cast_type(ctx, function)
        if cast:
            return f"{cast}()" if CLASS_NAME.fullmatch(cast) else None
    return f"{found[0]}()"


#: a class's name or a member chain naming one (``Option``, ``core.Option``), as :func:`type_name` gives an
#: annotation of one class: what ``Name()`` makes an instance of
CLASS_NAME = re.compile(r"[A-Za-z_][A-Za-z_0-9]*(?:\.[A-Za-z_][A-Za-z_0-9]*)*")


def element_of(subscript: Node, ctx: Context) -> str | None:
    """``xs[]`` for ``xs[i]`` (one index, no slice) of a name or a member chain; else None."""
    value = subscript.child_by_field_name("value")
    indices = subscript.children_by_field_name("subscript")
    if value is None or len(indices) != 1 or indices[0].type == "slice":
        return None
    base = dotted(value, ctx)
    return f"{base[0]}[]" if base is not None and base[1] else None


def position_of(subscript: Node, ctx: Context) -> str | None:
    """``@i:*[xs`` for ``xs[k][i]`` (``i`` a non-negative integer; ``xs[k]`` as :func:`element_of` reads it):
    position ``i`` of an element of ``xs`` read by its key, where the element is a tuple; else None."""
    value = subscript.child_by_field_name("value")
    indices = subscript.children_by_field_name("subscript")
    if value is None or value.type != "subscript" or len(indices) != 1 or indices[0].type != "integer":
        return None
    position = ctx.text(indices[0])
    element = element_of(value, ctx)
    return f"@{int(position)}:*[{element[:-2]}" if element is not None and position.isdigit() else None


def type_name(ctx: Context, node: Node | None) -> str:
    """The one class an annotation says a value is, as a dotted name (``Foo``, ``mod.Foo``), seen
    through ``Optional[…]``, ``… | None`` and a string (``"Foo"``); ``Foo[]`` for a collection of them
    (``List[Foo]``), ``Foo[:]`` for a mapping whose values are (``Dict[str, Foo]``), ``=Foo`` for the class
    itself (``Type[Foo]``); "" when it says several or none."""
    while node is not None and node.type == "type" and node.named_child_count == 1:
        node = node.named_children[0]
    if node is None:
        return ""
    kind = node.type
    if kind in ("identifier", "attribute"):
        found = dotted(node, ctx)
        return found[0] if found is not None and found[1] else ""
    if kind == "string":
        return text_type_name(ctx.text(node).strip("\"'"))
    if kind in ("generic_type", "subscript"):
        head = node.named_children[0] if node.named_child_count else None
        head_text = ctx.text(head) if head is not None else ""
        last = head_text.rsplit(".", 1)[-1]
        inner = [c for c in node.named_children[1:] if c.type != "comment"]  # (the type arguments)
        if inner and inner[0].type == "type_parameter":
            inner = list(inner[0].named_children)
        if last in _MAPPINGS:  # ``Dict[str, Foo]``: what its values are
            return _mapping_type_name(type_name(ctx, inner[1]) if len(inner) == 2 else "")
        if last in _TUPLES and inner:
            if len(inner) == 2 and ctx.text(inner[1]) == "...":  # ``Tuple[Foo, ...]``: a collection of them
                return _wrapped_type_name("List", type_name(ctx, inner[0]))
            return _tuple_type_name([type_name(ctx, part) for part in inner])
        if head_text in _WRAPPERS or last in _ITERABLES or last in _CLASS_OF:
            return _wrapped_type_name(head_text, type_name(ctx, inner[0]) if inner else "")
        return generic_class(ctx, node)
    if kind in ("binary_operator", "union_type"):  # ``Foo | None`` (``List[Foo] | None``: a union_type)
        sides = [c for c in node.named_children if ctx.text(c) != "None"]
        return type_name(ctx, sides[0]) if len(sides) == 1 else ""
    return ""


def generic_class(ctx: Context, node: Node) -> str:
    """The class of a generic class given its type arguments (``Stream[bytes]``: ``Stream``), as a dotted name;
    "" for any other node, or a generic of the typing module or the builtins (``List[…]``, ``Type[…]``)."""
    if node.type not in ("generic_type", "subscript") or not node.named_child_count:
        return ""
    head = node.named_children[0]
    if head.type not in ("identifier", "attribute"):
        return ""
    found = dotted(head, ctx)
    if found is None or not found[1] or found[0].rsplit(".", 1)[-1] in _NOT_CLASSES:
        return ""
    return found[0]


def _tuple_type_name(parts: list[str]) -> str:
    """``(A,B)`` for ``Tuple[A, B]``: what each position holds ("" where the annotation says no one class); ""
    where none says one, or a part is itself a tuple, a collection or a mapping."""
    if not any(parts) or any(c in part for part in parts for c in "(),[]:="):
        return ""
    return f"({','.join(parts)})"


def _wrapped_type_name(head: str, argument: str) -> str:
    """What ``head[argument]`` says a value is, given what ``argument`` says (see :func:`type_name`)."""
    last = head.rsplit(".", 1)[-1]
    if not argument or argument.endswith(("[]", "[:]")) or argument.startswith("="):
        # a collection of collections or of classes, a class of a collection: no one class
        return argument if head in _WRAPPERS else ""
    if last in _ITERABLES:  # what iterating it gives, written ``Param[]`` (a compound type: no value of its own)
        return f"{argument}[]"
    if last in _CLASS_OF:
        return f"={argument}"
    return argument if head in _WRAPPERS else ""


def text_type_name(text: str) -> str:
    """:func:`type_name` of an annotation written as text: a forward reference's (``"Foo"``,
    ``"Optional[List[Foo]]"``, ``"Foo | None"``), a type comment's."""
    alternatives = [part.strip() for part in text.split("|")]
    alternatives = [part for part in alternatives if part != "None"]
    if len(alternatives) != 1:
        return ""
    text = alternatives[0]
    if _DOTTED_NAME.fullmatch(text):
        return text
    generic = _STRING_GENERIC.fullmatch(text)
    if generic is None:
        return ""
    arguments, depth, cuts = generic.group(2), 0, [-1]
    for position, character in enumerate(arguments):  # the arguments (``Annotated[Foo, …]``: the first)
        depth += (character == "[") - (character == "]")
        if character == "," and depth == 0:
            cuts.append(position)
    parts = [arguments[start + 1:end] for start, end in zip(cuts, [*cuts[1:], len(arguments)], strict=True)]
    head = generic.group(1)
    last = head.rsplit(".", 1)[-1]
    if last in _MAPPINGS:  # ``Dict[str, Foo]``
        return _mapping_type_name(text_type_name(parts[1].strip()) if len(parts) == 2 else "")
    if head not in _WRAPPERS and last not in _ITERABLES and last not in _CLASS_OF and last not in _NOT_CLASSES:
        return head  # ``"Stream[bytes]"``: a generic class given its type arguments
    return _wrapped_type_name(head, text_type_name(parts[0].strip()))


def _mapping_type_name(value: str) -> str:
    """What a mapping whose values ``value`` says is (``Foo[:]``): a mapping of collections says nothing."""
    return f"{value}[:]" if value and not value.endswith(("[]", "[:]")) and not value.startswith("=") else ""


#: read per type use, held here (a read off the enum's class goes through its metaclass)
_REFERENCES = EdgeKind.REFERENCES
#: annotations that wrap the type a value has (``Optional[Foo]`` holds a ``Foo`` or None)
_WRAPPERS = frozenset({"Optional", "typing.Optional", "t.Optional", "ClassVar", "typing.ClassVar", "t.ClassVar",
                       "Final", "typing.Final", "t.Final", "Annotated", "typing.Annotated", "t.Annotated"})
#: collections whose (first) type argument is what iterating them gives (``List[Param]``: ``Param[]``)
_ITERABLES = frozenset({"List", "list", "Sequence", "MutableSequence", "Iterable", "Iterator", "Collection", "Set",
                        "set", "FrozenSet", "frozenset", "AbstractSet", "MutableSet", "Deque", "deque", "Generator",
                        "AsyncIterator", "AsyncIterable", "AsyncGenerator", "Reversible"})
#: tuples: ``Tuple[A, B]`` holds an ``A`` and a ``B`` (``(A,B)``), ``Tuple[A, ...]`` a collection of ``A``
_TUPLES = frozenset({"Tuple", "tuple"})
#: mappings whose second type argument is what their values are (``Dict[str, Field]``: ``Field[:]``)
_MAPPINGS = frozenset({"Dict", "dict", "Mapping", "MutableMapping", "DefaultDict", "defaultdict", "OrderedDict",
                       "WeakKeyDictionary", "WeakValueDictionary", "ChainMap"})
#: annotations whose one type argument is a class the value is (``Type[Foo]``: ``Foo`` or a subclass itself)
_CLASS_OF = frozenset({"Type", "type"})
#: the generic heads of the typing module and the builtins that name no class of a value's own (``Callable[…]``,
#: ``Tuple[…]``, ``Literal[…]``, a protocol of the standard library): an annotation of one says no one class
_NOT_CLASSES = frozenset({*typing.__all__, *collections.abc.__all__, "tuple", "type", "list", "dict", "set",
                          "frozenset", "deque", "defaultdict", "OrderedDict", "Counter", "ChainMap"})
_DOTTED_NAME = re.compile(r"[A-Za-z_][\w.]*")
#: a string annotation's generic: its head and its one argument (``Optional[List[Foo]]``: ``Optional``, ``List[Foo]``)
_STRING_GENERIC = re.compile(r"([A-Za-z_][\w.]*)\[(.*)\]")


def type_comments(ctx: Context, scopes: ScopeIndex) -> None:
    """The names in a type comment (``x = {}  # type: Dict[str, Field]``, PEP 484's annotation for
    code that predates the syntax) are read as an annotation's: type uses at their own tokens. A local
    assigned on the comment's line holds what it says, as an annotated one does (``Extraction.var_types``)."""
    source = ctx.source
    root = ctx.root
    if root is None:
        return
    symbols = ctx.extraction.symbols
    for found in _TYPE_COMMENT_START.finditer(source):
        start = found.start()
        comment = root.descendant_for_byte_range(start, start + 1)
        if comment is None or comment.type != "comment" or comment.start_byte != start:
            continue
        body = TYPE_COMMENT.match(source, start, comment.end_byte)
        if body is None:
            continue
        line, column = comment.start_point
        scope = scopes.enclosing(start, comment.end_byte)
        _annotation_names(ctx, body.group(1), line + 1, column + body.start(1) - start, scope)
        if scope <= 0 or symbols[scope].kind not in CALLABLE_KINDS:
            continue
        assignment = comment.prev_named_sibling
        if assignment is not None and assignment.type == "expression_statement" and assignment.named_child_count:
            assignment = assignment.named_children[0]
        if assignment is None or assignment.type != "assignment" or assignment.end_point[0] != line:
            continue
        target = assignment.child_by_field_name("left")
        if target is None or target.type != "identifier" or assignment.child_by_field_name("type") is not None:
            continue
        name = ctx.text(target)
        declared = text_type_name(" ".join(body.group(1).decode(errors="replace").split()))
        if declared and not ctx.is_global(scope, name):
            ctx.extraction.var_types.setdefault(scope, {})[name] = declared


#: where a type comment may start (a comment node's first byte; :func:`type_comments` checks)
_TYPE_COMMENT_START = re.compile(rb"#[ \t]*type:")
#: a type comment after an assignment on its line: ``x = None  # type: str | None`` (not ``# type: ignore``)
TYPE_COMMENT = re.compile(rb"[ \t]*#[ \t]*type:(?![ \t]*ignore\b)[ \t]*([^#\r\n]*[^#\s])")


def type_uses(ctx: Context, node: Node, scope: int) -> None:
    """The classes a type annotation names: each maximal name expression in it (``mod.Foo``) a type
    reference at its last name, and the names written inside a string in it (a forward reference)."""
    if _inside_value_arguments(ctx, node):
        return  # (every ``type`` node is captured: one in ``Literal[…]`` holds a value)
    stack = [node]
    while stack:
        current = stack.pop()
        kind = current.type
        if kind in ("identifier", "attribute"):
            found = dotted(current, ctx)
            if found and found[1]:
                ctx.add_ref(scope, _REFERENCES, found[0], node_span(found[2]))
        elif kind == "string":
            _string_annotation(ctx, current, scope)
        elif kind in ("subscript", "generic_type") and (generic := _generic_of(current)) is not None and \
                ctx.text(generic) in _VALUE_ARGUMENTS:
            # ``Literal["red", 1]``: values, no types (a string there names no class); ``Annotated[T, meta]``:
            # only its first argument is a type
            stack.append(generic)
            if ctx.text(generic) in _ANNOTATED:
                first = _first_argument(current)
                if first is not None:
                    stack.append(first)
        else:
            stack.extend(reversed(current.named_children))


def _inside_value_arguments(ctx: Context, node: Node) -> bool:
    """Is ``node`` (a ``type``) an argument of ``Literal[…]``, or of ``Annotated[…]`` after its first?"""
    current = node
    parent = current.parent
    while parent is not None and parent.type in ("type", "type_parameter", "generic_type", "subscript"):
        if parent.type in ("generic_type", "subscript") and (generic := _generic_of(parent)) is not None and \
                generic != current and ctx.text(generic) in _VALUE_ARGUMENTS:
            if ctx.text(generic) not in _ANNOTATED:
                return True
            first = _first_argument(parent)
            if first is None or not (first.start_byte <= node.start_byte and node.end_byte <= first.end_byte):
                return True
        current, parent = parent, parent.parent
    return False


def _generic_of(node: Node) -> Node | None:
    """The generic a subscripted annotation names: ``Literal`` of ``Literal[…]`` (the grammar's ``generic_type``
    for a bare name, ``subscript`` for a dotted one)."""
    if node.type == "subscript":
        return node.child_by_field_name("value")
    return node.named_children[0] if node.named_children else None


def _first_argument(node: Node) -> Node | None:
    if node.type == "subscript":
        return node.child_by_field_name("subscript")
    arguments = node.named_children[1] if node.named_child_count > 1 else None
    return arguments.named_children[0] if arguments is not None and arguments.named_children else None


#: the generics whose arguments are values, not types (``Annotated``: all but its first)
_ANNOTATED = frozenset({"Annotated", "typing.Annotated", "t.Annotated", "typing_extensions.Annotated"})
_VALUE_ARGUMENTS = frozenset({"Literal", "typing.Literal", "t.Literal", "typing_extensions.Literal"}) | _ANNOTATED


def _string_annotation(ctx: Context, string: Node, scope: int) -> None:
    """The names in a string annotation (``"Console"``, ``"Optional[mod.Thing]"``), each a type
    reference at its own token inside the string, and the qualifiers before them value uses."""
    contents = [c for c in string.named_children if c.type == "string_content"]
    if len(contents) != 1 or string.named_child_count != 3:  # not one plain piece (an f-string, a concatenation)
        return
    content = contents[0]
    source = ctx.source[content.start_byte:content.end_byte]
    if not source.strip() or b"\n" in source or len(source) > 500:
        return
    _annotation_names(ctx, source, content.start_point[0] + 1, content.start_point[1], scope)


def _annotation_names(ctx: Context, source: bytes, line: int, column: int, scope: int) -> None:
    """The names of an annotation written as text (in a string or a type comment) that starts at ``line``,
    ``column``: each a type reference at its own token, the qualifiers before them value uses."""
    tree = parse_fragment("python", source)
    stack = [tree.root_node]
    while stack:
        current = stack.pop()
        if current.type == "ERROR":
            return
        if current.type not in ("identifier", "attribute"):
            stack.extend(reversed(current.named_children))
            continue
        names = _chain_names(current)
        text = ""
        for position, name in enumerate(names):
            piece = source[name.start_byte:name.end_byte].decode("utf-8", "replace")
            text = f"{text}.{piece}" if text else piece
            span = (line, column + name.start_byte, line, column + name.end_byte)
            if position == len(names) - 1:
                ctx.add_ref(scope, EdgeKind.REFERENCES, text, span)
            else:
                ctx.add_value(scope, text, span, Role.READ)
                annotation_values(ctx).add(span)


def annotation_values(ctx: Context) -> set[Span]:
    """The spans of the value uses :func:`_annotation_names` recorded in the file (their scope is their type use's)."""
    found = ctx.state.get("python.annotation values")
    if not isinstance(found, set):
        found = ctx.state["python.annotation values"] = set()
    return found


def _chain_names(node: Node) -> list[Node]:
    """The name nodes of ``a.b.c``, first to last; none when the chain does not start with a name."""
    chain: list[Node] = []
    current: Node | None = node
    while current is not None and current.type == "attribute":
        attribute, current = current.child_by_field_name("attribute"), current.child_by_field_name("object")
        if attribute is None:
            return []
        chain.append(attribute)
    return [current, *reversed(chain)] if current is not None and current.type == "identifier" else []


#: the modules ``cast`` and ``TypeVar`` are imported from
_TYPING_MODULES = ("typing", "typing_extensions")


def cast_type(ctx: Context, callee: Node) -> str | None:
    """What ``typing.cast(T, value)`` says its value is (``type_name`` of ``T``, "" where it names no one
    class), where ``callee`` is the file's name of ``typing.cast`` (``cast``, ``typing.cast``, ``t.cast``
    after ``import typing as t``) called with a type and a value; None for any other call."""
    text = ctx.text(callee)
    if text not in typing_names(ctx, "cast"):
        return None
    call = callee.parent
    arguments = call.child_by_field_name("arguments") if call is not None else None
    given = [a for a in arguments.named_children if a.type != "comment"] if arguments is not None else []
    if len(given) != 2 or any(a.type in ("keyword_argument", "list_splat", "dictionary_splat") for a in given):
        return None
    return type_name(ctx, given[0])


def typing_names(ctx: Context, name: str) -> frozenset[str]:
    """The texts that name ``typing``'s (or ``typing_extensions``') ``name`` in the file, by its imports (``cast``,
    ``t.cast``, ``from typing import cast as c``; found once per file and name, and again where an import was
    recorded since: a chain may ask before the file's last import is read)."""
    imports = ctx.extraction.imports
    key = f"python.typing names {name}"
    found = ctx.state.get(key)
    if isinstance(found, tuple) and found[0] == len(imports):
        return found[1]  # type: ignore[no-any-return]
    names: set[str] = set()
    for imp in imports:
        if imp.level or imp.module not in _TYPING_MODULES:
            continue
        if imp.star:
            names.add(name)
        elif imp.names:
            names.update(local for imported, local in imp.names if imported == name)
        else:
            names.add(f"{imp.alias or imp.module}.{name}")
    result = frozenset(names)
    ctx.state[key] = (len(imports), result)
    return result
