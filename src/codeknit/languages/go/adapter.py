"""Go: the adapter half (the query half is ``go/queries.scm``).

Kinds: the file's package clause is a ``module/package``; ``type T struct`` a
struct, ``type I interface`` an interface, and every other named type a
``type_alias`` whose signature tells the two forms apart: ``A = B`` for an
alias, ``Celsius float64`` for a defined type. Methods carry ``owner`` (their
receiver's base type, attached across the package's files by the resolver)
and ``receiver`` (the receiver variable, so ``s.Save()`` resolves through the
type). Parameters and results are written ``name: type``, one per name.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from codeknit.graph.model import EdgeKind, PropertyValue, SymbolKind
from codeknit.languages.engine import (
    CALLABLE_KINDS,
    Adapter,
    ByteRanges,
    Context,
    ScopeIndex,
    block_comment_lines,
    node_span,
    siblings,
)
from codeknit.languages.records import CHAIN_STEPS, RawImport, RawSymbol, Step, fold_chain
from codeknit.languages.typing_notes import note_narrowing

if TYPE_CHECKING:
    from collections.abc import Callable

    from tree_sitter import Node

#: comment lines that are tool directives, not documentation
_DIRECTIVES = ("go:", "line ", "export ", "extern ", "nolint", "+build", "lint:")

#: enum members read per reference or symbol, held here (a read off the enum's class goes through its metaclass)
_CALLS, _INHERITS, _REFERENCES = EdgeKind.CALLS, EdgeKind.INHERITS, EdgeKind.REFERENCES
_TYPE_ALIAS = SymbolKind.TYPE_ALIAS
#: the node types of names
_NAMES = frozenset({"identifier", "type_identifier", "field_identifier", "package_identifier"})
#: a definition's kind by its capture's name (``SymbolKind(kind)`` calls into the enum's machinery per symbol)
_SYMBOL_KINDS = {kind.value: kind for kind in SymbolKind}


def is_exported(name: str) -> bool:
    """Go exports a name that starts with an upper-case letter."""
    return bool(name) and name[0].isupper()


def default_package_name(import_path: str) -> str:
    """The name an import binds when it has no alias: the path's last element.

    A major-version element (``/v2``) or suffix (``yaml.v3``) is skipped, as
    is the ``go-`` prefix that repositories often carry. The real name is the
    imported package's clause, which only that package knows.
    """
    parts = [p for p in import_path.split("/") if p]
    if not parts:
        return import_path
    last = parts[-1]
    if len(parts) > 1 and last[:1] == "v" and last[1:].isdigit():
        last = parts[-2]
    stem, dot, version = last.rpartition(".")
    if dot and version[:1] == "v" and version[1:].isdigit():
        last = stem
    if last.startswith("go-"):
        last = last[3:]
    return last.replace("-", "_").replace(".", "_") or import_path


def clean_comment(text: str) -> list[str]:
    """The lines of one ``//`` or ``/* */`` comment without its markers (directives dropped)."""
    if text.startswith("//"):
        body = text[2:]
        if body.startswith(_DIRECTIVES):
            return []
        return [body[1:] if body.startswith(" ") else body]
    return block_comment_lines(text[2:-2] if text.endswith("*/") else text[2:])


def _doc(lines: list[str]) -> str | None:
    text = "\n".join(lines).strip()
    return text[:1000] or None


class GoAdapter(Adapter):
    language = "go"
    grammars = {"": "go"}
    #: ``a, err := f()`` after ``err`` in the same block assigns that ``err``
    lets_redeclare = True

    #: a name's use is its text, but for a literal's key (:meth:`special_values`); a qualified type's
    #: package name too (``pkg`` in ``pkg.T``: :func:`_dotted` reads it as its text)
    plain_value_types = frozenset({"identifier", "package_identifier"})
    plain_chain_types = frozenset({"selector_expression"})

    def special_values(self, ctx: Context) -> frozenset[int]:
        """The keys of keyed literal elements (``X`` in ``Point{X: 1}``), from ``@adapter.literal_key``."""
        return _marks(ctx).literal_keys

    def chain(self, ctx: Context, node: Node) -> tuple[str, bool, Node] | None:
        """A name or selector chain (``s.items.count``, ``fmt.Println``); a struct literal's key names
        the field of the literal's type (``Point{X: 1}``: ``Point.X``)."""
        if node.type == "identifier":
            keyed = _marks(ctx).keyed.get(node.start_byte)  # (the keyed element whose key it is)
            if keyed is not None:
                return _literal_key(ctx, node, keyed)
        return _dotted(ctx, node)

    # -- the package ----------------------------------------------------------------

    def module_symbol(self, ctx: Context, root: Node) -> RawSymbol:
        clause = next((c for c in root.named_children if c.type == "package_clause"), None)
        name_node = None
        if clause is not None:
            name_node = next((c for c in clause.named_children if c.type == "package_identifier"), None)
        name = ctx.text(name_node)
        if not name:  # a broken clause: the directory names the package
            path = ctx.extraction.path
            name = path.rsplit("/", 2)[-2] if path.count("/") else "main"
        span = node_span(clause) if clause is not None else (1, 0, 1, 0)
        return RawSymbol(
            name=name,
            kind=SymbolKind.PACKAGE,
            span=span,
            name_span=node_span(name_node) if name_node is not None else span,
            start_byte=0,
            end_byte=max(root.end_byte, len(ctx.source)),
            signature=name,
            doc=self._leading_doc(ctx, clause) if clause is not None else None,
        )

    # -- definitions ---------------------------------------------------------------

    def definition(self, ctx: Context, kind: str, node: Node, name: Node | None) -> RawSymbol | None:
        if name is None:
            return None
        if kind == "field" and node.child_by_field_name("name") is None:
            return self._embedded_field(ctx, node, name)
        if kind in ("constant", "variable", "field", "type_parameter"):
            return self._multi(ctx, kind, node)
        text = ctx.text(name)
        symbol = RawSymbol(
            name=text,
            kind=_SYMBOL_KINDS[kind],
            span=node_span(node),
            name_span=node_span(name),
            start_byte=node.start_byte,
            end_byte=node.end_byte,
        )
        if kind in ("function", "method"):
            self._callable(ctx, symbol, node)
        else:
            self._type(ctx, symbol, node)
        return symbol

    def _callable(self, ctx: Context, symbol: RawSymbol, node: Node) -> None:
        properties: dict[str, PropertyValue] = {"exported": is_exported(symbol.name)}
        if node.type == "method_declaration":
            receiver = node.child_by_field_name("receiver")
            declaration = next(
                (c for c in receiver.named_children if c.type == "parameter_declaration"), None
            ) if receiver is not None else None
            if declaration is not None:
                variable = declaration.child_by_field_name("name")
                written = declaration.child_by_field_name("type")  # (``*List[T]``: the owner is ``List``)
                base = _strip_type(written) if written is not None else None
                if base is not None and base.type == "type_identifier":
                    symbol.owner = ctx.text(base)
                    pointer = ctx.text(written).lstrip("( \t\n").startswith("*")
                    properties["receiver"] = f"*{symbol.owner}" if pointer else symbol.owner
                if variable is not None and ctx.text(variable) != "_":
                    symbol.receiver = ctx.text(variable)
                generic = _receiver_type_arguments(ctx, receiver) if receiver is not None else set()
                if generic:
                    _note_type_parameters(ctx, generic)
        symbol.properties = properties
        type_parameters = node.child_by_field_name("type_parameters")
        if type_parameters is not None:  # (noted before the result is read: ``func F[T any]() T`` is no ``T``)
            _note_type_parameters(ctx, {ctx.text(name) for declaration in type_parameters.named_children
                                        for name in _names(declaration)})
        head = symbol.name + (ctx.squeezed(type_parameters) if type_parameters is not None else "")
        symbol.signature = head + _render_function(ctx, node)
        symbol.declared_type = _result_type(ctx, node)
        symbol.doc = self._leading_doc(ctx, node)

    def _type(self, ctx: Context, symbol: RawSymbol, node: Node) -> None:
        type_parameters = node.child_by_field_name("type_parameters")
        head = symbol.name + (ctx.squeezed(type_parameters) if type_parameters is not None else "")
        underlying = node.child_by_field_name("type")
        if node.type == "type_alias":
            symbol.signature = f"{head} = {ctx.squeezed(underlying)}"
        elif symbol.kind is _TYPE_ALIAS:
            symbol.signature = f"{head} {ctx.squeezed(underlying)}"
        if symbol.kind is _TYPE_ALIAS:
            symbol.declared_type = _collection_text(ctx, underlying)
        else:
            symbol.signature = head
        symbol.properties = {"exported": is_exported(symbol.name)}
        parent = node.parent
        outer = self._declaration_of(node, parent)
        symbol.span = node_span(outer)
        symbol.start_byte, symbol.end_byte = outer.start_byte, outer.end_byte
        symbol.doc = self._spec_doc(ctx, node, outer, parent)

    def _multi(self, ctx: Context, kind: str, node: Node) -> RawSymbol | None:
        """Specs and fields that declare several names at once: one symbol per name."""
        text = ctx.text
        named = [(name_node, name) for name_node in _names(node) if (name := text(name_node)) != "_"]
        if not named:
            return None
        type_node = node.child_by_field_name("type")
        values = node.child_by_field_name("value")
        if kind == "type_parameter":
            outer, doc, rendered = node, None, ctx.squeezed(type_node)
            _note_type_parameters(ctx, {name for _, name in named})
        else:
            # (a spec's parent is asked once: tree-sitter finds it by walking down from the root)
            parent = node.parent if kind != "field" else None
            outer = node if kind == "field" else self._declaration_of(node, parent)
            if type_node is None and values is None and kind == "constant" and parent is not None:
                type_node = _implicit_constant_type(ctx, node, parent)
            rendered = ctx.squeezed(type_node) if type_node is not None else ""
            doc = self._spec_doc(ctx, node, outer, parent)
        # (a variable's initialisers, for its type)
        value_nodes = [v for v in values.named_children if v.type != "comment"] \
            if values is not None and kind == "variable" else []
        # (the same for every name of the spec: read once)
        written = type_text(ctx, type_node) if kind in ("field", "variable") else ""
        span, symbol_kind = node_span(outer), _SYMBOL_KINDS[kind]
        symbols: list[RawSymbol] = []
        for position, (name_node, name) in enumerate(named):
            declared = written
            if not declared and kind == "variable":
                declared = _value_of(ctx, [n for n, _ in named], value_nodes, position)
            if kind == "type_parameter":
                signature = f"{name} {rendered}" if rendered else name
            else:
                signature = f"{name}: {rendered}" if rendered else name
            symbol = RawSymbol(
                name=name,
                kind=symbol_kind,
                span=span,
                name_span=node_span(name_node),
                # the first name owns the spec's bytes (and the references in its type); the others only
                # their name, so that no two symbols cover the same bytes
                start_byte=outer.start_byte if not position else name_node.start_byte,
                end_byte=outer.end_byte if not position else name_node.end_byte,
                signature=signature,
                doc=doc,
                declared_type=declared,
            )
            if kind != "type_parameter":
                symbol.properties = {"exported": is_exported(name)}
            symbols.append(symbol)
        for extra in symbols[1:]:
            ctx.add_symbol(extra)
        return symbols[0]

    def _embedded_field(self, ctx: Context, node: Node, type_node: Node) -> RawSymbol | None:
        """``*Base`` in a struct: the field Base (its type is also an ``inherits`` edge of the struct)."""
        found = _dotted(ctx, _strip_type(type_node))
        if found is None:
            return None
        last = found[2]
        name = ctx.text(last)
        return RawSymbol(
            name=name,
            kind=SymbolKind.FIELD,
            span=node_span(node),
            name_span=node_span(last),
            start_byte=node.start_byte,
            end_byte=node.end_byte,
            signature=f"{name}: {'*' if any(c.type == '*' for c in node.children) else ''}{ctx.squeezed(type_node)}",
            properties={"exported": is_exported(name), "embedded": True},
            doc=self._leading_doc(ctx, node) or self._trailing_doc(ctx, node),
            declared_type=type_text(ctx, type_node),
        )

    @staticmethod
    def _declaration_of(node: Node, parent: Node | None) -> Node:
        """The whole ``type``/``const``/``var`` declaration (``parent``) when it declares only this spec."""
        if parent is not None and parent.type in ("type_declaration", "const_declaration", "var_declaration"):
            # ``const (`` … ``)`` groups specs; look at the token after the keyword only (listing every
            # child for every spec was quadratic in generated files with thousands of constants)
            second = parent.child(1)
            if second is None or second.type != "(":
                return parent
        return node

    # -- docs ------------------------------------------------------------------------

    def _spec_doc(self, ctx: Context, node: Node, outer: Node, parent: Node | None) -> str | None:
        """A spec's doc: above its declaration, or above the group it is the only spec of, or after it on its
        line (``parent``: the spec's, when known)."""
        doc = self._leading_doc(ctx, outer)
        if doc is None and outer is node:
            group = node.parent if parent is None else parent
            if group is not None and group.type == "var_spec_list":
                group = group.parent
            if group is not None and group.type.endswith("_declaration") and self._single_spec(ctx, group, node.type):
                doc = self._leading_doc(ctx, group)
        if doc is None:
            doc = self._trailing_doc(ctx, outer)
        return doc

    @staticmethod
    def _single_spec(ctx: Context, group: Node, spec_type: str) -> bool:
        """Does ``group`` declare exactly one ``spec_type``? Counted once per group (see _declaration_of)."""
        counts = ctx.state.setdefault("go.spec_counts", {})
        assert isinstance(counts, dict)
        key = (group.start_byte, group.end_byte, spec_type)
        if key not in counts:
            counts[key] = sum(1 for c in group.named_children if c.type == spec_type)
        return bool(counts[key] == 1)

    @staticmethod
    def _leading_doc(ctx: Context, node: Node) -> str | None:
        """The comment block written directly above ``node`` (no blank line between).

        The siblings are read off the parent's children, listed once per parent (``engine.siblings``), not
        through ``prev_sibling``, which is quadratic in a file's top-level declarations. Most declarations
        have no comment on their line or the line above (no ``/`` there): those are answered from the bytes."""
        source, start = ctx.source, node.start_byte
        above = source.rfind(b"\n", 0, max(source.rfind(b"\n", 0, start), 0))
        if source.find(b"/", above + 1, start) < 0:
            return None
        children, position = siblings(ctx, node)
        blocks: list[list[str]] = []
        row = node.start_point[0]
        position -= 1
        while position >= 0 and not children[position].is_named:
            position -= 1
        while position >= 0:
            sibling = children[position]
            if sibling.type != "comment" or sibling.end_point[0] < row - 1:
                break
            if position and children[position - 1].end_point[0] == sibling.start_point[0]:
                break  # a trailing comment of the line above
            blocks.append(clean_comment(ctx.text(sibling)))
            row = sibling.start_point[0]
            position -= 1
            while position >= 0 and not children[position].is_named:
                position -= 1
        lines = [line for block in reversed(blocks) for line in block]
        return _doc(lines)

    @staticmethod
    def _trailing_doc(ctx: Context, node: Node) -> str | None:
        """A comment on the same line after ``node`` (``Name string // the name``), read off the parent's
        children as :meth:`_leading_doc` reads them (``next_sibling`` walks down from the root: asked for
        each spec of a large ``const`` block, quadratic in its specs); none without a ``/`` after it on its line."""
        source, end = ctx.source, node.end_byte
        line_end = source.find(b"\n", end)
        if source.find(b"/", end, line_end if line_end >= 0 else len(source)) < 0:
            return None
        children, position = siblings(ctx, node)
        after = children[position + 1] if position + 1 < len(children) else None
        if after is not None and after.type == "comment" and after.start_point[0] == node.end_point[0]:
            return _doc(clean_comment(ctx.text(after)))
        return None

    # -- references -----------------------------------------------------------------

    def reference(self, ctx: Context, kind: str, node: Node, scope: int) -> None:
        if kind == "call":
            target = node.child_by_field_name("type") if node.type == "generic_type" else node
            found = _dotted(ctx, target)
            if found is not None:
                text, head_known, last = found
                ctx.add_ref(scope, _CALLS, text, node_span(last), head_known=head_known)
        elif kind == "type":
            marks = _marks(ctx)
            start = node.start_byte
            if start in marks.no_reference:
                return  # a qualified type's name (the whole is recorded), a definition's own name
            if start in marks.not_type:
                return  # recorded otherwise (an embedding, a receiver, a generic call)
            found = _dotted(ctx, node)
            if found is None:
                return
            text, _, last = found
            if text in marks.type_parameters and node.type == "type_identifier" \
                    and text in _type_parameters_around(ctx, node):
                return  # a type parameter: bound by the declaration itself
            ctx.add_ref(scope, _REFERENCES, text, node_span(last))
        elif kind == "inherits":
            found = _dotted(ctx, _strip_type(node))
            if found is not None and found[1]:
                ctx.add_ref(scope, _INHERITS, found[0], node_span(found[2]))

    # -- local variables and their types --------------------------------------------

    def finish(self, ctx: Context, scopes: ScopeIndex) -> None:
        """``var_types``: the type of each local name whose every declaration in its function says it.

        Go's types are static: ``x := NewStore()`` keeps x a ``*Store`` for its whole life, so a
        name's type is known when all the declarations of that name in one function (parameters,
        ``var``, ``:=``, in any block) give the same type; a name declared once without a type
        we can read (``range``, a type switch, ``x := y``) is left out.
        """
        kinds = [symbol.kind for symbol in ctx.extraction.symbols]
        found: dict[tuple[int, str], str | None] = {}
        text_at, enclosing = ctx.text_at, scopes.sweep()
        # the types written for each function's parameters and ``var``s, by name (None: written more than once)
        written: dict[tuple[int, str], Node | None] = {}
        for node in _marks(ctx).binders:
            if node.type in ("parameter_declaration", "var_spec") and (typed_node := node.child_by_field_name(
                    "type")) is not None:
                for name_node in _names(node):
                    scope = enclosing(*name_node.byte_range)
                    key = (scope, ctx.text(name_node))
                    written[key] = None if key in written else typed_node
        for node in _marks(ctx).binders:  # (a method's receiver is none: see the query)
            for position, (name_node, type_name) in enumerate(_bindings(ctx, node)):
                start, end = name_node.byte_range
                name = text_at(start, end)
                if name == "_":
                    continue
                scope = enclosing(start, end)
                if scope <= 0 or kinds[scope] not in CALLABLE_KINDS:
                    continue
                if not type_name and node.type in ("short_var_declaration", "var_spec"):
                    type_name = _indexed(ctx, node, position, scope, written)  # ``d := ds[i]``, ``v, ok := m[k]``
                key = (scope, name)
                if key in found and found[key] != type_name:
                    found[key] = None
                else:
                    found[key] = type_name or None
        for (scope, name), known in sorted(found.items()):
            if known:
                ctx.extraction.var_types.setdefault(scope, {})[name] = known
        for node in _marks(ctx).binders:
            if node.type == "type_switch_statement":
                _type_switch_narrowing(ctx, node, enclosing, kinds)
            elif node.type == "range_clause":
                _range_narrowing(ctx, node, enclosing, kinds, written)

    # -- imports ----------------------------------------------------------------------

    def import_statement(self, ctx: Context, node: Node, scope: int) -> None:
        path_node = node.child_by_field_name("path")
        if path_node is None:
            return
        module = ctx.text(path_node).strip('"`')
        if not module:
            return
        name_node = node.child_by_field_name("name")
        alias: str | None = default_package_name(module)
        star = False
        if name_node is not None:
            if name_node.type == "dot":
                alias, star = None, True
            elif name_node.type == "blank_identifier":
                alias = None  # imported for its side effects: binds no name
            else:
                alias = ctx.text(name_node)
        ctx.extraction.imports.append(RawImport(scope, module, node_span(path_node), alias=alias, star=star))


# -- helpers ------------------------------------------------------------------------------

def type_text(ctx: Context, node: Node | None) -> str:
    """A type in the ``declared_type`` convention: the named type (``Store``, ``pkg.Item``), pointers and
    type arguments dropped; "" for anything else (slices, maps, functions, channels)."""
    if node is None:
        return ""
    node = _strip_type(node)
    if node.type == "type_identifier":
        text = ctx.text(node)
        if text in _marks(ctx).type_parameters and text in _type_parameters_around(ctx, node):
            return ""  # a type parameter: any type
        return text
    if node.type == "qualified_type":
        found = _dotted(ctx, node)
        return found[0] if found is not None else ""
    return ""


def _collection_text(ctx: Context, node: Node | None) -> str:
    """What a slice or array type holds, written ``T[]`` (``[]span``, ``[4]*span``: ``span[]``), and a map type's
    values, ``V[:]``, where that is a named type; "" for any other type (the declared type of a defined type
    or alias: ``type spans []span``, whose element ``s[i]`` is a ``span``)."""
    if node is None:
        return ""
    if node.type in ("slice_type", "array_type"):
        element = type_text(ctx, node.child_by_field_name("element"))
        return f"{element}[]" if element else ""
    if node.type == "map_type":
        value = type_text(ctx, node.child_by_field_name("value"))
        return f"{value}[:]" if value else ""
    return ""


def value_type_text(ctx: Context, node: Node | None) -> str:
    """The type of an initialiser, when the syntax says it: ``T{}``, ``&T{}``, ``new(T)``, ``x.(T)``,
    a conversion, or a call ``f()`` (whose declared result the resolver looks up)."""
    while node is not None and node.type in ("unary_expression", "parenthesized_expression"):
        if node.type == "unary_expression":
            operator = node.child_by_field_name("operator")
            if operator is None or ctx.text(operator) != "&":
                return ""
            node = node.child_by_field_name("operand")
        else:
            node = node.named_children[0] if node.named_children else None
    if node is None:
        return ""
    kind = node.type
    if kind in ("composite_literal", "type_assertion_expression", "type_conversion_expression"):
        return type_text(ctx, node.child_by_field_name("type"))
    if kind == "call_expression":
        function = node.child_by_field_name("function")
        if function is None:
            return ""
        if function.type == "identifier" and ctx.text(function) == "new":
            arguments = node.child_by_field_name("arguments")
            first = arguments.named_children[0] if arguments is not None and arguments.named_children else None
            return type_text(ctx, first)
        if function.type == "parenthesized_type":  # ``(*T)(p)``
            return type_text(ctx, function)
        found = _dotted(ctx, function)
        if found is None or not found[1]:
            return ""
        return f"{found[0]}()"
    return ""


def _result_type(ctx: Context, node: Node) -> str:
    """A callable's result type; of several results, the first (``(*T, error)``: a multi-value call
    is only ever assigned, ``t, err := f()``, and its first name gets this type)."""
    result = node.child_by_field_name("result")
    if result is None:
        return ""
    if result.type != "parameter_list":
        return type_text(ctx, result)
    first = next((c for c in result.named_children if c.type == "parameter_declaration"), None)
    return type_text(ctx, first.child_by_field_name("type")) if first is not None else ""


def _value_of(ctx: Context, names: list[Node], values: list[Node], position: int) -> str:
    """The type the initialiser gives the name at ``position`` (``a, b := f(), g()`` pairs them;
    ``a, err := f()`` gives ``a`` the first result of ``f``, ``d, ok := x.(*Disc)`` a ``*Disc``)."""
    if len(values) == len(names):
        return value_type_text(ctx, values[position])
    if len(values) == 1 and position == 0 and values[0].type in ("call_expression", "type_assertion_expression"):
        return value_type_text(ctx, values[0])
    return ""


def _collection(written: dict[tuple[int, str], Node | None], scope: int, operand: Node | None,
                ctx: Context) -> Node | None:
    """The type written for the parameter or ``var`` that ``operand`` names, behind pointers; None for any
    other operand."""
    if operand is None or operand.type != "identifier":
        return None
    declared = written.get((scope, ctx.text(operand)))
    while declared is not None and declared.type in ("pointer_type", "parenthesized_type"):
        declared = declared.named_children[0] if declared.named_children else None
    return declared


def _indexed(ctx: Context, node: Node, position: int, scope: int, written: dict[tuple[int, str], Node | None],
             ) -> str:
    """The type an index expression gives the name at ``position`` of a ``:=`` or ``var``: an element of a slice
    or array, a value of a map (``d := ds[i]``, ``v, ok := m[k]``), where the indexed name's type is written."""
    values_node = node.child_by_field_name("right" if node.type == "short_var_declaration" else "value")
    values = [v for v in values_node.named_children if v.type != "comment"] if values_node is not None else []
    names = node.child_by_field_name("left") if node.type == "short_var_declaration" else None
    count = len([n for n in names.named_children if n.type == "identifier"]) if names is not None else \
        len(_names(node))
    value = values[position] if len(values) == count else values[0] if len(values) == 1 and position == 0 else None
    if value is None or value.type != "index_expression":
        return ""
    declared = _collection(written, scope, value.child_by_field_name("operand"), ctx)
    if declared is None:
        return ""
    if declared.type in ("slice_type", "array_type"):
        return type_text(ctx, declared.child_by_field_name("element"))
    if declared.type == "map_type":
        return type_text(ctx, declared.child_by_field_name("value"))
    return ""


def _range_narrowing(ctx: Context, node: Node, enclosing: Callable[[int, int], int], kinds: list[SymbolKind],
                     written: dict[tuple[int, str], Node | None]) -> None:
    """``for _, d := range ds``: in the loop's body, ``d`` is an element of ``ds`` where a parameter or ``var``
    of the function is written to be a slice, an array, a map (its value; its key for the first name) or a
    channel of a named type (``Extraction.narrowed``: names are reused across loops with other types)."""
    left, right = node.child_by_field_name("left"), node.child_by_field_name("right")
    loop = node.parent
    body = loop.child_by_field_name("body") if loop is not None else None
    names = [n for n in left.named_children if n.type == "identifier"] if left is not None else []
    if not names or right is None or right.type != "identifier" or body is None:
        return
    scope = enclosing(*names[0].byte_range)
    if scope <= 0 or kinds[scope] not in CALLABLE_KINDS:
        return
    declared = _collection(written, scope, right, ctx)
    if declared is None:
        return
    held: list[Node | None] = []  # (what each of the loop's names holds)
    if declared.type in ("slice_type", "array_type"):
        held = [None, declared.child_by_field_name("element")]
    elif declared.type == "map_type":
        held = [declared.child_by_field_name("key"), declared.child_by_field_name("value")]
    elif declared.type == "channel_type":
        held = [declared.child_by_field_name("value")]
    for name_node, holds in zip(names, held, strict=False):
        typed = type_text(ctx, holds) if holds is not None else ""
        if typed and ctx.text(name_node) != "_":
            note_narrowing(ctx, scope, ctx.text(name_node), node_span(body), typed)


def _type_switch_narrowing(ctx: Context, node: Node, enclosing: Callable[[int, int], int],
                           kinds: list[SymbolKind]) -> None:
    """``switch v := x.(type) { case *Disc: … }``: in a case that names one type, ``v`` is of that type
    (``Extraction.narrowed``); in a case of several, or ``default``, it is what ``x`` is."""
    alias = node.child_by_field_name("alias")
    names = [n for n in alias.named_children if n.type == "identifier"] if alias is not None else []
    if len(names) != 1 or ctx.text(names[0]) == "_":
        return
    scope = enclosing(*names[0].byte_range)
    if scope <= 0 or kinds[scope] not in CALLABLE_KINDS:
        return
    name = ctx.text(names[0])
    for case in node.named_children:
        if case.type != "type_case":
            continue
        types = [c for c in case.children_by_field_name("type") if c.is_named]
        typed = type_text(ctx, types[0]) if len(types) == 1 else ""
        if typed:
            note_narrowing(ctx, scope, name, node_span(case), typed)


def _names(node: Node) -> list[Node]:
    """The names a spec, parameter or field declares: the grammar's ``name`` field also holds the commas
    between them in a ``const`` spec (``const ( x, y = 1, 2 )``)."""
    return [name for name in node.children_by_field_name("name") if name.is_named]


#: the statements whose names have no type we can read, and the field that lists those names
_UNTYPED_NAMES = {"range_clause": "left", "receive_statement": "left", "type_switch_statement": "alias"}


def _bindings(ctx: Context, node: Node) -> list[tuple[Node, str]]:
    """``(name node, type text or "")`` for each name a binding node declares."""
    kind = node.type
    if kind == "parameter_declaration":  # never a method's receiver (see the query)
        declared = type_text(ctx, node.child_by_field_name("type"))
        return [(n, declared) for n in _names(node)]
    if kind == "variadic_parameter_declaration":
        name = node.child_by_field_name("name")
        return [(name, "")] if name is not None else []
    if kind in ("var_spec", "const_spec"):
        names = _names(node)
        if kind == "const_spec":
            return [(n, "") for n in names]
        declared = type_text(ctx, node.child_by_field_name("type"))
        values_node = node.child_by_field_name("value")
        values = [v for v in values_node.named_children if v.type != "comment"] if values_node is not None else []
        return [(n, declared or _value_of(ctx, names, values, i)) for i, n in enumerate(names)]
    if kind == "short_var_declaration":
        left = node.child_by_field_name("left")
        right = node.child_by_field_name("right")
        names = [n for n in left.named_children if n.type == "identifier"] if left is not None else []
        values = [v for v in right.named_children if v.type != "comment"] if right is not None else []
        return [(n, _value_of(ctx, names, values, i)) for i, n in enumerate(names)]
    field = _UNTYPED_NAMES.get(kind)  # (``for k, v := range m``, ``v := <-c``, ``switch x := y.(type)``)
    names_node = node.child_by_field_name(field) if field is not None else None
    return [(n, "") for n in names_node.named_children if n.type == "identifier"] if names_node is not None else []



def _render_function(ctx: Context, node: Node) -> str:
    """``(a: int, b: int) -> (n: int, err: error)`` for a function, method or interface method."""
    parameters = node.child_by_field_name("parameters")
    rendered = f"({', '.join(_parameters(ctx, parameters))})"
    result = node.child_by_field_name("result")
    if result is None:
        return rendered
    if result.type != "parameter_list":
        return f"{rendered} -> {ctx.squeezed(result)}"
    items = _parameters(ctx, result)
    named = any(c.child_by_field_name("name") is not None for c in result.named_children)
    if len(items) == 1 and not named:
        return f"{rendered} -> {items[0]}"
    return f"{rendered} -> ({', '.join(items)})"


def _parameters(ctx: Context, parameters: Node | None) -> list[str]:
    if parameters is None:
        return []
    out: list[str] = []
    for child in parameters.named_children:
        if child.type == "parameter_declaration":
            type_text = ctx.squeezed(child.child_by_field_name("type"))
            names = _names(child)
            if names:
                out += [f"{ctx.text(n)}: {type_text}" for n in names]
            else:
                out.append(type_text)
        elif child.type == "variadic_parameter_declaration":
            type_text = "..." + ctx.squeezed(child.child_by_field_name("type"))
            name = child.child_by_field_name("name")
            out.append(f"{ctx.text(name)}: {type_text}" if name is not None else type_text)
    return out


def _implicit_constant_type(ctx: Context, spec: Node, declaration: Node) -> Node | None:
    """In ``const ( A Kind = iota; B )``, B repeats A's type and expression: the type of the last spec before it
    that has a type or a value.

    Found for all the specs of a ``const`` declaration at once, in one pass over its children (remembered in
    ``ctx.state``): a generated block of thousands of implicit constants would otherwise walk back over
    all of them for each one (``prev_named_sibling`` walks down from the root each time, too).
    """
    known = ctx.state.setdefault("go.implicit_types", {})
    assert isinstance(known, dict)
    if spec.start_byte not in known:
        found: Node | None = None
        for child in declaration.named_children:
            if child.type != "const_spec":
                continue
            type_node = child.child_by_field_name("type")
            if type_node is None and child.child_by_field_name("value") is None:
                known[child.start_byte] = found  # it repeats the spec before it
            else:
                found = type_node
    return cast("Node | None", known.get(spec.start_byte))


def _strip_type(node: Node) -> Node:
    """The named type inside ``*T``, ``T[X]``, ``(T)``."""
    while node.type in ("pointer_type", "generic_type", "parenthesized_type"):
        inner = node.child_by_field_name("type") if node.type == "generic_type" else (
            node.named_children[0] if node.named_children else None
        )
        if inner is None:
            break
        node = inner
    return node


def _dotted(ctx: Context, node: Node | None) -> tuple[str, bool, Node] | None:
    """``(text, head_known, last name node)`` for a name expression; None when it names nothing."""
    if node is None:
        return None
    kind = node.type
    if kind in _NAMES:
        return ctx.text(node), True, node
    if kind == "qualified_type":
        package = node.child_by_field_name("package")
        name = node.child_by_field_name("name")
        if package is None or name is None:
            return None
        return f"{ctx.text(package)}.{ctx.text(name)}", True, name
    if kind == "selector_expression":
        field = node.child_by_field_name("field")
        if field is None:
            return None
        operand = node.child_by_field_name("operand")
        if operand is not None and operand.type == "identifier":  # (most chains: ``fmt.Println``, ``s.items``)
            return f"{ctx.text(operand)}.{ctx.text(field)}", True, field
        found = _selector_chain(ctx, node)
        return (*found, field) if found is not None else None
    if kind == "generic_type":
        return _dotted(ctx, node.child_by_field_name("type"))
    if kind == "index_expression":  # ``F[int]`` in a call: an instantiation (``s[i].x``: ``_selector_chain``)
        return _dotted(ctx, node.child_by_field_name("operand"))
    if kind == "parenthesized_expression" and node.named_children:
        return _dotted(ctx, node.named_children[0])
    return None


def _selector_chain(ctx: Context, node: Node) -> tuple[str, bool] | None:
    """``(text, head_known)`` of a selector chain: ``a.b.c``, through calls (``NewStore().Add``,
    ``s.inv().Count``: each call written ``name()``, typed by the callee's declared result; a call of ``new``
    or ``make``, or of what is no name, leaves what follows its head unknown), from a composite literal
    (``(&Store{}).Add`` as ``Store().Add``) or a type assertion (``x.(*Store).Add``, alike). Read from the
    outside in, without recursion: a chain of calls is as deep as it is long."""
    steps: list[Step] = []
    current: Node | None = node
    head: tuple[str, bool, Node] | None = None
    while current is not None and len(steps) < CHAIN_STEPS:
        kind = current.type
        if kind == "selector_expression":
            field = current.child_by_field_name("field")
            if field is None:
                break
            steps.append(ctx.text(field))
            current = current.child_by_field_name("operand")
        elif kind == "call_expression" and steps:
            function = current.child_by_field_name("function")
            if function is None or (function.type == "identifier" and ctx.text(function) in ("new", "make")):
                break
            steps.append(None)
            current = function
        elif kind == "index_expression" and steps:
            # ``s[i].end``: a member of an element of what ``s`` holds (``s[].end``), never of ``s`` itself
            inner = _dotted(ctx, current.child_by_field_name("operand"))
            head = (f"{inner[0]}[]", True, current) if inner is not None and inner[1] and "[" not in inner[0] \
                else None
            break
        elif kind == "parenthesized_expression" and current.named_children:
            current = current.named_children[0]
        elif kind == "unary_expression" and (operator := current.child_by_field_name("operator")) is not None \
                and ctx.text(operator) == "&":
            current = current.child_by_field_name("operand")
        elif (kind == "composite_literal" or kind == "type_assertion_expression") and steps:
            # ``(&Store{}).Add``, ``Point{}.X``, ``x.(*Store).Add``: a value of that type
            typed = type_text(ctx, current.child_by_field_name("type"))
            head = (f"{typed}()", True, current) if typed else None  # (a type called: a value of it)
            break
        else:
            head = _dotted(ctx, current)
            break
    return fold_chain(head[:2] if head is not None else None, steps)


def _literal_key(ctx: Context, key: Node, keyed: Node) -> tuple[str, bool, Node] | None:
    """``X`` in ``T{X: 1}``: the field ``T.X``; in a map, slice or array literal a key is a value. In a
    literal whose type is elided (``[]T{{X: 1}}``), the element type of the literal around it."""
    literal = keyed.parent
    # the type the literal's elements have: walk out through elided literals (``{…}`` inside ``{…}``)
    depth = 0
    while literal is not None and literal.type == "literal_value":
        outer = literal.parent
        if outer is None:
            return None
        if outer.type == "composite_literal":
            type_node = outer.child_by_field_name("type")
            break
        if outer.type != "literal_element":
            return ctx.text(key), False, key
        holder = outer.parent  # a keyed element (as its value, or its key) or the outer literal_value
        if holder is not None and holder.type == "keyed_element":
            depth += 1 if holder.child_by_field_name("value") == outer else 100  # (a composite key)
            literal = holder.parent
        else:
            depth += 1
            literal = holder
    else:
        return ctx.text(key), False, key
    for _ in range(depth):  # the element type of each elided level
        while type_node is not None and type_node.type in ("pointer_type", "parenthesized_type"):
            type_node = type_node.named_children[0] if type_node.named_children else None
        if type_node is None or type_node.type not in (
                "slice_type", "array_type", "implicit_length_array_type", "map_type"):
            return ctx.text(key), False, key
        type_node = type_node.child_by_field_name("value" if type_node.type == "map_type" else "element")
    if type_node is not None and type_node.type == "pointer_type":
        type_node = type_node.named_children[0] if type_node.named_children else None
    if type_node is not None and type_node.type in (
            "slice_type", "array_type", "implicit_length_array_type", "map_type"):
        return _dotted(ctx, key)  # an index or a map key: a value
    named = type_text(ctx, type_node)
    if not named:
        return ctx.text(key), False, key
    return f"{named}.{ctx.text(key)}", True, key


def _note_type_parameters(ctx: Context, names: set[str]) -> None:
    """Remember the file's type parameter names: only those need the walk up the tree."""
    _marks(ctx).type_parameters.update(names)


def _type_parameters_around(ctx: Context, node: Node) -> set[str]:
    """Type parameter names declared by the declarations enclosing ``node``."""
    names: set[str] = set()
    current = node.parent
    while current is not None:
        kind = current.type
        if kind in ("function_declaration", "type_spec", "type_alias"):
            parameters = current.child_by_field_name("type_parameters")
            if parameters is not None:
                for declaration in parameters.named_children:
                    names.update(ctx.text(n) for n in _names(declaration))
        elif kind == "method_declaration":
            receiver = current.child_by_field_name("receiver")
            if receiver is not None:
                names.update(_receiver_type_arguments(ctx, receiver))
        current = current.parent
    return names


def _receiver_type_arguments(ctx: Context, receiver: Node) -> set[str]:
    """The type parameters a method's receiver declares: ``T`` in ``(l *List[T])``."""
    names: set[str] = set()
    stack = list(receiver.named_children)
    while stack:
        current = stack.pop()
        if current.type == "type_arguments":
            for element in current.named_children:
                inner = element.named_children[0] if element.type == "type_elem" and element.named_children \
                    else element
                if inner.type == "type_identifier":
                    names.add(ctx.text(inner))
            continue
        stack.extend(current.named_children)
    return names


class _Marks:
    """What the query's ``@adapter`` captures say about a file (read once per file): the keys of keyed
    literal elements (by start byte, with their element: ``@adapter.keyed``), where a type name is no type
    use (``@adapter.not_type``) or no reference at all (``@adapter.no_reference``), the nodes that bind
    local names (``@adapter.binder``)."""

    def __init__(self, ctx: Context) -> None:
        self.keyed: dict[int, Node] = {}
        no_reference: set[int] = set()
        not_type: list[tuple[int, int]] = []
        self.binders: list[Node] = []
        #: the names of the file's type parameters (:func:`_note_type_parameters`)
        self.type_parameters: set[str] = set()
        for captures in ctx.matches:
            binder = captures.get("adapter.binder")
            if binder:
                self.binders.extend(binder)
                continue
            for key in captures.get("adapter.literal_key", ()):
                self.keyed[key.start_byte] = captures["adapter.keyed"][0]
            not_type.extend(node.byte_range for node in captures.get("adapter.not_type", ()))
            no_reference.update(node.start_byte for node in captures.get("adapter.no_reference", ()))
        self.literal_keys = frozenset(self.keyed)
        self.not_type = ByteRanges(not_type, merge=True)
        self.no_reference = frozenset(no_reference)


def _marks(ctx: Context) -> _Marks:
    marks = ctx.state.get("go")
    if not isinstance(marks, _Marks):
        marks = ctx.state["go"] = _Marks(ctx)
    return marks


ADAPTER = GoAdapter

__all__ = ["ADAPTER", "GoAdapter", "default_package_name", "is_exported"]
