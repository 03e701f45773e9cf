"""Python: the adapter half (the query half is ``python/queries.scm``)."""

from __future__ import annotations

import itertools
import operator
import re
from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING

from codeknit.graph.model import Category, EdgeKind, PropertyValue, Role, Span, SymbolKind
from codeknit.languages.engine import CALLABLE_KINDS, Adapter, Context, ScopeIndex, file_symbol, node_span
from codeknit.languages.python.branches import branch_regions, conditions_at, static_branches
from codeknit.languages.python.branches import warm as warm_branches
from codeknit.languages.python.flow import build_flow, compiled_walk
from codeknit.languages.python.names import (
    CLASS_NAME,
    TYPE_COMMENT,
    annotation_values,
    call_chain,
    cast_type,
    dotted,
    element_chain,
    element_of,
    generic_class,
    position_of,
    text_type_name,
    type_comments,
    type_name,
    type_uses,
    typing_names,
)
from codeknit.languages.python.narrowing import narrowing
from codeknit.languages.python.narrowing import warm as warm_narrowing
from codeknit.languages.records import RawImport, RawRef, RawSymbol
from codeknit.languages.typing_notes import note_narrowing

if TYPE_CHECKING:
    from tree_sitter import Node

_ENUM_BASES = frozenset({"Enum", "IntEnum", "StrEnum", "Flag", "IntFlag", "enum.Enum", "enum.IntEnum",
                         "enum.StrEnum", "enum.Flag", "enum.IntFlag"})
_PROTOCOL_BASES = frozenset({"Protocol", "typing.Protocol", "typing_extensions.Protocol"})
#: the import that makes a bare ``Protocol`` typing's (``from typing import Protocol``, in parentheses too, or
#: ``*``); any other ``Protocol`` (Twisted's ``from twisted.internet.protocol import Protocol``) is a class
_TYPING_PROTOCOL = re.compile(rb"^[ \t]*from[ \t]+typing(?:_extensions)?[ \t]+import[ \t]+"
                              rb"(?:\*|\(?[^()\n;]*\bProtocol\b(?![ \t]+as\b)|\([^()]*\bProtocol\b(?![ \t]+as\b))",
                              re.MULTILINE)


def _typing_protocol(ctx: Context) -> bool:
    """Does the file import ``Protocol`` from ``typing`` (or ``typing_extensions``)? Asked once per file."""
    found = ctx.state.get("python.typing_protocol")
    if found is None:
        found = ctx.state["python.typing_protocol"] = _TYPING_PROTOCOL.search(ctx.source) is not None
    return bool(found)


def _base_name(node: Node) -> Node | None:
    """The class a base-class argument names: ``Base``, ``mod.Base``, or a generic one's (``Box[int]``,
    ``Protocol[T]``); None for anything else (``metaclass=…``, ``*bases``, a call)."""
    if node.type == "subscript":
        value = node.child_by_field_name("value")
        return value if value is not None and value.type in ("identifier", "attribute") else None
    return node if node.type in ("identifier", "attribute") else None
#: decorators that become properties instead of a ``decorators=[…]`` entry
_FLAG_DECORATORS = {
    "staticmethod": "static",
    "classmethod": "classmethod",
    "abstractmethod": "abstract",
    "abc.abstractmethod": "abstract",
}

#: the callables whose first parameter is the instance: ``self.x = …`` in any of them defines a field
_RECEIVING = frozenset({SymbolKind.METHOD, SymbolKind.PROPERTY, SymbolKind.SETTER})

#: the kinds of the definitions a ``def`` or ``class`` of the same name rebinds (``_rebindings``):
#: a kind looked up in a set, not its category read through the enum's property per symbol
_TYPE_KINDS = frozenset(kind for kind in SymbolKind if kind.category is Category.TYPE)
_REBOUND = CALLABLE_KINDS | {SymbolKind.PROPERTY} | _TYPE_KINDS

#: enum members read per definition or use, held here: a read off the enum's class goes through its metaclass
#: (about 900 instructions in Python 3.11, against a global's few)
_FUNCTION, _METHOD, _PROPERTY, _SETTER, _CLASS = (SymbolKind.FUNCTION, SymbolKind.METHOD, SymbolKind.PROPERTY,
                                                  SymbolKind.SETTER, SymbolKind.CLASS)
_FIELD, _CONSTANT = SymbolKind.FIELD, SymbolKind.CONSTANT
_FIRST = operator.itemgetter(0)
_REFERENCES, _READ, _WRITE = EdgeKind.REFERENCES, Role.READ, Role.WRITE

#: a definition's kind by its capture's name (``SymbolKind(kind)`` calls into the enum's machinery per symbol)
_SYMBOL_KINDS = {kind.value: kind for kind in SymbolKind}


def module_name(path: str) -> str:
    """``pkg/sub/mod.py`` → ``pkg.sub.mod``; ``pkg/__init__.py`` → ``pkg``."""
    stem = path.rsplit(".", 1)[0] if "/" not in path.rsplit(".", 1)[-1] else path
    parts = stem.split("/")
    if parts[-1] == "__init__" and len(parts) > 1:
        parts.pop()
    return ".".join(parts)


class PythonAdapter(Adapter):
    language = "python"
    grammars = {"": "python"}

    def warm(self, grammar: str) -> None:
        """Also the two queries of ``finish``'s own passes (narrowing's names a statement binds, the ``if``
        statements of static branches): about 35 ms together, compiled once by the fork server, not per worker;
        and the check of the compiled walk that writes the data-flow facts."""
        super().warm(grammar)
        warm_narrowing()
        warm_branches()
        compiled_walk()

    def module_symbol(self, ctx: Context, root: Node) -> RawSymbol:
        return file_symbol(ctx, root, module_name(ctx.extraction.path), doc=self._docstring(ctx, root))

    def chain(self, ctx: Context, node: Node) -> tuple[str, bool, Node] | None:
        return element_chain(node, ctx)

    #: a name is its own text, and so is ``a.b.c`` written plainly: the engine records such captures itself
    plain_value_types = frozenset({"identifier"})
    plain_chain_types = frozenset({"attribute", "dotted_name"})

    # -- definitions ---------------------------------------------------------------

    def definition(self, ctx: Context, kind: str, node: Node, name: Node | None) -> RawSymbol | None:
        if kind == "lambda":
            return self._lambda(ctx, node)
        if name is None:
            return None
        enclosing = _open_definitions(ctx, node)
        in_class = enclosing is not None and enclosing.type == "class_definition"
        at_module = enclosing is None
        # an assignment anywhere at module level or in a class body (also inside if/try/for/with
        # blocks there) defines a variable or a field; one in a function binds a local (``@local``: half of
        # the definitions the query finds, left before any other work)
        if kind in ("variable", "field") and not (at_module or in_class):
            return None
        # a name bound again in the same module or class body is the same variable: its first binding
        # defines it, an assignment after that writes it (``@reference.write``; ``Task = _CTask`` after
        # ``class Task``, a C version replacing the Python one, writes the class)
        assigned = ctx.state.setdefault("python.assigned", set())
        assert isinstance(assigned, set)
        key = (None if enclosing is None else enclosing.start_byte, ctx.text(name))
        if kind in ("variable", "field"):
            kind = "field" if in_class else "variable"
            if at_module and _module_imports(ctx).get(key[1], node.start_byte) < node.start_byte:
                return None  # (``except ImportError: ssl = None`` writes the imported name)
            if key in assigned and not _branch_definition(ctx, key, node):
                return None
            _bound(ctx, assigned, key, node)
        elif kind in ("function", "class") and (at_module or in_class):
            _bound(ctx, assigned, key, node)
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
        elif kind in ("variable", "field") and node.type != "assignment":
            # (a loop's variable: ``for name, value in pairs:``; the query's other variables are assignments)
            symbol.signature = symbol.name
        elif kind in ("variable", "field"):
            self._assignment(ctx, symbol, node, kind, enclosing)
        elif kind == "type_alias":
            value = node.child_by_field_name("right")
            symbol.signature = f"{symbol.name} = {ctx.squeezed(value)}" if value else symbol.name
        if kind in ("function", "class"):
            _push_definition(ctx, node)
        if at_module:
            symbol.properties = {"exported": not symbol.name.startswith("_"), **symbol.properties}
        elif in_class and symbol.kind is not _CLASS:
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
            kind=_FUNCTION,
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
        decorators = self._decorators(ctx, outer) if outer is not node else []  # (``outer``: the decorated one)
        properties: dict[str, PropertyValue] = {}
        # (``async def``: its first child is the keyword, read off the source where the tree has no syntax error)
        if ctx.source.startswith(b"async", node.start_byte) if _clean_tree(ctx) else (
                node.child_count and node.children[0].type == "async"):
            properties["async"] = True
        rest: list[str] = []
        for decorator in decorators:
            flag = _FLAG_DECORATORS.get(decorator)
            if flag:
                properties[flag] = True
            elif in_class and decorator in ("property", "functools.cached_property", "cached_property"):
                symbol.kind = _PROPERTY
            elif in_class and decorator.endswith(".setter"):
                symbol.kind = _SETTER
            else:
                rest.append(decorator)
        if rest:
            properties["decorators"] = tuple(rest)
        if in_class and symbol.kind is _FUNCTION:
            symbol.kind = _METHOD
        parameters = node.child_by_field_name("parameters")
        _set_header(
            ctx,
            symbol,
            (outer.start_byte, node.start_byte) if outer is not node else None,
            None if parameters is None else (parameters.start_byte, parameters.end_byte),
        )
        params, typed = _parameters(ctx, parameters)
        if typed and any(annotation.rpartition(".")[2] == "Self" for annotation in typed.values()):
            # ``other: Self`` (PEP 673), also in a function nested in a method (``def on_update(self: Self)``): an
            # instance of the innermost class around it, as ``-> Self`` below (outside a class: no type)
            around = _class_around(ctx, outer)
            typed = {name: around if annotation.rpartition(".")[2] == "Self" else annotation
                     for name, annotation in typed.items() if around or annotation.rpartition(".")[2] != "Self"}
        if typed:
            # the scope index this function will get: the engine adds it right after this hook
            ctx.extraction.var_types[len(ctx.extraction.symbols)] = typed
        drop_first = in_class and "static" not in properties
        if drop_first and params:
            symbol.receiver = params[0][1]
            params = params[1:]
        returns = node.child_by_field_name("return_type")
        if returns is not None:
            symbol.declared_type = type_name(ctx, returns)
            annotated = ctx.state.setdefault("python.annotated returns", set())
            assert isinstance(annotated, set)
            annotated.add(len(ctx.extraction.symbols))  # (the scope index this function will get, as above)
            if in_class and symbol.declared_type.rpartition(".")[2] == "Self":
                # ``-> Self`` (PEP 673): an instance of the class the method is called on, named by the class that
                # defines it (a subclass's own members are not found through it; no outside ``typing.Self``)
                symbol.declared_type = _class_name(ctx, outer)
        rendered = ", ".join([text for text, _ in params])
        if symbol.kind is _PROPERTY:
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
        symbol.bases = bases = [ctx.text(base) for base in map(_base_name, listed) if base is not None]
        if any(b in _ENUM_BASES for b in bases):
            symbol.kind = SymbolKind.ENUM
            enums = ctx.state.setdefault("python.enums", set())  # (their fields are members: ``_assignment``)
            assert isinstance(enums, set)
            enums.add(node.start_byte)
        elif any(b in _PROTOCOL_BASES for b in bases) and ("Protocol" not in bases or _typing_protocol(ctx)):
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
            symbol.kind = _CONSTANT
        symbol.signature = _field_signature(ctx, symbol.name, type_node, node)
        right = node.child_by_field_name("right")
        symbol.declared_type = _assigned_type(ctx, type_node, right, node)
        if type_node is None and right is not None and right.type == "call":
            variable = _type_variable(ctx, right)
            if variable:  # (kept where ``finish`` finds the callee to be ``typing``'s: the imports are read later)
                pending = ctx.state.setdefault("python.type variables", [])
                assert isinstance(pending, list)
                pending.append((symbol, ctx.text(right.child_by_field_name("function")), variable))
        if not symbol.declared_type and right is not None:
            found = dotted(right, ctx)
            if found is not None and found[1]:
                symbol.declared_type = f"={found[0]}"  # ``_PyFuture = Future``: what the name holds
            elif right.type == "subscript":
                symbol.declared_type = _union_alias(ctx, right)

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
            type_uses(ctx, node, scope)
            return
        plain = _plain_chain(ctx, node)
        if plain is not None:  # (most references: the name or chain as written, at its last name)
            text, span = plain
            head_known = True
        else:
            # (a call: ``rows[0].render()`` and ``backend().sleep()`` too)
            found = element_chain(node, ctx) if kind == "call" else dotted(node, ctx)
            if kind == "call" and found is not None and not found[1]:
                found = call_chain(node, ctx)
            if found is None:
                return
            text, head_known, last = found
            span = node_span(last)
        if kind == "call":
            # ``super()`` itself is a call of the builtin (recorded, like ``len()``); ``super().m()`` is
            # recorded as a call of ``m`` as well
            if scope > 0 and _in_header(ctx, node, scope):
                # a decorator, a default value or a base-class argument runs in the enclosing scope
                scope = ctx.extraction.symbols[scope].parent
        edge = _EDGES[kind]
        if kind == "decorates":
            # the decorated definition is the innermost symbol starting at this decorator's line
            if text in _FLAG_DECORATORS or text in ("property",) or text.endswith(".setter"):
                return
        ctx.add_ref(scope, edge, text, span, head_known=head_known)

    # -- imports ----------------------------------------------------------------------

    def import_statement(self, ctx: Context, node: Node, scope: int) -> None:
        span = node_span(node)
        imports = ctx.extraction.imports
        listed = [_imported(ctx, child) for child in node.children_by_field_name("name")]  # (``a.b``, ``a as b``)
        if node.type == "import_statement":
            for name, alias, name_node in listed:
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
        names = [(name, name if alias is None else alias) for name, alias, _node in listed]
        name_spans = [node_span(name_node) for _name, _alias, name_node in listed]
        # (``*`` or names: in a tree without syntax errors, a statement that names what it imports has no ``*``)
        star = (not listed or not _clean_tree(ctx)) and any(
            child.type == "wildcard_import" for child in node.named_children)
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
        _header_values(ctx)
        self._local_types(ctx, scopes)
        narrowing(ctx, scopes)
        self._keywords(ctx, scopes)
        self._rebindings(ctx)
        self._dynamic_members(ctx, scopes)
        self._instance_fields(ctx, symbols, scopes)
        static_branches(ctx, symbols)
        _type_variables(ctx)
        self._exports(ctx, symbols)
        self._main_guard(ctx, symbols)
        type_comments(ctx, scopes)

    @staticmethod
    def _rebindings(ctx: Context) -> None:
        """A ``def`` or ``class`` whose name the same body already bound (``@overload`` stubs, ``@x.setter``,
        ``if …: def f`` / ``else: def f``) defines its own symbol and writes the name, as a second
        assignment does: a write at its name, which the resolver gives to the first definition."""
        symbols = ctx.extraction.symbols
        seen: set[tuple[int, str]] = set()
        refs = ctx.extraction.refs
        for index, symbol in enumerate(symbols):
            if not index or symbol.kind not in _REBOUND or symbol.properties.get("lambda"):
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
        (the keyword names a parameter). In a match statement, ``case Point(x=0)`` reads ``Point.x``."""
        refs = ctx.extraction.refs
        scope_of = scopes.sweep()  # (the keywords come in about source order)
        for match in ctx.matches:
            names = match.get("adapter.keyword")
            if not names:
                continue
            name = names[0]
            scope = scope_of(*name.byte_range)
            pattern = match.get("adapter.keyword_class")
            if pattern:  # a match statement's ``case Point(x=0)``: a read of the attribute, on any class
                klass = dotted(pattern[0], ctx)
                if klass is not None:
                    refs.append(RawRef(max(scope, 0), _REFERENCES, f"{klass[0]}.{ctx.text(name)}", node_span(name),
                                       role=_READ))
                continue
            callee_node = match["adapter.keyword_callee"][0]
            plain = _plain_text(ctx, callee_node)
            callee = (plain, True) if plain is not None else dotted(callee_node, ctx)
            if callee is None or not callee[1]:
                continue
            refs.append(RawRef(max(scope, 0), _REFERENCES, f"{callee[0]}({ctx.text(name)}=)", node_span(name),
                               role=_WRITE))

    @staticmethod
    def _dynamic_members(ctx: Context, scopes: ScopeIndex) -> None:
        """``getattr(obj, "as_" + vendor)``: a call of some member of ``obj`` whose name starts with the
        literal (``as_*``), written as that pattern so no definition is claimed. A reader (dead code)
        knows that any member named so may be called. A whole literal name is left to the resolver's
        value rules; a computed name without a literal start says nothing."""
        # (object, the name's literal or None, the local holding it or None) per ``getattr(object, name…)``: the first
        # argument and the one right after it (a comment is one), in the order of the name's start
        calls: list[tuple[int, Node, Node | None, Node | None]] = []
        for match in ctx.matches:
            arguments = match.get("adapter.getattr_arguments")
            parts = arguments[0].named_children if arguments else ()
            if len(parts) < 2:
                continue
            second = parts[1]
            kind = second.type
            if kind == "binary_operator":  # (``"as_" + vendor``: its literal start)
                left = second.child_by_field_name("left")
                if left is not None and left.type == "string":
                    calls.append((left.start_byte, parts[0], left, None))
            elif kind == "string":
                calls.append((second.start_byte, parts[0], second, None))
            elif kind == "identifier":
                calls.append((second.start_byte, parts[0], None, second))
        calls.sort(key=_FIRST)  # (a ``getattr`` in another's object comes first, as the name of each is read)
        for _start, obj, name, local_node in calls:
            if name is not None:
                string = name
                parent = string.parent  # (``"as_" + vendor``: the ``+``)
                operator = parent.child_by_field_name("operator") if parent is not None and \
                    parent.type == "binary_operator" else None
                prefixes = [_literal_prefix(ctx, string, operator)]
            elif local_node is not None:
                string = local_node
                prefixes = _local_name_prefixes(ctx, string)
            else:
                continue
            chain = dotted(obj, ctx)
            receiver = chain[0] if chain is not None and chain[1] else "?"
            scope = scopes.enclosing(string.start_byte, string.end_byte)
            for prefix in dict.fromkeys(prefixes):
                if prefix:
                    ctx.add_ref(max(scope, 0), EdgeKind.CALLS, f"{receiver}.{prefix}*", node_span(string))

    @staticmethod
    def _local_types(ctx: Context, scopes: ScopeIndex) -> None:
        """What a local holds, where its assignments say so: ``x = Foo(…)`` (``Foo()``: what calling
        ``Foo`` gives), ``x: Foo = …``, ``except Foo as x`` or ``for x in items`` (``*items``: an element of
        what ``items`` holds; ``for k, x in d.items()``: ``*d.values()``) or ``x = a.b`` (``=a.b``: what the
        member holds, unless an annotation types ``x``; ``x = y`` and ``x = y or {}``: ``=y``; ``with m as x``: what
        ``m.__enter__()`` returns). A local assigned values of different types is left out. And what a function
        with no return annotation returns, where every ``return`` of it says the same (``_return_verdict``)."""
        symbols = ctx.extraction.symbols
        var_types = ctx.extraction.var_types
        conflicting: set[tuple[int, str]] = set()
        #: the locals that hold a new instance of the method's class (``_new_instance``): their attributes are
        #: its fields (``_instance_fields``)
        new_instances: set[tuple[int, str]] = set()
        caught_in: list[tuple[int, str, Node, str]] = []  # (scope, name, class node, class): ``except C as name``
        # (scope, name, the name's node, what it holds): a loop's or a comprehension's variable
        looped: list[tuple[int, str, Node, str]] = []
        # (scope, name, the name's node, what it holds): a name of a tuple pattern (``a, b = f()``)
        positions: list[tuple[int, str, Node, str]] = []
        # (scope, name, what it holds): a name assigned an element read by a subscript (``row = rows[i]``)
        elements: list[tuple[int, str, str]] = []
        # (scope, name, ``=other``): a name assigned another name (``current = loop``, ``opts = options or {}``)
        named: list[tuple[int, str, str]] = []
        ctx.state["python.new_instances"] = new_instances
        # (a name its annotation types, a parameter's or a variable's: what a member assigned to it holds
        # says nothing more, ``ctx = ctx.parent``)
        annotated = {(scope, name) for scope, typed in var_types.items() for name in typed}
        # (the names of the assignments with an annotation, ``x: Foo = …``, by their bytes: in a tree without syntax
        # errors, each is the target of such a match; else the assignment is asked, found by a walk from the root)
        typed_targets: set[tuple[int, int]] = set()
        clean = _clean_tree(ctx)

        def typed_assignment(target: Node) -> bool:
            if clean:
                return target.byte_range in typed_targets
            return target.parent is not None and target.parent.child_by_field_name("type") is not None
        for match in ctx.matches:  # (and the locals annotated anywhere in their function: ``x: Foo`` then ``x = …``)
            if match.get("adapter.annotation") and (target_nodes := match.get("adapter.target")):
                typed_targets.add(target_nodes[0].byte_range)
                scope = scopes.enclosing(target_nodes[0].start_byte, target_nodes[0].end_byte)
                if scope > 0 and type_name(ctx, match["adapter.annotation"][0]):
                    annotated.add((scope, ctx.text(target_nodes[0])))
        # the names the module binds itself (a ``def``, a class, an assignment, an import): no builtin there
        shadowed = _module_names(ctx)

        def keep(scope: int, name: str, found: str) -> None:
            """``name`` of ``scope`` holds ``found`` here: its type, unless another binding says another."""
            typed = var_types.setdefault(scope, {})
            if (scope, name) in conflicting or not found:
                return
            if typed.get(name, found) != found:
                conflicting.add((scope, name))
                del typed[name]
                return
            typed[name] = found

        # per function with no return annotation: what every ``return`` of it returns, as one type text, or ""
        # where its returns disagree or say nothing (``_return_verdict``); and the generators (``yield``)
        returns: dict[int, str] = {}
        generators: set[int] = set()
        for match in _target_matches(ctx.matches):
            targets = match.get("adapter.target")
            if not targets:
                returned = match.get("adapter.return")
                if returned:
                    _return_verdict(ctx, scopes, returned[0], returns)
                    continue
                yielded = match.get("adapter.yield")
                if yielded:
                    generators.add(scopes.enclosing(yielded[0].start_byte, yielded[0].end_byte))
                    continue
            unpacked = match.get("adapter.unpacked")
            if unpacked:  # ``for a, b in pairs``, ``a, b = f()``: each name a position of the tuple (below)
                positions += _tuple_positions(ctx, scopes, unpacked[0], match["adapter.unpacked_source"][0], shadowed)
                continue
            if not targets:
                pair = match.get("adapter.pair")
                if not pair:
                    continue
                names = pair[0].named_children  # ``for k, v in d.items()``: ``v``
                if len(names) != 2 or names[0].type != "identifier" or names[1].type != "identifier":
                    continue
                targets = [names[1]]
            target = targets[0]
            scope = scopes.enclosing(target.start_byte, target.end_byte)
            if scope <= 0 or symbols[scope].kind not in CALLABLE_KINDS:
                continue
            name = ctx.text(target)
            if ctx.is_global(scope, name):
                continue  # ``global x`` then ``x = f()``: the module's variable, not a local
            annotation = match.get("adapter.annotation")
            callee = match.get("adapter.callee")
            caught = match.get("adapter.caught")
            entered = match.get("adapter.entered")
            iterated_call = match.get("adapter.iterated_call")  # (``for x in f()``: ``f``)
            iterated = match.get("adapter.iterated") or iterated_call
            items = match.get("adapter.items")
            aliased = match.get("adapter.aliased")
            defaulted = match.get("adapter.defaulted")
            if defaulted:  # ``opts = options or {}``: what ``options`` holds (``or`` a literal of no class's own,
                # or a new instance of the class ``options`` is declared with: ``loop = loop or Loop()``)
                left = _defaulted(ctx, defaulted[0], var_types.get(scope, {}))
                if left is None:
                    continue
                aliased = [left]
            subscripted = match.get("adapter.subscripted")
            if subscripted:  # ``row = self.rows[i]``: an element of what the chain holds (a mapping's value; below)
                element = element_of(subscripted[0], ctx)
                annotated_here = typed_assignment(target)
                if element is not None and not annotated_here:
                    elements.append((scope, name, f"*[{element[:-2]}"))
                elif not annotated_here and (position := position_of(subscripted[0], ctx)) is not None:
                    elements.append((scope, name, position))  # ``item = self._body[i][1]``: a position of one
                continue
            if aliased:  # ``config = model.__config__``, ``loop = event_loop``: what that member or name holds
                held = _known_text(ctx, aliased[0])
                if held is None or "(" in held or (scope, name) in annotated:
                    continue
                found = f"={held}"
                if aliased[0].type == "identifier":  # (a name: below, where no other binding says what it holds)
                    if held != name:  # (``x = x``: nothing said)
                        named.append((scope, name, found))
                    continue
            elif items:  # ``for k, v in d.items()``: v is what ``for v in d.values()`` gives
                receiver = items[0].child_by_field_name("object")
                chain = dotted(items[0], ctx) if receiver is not None and receiver.type in (
                    "identifier", "attribute") else None
                if chain is None or not chain[1] or not chain[0].endswith(".items"):
                    continue
                found = f"*{chain[0][:-6]}.values()"
                looped.append((scope, name, target, found))
            elif annotation:
                found = type_name(ctx, annotation[0])
                if found:
                    annotated.add((scope, name))
            elif entered:  # ``with Conn() as c``: what ``Conn().__enter__()`` returns
                found = _entered(ctx, entered[0])
            elif caught:
                found = type_name(ctx, caught[0])
                if found:
                    caught_in.append((scope, name, caught[0], found))
            elif iterated:
                through = _passed_through(ctx, iterated[0].parent, shadowed) if iterated_call else None
                if through is not None:  # ``for x in reversed(xs)``: an element of ``xs``
                    if through[0] not in _ELEMENTS_KEPT or len(through[1]) != 1 or through[1][0] is None:
                        continue
                    found = through[1][0]
                else:
                    held = _known_text(ctx, iterated[0])
                    if held is None:
                        continue
                    found = f"*{held}()" if iterated_call else f"*{held}"  # an element of what it gives
                looped.append((scope, name, target, found))
            elif callee and (cast := cast_type(ctx, callee[0])) is not None:
                # ``x = cast(Foo, value)``: what the cast says, as a type checker reads it (a union, or a type of no
                # one class: what calling ``cast`` gives, which says nothing, and conflicts with another type)
                found = cast or f"{ctx.text(callee[0])}()"
            elif callee:
                found = _new_instance(ctx, callee[0], symbols, scope) or ""
                if found:
                    new_instances.add((scope, name))
                else:
                    found = _class_called(ctx, callee[0], symbols, scope) or ""
                if typed_assignment(target):
                    continue  # ``x: Foo = make()``: the annotation says what x holds (its own match, above)
                if (scope, name) in annotated and callee[0].parent is not None and \
                        callee[0].parent.parent is not None and callee[0].parent.parent.type == "await":
                    continue  # (``x: Foo`` or a parameter's, then ``x = await make()``: what the annotation says)
                if not found:
                    if not _named_chain(callee[0]):
                        continue  # (``{"a": 1}.get(k)``, ``"-".join(parts)``: a method of a literal, no name's)
                    found = f"{ctx.text(callee[0])}()"
            else:
                continue
            keep(scope, name, found)
        for scope, returned_text in returns.items():
            if returned_text.startswith(_RETURNED_LOCAL):  # ``return conn``: what the local holds, where it says so
                held = var_types.get(scope, {}).get(returned_text[1:], "")
                returned_text = held if _PORTABLE_TYPE.fullmatch(held) else ""
            if returned_text and scope not in generators and not symbols[scope].declared_type:
                # a function with no return annotation whose every ``return`` returns one thing a type checker
                # infers: its receiver or ``cls(…)`` (``def __enter__(self): return self``, a builder's ``return
                # self``, an alternative constructor's ``return cls(…)``: an instance of the class, named by the class,
                # as ``-> Self`` is, ``_function``), or a call of one name (``return Conn(…)``: ``Conn()``)
                symbols[scope].declared_type = returned_text
        # a name a tuple pattern binds, or one assigned a subscript's element or another name: its type where no other
        # binding (an annotation, ``x = Foo()``, …) gives one
        # (``process: Process`` then ``process, since = workers.pop()``: a type checker keeps the declared type; the
        # texts of two bindings may differ where their types agree); where the other bindings conflict, the element's
        # inside the loop
        others = {(scope, name) for scope, typed in var_types.items() for name in typed} | conflicting | annotated
        for scope, name, found in elements + named:  # (the same for a subscript's element, another name)
            if (scope, name) not in others:
                keep(scope, name, found)
        for scope, name, target, found in positions:
            loop = found[0] == "*" or (found[0] == "@" and found[found.index(":") + 1] == "*")
            if (scope, name) not in others:
                keep(scope, name, found)
                if loop:
                    looped.append((scope, name, target, found))
            elif loop and (scope, name) in conflicting and (region := _loop_of(target)) is not None:
                note_narrowing(ctx, scope, name, node_span(region), found)
        for scope in [scope for scope, typed in var_types.items() if not typed]:
            del var_types[scope]
        # a name several ``except … as e`` clauses bind to different classes: in each clause, that clause's class
        # (a narrowing of the clause's span: Python unbinds the name when the clause ends)
        for scope, name, caught_node, found in caught_in:
            clause = caught_node.parent.parent if caught_node.parent is not None else None
            if (scope, name) in conflicting and clause is not None and clause.type == "except_clause":
                note_narrowing(ctx, scope, name, node_span(clause), found)
        # a name several loops or comprehensions bind to elements of different types (``for v in validators: …``
        # then ``[v.x for v in d.values()]``): in each loop, and in each comprehension (a scope of its own), the
        # element it binds
        for scope, name, target, found in looped:
            if (scope, name) in conflicting:
                region = _loop_of(target)
                if region is not None:
                    note_narrowing(ctx, scope, name, node_span(region), found)

    def finish_ordered(self, ctx: Context) -> None:
        try:
            ctx.extraction.flow = build_flow(ctx)
        except RecursionError:  # absurdly deep expressions: keep the symbols, analyse calls by name only
            ctx.extraction.flow = None

    def _instance_fields(self, ctx: Context, symbols: list[RawSymbol], scopes: ScopeIndex) -> None:
        """``self.x = …`` in a method defines a field of the class, where ``x`` is first assigned:
        in ``__init__`` if it assigns it there, else in the first method (in source order) that does.

        The assignments come from the query (``@adapter.self_assignment``), each given to the
        innermost scope around it: a method whose receiver it names, or a local it holds a new instance of
        the class in (``instance = super().__new__(cls)``, then ``instance.x = …``: ``_new_instance``). Those
        come after every method's assignments through its receiver, as type checkers declare an attribute
        by ``self.x = …`` only (pyrsistent's ``PythonPVector`` assigns its slots in ``__new__`` and again in
        a method: the method's defines them)."""
        # (scope, 0 through the receiver or 1 through a new instance) → the assignments there
        assigned: dict[tuple[int, int], list[tuple[Node, Node]]] = {}
        new_instances = ctx.state.get("python.new_instances", ())
        assert isinstance(new_instances, (set, tuple))
        for match in ctx.matches:
            members = match.get("adapter.self_member")
            if not members:
                continue
            # (a member of a name: ``self.x``, not ``self.a.x`` or ``rows[0].x``)
            receiver_node = members[0].child_by_field_name("object")
            field = members[0].child_by_field_name("attribute")
            if receiver_node is None or receiver_node.type != "identifier" or field is None or \
                    field.type != "identifier":
                continue
            assignment = match["adapter.self_assignment"][0]
            scope = scopes.enclosing(assignment.start_byte, assignment.end_byte)
            method = symbols[scope]
            if method.kind not in _RECEIVING:
                continue
            receiver = ctx.text(receiver_node)
            if method.receiver == receiver:
                assigned.setdefault((scope, 0), []).append((assignment, field))
            elif (scope, receiver) in new_instances:
                assigned.setdefault((scope, 1), []).append((assignment, field))
        existing_by_class: dict[int, set[str]] = {}
        for index, source in sorted(assigned, key=lambda key: (
                key[1], symbols[key[0]].name != "__init__", symbols[key[0]].start_byte)):
            klass = symbols[index].parent
            existing = existing_by_class.get(klass)
            if existing is None:
                existing = existing_by_class[klass] = {s.name for s in symbols if s.parent == klass}
            parameters = ctx.extraction.var_types.get(index, {})
            for assignment, target in assigned[index, source]:
                name = ctx.text(target)
                if name in existing:
                    continue
                existing.add(name)
                type_node = assignment.child_by_field_name("type")
                right = assignment.child_by_field_name("right")
                left = assignment.child_by_field_name("left")
                if left is None or left.type != "attribute":  # (else it is the target's: the query says so)
                    right = None  # (``self.a, self.b = f()``: each is one part of what ``f`` returns)
                declared = _assigned_type(ctx, type_node, right, assignment)
                if not declared and right is not None and right.type == "boolean_operator":
                    right = _defaulted(ctx, right)  # ``self.items = items or []``: what ``items`` holds
                if not declared and right is not None and right.type == "identifier":
                    declared = parameters.get(ctx.text(right), "")  # ``self.loop = loop`` with ``loop: Loop``
                elif declared.startswith(receiver_dot := f"{symbols[index].receiver}."):
                    # ``self._local = self._Local()``: a member of the class (a nested class, a factory method),
                    # named through the class, as the type is read from the class's scope, where no ``self`` is
                    declared = f"{symbols[klass].name}.{declared[len(receiver_dot):]}"
                field_symbol = RawSymbol(
                    name=name,
                    kind=_FIELD,
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

    @staticmethod
    def _main_guard(ctx: Context, symbols: list[RawSymbol]) -> None:
        """``if __name__ == "__main__":`` at the top level: the module runs as a program (``python -m mod``,
        ``python mod.py``), which no import shows; its module symbol gets ``script`` (no orphan module)."""
        if ctx.root is None or not symbols or symbols[0].kind is not SymbolKind.MODULE:
            return
        for node in ctx.root.children:
            if node.type != "if_statement":
                continue
            condition = node.child_by_field_name("condition")
            if condition is None or condition.type != "comparison_operator" or len(condition.named_children) != 2:
                continue
            if "".join(ctx.text(condition).replace("'", '"').split()) in _MAIN_GUARDS:
                symbols[0].properties["script"] = True
                return

    @staticmethod
    def _exports(ctx: Context, symbols: list[RawSymbol]) -> None:
        """``__all__ = [...]`` decides what a module exports (its first ``__all__`` at the top level)."""
        symbol = next((s for s in symbols if s.name == "__all__" and s.parent == 0), None)
        if symbol is None or ctx.root is None:
            return
        node = ctx.root.descendant_for_byte_range(symbol.start_byte, symbol.end_byte)
        while node is not None and node.type != "assignment":
            node = node.parent
        listed = node.child_by_field_name("right") if node is not None else None
        if listed is None or listed.type not in ("list", "tuple"):  # (``__all__ = names()``: not known)
            return
        names = tuple(ctx.text(s)[1:-1] for s in listed.named_children if s.type == "string" and len(ctx.text(s)) >= 2)
        ctx.extraction.exports = names
        exported = set(names)
        for other in symbols:
            if other.parent == 0 and "exported" in other.properties:
                other.properties["exported"] = other.name in exported


#: the condition of a main guard, spaces left out and quotes made double
_MAIN_GUARDS = frozenset({'__name__=="__main__"', '"__main__"==__name__'})

_EDGES = {"call": EdgeKind.CALLS, "inherits": EdgeKind.INHERITS, "decorates": EdgeKind.DECORATES}


#: a name or a member chain of names written plainly, in ASCII (``self.items.append``)
_PLAIN_NAMES = re.compile(r"[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*")
#: the keywords whose text reads as a name (``None.__class__``: no name's member)
_CONSTANT_HEADS = frozenset({"True", "False", "None"})


def _clean_tree(ctx: Context) -> bool:
    """Has the file's tree no syntax error (no ``ERROR`` or missing node)? Asked once per file."""
    clean = ctx.state.get("python.clean")
    if clean is None:
        clean = ctx.state["python.clean"] = ctx.root is not None and not ctx.root.has_error
    return bool(clean)


def _plain_text(ctx: Context, node: Node) -> str | None:
    """The text of a name, or of a member chain written plainly in a file without syntax errors (there, such text
    is a chain of names: what :func:`dotted` reads node by node, with a known head); None for anything else."""
    kind = node.type
    if kind == "identifier":
        return ctx.text(node)
    if kind != "attribute":
        return None
    if not _clean_tree(ctx):
        return None
    text = ctx.text(node)
    if _PLAIN_NAMES.fullmatch(text) is None or text.partition(".")[0] in _CONSTANT_HEADS:
        return None
    return text


def _plain_chain(ctx: Context, node: Node) -> tuple[str, Span] | None:
    """``(text, span of the last name)`` of a name or a plain member chain (:func:`_plain_text`); else None."""
    text = _plain_text(ctx, node)
    if text is None:
        return None
    if "." not in text:  # (a name)
        return text, node_span(node)
    end = node.end_byte
    return text, ctx.span_at(end - len(text) + text.rfind(".") + 1, end)  # (ASCII: a character is a byte)


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


#: the node types a name or member chain is written with, and those of a tuple pattern
_NAMED = ("identifier", "attribute")
_TUPLES = ("pattern_list", "tuple_pattern")


def _target_matches(matches: list[dict[str, list[Node]]]) -> Iterator[dict[str, list[Node]]]:
    """The matches, with each of an assignment's or a loop's (``@adapter.assigned``, ``@adapter.loop_source``: its
    target and its value) as the captures of the forms ``_local_types`` reads: ``@adapter.callee`` (``x = f()``,
    ``x = await f()``), ``@adapter.aliased``, ``@adapter.defaulted``, ``@adapter.subscripted``, ``@adapter.iterated``
    or ``@adapter.iterated_call``, ``@adapter.pair`` and ``@adapter.unpacked`` (none for any other form), in the
    order a pattern per form gave them. (The query has one pattern per statement: cheaper to compile.)"""
    for match in matches:
        value = match.get("adapter.assigned")
        source = match.get("adapter.loop_source")
        if value:
            left, right = match["adapter.assigned_target"][0], value[0]
        elif source:
            left, right = match["adapter.loop_target"][0], source[0]
        elif alias := match.get("adapter.alias"):
            yield from _alias_matches(alias[0], match["adapter.alias_name"][0])
            continue
        else:
            yield match
            continue
        left_type, right_type = left.type, right.type
        function = right.child_by_field_name("function") if right_type == "call" else None
        called = function if function is not None and function.type in _NAMED else None  # (``f(…)``, ``a.b(…)``)
        if value and left_type == "identifier":
            if called is not None:
                yield {"adapter.target": [left], "adapter.callee": [called]}
            elif right_type == "await":  # (``await f(…)``)
                for inner in right.named_children:
                    callee = inner.child_by_field_name("function") if inner.type == "call" else None
                    if callee is not None and callee.type in _NAMED:
                        yield {"adapter.target": [left], "adapter.callee": [callee]}
            elif right_type in _NAMED:
                yield {"adapter.target": [left], "adapter.aliased": [right]}
            elif right_type == "boolean_operator":
                yield {"adapter.target": [left], "adapter.defaulted": [right]}
            elif right_type == "subscript":
                yield {"adapter.target": [left], "adapter.subscripted": [right]}
        elif value:
            if left_type in _TUPLES and (called is not None or right_type in _NAMED or right_type == "expression_list"):
                yield {"adapter.unpacked": [left], "adapter.unpacked_source": [right]}
        else:
            if left_type == "identifier" and right_type in _NAMED:
                yield {"adapter.target": [left], "adapter.iterated": [right]}
            elif left_type == "identifier" and called is not None:
                yield {"adapter.target": [left], "adapter.iterated_call": [called]}
            if left_type == "pattern_list" and function is not None and function.type == "attribute":
                yield {"adapter.pair": [left], "adapter.items": [function]}
            if left_type in _TUPLES and (called is not None or right_type in _NAMED):
                yield {"adapter.unpacked": [left], "adapter.unpacked_source": [right]}


def _alias_matches(alias: Node, name: Node) -> Iterator[dict[str, list[Node]]]:
    """The captures of ``with m as name`` (``@adapter.entered``: ``m``, a call of a name or chain, a name or a chain)
    and of ``except C as name`` (``@adapter.caught``: ``C``, a name or a chain) for the name of an ``as``
    (``alias``: its ``as_pattern_target``); none for any other."""
    pattern = alias.parent
    owner = pattern.parent if pattern is not None and pattern.type == "as_pattern" else None
    if owner is None or pattern is None or pattern.child_by_field_name("alias") != alias:
        return
    if owner.type == "with_item" and owner.child_by_field_name("value") == pattern:
        for child in pattern.named_children:
            if child == alias:
                break
            function = child.child_by_field_name("function") if child.type == "call" else None
            if child.type in _NAMED or (function is not None and function.type in _NAMED):
                yield {"adapter.entered": [child], "adapter.target": [name]}
    elif owner.type == "except_clause":
        for child in pattern.named_children:
            if child == alias:
                break
            if child.type in _NAMED:
                yield {"adapter.caught": [child], "adapter.target": [name]}


def _new_instance(ctx: Context, callee: Node, symbols: list[RawSymbol], scope: int) -> str | None:
    """``Owner()`` for ``super().__new__(cls)`` or ``object.__new__(cls, …)`` in a method of the class ``Owner``
    whose receiver is ``cls`` (``__new__``, a class method): a new instance of the class (of a subclass, where
    ``cls`` is one: its own ancestry still has the members read here); None for any other call."""
    if callee.type != "attribute":
        return None
    name = callee.child_by_field_name("attribute")
    if name is None or ctx.text(name) != "__new__":
        return None  # (before the call is looked up: a parent is found by a walk down from the root)
    call = callee.parent
    arguments = call.child_by_field_name("arguments") if call is not None else None
    if arguments is None or not arguments.named_children:
        return None
    first = arguments.named_children[0]
    method = symbols[scope]
    owner = symbols[method.parent] if method.parent > 0 else None
    if first.type != "identifier" or method.receiver is None or ctx.text(first) != method.receiver or \
            owner is None or owner.kind is not _CLASS:
        return None
    return f"{owner.name}()"


def _class_called(ctx: Context, callee: Node, symbols: list[RawSymbol], scope: int) -> str | None:
    """``Owner()`` for ``cls(…)`` in a class method (or ``__new__``) of the class ``Owner`` whose receiver is
    ``cls``: an instance of the class (of a subclass, where ``cls`` is one: its ancestry still has the members
    read here; pyright reads it as ``Self``), a class of the module's top level; None for any other call."""
    if callee.type != "identifier":
        return None
    method = symbols[scope]
    owner = symbols[method.parent] if method.parent > 0 else None
    if method.receiver is None or ctx.text(callee) != method.receiver or owner is None or \
            owner.kind is not _CLASS or owner.parent != 0 or \
            ("classmethod" not in method.properties and method.name != "__new__"):
        return None  # (a nested class's name is not what the method's scope names it by)
    return f"{owner.name}()"


def _module_imports(ctx: Context) -> dict[str, int]:
    """The names import statements bind at module level (in ``if``/``try`` blocks too), each with the start
    byte of its first such import, found once per file by a walk over statements that enters no function or
    class. An assignment after the import writes the imported name (``except ImportError: ssl = None``); one
    before defines a variable that the import may replace (``_tasks = WeakSet()``, then ``try: from _asyncio
    import _tasks``: the Python version first, the compiled one if there is one)."""
    found = ctx.state.get("python.module_imports")
    if isinstance(found, dict):
        return found
    names: dict[str, int] = {}
    assert ctx.root is not None
    pending = list(ctx.root.children)
    while pending:
        node = pending.pop()
        kind = node.type
        if kind in ("import_statement", "import_from_statement"):
            # (``import a.b`` binds ``a``; ``from m import a`` binds ``a``)
            for child in node.children_by_field_name("name"):
                name, alias, _node = _imported(ctx, child)
                bound = (name if alias is None else alias).partition(".")[0]
                if node.start_byte < names.get(bound, node.end_byte):
                    names[bound] = node.start_byte
        elif kind in _COMPOUND:
            pending.extend(node.children)
    ctx.state["python.module_imports"] = names
    return names


def _imported(ctx: Context, child: Node) -> tuple[str, str | None, Node]:
    """``(name, alias, the name's node)`` of ``a.b`` (no alias) or ``a.b as c`` in an import."""
    if child.type != "aliased_import":
        return ctx.text(child), None, child
    name = child.child_by_field_name("name")
    return ctx.text(name), ctx.text(child.child_by_field_name("alias")), name or child


#: a member chain written plainly (no spaces, comments, calls or subscripts), read off its text
_NAME_START = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


#: where a local's value is written, for :func:`_local_name_prefixes`: what ends a search up the tree
_NAME_SCOPES = frozenset({"function_definition", "lambda", "class_definition", "module"})
#: the nodes an assignment or a ``for`` statement may be found in, in a tree without syntax errors: the statements
#: that hold blocks, and an assignment (``a = b = …``); :func:`_local_name_prefixes` enters no other
_HOLDING_STATEMENTS = _COMPOUND | {"expression_statement", "assignment"}


def _local_name_prefixes(ctx: Context, name: Node) -> list[str]:
    """The member names a local handed to ``getattr`` may hold, as prefixes: what the function around it assigns
    the local (``meth = "visit_" + kind``: ``visit_``; ``name = "_only"``: ``_only``) or loops it over
    (``for name in ("_a", "_b")``, or over a local assigned such a list). A value of any other shape says
    nothing of the name, and leaves it out; a whole literal is a prefix too (``_only`` spares ``_only_x`` as well:
    only "possibly used" is read from these)."""
    local = ctx.text(name)
    scope = name.parent
    while scope is not None and scope.type not in _NAME_SCOPES:
        scope = scope.parent
    if scope is None:
        return []
    assigned: dict[str, list[Node]] = {}  # (a name → the values the function assigns it)
    looped: list[Node] = []  # (what ``for <local> in …`` iterates)
    clean = _clean_tree(ctx)
    pending = list(scope.children)
    while pending:
        node = pending.pop()
        kind = node.type
        if kind in _NAME_SCOPES:
            continue  # (a nested function's or class's own locals)
        if kind == "assignment":
            left, right = node.child_by_field_name("left"), node.child_by_field_name("right")
            if left is not None and right is not None and left.type == "identifier":
                assigned.setdefault(ctx.text(left), []).append(right)
        elif kind == "for_statement":
            left, right = node.child_by_field_name("left"), node.child_by_field_name("right")
            if left is not None and right is not None and left.type == "identifier" and ctx.text(left) == local:
                looped.append(right)
        if kind in _HOLDING_STATEMENTS or not clean:  # (an expression holds no statement: not walked)
            pending.extend(node.children)
    values = list(assigned.get(local, ()))
    for iterated in looped:
        sources = assigned.get(ctx.text(iterated), ()) if iterated.type == "identifier" else (iterated,)
        for source in sources:
            if source.type in ("tuple", "list", "set"):
                values.extend(source.named_children)
    prefixes: list[str] = []
    for value in values:
        if value.type == "string":
            prefix = _literal_prefix(ctx, value, None)
            if not prefix and not any(c.type == "interpolation" for c in value.named_children):
                text = "".join(ctx.text(c) for c in value.named_children if c.type == "string_content")
                whole = _NAME_START.fullmatch(text)
                prefix = text if whole is not None and text.strip("_") else ""
            prefixes.append(prefix)
        elif value.type == "binary_operator":
            left = value.child_by_field_name("left")
            if left is not None and left.type == "string":
                prefixes.append(_literal_prefix(ctx, left, value.child_by_field_name("operator")))
    return prefixes


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
    headers[id(symbol)] = tuple([r for r in ranges if r is not None])


def _header_values(ctx: Context) -> None:
    """A decorator, a default value, an annotation or a base class is evaluated in the scope around the definition
    it is written in: a value use in a definition's header belongs to that definition's parent. The engine gives
    each use the innermost definition around it, in its compiled loop (a scope function of the adapter's own would
    be called back per use, most of a file's); the uses in headers are moved here, before any is read. A name in a
    string annotation keeps the scope its type use has (:func:`names.annotation_values`)."""
    headers = ctx.state.get("python.headers")
    values = ctx.values
    if not isinstance(headers, dict) or not headers or not values:
        return
    span_at = ctx.span_at
    symbols = ctx.extraction.symbols
    # per symbol with a header: the spans of its ranges (in source order), where the last ends, and its parent; and
    # the lines the headers are on
    owned: dict[int, tuple[list[Span], tuple[int, ...], int]] = {}
    lines: set[int] = set()
    found: list[tuple[tuple[int, int], ...] | None] = list(map(headers.get, map(id, symbols)))  # (looked up in C)
    for index in itertools.compress(range(len(found)), found):
        if index:
            spans = [span_at(first, last) for first, last in found[index] or ()]
            owned[index] = (spans, spans[-1][2:], symbols[index].parent)
            for span in spans:
                lines.update(range(span[0], span[2] + 1))
    get = owned.get
    annotated = annotation_values(ctx)
    moved: list[tuple[Span, int]] = []
    # (only the uses on a header's lines are read in Python: the others are passed over in C)
    for span in list(itertools.compress(values, map(lines.__contains__, map(_FIRST, values)))):
        value = values[span]
        header = get(value[1])
        if header is not None and span < header[1]:  # (a span before a 2-tuple: its start is before that point)
            for first in header[0]:
                if first[:2] <= span[:2] and span[2:] <= first[2:] and span not in annotated:
                    moved.append((span, header[2]))
                    break
    for span, parent in moved:
        text, _scope, role, known = values[span]
        values[span] = (text, parent, role, known)


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
    start, end = node.byte_range
    if start > ranges[-1][1]:  # (after the header, in the body: most uses)
        return False
    for first, last in ranges:
        if first <= start and end <= last:
            return True
    return False


def _member_visibility(name: str) -> str | None:
    if name.startswith("__") and not name.endswith("__"):
        return "private"
    if name.startswith("_") and not name.startswith("__"):
        return "protected"
    return None


def _field_signature(ctx: Context, name: str, annotation: Node | None, assignment: Node) -> str:
    """``name: T`` for a variable or field with a declared type, from its annotation or, as PEP 484 allows
    and type checkers read it, from a ``# type: T`` comment ending the assignment's line; else the name.
    (A declared type is what makes ``self.x = …`` in a subclass a write of the ancestor's ``x``.)"""
    if annotation is not None:
        return f"{name}: {ctx.squeezed(annotation)}"
    comment = _type_comment(ctx, assignment)
    return name if comment is None else f"{name}: {comment}"


#: marks a function's return text that names a local of it (``return conn``), read once the locals are typed
_RETURNED_LOCAL = "\0"
#: a local's type text that reads the same from the function's outside (a class, ``Conn()``), not its other names
_PORTABLE_TYPE = re.compile(r"[A-Za-z_][\w.]*(\(\))?")

#: the literals a name's value may be defaulted to with ``or`` and keep its type (an empty collection, ``None``…)
_DEFAULTS = frozenset({"dictionary", "list", "tuple", "set", "string", "integer", "float", "true", "false", "none"})


def _return_verdict(ctx: Context, scopes: ScopeIndex, statement: Node, verdicts: dict[int, str]) -> None:
    """Record in ``verdicts`` what the ``return`` statement returns, as the type text of the function it is in
    (one with no return annotation): its class's name for the receiver of a method (``return self``) or for
    ``cls(…)`` in a classmethod, ``name()`` for a call of a name chain (``return Conn(…)``); "" where a return
    of the function returns anything else, or another text. A bare ``return`` and ``return None`` say nothing."""
    scope = scopes.enclosing(statement.start_byte, statement.end_byte)
    if scope <= 0 or verdicts.get(scope) == "":
        return
    symbols = ctx.extraction.symbols
    raw = symbols[scope]
    annotated = ctx.state.get("python.annotated returns", set())
    assert isinstance(annotated, set)
    if (raw.kind not in CALLABLE_KINDS and raw.kind is not _PROPERTY) or scope in annotated:
        verdicts[scope] = ""  # (a property's getter returns what reading it gives)
        return
    values = [c for c in statement.named_children if c.type != "comment"]
    if not values or (len(values) == 1 and values[0].type == "none"):
        return  # (``return``: None, which a type checker's Optional lets be read as the other returns)
    text = ""
    value = values[0]
    kind = value.type
    in_class = raw.parent > 0 and symbols[raw.parent].kind in _TYPE_KINDS
    receiver = raw.receiver if in_class and "static" not in raw.properties else None
    if len(values) == 1 and receiver is not None:
        if "classmethod" in raw.properties:  # ``return cls(…)``: an instance of the class
            function = value.child_by_field_name("function") if kind == "call" else None
            if function is not None and function.type == "identifier" and ctx.text(function) == receiver:
                text = symbols[raw.parent].name
        elif kind == "identifier" and ctx.text(value) == receiver:  # ``return self``
            text = symbols[raw.parent].name
    if not text and len(values) == 1 and kind == "call":
        called = _named_text(ctx, value.child_by_field_name("function"))
        if called is not None and called != receiver:
            text = f"{called}()"
    elif not text and len(values) == 1 and kind == "identifier" and ctx.text(value) != receiver:
        text = f"{_RETURNED_LOCAL}{ctx.text(value)}"  # (``conn = Conn(); return conn``: what the local holds, below)
    elif not text and len(values) == 1 and kind == "attribute":
        # ``return self._src.current``: what that attribute holds, read inside the function (``%``: the resolver's
        # ``Types.declared_at``), where its receiver, parameters and locals are seen
        found = _named_text(ctx, value)
        if found is not None:
            text = f"%={found}"
    verdicts[scope] = text if verdicts.get(scope, text) == text else ""


def _known_text(ctx: Context, node: Node) -> str | None:
    """The text of a name or member chain whose head is known (:func:`dotted`), read off the source where it is
    written plainly (:func:`_plain_text`); None for anything else."""
    plain = _plain_text(ctx, node)
    if plain is not None:
        return plain
    found = dotted(node, ctx)
    return found[0] if found is not None and found[1] else None


def _named_text(ctx: Context, node: Node | None) -> str | None:
    """The text of a name chain that starts from a name (:func:`_named_chain`) with a known head (:func:`dotted`),
    read off the source where it is written plainly (:func:`_plain_text`); None for anything else."""
    if node is None:
        return None
    plain = _plain_text(ctx, node)
    if plain is not None:
        return plain
    found = dotted(node, ctx) if _named_chain(node) else None
    return found[0] if found is not None and found[1] else None


def _named_chain(node: Node) -> bool:
    """Does the callee start from a name (``make``, ``self.pool.acquire``, ``Conn().again``), not from a literal
    or another expression (``{"a": 1}.get``, ``"-".join``, ``(a or b).c``)?"""
    while node.type in ("attribute", "call"):
        inner = node.child_by_field_name("object" if node.type == "attribute" else "function")
        if inner is None:
            return False
        node = inner
    return node.type == "identifier"


def _bound(ctx: Context, assigned: set[tuple[int | None, str]], key: tuple[int | None, str], node: Node) -> None:
    """Note that the body binds the name (``key``) at ``node``, and, at its first binding, under which conditions a
    type checker decides (``_branch_definition``)."""
    if key in assigned:
        return
    assigned.add(key)
    if branch_regions(ctx):
        defined = ctx.state.setdefault("python.branch definitions", {})
        assert isinstance(defined, dict)
        defined[key] = {conditions_at(ctx, node.start_byte)}


def _branch_definition(ctx: Context, key: tuple[int | None, str], node: Node) -> bool:
    """Is this assignment of a name the body bound before (``key``) a definition of its own: one in a branch a type
    checker decides (``if sys.version_info < (3, 10): A = …`` / ``else: A = …``, ``if TYPE_CHECKING:``), where
    every earlier definition of the name is in such a branch too, under other conditions? Then each branch
    defines the name, as each ``def`` of ``if …: def f`` / ``else: def f`` does, and the resolver prefers the
    definition whose branch a checker takes (``PythonRules.prefer_targets``); else it writes the name."""
    defined = ctx.state.get("python.branch definitions")
    earlier = defined.get(key) if isinstance(defined, dict) else None
    if earlier is None:  # (no branch a checker decides in the file)
        return False
    conditions = conditions_at(ctx, node.start_byte)
    if not conditions or () in earlier or conditions in earlier:
        return False
    earlier.add(conditions)
    return True


def _class_around(ctx: Context, node: Node) -> str:
    """The name of the innermost class whose body holds ``node`` ("" outside every class)."""
    current = node.parent
    while current is not None:
        if current.type == "class_definition":
            name = current.child_by_field_name("name")
            return ctx.text(name) if name is not None else ""
        current = current.parent
    return ""


def _class_name(ctx: Context, definition: Node) -> str:
    """The name of the class whose body holds ``definition`` (a method, or its decorated definition)."""
    body = definition.parent
    klass = body.parent if body is not None else None
    name = klass.child_by_field_name("name") if klass is not None and klass.type == "class_definition" else None
    return ctx.text(name) if name is not None else ""


def _entered(ctx: Context, manager: Node) -> str:
    """What a ``with`` statement binds to its ``as`` name, as a type text: what the manager's ``__enter__``
    returns (``__aenter__`` in ``async with``): ``Conn().__enter__()`` for ``with Conn() as c``,
    ``self.lock.__enter__()`` for ``with self.lock as held``; "" where the manager is no name, chain or call of
    one."""
    call = manager.type == "call"
    named = manager.child_by_field_name("function") if call else manager
    found = dotted(named, ctx) if named is not None else None
    if found is None or not found[1] or "(" in found[0]:
        return ""
    statement = manager.parent
    while statement is not None and statement.type != "with_statement":
        statement = statement.parent
    asynchronous = statement is not None and any(child.type == "async" for child in statement.children)
    return f"{found[0]}{'()' if call else ''}.{'__aenter__' if asynchronous else '__enter__'}()"


def _defaulted(ctx: Context, expression: Node, declared: Mapping[str, str] | None = None) -> Node | None:
    """The name of ``name or <literal>`` (``class_validators or {}``: a type checker reads it as what the name
    holds, without ``None``), and of ``name or Cls(…)`` where ``declared`` (the names typed where they are
    declared: parameters) says ``name`` is a ``Cls``; None for any other expression."""
    operator = expression.child_by_field_name("operator")
    left, right = expression.child_by_field_name("left"), expression.child_by_field_name("right")
    if operator is None or operator.type != "or" or left is None or right is None or left.type != "identifier":
        return None
    if right.type in _DEFAULTS:
        return left
    if right.type == "call" and declared:
        held = declared.get(ctx.text(left))
        function = right.child_by_field_name("function")
        return left if held and function is not None and ctx.text(function) == held else None
    return None


def _type_comment(ctx: Context, assignment: Node) -> str | None:
    """The text of a ``# type: T`` comment ending the assignment's line (PEP 484), spaces squeezed; None
    without one."""
    source = ctx.source
    end = source.find(b"\n", assignment.end_byte)
    found = TYPE_COMMENT.match(source, assignment.end_byte, len(source) if end == -1 else end)
    return None if found is None else " ".join(found.group(1).decode(errors="replace").split())


def _type_variables(ctx: Context) -> None:
    """The module's and classes' type variables (``_type_variable``, found while the symbols are made): each whose
    callee is ``typing``'s ``TypeVar`` by the file's imports, as the points-to analysis reads it, holds what its
    bound admits; one of a function of the project's so named keeps what the call gives."""
    pending = ctx.state.get("python.type variables")
    if not isinstance(pending, list):
        return
    names = typing_names(ctx, "TypeVar")
    for symbol, callee, variable in pending:
        if callee in names:
            symbol.declared_type = variable


def _type_variable(ctx: Context, call: Node) -> str:
    """What an annotation naming a type variable admits, for ``T = TypeVar("T", bound=Base)`` (also
    ``typing.TypeVar``, ``typing_extensions.TypeVar``): ``=Base``, as an alias of the bound
    (an instance of it or of a subclass); for ``TypeVar("T", A, B)`` one of its constraints, ``=A|=B``, as a union
    alias. "" for any other call, a type variable without a bound or constraints, or one whose bound is no one
    class (``bound=Type[Base]``, a union) or a string (the points-to analysis, which answers the calls on such a
    value, reads the bound as it reads any argument, where a string names nothing)."""
    function = call.child_by_field_name("function")
    found = dotted(function, ctx) if function is not None else None
    if found is None or not found[1] or found[0].rpartition(".")[2] != "TypeVar":
        return ""
    arguments = call.child_by_field_name("arguments")
    given = [a for a in arguments.named_children if a.type != "comment"] if arguments is not None else []
    constraints: list[str] = []
    for argument in given[1:]:
        if argument.type == "keyword_argument":
            key = argument.child_by_field_name("name")
            if key is not None and ctx.text(key) == "bound":
                value = argument.child_by_field_name("value")
                # (not a string: the points-to analysis, which answers the calls, does not read one there)
                bound = type_name(ctx, value) if value is not None and value.type != "string" else ""
                return f"={bound}" if bound and CLASS_NAME.fullmatch(bound) else ""
            continue
        constraint = type_name(ctx, argument) if argument.type != "string" else ""
        if not constraint or not CLASS_NAME.fullmatch(constraint):
            return ""
        constraints.append(f"={constraint}")
    return "|".join(constraints)


def _union_alias(ctx: Context, value: Node) -> str:
    """What a type alias of a union holds (``AnyStream = Union[A, Stream[bytes]]``, ``Maybe = Optional[A]``): one
    of the classes it names, written ``=A|=Stream`` (``None`` left out); "" for any other subscript, or a union
    with a part that is no (generic) class name."""
    head = value.child_by_field_name("value")
    found = dotted(head, ctx) if head is not None else None
    if found is None or not found[1] or found[0].rsplit(".", 1)[-1] not in ("Union", "Optional"):
        return ""
    names: list[str] = []
    for part in value.named_children[1:]:
        if part.type == "none" or part.type == "comment":
            continue
        if part.type == "subscript":  # a generic class given its type arguments: that class
            name = generic_class(ctx, part)
        else:
            named = dotted(part, ctx) if part.type in ("identifier", "attribute") else None
            name = named[0] if named is not None and named[1] else ""
        if not name:
            return ""
        names.append(f"={name}")
    return "|".join(names)


def _assigned_type(ctx: Context, annotation: Node | None, value: Node | None, assignment: Node) -> str:
    """What an assignment's target holds: its annotation's class, else its type comment's (``opts = None  #
    type: SchemaOpts``, as a type checker reads one), else ``Foo()`` for ``= Foo(…)`` (and ``= await Foo(…)``)."""
    if annotation is not None:
        return type_name(ctx, annotation)
    comment = _type_comment(ctx, assignment)
    if comment is not None:
        return text_type_name(comment)
    if value is not None and value.type == "await" and value.named_child_count == 1:
        value = value.named_children[0]  # ``self.conn = await connect()``: what the coroutine returns
    if value is not None and value.type == "call":
        function = value.child_by_field_name("function")
        if function is not None:
            found = dotted(function, ctx)
            if found is not None and found[1]:
                return f"{found[0]}()"
    return ""


#: a parameter's node type → where its name is: the node itself, its ``name`` field or its first child
_PARAMETER_NAMES = {"identifier": "", "list_splat_pattern": "", "dictionary_splat_pattern": "",
                    "default_parameter": "name", "typed_default_parameter": "name", "typed_parameter": "first"}


#: a parameter list of names alone (``*args``, ``**kwargs``, the ``*`` and ``/`` separators too: no annotation, default
#: or comment), in ASCII
_PLAIN_PARAMETERS = re.compile(r"\(\s*(?:(?:(?:\*{1,2})?[A-Za-z_]\w*|[*/])(?:\s*,\s*(?:(?:\*{1,2})?[A-Za-z_]\w*|[*/]))*"
                               r"\s*,?\s*)?\)", re.ASCII)


def _parameters(ctx: Context, parameters: Node | None) -> tuple[list[tuple[str, str]], dict[str, str]]:
    """``[(rendered, name)]`` with defaults elided as ``=…`` (``*`` and ``/`` too), and the annotated
    parameters' classes by name."""
    if parameters is not None and _clean_tree(ctx):
        text = ctx.text(parameters)
        if _PLAIN_PARAMETERS.fullmatch(text):  # (names alone, ``(self, request, *args, **kwargs)``: read off the text)
            names = [part.strip() for part in text[1:-1].split(",")]
            return [(name, name) if name in ("*", "/") else (name, name.lstrip("*")) for name in names if name], {}
    out: list[tuple[str, str]] = []
    typed: dict[str, str] = {}
    for child in parameters.named_children if parameters is not None else ():
        kind = child.type
        where = _PARAMETER_NAMES.get(kind)
        if where is None:
            if kind in ("keyword_separator", "positional_separator"):
                out.append(("*", "*") if kind == "keyword_separator" else ("/", "/"))
            continue
        if not where:  # (a plain name, ``*args``, ``**kwargs``: no annotation, no default)
            text = ctx.text(child)
            out.append((text, text.lstrip("*")))
            continue
        name_node = child.named_children[0] if where == "first" else child.child_by_field_name("name")
        type_node = child.child_by_field_name("type") if kind != "default_parameter" else None  # (it has none)
        text = ctx.text(name_node)
        rendered = f"{text}: {ctx.squeezed(type_node)}" if type_node is not None else text
        out.append((f"{rendered}=…" if where == "name" else rendered, text.lstrip("*")))
        if type_node is not None and name_node is not None and name_node.type == "identifier":
            found = type_name(ctx, type_node)  # (not ``*args: int``: that is no annotation of ``args``)
            if found:
                typed[text] = found
    return out, typed


ADAPTER = PythonAdapter


#: the nodes that bind a loop's variable: a ``for`` statement, or a comprehension's ``for … in`` clause
_LOOPS = frozenset({"for_statement", "for_in_clause"})
_COMPREHENSIONS = frozenset({"list_comprehension", "set_comprehension", "dictionary_comprehension",
                             "generator_expression"})


def _tuple_positions(ctx: Context, scopes: ScopeIndex, pattern: Node, source: Node,
                     shadowed: frozenset[str]) -> list[tuple[int, str, Node, str]]:
    """``(scope, name, node, type text)`` of each plain name a tuple pattern binds in a callable: ``@i:text`` for
    ``a, b = text`` (position i of what the name or chain holds, or the call returns), ``@i:*text`` for ``for a, b
    in text`` (of an element of it), ``f()`` for ``a, b = f(…), other`` (what the call at its position gives).
    Nothing where the pattern has a starred name (the positions after it are not known), or the loop is ``for k, v
    in d.items()`` (a mapping's key and value: the pair rule's). A loop over
    ``enumerate(xs)`` or ``zip(xs, ys)`` (:func:`_passed_through`) gives a name an element of its argument: ``*xs``."""
    parent = pattern.parent  # (found by a walk down from the root: read once)
    loop = parent is not None and parent.type in _LOOPS
    names = pattern.named_children
    if any(n.type == "list_splat_pattern" for n in names):
        return []
    through = _passed_through(ctx, source, shadowed) if loop else None
    if through is not None:
        if through[0] in _ELEMENTS_KEPT:  # ``for a, b in sorted(pairs)``: position i of an element of ``pairs``
            element = through[1][0]
            texts: list[str | None] = [None if element is None else f"@{i}:{element}" for i in range(len(names))]
        elif len(names) == len(through[1]):
            texts = list(through[1])
        else:
            return []
    elif source.type == "expression_list":  # ``a, b = Foo(x), y``: what a call of one name gives, by position
        if loop:
            return []
        values = [v for v in source.named_children if v.type != "comment"]
        if len(values) != len(names):
            return []
        texts = [_source_text(ctx, value) if value.type == "call" else None for value in values]
    else:
        text = _element_text(ctx, source) if loop else _source_text(ctx, source)
        if text is None:
            return []
        texts = [f"@{position}:{text}" for position in range(len(names))]
    symbols = ctx.extraction.symbols
    out = []
    pairs = list(zip(names, texts, strict=True))
    if through is not None:  # ``for i, (k, v) in enumerate(pairs)``: position j of an element of ``pairs``
        for node, found in list(pairs):
            inner = node.named_children if node.type in ("tuple_pattern", "pattern_list") else ()
            if found is not None and found[0] == "*" and inner and all(n.type == "identifier" for n in inner):
                pairs += [(name, f"@{j}:{found}") for j, name in enumerate(inner)]
    for node, found in pairs:
        if node.type != "identifier" or found is None:
            continue
        scope = scopes.enclosing(node.start_byte, node.end_byte)
        name = ctx.text(node)
        if scope > 0 and symbols[scope].kind in CALLABLE_KINDS and not ctx.is_global(scope, name):
            out.append((scope, name, node, found))
    return out


#: builtins whose result iterates over the elements of their (first) argument
_ELEMENTS_KEPT = frozenset({"reversed", "sorted", "list", "tuple", "set", "frozenset", "iter"})
#: builtins whose result iterates over tuples: per position, what each holds (an argument's element, or nothing)
_TUPLES_MADE = frozenset({"enumerate", "zip"})


def _passed_through(ctx: Context, call: Node | None, shadowed: frozenset[str]) -> tuple[str, list[str | None]] | None:
    """For a call of a builtin that iterates over what its arguments hold (``reversed(xs)``, ``sorted(xs, key=…)``,
    ``enumerate(xs)``, ``zip(xs, ys)``), where the module binds no such name itself: ``(the builtin, texts)``,
    the texts being what an element of its result holds, per position of the tuple it makes (``enumerate``: an
    int, then an element of ``xs``; ``zip``: an element of each argument) or the one element (the others): ``*xs``
    (an element of what the name or chain holds), ``*f()`` (of what the call gives), or None (not known). None
    for any other call."""
    if call is None or call.type != "call":
        return None
    function = call.child_by_field_name("function")
    arguments = call.child_by_field_name("arguments")
    if function is None or function.type != "identifier" or arguments is None or arguments.type != "argument_list":
        return None
    builtin = ctx.text(function)
    if builtin not in _ELEMENTS_KEPT and builtin not in _TUPLES_MADE or builtin in shadowed:
        return None
    positional = [a for a in arguments.named_children if a.type not in ("keyword_argument", "comment")]
    if not positional or any(a.type in ("list_splat", "dictionary_splat") for a in positional):
        return None
    texts = [_element_text(ctx, argument) for argument in positional]
    if builtin == "enumerate":
        return builtin, [None, texts[0]]
    if builtin == "zip":
        return builtin, texts
    return builtin, texts[:1]


def _source_text(ctx: Context, node: Node) -> str | None:
    """``xs`` for a name or member chain ``xs``, ``f()`` for a call of one; None for anything else."""
    call = node.type == "call"
    head = node.child_by_field_name("function") if call else node
    chain = dotted(head, ctx) if head is not None else None
    if chain is None or not chain[1]:
        return None
    return f"{chain[0]}()" if call else chain[0]


def _element_text(ctx: Context, node: Node) -> str | None:
    """``*xs`` for a name or member chain ``xs``, ``*f()`` for a call of one (an element of what it holds or
    gives); None for anything else (``d.items()`` too: a key and a value, not one element)."""
    text = _source_text(ctx, node)
    return None if text is None or text.endswith(".items()") else f"*{text}"


def _module_names(ctx: Context) -> frozenset[str]:
    """The names a module binds at its top level: its own definitions and the names it imports
    (:func:`_module_imports`)."""
    return frozenset({symbol.name for symbol in ctx.extraction.symbols[1:] if symbol.parent == 0}
                     | _module_imports(ctx).keys())


def _loop_of(target: Node) -> Node | None:
    """The ``for`` statement, or the whole comprehension, whose variable ``target`` is (the name, or a name of
    the ``k, v`` pair it unpacks); None for any other."""
    node = target.parent
    if node is not None and node.type in ("pattern_list", "tuple_pattern"):
        node = node.parent
    if node is None or node.type not in _LOOPS:
        return None
    if node.type == "for_in_clause":
        node = node.parent
        return node if node is not None and node.type in _COMPREHENSIONS else None
    return node

__all__ = ["ADAPTER", "PythonAdapter", "module_name"]
