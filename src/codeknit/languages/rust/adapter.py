"""Rust: the adapter half (the query half is ``rust/queries.scm``).

Kinds: a file is a ``module/module`` named by its module path (``crate``,
``crate::net::tcp``, from the file's place under ``src/``); ``mod x { … }`` is
a nested ``module/module``; ``mod x;`` is an import of the file module. In an
``impl`` or a trait, a ``fn`` that takes ``self`` is a method and one that does
not is an associated function (``callable/function`` with ``static``); ``impl``
items carry ``owner`` (the implementing type), so the resolver attaches them
to the type wherever it is defined.

Paths are written with ``.`` in references and imports (``std::io::Write`` is
``std.io.Write``), which is how the resolver walks names; signatures keep the
source spelling. ``self::`` is dropped (it names the current module), a
single-name macro call is ``name!``.
"""

from __future__ import annotations

import bisect
import functools
from collections.abc import Container
from typing import TYPE_CHECKING

from codeknit.graph.model import Category, EdgeKind, PropertyValue, Span, SymbolKind
from codeknit.languages.engine import (
    Adapter,
    ByteRanges,
    Context,
    ScopeIndex,
    block_comment_lines,
    file_symbol,
    grammar_language,
    node_span,
    node_symbol,
    siblings,
)
from codeknit.languages.records import CHAIN_STEPS, RawImport, RawRef, RawSymbol, Step, fold_chain
from codeknit.languages.rust.modules import QUALIFIER, module_display_name
from codeknit.languages.typing_notes import note_narrowing

if TYPE_CHECKING:
    from tree_sitter import Node

#: attributes that hand a function to the test harness (``cargo test``, ``cargo bench``), which calls it
_HARNESS = frozenset({"test", "bench"})
#: attributes of the language and its tools: not decorators
BUILTIN_ATTRIBUTES = frozenset({
    "allow", "automatically_derived", "bench", "cfg", "cfg_attr", "clippy", "cold", "collapse_debuginfo",
    "coverage", "crate_name", "crate_type", "debugger_visualizer", "deny", "deprecated", "derive",
    "diagnostic", "doc", "expect", "export_name", "feature", "forbid", "global_allocator", "ignore",
    "inline", "instruction_set", "link", "link_name", "link_ordinal", "link_section", "macro_export",
    "macro_use", "must_use", "naked", "no_builtins", "no_implicit_prelude", "no_link", "no_main",
    "no_mangle", "no_std", "non_exhaustive", "panic_handler", "path", "proc_macro",
    "proc_macro_attribute", "proc_macro_derive", "recursion_limit", "repr", "rustfmt", "should_panic",
    "target_feature", "test", "track_caller", "type_length_limit", "unsafe", "used", "warn",
    "windows_subsystem", "rustc_diagnostic_item", "unstable", "stable", "rustfmt::skip",
})
#: items an attribute can decorate (fields, variants, parameters and statements are left out)
_ITEMS = frozenset({
    "function_item", "function_signature_item", "struct_item", "enum_item", "union_item", "trait_item",
    "impl_item", "mod_item", "type_item", "const_item", "static_item", "macro_definition",
})
#: what may stand between an item's attributes and the item, or among a list's entries
_TRIVIA = frozenset({"attribute_item", "line_comment", "block_comment"})
#: a function's modifier keywords (node types) and the properties they set, in the properties' order
_MODIFIERS = {"async": "async", "const": "const", "unsafe": "unsafe", "extern_modifier": "extern"}
_TYPE_ITEMS = frozenset({"struct_item", "enum_item", "union_item", "trait_item", "type_item"})


class RustAdapter(Adapter):
    language = "rust"
    grammars = {"": "rust"}

    # -- the module ------------------------------------------------------------------

    def module_symbol(self, ctx: Context, root: Node) -> RawSymbol:
        name = module_display_name(ctx.extraction.path)
        return file_symbol(ctx, root, name, doc=_inner_doc(ctx, root))

    # -- values ------------------------------------------------------------------------

    #: a name is its own text, a field chain written plainly (``self.items``) is too; the names that
    #: :meth:`chain` reads otherwise are in :attr:`_Marks.opaque` (``special_values``)
    plain_value_types = frozenset({"identifier", "self"})
    plain_chain_types = frozenset({"field_expression"})

    def special_values(self, ctx: Context) -> Container[int]:
        return _marks(ctx).opaque

    def chain(self, ctx: Context, node: Node) -> tuple[str, bool, Node] | None:
        """A path or field chain (``crate::a::f``, ``self.items``); a struct literal's or pattern's field
        name is the field of its type (``Point { x: 1 }``: ``Point.x``); a name in a macro's arguments
        reads as written with the names before it (``self.count`` in ``println!("{}", self.count)``);
        the names in a ``use`` tree are its imported names and module path, no values; a path's first
        name is written with :data:`QUALIFIER` after it (``parse::`` in ``parse::Parser::run``): it names
        a module, type, trait or enum, never a function or local of that name (the rules look it up so)."""
        marks = _marks(ctx)
        if node.start_byte in marks.uses:
            return None
        if node.type == "identifier" and node.start_byte in marks.qualifiers:  # (``parse`` in ``parse::Parser``)
            return ctx.text(node) + QUALIFIER, True, node
        if node.type == "field_identifier":  # (``x`` in ``Point { x: 1 }``: the field ``Point.x``)
            found = _path(ctx, marks.fields.get(node.start_byte))
            if found is None or not found[1]:
                return ctx.text(node), False, node
            return f"{found[0]}.{ctx.text(node)}", True, node
        parent = node.parent
        if parent is not None and parent.type == "token_tree":  # (in a ``macro_rules!`` body or an attribute: none)
            return _token_chain(ctx, node) if node.start_byte in marks.arguments else None
        return _path(ctx, node)

    # -- definitions ---------------------------------------------------------------

    def definition(self, ctx: Context, kind: str, node: Node, name: Node | None) -> RawSymbol | None:
        if name is None:
            return None
        if kind == "tuple_fields":
            return self._tuple_fields(ctx, node)
        if kind == "type_parameter":
            symbol = node_symbol(ctx, SymbolKind.TYPE_PARAMETER, node, name)
            symbol.signature = _type_parameter_signature(ctx, node)
            return symbol
        preceding = _preceding(ctx, node)
        start = next((s for s in preceding if s.type == "attribute_item"), node)
        symbol = RawSymbol(
            name=ctx.text(name),
            kind=SymbolKind(kind),
            span=(start.start_point[0] + 1, start.start_point[1], node.end_point[0] + 1, node.end_point[1]),
            name_span=node_span(name),
            start_byte=start.start_byte,
            end_byte=node.end_byte,
            doc=_doc_comments(ctx, preceding),
        )
        context, impl = ("member", None) if kind in ("field", "enum_member") else _context(ctx, node)
        if kind == "function":
            self._function(ctx, symbol, node, context)
            if any(a.type == "attribute_item" and _attribute_name(ctx, a) in _HARNESS for a in preceding):
                symbol.properties["test"] = True  # (run by the test harness: an entry point)
        elif kind == "enum_member":
            body = node.child_by_field_name("body")
            value = node.child_by_field_name("value")
            symbol.signature = symbol.name + (
                (" " if body.type == "field_declaration_list" else "") + ctx.squeezed(body) if body else ""
            ) + (f" = {ctx.squeezed(value)}" if value is not None else "")
            return symbol
        elif kind in ("constant", "variable", "field"):
            type_node = node.child_by_field_name("type")
            symbol.declared_type = type_text(ctx, type_node)
            symbol.signature = f"{symbol.name}: {ctx.squeezed(type_node)}" if type_node is not None else symbol.name
            if kind == "variable":
                symbol.properties["static"] = True
                if any(c.type == "mutable_specifier" for c in node.children):
                    symbol.properties["mut"] = True
        elif kind == "macro":
            symbol.signature = f"{symbol.name}!"
            exported = any(
                _attribute_name(ctx, a) == "macro_export" for a in preceding if a.type == "attribute_item"
            )
            symbol.properties = {"exported": exported}
            return symbol
        elif kind == "module":
            symbol.signature = symbol.name
            symbol.doc = symbol.doc or _inner_doc(ctx, node.child_by_field_name("body"))
        else:  # struct, enum, union, trait, type alias
            self._type(ctx, symbol, node)
        owner = _impl_type_name(ctx, impl) if impl is not None else None
        if owner:
            symbol.owner = owner
        if context == "trait_impl" and impl is not None:  # (the trait whose item it implements: the rules' overrides)
            trait = _path(ctx, impl.child_by_field_name("trait"))
            if trait is not None and trait[1]:
                symbol.bases = [trait[0]]
        if kind == "function":
            symbol.declared_type = type_text(ctx, node.child_by_field_name("return_type"), owner or "")
        if context not in ("trait", "trait_impl", "body"):  # (where an item can have a visibility)
            modifier = next((c for c in node.children if c.type == "visibility_modifier"), None)
            symbol.properties = {**_visibility(ctx, modifier), **symbol.properties}
        return symbol

    def _function(self, ctx: Context, symbol: RawSymbol, node: Node, context: str) -> None:
        parameters = node.child_by_field_name("parameters")
        rendered, has_self = _parameters(ctx, parameters)
        properties: dict[str, PropertyValue] = {}
        modifiers = next((c for c in node.children if c.type == "function_modifiers"), None)
        words = {c.type for c in modifiers.children} if modifiers is not None else set()
        properties.update((name, True) for word, name in _MODIFIERS.items() if word in words)
        if context == "extern":
            properties["extern"] = True
        if context in ("impl", "trait_impl", "trait"):
            if has_self:
                symbol.kind = SymbolKind.METHOD
                symbol.receiver = "self"
            else:
                properties["static"] = True
            if context == "trait" and node.type == "function_signature_item":
                properties["abstract"] = True
        generics = node.child_by_field_name("type_parameters")
        signature = symbol.name + (ctx.squeezed(generics) if generics is not None else "") + f"({rendered})"
        returns = node.child_by_field_name("return_type")
        if returns is not None:
            signature += f" -> {ctx.squeezed(returns)}"
        symbol.signature = signature
        symbol.properties = properties

    def _type(self, ctx: Context, symbol: RawSymbol, node: Node) -> None:
        generics = node.child_by_field_name("type_parameters")
        head = symbol.name + (ctx.squeezed(generics) if generics is not None else "")
        if node.type == "type_item":
            symbol.signature = f"{head} = {ctx.squeezed(node.child_by_field_name('type'))}"
        elif node.type == "associated_type":
            bounds = node.child_by_field_name("bounds")
            default = node.child_by_field_name("default_type")
            symbol.signature = head + (f"{ctx.squeezed(bounds)}" if bounds is not None else "") + (
                f" = {ctx.squeezed(default)}" if default is not None else ""
            )
        else:
            symbol.signature = head
        if symbol.kind is SymbolKind.TRAIT and any(c.type == "unsafe" for c in node.children):
            symbol.properties["unsafe"] = True

    def _tuple_fields(self, ctx: Context, node: Node) -> RawSymbol | None:
        """``struct Meters(pub f64)``: fields ``0``, ``1`` … (one symbol each)."""
        symbols: list[RawSymbol] = []
        visibility: Node | None = None
        for child in node.named_children:
            if child.type == "visibility_modifier":
                visibility = child
                continue
            if child.type in _TRIVIA:
                continue
            name = str(len(symbols))
            start = visibility if visibility is not None else child
            symbols.append(RawSymbol(
                name=name,
                kind=SymbolKind.FIELD,
                span=(start.start_point[0] + 1, start.start_point[1], child.end_point[0] + 1, child.end_point[1]),
                name_span=node_span(child),
                start_byte=start.start_byte,
                end_byte=child.end_byte,
                signature=f"{name}: {ctx.squeezed(child)}",
                properties=_visibility(ctx, visibility),
            ))
            visibility = None
        if not symbols:
            return None
        for extra in symbols[1:]:
            ctx.add_symbol(extra)
        return symbols[0]

    # -- references -----------------------------------------------------------------

    def reference(self, ctx: Context, kind: str, node: Node, scope: int) -> None:
        if kind == "call":
            found = _path(ctx, node)  # (``f::<T>`` is ``f``)
            if found is not None:
                ctx.add_ref(scope, EdgeKind.CALLS, found[0], node_span(found[2]), head_known=found[1])
        elif kind == "macro":
            ctx.add_ref(scope, EdgeKind.CALLS, f"{ctx.text(node)}!", node_span(node))
        elif kind == "type":
            self._type_reference(ctx, node, scope)
        elif kind == "inherits":
            found = _path(ctx, node)
            if found is not None and found[1]:
                ctx.add_ref(scope, EdgeKind.INHERITS, found[0], node_span(found[2]))
        elif kind == "implements":
            self._implements(ctx, node, scope)
        elif kind == "decorates":
            self._attribute(ctx, node, scope)
        elif kind == "tokens":
            if node.start_byte in _marks(ctx).quoted:
                return
            receiver = ctx.extraction.symbols[scope].receiver if scope else None
            pattern = _marks(ctx).patterns.get(node.start_byte)
            for text, head_known, last in _token_calls(ctx, node, receiver):
                if pattern is not None and pattern[0] <= last.start_byte < pattern[1] and not text.endswith("!"):
                    # ``Foo::Bar(..)`` in ``matches!``'s pattern: the variant is named, as in ``if let``, not called
                    ctx.add_ref(scope, EdgeKind.REFERENCES, text, node_span(last), head_known=head_known)
                    continue
                ctx.add_ref(scope, EdgeKind.CALLS, text, node_span(last), head_known=head_known)

        elif kind == "macro_body":
            for name in _body_macros(ctx, node):
                ctx.add_ref(scope, EdgeKind.CALLS, f"{ctx.text(name)}!", node_span(name))

    def _type_reference(self, ctx: Context, node: Node, scope: int) -> None:
        marks = _marks(ctx)
        if node.start_byte in marks.named or node.start_byte in marks.headers:
            return
        found = _path(ctx, node)
        if found is None or not found[1]:
            return
        text = found[0]
        if "." not in text and marks.is_generic(text, node.start_byte):
            return  # a type parameter, bound by the item itself
        ctx.add_ref(scope, EdgeKind.REFERENCES, text, node_span(found[2]))

    def _implements(self, ctx: Context, node: Node, scope: int) -> None:
        """``impl Trait for Type``: Type implements Trait (Type found in this module, else by name)."""
        found = _path(ctx, node)
        owner = _impl_type_name(ctx, node.parent) if node.parent is not None else None
        if found is None or not found[1] or not owner:
            return
        target = _impl_type_symbol(ctx, owner, scope)
        ctx.extraction.refs.append(RawRef(scope if target is None else target, EdgeKind.IMPLEMENTS, found[0],
                                          node_span(found[2]), owner=owner if target is None else None))

    def _attribute(self, ctx: Context, node: Node, scope: int) -> None:
        item = _attributed_item(ctx, node.parent)
        if item is None or item.type not in _ITEMS:
            return
        found = _path(ctx, node.named_children[0]) if node.named_children else None
        name = found[0] if found is not None else ""
        if name == "derive":
            for text, last in _derived(ctx, node) if item.type in _TYPE_ITEMS else ():
                ctx.add_ref(scope, EdgeKind.IMPLEMENTS, text, node_span(last))
        elif found is not None and found[1] and item.type != "impl_item" and name not in BUILTIN_ATTRIBUTES \
                and name.split(".")[0] not in ("rustfmt", "clippy", "diagnostic"):
            ctx.add_ref(scope, EdgeKind.DECORATES, name, node_span(found[2]))

    # -- local variables and their types --------------------------------------------

    def finish(self, ctx: Context, scopes: ScopeIndex) -> None:
        """``var_types``: a local typed by every binding of its name in the function.

        ``let x: T``, ``let x = T::new()`` / ``T { … }`` / ``make()`` / ``a.b()``, and parameters
        ``x: &T``. Rust shadows freely (``let x = x.parse()``): a name bound more than once with different
        types, or by a pattern, is left out. A pattern's name is typed in the block it binds it for
        (``Extraction.narrowed``): an element of a collection a parameter or ``let`` of the function is
        written to hold (``for d in &discs``, ``discs.iter()``, with ``discs: Vec<Disc>``), and what
        ``Some``/``Ok``/``Err`` unwraps (``if let Some(d) = opt``, ``while let``, a ``match`` arm, with
        ``opt: Option<Disc>``; and ``v.pop()``, ``v.first()``… of such a collection).
        """
        symbols = ctx.extraction.symbols
        typed: dict[tuple[int, str], list[str]] = {}
        bound: dict[tuple[int, str], int] = {}
        tokens: set[int] = set()  # (a name two patterns capture, ``mut x`` in a parameter, is bound once)
        # the types written for a function's parameters and ``let``s, by name (what a pattern reads one from)
        written: dict[tuple[int, str], Node | None] = {}
        patterns: list[tuple[tuple[int, str], Node, Node]] = []  # (key, name node, its pattern's holder)
        for scope, name, _kind, name_node, _how in ctx.declared:
            if name_node.start_byte in tokens:
                continue
            tokens.add(name_node.start_byte)
            if scope <= 0 or symbols[scope].kind.category is not Category.CALLABLE:
                continue
            key = (scope, name)
            bound[key] = bound.get(key, 0) + 1
            holder = name_node.parent
            while holder is not None and holder.type in ("mut_pattern", "ref_pattern"):
                holder = holder.parent
            if holder is None:
                continue
            if holder.type not in ("parameter", "let_declaration"):
                patterns.append((key, name_node, holder))
                continue
            type_node = holder.child_by_field_name("type")
            written[key] = None if key in written else type_node  # (written twice: which one is unknown)
            found = type_text(ctx, type_node)
            if not found and holder.type == "let_declaration":
                found = value_type_text(ctx, holder.child_by_field_name("value"))
            if found:
                typed.setdefault(key, []).append(found)
        for key, name_node, holder in patterns:  # (a pattern's name: typed in the block it binds it for)
            found = _pattern_type(ctx, key[0], name_node, holder, written)
            region = _pattern_region(holder) if found else None
            if region is not None:
                note_narrowing(ctx, key[0], key[1], node_span(region), found)
        for (scope, name), types in sorted(typed.items()):
            if len(types) == bound.get((scope, name), 0) and len(set(types)) == 1:
                ctx.extraction.var_types.setdefault(scope, {})[name] = types[0]

    # -- imports ----------------------------------------------------------------------

    def import_statement(self, ctx: Context, node: Node, scope: int) -> None:
        imports = ctx.extraction.imports
        if node.type == "mod_item":
            name = node.child_by_field_name("name")
            if name is not None:
                text = ctx.text(name)
                imports.append(RawImport(scope, f"self.{text}", node_span(name), alias=text))
            return
        if node.type == "extern_crate_declaration":
            name = node.child_by_field_name("name")
            alias = node.child_by_field_name("alias")
            if name is not None and ctx.text(name) != "self":
                imports.append(RawImport(scope, ctx.text(name), node_span(name),
                                         alias=ctx.text(alias) if alias is not None else ctx.text(name)))
            return
        argument = node.child_by_field_name("argument")
        if argument is None:
            return
        span = node_span(argument)
        # module → its names (``""``: the module itself), with the modules and globs in the order written
        groups: dict[str, list[tuple[str, str, Span]]] = {}
        order: list[tuple[str, bool, Span]] = []  # (module, is a glob, its token)
        for tokens, local, star in _use_leaves(ctx, argument, []):
            segments = [ctx.text(token) for token in tokens]
            if star:
                if segments:
                    order.append((".".join(segments), True, node_span(tokens[-1])))
                continue
            last = tokens[-1]  # the token that names what is imported (``self`` in ``a::{self}``)
            if segments and segments[-1] == "self":
                segments, tokens = segments[:-1], tokens[:-1]
                if local == "self":
                    local = segments[-1] if segments else local
            if not segments or local == "_":
                continue
            module, imported, token = (segments[0], "", last) if len(segments) == 1 else (
                ".".join(segments[:-1]), segments[-1], tokens[-2])
            if module not in groups:
                groups[module] = []
                order.append((module, False, node_span(token)))
            groups[module].append((imported, local, node_span(last)))
        for module, star, module_span in order:
            if star:
                imports.append(RawImport(scope, module, span, star=True, module_span=module_span))
                continue
            names = groups[module]
            for imported, local, at in names:
                if not imported:  # ``use serde;``, ``use foo as bar;``: the crate or module itself
                    imports.append(RawImport(scope, module, span, alias=local, module_span=at))
            named = [n for n in names if n[0]]
            if named:
                imports.append(RawImport(scope, module, span, names=tuple((n[0], n[1]) for n in named),
                                         name_spans=tuple(n[2] for n in named), module_span=module_span))


# -- helpers: items ---------------------------------------------------------------------


def _context(ctx: Context, node: Node) -> tuple[str, Node | None]:
    """Where an item is written: ``module``, ``impl``, ``trait_impl``, ``trait``, ``extern``, ``body``; and
    the ``impl`` it is in."""
    parent = node.parent
    if parent is None or parent.type == "source_file":
        return "module", None
    if parent.type != "declaration_list":
        return "body", None
    return _marks(ctx).bodies.get(parent.start_byte, ("module", None))


def _visibility(ctx: Context, modifier: Node | None) -> dict[str, PropertyValue]:
    """``exported`` (is ``pub``) and the written ``visibility`` of an item or field with this modifier."""
    if modifier is None:
        return {"exported": False}
    written = ctx.squeezed(modifier)
    return {"exported": written == "pub", "visibility": written}


def _preceding(ctx: Context, node: Node) -> list[Node]:
    """The attributes and comments written right before ``node`` among its siblings.

    Computed once per parent: asking tree-sitter for a previous sibling walks the
    parent's children from the start, which is quadratic in a long module.
    """
    parent = node.parent
    if parent is None:
        return []
    cache: dict[tuple[int, int], dict[int, list[Node]]] = ctx.state.setdefault("rust.preceding", {})  # type: ignore[assignment]
    key = (parent.start_byte, parent.end_byte)
    before = cache.get(key)
    if before is None:
        before = {}
        pending: list[Node] = []
        after: dict[int, Node] = ctx.state.setdefault("rust.following", {})  # type: ignore[assignment]
        for child in parent.named_children:
            if child.type in _TRIVIA:
                pending.append(child)
                continue
            before[child.start_byte] = pending
            for trivia in pending:
                after[trivia.start_byte] = child
            pending = []
        cache[key] = before
    return before.get(node.start_byte, [])


def _attributed_item(ctx: Context, attribute_item: Node | None) -> Node | None:
    """The item an outer attribute belongs to: the next sibling that is not an attribute or comment."""
    if attribute_item is None:
        return None
    _preceding(ctx, attribute_item)  # fills the map for this attribute's siblings
    following: dict[int, Node] = ctx.state.get("rust.following", {})  # type: ignore[assignment]
    return following.get(attribute_item.start_byte)


def _attribute_name(ctx: Context, attribute_item: Node) -> str:
    attribute = next((c for c in attribute_item.named_children if c.type == "attribute"), None)
    head = attribute.named_children[0] if attribute is not None and attribute.named_children else None
    if head is None:
        return ""
    found = _path(ctx, head)
    return found[0] if found is not None else ""


def _derived(ctx: Context, attribute: Node) -> list[tuple[str, Node]]:
    """``(path, last name)`` for each trait of ``#[derive(A, b::C)]``."""
    arguments = attribute.child_by_field_name("arguments")
    if arguments is None:
        return []
    out: list[tuple[str, Node]] = []
    segments: list[str] = []
    last: Node | None = None
    for child in arguments.children:
        if child.type == "identifier":
            segments.append(ctx.text(child))
            last = child
        elif child.type == "," or child.type == ")":
            if segments and last is not None:
                out.append((".".join(segments), last))
            segments, last = [], None
    return out


@functools.cache
def _doc_fields() -> tuple[int, int, int]:
    """The grammar's field ids of a comment's ``outer`` and ``inner`` doc marker and its ``doc`` text (a
    look-up by id costs less than one by name, which compares the names of the grammar's fields)."""
    language = grammar_language("rust")
    outer, inner, doc = (language.field_id_for_name(name) for name in ("outer", "inner", "doc"))
    assert outer and inner and doc
    return outer, inner, doc


def _doc_comments(ctx: Context, comments: list[Node], inner: bool = False) -> str | None:
    """The doc comments among ``comments``, those with the grammar's ``outer`` marker (``///`` and ``/** */``
    before an item), or with ``inner`` its ``inner`` one (``//!`` and ``/*! */`` at the top of a file or
    inline module), as one text (a line comment's first space dropped, a block's lines cleaned)."""
    outer_field, inner_field, doc_field = _doc_fields()
    marker = inner_field if inner else outer_field
    lines: list[str] = []
    for comment in comments:
        if comment.child_by_field_id(marker) is None:
            continue
        doc = comment.child_by_field_id(doc_field)
        text = ctx.text(doc).rstrip("\n")
        if doc is not None and comment.type == "block_comment":
            lines += block_comment_lines(text)
        else:
            lines.append(text[1:] if text.startswith(" ") else text)
    text = "\n".join(line.rstrip() for line in lines).strip()
    return text[:1000] or None


def _inner_doc(ctx: Context, container: Node | None) -> str | None:
    """``//!`` and ``/*! */`` comments at the top of a file or inline module (before its first item)."""
    if container is None:
        return None
    comments: list[Node] = []
    for child in container.named_children:
        if child.type in ("line_comment", "block_comment"):
            comments.append(child)
        elif child.type not in ("attribute_item", "inner_attribute_item"):
            break
    return _doc_comments(ctx, comments, inner=True)


def _parameters(ctx: Context, parameters: Node | None) -> tuple[str, bool]:
    """``(rendered parameter list, takes self)``; ``mut`` on a binding is left out."""
    if parameters is None:
        return "", False
    out: list[str] = []
    has_self = False
    for child in parameters.named_children:
        if child.type == "self_parameter":
            has_self = True
            text = ctx.squeezed(child)
            out.append(text[4:] if text.startswith("mut ") else text)
        elif child.type == "parameter":
            pattern = child.child_by_field_name("pattern")
            type_node = child.child_by_field_name("type")
            name = ctx.squeezed(pattern)
            if name in ("self", "mut self"):  # ``self: Box<Self>``
                has_self = True
                name = "self"
            out.append(f"{name}: {ctx.squeezed(type_node)}" if type_node is not None else name)
        elif child.type == "variadic_parameter":
            out.append("...")
        elif child.type not in _TRIVIA:
            out.append(ctx.squeezed(child))
    return ", ".join(out), has_self


def _type_parameter_signature(ctx: Context, node: Node) -> str:
    """``T: Clone + Send`` (bounds from the ``where`` clause too), ``const N: usize``, ``T = u8``."""
    if node.type == "const_parameter":
        return ctx.squeezed(node)
    name = ctx.text(node.child_by_field_name("name"))
    bounds = [ctx.squeezed(b) for b in node.children_by_field_name("bounds")]
    item = node.parent.parent if node.parent is not None else None
    where = next((c for c in item.named_children if c.type == "where_clause"), None) if item is not None else None
    if where is not None:
        for predicate in where.named_children:
            left = predicate.child_by_field_name("left")
            bound = predicate.child_by_field_name("bounds")
            if left is not None and bound is not None and ctx.text(left) == name:
                bounds.append(ctx.squeezed(bound))
    bounds = [b[1:].strip() if b.startswith(":") else b for b in bounds]  # (``T: A`` holds ``: A``)
    signature = name + (f": {' + '.join(bounds)}" if bounds else "")
    default = node.child_by_field_name("default_type")
    if default is not None:
        signature += f" = {ctx.squeezed(default)}"
    return signature


def _impl_type_name(ctx: Context, impl: Node) -> str | None:
    """The base name of the type an ``impl`` is for (``Foo`` in ``impl<T> Tr for Foo<T>``, ``T`` in ``impl Tr
    for &mut T``). ``impl dyn Trait`` (``+ 'a``) is the trait's: its items are the trait object's methods. A
    tuple, array or slice type owns its items as written (``impl Pair for (u8, u8)``: ``(u8, u8).split``)."""
    type_node = impl.child_by_field_name("type")
    while type_node is not None and type_node.type in ("reference_type", "pointer_type", "bounded_type"):
        type_node = type_node.child_by_field_name("type") if type_node.type != "bounded_type" else (
            type_node.named_children[0] if type_node.named_children else None)
    if type_node is not None and type_node.type == "dynamic_type":
        type_node = type_node.child_by_field_name("trait")
    if type_node is None:
        return None
    if type_node.type in ("tuple_type", "array_type", "unit_type"):
        return ctx.squeezed(type_node)
    found = _path(ctx, type_node)
    return found[0] if found is not None and found[1] else None


def _impl_type_symbol(ctx: Context, name: str, scope: int) -> int | None:
    """The index of the type symbol ``name`` an ``impl`` is for, when this file defines it in the same module."""
    if "." in name:
        return None
    symbols = ctx.extraction.symbols
    module = scope
    while module > 0 and symbols[module].kind is not SymbolKind.MODULE:
        module = symbols[module].parent
    for index, symbol in enumerate(symbols):
        if index and symbol.name == name and symbol.kind.category is Category.TYPE \
                and symbol.kind is not SymbolKind.TYPE_ALIAS and symbol.parent == max(module, 0) \
                and symbol.owner is None:
            return index
    return None


# -- helpers: names -----------------------------------------------------------------------


#: wrappers that hand out their content's methods (``Box<dyn Tr>``, ``Rc<Store>``): the content is the type
_SMART_POINTERS = frozenset({"Box", "Rc", "Arc"})


def type_text(ctx: Context, node: Node | None, self_type: str = "") -> str:
    """A type in the ``declared_type`` convention: ``Store``, ``crate.a.Item``, with references, ``dyn``,
    ``impl`` and type arguments dropped (``Box``/``Rc``/``Arc`` give their content); ``Self`` is
    ``self_type``; "" for anything else (tuples, arrays, primitives are kept as written names)."""
    while node is not None:
        kind = node.type
        if kind in ("reference_type", "pointer_type"):
            node = node.child_by_field_name("type")
        elif kind in ("dynamic_type", "abstract_type"):
            node = node.child_by_field_name("trait")
        elif kind == "generic_type":
            inner = node.child_by_field_name("type")
            arguments = node.child_by_field_name("type_arguments")
            if inner is not None and ctx.text(inner) in _SMART_POINTERS and arguments is not None \
                    and arguments.named_child_count == 1:
                node = arguments.named_children[0]
            else:
                node = inner
        else:
            break
    if node is None:
        return ""
    if node.type == "type_identifier" and ctx.text(node) == "Self":
        return self_type
    if node.type not in ("type_identifier", "scoped_type_identifier"):
        return ""
    found = _path(ctx, node)
    return found[0] if found is not None and found[1] else ""


#: collections whose element is their first type argument (an ``Option`` iterates over its value too)
_ELEMENT_HOLDERS = frozenset(("Vec", "VecDeque", "LinkedList", "HashSet", "BTreeSet", "BinaryHeap", "Option",
                              "IndexSet", "SmallVec"))
#: the calls on such a collection that iterate its elements, and those that give ``Some(element)``
_ITERATING = frozenset(("iter", "iter_mut", "into_iter", "drain"))
_SOME_ELEMENT = frozenset(("get", "get_mut", "first", "last", "first_mut", "last_mut", "pop", "pop_front",
                           "pop_back", "front", "back", "peek", "take", "as_ref", "as_mut", "cloned", "copied"))
#: what each variant of a ``match``/``if let`` unwraps: the position of its type argument
_UNWRAPS = {"Some": ("Option", 0), "Ok": ("Result", 0), "Err": ("Result", 1)}


def _pattern_type(ctx: Context, scope: int, name: Node, holder: Node,
                  written: dict[tuple[int, str], Node | None]) -> str:
    """The type a pattern binds ``name`` to, where a parameter's or ``let``'s written type says it: the
    element a ``for`` loop takes, or what ``Some(x)``/``Ok(x)``/``Err(x)`` unwraps (``RustAdapter.finish``)."""
    if holder.type == "for_expression" and holder.child_by_field_name("pattern") is not None:
        return _element(ctx, scope, holder.child_by_field_name("value"), written, _ITERATING)
    if holder.type != "tuple_struct_pattern" or holder.named_child_count != 2:
        return ""
    variant = holder.child_by_field_name("type")
    unwraps = _UNWRAPS.get(ctx.text(variant)) if variant is not None else None
    around = holder.parent
    if around is not None and around.type == "match_pattern":  # ``match opt { Some(d) => … }``
        arm = around.parent
        block = arm.parent if arm is not None else None
        around = block.parent if block is not None else None
        value = around.child_by_field_name("value") if around is not None and around.type == "match_expression" \
            else None
    elif around is not None and around.type == "let_condition":  # ``if let`` / ``while let``
        value = around.child_by_field_name("value")
    else:
        return ""
    if unwraps is None or value is None:
        return ""
    if unwraps[0] == "Option":
        found = _element(ctx, scope, value, written, _SOME_ELEMENT)  # ``v.pop()``: ``Some`` of an element
        if found:
            return found
    declared = _written_of(ctx, scope, value, written)
    arguments = declared.child_by_field_name("type_arguments") if declared is not None and \
        declared.type == "generic_type" and _name_of(ctx, declared) == unwraps[0] else None
    wrapped = [c for c in arguments.named_children if c.type not in ("lifetime", "comment")] \
        if arguments is not None else []
    return type_text(ctx, wrapped[unwraps[1]]) if len(wrapped) > unwraps[1] else ""


def _pattern_region(holder: Node) -> Node | None:
    """Where the name a pattern binds holds what :func:`_pattern_type` says: a ``for`` loop's body, an
    ``if let``'s or ``while let``'s block, a ``match`` arm."""
    if holder.type == "for_expression":
        return holder.child_by_field_name("body")
    around = holder.parent
    if around is not None and around.type == "match_pattern":
        return around.parent  # (the arm: its guard and its value)
    statement = around.parent if around is not None else None  # (``let_condition`` in an ``if``/``while``)
    if statement is not None and statement.type in ("if_expression", "while_expression"):
        return statement.child_by_field_name("consequence" if statement.type == "if_expression" else "body")
    return None


def _element(ctx: Context, scope: int, value: Node | None, written: dict[tuple[int, str], Node | None],
             calls: frozenset[str]) -> str:
    """The element type of the collection ``value`` names (``discs``, ``&discs``), or that one of ``calls``
    on it gives (``discs.iter()``), from the collection's written type; "" when it says none."""
    if value is not None and value.type == "call_expression":
        function = value.child_by_field_name("function")
        field = function.child_by_field_name("field") if function is not None and \
            function.type == "field_expression" else None
        if field is None or ctx.text(field) not in calls:
            return ""
        value = function.child_by_field_name("value")  # type: ignore[union-attr]
    declared = _written_of(ctx, scope, value, written)
    if declared is None:
        return ""
    if declared.type == "array_type":  # ``[Disc; 4]``, ``&[Disc]``
        return type_text(ctx, declared.child_by_field_name("element"))
    if declared.type != "generic_type" or _name_of(ctx, declared) not in _ELEMENT_HOLDERS:
        return ""
    arguments = declared.child_by_field_name("type_arguments")
    first = next((c for c in arguments.named_children if c.type not in ("lifetime", "comment")), None) \
        if arguments is not None else None
    return type_text(ctx, first)


def _written_of(ctx: Context, scope: int, value: Node | None, written: dict[tuple[int, str], Node | None],
                ) -> Node | None:
    """The type written for the local or parameter ``value`` names (behind ``&``, ``&mut``, ``*``), its
    references stripped; None for anything else."""
    while value is not None and value.type in ("reference_expression", "unary_expression",
                                               "parenthesized_expression"):
        value = value.named_children[-1] if value.named_children else None
    if value is None or value.type != "identifier":
        return None
    declared = written.get((scope, ctx.text(value)))
    while declared is not None and declared.type in ("reference_type", "pointer_type"):
        declared = declared.child_by_field_name("type")
    return declared


def _name_of(ctx: Context, generic: Node) -> str:
    """``Vec`` of ``Vec<T>`` and of ``std::vec::Vec<T>``."""
    name = generic.child_by_field_name("type")
    if name is not None and name.type == "scoped_type_identifier":
        name = name.child_by_field_name("name")
    return ctx.text(name) if name is not None else ""


def value_type_text(ctx: Context, node: Node | None) -> str:
    """The type an initialiser gives, when the syntax says it: ``T { … }``, ``T::new()``, ``make()``,
    ``a.b()`` (the last two through the callee's declared result), behind ``&``/``&mut``."""
    while node is not None and node.type in ("reference_expression", "parenthesized_expression"):
        node = node.child_by_field_name("value") if node.type == "reference_expression" else (
            node.named_children[0] if node.named_children else None)
    if node is None:
        return ""
    if node.type == "struct_expression":
        return type_text(ctx, node.child_by_field_name("name"))
    if node.type == "call_expression":
        found = _path(ctx, node.child_by_field_name("function"))
        if found is None or not found[1]:
            return ""
        return f"{found[0]}()"
    return ""


def _path(ctx: Context, node: Node | None) -> tuple[str, bool, Node] | None:
    """``(dotted text, head_known, last name node)`` for a path or member expression.

    ``crate::a::f`` → ``crate.a.f``; ``self::f`` → ``f``; ``self.items.push`` stays; ``make().f`` and
    ``Q::new().a().f`` go through the calls' results (:func:`_member_chain`); ``<T as Tr>::f`` loses its
    head (``f``, not known).
    """
    if node is None:
        return None
    kind = node.type
    if kind in ("identifier", "type_identifier", "field_identifier", "crate", "super", "self"):
        return ctx.text(node), True, node
    if kind in ("scoped_identifier", "scoped_type_identifier"):
        name = node.child_by_field_name("name")
        if name is None:
            return None
        path = node.child_by_field_name("path")
        if path is None:  # ``::std::x``: a crate name from the root
            return ctx.text(name), True, name
        base = _path(ctx, path)
        if base is None or not base[1]:
            return ctx.text(name), False, name
        if base[0] == "self" and path.type == "self":
            return ctx.text(name), True, name
        return f"{base[0]}.{ctx.text(name)}", True, name
    if kind == "field_expression":
        return _member_chain(ctx, node)
    if kind in ("generic_type", "generic_type_with_turbofish"):
        return _path(ctx, node.child_by_field_name("type"))
    if kind == "generic_function":
        return _path(ctx, node.child_by_field_name("function"))
    return None


def _member_chain(ctx: Context, node: Node) -> tuple[str, bool, Node] | None:
    """``_path`` of a field expression: ``a.b.c``, or through calls (``make().f``, ``Q::new().a().f``: each
    call written ``name()``, the resolver reads what its callee returns). Read from the outside in, without
    recursion: a chain of calls is as deep as it is long."""
    field = node.child_by_field_name("field")
    if field is None:
        return None
    steps: list[Step] = []
    current: Node | None = node
    head: tuple[str, bool, Node] | None = None
    while current is not None and len(steps) < CHAIN_STEPS:
        if current.type == "field_expression":
            name = current.child_by_field_name("field")
            if name is None:
                break
            steps.append(ctx.text(name))
            current = current.child_by_field_name("value")
        elif current.type == "call_expression":  # (what a call gives: its callee's declared result)
            steps.append(None)
            current = current.child_by_field_name("function")
        else:
            head = _path(ctx, current)
            break
    found = fold_chain(head[:2] if head is not None else None, steps)
    return (*found, field) if found is not None else None


_NAME_TOKENS = frozenset({"identifier", "self", "super", "crate"})
#: a token before a call-shaped name that makes it something else (a definition, a metavariable)
_NOT_CALL = frozenset({"fn", "$", "struct", "enum", "union", "trait", "mod", "type", "macro_rules", "'"})


#: macros whose arguments are code to generate, not code of this crate (a proc macro's ``quote! { self.run() }``)
_QUOTING = frozenset({"quote", "quote_spanned", "parse_quote", "parse_quote_spanned"})
#: macros whose second argument is a pattern (``matches!(x, Foo::Bar(..) | Foo::Baz if n > 0)``): up to a guard's
#: ``if`` or the next argument, a call-shaped ``Foo::Bar(..)`` there is a variant (or struct) named, not called, a
#: ``|`` separates alternatives (no closure's parameters), and the pattern's own names are bound
_PATTERN_MACROS = frozenset({"matches", "assert_matches", "debug_assert_matches"})


def _pattern_range(tree: Node) -> tuple[int, int] | None:
    """The bytes of the pattern argument of a :data:`_PATTERN_MACROS` macro's argument tree: after the first
    top-level ``,`` and up to a top-level ``if`` (a guard), the next ``,`` or the closing bracket."""
    children = tree.children
    start = None
    for index, child in enumerate(children):
        kind = child.type
        if start is None:
            if kind == ",":
                start = index + 1
            continue
        if kind in ("if", ",") or index == len(children) - 1:
            if index <= start:
                return None
            return children[start].start_byte, children[index - 1].end_byte
    return None


def _pattern_bound(ctx: Context, tree: Node, bound: set[str]) -> None:
    """The names a pattern's token tree binds (``n`` in ``Foo::Bar(n)``, ``ref x``): a lowercase name that is
    no part of a path (``a::b``), no call-shaped name (``Some(…)``, a tuple struct) and no field's name
    (``x:`` in ``Point { x: 0, .. }``)."""
    stack = [tree]
    while stack:
        children = stack.pop().children
        for index, child in enumerate(children):
            if child.type == "token_tree":
                stack.append(child)
                continue
            if child.type != "identifier":
                continue
            following = children[index + 1].type if index + 1 < len(children) else ""
            if following in ("::", "token_tree", ":", "!") or (index and children[index - 1].type == "::"):
                continue
            text = ctx.text(child)
            if text[:1].islower() or text[:1] == "_":
                bound.add(text)


#: tokens after which a name (or the names of a token tree) is bound by the code around it: ``x in``, ``Some(x) =>``,
#: ``x = …`` (a named format argument, a ``select!`` branch), ``x @ …``
_BINDS_BEFORE = frozenset({"in", "=>", "=", "@"})


def _bound_names(ctx: Context, tree: Node, pattern: tuple[int, int] | None = None) -> frozenset[str]:
    """The names a macro's arguments bind themselves, as far as their tokens show: closure parameters
    (``|x| x.check()``), ``let`` and ``for`` patterns, a name (or a pattern's names) before ``in``, ``=>``, ``=`` or
    ``@`` (``for_each!(y in items => y.check())``, ``select! { v = rx.recv() => v.run() }``), the names of a
    pattern argument (``pattern``: ``matches!``'s). A use whose head is one of them is no use of the name outside
    the macro: what its members are is not known."""
    bound: set[str] = set()
    if pattern is not None:
        for child in tree.children:
            if pattern[0] <= child.start_byte < pattern[1]:
                if child.type == "token_tree":
                    _pattern_bound(ctx, child, bound)

    def names_in(node: Node) -> None:
        stack = [node]
        while stack:
            current = stack.pop()
            for child in current.children:
                if child.type == "identifier":
                    bound.add(ctx.text(child))
                elif child.type == "token_tree":
                    stack.append(child)

    stack = [tree]
    while stack:
        current = stack.pop()
        children = current.children
        piped = False
        binding = ""  # (after ``let`` or ``for``, up to ``=``/``;``/``:`` or ``in``)
        for index, child in enumerate(children):
            kind = child.type
            if kind == "token_tree":
                if piped or binding:
                    names_in(child)
                stack.append(child)
                continue
            if kind == "|":
                if pattern is None or not pattern[0] <= child.start_byte < pattern[1]:  # (not alternatives)
                    piped = not piped
                continue
            if kind in ("let", "for"):
                binding = kind
                continue
            text = ctx.text(child) if kind == "identifier" else kind
            if binding and (text in ("=", ";", ":") or (binding == "for" and text == "in")):
                binding = ""
            elif kind == "identifier" and (piped or binding):
                bound.add(text)
            if text in _BINDS_BEFORE and index:
                before = children[index - 1]
                if before.type == "identifier":
                    bound.add(ctx.text(before))
                elif before.type == "token_tree":
                    names_in(before)
    return frozenset(bound)


def _token_calls(ctx: Context, tree: Node, receiver: str | None) -> list[tuple[str, bool, Node]]:
    """Call-shaped token runs in a macro's arguments: ``(text, head_known, last name)``."""
    out: list[tuple[str, bool, Node]] = []
    stack = [tree]
    while stack:
        current = stack.pop()
        children = current.children
        for index, child in enumerate(children):
            if child.type != "token_tree":
                continue
            if child.child_count and child.children[0].type == "[" and index and (
                children[index - 1].type == "#"
                or (index > 1 and children[index - 1].type == "!" and children[index - 2].type == "#")
            ):
                continue  # ``#[derive(Debug)]``, ``#![allow(…)]`` written inside the macro: attributes
            stack.append(child)
            if index and child.child_count and child.children[0].type == "(":
                found = _token_call(ctx, children, index, receiver)
                if found is not None:
                    out.append(found)
    bound = _marks(ctx).bound_at(ctx, tree.start_byte) if out else frozenset()
    if bound:  # (a call on a name the arguments bind: a member of a value of unknown type)
        out = [(last_text, False, last) if known and text.split(".", 1)[0] in bound else (text, known, last)
               for text, known, last in out for last_text in (ctx.text(last),)]
    out.sort(key=lambda c: c[2].start_byte)
    return out


def _body_macros(ctx: Context, tree: Node) -> list[Node]:
    """The names of the macros a ``macro_rules!`` body calls: ``m!(…)``, ``m![…]``, ``m!{…}``, also written
    ``$crate::m!``; not ``$m!`` (a metavariable), ``a::m!`` (a path, left alone) or ``macro_rules! m``."""
    out: list[Node] = []
    stack = [tree]
    while stack:
        children = stack.pop().children
        for index, child in enumerate(children):
            if child.type in ("token_tree", "token_repetition"):  # (``$(m!($x)),*``)
                stack.append(child)
                continue
            if child.type != "identifier" or index + 2 >= len(children) or children[index + 1].type != "!" \
                    or children[index + 2].type != "token_tree" or ctx.text(child) == "macro_rules":
                continue
            if index and children[index - 1].type in ("::", ".", "$") and not (
                    index > 1 and children[index - 1].type == "::" and ctx.text(children[index - 2]) == "$crate"
                    and (index < 3 or children[index - 3].type != "::")):
                continue
            out.append(child)
    out.sort(key=lambda n: n.start_byte)
    return out


def _token_call(ctx: Context, tokens: list[Node], index: int, receiver: str | None
                ) -> tuple[str, bool, Node] | None:
    at = index - 1
    macro = tokens[at].type == "!"
    if macro:
        at -= 1
    if at < 0 or tokens[at].type not in _NAME_TOKENS:
        return None
    last = tokens[at]
    names = [ctx.text(last)]
    head_separator = ""  # (the one after the first name: ``self::f`` is ``f``)
    at -= 1
    while at >= 1 and tokens[at].type in ("::", "."):
        separator = tokens[at].type
        previous = at - 1
        if separator == "::" and tokens[previous].type == ">":  # a turbofish: ``Vec::<u8>::new``
            depth = 0
            while previous >= 0:
                kind = tokens[previous].type
                depth += 1 if kind == ">" else -1 if kind == "<" else 0
                if depth == 0:
                    break
                previous -= 1
            previous -= 1
            if previous < 1 or tokens[previous].type != "::":
                return None
            previous -= 1
        if previous < 0 or tokens[previous].type not in _NAME_TOKENS:
            if separator == ".":  # a method call on an expression
                return ctx.text(last), False, last
            break
        names.insert(0, ctx.text(tokens[previous]))
        head_separator = separator
        at = previous - 1
    if at >= 0 and tokens[at].type in _NOT_CALL:
        return None
    if names[0] == "self" and head_separator == "::":
        names.pop(0)
    elif names[0] == "self" and receiver != "self":
        return ctx.text(last), False, last
    if macro and len(names) == 1:
        return f"{names[0]}!", True, last
    return ".".join(names), True, last


class _Marks:
    """What the query's ``@adapter`` captures say about a file (read once per file).

    ``uses``: ``use`` declarations (their names are no values). ``opaque``: where a name's use is
    read by :meth:`RustAdapter.chain`, not from its text alone (``use`` trees, macro and attribute
    arguments, macro bodies, damaged code); ``arguments``: a macro invocation's. ``headers``: where a
    type name is no type use (an ``impl``'s owner and trait are recorded as such, a trait's supertraits
    as ``inherits``, attributes). ``generics``: the items that declare type parameters, with the names they declare.
    """

    def __init__(self, ctx: Context) -> None:
        headers: list[tuple[int, int]] = []
        uses: list[tuple[int, int]] = []
        opaque: list[tuple[int, int]] = []
        arguments: list[tuple[int, int]] = []
        quoted: list[tuple[int, int]] = []
        #: the token trees of quoting macros' arguments (``quote! { … }``), by start byte
        self.quoted: set[int] = set()
        #: the macro invocations' argument trees (in source order), and the names each binds (read when asked)
        self._trees: list[Node] = []
        self._bound: dict[int, frozenset[str]] = {}
        #: the pattern argument of a ``matches!`` (:data:`_PATTERN_MACROS`), by its argument tree's start byte
        self.patterns: dict[int, tuple[int, int]] = {}
        self.generics: list[tuple[int, int, frozenset[str]]] = []
        #: the bodies whose items are members, by start byte: where they are (``_context``) and the ``impl``
        self.bodies: dict[int, tuple[str, Node | None]] = {}
        names: set[str] = set()
        #: the type names that are no type use: a type's own name, a path's last name (the path is one)
        self.named: set[int] = set()
        #: a struct literal's or pattern's field name (its start byte) → the type written there
        self.fields: dict[int, Node] = {}
        #: a path's first name (its start byte): ``parse`` in ``parse::Parser::run`` (:data:`QUALIFIER`)
        self.qualifiers: set[int] = set()
        for captures in ctx.matches:
            if "adapter.named" in captures:
                self.named.add(captures["adapter.named"][0].start_byte)
            elif "adapter.qualifier" in captures:
                qualifier = captures["adapter.qualifier"][0]
                self.qualifiers.add(qualifier.start_byte)
                opaque.append(qualifier.byte_range)
            elif "adapter.field" in captures:
                self.fields[captures["adapter.field"][0].start_byte] = captures["adapter.literal"][0]
            elif "adapter.header" in captures:  # (an attribute's arguments are opaque)
                headers.append(captures["adapter.header"][0].byte_range)
                opaque += (node.byte_range for node in captures.get("adapter.opaque", ()))
            elif "adapter.arguments" in captures:
                tree = captures["adapter.arguments"][0]
                macro = captures["adapter.macro"][0] if "adapter.macro" in captures else None
                if macro is not None and ctx.text(macro).rsplit("::", 1)[-1] in _QUOTING:
                    quoted.append(tree.byte_range)  # (code of another crate, generated: read nothing)
                    self.quoted.add(tree.start_byte)
                else:
                    arguments.append(tree.byte_range)
                    self._trees.append(tree)
                    if macro is not None and ctx.text(macro).rsplit("::", 1)[-1] in _PATTERN_MACROS:
                        found = _pattern_range(tree)
                        if found is not None:
                            self.patterns[tree.start_byte] = found
            elif "adapter.use" in captures:
                uses.append(captures["adapter.use"][0].byte_range)
            elif "adapter.opaque" in captures:
                opaque.append(captures["adapter.opaque"][0].byte_range)
            elif "adapter.impl" in captures:  # (``trait_impl`` where it names a trait)
                impl = captures["adapter.impl"][0]
                for body in captures.get("adapter.impl_body", ()):
                    headers.append((impl.start_byte, body.start_byte))
                    where = "trait_impl" if "reference.implements" in captures else "impl"
                    self.bodies[body.start_byte] = (where, impl)
            elif "adapter.trait_body" in captures:
                self.bodies[captures["adapter.trait_body"][0].start_byte] = ("trait", None)
            elif "adapter.extern_body" in captures:
                self.bodies[captures["adapter.extern_body"][0].start_byte] = ("extern", None)
            if "adapter.generics" in captures:  # (an ``impl``'s too)
                item, parameters = captures["adapter.generic_item"][0], captures["adapter.generics"][0]
                declared = frozenset(
                    ctx.text(name) for p in parameters.named_children
                    if (name := p.child_by_field_name("name")) is not None and p.type != "lifetime_parameter"
                )
                names |= declared
                self.generics.append((item.start_byte, item.end_byte, declared))
        self.headers, self.uses = ByteRanges(headers), ByteRanges(uses)
        self.arguments = ByteRanges(arguments, merge=True)
        self.opaque = ByteRanges(opaque + uses + arguments + quoted, merge=True)  # (``use`` trees, macro arguments)
        self._tree_starts = [tree.start_byte for tree in self._trees]
        self.generic_names = frozenset(names)

    def bound_at(self, ctx: Context, offset: int) -> frozenset[str]:
        """The names the macro arguments around ``offset`` bind themselves (:func:`_bound_names`)."""
        position = bisect.bisect_right(self._tree_starts, offset) - 1
        while position >= 0:
            tree = self._trees[position]
            if tree.start_byte <= offset < tree.end_byte:
                found = self._bound.get(tree.start_byte)
                if found is None:
                    found = self._bound[tree.start_byte] = _bound_names(ctx, tree, self.patterns.get(tree.start_byte))
                return found
            position -= 1
        return frozenset()

    def is_generic(self, name: str, offset: int) -> bool:
        """Is ``name`` a type parameter of an item around ``offset``?"""
        if name not in self.generic_names:
            return False
        return any(start <= offset < end and name in declared for start, end, declared in self.generics)


def _marks(ctx: Context) -> _Marks:
    marks = ctx.state.get("rust")
    if not isinstance(marks, _Marks):
        marks = ctx.state["rust"] = _Marks(ctx)
    return marks


_Leaf = tuple[list["Node"], str, bool]


def _use_leaves(ctx: Context, node: Node, prefix: list[Node]) -> list[_Leaf]:
    """Flatten a ``use`` tree: ``(each path segment's token, local name, is a glob)`` per leaf."""
    kind = node.type
    if kind == "use_list":
        return [leaf for child in node.named_children for leaf in _use_leaves(ctx, child, prefix)]
    if kind == "scoped_use_list":
        path, listing = node.child_by_field_name("path"), node.child_by_field_name("list")
        head = prefix + (_segments(path) if path is not None else [])
        return _use_leaves(ctx, listing, head) if listing is not None else []
    if kind == "use_wildcard":
        inner = next(iter(node.named_children), None)
        return [(prefix + (_segments(inner) if inner is not None else []), "", True)]
    path, alias = node, None
    if kind == "use_as_clause":
        path, alias = node.child_by_field_name("path"), node.child_by_field_name("alias")
    elif kind not in ("identifier", "crate", "super", "self", "scoped_identifier"):
        return []
    tokens = prefix + _segments(path) if path is not None else []
    return [(tokens, ctx.text(alias if alias is not None else tokens[-1]), False)] if tokens else []


def _segments(node: Node) -> list[Node]:
    """The tokens of a path's segments (``a::b::c``: ``a``, ``b``, ``c``)."""
    if node.type == "scoped_identifier":
        path = node.child_by_field_name("path")
        name = node.child_by_field_name("name")
        head = _segments(path) if path is not None else []
        return head + ([name] if name is not None else [])
    return [node]


def _token_chain(ctx: Context, node: Node) -> tuple[str, bool, Node] | None:
    """A name in a macro's arguments with the names written before it (``self.count``, ``a::B``); None for
    a name that reads nothing (a named argument or field ``x: …``, a macro's own name ``m!``). The tokens
    are read off the token tree's children, listed once per token tree (``engine.siblings``)."""
    children, position = siblings(ctx, node)
    following = children[position + 1] if position + 1 < len(children) else None
    if following is not None and following.type in (":", "!"):
        return None
    names = [ctx.text(node)]
    head_separator = ""  # (the one after the first name: ``self::f`` is ``f``)
    while True:
        separator = children[position - 1] if position > 0 else None
        if separator is None or separator.type not in (".", "::"):
            break
        before = children[position - 2] if position > 1 else None
        if before is None or before.type not in _NAME_TOKENS:
            return ctx.text(node), False, node  # a member of an expression, or after a turbofish
        names.insert(0, ctx.text(before))
        head_separator = separator.type
        position -= 2
    if position > 0 and children[position - 1].type in _NOT_CALL:
        return None
    if names[0] == "self" and head_separator == "::":
        names.pop(0)
    if names[0] in _marks(ctx).bound_at(ctx, node.start_byte):  # (a name the macro's arguments bind)
        return (ctx.text(node), False, node) if len(names) > 1 else None
    return ".".join(names), True, node


ADAPTER = RustAdapter

__all__ = ["ADAPTER", "BUILTIN_ATTRIBUTES", "RustAdapter"]
