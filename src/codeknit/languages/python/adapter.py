"""Python: the adapter half (the query half is ``python/queries.scm``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from codeknit.graph.model import EdgeKind, PropertyValue, SymbolKind
from codeknit.languages.engine import Adapter, Context, ScopeIndex, file_symbol, node_span
from codeknit.languages.python.flow import build_flow
from codeknit.languages.records import RawImport, RawSymbol

if TYPE_CHECKING:
    from tree_sitter import Node

_ENUM_BASES = frozenset({"Enum", "IntEnum", "StrEnum", "Flag", "IntFlag", "enum.Enum", "enum.IntEnum",
                         "enum.StrEnum", "enum.Flag", "enum.IntFlag"})
_PROTOCOL_BASES = frozenset({"Protocol", "typing.Protocol", "typing_extensions.Protocol"})
#: decorators that become properties instead of a ``decorators=[…]`` entry
_FLAG_DECORATORS = {
    "staticmethod": "static",
    "classmethod": "classmethod",
    "abstractmethod": "abstract",
    "abc.abstractmethod": "abstract",
}


def module_name(path: str) -> str:
    """``pkg/sub/mod.py`` → ``pkg.sub.mod``; ``pkg/__init__.py`` → ``pkg``."""
    stem = path.rsplit(".", 1)[0] if "/" not in path.rsplit(".", 1)[-1] else path
    parts = stem.split("/")
    if parts[-1] == "__init__" and len(parts) > 1:
        parts.pop()
    return ".".join(parts)


def dotted(node: Node, ctx: Context) -> tuple[str, bool] | None:
    """``(text, head_known)`` for a name expression; None when it names nothing."""
    found = _dotted(node, ctx)
    return None if found is None else (found[0], found[1])


def _dotted(node: Node, ctx: Context) -> tuple[str, bool, Node] | None:
    """:func:`dotted` and the node of the last name (where the use's span points)."""
    kind = node.type
    if kind == "identifier":
        return ctx.text(node), True, node
    if kind == "attribute":
        attribute = node.child_by_field_name("attribute")
        obj = node.child_by_field_name("object")
        if attribute is None or obj is None:
            return None
        member = ctx.text(attribute)
        base = _dotted(obj, ctx)
        if base is None:
            if obj.type == "call":
                function = obj.child_by_field_name("function")
                if function is not None and function.type == "identifier" and ctx.text(function) == "super":
                    return f"super().{member}", True, attribute
            return member, False, attribute
        return f"{base[0]}.{member}", base[1], attribute
    return None


class PythonAdapter(Adapter):
    language = "python"
    grammars = {"": "python"}

    def module_symbol(self, ctx: Context, root: Node) -> RawSymbol:
        return file_symbol(ctx, root, module_name(ctx.extraction.path), doc=self._docstring(ctx, root))

    # -- definitions ---------------------------------------------------------------

    def definition(self, ctx: Context, kind: str, node: Node, name: Node | None) -> RawSymbol | None:
        if kind == "lambda":
            return self._lambda(ctx, node)
        if name is None:
            return None
        parent = node.parent
        outer = parent if parent is not None and parent.type == "decorated_definition" else node
        symbol = RawSymbol(
            name=ctx.text(name),
            kind=SymbolKind(kind),
            span=node_span(outer),
            name_span=node_span(name),
            start_byte=outer.start_byte,
            end_byte=outer.end_byte,
        )
        enclosing = _open_definitions(ctx, node)
        in_class = enclosing is not None and enclosing.type == "class_definition"
        at_module = enclosing is None
        if kind == "function":
            self._function(ctx, symbol, node, outer, in_class)
            _push_definition(ctx, node)
        elif kind == "class":
            self._class(ctx, symbol, node, outer)
            _push_definition(ctx, node)
        elif kind in ("variable", "field"):
            self._assignment(ctx, symbol, node, name, kind, enclosing)
        elif kind == "type_alias":
            value = node.child_by_field_name("right")
            symbol.signature = f"{symbol.name} = {ctx.squeezed(value)}" if value else symbol.name
        if at_module or (kind == "class" and in_class):
            pass
        if at_module:
            symbol.properties = {"exported": not symbol.name.startswith("_"), **symbol.properties}
        elif in_class and symbol.kind is not SymbolKind.CLASS:
            visibility = _member_visibility(symbol.name)
            if visibility:
                symbol.properties["visibility"] = visibility
        return symbol

    def _lambda(self, ctx: Context, node: Node) -> RawSymbol:
        """``<lambdaN>``: the N-th lambda (from 1, in source order) whose innermost enclosing scope
        (function, class, lambda or module) is the same as this one's."""
        scope = node.parent
        while scope is not None and scope.type not in ("function_definition", "class_definition", "lambda"):
            scope = scope.parent
        counters = ctx.state.setdefault("lambdas", {})
        assert isinstance(counters, dict)
        key = (scope.start_byte, scope.end_byte) if scope is not None else (-1, -1)
        number = counters[key] = counters.get(key, 0) + 1
        keyword = node.children[0] if node.children else node
        parameters = node.child_by_field_name("parameters")
        symbol = RawSymbol(
            name=f"<lambda{number}>",
            kind=SymbolKind.FUNCTION,
            span=node_span(node),
            name_span=node_span(keyword),
            start_byte=node.start_byte,
            end_byte=node.end_byte,
            signature=f"lambda {ctx.squeezed(parameters)}".rstrip() if parameters is not None else "lambda",
        )
        symbol.properties["lambda"] = True
        if scope is None:
            symbol.properties["exported"] = False
        _set_header(ctx, symbol, None if parameters is None else (parameters.start_byte, parameters.end_byte))
        return symbol

    def _decorators(self, ctx: Context, outer: Node) -> list[str]:
        names: list[str] = []
        if outer.type != "decorated_definition":
            return names
        for child in outer.named_children:
            if child.type != "decorator":
                continue
            expression = child.named_children[0] if child.named_children else None
            if expression is not None and expression.type == "call":
                expression = expression.child_by_field_name("function")
            names.append(ctx.squeezed(expression) if expression is not None else ctx.squeezed(child)[1:])
        return names

    def _function(self, ctx: Context, symbol: RawSymbol, node: Node, outer: Node, in_class: bool) -> None:
        decorators = self._decorators(ctx, outer)
        properties: dict[str, PropertyValue] = {}
        first = node.child(0) if node.child_count else None
        if first is not None and first.type == "async":
            properties["async"] = True
        rest: list[str] = []
        for decorator in decorators:
            flag = _FLAG_DECORATORS.get(decorator)
            if flag:
                properties[flag] = True
            elif in_class and decorator in ("property", "functools.cached_property", "cached_property"):
                symbol.kind = SymbolKind.PROPERTY
            elif in_class and decorator.endswith(".setter"):
                symbol.kind = SymbolKind.SETTER
            else:
                rest.append(decorator)
        if rest:
            properties["decorators"] = tuple(rest)
        if in_class and symbol.kind is SymbolKind.FUNCTION:
            symbol.kind = SymbolKind.METHOD
        parameters = node.child_by_field_name("parameters")
        _set_header(
            ctx,
            symbol,
            (outer.start_byte, node.start_byte) if outer is not node else None,
            None if parameters is None else (parameters.start_byte, parameters.end_byte),
        )
        params = self._parameters(ctx, parameters)
        drop_first = in_class and "static" not in properties
        if drop_first and params:
            symbol.receiver = params[0][1]
            params = params[1:]
        returns = node.child_by_field_name("return_type")
        rendered = ", ".join(text for text, _ in params)
        if symbol.kind is SymbolKind.PROPERTY:
            symbol.signature = f"{symbol.name}: {ctx.squeezed(returns)}" if returns else symbol.name
        else:
            symbol.signature = f"{symbol.name}({rendered})"
            if returns is not None:
                symbol.signature += f" -> {ctx.squeezed(returns)}"
        symbol.properties = properties
        body = node.child_by_field_name("body")
        symbol.doc = self._docstring(ctx, body)

    def _parameters(self, ctx: Context, parameters: Node | None) -> list[tuple[str, str]]:
        """``[(rendered, name)]`` with defaults elided as ``=…``."""
        if parameters is None:
            return []
        out: list[tuple[str, str]] = []
        for child in parameters.named_children:
            kind = child.type
            if kind == "identifier":
                name = ctx.text(child)
                out.append((name, name))
            elif kind in ("list_splat_pattern", "dictionary_splat_pattern"):
                text = ctx.text(child)
                out.append((text, text.lstrip("*")))
            elif kind == "typed_parameter":
                inner = child.named_children[0]
                type_node = child.child_by_field_name("type")
                name = ctx.text(inner)
                out.append((f"{name}: {ctx.squeezed(type_node)}", name.lstrip("*")))
            elif kind in ("default_parameter", "typed_default_parameter"):
                name_node = child.child_by_field_name("name")
                type_node = child.child_by_field_name("type")
                name = ctx.text(name_node)
                typed = f": {ctx.squeezed(type_node)}" if type_node is not None else ""
                out.append((f"{name}{typed}=…", name))
            elif kind == "keyword_separator":
                out.append(("*", "*"))
            elif kind == "positional_separator":
                out.append(("/", "/"))
        return out

    def _class(self, ctx: Context, symbol: RawSymbol, node: Node, outer: Node) -> None:
        bases: list[str] = []
        superclasses = node.child_by_field_name("superclasses")
        _set_header(
            ctx,
            symbol,
            (outer.start_byte, node.start_byte) if outer is not node else None,
            None if superclasses is None else (superclasses.start_byte, superclasses.end_byte),
        )
        if superclasses is not None:
            for child in superclasses.named_children:
                if child.type in ("identifier", "attribute"):
                    bases.append(ctx.text(child))
        symbol.bases = bases
        if any(b in _ENUM_BASES for b in bases):
            symbol.kind = SymbolKind.ENUM
        elif any(b in _PROTOCOL_BASES for b in bases):
            symbol.kind = SymbolKind.INTERFACE
        symbol.signature = symbol.name
        if any(b in ("ABC", "abc.ABC") for b in bases):
            symbol.properties["abstract"] = True
        decorators = self._decorators(ctx, outer)
        if decorators:
            symbol.properties["decorators"] = tuple(decorators)
        symbol.doc = self._docstring(ctx, node.child_by_field_name("body"))

    def _assignment(
        self, ctx: Context, symbol: RawSymbol, node: Node, name: Node, kind: str, enclosing: Node | None
    ) -> None:
        assignment = node if node.type == "assignment" else next(
            (c for c in node.named_children if c.type == "assignment"), node
        )
        type_node = assignment.child_by_field_name("type")
        if kind == "field":
            bases = []
            if enclosing is not None:
                superclasses = enclosing.child_by_field_name("superclasses")
                bases = [ctx.text(c) for c in superclasses.named_children] if superclasses else []
            if any(b in _ENUM_BASES for b in bases):
                symbol.kind = SymbolKind.ENUM_MEMBER
        elif symbol.name.isupper() or (symbol.name.strip("_").isupper() and symbol.name[:1] != "_"):
            symbol.kind = SymbolKind.CONSTANT
        symbol.signature = f"{symbol.name}: {ctx.squeezed(type_node)}" if type_node is not None else symbol.name
        symbol.span = node_span(node)
        symbol.start_byte, symbol.end_byte = node.start_byte, node.end_byte

    @staticmethod
    def _docstring(ctx: Context, body: Node | None) -> str | None:
        if body is None:
            return None
        first = body.named_child(0) if body.named_child_count else None
        if first is not None and first.type == "comment":  # rare: list the statements
            first = next((c for c in body.named_children if c.type != "comment"), None)
        if first is not None and first.type == "expression_statement" and first.named_children:
            first = first.named_children[0]
        if first is None or first.type != "string":
            return None
        content = "".join(ctx.text(c) for c in first.named_children if c.type == "string_content")
        lines = [line.strip() for line in content.strip().splitlines()]
        text = "\n".join(lines).strip()
        return text[:1000] or None

    # -- references -----------------------------------------------------------------

    def reference(self, ctx: Context, kind: str, node: Node, scope: int) -> None:
        if kind == "type":
            for chain in _type_chains(node):
                found = _dotted(chain, ctx)
                if found and found[1]:
                    ctx.add_ref(scope, EdgeKind.REFERENCES, found[0], node_span(found[2]))
            return
        found = _dotted(node, ctx)
        if found is None:
            return
        text, head_known, last = found
        if kind == "call":
            # ``super()`` itself is a call of the builtin (recorded, like ``len()``); ``super().m()`` is
            # recorded as a call of ``m`` as well
            if scope > 0 and _in_header(ctx, node, scope):
                # a decorator, a default value or a base-class argument runs in the enclosing scope
                scope = ctx.extraction.symbols[scope].parent
        edge = _EDGES[kind]
        if edge is EdgeKind.DECORATES:
            # the decorated definition is the innermost symbol starting at this decorator's line
            if text in _FLAG_DECORATORS or text in ("property",) or text.endswith(".setter"):
                return
        ctx.add_ref(scope, edge, text, node_span(last), head_known=head_known)

    # -- imports ----------------------------------------------------------------------

    def import_statement(self, ctx: Context, node: Node, scope: int) -> None:
        span = node_span(node)
        imports = ctx.extraction.imports
        if node.type == "import_statement":
            for child in node.named_children:
                if child.type == "dotted_name":
                    imports.append(RawImport(scope, ctx.text(child), node_span(child)))
                elif child.type == "aliased_import":
                    name = child.child_by_field_name("name")
                    alias = child.child_by_field_name("alias")
                    imports.append(
                        RawImport(scope, ctx.text(name), node_span(name or child), alias=ctx.text(alias))
                    )
            return
        module_node = node.child_by_field_name("module_name")
        level = 0
        module = ""
        if module_node is not None:
            if module_node.type == "relative_import":
                for part in module_node.named_children:
                    if part.type == "import_prefix":
                        level = ctx.text(part).count(".")
                    elif part.type == "dotted_name":
                        module = ctx.text(part)
            else:
                module = ctx.text(module_node)
        names: list[tuple[str, str]] = []
        star = False
        for child in node.named_children:
            if module_node is not None and child == module_node:
                continue
            if child.type == "wildcard_import":
                star = True
            elif child.type == "dotted_name":
                text = ctx.text(child)
                names.append((text, text))
            elif child.type == "aliased_import":
                original = ctx.text(child.child_by_field_name("name"))
                names.append((original, ctx.text(child.child_by_field_name("alias"))))
        imports.append(
            RawImport(scope, module, span, names=tuple(names), star=star, level=level)
        )

    # -- after the captures --------------------------------------------------------

    def finish(self, ctx: Context, scopes: ScopeIndex) -> None:
        symbols = ctx.extraction.symbols
        self._instance_fields(ctx, symbols)
        self._exports(ctx, symbols)

    def finish_ordered(self, ctx: Context) -> None:
        try:
            ctx.extraction.flow = build_flow(ctx)
        except RecursionError:  # absurdly deep expressions: keep the symbols, analyse calls by name only
            ctx.extraction.flow = None

    def _instance_fields(self, ctx: Context, symbols: list[RawSymbol]) -> None:
        """``self.x = …`` in ``__init__`` defines a field of the class."""
        for index, symbol in list(enumerate(symbols)):
            if symbol.name != "__init__" or symbol.kind is not SymbolKind.METHOD or not symbol.receiver:
                continue
            klass = symbol.parent
            if klass < 0:
                continue
            existing = {s.name for s in symbols if s.parent == klass}
            node = self._find_node(ctx, symbol)
            if node is None:
                continue
            body = node.child_by_field_name("body")
            for assignment, target, type_node in _self_assignments(body, symbol.receiver, ctx):
                name = ctx.text(target)
                if name in existing:
                    continue
                existing.add(name)
                field_symbol = RawSymbol(
                    name=name,
                    kind=SymbolKind.FIELD,
                    span=node_span(assignment),
                    name_span=node_span(target),
                    start_byte=assignment.start_byte,
                    end_byte=assignment.end_byte,
                    parent=klass,
                    signature=f"{name}: {ctx.squeezed(type_node)}" if type_node is not None else name,
                )
                visibility = _member_visibility(name)
                if visibility:
                    field_symbol.properties["visibility"] = visibility
                ctx.add_symbol(field_symbol)
            del index

    def _find_node(self, ctx: Context, symbol: RawSymbol) -> Node | None:
        assert ctx.root is not None
        node = ctx.root.descendant_for_byte_range(symbol.start_byte, symbol.end_byte)
        while node is not None and node.type not in ("function_definition",):
            if node.type == "decorated_definition":
                node = node.child_by_field_name("definition")
                break
            node = node.parent
        return node

    def _exports(self, ctx: Context, symbols: list[RawSymbol]) -> None:
        """``__all__ = [...]`` decides what a module exports."""
        for symbol in symbols:
            if symbol.name == "__all__" and symbol.parent == 0:
                node = self._find_assignment(ctx, symbol)
                if node is None:
                    return
                right = node.child_by_field_name("right")
                if right is None or right.type not in ("list", "tuple"):
                    return
                names = tuple(
                    ctx.text(s)[1:-1]
                    for s in right.named_children
                    if s.type == "string" and len(ctx.text(s)) >= 2
                )
                ctx.extraction.exports = names
                exported = set(names)
                for other in symbols:
                    if other.parent == 0 and "exported" in other.properties:
                        other.properties["exported"] = other.name in exported
                return

    def _find_assignment(self, ctx: Context, symbol: RawSymbol) -> Node | None:
        assert ctx.root is not None
        node = ctx.root.descendant_for_byte_range(symbol.start_byte, symbol.end_byte)
        while node is not None and node.type != "assignment":
            node = node.parent
        return node


_EDGES = {"call": EdgeKind.CALLS, "inherits": EdgeKind.INHERITS, "decorates": EdgeKind.DECORATES}


def _open_definitions(ctx: Context, node: Node) -> Node | None:
    """The innermost function or class definition around ``node``, from those already seen.

    The engine hands definitions over in source order (outer ones first), and each function and
    class definition is pushed on a stack (:func:`_push_definition`); the ones that end before
    ``node`` are popped. Syntax nodes nest, so what is left encloses ``node``: the same answer as
    walking up its parents, without the walk (a parent lookup descends from the root).
    """
    stack = ctx.state.get("python.definitions")
    if not stack:
        return None
    assert isinstance(stack, list)
    end = node.end_byte
    while stack and stack[-1][0] < end:
        stack.pop()
    return stack[-1][1] if stack else None


def _push_definition(ctx: Context, node: Node) -> None:
    stack = ctx.state.setdefault("python.definitions", [])
    assert isinstance(stack, list)
    stack.append((node.end_byte, node))


def _set_header(ctx: Context, symbol: RawSymbol, *ranges: tuple[int, int] | None) -> None:
    """Record the byte ranges of a definition's header (decorators, parameters, base classes)."""
    headers = ctx.state.setdefault("python.headers", {})
    assert isinstance(headers, dict)
    headers[id(symbol)] = tuple(r for r in ranges if r is not None)


def _in_header(ctx: Context, node: Node, scope: int) -> bool:
    """Is ``node`` in the decorators, parameters or base classes of its innermost definition?

    ``scope`` is the innermost function, class or lambda around ``node`` (by bytes: a decorated
    definition's symbol starts at its first decorator); its header ranges were recorded when it
    was defined. Equal to walking up from ``node`` to the first definition (or decorated
    definition) and asking whether the path entered it through its header.
    """
    headers = ctx.state.get("python.headers")
    assert isinstance(headers, dict)
    ranges = headers.get(id(ctx.extraction.symbols[scope]))
    if not ranges:
        return False
    start, end = node.start_byte, node.end_byte
    return any(first <= start and end <= last for first, last in ranges)


def _in_header_by_parents(node: Node) -> bool:
    """:func:`_in_header` by walking up the parents (the reference for tests)."""
    child, current = node, node.parent
    while current is not None:
        kind = current.type
        if kind == "decorated_definition":
            return True
        if kind in ("function_definition", "class_definition"):
            return child.type in ("parameters", "argument_list")
        if kind == "lambda":
            return child.type == "lambda_parameters"
        child, current = current, current.parent
    return False


def _member_visibility(name: str) -> str | None:
    if name.startswith("__") and not name.endswith("__"):
        return "private"
    if name.startswith("_") and not name.startswith("__"):
        return "protected"
    return None


def _type_chains(node: Node) -> list[Node]:
    """The maximal name expressions inside a type annotation."""
    out: list[Node] = []
    stack = [node]
    while stack:
        current = stack.pop()
        if current.type in ("identifier", "attribute"):
            out.append(current)
            continue
        if current.type == "string":  # forward references are handled as written names elsewhere
            continue
        stack.extend(reversed(current.named_children))
    return out


def _self_assignments(body: Node | None, receiver: str, ctx: Context):  # type: ignore[no-untyped-def]
    """``(assignment, attribute-name, type)`` for ``self.x = …`` / ``self.x: T = …`` in a body."""
    if body is None:
        return
    stack = list(reversed(body.named_children))
    while stack:
        node = stack.pop()
        if node.type in ("function_definition", "class_definition", "decorated_definition", "lambda"):
            continue
        if node.type == "assignment":
            left = node.child_by_field_name("left")
            targets = [left] if left is not None and left.type == "attribute" else []
            if left is not None and left.type in ("pattern_list", "tuple_pattern"):
                targets = [c for c in left.named_children if c.type == "attribute"]
            for target in targets:
                obj = target.child_by_field_name("object")
                attribute = target.child_by_field_name("attribute")
                if obj is not None and attribute is not None and ctx.text(obj) == receiver:
                    yield node, attribute, node.child_by_field_name("type")
        stack.extend(reversed(node.named_children))


ADAPTER = PythonAdapter

__all__ = ["ADAPTER", "PythonAdapter", "module_name"]
