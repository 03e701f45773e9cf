"""Python: the adapter half (the query half is ``python/queries.scm``)."""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from typing import TYPE_CHECKING

from codeknit.graph.model import Category, EdgeKind, PropertyValue, Role, Span, SymbolKind
from codeknit.languages.conditions import ConditionSyntax, carried
from codeknit.languages.engine import (
    Adapter,
    Context,
    ScopeIndex,
    file_symbol,
    grammar_language,
    node_span,
    parse_fragment,
)
from codeknit.languages.python.flow import build_flow
from codeknit.languages.records import RawImport, RawRef, RawSymbol

if TYPE_CHECKING:
    from tree_sitter import Node, Query

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

#: the callables whose first parameter is the instance: ``self.x = …`` in any of them defines a field
_RECEIVING = frozenset({SymbolKind.METHOD, SymbolKind.PROPERTY, SymbolKind.SETTER})

#: a definition's kind by its capture's name (``SymbolKind(kind)`` calls into the enum's machinery per symbol)
_SYMBOL_KINDS = {kind.value: kind for kind in SymbolKind}


def module_name(path: str) -> str:
    """``pkg/sub/mod.py`` → ``pkg.sub.mod``; ``pkg/__init__.py`` → ``pkg``."""
    stem = path.rsplit(".", 1)[0] if "/" not in path.rsplit(".", 1)[-1] else path
    parts = stem.split("/")
    if parts[-1] == "__init__" and len(parts) > 1:
        parts.pop()
    return ".".join(parts)


def _dotted(node: Node, ctx: Context) -> tuple[str, bool, Node] | None:
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

    def chain(self, ctx: Context, node: Node) -> tuple[str, bool, Node] | None:
        return _dotted(node, ctx)

    #: a name is its own text, and so is ``a.b.c`` written plainly: the engine records such captures itself
    plain_value_types = frozenset({"identifier"})
    plain_chain_types = frozenset({"attribute"})

    def value_scope(self, ctx: Context, scope_of: Callable[[int, int], int]) -> Callable[[int, int], int]:
        """A decorator, a default value, an annotation or a base class is evaluated in the scope around
        the definition it is written in: a use in a definition's header belongs to that definition's parent."""
        headers = ctx.state.get("python.headers")
        if not isinstance(headers, dict) or not headers:
            return scope_of
        # per symbol with a header: its ranges (in source order) and the scope they are evaluated in
        owned = {index: (ranges, ranges[-1][1], symbol.parent) for index, symbol in enumerate(ctx.extraction.symbols)
                 if index and (ranges := headers.get(id(symbol)))}
        get = owned.get

        def scope(start: int, end: int) -> int:
            found = scope_of(start, end)
            header = get(found)
            if header is not None and start < header[1]:
                for first, last in header[0]:
                    if first <= start and end <= last:
                        return header[2]
            return found

        return scope

    # -- definitions ---------------------------------------------------------------

    def definition(self, ctx: Context, kind: str, node: Node, name: Node | None) -> RawSymbol | None:
        if kind == "lambda":
            return self._lambda(ctx, node)
        if name is None:
            return None
        enclosing = _open_definitions(ctx, node)
        in_class = enclosing is not None and enclosing.type == "class_definition"
        at_module = enclosing is None
        # a name bound again in the same module or class body is the same variable: its first binding
        # defines it, an assignment after that writes it (``@reference.write``; ``Task = _CTask`` after
        # ``class Task``, a C version replacing the Python one, writes the class)
        assigned = ctx.state.setdefault("python.assigned", set())
        assert isinstance(assigned, set)
        key = (None if enclosing is None else enclosing.start_byte, ctx.text(name))
        if kind in ("variable", "field"):
            # an assignment anywhere at module level or in a class body (also inside if/try/for/with
            # blocks there) defines a variable or a field; one in a function binds a local (``@local``)
            if not (at_module or in_class):
                return None
            kind = "field" if in_class else "variable"
            if key in assigned or (at_module and key[1] in _module_imports(ctx)):
                return None  # (``except ImportError: ssl = None`` writes the imported name)
            assigned.add(key)
        elif kind in ("function", "class") and (at_module or in_class):
            assigned.add(key)
        parent = node.parent if kind in ("function", "class") else None
        outer = parent if parent is not None and parent.type == "decorated_definition" else node
        symbol = RawSymbol(
            name=key[1],
            kind=_SYMBOL_KINDS[kind],
            span=node_span(outer),
            name_span=node_span(name),
            start_byte=outer.start_byte,
            end_byte=outer.end_byte,
        )
        if kind == "function":
            self._function(ctx, symbol, node, outer, in_class)
        elif kind == "class":
            self._class(ctx, symbol, node, outer)
        elif kind in ("variable", "field"):
            self._assignment(ctx, symbol, node, kind, enclosing)
        elif kind == "type_alias":
            value = node.child_by_field_name("right")
            symbol.signature = f"{symbol.name} = {ctx.squeezed(value)}" if value else symbol.name
        if kind in ("function", "class"):
            _push_definition(ctx, node)
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
        scope = _open_definitions(ctx, node)
        _push_definition(ctx, node)
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
        params, typed = _parameters(ctx, parameters)
        if typed:
            # the scope index this function will get: the engine adds it right after this hook
            ctx.extraction.var_types[len(ctx.extraction.symbols)] = typed
        drop_first = in_class and "static" not in properties
        if drop_first and params:
            symbol.receiver = params[0][1]
            params = params[1:]
        returns = node.child_by_field_name("return_type")
        if returns is not None:
            symbol.declared_type = _type_name(ctx, returns)
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

    def _class(self, ctx: Context, symbol: RawSymbol, node: Node, outer: Node) -> None:
        superclasses = node.child_by_field_name("superclasses")
        _set_header(
            ctx,
            symbol,
            (outer.start_byte, node.start_byte) if outer is not node else None,
            None if superclasses is None else (superclasses.start_byte, superclasses.end_byte),
        )
        listed = superclasses.named_children if superclasses is not None else []
        symbol.bases = bases = [ctx.text(child) for child in listed if child.type in ("identifier", "attribute")]
        if any(b in _ENUM_BASES for b in bases):
            symbol.kind = SymbolKind.ENUM
            enums = ctx.state.setdefault("python.enums", set())  # (their fields are members: ``_assignment``)
            assert isinstance(enums, set)
            enums.add(node.start_byte)
        elif any(b in _PROTOCOL_BASES for b in bases):
            symbol.kind = SymbolKind.INTERFACE
        symbol.signature = symbol.name
        if any(b in ("ABC", "abc.ABC") for b in bases):
            symbol.properties["abstract"] = True
        decorators = self._decorators(ctx, outer)
        if decorators:
            symbol.properties["decorators"] = tuple(decorators)
        symbol.doc = self._docstring(ctx, node.child_by_field_name("body"))

    def _assignment(self, ctx: Context, symbol: RawSymbol, node: Node, kind: str, enclosing: Node | None) -> None:
        type_node = node.child_by_field_name("type")
        if kind == "field":
            enums = ctx.state.get("python.enums")  # (the classes ``_class`` found to be enums)
            if isinstance(enums, set) and enclosing is not None and enclosing.start_byte in enums:
                symbol.kind = SymbolKind.ENUM_MEMBER
        elif symbol.name.isupper() or (symbol.name.strip("_").isupper() and symbol.name[:1] != "_"):
            symbol.kind = SymbolKind.CONSTANT
        symbol.signature = _field_signature(ctx, symbol.name, type_node, node)
        right = node.child_by_field_name("right")
        symbol.declared_type = _assigned_type(ctx, type_node, right)
        if not symbol.declared_type and right is not None:
            found = _dotted(right, ctx)
            if found is not None and found[1]:
                symbol.declared_type = f"={found[0]}"  # ``_PyFuture = Future``: what the name holds

    @staticmethod
    def _docstring(ctx: Context, body: Node | None) -> str | None:
        if body is None:
            return None
        first = body.named_child(0) if body.named_child_count else None
        if first is not None and first.type == "comment":  # rare: list the statements
            first = next((c for c in body.named_children if c.type != "comment"), None)
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
                if chain.type == "string":
                    _string_annotation(ctx, chain, scope)
                    continue
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
                if child.type in ("dotted_name", "aliased_import"):
                    name, alias, name_node = _imported(ctx, child)
                    imports.append(RawImport(scope, name, node_span(name_node), alias=alias))
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
        name_spans: list[Span] = []
        star = False
        for child in node.named_children:
            if child.type == "wildcard_import":
                star = True
            elif child.type in ("dotted_name", "aliased_import") and child != module_node:
                name, alias, name_node = _imported(ctx, child)
                names.append((name, name if alias is None else alias))
                name_spans.append(node_span(name_node))
        # the statement's own occurrence is its module's name (each imported name has its own)
        imports.append(
            RawImport(scope, module, span, names=tuple(names), star=star, level=level, name_spans=tuple(name_spans),
                      module_span=node_span(module_node) if module_node is not None else None)
        )
        if (level == 1 and module and "." not in module and scope <= 0 and module_node is not None
                and all(alias != module for _name, alias in names)
                and ctx.extraction.path.rsplit("/", 1)[-1] in ("__init__.py", "__init__.pyi")):
            # importing the package's submodule binds its name in the package, whose namespace is this
            # file's: ``from .base_events import *`` then ``base_events.__all__`` (not where the statement
            # binds the name itself: ``from .api import api`` binds the function)
            imports.append(RawImport(scope, "", span, names=((module, module),), level=1,
                                     module_span=node_span(module_node)))

    # -- after the captures --------------------------------------------------------

    def finish(self, ctx: Context, scopes: ScopeIndex) -> None:
        symbols = ctx.extraction.symbols
        self._local_types(ctx, scopes)
        self._narrowing(ctx, scopes)
        self._keywords(ctx, scopes)
        self._rebindings(ctx)
        self._dynamic_members(ctx, scopes)
        self._instance_fields(ctx, symbols, scopes)
        self._static_branches(ctx, symbols)
        self._exports(ctx, symbols)
        self._type_comments(ctx, scopes)

    @staticmethod
    def _type_comments(ctx: Context, scopes: ScopeIndex) -> None:
        """The names in a type comment (``x = {}  # type: Dict[str, Field]``, PEP 484's annotation for
        code that predates the syntax) are read as an annotation's: type uses at their own tokens."""
        source = ctx.source
        root = ctx.root
        if root is None:
            return
        for found in _TYPE_COMMENT_START.finditer(source):
            start = found.start()
            comment = root.descendant_for_byte_range(start, start + 1)
            if comment is None or comment.type != "comment" or comment.start_byte != start:
                continue
            body = _TYPE_COMMENT.match(source, start, comment.end_byte)
            if body is None:
                continue
            line, column = comment.start_point
            _annotation_names(ctx, body.group(1), line + 1, column + body.start(1) - start,
                              scopes.enclosing(start, comment.end_byte))

    @staticmethod
    def _rebindings(ctx: Context) -> None:
        """A ``def`` or ``class`` whose name the same body already bound (``@overload`` stubs, ``@x.setter``,
        ``if …: def f`` / ``else: def f``) defines its own symbol and writes the name, as a second
        assignment does: a write at its name, which the resolver gives to the first definition."""
        symbols = ctx.extraction.symbols
        seen: set[tuple[int, str]] = set()
        refs = ctx.extraction.refs
        for index, symbol in enumerate(symbols):
            if not index or (symbol.kind.category not in (Category.CALLABLE, Category.TYPE)
                             and symbol.kind is not SymbolKind.PROPERTY) or symbol.properties.get("lambda"):
                continue
            key = (symbol.parent, symbol.name)
            if key in seen:
                # (not a plain name: the function's own parameters, whose region starts at ``def``, are not it)
                refs.append(RawRef(max(symbol.parent, 0), EdgeKind.REFERENCES, symbol.name, symbol.name_span,
                                   head_known=False, role=Role.WRITE))
            else:
                seen.add(key)

    @staticmethod
    def _keywords(ctx: Context, scopes: ScopeIndex) -> None:
        """``Point(x=1)``: a use of ``Point(x=)``, which the resolver answers with the field ``x`` where
        ``Point`` is a class whose ``__init__`` is generated from its fields, and with nothing otherwise
        (the keyword names a parameter)."""
        refs = ctx.extraction.refs
        for match in ctx.matches:
            names = match.get("adapter.keyword")
            if not names:
                continue
            callee = _dotted(match["adapter.keyword_callee"][0], ctx)
            if callee is None or not callee[1]:
                continue
            name = names[0]
            scope = scopes.enclosing(name.start_byte, name.end_byte)
            refs.append(RawRef(max(scope, 0), EdgeKind.REFERENCES, f"{callee[0]}({ctx.text(name)}=)", node_span(name),
                               role=Role.WRITE))

    @staticmethod
    def _dynamic_members(ctx: Context, scopes: ScopeIndex) -> None:
        """``getattr(obj, "as_" + vendor)``: a call of some member of ``obj`` whose name starts with the
        literal (``as_*``), written as that pattern so no definition is claimed. A reader (dead code)
        knows that any member named so may be called. A whole literal name is left to the resolver's
        value rules; a computed name without a literal start says nothing."""
        for match in ctx.matches:
            names = match.get("adapter.getattr_name")
            if not names:
                continue
            string, obj = names[0], match["adapter.getattr_object"][0]
            operator = match.get("adapter.getattr_operator")  # (``"as_" + vendor``: the ``+``)
            prefix = _literal_prefix(ctx, string, operator[0] if operator else None)
            if not prefix:
                continue
            chain = _dotted(obj, ctx)
            receiver = chain[0] if chain is not None and chain[1] else "?"
            scope = scopes.enclosing(string.start_byte, string.end_byte)
            ctx.add_ref(max(scope, 0), EdgeKind.CALLS, f"{receiver}.{prefix}*", node_span(string))

    @staticmethod
    def _local_types(ctx: Context, scopes: ScopeIndex) -> None:
        """What a local holds, where its assignments say so: ``x = Foo(…)`` (``Foo()``: what calling
        ``Foo`` gives), ``x: Foo = …``, ``except Foo as x`` or ``for x in items`` (``*items``: an element of
        what ``items`` holds; ``for k, x in d.items()``: ``*d.values()``) or ``x = a.b`` (``=a.b``: what the
        member holds, unless an annotation types ``x``). A local assigned values of different types is left out."""
        symbols = ctx.extraction.symbols
        var_types = ctx.extraction.var_types
        conflicting: set[tuple[int, str]] = set()
        # (a name its annotation types, a parameter's or a variable's: what a member assigned to it holds
        # says nothing more, ``ctx = ctx.parent``)
        annotated = {(scope, name) for scope, typed in var_types.items() for name in typed}
        for match in ctx.matches:
            targets = match.get("adapter.target")
            if not targets:
                continue
            target = targets[0]
            scope = scopes.enclosing(target.start_byte, target.end_byte)
            if scope <= 0 or symbols[scope].kind.category is not Category.CALLABLE:
                continue
            name = ctx.text(target)
            if ctx.is_global(scope, name):
                continue  # ``global x`` then ``x = f()``: the module's variable, not a local
            annotation = match.get("adapter.annotation")
            callee = match.get("adapter.callee")
            caught = match.get("adapter.caught")
            iterated = match.get("adapter.iterated")
            items = match.get("adapter.items")
            aliased = match.get("adapter.aliased")
            if aliased:  # ``config = model.__config__``: what that member holds
                chain = _dotted(aliased[0], ctx)
                if chain is None or not chain[1] or "(" in chain[0] or (scope, name) in annotated:
                    continue
                found = f"={chain[0]}"
            elif items:  # ``for k, v in d.items()``: v is what ``for v in d.values()`` gives
                chain = _dotted(items[0], ctx)
                if chain is None or not chain[1] or not chain[0].endswith(".items"):
                    continue
                found = f"*{chain[0][:-6]}.values()"
            elif annotation:
                found = _type_name(ctx, annotation[0])
                if found:
                    annotated.add((scope, name))
            elif caught:
                found = _type_name(ctx, caught[0])
            elif iterated:
                node = iterated[0]
                call = node.type == "call"
                chain = _dotted(node.child_by_field_name("function") if call else node, ctx)  # type: ignore[arg-type]
                if chain is None or not chain[1]:
                    continue
                found = f"*{chain[0]}()" if call else f"*{chain[0]}"  # an element of what it gives
            elif callee:
                found = f"{ctx.text(callee[0])}()"
            else:
                continue
            typed = var_types.setdefault(scope, {})
            if (scope, name) in conflicting or not found:
                continue
            if typed.get(name, found) != found:
                conflicting.add((scope, name))
                del typed[name]
                continue
            typed[name] = found
        for scope in [scope for scope, typed in var_types.items() if not typed]:
            del var_types[scope]

    @staticmethod
    def _narrowing(ctx: Context, scopes: ScopeIndex) -> None:
        """``Extraction.narrowed``: where ``isinstance(x, C)`` holds, a type checker reads the local ``x`` as
        a ``C`` (``issubclass(x, C)``: as the class ``C``): in the body of ``if isinstance(x, C):``, on the
        right of ``isinstance(x, C) and …``, in the ``else`` of ``if not isinstance(x, C):`` and after it when
        its body leaves the block (``return``, ``raise``, ``continue``, ``break``), after ``assert
        isinstance(x, C)``. A region ends where the function assigns the name again."""
        sites: list[tuple[Node, Node, Node, Node]] = []  # (the call, the test's name, the name tested, the class)
        for match in ctx.matches:
            tests = match.get("adapter.narrowing")
            if not tests:
                continue
            parts = [a for a in match["adapter.narrowing_arguments"][0].named_children if a.type != "comment"]
            if len(parts) == 2 and parts[0].type in ("identifier", "attribute") and \
                    parts[1].type in ("identifier", "attribute", "tuple", "call"):
                sites.append((match["adapter.narrowing_call"][0], tests[0], parts[0], parts[1]))
        if not sites:
            return
        symbols = ctx.extraction.symbols
        found: list[tuple[int, str, list[tuple[int, int, Span, Node]], str]] = []
        for call, function, name_node, class_node in sites:
            scope = scopes.enclosing(call.start_byte, call.end_byte)
            if scope <= 0 or symbols[scope].kind.category is not Category.CALLABLE:
                continue
            classes = _narrowing_classes(ctx, class_node, symbols, scope)
            if classes is None:
                continue
            if name_node.type == "attribute":  # ``isinstance(ctx.command, Group)``: a member chain of a name
                chain = _dotted(name_node, ctx)
                if chain is None or not chain[1] or "(" in chain[0]:
                    continue
            regions = _narrowed_regions(call)
            if regions:
                name = ctx.text(name_node).replace(" ", "")
                mark = "=" if ctx.text(function) == "issubclass" else ""
                found.append((scope, name, regions, "|".join(mark + c for c in classes)))
        if not found:
            return
        from tree_sitter import QueryCursor

        narrowed = ctx.extraction.narrowed
        rebinding = QueryCursor(_rebinding_query())
        for scope, name, regions, to in found:
            head = name.partition(".")[0]
            # (a chain's narrowing ends where the chain or a part of it is assigned: ``ctx = …``, ``ctx.command = …``)
            members = {name[:cut] for cut in range(len(name) + 1) if cut == len(name) or name[cut] == "."} \
                if head != name else set()
            for start, end, span, node in regions:
                # (where the name is assigned again, in the region's code)
                captured = rebinding.captures(node)
                cut = min(((w.start_byte, w.start_point) for w in captured.get("name", ())
                           if start <= w.start_byte < end and ctx.text(w) == head), default=None)
                if members:
                    cut = min([c for c in [cut] if c is not None] + [
                        (w.start_byte, w.start_point) for w in captured.get("member", ())
                        if start <= w.start_byte < end and ctx.text(w).replace(" ", "") in members], default=None)
                if cut is not None:
                    if cut[0] == start:
                        continue
                    span = (span[0], span[1], cut[1][0] + 1, cut[1][1])
                narrowed.setdefault(symbols[scope].span[:2], []).append((name, span, to))

    @staticmethod
    def _static_branches(ctx: Context, symbols: list[RawSymbol]) -> None:
        """Property ``when``: the conditions a type checker decides without running the code
        (``TYPE_CHECKING``, ``sys.version_info`` against a version) under which the branch that defines a
        symbol is taken (``if sys.version_info < (3, 8): def get_origin …``: ``when=[python<3.8]``; its
        ``else:``, ``python>=3.8``; ``not TYPE_CHECKING``). The resolver reads them where a scope defines
        a name in several such branches (``PythonRules.prefer_targets``); the version is a setting there."""
        source, root = ctx.source, ctx.root
        if root is None or (b"TYPE_CHECKING" not in source and b"version_info" not in source):
            return
        from tree_sitter import QueryCursor

        regions: list[tuple[int, int, str]] = []  # (start byte, end byte, condition) of each branch's block
        for statement in QueryCursor(_if_query()).captures(root).get("if", ()):
            earlier: list[str] = []  # (the negations of the conditions before, where each is decided)
            clauses = [statement, *statement.children_by_field_name("alternative")]
            for clause in clauses:
                body = clause.child_by_field_name("consequence" if clause.type != "else_clause" else "body")
                condition = clause.child_by_field_name("condition") if clause.type != "else_clause" else None
                atom = _static_condition(ctx, condition) if condition is not None else None
                holds = [*earlier, atom] if atom is not None else earlier
                if body is not None and holds:
                    regions += [(body.start_byte, body.end_byte, held) for held in holds]
                if condition is None:
                    break
                if atom is not None:
                    earlier = [*earlier, _negated(atom)]
        if not regions:
            return
        for symbol in symbols:
            found = [held for start, end, held in regions if start <= symbol.start_byte < end]
            if found:
                symbol.properties["when"] = tuple(dict.fromkeys(found))

    def finish_ordered(self, ctx: Context) -> None:
        try:
            ctx.extraction.flow = build_flow(ctx)
        except RecursionError:  # absurdly deep expressions: keep the symbols, analyse calls by name only
            ctx.extraction.flow = None

    def _instance_fields(self, ctx: Context, symbols: list[RawSymbol], scopes: ScopeIndex) -> None:
        """``self.x = …`` in a method defines a field of the class, where ``x`` is first assigned:
        in ``__init__`` if it assigns it there, else in the first method (in source order) that does.

        The assignments come from the query (``@adapter.self_assignment``), each given to the
        innermost scope around it: a method whose receiver it names."""
        assigned: dict[int, list[tuple[Node, Node]]] = {}
        for match in ctx.matches:
            fields = match.get("adapter.self_field")
            if not fields:
                continue
            assignment = match["adapter.self_assignment"][0]
            scope = scopes.enclosing(assignment.start_byte, assignment.end_byte)
            method = symbols[scope]
            if method.kind in _RECEIVING and method.receiver == ctx.text(match["adapter.self_receiver"][0]):
                assigned.setdefault(scope, []).append((assignment, fields[0]))
        existing_by_class: dict[int, set[str]] = {}
        for index in sorted(assigned, key=lambda i: (symbols[i].name != "__init__", symbols[i].start_byte)):
            klass = symbols[index].parent
            existing = existing_by_class.get(klass)
            if existing is None:
                existing = existing_by_class[klass] = {s.name for s in symbols if s.parent == klass}
            parameters = ctx.extraction.var_types.get(index, {})
            for assignment, target in assigned[index]:
                name = ctx.text(target)
                if name in existing:
                    continue
                existing.add(name)
                type_node = assignment.child_by_field_name("type")
                right = assignment.child_by_field_name("right")
                declared = _assigned_type(ctx, type_node, right)
                if not declared and right is not None and right.type == "identifier":
                    declared = parameters.get(ctx.text(right), "")  # ``self.loop = loop`` with ``loop: Loop``
                field_symbol = RawSymbol(
                    name=name,
                    kind=SymbolKind.FIELD,
                    span=node_span(assignment),
                    name_span=node_span(target),
                    start_byte=assignment.start_byte,
                    end_byte=assignment.end_byte,
                    parent=klass,
                    signature=_field_signature(ctx, name, type_node, assignment),
                    declared_type=declared,
                )
                visibility = _member_visibility(name)
                if visibility:
                    field_symbol.properties["visibility"] = visibility
                ctx.add_symbol(field_symbol)

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
    """The innermost function, class or lambda around ``node``, from the definitions already seen.

    The engine hands definitions over in source order (outer ones first), and each function,
    class and lambda is pushed on a stack (:func:`_push_definition`); the ones that end before
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


_COMPOUND = frozenset({"if_statement", "elif_clause", "else_clause", "try_statement", "except_clause",
                       "except_group_clause", "finally_clause", "with_statement", "for_statement",
                       "while_statement", "block", "match_statement", "case_clause"})


def _module_imports(ctx: Context) -> frozenset[str]:
    """The names import statements bind at module level (in ``if``/``try`` blocks too), found once
    per file by a walk over statements that enters no function or class."""
    found = ctx.state.get("python.module_imports")
    if isinstance(found, frozenset):
        return found
    names: set[str] = set()
    assert ctx.root is not None
    pending = list(ctx.root.children)
    while pending:
        node = pending.pop()
        kind = node.type
        if kind in ("import_statement", "import_from_statement"):
            # (``import a.b`` binds ``a``; ``from m import a`` binds ``a``)
            listed = node.named_children if kind == "import_statement" else node.children_by_field_name("name")
            for child in listed:
                name, alias, _node = _imported(ctx, child)
                names.add((name if alias is None else alias).partition(".")[0])
        elif kind in _COMPOUND:
            pending.extend(node.children)
    result = frozenset(names)
    ctx.state["python.module_imports"] = result
    return result


def _imported(ctx: Context, child: Node) -> tuple[str, str | None, Node]:
    """``(name, alias, the name's node)`` of ``a.b`` (no alias) or ``a.b as c`` in an import."""
    if child.type != "aliased_import":
        return ctx.text(child), None, child
    name = child.child_by_field_name("name")
    return ctx.text(name), ctx.text(child.child_by_field_name("alias")), name or child


#: a member chain written plainly (no spaces, comments, calls or subscripts), read off its text
_NAME_START = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def _literal_prefix(ctx: Context, string: Node, operator: Node | None) -> str:
    """The identifier a computed member name starts with: all of ``"as_"`` in ``"as_" + x`` (``operator``: the
    ``+``), the part before ``%`` in ``"has_%s" % x``, the text before the first ``{…}`` of an f-string; "" for a
    plain literal (a whole name, not a prefix), a start that is no identifier, or underscores alone."""
    text, interpolated = "", False
    for child in string.named_children:
        kind = child.type
        if kind == "interpolation":
            interpolated = True
            break
        if kind == "string_content":
            text += ctx.text(child)
    if operator is None and not interpolated:
        return ""
    if operator is not None and ctx.text(operator) == "%":
        text = text.partition("%")[0]
    match = _NAME_START.match(text)
    if match is None or match.end() != len(text) or text.strip("_") == "":
        return ""  # (``"_" + name`` would make every private member a maybe)
    return text


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


def _member_visibility(name: str) -> str | None:
    if name.startswith("__") and not name.endswith("__"):
        return "private"
    if name.startswith("_") and not name.startswith("__"):
        return "protected"
    return None


#: annotations that wrap the type a value has (``Optional[Foo]`` holds a ``Foo`` or None)
_WRAPPERS = frozenset({"Optional", "typing.Optional", "t.Optional", "ClassVar", "typing.ClassVar", "t.ClassVar",
                       "Final", "typing.Final", "t.Final", "Annotated", "typing.Annotated", "t.Annotated"})
#: collections whose (first) type argument is what iterating them gives (``List[Param]``: ``Param[]``)
_ITERABLES = frozenset({"List", "list", "Sequence", "MutableSequence", "Iterable", "Iterator", "Collection", "Set",
                        "set", "FrozenSet", "frozenset", "AbstractSet", "MutableSet", "Deque", "deque", "Generator",
                        "AsyncIterator", "AsyncIterable", "AsyncGenerator", "Reversible"})
#: mappings whose second type argument is what their values are (``Dict[str, Field]``: ``Field[:]``)
_MAPPINGS = frozenset({"Dict", "dict", "Mapping", "MutableMapping", "DefaultDict", "defaultdict", "OrderedDict"})
#: annotations whose one type argument is a class the value is (``Type[Foo]``: ``Foo`` or a subclass itself)
_CLASS_OF = frozenset({"Type", "type"})
_DOTTED_NAME = re.compile(r"[A-Za-z_][\w.]*")
#: a string annotation's generic: its head and its one argument (``Optional[List[Foo]]``: ``Optional``, ``List[Foo]``)
_STRING_GENERIC = re.compile(r"([A-Za-z_][\w.]*)\[(.*)\]")


#: how a condition's truth passes up to the statement that reads it (``_narrowed_regions``)
_CONDITIONS = ConditionSyntax(parentheses="parenthesized_expression", negation="not_operator",
                              negation_operator=None, boolean="boolean_operator", conjunction="and",
                              disjunction="or")
#: statements after which a block goes no further
_LEAVING = frozenset({"return_statement", "raise_statement", "continue_statement", "break_statement"})


def _narrowed_regions(call: Node) -> list[tuple[int, int, Span, Node]]:
    """Where the condition ``call`` (an ``isinstance`` test) is known to hold: ``(start byte, end byte, span,
    node around it)`` of each region (see ``PythonAdapter._narrowing``): the right operands its truth reaches
    (``carried``), and what the statement or expression around the condition runs where it held."""
    node, holds, rights = carried(call, _CONDITIONS)
    out = [_region(right) for right in rights]
    parent = node.parent
    kind = None if parent is None else parent.type
    if parent is None:
        pass
    elif kind in ("if_statement", "elif_clause"):
        condition = parent.child_by_field_name("condition")
        consequence = parent.child_by_field_name("consequence")
        if condition is None or condition.byte_range != node.byte_range or consequence is None:
            return out
        if holds:
            out.append(_region(consequence))
        elif kind == "if_statement":
            alternatives = parent.children_by_field_name("alternative")
            if not any(a.type == "elif_clause" for a in alternatives):
                for alternative in alternatives:
                    body = alternative.child_by_field_name("body")
                    if body is not None:
                        out.append(_region(body))
                if _leaves(consequence):
                    out += _rest_of_block(parent)
    elif kind == "conditional_expression":  # ``a if test else b``
        parts = parent.named_children
        if len(parts) == 3 and parts[1].byte_range == node.byte_range:
            out.append(_region(parts[0] if holds else parts[2]))
    elif kind == "assert_statement":
        if holds and parent.named_children and parent.named_children[0].byte_range == node.byte_range:
            out += _rest_of_block(parent)
    return out


def _narrowing_classes(ctx: Context, node: Node, symbols: list[RawSymbol], scope: int) -> list[str] | None:
    """The classes the second argument of ``isinstance(x, …)`` names, as dotted names: ``C``, a tuple of
    them (``(A, B)``: ``x`` is an ``A`` or a ``B``), ``type(self)`` / ``self.__class__`` in a method of a
    class of the module's top level (that class); else None."""
    if node.type == "tuple":
        found = [_dotted(part, ctx) for part in node.named_children]
        names = [f[0] for f in found if f is not None and f[1] and "(" not in f[0]]
        return names if names and len(names) == len(found) else None
    receiver = symbols[scope].receiver
    if node.type == "call":  # ``type(self)``
        function = node.child_by_field_name("function")
        arguments = node.child_by_field_name("arguments")
        if function is None or ctx.text(function) != "type" or arguments is None or receiver is None or \
                [ctx.text(a) for a in arguments.named_children] != [receiver]:
            return None
    elif receiver is not None and ctx.text(node) == f"{receiver}.__class__":
        pass
    else:
        dotted = _dotted(node, ctx)
        return [dotted[0]] if dotted is not None and dotted[1] and "(" not in dotted[0] else None
    owner = symbols[scope].parent  # (the method's class, named where the module can name it)
    if owner <= 0 or symbols[owner].kind.category is not Category.TYPE or symbols[owner].parent != 0 or \
            "static" in symbols[scope].properties or "classmethod" in symbols[scope].properties:
        return None
    return [symbols[owner].name]


def _region(node: Node) -> tuple[int, int, Span, Node]:
    return node.start_byte, node.end_byte, node_span(node), node


def _leaves(block: Node) -> bool:
    """Does the block end in a statement that leaves it (``return``, ``raise``, …)?"""
    for child in reversed(block.named_children):
        if child.type != "comment":
            return child.type in _LEAVING
    return False


def _rest_of_block(statement: Node) -> list[tuple[int, int, Span, Node]]:
    """The rest of the function block a statement is in, after it."""
    block = statement.parent
    if block is None or block.type != "block":
        return []
    end, start = block.end_point, statement.end_point
    if statement.end_byte >= block.end_byte:
        return []
    return [(statement.end_byte, block.end_byte, (start[0] + 1, start[1], end[0] + 1, end[1]), block)]


@functools.cache
def _rebinding_query() -> Query:
    """The names a statement or expression binds (``@name``): assignment and loop targets, ``:=``, ``as``."""
    from tree_sitter import Query

    targets = "[(identifier) @name (pattern_list (identifier) @name) (tuple_pattern (identifier) @name)" \
              " (list_pattern (identifier) @name) (list_splat_pattern (identifier) @name)" \
              " (pattern_list (list_splat_pattern (identifier) @name))]"
    return Query(grammar_language("python"), f"""
        (assignment left: {targets})
        (augmented_assignment left: (identifier) @name)
        (for_statement left: {targets})
        (for_in_clause left: {targets})
        (named_expression name: (identifier) @name)
        (as_pattern_target (identifier) @name)
        (function_definition name: (identifier) @name)
        (class_definition name: (identifier) @name)
        (lambda_parameters (identifier) @name)
        (assignment left: [(attribute) @member (pattern_list (attribute) @member)])
        (augmented_assignment left: (attribute) @member)
        (delete_statement (attribute) @member)
    """)


@functools.cache
def _if_query() -> Query:
    """Every ``if`` statement (``PythonAdapter._static_branches``)."""
    from tree_sitter import Query

    return Query(grammar_language("python"), "(if_statement) @if")


#: a comparison's operator, and the one that says its negation
_NEGATED = {"<": ">=", ">=": "<", ">": "<=", "<=": ">", "==": "!=", "!=": "=="}


def _static_condition(ctx: Context, node: Node) -> str | None:
    """What a condition says in terms a type checker evaluates statically: ``TYPE_CHECKING`` (or
    ``typing.TYPE_CHECKING``), ``python<op><version>`` for ``sys.version_info <op> (3, 8)`` (or
    ``sys.version_info[:2] == (3, 8)``), ``not`` of either; else None."""
    while node.type == "parenthesized_expression" and node.named_child_count == 1:
        node = node.named_children[0]
    kind = node.type
    if kind == "not_operator":
        inner = node.child_by_field_name("argument")
        found = _static_condition(ctx, inner) if inner is not None else None
        return _negated(found) if found is not None else None
    if kind in ("identifier", "attribute"):
        text = ctx.text(node)
        return "TYPE_CHECKING" if text == "TYPE_CHECKING" or text.endswith(".TYPE_CHECKING") else None
    if kind != "comparison_operator" or node.named_child_count != 2:
        return None
    left, right = node.named_children
    operator = ctx.text_at(left.end_byte, right.start_byte).strip()
    if operator not in _NEGATED or right.type != "tuple":
        return None
    subject = ctx.text(left).replace(" ", "")
    sliced = subject.endswith(f"[:{right.named_child_count}]")
    if subject.removesuffix(f"[:{right.named_child_count}]") not in ("sys.version_info", "version_info"):
        return None
    parts = right.named_children
    if not parts or len(parts) > 3 or any(p.type != "integer" or not ctx.text(p).isdigit() for p in parts):
        return None
    if operator in ("==", "!=") and not sliced:  # (the whole version_info is a tuple of five: never equal)
        return None
    return f"python{operator}{'.'.join(ctx.text(p) for p in parts)}"


def _negated(condition: str) -> str:
    if condition == "TYPE_CHECKING":
        return "not TYPE_CHECKING"
    if condition == "not TYPE_CHECKING":
        return "TYPE_CHECKING"
    operator = condition[6:8] if condition[7] in "=" else condition[6]
    return f"python{_NEGATED[operator]}{condition[6 + len(operator):]}"


def _type_name(ctx: Context, node: Node | None) -> str:
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
        found = _dotted(node, ctx)
        return found[0] if found is not None and found[1] else ""
    if kind == "string":
        return _string_type_name(ctx.text(node).strip("\"'"))
    if kind in ("generic_type", "subscript"):
        head = node.named_children[0] if node.named_child_count else None
        head_text = ctx.text(head) if head is not None else ""
        last = head_text.rsplit(".", 1)[-1]
        if last in _MAPPINGS:  # ``Dict[str, Foo]``: what its values are
            inner = [c for c in node.named_children[1:] if c.type not in ("comment",)]
            if inner and inner[0].type == "type_parameter":
                inner = list(inner[0].named_children)
            return _mapping_type_name(_type_name(ctx, inner[1]) if len(inner) == 2 else "")
        if head_text in _WRAPPERS or last in _ITERABLES or last in _CLASS_OF:
            inner = [c for c in node.named_children[1:] if c.type not in ("comment",)]
            if inner and inner[0].type == "type_parameter":
                inner = list(inner[0].named_children)
            return _wrapped_type_name(head_text, _type_name(ctx, inner[0]) if inner else "")
        return ""
    if kind in ("binary_operator", "union_type"):  # ``Foo | None`` (``List[Foo] | None``: a union_type)
        sides = [c for c in node.named_children if ctx.text(c) != "None"]
        return _type_name(ctx, sides[0]) if len(sides) == 1 else ""
    return ""


def _wrapped_type_name(head: str, argument: str) -> str:
    """What ``head[argument]`` says a value is, given what ``argument`` says (see :func:`_type_name`)."""
    last = head.rsplit(".", 1)[-1]
    if not argument or argument.endswith(("[]", "[:]")) or argument.startswith("="):
        # a collection of collections or of classes, a class of a collection: no one class
        return argument if head in _WRAPPERS else ""
    if last in _ITERABLES:  # what iterating it gives, written ``Param[]`` (a compound type: no value of its own)
        return f"{argument}[]"
    if last in _CLASS_OF:
        return f"={argument}"
    return argument if head in _WRAPPERS else ""


def _string_type_name(text: str) -> str:
    """:func:`_type_name` of a forward reference's text (``"Foo"``, ``"Optional[List[Foo]]"``, ``"Foo | None"``)."""
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
    if generic.group(1).rsplit(".", 1)[-1] in _MAPPINGS:  # ``Dict[str, Foo]``
        return _mapping_type_name(_string_type_name(parts[1].strip()) if len(parts) == 2 else "")
    return _wrapped_type_name(generic.group(1), _string_type_name(parts[0].strip()))


def _mapping_type_name(value: str) -> str:
    """What a mapping whose values ``value`` says is (``Foo[:]``): a mapping of collections says nothing."""
    return f"{value}[:]" if value and not value.endswith(("[]", "[:]")) and not value.startswith("=") else ""


def _field_signature(ctx: Context, name: str, annotation: Node | None, assignment: Node) -> str:
    """``name: T`` for a variable or field with a declared type, from its annotation or, as PEP 484 allows
    and type checkers read it, from a ``# type: T`` comment ending the assignment's line; else the name.
    (A declared type is what makes ``self.x = …`` in a subclass a write of the ancestor's ``x``.)"""
    if annotation is not None:
        return f"{name}: {ctx.squeezed(annotation)}"
    source = ctx.source
    end = source.find(b"\n", assignment.end_byte)
    found = _TYPE_COMMENT.match(source, assignment.end_byte, len(source) if end == -1 else end)
    if found is None:
        return name
    return f"{name}: {' '.join(found.group(1).decode(errors='replace').split())}"


#: where a type comment may start (a comment node's first byte; :func:`_type_comments` checks)
_TYPE_COMMENT_START = re.compile(rb"#[ \t]*type:")
#: a type comment after an assignment on its line: ``x = None  # type: str | None`` (not ``# type: ignore``)
_TYPE_COMMENT = re.compile(rb"[ \t]*#[ \t]*type:(?![ \t]*ignore\b)[ \t]*([^#\r\n]*[^#\s])")


def _assigned_type(ctx: Context, annotation: Node | None, value: Node | None) -> str:
    """What an assignment's target holds: its annotation's class, else ``Foo()`` for ``= Foo(…)``."""
    if annotation is not None:
        return _type_name(ctx, annotation)
    if value is not None and value.type == "call":
        function = value.child_by_field_name("function")
        if function is not None:
            found = _dotted(function, ctx)
            if found is not None and found[1]:
                return f"{found[0]}()"
    return ""


#: a parameter's node type → where its name is: the node itself, its ``name`` field or its first child
_PARAMETER_NAMES = {"identifier": "", "list_splat_pattern": "", "dictionary_splat_pattern": "",
                    "default_parameter": "name", "typed_default_parameter": "name", "typed_parameter": "first"}


def _parameters(ctx: Context, parameters: Node | None) -> tuple[list[tuple[str, str]], dict[str, str]]:
    """``[(rendered, name)]`` with defaults elided as ``=…`` (``*`` and ``/`` too), and the annotated
    parameters' classes by name."""
    out: list[tuple[str, str]] = []
    typed: dict[str, str] = {}
    for child in parameters.named_children if parameters is not None else ():
        kind = child.type
        where = _PARAMETER_NAMES.get(kind)
        if where is None:
            if kind in ("keyword_separator", "positional_separator"):
                out.append(("*", "*") if kind == "keyword_separator" else ("/", "/"))
            continue
        name_node = child if not where else child.named_children[0] if where == "first" else (
            child.child_by_field_name("name"))
        type_node = child.child_by_field_name("type")
        text = ctx.text(name_node)
        rendered = f"{text}: {ctx.squeezed(type_node)}" if type_node is not None else text
        out.append((f"{rendered}=…" if where == "name" else rendered, text.lstrip("*")))
        if type_node is not None and name_node is not None and name_node.type == "identifier":
            found = _type_name(ctx, type_node)  # (not ``*args: int``: that is no annotation of ``args``)
            if found:
                typed[text] = found
    return out, typed


def _type_chains(node: Node) -> list[Node]:
    """The maximal name expressions inside a type annotation."""
    out: list[Node] = []
    stack = [node]
    while stack:
        current = stack.pop()
        if current.type in ("identifier", "attribute"):
            out.append(current)
            continue
        if current.type == "string":  # a forward reference: the names written inside it
            out.append(current)
            continue
        stack.extend(reversed(current.named_children))
    return out


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

ADAPTER = PythonAdapter

__all__ = ["ADAPTER", "PythonAdapter", "module_name"]
