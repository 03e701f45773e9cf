"""C++: the adapter half (the query half is ``cpp/queries.scm``), built on the C adapter.

Beyond C it knows namespaces (nested ``a::b`` and ``inline``), classes and
their access sections, constructors and destructors, operators, templates and
their parameters, and out-of-line definitions.

Qualified names are written with ``.`` in reference texts and owners, the way
the resolver joins qualified names: ``std::vector<int>`` is referenced as
``std.vector``, ``::foo()`` as ``foo``, and ``void outer::Box::run() {}``
is a method ``run`` with ``owner = "outer.Box"`` (template arguments are
dropped: ``Box<T>::run`` is owned by ``Box``). The owner is prefixed with the
namespaces the definition is written in, so ``namespace outer { void
Box::run() {} }`` is owned by ``outer.Box`` too.
"""

from __future__ import annotations

import bisect
import re
from typing import TYPE_CHECKING, ClassVar

from codeknit.graph.model import EdgeKind, PropertyValue, SymbolKind
from codeknit.languages.c.adapter import (
    _TAG_KINDS,
    STORAGE_DECLARATIONS,
    STORAGE_WORDS,
    CAdapter,
    Declarator,
    Place,
    analyse_declarator,
    last_name,
    leading_comment,
    squeeze,
)
from codeknit.languages.engine import Context, GrammarGap, node_span
from codeknit.languages.records import RawSymbol

if TYPE_CHECKING:
    from tree_sitter import Node

_SIMPLE_NAMES = frozenset({"identifier", "type_identifier", "field_identifier", "namespace_identifier"})
#: what a ``template <…>`` can introduce that becomes a symbol here
_TEMPLATED = frozenset({
    "function_definition", "class_specifier", "struct_specifier", "union_specifier", "declaration",
    "alias_declaration", "field_declaration", "template_declaration",
})
_TYPE_PARAMETER_NAMES = frozenset({"type_identifier", "identifier"})
_MEMBER_PROPERTY_ORDER = (
    "visibility", "exported", "static", "virtual", "abstract", "override", "final", "const", "declaration",
    "default", "deleted",
)


def _ordered(properties: dict[str, PropertyValue]) -> dict[str, PropertyValue]:
    rank = {key: i for i, key in enumerate(_MEMBER_PROPERTY_ORDER)}
    return dict(sorted(properties.items(), key=lambda item: rank.get(item[0], len(rank))))


#: an export or annotation macro between ``class``/``struct``/``union`` (``enum class``) and the class's name
#: (``class LEVELDB_EXPORT DB {``, ``struct PROTOBUF_EXPORT Options : Base``, ``class LOCKABLE Mutex final``):
#: the grammar, which does not expand macros, reads the macro as the class's name and stumbles on the real
#: one (or reads ``struct LEVELDB_EXPORT Options { Options(); };`` as a function ``Options``), losing the class
#: and its members. An all-caps identifier (or several) there, followed by a name and ``{``, ``:``, ``<`` or
#: ``final``, is overwritten with spaces, so the class, its bases and its members parse as if the macro were
#: absent (the macro is no symbol and no use). Masked first (the unmasked text is never read right), and kept
#: only where the repaired tree puts the blank inside a class. Not matched, because they are declarations of a
#: variable of type ``struct POINT``: ``struct POINT p;``, ``struct POINT p{};`` (an empty body), ``POINT p : 3``
#: (a bit-field). A forward declaration is masked after ``class`` only (``class LEVELDB_EXPORT Cache;`` is no
#: variable ``Cache``; C-style code writes ``struct POINT p;``)
_MACROS = rb"(?P<mask>[A-Z][A-Z0-9_]*(?:\s+[A-Z][A-Z0-9_]*)*)\s+(?!final\b)[A-Za-z_]\w*\s*"
_CLASSES = ("class_specifier", "struct_specifier", "union_specifier", "enum_specifier")
#: ``LEVELDB_EXPORT Status DestroyDB(const std::string& name, const Options& options);``,
#: ``ABSL_MUST_USE_RESULT bool ok() const;``, ``ABSL_DEPRECATED("…") void f();``: an all-caps macro (or several, one
#: with arguments too) opening a line, before a declaration's keyword or before a named type that a name and ``(``
#: follow. Two type names in a row are never C++, so the first is a macro (defined empty or to an attribute); the
#: grammar reads it as the return type (``DestroyDB(…) -> LEVELDB_EXPORT``) or stumbles. Blanked first, and kept
#: only where the blank sits directly in a declaration list (a file's, a namespace's, a class's), never in a
#: function's body. Not matched: a named type that is all caps too (``BOOL WINAPI DllMain(``, ``HRESULT
#: STDMETHODCALLTYPE f(``: the second is the macro, between the type and the name)
_MACRO = rb"[A-Z][A-Z0-9_]*[A-Z0-9](?:\([^()\n]*\))?"
_DECLARATION_WORDS = (rb"(?:static|extern|inline|const|constexpr|virtual|explicit|friend|unsigned|signed|short|long|"
                      rb"int|void|char|float|double|bool|auto|struct|enum)\b")
_NAMED_TYPE = (rb"(?:const[ \t]+)?(?:::)?[A-Za-z_][\w:]*[a-z][\w:]*(?:<[^;{}()\n]*>)?[ \t*&]+"
               rb"(?:[A-Za-z_]\w*::)*~?[A-Za-z_]\w*[ \t]*\(")
_DECLARATION_LISTS = ("translation_unit", "declaration_list", "field_declaration_list", "preproc_ifdef", "preproc_if",
                      "preproc_else", "preproc_elif")
#: ``void Foo() EXCLUSIVE_LOCKS_REQUIRED(mutex_);``, ``Status f() const LOCKS_EXCLUDED(mu_) override;``, ``int
#: count_ GUARDED_BY(mu_);``: an all-caps macro call after a declarator (a parameter list's ``)`` and its
#: qualifiers, or a variable's name), before its end (``;``, a body, ``=``, ``override`` …). Without expanding it,
#: the grammar reads it as the declarator (a method named ``GUARDED_BY``). After a name the macro holds an ``_`` and
#: its arguments are expressions, one token each (``Status OK();``, ``Status NOT_FOUND(Slice msg);`` declare
#: methods). Blanked first, and kept only where the blank sits directly in a declaration (``if (x) CHECK(y);``,
#: ``return FOO(x);`` are calls: the blank would sit in a statement)
_ANNOTATION = rb"[A-Z][A-Z0-9_]*[A-Z0-9][ \t]*"
_DECLARATION_GOES_ON = rb"\s*(?:;|\{|=|->|(?:const|override|final|noexcept)\b|[A-Z][A-Z0-9_]*[A-Z0-9][ \t]*\()"
_NOT_AFTER = b"".join(rb"(?<!\b" + word + rb")" for word in (
    b"return", b"else", b"do", b"throw", b"new", b"delete", b"co_return", b"co_yield", b"co_await", b"sizeof",
    b"case", b"goto", b"decltype", b"typeid", b"alignof", b"noexcept"))
_DECLARATORS = ("field_declaration", "declaration", "function_definition", "function_declarator", "init_declarator")
CPP_GAPS: tuple[GrammarGap, ...] = (
    GrammarGap("an export macro before a class's name (class LEVELDB_EXPORT DB {)",
               re.compile(rb"(?<![\w$])(?:class|struct|union)\s+" + _MACROS + rb"(?:\{(?!\s*\})|:(?!\s*\d)|<|final\b)"),
               inside=_CLASSES, mask_first=True),
    GrammarGap("an export macro before a class's name in a forward declaration or an empty body "
               "(class LEVELDB_EXPORT Cache; class LEVELDB_EXPORT Tag {};)",
               re.compile(rb"(?<![\w$:])class\s+" + _MACROS + rb"(?:;|\{\s*\})"), inside=_CLASSES, mask_first=True),
    GrammarGap("an export or attribute macro before a declaration (LEVELDB_EXPORT Status DestroyDB(…);)",
               re.compile(rb"(?m)^[ \t]*(?P<mask>" + _MACRO + rb"(?:[ \t]+" + _MACRO + rb")*)[ \t]+"
                          rb"(?=" + _DECLARATION_WORDS + rb"|" + _NAMED_TYPE + rb")"),
               inside=_DECLARATION_LISTS, directly=True, mask_first=True),
    GrammarGap("an export macro after a storage class (extern PROTOBUF_EXPORT const char* Name(int);)",
               re.compile(rb"(?m)^[ \t]*(?:" + STORAGE_WORDS + rb"[ \t]+)+(?P<mask>" + _MACRO + rb"(?:[ \t]+" + _MACRO
                          + rb")*)[ \t]+(?=" + _DECLARATION_WORDS + rb"|" + _NAMED_TYPE + rb")"),
               inside=STORAGE_DECLARATIONS, directly=True, mask_first=True),
    GrammarGap("a thread-safety or attribute macro after a parameter list (void f() const REQUIRES(mu_);)",
               re.compile(rb"(?:(?<=\))|(?<=\bconst)|(?<=\bnoexcept)|(?<=\boverride)|(?<=\bfinal))[ \t]+"
                          rb"(?P<mask>" + _ANNOTATION + rb"\((?:[^()\n]|\([^()\n]*\))*\))"
                          rb"(?=" + _DECLARATION_GOES_ON + rb")"),
               inside=_DECLARATORS, directly=True, mask_first=True),
    GrammarGap("a thread-safety macro after a variable's or field's name (int n_ GUARDED_BY(mu_);)",
               re.compile(rb"(?<=\w)" + _NOT_AFTER + rb"[ \t]+(?P<mask>[A-Z][A-Z0-9]*_[A-Z0-9_]*[A-Z0-9][ \t]*"
                          rb"\([ \t]*[^()\s,]+(?:[ \t]*,[ \t]*[^()\s,]+)*[ \t]*\))(?=\s*[;=])"),
               inside=_DECLARATORS, directly=True, mask_first=True),
)

#: class templates whose instances hand out their content's members (``p->area()``)
_SMART_POINTERS = frozenset({"unique_ptr", "shared_ptr", "weak_ptr"})
_SMART_POINTER_MAKERS = frozenset({"make_unique", "make_shared"})


def _smart_pointer_argument(ctx: Context, template_type: Node) -> Node | None:
    """The ``T`` of ``unique_ptr<T>`` / ``shared_ptr<T>``; None for any other template."""
    name = template_type.child_by_field_name("name")
    arguments = template_type.child_by_field_name("arguments")
    if name is None or arguments is None or ctx.text(name) not in _SMART_POINTERS:
        return None
    first = arguments.named_children[0] if arguments.named_children else None
    if first is not None and first.type == "type_descriptor":
        return first.child_by_field_name("type")
    return first


class CppAdapter(CAdapter):
    language = "cpp"
    grammars = {"": "cpp"}
    cpp = True
    grammar_gaps = CPP_GAPS
    #: (C's plain names are not C++'s: a name may be a template parameter, ``this`` heads a chain)
    plain_value_types: ClassVar[frozenset[str]] = frozenset()
    plain_chain_types: ClassVar[frozenset[str]] = frozenset()

    # -- names ------------------------------------------------------------------------------------

    def name_text(self, ctx: Context, node: Node) -> tuple[str, Node] | None:
        kind = node.type
        if kind in _SIMPLE_NAMES:
            return ctx.text(node), node
        if kind in ("template_type", "template_function", "template_method"):
            name = node.child_by_field_name("name")
            return self.name_text(ctx, name) if name is not None else None
        if kind == "destructor_name":
            return "~" + ctx.text(node).lstrip("~").strip(), node
        if kind == "operator_name":
            return _operator_text(ctx.text(node)), node
        if kind == "qualified_identifier":
            qualified = self._qualified(ctx, node)
            last = self.name_text(ctx, qualified[1]) if qualified is not None else None
            if qualified is None or last is None:
                return None
            return ".".join([*qualified[0], last[0]]), last[1]
        return None

    def _qualified(self, ctx: Context, node: Node) -> tuple[list[str], Node] | None:
        """The scopes of a qualified name (``a``, ``b`` of ``a::b::c``; none for a plain one) and its last part;
        None when a scope is no name."""
        scopes: list[str] = []
        current: Node | None = node
        while current is not None and current.type == "qualified_identifier":
            scope = current.child_by_field_name("scope")
            if scope is not None:
                found = self.name_text(ctx, scope)
                if found is None:
                    return None
                scopes.append(found[0])
            current = current.child_by_field_name("name")
        return (scopes, current) if current is not None else None

    def declared_name(self, ctx: Context, node: Node) -> tuple[str, str | None, Node]:
        """``(name, owner, name node)``: ``Box<T>::run`` → ``("run", "Box", …)``."""
        qualified = self._qualified(ctx, node)
        if qualified is None:
            return "", None, node
        scopes, current = qualified
        if current.type == "operator_cast":
            name, last = f"operator {ctx.squeezed(current.child_by_field_name('type'))}", current
        else:
            found = self.name_text(ctx, current)
            if found is None:
                return "", None, node
            name, last = found
        owner = ".".join(_enclosing_namespaces(ctx, node) + scopes) if scopes else None
        return name, owner, last

    # -- definitions -------------------------------------------------------------------------------

    def definition_extra(
        self, ctx: Context, kind: str, node: Node, name: Node | None, place: Place
    ) -> RawSymbol | None:
        if kind == "namespace":
            return self._namespace(ctx, node, name)
        if kind == "type_parameter":
            return self._type_parameter(ctx, node)
        if kind == "concept":
            return self._concept(ctx, node, name, place)
        return None

    def _concept(self, ctx: Context, node: Node, name: Node | None, place: Place) -> RawSymbol | None:
        """``template <typename T> concept Sized = requires …;``: a trait (what a type must have), named in the
        template parameters it constrains (``template <Sized S>``) and in ``requires`` clauses."""
        if name is None or not ctx.text(name):
            return None
        symbol = self._symbol(ctx, ctx.text(name), SymbolKind.TRAIT, self.outer(node), name)
        symbol.signature = f"concept {ctx.text(name)}"
        symbol.properties = {**self.header_exported(ctx, place), "concept": True}
        return symbol

    def definition(self, ctx: Context, kind: str, node: Node, name: Node | None) -> RawSymbol | None:
        if kind == "type_alias" and node.type == "alias_declaration":
            return self._using_alias(ctx, node, name)
        return super().definition(ctx, kind, node, name)

    def _namespace(self, ctx: Context, node: Node, name: Node | None) -> RawSymbol | None:
        if name is None:
            return None  # an anonymous namespace: its members belong to the file
        inline = any(c.type == "inline" for c in node.children)
        doc = leading_comment(ctx, node)
        if name.type == "nested_namespace_specifier":
            parts = [c for c in name.named_children if c.type == "namespace_identifier"]
            if not parts:
                return None
            # ``namespace a::b {}``: ``a`` covers the whole definition, ``b`` starts at its own name
            for part in parts[:-1]:
                start = node.start_byte if part == parts[0] else part.start_byte
                ctx.add_symbol(self._namespace_symbol(ctx, node, part, start, doc, inline=False))
            last = parts[-1]
            return self._namespace_symbol(ctx, node, last, last.start_byte if len(parts) > 1 else node.start_byte,
                                          doc if len(parts) == 1 else None, inline=inline)
        return self._namespace_symbol(ctx, node, name, node.start_byte, doc, inline=inline)

    @staticmethod
    def _namespace_symbol(ctx: Context, node: Node, name: Node, start: int, doc: str | None, *,
                          inline: bool) -> RawSymbol:
        text = ctx.text(name)
        return RawSymbol(
            name=text,
            kind=SymbolKind.NAMESPACE,
            span=node_span(node),
            name_span=node_span(name),
            start_byte=start,
            end_byte=node.end_byte,
            signature=text,
            properties={"inline": True} if inline else {},
            doc=doc,
        )

    def _type_parameter(self, ctx: Context, node: Node) -> RawSymbol | None:
        template = node.parent.parent if node.parent is not None else None
        if template is None or template.type != "template_declaration" or not _introduces_symbol(template):
            return None
        if self.place(template).level == "local":
            return None
        found = _type_parameter_name(node)
        if found is None:
            return None
        name_node, variadic, type_text = found
        name = ctx.text(name_node)
        symbol = RawSymbol(
            name=name,
            kind=SymbolKind.TYPE_PARAMETER,
            span=node_span(node),
            name_span=node_span(name_node),
            start_byte=node.start_byte,
            end_byte=node.end_byte,
        )
        shown = f"{name}..." if variadic else name
        symbol.signature = f"{shown}: {type_text}" if type_text else shown
        return symbol

    def _using_alias(self, ctx: Context, node: Node, name: Node | None) -> RawSymbol | None:
        if name is None:
            return None
        place = self.place(node)
        if place.level == "local":
            return None
        outer = self.outer(node)
        text = ctx.text(name)
        symbol = self._symbol(ctx, text, SymbolKind.TYPE_ALIAS, outer, name)
        type_node = node.child_by_field_name("type")
        symbol.signature = f"{text}{self._template_suffix(ctx, node)} = {ctx.squeezed(type_node)}" \
            if type_node is not None else text
        symbol.properties = self._level_properties(ctx, node, place, SymbolKind.TYPE_ALIAS, set())
        return symbol

    def _level_properties(
        self, ctx: Context, node: Node, place: Place, kind: SymbolKind, specifiers: set[str]
    ) -> dict[str, PropertyValue]:
        """``exported`` at file or namespace level, ``visibility`` for class members."""
        if place.level == "member":
            visibility = self._visibility(ctx, node, place.klass)
            return {"visibility": visibility} if visibility else {}
        if kind.category.value == "callable" or kind in (SymbolKind.VARIABLE, SymbolKind.CONSTANT):
            exported = not ("static" in specifiers or place.anonymous_namespace)
        else:
            exported = self.file_state(ctx).header and not place.anonymous_namespace
        return {"exported": exported}

    def _visibility(self, ctx: Context, node: Node, klass: Node | None) -> str | None:
        if klass is None:
            return None
        body = klass.child_by_field_name("body")
        if body is None:
            return None
        cache = self.file_state(ctx).access.get(body.id)
        if cache is None:
            starts: list[int] = []
            labels: list[str] = []
            for child in body.named_children:
                if child.type == "access_specifier":
                    starts.append(child.start_byte)
                    labels.append(ctx.text(child).strip())
            cache = self.file_state(ctx).access[body.id] = (starts, labels)
        starts, labels = cache
        position = bisect.bisect_right(starts, node.start_byte) - 1
        if position >= 0:
            return labels[position]
        return "private" if klass.type == "class_specifier" else "public"

    def _tag(self, ctx: Context, node: Node, name: Node | None, place: Place) -> RawSymbol | None:
        symbol = super()._tag(ctx, node, name, place)
        if symbol is None or name is None:
            return symbol
        if name.type == "qualified_identifier":
            found = self.declared_name(ctx, name)
            if not found[0]:
                return None
            symbol.name = found[0]
            self.set_owner(symbol, found[1])
        specialised = name.type == "template_type" or (
            name.type == "qualified_identifier" and last_name(name).type == "template_type"
        )
        if specialised:
            symbol.signature = symbol.name + ctx.squeezed(last_name(name).child_by_field_name("arguments"))
        else:
            symbol.signature = symbol.name + self._template_suffix(ctx, node)
        properties: dict[str, PropertyValue] = {}
        if place.level == "member":
            properties.update(self._level_properties(ctx, self.outer(node), place, symbol.kind, set()))
        elif place.level == "top" and symbol.owner is None:
            properties["exported"] = self.file_state(ctx).header and not place.anonymous_namespace
        if specialised:
            properties["specialization"] = True
        if node.type == "enum_specifier" and any(c.type in ("class", "struct") for c in node.children):
            properties["scoped"] = True
        if any(c.type == "virtual_specifier" and ctx.text(c) == "final" for c in node.children):
            properties["final"] = True
        bases, written = self._bases(ctx, node)
        symbol.bases = bases
        if written:
            properties["bases"] = tuple(written)
        symbol.properties = properties
        return symbol

    def _bases(self, ctx: Context, node: Node) -> tuple[list[str], list[str]]:
        clause = next((c for c in node.children if c.type == "base_class_clause"), None)
        if clause is None:
            return [], []
        default = "private" if node.type == "class_specifier" else "public"
        names: list[str] = []
        written: list[str] = []
        access: str | None = None
        virtual = False
        for child in clause.children:
            kind = child.type
            if kind == "access_specifier":
                access = ctx.text(child).strip()
            elif kind == "virtual":
                virtual = True
            elif kind == ",":
                access, virtual = None, False
            elif child.is_named:
                found = self.name_text(ctx, child)
                if found is None:
                    continue
                names.append(found[0])
                prefix = (access or default) + (" virtual" if virtual else "")
                written.append(f"{prefix} {ctx.squeezed(child)}")
        return names, written

    def _template_suffix(self, ctx: Context, node: Node) -> str:
        """``<T, U>`` for a definition directly under ``template <typename T, class U = int>``."""
        template = node.parent
        if template is None or template.type != "template_declaration":
            return ""
        parameters = template.child_by_field_name("parameters")
        if parameters is None:
            return ""
        names: list[str] = []
        for child in parameters.named_children:
            found = _type_parameter_name(child)
            if found is not None:
                names.append(ctx.text(found[0]) + ("..." if found[1] else ""))
        return f"<{', '.join(names)}>" if names else ""

    # -- callables -----------------------------------------------------------------------------------

    def callable(
        self, ctx: Context, node: Node, outer: Node, declarator: Declarator, place: Place, *, definition: bool
    ) -> RawSymbol | None:
        if node.parent is not None and node.parent.type == "friend_declaration":
            return None
        symbol = super().callable(ctx, node, outer, declarator, place, definition=definition)
        if symbol is None:
            return None
        assert declarator.function is not None
        name = symbol.name
        specifiers = self.specifiers(ctx, node)
        if place.level == "member" and place.klass is not None:
            class_name = self._class_name(ctx, place.klass)
            symbol.kind = SymbolKind.CONSTRUCTOR if name == class_name else SymbolKind.METHOD
        elif symbol.owner is not None:
            owner_last = symbol.owner.rsplit(".", 1)[-1]
            symbol.kind = SymbolKind.CONSTRUCTOR if name == owner_last else SymbolKind.METHOD
        properties: dict[str, PropertyValue] = {}
        if place.level == "member" or symbol.owner is None:
            properties.update(self._level_properties(ctx, outer, place, symbol.kind, specifiers))
        if "static" in specifiers:
            properties["static"] = True
        if "virtual" in specifiers:
            properties["virtual"] = True
        function = declarator.function
        qualifiers = {ctx.text(c) for c in function.children if c.type in ("type_qualifier", "virtual_specifier")}
        if function.type == "operator_cast":
            inner = function.child_by_field_name("declarator")
            if inner is not None:
                qualifiers |= {ctx.text(c) for c in inner.children if c.type == "type_qualifier"}
        pure = not definition and _is_pure(node)
        if pure:
            properties["abstract"] = True
        if "override" in qualifiers:
            properties["override"] = True
        if "final" in qualifiers:
            properties["final"] = True
        if "const" in qualifiers:
            properties["const"] = True
        if not definition and not pure:
            properties["declaration"] = True
        for child in node.children:
            if child.type == "default_method_clause":
                properties["default"] = True
            elif child.type == "delete_method_clause":
                properties["deleted"] = True
        symbol.properties = _ordered(properties)
        suffix = "" if symbol.owner is not None else self._template_suffix(ctx, node)
        if suffix:
            symbol.signature = symbol.signature.replace(f"{name}(", f"{name}{suffix}(", 1)
        if symbol.kind is SymbolKind.CONSTRUCTOR or name.startswith("~") or name.startswith("operator "):
            symbol.signature = symbol.signature.split(" -> ", 1)[0]
        # (a definition away from its class, or of a function at file or namespace level, may follow a declaration
        # that gives its defaults: how few arguments it takes is not known there)
        symbol.arity = _arity(function, first=not definition or place.level == "member")
        return symbol

    def _call(self, ctx: Context, node: Node, scope: int, *, constructs: bool) -> None:
        before = len(ctx.extraction.refs)
        super()._call(ctx, node, scope, constructs=constructs)
        if len(ctx.extraction.refs) > before and not constructs:
            call = node.parent  # (``node`` is a call's function)
            if call is not None and call.type == "call_expression":
                ctx.extraction.refs[-1].arguments = _argument_count(call.child_by_field_name("arguments"))

    def _class_name(self, ctx: Context, klass: Node) -> str:
        name = klass.child_by_field_name("name")
        if name is None:
            return ""
        found = self.name_text(ctx, name)
        return found[0].rsplit(".", 1)[-1] if found is not None else ""

    # -- values ------------------------------------------------------------------------------------

    def _declarator(self, ctx: Context, kind: str, node: Node, place: Place) -> RawSymbol | None:
        symbol = super()._declarator(ctx, kind, node, place)
        if symbol is None or symbol.kind.category.value == "callable" or symbol.kind is SymbolKind.TYPE_ALIAS:
            if symbol is not None and symbol.kind is SymbolKind.TYPE_ALIAS and place.level == "member":
                symbol.properties = self._level_properties(ctx, node, place, symbol.kind, set())
            return symbol
        statement = node.parent
        assert statement is not None
        if place.level == "member":
            specifiers = self.specifiers(ctx, statement)
            properties = self._level_properties(ctx, statement, place, symbol.kind, specifiers)
            if "static" in specifiers:
                properties["static"] = True
            symbol.properties = properties
        return symbol

    # -- references ---------------------------------------------------------------------------------

    def template_parameter(self, ctx: Context, node: Node, text: str) -> bool:
        if "." in text:
            return False
        state = self.file_state(ctx)
        if state.parameter_names is None:  # references come after every definition: the set is complete
            state.parameter_names = frozenset(
                s.name for s in ctx.extraction.symbols if s.kind is SymbolKind.TYPE_PARAMETER
            )
        if text not in state.parameter_names:
            return False
        current = node.parent
        while current is not None:
            if current.type == "template_declaration":
                names = state.template_names.get(current.id)
                if names is None:
                    names = state.template_names[current.id] = _template_parameter_names(current)
                if text in names:
                    return True
            current = current.parent
        return False

    def declared_type_text(self, ctx: Context, type_node: Node | None) -> str:
        """As in C, and a smart pointer (``std::unique_ptr<Circle>``) gives its content's type."""
        if type_node is not None and type_node.type == "qualified_identifier":
            inner = type_node.child_by_field_name("name")
            while inner is not None and inner.type == "qualified_identifier":
                inner = inner.child_by_field_name("name")
            if inner is not None and inner.type == "template_type":
                type_node = inner if _smart_pointer_argument(ctx, inner) is not None else type_node
        if type_node is not None and type_node.type == "template_type":
            argument = _smart_pointer_argument(ctx, type_node)
            if argument is not None:
                return super().declared_type_text(ctx, argument)
        return super().declared_type_text(ctx, type_node)

    def initializer_type_text(self, ctx: Context, value: Node | None) -> str:
        """``auto c = new Circle(…)`` / ``Circle(…)`` / ``make_circle()`` / ``a.make()`` / a cast: the type it gives."""
        if value is None:
            return ""
        cast = self.cast_type(ctx, value)  # ``auto c = static_cast<Circle *>(s)``, ``(Circle *)s``
        if cast is not None:
            return cast
        if value.type == "new_expression":
            return self.declared_type_text(ctx, value.child_by_field_name("type"))
        if value.type == "call_expression":
            function = value.child_by_field_name("function")
            if function is None:
                return ""
            found = self.callee(ctx, function)
            if found is None or not found[2]:
                return ""
            text = found[0]
            if text.rsplit(".", 1)[-1] in _SMART_POINTER_MAKERS:  # ``std::make_unique<Circle>(…)``
                if function.type == "qualified_identifier":
                    function = function.child_by_field_name("name") or function
                arguments = function.child_by_field_name("arguments") if function.type == "template_function" \
                    else None
                first = arguments.named_children[0] if arguments is not None and arguments.named_children else None
                return self.declared_type_text(ctx, first.child_by_field_name("type") if first is not None
                                               and first.type == "type_descriptor" else first)
            return f"{text}()"
        return ""

    def element_type_text(self, ctx: Context, type_node: Node | None) -> str:
        """``std::vector<Disc>``, ``std::list<Disc *>``, ``std::vector<std::unique_ptr<Disc>>``: ``Disc`` (the first
        template argument of a standard sequence or set)."""
        while type_node is not None and type_node.type == "qualified_identifier":
            type_node = type_node.child_by_field_name("name")
        if type_node is None or type_node.type != "template_type":
            return ""
        name = type_node.child_by_field_name("name")
        arguments = type_node.child_by_field_name("arguments")
        first = arguments.named_children[0] if arguments is not None and arguments.named_children else None
        if name is None or ctx.text(name) not in _SEQUENCES or first is None or first.type != "type_descriptor":
            return ""
        return self.declared_type_text(ctx, first.child_by_field_name("type"))

    def cast_type(self, ctx: Context, node: Node) -> str | None:
        """As in C, and a named cast: ``static_cast<Shape *>(p)->area`` (``dynamic_cast``, ``reinterpret_cast``,
        ``const_cast``)."""
        while node.type == "parenthesized_expression" and node.named_child_count == 1:
            node = node.named_children[0]
        if node.type == "call_expression":
            function = node.child_by_field_name("function")
            name = function.child_by_field_name("name") if function is not None and \
                function.type == "template_function" else None
            if name is None or ctx.text(name) not in _NAMED_CASTS:
                return None
            arguments = function.child_by_field_name("arguments")  # type: ignore[union-attr]
            first = arguments.named_children[0] if arguments is not None and arguments.named_children else None
            if first is None or first.type != "type_descriptor":
                return ""
            return self.declared_type_text(ctx, first.child_by_field_name("type"))
        return super().cast_type(ctx, node)

    def receiver_head(self, ctx: Context, node: Node) -> str | None:
        if node.type == "qualified_identifier":  # ``ns::object.f()``
            found = self.name_text(ctx, node)
            return found[0] if found is not None else None
        return super().receiver_head(ctx, node)

    def callee(self, ctx: Context, node: Node) -> tuple[str, Node, bool] | None:
        if node.type in ("template_function", "template_method"):
            name = node.child_by_field_name("name")
            if name is None or (node.type == "template_function" and ctx.text(name) in _NAMED_CASTS):
                return None  # (``static_cast<T>(x)`` is an operator, no call)
            return self.callee(ctx, name)
        return super().callee(ctx, node)

    def chain(self, ctx: Context, node: Node) -> tuple[str, bool, Node] | None:
        """As in C, and a name's qualifier: ``geo`` in ``geo::area`` (``a.b`` for ``b`` in ``a::b::c``)."""
        # (the node's type first: a parent lookup walks down from the root, and most values are identifiers)
        if node.type in ("namespace_identifier", "type_identifier") and (parent := node.parent) is not None \
                and parent.type == "qualified_identifier":
            parts = [ctx.text(node)]
            while (outer := parent.parent) is not None and outer.type == "qualified_identifier" \
                    and outer.child_by_field_name("name") == parent:
                scope = outer.child_by_field_name("scope")
                found = self.name_text(ctx, scope) if scope is not None else None
                if found is None:
                    return None
                parts.append(found[0])
                parent = outer
            return ".".join(reversed(parts)), True, node
        return super().chain(ctx, node)

    def import_statement(self, ctx: Context, node: Node, scope: int) -> None:
        """``using namespace std;`` and ``using std::string;``: an import-like binding, as a reference."""
        target = next((c for c in node.named_children if c.type in ("identifier", "qualified_identifier",
                                                                   "namespace_identifier")), None)
        if target is None:
            return
        found = self.name_text(ctx, target)
        if found is None:
            return
        ctx.add_ref(scope, EdgeKind.IMPORTS, found[0], node_span(found[1]))


def _operator_text(text: str) -> str:
    """``operator ==`` → ``operator==``; ``operator new[]`` keeps its word: ``operator new[]``."""
    rest = squeeze(text[len("operator"):]) if text.startswith("operator") else squeeze(text)
    if rest[:1].isalpha():
        return f"operator {rest.replace(' ', '')}"
    return f"operator{rest.replace(' ', '')}"


def _enclosing_namespaces(ctx: Context, node: Node) -> list[str]:
    names: list[str] = []
    current = node.parent
    while current is not None:
        if current.type == "namespace_definition":
            name = current.child_by_field_name("name")
            if name is not None:
                if name.type == "nested_namespace_specifier":
                    names = [ctx.text(c) for c in name.named_children if c.type == "namespace_identifier"] + names
                else:
                    names.insert(0, ctx.text(name))
        current = current.parent
    return names


def _introduces_symbol(template: Node) -> bool:
    inner = template.named_children[-1] if template.named_children else None
    if inner is None or inner.type not in _TEMPLATED:
        return False
    if inner.type in _TAG_KINDS:
        return inner.child_by_field_name("body") is not None
    if inner.type in ("declaration", "field_declaration"):
        return inner.child_by_field_name("declarator") is not None
    return True


#: the standard containers whose element is their first template argument (what a range ``for`` gives)
_SEQUENCES = frozenset(("vector", "list", "deque", "forward_list", "set", "multiset", "unordered_set",
                        "unordered_multiset", "array", "span", "initializer_list"))
#: the named casts of C++: what they give is a value of the type they name
_NAMED_CASTS = frozenset(("static_cast", "dynamic_cast", "reinterpret_cast", "const_cast"))


def _argument_count(arguments: Node | None) -> int:
    """How many arguments a call's ``argument_list`` passes (-1: none written, a syntax error, a braced list)."""
    if arguments is None or arguments.type != "argument_list" or arguments.has_error:
        return -1
    return sum(child.type != "comment" for child in arguments.named_children)


def _arity(function: Node, *, first: bool) -> tuple[int, int] | None:
    """The fewest and most arguments a function with this ``function_declarator`` accepts (-1: any number more,
    ``...`` or a parameter pack); ``(void)`` takes none. ``first``: the declaration gives its defaults (a
    declaration, a definition inside its class); else the fewest is 0, as a declaration elsewhere may give
    defaults the definition does not repeat. None: unreadable."""
    parameters = function.child_by_field_name("parameters")
    if parameters is None or parameters.type != "parameter_list" or parameters.has_error:
        return None
    required = optional = 0
    variadic = False
    for child in parameters.children:
        kind = child.type
        if kind == "parameter_declaration":
            declarator = child.child_by_field_name("declarator")
            if declarator is None and child.named_child_count == 1 and child.text == b"void":
                continue  # ``f(void)``
            required += 1
        elif kind == "optional_parameter_declaration":
            optional += 1
        elif kind in ("variadic_parameter_declaration", "..."):
            variadic = True
        elif kind not in ("(", ")", ",", "comment"):
            return None  # (anything else: not read)
    return (required if first else 0), -1 if variadic else required + optional


def _type_parameter_name(node: Node) -> tuple[Node, bool, str] | None:
    """``(name node, variadic, type of a non-type parameter)`` for one template parameter."""
    kind = node.type
    if kind in ("type_parameter_declaration", "variadic_type_parameter_declaration"):
        name = node.child_by_field_name("name") or next(
            (c for c in node.named_children if c.type == "type_identifier"), None)
        return (name, kind.startswith("variadic"), "") if name is not None else None
    if kind == "optional_type_parameter_declaration":
        name = node.child_by_field_name("name")
        return (name, False, "") if name is not None else None
    if kind == "template_template_parameter_declaration":
        inner = next((c for c in reversed(node.named_children) if c.type.endswith("parameter_declaration")), None)
        return _type_parameter_name(inner) if inner is not None else None
    if kind in ("parameter_declaration", "optional_parameter_declaration", "variadic_parameter_declaration"):
        declarator = node.child_by_field_name("declarator")
        if declarator is None:
            return None
        variadic = declarator.type == "variadic_declarator"
        if variadic:
            declarator = next((c for c in declarator.named_children if c.type == "identifier"), declarator)
        found = analyse_declarator(declarator).name if declarator.type != "identifier" else declarator
        type_node = node.child_by_field_name("type")
        type_text = squeeze(type_node.text.decode("utf-8", "replace")) if type_node is not None and \
            type_node.text is not None else ""
        return (found, variadic, type_text) if found is not None and found.type in _TYPE_PARAMETER_NAMES \
            else None
    return None


def _template_parameter_names(template: Node) -> frozenset[str]:
    parameters = template.child_by_field_name("parameters")
    if parameters is None:
        return frozenset()
    names: set[str] = set()
    for child in parameters.named_children:
        found = _type_parameter_name(child)
        if found is not None and found[0].text is not None:
            names.add(found[0].text.decode("utf-8", "replace"))
    return frozenset(names)


def _is_pure(node: Node) -> bool:
    """``virtual void f() = 0;``"""
    value = node.child_by_field_name("default_value")
    return value is not None and value.type == "number_literal" and value.text == b"0"


ADAPTER = CppAdapter

__all__ = ["ADAPTER", "CppAdapter"]
