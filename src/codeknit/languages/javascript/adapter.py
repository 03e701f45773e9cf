"""JavaScript (and TypeScript): the adapter half.

The query half is ``javascript/queries.scm`` (JavaScript and JSX); TypeScript's
are ``typescript/queries.scm`` and ``typescript/tsx.scm`` (TypeScript with JSX).
This adapter class serves both languages (``typescript/adapter.py`` subclasses it
with TypeScript's grammars): the TypeScript nodes it knows about simply never
occur in a JavaScript tree. What a name chain, a key or a written type stands for (and
what each variable holds) is read by ``javascript/types.py``.

Conventions shared with the Python adapter: callables render as
``name(params) -> ret`` with defaults elided as ``=…``; values as ``name: T``;
module-level symbols carry ``exported``. The module symbol is named after the
path without its extension (``src/utils/index``).
"""

from __future__ import annotations

import posixpath
import re
from typing import TYPE_CHECKING

from codeknit.graph.model import Category, EdgeKind, PropertyValue, Role, Span, SymbolKind
from codeknit.languages.engine import (
    CALLABLE_KINDS,
    Adapter,
    Blocks,
    Context,
    GrammarGap,
    ScopeIndex,
    block_comment_lines,
    file_symbol,
    node_span,
    siblings,
)
from codeknit.languages.javascript.types import (
    FUNCTION_VALUES,
    adapter_matches,
    alias_template,
    declared_type_text,
    destructured,
    dotted,
    element_chain,
    element_key,
    element_key_of,
    function_member,
    last_name,
    literal_type,
    lookup_key,
    member_property,
    member_template,
    modifier_tokens,
    not_type_uses,
    object_key,
    record_base_arguments,
    record_narrowing,
    record_parameters,
    record_signature,
    record_signature_through,
    record_var_types,
    require_call,
    return_type,
    type_parameter_names,
    value_type_text,
)
from codeknit.languages.records import MODULE_ALIAS, Extraction, RawImport, RawSymbol
from codeknit.languages.scoped import leading_comment

if TYPE_CHECKING:
    from tree_sitter import Node

#: the order in which properties are inserted into a symbol's ``properties``
PROPERTY_ORDER = (
    "async", "exported", "default", "static", "visibility", "abstract", "readonly", "decorators", "generator",
    "declaration", "global",
)
_PROPERTY_RANK = {name: rank for rank, name in enumerate(PROPERTY_ORDER)}

#: functions that bind a ``this`` of their own (arrow functions and methods see the enclosing one)
_OWN_THIS = frozenset(
    {"function_declaration", "generator_function_declaration", "function_expression", "generator_function"}
)
#: the nodes of a function's own scope (what a ``var`` or a sloppy ``function`` in it is visible in)
_FUNCTIONS = _OWN_THIS | {"function", "arrow_function", "method_definition"}
_COMMENT = frozenset({"comment"})
#: the clauses between a class or interface and the types it extends
_HERITAGE = frozenset({"class_heritage", "extends_clause", "extends_type_clause"})
#: statements that wrap a declaration without changing what it declares
_WRAPPERS = frozenset({"export_statement", "ambient_declaration"})
# (the enum members read per reference: in Python 3.11 reading a member off its class goes through the enum
# metaclass's ``__getattr__`` hook, about 900 instructions a read, against a module global's few)
_REFERENCES, _CALLS, _DECORATES = EdgeKind.REFERENCES, EdgeKind.CALLS, EdgeKind.DECORATES
_READ = Role.READ
#: the nodes TypeScript's query captures for the string key of an element access (read, or assigned to)
_ELEMENT_HOLDERS = frozenset({"subscript_expression", "assignment_expression", "augmented_assignment_expression"})
#: the bytes of any file (a type parameter's scopes are looked up anywhere)
_ANYWHERE = (0, 1 << 62)
_MAX_TYPE_TEXT = 80
_MAX_DOC = 1000
_EXTENSIONS = (".d.ts", ".d.mts", ".d.cts", ".ts", ".tsx", ".mts", ".cts", ".js", ".jsx", ".mjs", ".cjs")


def module_name(path: str) -> str:
    """``src/utils/index.ts`` → ``src/utils/index``; ``types/api.d.ts`` → ``types/api``."""
    lowered = path.lower()
    for extension in _EXTENSIONS:
        if lowered.endswith(extension) and len(path) > len(extension):
            return path[: -len(extension)]
    stem, _ = posixpath.splitext(path)
    return stem or path


def _span_between(first: Node, last: Node) -> Span:
    start, end = first.start_point, last.end_point
    return (start[0] + 1, start[1], end[0] + 1, end[1])


def _string_value(ctx: Context, node: Node | None) -> str:
    """A string literal's content as written, without its quotes."""
    text = ctx.text(node)
    if len(text) >= 2 and text[0] in "'\"`" and text[-1] == text[0]:
        return text[1:-1]
    return text


def _after_export(statement: Node) -> str:
    """The type of the token after ``export`` (``default``, ``=``, ``as``, a declaration…)."""
    for index in range(statement.child_count):
        child = statement.child(index)
        if child is not None and child.type == "export":
            following = statement.child(index + 1)
            return following.type if following is not None else ""
    return ""


def _noted(ctx: Context, what: str) -> set[int]:
    """The file's set ``what`` (of symbols' ids: which functions own what), kept in ``ctx.state``."""
    found = ctx.state.get(what)
    if not isinstance(found, set):
        found = ctx.state[what] = set()
    return found


def _classes(ctx: Context) -> dict[tuple[int, int], RawSymbol]:
    """The file's class and interface symbols by their nodes' bytes (kept in ``ctx.state``)."""
    found = ctx.state.get("classes")
    if not isinstance(found, dict):
        found = ctx.state["classes"] = {}
    return found


def _ordered(properties: dict[str, PropertyValue]) -> dict[str, PropertyValue]:
    return dict(sorted(properties.items(), key=lambda item: _PROPERTY_RANK.get(item[0], len(_PROPERTY_RANK))))


def _clean_doc(text: str) -> str | None:
    """A ``/** … */`` comment's text, without its markers (None for any other comment)."""
    if not text.startswith("/**") or not text.endswith("*/") or len(text) < 5:
        return None
    cleaned = "\n".join(block_comment_lines(text[3:-2])).strip()
    while "\n\n\n" in cleaned:
        cleaned = cleaned.replace("\n\n\n", "\n\n")
    return cleaned[:_MAX_DOC] or None


def _call_signature(interface: Node) -> Node | None:
    """An interface's one call signature (``interface Fn { (row: Row): boolean; extra?: X }``), None for an
    interface with none or several (overloads: which one a function given the type implements is not said)."""
    body = interface.child_by_field_name("body")
    found = [member for member in body.named_children if member.type == "call_signature"] if body is not None else []
    return found[0] if len(found) == 1 else None


def _annotation(ctx: Context, node: Node | None) -> str:
    """A type annotation's type as written, squeezed, without the leading colon."""
    if node is None:
        return ""
    text = ctx.squeezed(node)
    if text.startswith(":"):
        text = text[1:].lstrip()
    return text


def _pattern_names(node: Node | None, ctx: Context) -> list[tuple[str, str]]:
    """``(key, local)`` pairs bound by a ``{a, b: c}`` object pattern."""
    out: list[tuple[str, str]] = []
    if node is None or node.type != "object_pattern":
        return out
    for child in node.named_children:
        if child.type == "shorthand_property_identifier_pattern":
            name = ctx.text(child)
            out.append((name, name))
        elif child.type == "object_assignment_pattern":
            left = child.child_by_field_name("left")
            if left is not None and left.type == "shorthand_property_identifier_pattern":
                name = ctx.text(left)
                out.append((name, name))
        elif child.type == "pair_pattern":
            key = child.child_by_field_name("key")
            value = child.child_by_field_name("value")
            if value is not None and value.type == "assignment_pattern":
                value = value.child_by_field_name("left")
            if key is not None and value is not None and value.type == "identifier":
                out.append((_string_value(ctx, key), ctx.text(value)))
    return out


#: words tree-sitter-javascript refuses as a name after ``as`` in an export or import list, which
#: ES2022 allows (any identifier name): ``export { _null as null, catch_ as catch }``
_RESERVED_NAMES = (
    "null|true|false|catch|if|else|for|while|do|switch|case|break|continue|return|throw|try|finally|new|delete|"
    "typeof|instanceof|void|in|of|var|let|const|function|class|extends|super|this|import|export|with|yield|await|"
    "enum|debugger"
)

# (a pattern that starts with a literal word is searched for fast: ``export(?<!\wexport)`` is ``\bexport``, whose
# leading ``\b`` made the regex engine try every byte of a file)
JAVASCRIPT_GAPS: tuple[GrammarGap, ...] = (
    GrammarGap("a reserved word as an exported or imported name (export { _null as null })",
               re.compile(rb"as(?<!\was)\s+(?P<mask>" + _RESERVED_NAMES.encode() + rb")(?=\s*[,}])"), b"_",
               inside=("export_specifier", "import_specifier"), mask_first=True),
)


def _field_type(ctx: Context, annotation: Node | None) -> str:
    """A field's declared type; for a field of a function type (``getState: () => State``) what calling it
    returns, written ``()=>State`` (the resolver's ``call_results``; the field's own value stays unknown)."""
    node = annotation
    while node is not None and node.type in ("type_annotation", "parenthesized_type") and node.named_child_count:
        node = node.named_child(0)  # (not from a list of all the named children)
    if node is not None and node.type == "function_type":
        returned = declared_type_text(ctx, node.child_by_field_name("return_type"))
        return f"()=>{returned}" if returned else ""
    return declared_type_text(ctx, annotation)


#: the keyword a definition's declaration starts with (``const``, ``function``, ``export``…)
_LEADING_WORD = re.compile(rb"\s*(?:declare\s+)?([a-z]+)")
#: a JSX tag name that names an intrinsic element (``<div>``, ``<my-el>``), never a variable, as TypeScript reads it
#: (a lowercase first letter, or a dash); the queries' ``@nonuse`` patterns of JSX tags say the same
_INTRINSIC_TAG = re.compile(r"[a-z]|.*-")
#: the declarations whose names a block keeps to itself (``function`` too, in strict code)
_BLOCK_SCOPED = frozenset({"const", "let", "class", "abstract", "enum", "interface", "type"})



def _type_qualifiers(ctx: Context, scope: int, node: Node) -> None:
    """The names that qualify a type name (``util`` and ``NS.Inner`` in ``util.Foo`` and ``NS.Inner.Baz``), each a
    use of what holds the type (a module bound by ``import * as util``, a namespace) at its own token, recorded
    as the type name's use is: a type use (:data:`Role.TYPE` on the reference: no value is read, the names are
    erased), not a value read. Nothing for a type name that is no ``nested_type_identifier``."""
    if node.type != "nested_type_identifier":
        return
    module = node.child_by_field_name("module")
    while module is not None:
        found = dotted(module, ctx)
        if found is None or not found[1]:
            return
        ctx.add_ref(scope, _REFERENCES, found[0], node_span(last_name(module)), role=Role.TYPE)
        module = module.child_by_field_name("object") if module.type == "nested_identifier" else None

#: utility types that keep the members of the object type they wrap (``Partial<{ a: A }>`` has the member ``a``)
_KEEPING_MEMBERS = frozenset({"Partial", "Required", "Readonly"})


def _own_members(ctx: Context, aliased: Node | None) -> bool:
    """Does a type alias of this value declare members of its own (the queries' fields and methods of a type
    alias): an object type (``type Box = { a: A }``), or one that a utility type keeping its members wraps
    (``type Args = Partial<{ a: A }>``)?"""
    if aliased is None:
        return False
    if aliased.type == "object_type":
        return True
    if aliased.type != "generic_type":
        return False
    name, arguments = aliased.child_by_field_name("name"), aliased.child_by_field_name("type_arguments")
    return name is not None and name.type == "type_identifier" and ctx.text(name) in _KEEPING_MEMBERS and \
        arguments is not None and arguments.named_child_count > 0 and arguments.named_children[0].type == "object_type"


class JavaScriptAdapter(Adapter):
    language = "javascript"
    grammars = {"": "javascript"}
    query_name = "javascript/queries.scm"
    grammar_gaps = JAVASCRIPT_GAPS
    # a name's use is its text, a chain's written plainly (``this.a.b``) its text at its last name: the
    # engine records those itself (most value captures), :meth:`chain` reads the rest
    plain_value_types = frozenset({"identifier", "shorthand_property_identifier"})
    plain_chain_types = frozenset({"member_expression"})

    # -- the module ------------------------------------------------------------------

    def module_symbol(self, ctx: Context, root: Node) -> RawSymbol:
        name = module_name(ctx.extraction.path)
        return file_symbol(ctx, root, name, doc=self._module_doc(ctx, root))

    @staticmethod
    def _module_doc(ctx: Context, root: Node) -> str | None:
        """A leading ``/** … */`` comment that is not attached to the declaration after it."""
        for child in root.children:
            if child.type == "hash_bang_line":
                continue
            if child.type != "comment":
                return None
            following = child.next_sibling
            if following is not None and following.start_point[0] - child.end_point[0] <= 1:
                return None
            return _clean_doc(ctx.text(child))
        return None

    # -- definitions -----------------------------------------------------------------

    def definition(self, ctx: Context, kind: str, node: Node, name: Node | None) -> RawSymbol | None:
        """A definition of the query's kind: a ``SymbolKind`` value, or one of the kinds the query gives what
        the adapter reads otherwise (``bound_function``: a function bound to a variable, ``parameter_field``:
        a constructor's ``private a: A``, ``function_signature``: an overload or a body-less declaration)."""
        if name is None:
            return None
        if kind in ("variable", "bound_function", "bound_class"):
            return self._declarator(ctx, kind, node, name)
        if kind == "parameter_field":
            return self._parameter_property(ctx, node, name)
        if kind in ("method", "overload", "abstract_method"):  # in a class or an interface
            return self._method(ctx, kind, node, name)
        if kind == "field":
            return self._field(ctx, node, name)
        if kind in ("function", "function_signature"):
            function = self._callable(ctx, node, name, node)
            if kind == "function_signature":
                function.properties = _ordered({**function.properties, "declaration": True})
            return function
        if kind in ("class", "interface"):
            klass = self._class(ctx, SymbolKind(kind), node, name, node)
            if kind == "interface":
                signature = _call_signature(node)
                if signature is not None:  # ``interface Fn { (row: Row): boolean }``: a function type's parameters
                    record_signature(ctx, klass, node, signature)
            return klass
        if kind == "namespace" and name.type == "nested_identifier":
            return self._dotted_namespace(ctx, node, name)
        symbol = self._symbol(ctx, SymbolKind(kind), node, name)  # an enum, its members, a namespace, a type alias
        symbol.signature = symbol.name
        if kind == "type_alias":
            value = ctx.squeezed(node.child_by_field_name("value"))
            if len(value) > _MAX_TYPE_TEXT:
                value = value[:_MAX_TYPE_TEXT].rstrip() + "…"
            symbol.signature = f"{symbol.name}{self._type_parameters(ctx, node)} = {value}"
            aliased = node.child_by_field_name("value")
            # ``type R = SqlRepo``; an object type's members are the alias's own (``type Box = { a: A }``)
            # (``type Loose<T> = { [K in keyof T]?: T[K] }``, a mapped type over its parameter's keys: T's members)
            symbol.declared_type = alias_template(ctx, node) or (
                "" if _own_members(ctx, aliased) else declared_type_text(ctx, aliased))
            signature = function_member(aliased)
            if signature is not None:
                # ``type Fn = (row: Row) => boolean``: what a function given this type is passed and returns (the
                # resolver's ``_argument_text``, for a function typed ``Fn`` by its context)
                record_signature(ctx, symbol, node, signature)
            else:
                record_signature_through(ctx, symbol, node)  # (``O | UpdaterFn<I, O>``)
        return symbol

    def _dotted_namespace(self, ctx: Context, node: Node, name: Node) -> RawSymbol:
        """``namespace Outer.Inner { … }`` (``declare namespace A.B``, ``module A.B``): TypeScript's short
        form of ``namespace Outer { export namespace Inner { … } }``. Each outer name is a namespace of its
        own, added here, holding the next one (its bytes start at its name, so each nests in the one
        before by containment); the last is returned, and holds the body. The inner ones are exported:
        ``Outer.Inner`` is a member of ``Outer``."""
        parts: list[Node] = []
        current: Node | None = name
        while current is not None and current.type in ("nested_identifier", "member_expression"):
            last = current.child_by_field_name("property")
            if last is None:
                break
            parts.append(last)
            current = current.child_by_field_name("object")
        if current is None or current.type != "identifier":
            symbol = self._symbol(ctx, SymbolKind.NAMESPACE, node, name)  # (not a dotted name: as written)
            symbol.signature = symbol.name
            return symbol
        parts.append(current)
        parts.reverse()
        outer = self._symbol(ctx, SymbolKind.NAMESPACE, node, parts[0])
        doc = outer.doc
        symbol = outer
        for part in parts[1:]:
            symbol.signature = symbol.name
            symbol.doc = None  # (the declaration's doc is the innermost namespace's, whose body it is)
            ctx.add_symbol(symbol)
            symbol = RawSymbol(
                name=ctx.text(part),
                kind=SymbolKind.NAMESPACE,
                span=_span_between(part, node),
                name_span=node_span(part),
                start_byte=part.start_byte,
                end_byte=outer.end_byte,
                doc=doc,
            )
            symbol.properties = {"exported": True}
        symbol.signature = symbol.name
        return symbol

    def _symbol(
        self,
        ctx: Context,
        kind: SymbolKind,
        node: Node,
        name: Node,
        *,
        statement: Node | None = None,
        first: Node | None = None,
        wrapped: tuple[Node, Node | None, Node | None] | None = None,
    ) -> RawSymbol:
        """A symbol whose bytes run from its wrappers (``export``, ``declare``, decorators) to its end.

        ``statement`` is the declaration statement (a declarator's ``const``
        statement); ``first`` the first node the span should start at, when
        that is not the statement (a member's leading decorators); ``wrapped``
        what :meth:`_wrapped` says of the statement (or node), where the caller has read it.
        """
        outer, export, around = wrapped or self._wrapped(statement if statement is not None else node)
        if statement is not None and not self._single_declarator(statement):
            # one of several declarators: its own text; the statement's doc goes to the first one
            start = end = node
            documented: Node | None = outer if statement.named_child(0) == node else None
        else:
            start, end = (first if first is not None else outer), outer
            documented = start
        # (the doc is above the outermost statement, whose parent is ``around``, or above a member's first
        # decorator, a sibling of the member)
        doc = leading_comment(ctx, documented, _COMMENT, javadoc_only=True, clean=_clean_doc,
                              parent=around if documented is outer or outer is node else documented.parent) \
            if documented else None
        text = _string_value(ctx, name) if name.type == "string" else ctx.text(name)
        symbol = RawSymbol(
            name=text,
            kind=kind,
            span=_span_between(start, end),
            name_span=node_span(name),
            start_byte=start.start_byte,
            end_byte=end.end_byte,
            doc=doc,
        )
        level = self._level(around)
        if level is not None:
            # (in ``declare module "m" { … }``, an ambient module or an augmentation of ``m``, every declaration
            # is exported, with or without ``export``: an augmentation merges into ``m``'s exports)
            properties: dict[str, PropertyValue] = {"exported": export is not None or (
                level == "namespace" and self._exports_all(ctx, around))}
            if export is not None and _after_export(export) == "default":
                properties["default"] = True
            symbol.properties = properties
        return symbol

    @staticmethod
    def _single_declarator(statement: Node) -> bool:
        """Does this ``const``/``let``/``var`` statement declare one name? (Cheap for long minified ones.)"""
        count = statement.named_child_count
        if count == 1:
            return True
        if count > 4:
            return False
        return sum(1 for c in statement.named_children if c.type == "variable_declarator") == 1

    @staticmethod
    def _wrapped(node: Node) -> tuple[Node, Node | None, Node | None]:
        """``(outermost statement, export statement or None, the outermost statement's parent or None)``
        around a declaration. (Each node's ``parent`` is read once: tree-sitter walks down from the root for it.)"""
        outer = node
        export: Node | None = None
        parent = outer.parent
        while parent is not None:
            if parent.type in _WRAPPERS:
                if parent.type == "export_statement":
                    export = parent
            elif not (parent.type == "expression_statement" and outer.type == "internal_module"):
                break
            outer = parent
            parent = outer.parent
        return outer, export, parent

    @staticmethod
    def _level(parent: Node | None) -> str | None:
        """``"module"`` or ``"namespace"`` for a statement whose parent is ``parent``, else None."""
        if parent is None:
            return None
        kind = parent.type
        if kind == "program":
            return "module"
        if kind == "statement_block":
            grandparent = parent.parent
            if grandparent is not None and grandparent.type in ("internal_module", "module"):
                return "namespace"
        return None

    def _exports_all(self, ctx: Context, block: Node | None) -> bool:
        """Does the namespace body ``block`` export each declaration, with ``export`` or without? TypeScript's
        export context: the body of ``declare module "m"`` (an ambient module, or an augmentation of ``m``), and
        that of a namespace in an ambient context (``declare namespace N``, a namespace in a declaration file or
        in another ambient one: tsc writes ``StandardSchemaV1.InferInput`` of ``export declare namespace
        StandardSchemaV1 { type InferInput … }`` so) that holds no export declaration (``export { … }``, ``export
        =``, ``export default``, ``export * from``). Answered once per body."""
        if block is None:
            return False
        memo = ctx.state.get("export_contexts")
        if not isinstance(memo, dict):
            memo = ctx.state["export_contexts"] = {}
        found = memo.get(block.start_byte)
        if found is None:
            found = self._in_ambient_module(block) or (self._ambient(ctx, block) and not any(
                child.type == "export_statement" and _after_export(child) in ("export_clause", "=", "default", "*")
                for child in block.named_children))
            memo[block.start_byte] = found
        return found

    @staticmethod
    def _ambient(ctx: Context, node: Node) -> bool:
        """Is ``node`` in an ambient context: a declaration file, or inside a ``declare`` declaration?"""
        if ctx.extraction.path.endswith((".d.ts", ".d.mts", ".d.cts")):
            return True
        current = node.parent
        while current is not None:
            if current.type == "ambient_declaration":
                return True
            current = current.parent
        return False

    @staticmethod
    def _in_ambient_module(block: Node | None) -> bool:
        """Is ``block`` the body of ``declare module "m" { … }`` (named by a string)?"""
        module = block.parent if block is not None else None
        name = module.child_by_field_name("name") if module is not None and module.type == "module" else None
        return name is not None and name.type == "string"

    @staticmethod
    def _type_parameters(ctx: Context, node: Node) -> str:
        return ctx.squeezed(node.child_by_field_name("type_parameters"))

    def _params(self, ctx: Context, parameters: Node | None) -> str:
        """Rendered parameter list: ``a: T, b?: U, c=…, {x, y}: Opts, ...rest: T[]`` (no ``this``)."""
        if parameters is None:
            return ""
        if parameters.type == "identifier":  # ``x => …``
            return ctx.text(parameters)
        parts: list[str] = []
        for child in parameters.named_children:
            kind = child.type
            if kind in ("required_parameter", "optional_parameter"):
                pattern = child.child_by_field_name("pattern")
                if pattern is None or pattern.type == "this":
                    continue
                text = ctx.squeezed(pattern)
                if kind == "optional_parameter":
                    text += "?"
                type_node = child.child_by_field_name("type")
                if type_node is not None:
                    text += f": {_annotation(ctx, type_node)}"
                if child.child_by_field_name("value") is not None:
                    text += "=…"
            elif kind == "assignment_pattern":
                text = f"{ctx.squeezed(child.child_by_field_name('left'))}=…"
            elif kind in ("comment", "decorator"):
                continue
            else:
                text = ctx.squeezed(child)
            parts.append(text)
        return ", ".join(parts)

    def _render_callable(self, ctx: Context, name: str, function: Node) -> str:
        parameters = function.child_by_field_name("parameters")
        if parameters is None:
            parameters = function.child_by_field_name("parameter")
        signature = f"{name}{self._type_parameters(ctx, function)}({self._params(ctx, parameters)})"
        returns = function.child_by_field_name("return_type")
        if returns is not None:
            signature += f" -> {_annotation(ctx, returns)}"
        return signature

    def _callable(self, ctx: Context, node: Node, name: Node, function: Node, *, statement: Node | None = None
                  ) -> RawSymbol:
        """A function or function-valued binding; ``function`` holds its parameters and modifiers."""
        symbol = self._symbol(ctx, SymbolKind.FUNCTION, node, name, statement=statement)
        # (a function bound to a name: the name's token is the symbol's, no local of it; a parameter of that
        # name is the function's own local, ``const go = (go) => go + 1``)
        if function.type in _OWN_THIS and name.type != "default":  # a ``function`` binds a ``this`` of its own
            _noted(ctx, "own this").add(id(symbol))
        symbol.signature = self._render_callable(ctx, symbol.name, function)
        record_parameters(ctx, symbol, function)
        symbol.declared_type = return_type(ctx, function)
        modifiers = self._member_properties(ctx, function, name, modifier_tokens(function), [])  # (async, a ``*``)
        symbol.properties = _ordered({**symbol.properties, **modifiers})
        return symbol

    def _declarator(self, ctx: Context, kind: str, node: Node, name: Node) -> RawSymbol | None:
        statement, value = node.parent, node.child_by_field_name("value")
        if statement is None:
            return None
        if kind == "bound_function" and value is not None:
            return self._callable(ctx, node, name, value, statement=statement)
        if kind == "bound_class" and value is not None:
            return self._class(ctx, SymbolKind.CLASS, node, name, value, statement=statement)
        value_type = value.type if value is not None else ""
        if kind != "variable" or value_type in FUNCTION_VALUES or value_type == "class":
            return None
        if require_call(value, ctx) is not None:
            return None  # an import: see import_statement
        keyword = statement.child(0)
        constant = keyword is not None and keyword.type == "const"
        symbol = self._symbol(
            ctx, SymbolKind.CONSTANT if constant else SymbolKind.VARIABLE, node, name, statement=statement
        )
        type_node = node.child_by_field_name("type")
        symbol.signature = f"{symbol.name}: {_annotation(ctx, type_node)}" if type_node is not None else symbol.name
        symbol.declared_type = declared_type_text(ctx, type_node) or value_type_text(ctx, value)
        return symbol

    def _class(
        self,
        ctx: Context,
        kind: SymbolKind,
        node: Node,
        name: Node,
        klass: Node,
        *,
        statement: Node | None = None,
    ) -> RawSymbol:
        wrapped = self._wrapped(statement if statement is not None else node)  # (its parents read once)
        symbol = self._symbol(ctx, kind, node, name, statement=statement, wrapped=wrapped)
        symbol.signature = f"{symbol.name}{self._type_parameters(ctx, klass)}"
        export = wrapped[1]
        leading = [c for c in export.children if c.type == "decorator"] if export is not None else []  # ``@D export``
        modifiers = self._member_properties(ctx, klass, name, modifier_tokens(klass), leading)  # (abstract, decorators)
        symbol.properties = _ordered({**symbol.properties, **modifiers})
        _classes(ctx)[klass.byte_range] = symbol  # (its bases come with its inherits references)
        return symbol

    def _decorators(self, ctx: Context, node: Node) -> list[str]:
        """Decorator expressions without their call arguments, in source order."""
        names: list[str] = []
        for child in node.children:
            if child.type == "decorator":
                names.append(self._decorator_text(ctx, child))
        return names

    @staticmethod
    def _decorator_text(ctx: Context, decorator: Node) -> str:
        expression = decorator.named_children[0] if decorator.named_children else None
        if expression is not None and expression.type == "call_expression":
            expression = expression.child_by_field_name("function")
        if expression is None:
            return ctx.squeezed(decorator)[1:]
        return "".join(ctx.text(expression).split())

    @staticmethod
    def _leading_decorators(ctx: Context, node: Node, parent: Node | None) -> list[Node]:
        """TypeScript puts a member's decorators before it, as siblings in the class body (``parent``): the named
        siblings right before it that are decorators, in order."""
        children, at = siblings(ctx, node, parent)
        position = at
        while position > 0 and (not children[position - 1].is_named or children[position - 1].type == "decorator"):
            position -= 1
        return [child for child in children[position:at] if child.is_named]

    def _member_properties(
        self, ctx: Context, node: Node, name: Node, tokens: set[str], leading: list[Node]
    ) -> dict[str, PropertyValue]:
        properties: dict[str, PropertyValue] = {}
        if "async" in tokens:
            properties["async"] = True
        if "static" in tokens:
            properties["static"] = True
        visibility = next((v for v in ("public", "private", "protected") if v in tokens), None)
        if visibility is None and name.type == "private_property_identifier":
            visibility = "private"
        if visibility is not None:
            properties["visibility"] = visibility
        if "abstract" in tokens:
            properties["abstract"] = True
        if "readonly" in tokens:
            properties["readonly"] = True
        decorators = [self._decorator_text(ctx, d) for d in leading] + self._decorators(ctx, node)
        if decorators:
            properties["decorators"] = tuple(decorators)
        if "*" in tokens:
            properties["generator"] = True
        return properties

    def _method(self, ctx: Context, what: str, node: Node, name: Node) -> RawSymbol:
        """A method (``what``: ``method``, or a class's ``overload`` signature or ``abstract_method``)."""
        tokens = modifier_tokens(node)  # (an abstract method's ``abstract`` among them)
        if ctx.text(name) == "constructor" and what != "abstract_method":  # a body or an overload
            kind = SymbolKind.CONSTRUCTOR
        elif "get" in tokens:
            kind = SymbolKind.GETTER
        elif "set" in tokens:
            kind = SymbolKind.SETTER
        else:
            kind = SymbolKind.METHOD
        wrapped = self._wrapped(node)  # (its parent read once: for its decorators, its span and its doc)
        leading = self._leading_decorators(ctx, node, wrapped[2] if wrapped[0] is node else node.parent)
        symbol = self._symbol(ctx, kind, node, name, first=leading[0] if leading else None, wrapped=wrapped)
        symbol.signature = self._render_callable(ctx, symbol.name, node)
        record_parameters(ctx, symbol, node)
        if kind is not SymbolKind.CONSTRUCTOR:
            symbol.declared_type = return_type(ctx, node)
            symbol.declared_type = member_template(ctx, node, node.child_by_field_name("return_type"),
                                                   name if symbol.declared_type else None) or symbol.declared_type
        symbol.properties = self._member_properties(ctx, node, name, tokens, leading)
        if what == "overload":
            symbol.properties["declaration"] = True  # an overload signature of the method after it
        return symbol

    def _field(self, ctx: Context, node: Node, name: Node) -> RawSymbol:
        value = node.child_by_field_name("value")
        wrapped = self._wrapped(node)  # (its parent read once: for its decorators, its span and its doc)
        leading = self._leading_decorators(ctx, node, wrapped[2] if wrapped[0] is node else node.parent)
        tokens = modifier_tokens(node)
        if value is not None and value.type in FUNCTION_VALUES:
            # ``handle = () => {…}``: a method in all but syntax
            symbol = self._symbol(ctx, SymbolKind.METHOD, node, name, first=leading[0] if leading else None,
                                  wrapped=wrapped)
            symbol.signature = self._render_callable(ctx, symbol.name, value)
            record_parameters(ctx, symbol, value)
            symbol.declared_type = return_type(ctx, value)
            tokens |= modifier_tokens(value)
        else:
            symbol = self._symbol(ctx, SymbolKind.FIELD, node, name, first=leading[0] if leading else None,
                                  wrapped=wrapped)
            symbol.signature = self._value_signature(ctx, symbol.name, node, tokens)
            symbol.declared_type = _field_type(ctx, node.child_by_field_name("type")) or value_type_text(ctx, value)
            symbol.declared_type = member_template(ctx, node, node.child_by_field_name("type"),
                                                   name if symbol.declared_type else None) \
                or symbol.declared_type or literal_type(ctx, node, tokens)
            annotation = node.child_by_field_name("type")
            signature = function_member(annotation.named_children[0]) \
                if annotation is not None and annotation.named_children else None
            if signature is not None:
                # ``setSizing: (updater: Updater<Sizing>) => void``: what a call of the field passes it (of a union,
                # its one function type: ``message: string | ((cxt: Cxt) => string)``, as TypeScript types a
                # function given the field by its context)
                record_parameters(ctx, symbol, signature)
            tokens.discard("async")
        symbol.properties = self._member_properties(ctx, node, name, tokens, leading)
        return symbol

    @staticmethod
    def _value_signature(ctx: Context, name: str, node: Node, tokens: set[str]) -> str:
        type_node = node.child_by_field_name("type")
        optional = "?" if "?" in tokens else ""
        if type_node is None:
            return f"{name}{optional}"
        return f"{name}{optional}: {_annotation(ctx, type_node)}"

    def _parameter_property(self, ctx: Context, node: Node, name: Node) -> RawSymbol | None:
        """``constructor(private a: A)`` declares a field ``a`` of the class."""
        klass = self._owner_class(ctx, node.start_byte)
        if klass < 0:
            return None
        tokens = modifier_tokens(node)  # (an optional parameter's ``?`` among them)
        symbol = self._symbol(ctx, SymbolKind.FIELD, node, name)
        symbol.parent = klass
        symbol.signature = self._value_signature(ctx, symbol.name, node, tokens)
        symbol.declared_type = _field_type(ctx, node.child_by_field_name("type"))  # (``private make: () => T``)
        symbol.declared_type = member_template(ctx, node, node.child_by_field_name("type"),
                                               name if symbol.declared_type else None) or symbol.declared_type
        symbol.properties = self._member_properties(ctx, node, name, tokens - {"async", "static", "*"}, [])
        symbol.properties.pop("decorators", None)  # parameter decorators stay with the constructor
        return symbol

    @staticmethod
    def _owner_class(ctx: Context, offset: int) -> int:
        """The innermost class already recorded whose bytes contain ``offset`` (-1: none)."""
        symbols = ctx.extraction.symbols
        for index in range(len(symbols) - 1, 0, -1):
            symbol = symbols[index]
            if symbol.kind is SymbolKind.CLASS and symbol.start_byte <= offset < symbol.end_byte:
                return index
        return -1

    # -- references ------------------------------------------------------------------

    def special_values(self, ctx: Context) -> frozenset[int]:
        """The start bytes of member chains whose head is no name (``import.meta.url``: :meth:`chain` reads
        the member alone), from ``@adapter.opaque_head`` (``javascript/occurrences.scm``)."""
        return frozenset(node.start_byte for captures in adapter_matches(ctx, "opaque heads")
                         for node in captures["adapter.opaque_head"])

    def chain(self, ctx: Context, node: Node) -> tuple[str, bool, Node] | None:
        kind = node.type
        if kind in ("identifier", "shorthand_property_identifier"):
            return ctx.text(node), True, node
        if kind == "member_expression":
            member = member_property(node)
            found = element_chain(node, ctx)
            if member is None or found is None:
                return None
            return found[0], found[1], member
        return None

    def member_chain(self, ctx: Context, node: Node, role: Role) -> tuple[str, bool, Node] | None:
        """A destructured key (``const { a } = obj`` reads ``obj.a``), the string key of an indexed access type
        (``T['a']`` names ``T.a``) or of an element access (``obj["a"]`` reads or writes ``obj.a``) or, written, an
        object literal's key where the object's type is declared (``const x: T = { a }`` sets ``x.a``). TypeScript's
        query captures each element access (a read) and each assignment (a write): the key of the access (the one
        assigned to) is read here where it is a string, none elsewhere."""
        kind = node.type
        if kind in _ELEMENT_HOLDERS:
            access = node if kind == "subscript_expression" else node.child_by_field_name("left")
            if access is None or access.type != "subscript_expression":
                return None
            key = access.child_by_field_name("index")
            if key is None or key.type != "string":
                return None
            found = element_key_of(ctx, key, access, role)
            return (found, True, key) if found is not None else None
        access = node.parent if kind == "string" else None
        if access is not None and access.type == "subscript_expression":
            found = element_key(ctx, node, role)
        elif role is Role.WRITE:
            found = object_key(ctx, node)
        else:
            found = lookup_key(ctx, node) if node.type == "string" else destructured(ctx, node)
        return (found, True, node) if found is not None else None

    def reference(self, ctx: Context, kind: str, node: Node, scope: int) -> None:
        if kind == "type":
            # (a quarter of a TypeScript file's captures: read here, not through a further call; the node's bytes
            # once, the file's tables off ``ctx.state`` in place)
            where = node.byte_range
            not_uses = ctx.state.get("not_type_uses")
            if where in (not_uses if isinstance(not_uses, set) else not_type_uses(ctx)):
                return  # a name a declaration introduces, part of a longer name, an implements/extends type
            text = ctx.text_at(*where)
            if "." not in text:  # a ``type_identifier`` (most type names: its text at itself, as dotted and last_name
                # read it). The captures are type names and ``nested_type_identifier``s, whose text has a dot: told
                # apart by the text, not by the node's type (a string made per read)
                parameters = ctx.state.get("type_parameters")
                named = parameters.get(text) if isinstance(parameters, dict) else type_parameter_names(ctx, text)
                if named is not None and named.innermost(where[0], where[1], _ANYWHERE) is not None:
                    # a type parameter: a use of the local that declares it, where one does (no type named so)
                    ctx.add_value(scope, text, node_span(node), _READ)
                else:
                    ctx.add_ref(scope, _REFERENCES, text, node_span(node))
                return
            found = dotted(node, ctx)
            if found is not None and found[1]:
                ctx.add_ref(scope, _REFERENCES, found[0], node_span(last_name(node)))
                _type_qualifiers(ctx, scope, node)
            return
        if kind in ("inherits", "implements"):
            target = node.child_by_field_name("name") if node.type == "generic_type" else node
            found = dotted(target, ctx) if target is not None else None
            if found is not None and found[1]:
                edge = EdgeKind.INHERITS if kind == "inherits" else EdgeKind.IMPLEMENTS
                ctx.add_ref(scope, edge, found[0], node_span(last_name(target or node)))
                if target is not None:
                    _type_qualifiers(ctx, scope, target)
                owner = node.parent if kind == "inherits" else None  # (a base of the class above the clause)
                while owner is not None and owner.type in _HERITAGE:
                    owner = owner.parent
                klass = _classes(ctx).get(owner.byte_range) if owner is not None else None
                if klass is not None:
                    klass.bases.append(found[0])
            return
        # (``call``, ``construct``: ``new C()``, ``element``: a JSX element's name, ``decorates``)
        found = dotted(node, ctx) if kind == "decorates" else element_chain(node, ctx)
        if found is None or found[0].endswith("()"):
            return  # ``make()(x)``: the call of a call's result names nothing
        text, head_known = found
        if kind == "decorates":
            ctx.add_ref(scope, _DECORATES, text, node_span(last_name(node)), head_known=head_known)
            return
        if kind == "element" and node.type == "identifier" and _INTRINSIC_TAG.match(text):
            return  # an intrinsic element such as ``<div>``
        if kind == "call" and text == "require" and require_call(node.parent, ctx) is not None:
            return  # an import
        ctx.add_ref(scope, _CALLS, text, node_span(last_name(node)), head_known=head_known,
                    constructs=kind == "construct")

    # -- imports ---------------------------------------------------------------------

    def import_statement(self, ctx: Context, node: Node, scope: int) -> None:
        if node.type == "import_statement":
            self._import(ctx, node, scope)
        elif node.type == "export_statement":
            self._reexport(ctx, node, scope)
        elif node.type == "call_expression":
            self._import_call(ctx, node, scope)

    def _import(self, ctx: Context, node: Node, scope: int) -> None:
        """An import statement: each imported name at its own token (``name_spans``), the module at
        its string (``module_span``)."""
        imports = ctx.extraction.imports
        span = node_span(node)
        source = node.child_by_field_name("source")
        at = node_span(source) if source is not None else None
        names: list[tuple[str, str]] = []
        spans: list[Span] = []
        aliases: list[tuple[int, Span]] = []
        alias: str | None = None
        alias_at: Span | None = None
        for child in node.named_children:
            if child.type == "import_require_clause":  # TS ``import x = require("m")``
                local = next((c for c in child.named_children if c.type == "identifier"), None)
                required = child.child_by_field_name("source")
                module = _string_value(ctx, required)
                imports.append(RawImport(scope, module, span, alias=ctx.text(local) if local else None,
                                         module_span=node_span(required) if required is not None else None))
                return
            if child.type != "import_clause":
                continue
            for part in child.named_children:
                if part.type == "identifier":
                    names.append(("default", ctx.text(part)))
                    spans.append(node_span(part))
                elif part.type == "namespace_import":
                    local = next((c for c in part.named_children if c.type == "identifier"), None)
                    alias = ctx.text(local) if local is not None else None
                    alias_at = node_span(local) if local is not None else None
                elif part.type == "named_imports":
                    for specifier in part.named_children:
                        if specifier.type == "import_specifier":
                            local_alias = specifier.child_by_field_name("alias")
                            if local_alias is not None and local_alias.type == "identifier":
                                aliases.append((len(names), node_span(local_alias)))
                            names.append(self._specifier(ctx, specifier))
                            spans.append(node_span(specifier.child_by_field_name("name") or specifier))
        module = _string_value(ctx, source)
        if names:
            imports.append(RawImport(scope, module, span, names=tuple(names), name_spans=tuple(spans), module_span=at,
                                     alias_spans=tuple(aliases)))
        if alias is not None:
            imports.append(RawImport(scope, module, span, alias=alias, module_span=None if names else at,
                                     alias_spans=((MODULE_ALIAS, alias_at),) if alias_at is not None else ()))
        if not names and alias is None:
            imports.append(RawImport(scope, module, span, module_span=at))

    @staticmethod
    def _specifier(ctx: Context, specifier: Node) -> tuple[str, str]:
        """``(imported, local)`` for ``a`` / ``a as b`` / ``"a-b" as c`` in an import or export list."""
        name = specifier.child_by_field_name("name")
        alias = specifier.child_by_field_name("alias")
        imported = _string_value(ctx, name)
        return imported, _string_value(ctx, alias) if alias is not None else imported

    def _reexport(self, ctx: Context, node: Node, scope: int) -> None:
        source = node.child_by_field_name("source")
        module = _string_value(ctx, source)
        at = node_span(source) if source is not None else None
        span = node_span(node)
        imports = ctx.extraction.imports
        for child in node.named_children:
            if child.type == "export_clause":
                specifiers = [s for s in child.named_children if s.type == "export_specifier"]
                names = tuple(self._specifier(ctx, s) for s in specifiers)
                spans = tuple(node_span(s.child_by_field_name("name") or s) for s in specifiers)
                aliases = tuple((index, node_span(alias)) for index, s in enumerate(specifiers)
                                if (alias := s.child_by_field_name("alias")) is not None and alias.type == "identifier")
                imports.append(RawImport(scope, module, span, names=names, reexport=True, name_spans=spans,
                                         module_span=at, alias_spans=aliases))
                return
            if child.type == "namespace_export":
                local = next((c for c in child.named_children if c.type in ("identifier", "string")), None)
                imports.append(RawImport(scope, module, span, alias=_string_value(ctx, local), reexport=True,
                                         module_span=at,
                                         alias_spans=((MODULE_ALIAS, node_span(local)),) if local is not None else ()))
                return
        imports.append(RawImport(scope, module, span, star=True, reexport=True, module_span=at))

    def _import_call(self, ctx: Context, node: Node, scope: int) -> None:
        arguments = node.child_by_field_name("arguments")
        if arguments is None or not arguments.named_children:
            return
        module = _string_value(ctx, arguments.named_children[0])
        at = node_span(arguments.named_children[0])
        function = node.child_by_field_name("function")
        imports = ctx.extraction.imports
        value = node
        parent = node.parent
        member: str | None = None
        if function is not None and function.type == "import":
            if parent is None or parent.type != "await_expression":
                imports.append(RawImport(scope, module, node_span(node), module_span=at))
                return
            value, parent = parent, parent.parent  # ``const m = await import("./m")`` binds the module
        elif parent is not None and parent.type == "member_expression" and parent.child_by_field_name("object") == node:
            member = ctx.text(parent.child_by_field_name("property"))
            value, parent = parent, parent.parent
        if parent is not None and parent.type == "variable_declarator" and parent.child_by_field_name("value") == value:
            target = parent.child_by_field_name("name")
            span = node_span(parent.parent) if parent.parent is not None else node_span(parent)
            if target is not None and target.type == "identifier":
                local = ctx.text(target)
                if member is not None:
                    imports.append(RawImport(scope, module, span, names=((member, local),), module_span=at))
                else:
                    imports.append(RawImport(scope, module, span, alias=local, module_span=at))
                return
            pairs = _pattern_names(target, ctx)
            if pairs and member is None:
                imports.append(RawImport(scope, module, span, names=tuple(pairs), module_span=at))
                return
        imports.append(RawImport(scope, module, node_span(node), module_span=at))

    # -- after the captures ----------------------------------------------------------

    def finish(self, ctx: Context, scopes: ScopeIndex) -> None:
        symbols = ctx.extraction.symbols
        own_this = _noted(ctx, "own this")
        for index, symbol in enumerate(symbols):
            if id(symbol) in own_this and self._in_class(symbols, symbol):
                # its own ``this``, so ``this.m()`` inside is not taken for the class's method (a TypeScript
                # ``this: T`` parameter types it instead, through var_types)
                ctx.add_local(index, "this")
        self._exports(ctx, symbols)
        self._declared_global(ctx, symbols)
        self._constructor_fields(ctx, symbols, scopes)
        record_var_types(ctx, scopes)
        record_narrowing(ctx, scopes)
        record_base_arguments(ctx)

    @staticmethod
    def _global_blocks(ctx: Context) -> list[tuple[int, int]]:
        """The bytes of the bodies of the file's ``declare global { … }`` (a module's declarations of global
        names), once per file."""
        memo = ctx.state.get("global blocks")
        if isinstance(memo, list):
            return memo
        found: list[tuple[int, int]] = []
        root = ctx.root
        for statement in root.named_children if root is not None else ():
            if statement.type == "ambient_declaration" and statement.named_child_count \
                    and statement.children[1].type == "global":
                body = statement.named_children[-1]
                if body.type == "statement_block":
                    found.append((body.start_byte, body.end_byte))
        ctx.state["global blocks"] = found
        return found

    def _declared_global(self, ctx: Context, symbols: list[RawSymbol]) -> None:
        """Flag ``global`` the definitions of ``declare global { interface Window { … } function helper(): void }``
        in a module: they are declared in the global scope, every file sees them (``JavaScriptRules``)."""
        blocks = self._global_blocks(ctx)
        if not blocks:
            return
        for symbol in symbols[1:]:
            if symbol.parent == 0 and any(start <= symbol.start_byte < end for start, end in blocks):
                symbol.properties = _ordered({**symbol.properties, "global": True})

    def block_regions(self, ctx: Context, blocks: Blocks) -> None:
        """A definition declared in a block (an ``if``'s, a loop's, a callback's body) by ``const``, ``let``,
        ``class`` (and TypeScript's ``enum``, ``interface``, ``type``), or by ``function`` in strict code (a
        module, TypeScript, ``"use strict"``), is visible in that block only: its ``region``. A ``var`` and a
        sloppy script's block ``function`` are the whole function's: where that function is an anonymous one
        (an IIFE of a bundle, a callback), not a symbol, its body is their region, so nothing outside it sees
        them."""
        symbols = ctx.extraction.symbols
        source = ctx.source
        strict: bool | None = None
        for symbol in symbols[1:]:
            parent = symbols[symbol.parent] if symbol.parent >= 0 else None
            if parent is None or (symbol.parent > 0 and parent.kind not in CALLABLE_KINDS) \
                    or symbol.properties.get("global") is True:  # (``declare global { … }`` is no block)
                continue
            within = (parent.start_byte, parent.end_byte)
            block = blocks.innermost(symbol.start_byte, symbol.end_byte, within)
            if block is None or block == (symbol.start_byte, symbol.end_byte):
                continue
            if symbol.parent > 0:  # (a callable's own body, an arrow's or function expression's too, is no block)
                around = blocks.enclosing(block)
                if around is None or around[0] < within[0]:
                    continue
                if around[1] == block[1]:
                    outer = blocks.enclosing(around)
                    if outer is None or outer[0] < within[0]:
                        continue
            word = _LEADING_WORD.match(source, symbol.start_byte)
            keyword = word.group(1).decode() if word else ""
            if keyword in ("function", "async"):
                if strict is None:
                    strict = self._strict(ctx)
                scoped = strict
            else:
                scoped = keyword in _BLOCK_SCOPED
            if scoped:
                symbol.region = ctx.span_at(*block)
            elif (body := self._anonymous_body(ctx, symbol.start_byte, symbol.end_byte, within,
                                               own=symbol.parent > 0)) is not None:
                symbol.region = ctx.span_at(*body)

    @staticmethod
    def _anonymous_body(ctx: Context, start: int, end: int, within: tuple[int, int], *,
                        own: bool) -> tuple[int, int] | None:
        """The bytes of the body of the innermost function around ``start..end`` inside ``within`` (the
        parent's bytes) that is no symbol (an IIFE, a callback), or None. With ``own`` the parent is a
        callable: the outermost function inside ``within`` is the parent's own, not an anonymous one."""
        root = ctx.root
        if root is None:
            return None
        node = root.descendant_for_byte_range(start, end)
        found: list[Node] = []
        while node is not None and node.start_byte >= within[0] and node.end_byte <= within[1]:
            if node.type in _FUNCTIONS and (node.start_byte, node.end_byte) != (start, end):
                found.append(node)
            node = node.parent
        if own and found:
            found.pop()
        if not found:
            return None
        body = found[0].child_by_field_name("body") or found[0]
        return body.start_byte, body.end_byte

    @staticmethod
    def _strict(ctx: Context) -> bool:
        """Is the file strict code, where a block's ``function`` is the block's (a module: ``import`` or
        ``export``; TypeScript; ``.mjs``; a leading ``"use strict"``)?"""
        path = ctx.extraction.path
        if ctx.extraction.language != "javascript" or path.endswith((".mjs", ".mts")):
            return True
        root = ctx.root
        if root is None:
            return False
        for statement in root.named_children:
            if statement.type in ("import_statement", "export_statement"):
                return True
        first = next((c for c in root.named_children if c.type not in ("comment", "hash_bang_line")), None)
        return first is not None and first.type == "expression_statement" and ctx.text(first).strip(
            "; ").strip("'\"") == "use strict"

    @staticmethod
    def _in_class(symbols: list[RawSymbol], symbol: RawSymbol) -> bool:
        """Is ``symbol`` inside a type? (Outside classes ``this`` names no class instance anyway.)"""
        ancestor = symbol.parent
        while ancestor > 0 and symbols[ancestor].kind.category is not Category.TYPE:
            ancestor = symbols[ancestor].parent
        return ancestor > 0

    @staticmethod
    def _constructor_fields(ctx: Context, symbols: list[RawSymbol], scopes: ScopeIndex) -> None:
        """JavaScript: ``this.x = …`` at the top of a constructor's body defines a field of the class, from
        the query's ``@adapter.this_field`` (``javascript/queries.scm``: TypeScript declares its fields).

        The field's type is what the value tells (``this.repo = new Repo()``), so ``this.repo.save()`` resolves.
        """
        assignments = sorted((captures["adapter.this_assignment"][0].start_byte, captures)
                             for captures in adapter_matches(ctx, "this fields"))
        members: dict[int, set[str]] = {}  # names defined in each class
        for symbol in symbols:
            members.setdefault(symbol.parent, set()).add(symbol.name)
        for _start, captures in assignments:
            assignment, member = captures["adapter.this_assignment"][0], captures["adapter.this_field"][0]
            constructor = symbols[scopes.enclosing(assignment.start_byte, assignment.end_byte)]
            klass, name = constructor.parent, ctx.text(member)
            if constructor.kind is not SymbolKind.CONSTRUCTOR or klass <= 0 or name in members.setdefault(klass, set()):
                continue
            if symbols[klass].kind is not SymbolKind.CLASS:
                continue
            members[klass].add(name)
            ctx.add_symbol(RawSymbol(
                name=name,
                kind=SymbolKind.FIELD,
                span=node_span(assignment),
                name_span=node_span(member),
                start_byte=assignment.start_byte,
                end_byte=assignment.end_byte,
                parent=klass,
                signature=name,
                declared_type=value_type_text(ctx, assignment.child_by_field_name("right")),
            ))

    def _exports(self, ctx: Context, symbols: list[RawSymbol]) -> None:
        """Collect the module's export list, flag the symbols it names and record renamed exports."""
        root = ctx.root
        if root is None:
            return
        extraction = ctx.extraction
        top: dict[str, list[RawSymbol]] = {}
        for symbol in symbols[1:]:
            if symbol.parent == 0:
                top.setdefault(symbol.name, []).append(symbol)
        exported: list[str] = []
        esm = False
        for statement in root.named_children:
            if statement.type != "export_statement":
                continue
            if _after_export(statement) in ("=", "as"):
                continue  # ``export = x`` / ``export as namespace X``: no ES names
            esm = True
            self._export_statement(ctx, statement, top, exported, extraction)
        if esm:
            extraction.exports = tuple(dict.fromkeys(exported))
        else:
            self._commonjs_exports(ctx, root, top, extraction)
        extraction.imports.sort(key=lambda imp: imp.span[:2])  # source order, local export lists included
        for symbol in symbols[1:]:
            if symbol.properties:
                symbol.properties = _ordered(symbol.properties)

    def _export_statement(
        self,
        ctx: Context,
        statement: Node,
        top: dict[str, list[RawSymbol]],
        exported: list[str],
        extraction: Extraction,
    ) -> None:
        is_default = _after_export(statement) == "default"
        declaration = statement.child_by_field_name("declaration")
        value = statement.child_by_field_name("value")
        source = statement.child_by_field_name("source")
        if is_default:
            exported.append("default")
            if value is not None and value.type == "identifier":  # ``export default foo``
                name = ctx.text(value)
                self._flag(top, name, default=True)
                extraction.imports.append(
                    RawImport(0, "", node_span(statement), names=((name, "default"),), reexport=True)
                )
            return
        if declaration is not None:
            exported.extend(self._declared_names(ctx, declaration))
            return
        clause = next((c for c in statement.named_children if c.type == "export_clause"), None)
        if clause is not None:
            specifiers = [s for s in clause.named_children if s.type == "export_specifier"]
            pairs = [self._specifier(ctx, s) for s in specifiers]
            exported.extend(outside for _, outside in pairs)
            if source is None:
                renamed = tuple((inside, outside) for inside, outside in pairs if inside != outside)
                for (inside, outside), specifier in zip(pairs, specifiers, strict=True):
                    self._flag(top, inside, default=outside == "default")
                    alias = specifier.child_by_field_name("alias")
                    if inside != outside and alias is not None and alias.type == "identifier" and \
                            all(c.isalnum() or c in "_$" for c in inside):
                        # ``b`` in ``export { a as b }``: the name ``a`` exported, a use of it at its own token (as
                        # an imported name's alias is)
                        ctx.add_ref(0, EdgeKind.REFERENCES, inside, node_span(alias), role=Role.IMPORT)
                if renamed:
                    extraction.imports.append(RawImport(0, "", node_span(statement), names=renamed, reexport=True))
            return
        namespace = next((c for c in statement.named_children if c.type == "namespace_export"), None)
        if namespace is not None:
            local = next((c for c in namespace.named_children if c.type in ("identifier", "string")), None)
            if local is not None:
                exported.append(_string_value(ctx, local))

    def _commonjs_exports(self, ctx: Context, root: Node, top: dict[str, list[RawSymbol]],
                          extraction: Extraction) -> None:
        """A CommonJS module's export list, where its top-level statements say it whole: ``module.exports =
        { a, b: c }`` (one such assignment, its keys plain names) and ``exports.a = …`` /
        ``module.exports.a = …``. A key whose value is a top-level name of another name exports that
        definition under the key (``{ helper: fastHelper }``: ``helper`` is ``fastHelper``, as ``export {
        fastHelper as helper }``). A bundler's (esbuild's) output says the same with calls: ``__export(x_exports,
        { Hono: () => Hono, route: () => import_route.route })`` then ``module.exports = __toCommonJS(x_exports)``
        (a key whose getter returns a member of a ``require``d module re-exports it, ``__reExport(x_exports,
        require("./m"), module.exports)`` all of it). ``module.exports = X`` (TypeScript's ``export = X``) of a
        top-level name exports that definition, as the module's default. Anything else (``module.exports =
        make()``, a spread) leaves the module's top-level names as what it exposes."""
        pairs: list[tuple[str, str | None, Node]] = []  # (key, the name its value is, or None; the statement)
        whole = 0
        holder: str | None = None  # (``module.exports = X`` or ``= wrap(X)``: the X)
        wrapped = False
        for statement in root.named_children:
            if statement.type == "export_statement" and _after_export(statement) == "=":  # TypeScript's ``export = X``
                value = next((c for c in statement.named_children if c.type != "comment"), None)
                if value is not None and value.type == "identifier":
                    self._flag(top, ctx.text(value), default=True)
                continue
            if statement.type != "expression_statement":
                continue
            assignment = statement.named_children[0] if statement.named_children else None
            if assignment is None or assignment.type != "assignment_expression":
                continue
            left, right = assignment.child_by_field_name("left"), assignment.child_by_field_name("right")
            if left is None or right is None or left.type != "member_expression":
                continue
            target = ctx.text(left)
            if target == "module.exports":
                whole += 1
                if right.type == "identifier":
                    holder = ctx.text(right)
                    continue
                if right.type == "call_expression":
                    arguments = right.child_by_field_name("arguments")
                    if arguments is not None and arguments.named_child_count == 1 and \
                            arguments.named_children[0].type == "identifier":
                        holder, wrapped = ctx.text(arguments.named_children[0]), True
                        continue
                if right.type != "object":
                    return
                for entry in right.named_children:
                    if entry.type == "shorthand_property_identifier":
                        pairs.append((ctx.text(entry), ctx.text(entry), statement))
                    elif entry.type == "pair":
                        key, value = entry.child_by_field_name("key"), entry.child_by_field_name("value")
                        if key is None or key.type not in ("property_identifier", "string"):
                            return
                        name = _string_value(ctx, key) if key.type == "string" else ctx.text(key)
                        pairs.append((name, ctx.text(value) if value is not None and value.type == "identifier"
                                      else None, statement))
                    elif entry.type == "method_definition":
                        key = entry.child_by_field_name("name")
                        if key is None or key.type != "property_identifier":
                            return
                        pairs.append((ctx.text(key), None, statement))
                    elif entry.type != "comment":
                        return  # (a spread, a computed key: what it exports is not written here)
            elif target.startswith(("exports.", "module.exports.")) and target.count(".") == target.startswith(
                    "module.") + 1:
                pairs.append((target.rpartition(".")[2], ctx.text(right) if right.type == "identifier" else None,
                              statement))
        if whole > 1:
            return
        if holder is not None:
            bundled = self._bundled_exports(ctx, root, holder, extraction)
            if bundled is None:
                if not wrapped and not pairs:  # ``module.exports = Box``: the module is that definition
                    self._flag(top, holder, default=True)
                return
            pairs += bundled
        if not pairs:
            return
        for exported, inside, statement in pairs:
            if inside is None:
                continue
            if inside == exported:
                self._flag(top, exported, default=False)
            elif inside in top:
                self._flag(top, inside, default=False)
                extraction.imports.append(
                    RawImport(0, "", node_span(statement), names=((inside, exported),), reexport=True))
        extraction.exports = tuple(dict.fromkeys(pair[0] for pair in pairs))

    def _bundled_exports(self, ctx: Context, root: Node, holder: str,
                         extraction: Extraction) -> list[tuple[str, str | None, Node]] | None:
        """The exports a bundler's CommonJS output gives the object ``holder`` (esbuild's ``x_exports``) with
        top-level calls ``__export(holder, { key: () => value, … })``: ``(key, the name the getter returns or
        None, the call's statement)``; a getter returning ``m.name`` of a module ``m = require("./m")`` re-exports
        ``name`` from it, and ``__reExport(holder, require("./m"), …)`` all of ``./m`` (imports added). None
        where no such call names ``holder``."""
        found: list[tuple[str, str | None, Node]] = []
        called = False
        required = {imp.alias: imp for imp in extraction.imports
                    if imp.scope == 0 and imp.alias is not None and not imp.names and not imp.reexport}
        for statement in root.named_children:
            call = statement.named_children[0] if statement.type == "expression_statement" and \
                statement.named_children else None
            arguments = call.child_by_field_name("arguments") if call is not None and \
                call.type == "call_expression" else None
            if arguments is None or arguments.named_child_count < 2:
                continue
            first, second = arguments.named_children[0], arguments.named_children[1]
            if first.type != "identifier" or ctx.text(first) != holder:
                continue
            if second.type == "call_expression" and require_call(second, ctx) is not None:
                # ``__reExport(holder, require("./m"), module.exports)``
                source = second.child_by_field_name("arguments").named_children[0]  # type: ignore[union-attr]
                extraction.imports.append(RawImport(0, _string_value(ctx, source), node_span(statement), star=True,
                                                    reexport=True, module_span=node_span(source)))
                called = True
                continue
            if second.type != "object":
                continue
            entries: list[tuple[str, str | None, Node]] = []
            for entry in second.named_children:
                if entry.type == "comment":
                    continue
                key = entry.child_by_field_name("key") if entry.type == "pair" else None
                getter = entry.child_by_field_name("value") if entry.type == "pair" else None
                parameters = getter.child_by_field_name("parameters") if getter is not None and \
                    getter.type == "arrow_function" else None
                body = getter.child_by_field_name("body") if getter is not None else None
                if key is None or key.type not in ("property_identifier", "string") or parameters is None \
                        or parameters.named_child_count or body is None:
                    break  # (not a table of getters: what it exports is not written here)
                name = _string_value(ctx, key) if key.type == "string" else ctx.text(key)
                inside: str | None = ctx.text(body) if body.type == "identifier" else None
                if body.type == "member_expression":
                    module, member = body.child_by_field_name("object"), body.child_by_field_name("property")
                    imp = required.get(ctx.text(module)) if module is not None and module.type == "identifier" \
                        else None
                    if imp is not None and member is not None and member.type == "property_identifier":
                        # (at the ``require``'s own statement and string, where the module's ``imports`` relation is)
                        extraction.imports.append(RawImport(
                            0, imp.module, imp.span, names=((ctx.text(member), name),), reexport=True,
                            module_span=imp.module_span))
                entries.append((name, inside, statement))
            else:
                found += entries
                called = True
        return found if called else None

    @staticmethod
    def _flag(top: dict[str, list[RawSymbol]], name: str, *, default: bool) -> None:
        for symbol in top.get(name, []):
            symbol.properties["exported"] = True
            if default:
                symbol.properties["default"] = True

    def _declared_names(self, ctx: Context, declaration: Node) -> list[str]:
        if declaration.type == "ambient_declaration":
            inner = next((c for c in declaration.named_children if c.type != "comment"), None)
            return self._declared_names(ctx, inner) if inner is not None else []
        if declaration.type in ("lexical_declaration", "variable_declaration"):
            names: list[str] = []
            for declarator in declaration.named_children:
                if declarator.type != "variable_declarator":
                    continue
                target = declarator.child_by_field_name("name")
                if target is None:
                    continue
                if target.type == "identifier":
                    names.append(ctx.text(target))
                else:
                    names.extend(local for _, local in _pattern_names(target, ctx))
            return names
        name = declaration.child_by_field_name("name")
        if name is None:
            return []
        return [_string_value(ctx, name) if name.type == "string" else ctx.text(name)]


ADAPTER = JavaScriptAdapter

__all__ = ["ADAPTER", "JavaScriptAdapter", "module_name"]
