"""C: the adapter half (the query half is ``c/queries.scm``).

C++ builds on this module (``cpp.py``): both grammars share their declarator
shapes, so the declarator analysis, signature rendering and doc comments live
here once.

What the query cannot say and this module does:

* a declaration's declarator decides what it declares: ``int *f(void);`` is a
  function prototype, ``int (*f)(void);`` a pointer variable. The name is the
  innermost identifier; what applies to it first (a parameter list or not)
  decides the kind;
* signatures keep pointer and array declarators as written:
  ``dup(const char *s, int (*cb)(int)) -> char *``, values read ``name: T``;
* ``#include`` directives become ``meta/include`` symbols, one per distinct
  spelling per file; the resolver rules (``c/rules.py``) find the
  headers and add the edges;
* include guards (``#ifndef X_H`` / ``#define X_H``) are not reported as
  constants.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from codeknit.graph.model import Category, EdgeKind, PropertyValue, Span, SymbolKind
from codeknit.languages.c.spec import is_header
from codeknit.languages.engine import Adapter, Context, GrammarGap, ScopeIndex, file_symbol, node_span, siblings
from codeknit.languages.records import RawSymbol
from codeknit.languages.scoped import MAX_DOC, clean_comment, comment_may_end_above
from codeknit.languages.typing_notes import note_narrowing

if TYPE_CHECKING:
    from tree_sitter import Node

#: a macro's or an enumerator's value is shown in its signature up to this length
MAX_VALUE = 40

#: declarator nodes that wrap a name (or another declarator)
_WRAPPERS = frozenset({
    "pointer_declarator", "array_declarator", "function_declarator", "parenthesized_declarator",
    "reference_declarator", "attributed_declarator", "init_declarator",
})
#: nodes that name what a declarator declares
_NAMES = frozenset({
    "identifier", "field_identifier", "type_identifier", "primitive_type", "qualified_identifier",
    "destructor_name", "operator_name", "operator_cast", "template_function", "structured_binding_declarator",
})
#: wrappers that change the declared type (``const`` on a pointer makes a variable, not a constant)
_INDIRECT = frozenset({"pointer_declarator", "array_declarator", "reference_declarator"})
#: a definition inside one of these is local to a function (or a parameter), not a symbol
_LOCAL_CONTAINERS = frozenset({
    "compound_statement", "parameter_list", "lambda_expression", "requires_expression", "condition_clause",
    "for_statement", "for_range_loop", "argument_list",
})
#: directives a file's opening comment may sit right above and still describe the file
_FILE_PREAMBLE = frozenset({"preproc_ifdef", "preproc_if", "preproc_include", "preproc_call", "comment"})
_TAG_SPECIFIERS = frozenset({"struct_specifier", "union_specifier", "enum_specifier", "class_specifier"})
_TAG_KINDS = {
    "struct_specifier": SymbolKind.STRUCT,
    "union_specifier": SymbolKind.UNION,
    "enum_specifier": SymbolKind.ENUM,
    "class_specifier": SymbolKind.CLASS,
}
#: specifiers written as a keyword (C++), as :meth:`CAdapter.specifiers` names them
_KEYWORD_SPECIFIERS = {"virtual": "virtual", "explicit_function_specifier": "explicit"}
#: qualifiers that belong to the declaration, not to the declared type
_NOT_TYPE_QUALIFIERS = frozenset({"constexpr", "consteval", "constinit"})

#: keywords and primitive types: never a symbol's name (a misread declaration's, the safety net behind
#: ``C_GAPS``), so never a reference's target
C_KEYWORDS = frozenset({
    "auto", "break", "case", "char", "const", "continue", "default", "do", "double", "else", "enum", "extern",
    "float", "for", "goto", "if", "inline", "int", "long", "register", "restrict", "return", "short", "signed",
    "sizeof", "static", "struct", "switch", "typedef", "union", "unsigned", "void", "volatile", "while",
    "_Bool", "_Complex", "_Atomic", "_Noreturn", "_Thread_local", "_Alignas", "_Alignof", "_Static_assert",
    "bool", "__inline", "__inline__", "__restrict", "__restrict__", "__volatile__", "__extension__",
})
#: what may open a declaration's type after an export macro: storage classes, qualifiers, primitive types
_TYPE_WORDS = (rb"(?:static|extern|inline|__inline|__inline__|const|volatile|register|unsigned|signed|short|long|"
               rb"int|void|char|float|double|_Bool|bool|struct|union|enum)\b")
#: ``MY_EXTERN int f(void);``, ``INLINE static int g(int x) {…}``, ``DECLSPEC_IMPORT int WSAAPI h(…);``: an
#: all-caps macro (an export, inline or calling-convention macro, defined empty or to an attribute) before a
#: keyword that opens the type, or between a primitive type (or a pointer's ``*``) and the function's name, is
#: an error to the grammar: it reads the macro as the type and the keyword as a name (a symbol ``int``, the
#: macro as the return type), or ends the declaration after ``DECLSPEC_IMPORT int``. The macro is overwritten
#: with spaces when the file has errors (an identifier followed by a keyword, or a name and ``(`` after a
#: primitive type, is never C); the repaired tree is kept when it has fewer errors (the blank sits before the
#: declaration it opens, so ``inside`` cannot be asked). Before a *named* return type
#: (``LUA_API lua_CFunction f(…)``) the grammar reads no keyword: :func:`_name_after_macro` recovers that one.
#: ``LEVELDB_EXPORT leveldb_t* leveldb_open(…);``, ``LEVELDB_EXPORT uint8_t leveldb_iter_valid(…);``: an all-caps
#: macro (or several) opening a line, before a *named* type (one with a lowercase letter) that a name and ``(``
#: follow. Two type names in a row are never C, so the first is a macro; the grammar reads it as the return type
#: (``LEVELDB_EXPORT *``) or stumbles on the ``*``. Blanked first (C++'s gap of the same shape, ``CPP_GAPS``), and
#: kept only where the blank sits directly in a declaration list (the file's, an ``extern "C" { … }``'s, a
#: preprocessor conditional's), never in a function's body. Not matched: an all-caps type (``BOOL WINAPI
#: DllMain(``: the calling-convention gap below), a macro before a keyword (the gap above)
#: ``extern ASN1_API const char *asn1_name(int tag);``, ``static INLINE_API int fast(int x) {…}``, ``extern LUA_API
#: lua_CFunction f(…);``: the same macros after a storage class, where the two gaps above (which want the macro to
#: open the line) do not look. Blanked first, and kept only where the blank sits directly in the declaration or
#: definition it belongs to
STORAGE_WORDS = rb"(?:static|extern|inline|__inline|__inline__)\b"
STORAGE_DECLARATIONS = ("declaration", "function_definition", "field_declaration")
_NAMED_RETURN = rb"(?:const[ \t]+)?[A-Za-z_]\w*[a-z]\w*[ \t*]+[A-Za-z_]\w*[ \t]*\("
C_DECLARATION_LISTS = ("translation_unit", "declaration_list", "preproc_ifdef", "preproc_if", "preproc_else",
                       "preproc_elif", "linkage_specification")
C_GAPS: tuple[GrammarGap, ...] = (
    GrammarGap("an export macro before a declaration's keyword (MY_EXTERN int f(void);)",
               re.compile(rb"(?m)^(?<!\\\n)[ \t]*(?P<mask>[A-Z_][A-Z0-9_]*(?:[ \t]+[A-Z_][A-Z0-9_]*)*)\s+"
                          rb"(?=" + _TYPE_WORDS + rb")")),
    GrammarGap("an export macro before a named return type (LEVELDB_EXPORT leveldb_t* leveldb_open(…);)",
               re.compile(rb"(?m)^(?<!\\\n)[ \t]*(?P<mask>[A-Z_][A-Z0-9_]*(?:[ \t]+[A-Z_][A-Z0-9_]*)*)[ \t]+"
                          rb"(?=" + _NAMED_RETURN + rb")"),
               inside=C_DECLARATION_LISTS, directly=True, mask_first=True),
    GrammarGap("an export macro after a storage class (extern ASN1_API const char *f(…);)",
               re.compile(rb"(?m)^(?<!\\\n)[ \t]*(?:" + STORAGE_WORDS + rb"[ \t]+)+"
                          rb"(?P<mask>[A-Z_][A-Z0-9_]*(?:[ \t]+[A-Z_][A-Z0-9_]*)*)[ \t]+"
                          rb"(?=" + _TYPE_WORDS + rb"|" + _NAMED_RETURN + rb")"),
               inside=STORAGE_DECLARATIONS, directly=True, mask_first=True),
    # ``#ifdef __cplusplus`` / ``extern "C" {`` / ``#endif`` … ``#ifdef __cplusplus`` / ``}`` / ``#endif``: each half
    # of the block is unbalanced to the grammar (``missing #endif``, every header of a C library); to a C compiler
    # both are dead code, ``__cplusplus`` undefined. Blanked first, and kept where the blank is directly in the
    # conditional
    GrammarGap('the halves of an extern "C" block a C compiler skips (#ifdef __cplusplus extern "C" { #endif)',
               re.compile(rb'(?m)^[ \t]*#[ \t]*if(?:def[ \t]+__cplusplus'
                          rb'|[ \t]+defined[ \t]*\(?[ \t]*__cplusplus[ \t]*\)?)'
                          rb'[ \t]*(?://[^\n]*|/\*[^\n]*?\*/[ \t]*)?\n[ \t]*(?P<mask>extern[ \t]+"C"[ \t]*\{|\})'
                          rb'(?=[ \t]*(?://[^\n]*|/\*[^\n]*?\*/[ \t]*)?\n[ \t]*#[ \t]*endif\b)'),
               inside=("preproc_ifdef", "preproc_if"), directly=True, mask_first=True),
    GrammarGap("a calling-convention macro between the return type and the name (int WSAAPI f(…);)",
               re.compile(rb"(?:\b(?:int|void|char|short|long|float|double|unsigned|signed|_Bool|bool)\b|\*)[ \t]*"
                          rb"(?P<mask>[A-Z_][A-Z0-9_]*)[ \t]+(?=[A-Za-z_]\w*[ \t]*\()")),
)


def squeeze(text: str) -> str:
    return " ".join(text.split())


@dataclass(slots=True)
class Declarator:
    """What one declarator declares."""

    name: Node | None  # the name as written (may be qualified in C++)
    function: Node | None  # the parameter list's declarator when the name is a function
    top: Node  # the declarator without its initializer
    value: Node | None  # the initializer, if any
    indirect: bool  # a pointer, array or reference declarator is involved


def analyse_declarator(node: Node) -> Declarator:
    """Unwrap pointer, array, parenthesised and function declarators down to the declared name."""
    value: Node | None = None
    if node.type == "init_declarator":
        value = node.child_by_field_name("value")
        inner = node.child_by_field_name("declarator")
        if inner is not None:
            node = inner
    top = node
    path: list[Node] = []
    current: Node | None = node
    while current is not None and current.type not in _NAMES:
        if current.type not in _WRAPPERS:
            current = None
            break
        path.append(current)
        inner = current.child_by_field_name("declarator")
        if inner is None:
            inner = next((c for c in current.named_children if c.type in _WRAPPERS or c.type in _NAMES), None)
        current = inner
    function: Node | None = None
    for wrapper in reversed(path):
        if wrapper.type in ("parenthesized_declarator", "attributed_declarator"):
            continue
        if wrapper.type == "function_declarator":
            function = wrapper
        break
    if current is not None and last_name(current).type == "operator_cast":  # ``operator int()``, ``A::operator int()``
        function = last_name(current)
    if function is not None and current is not None and current.parent == function:
        current = _name_after_macro(function, current)
    return Declarator(current, function, top, value, any(w.type in _INDIRECT for w in path))


def _name_after_macro(function: Node, name: Node) -> Node:
    """``LUA_API lua_CFunction lua_atpanic (…)``: an export macro before the return type leaves the grammar
    one type too many, and it reads the return type's name as the function's, the function's own name as an
    error between it and the parameters. That name is the function's."""
    following = name.next_sibling
    if following is not None and following.type == "ERROR" and following.named_child_count == 1 and (
            following.named_children[0].type == "identifier") and following.next_sibling is not None and (
            following.next_sibling.type == "parameter_list"):
        return following.named_children[0]
    return name


#: a macro body's tokens: comments and literals (skipped), ``#``/``##`` with the name they touch, and names
_BODY_TOKEN = re.compile(rb"/\*.*?\*/|//[^\n]*|\"(?:[^\"\\\n]|\\.)*\"|'(?:[^'\\\n]|\\.)*'"
                         rb"|##?[ \t]*[A-Za-z_]\w*|[A-Za-z_]\w*(?:[ \t]*##)?|[.>]|\S", re.DOTALL)
_NAME_CALLED = re.compile(rb"[ \t]*(?:\\\r?\n[ \t]*)*\(")
#: words of C (and of its preprocessor) that look called in a macro's body (``if (x)``, ``sizeof (T)``)
_NOT_CALLED = frozenset({"if", "while", "for", "switch", "return", "sizeof", "defined", "do", "else", "case",
                         "_Alignof", "_Generic", "_Static_assert", "alignof", "typeof", "__typeof__", "__attribute__",
                         "__builtin_expect", "__VA_ARGS__", "__VA_OPT__", "offsetof"})


def _body_calls(ctx: Context, body: Node) -> list[tuple[str, Span]]:
    """The functions a function-like macro's body calls, by name (``bitwise_check(self, other, ostr)`` in
    ``#define BITWISE_FUNC(name, inplace, ostr) … { if (bitwise_check(…) == 0) … }``): a name followed by ``(``,
    not a parameter of the macro, not pasted or stringified (``#x``, ``a ## b``), not a member (``p->f(…)``,
    ``s.f(…)``: the object is unknown) and no keyword; comments and literals are skipped."""
    definition = body.parent
    params = definition.child_by_field_name("parameters") if definition is not None else None
    parameters = {ctx.text(p) for p in params.named_children if p.type == "identifier"} if params else set()
    text = ctx.source[body.start_byte:body.end_byte]
    out: list[tuple[str, Span]] = []
    previous = b""
    for token in _BODY_TOKEN.finditer(text):
        word = token.group()
        if (word[:1].isalpha() or word[:1] == b"_") and not word.endswith(b"#") and previous not in (b".", b">") \
                and _NAME_CALLED.match(text, token.end()):
            name = word.decode("utf-8", "replace")
            if name not in parameters and name not in _NOT_CALLED:
                out.append((name, _text_span(body, text, token.start(), token.end())))
        previous = word
    return out


def _text_span(node: Node, text: bytes, start: int, end: int) -> Span:
    """The span of ``text[start:end]``, ``text`` being ``node``'s bytes (columns in bytes, as tree-sitter's)."""
    line = node.start_point[0] + text.count(b"\n", 0, start)
    newline = text.rfind(b"\n", 0, start)
    column = (node.start_point[1] + start) if newline < 0 else start - newline - 1
    return (line + 1, column, line + 1, column + end - start)


def last_name(node: Node) -> Node:
    """The last name of a qualified one (``c`` of ``a::b::c``), or the node itself."""
    while node.type == "qualified_identifier":
        inner = node.child_by_field_name("name")
        if inner is None:
            break
        node = inner
    return node


def leading_comment(ctx: Context, node: Node) -> str | None:
    """The comments right above ``node`` (no blank line between), each starting its own line.

    The siblings are read off the parent's children, listed once per parent (``engine.siblings``), not
    through ``prev_sibling``, which walks down from the root each time (quadratic in a file's declarations)."""
    if not comment_may_end_above(ctx.source, node.start_byte):
        return None
    children, position = siblings(ctx, node)
    comments: list[Node] = []
    current = node
    while position > 0 and (previous := children[position - 1]).type == "comment":
        if current.start_point[0] - previous.end_point[0] > 1:
            break
        position -= 1
        before = children[position - 1] if position else None
        if before is not None and before.end_point[0] == previous.start_point[0] and before.end_point[1] > 0:
            break  # a trailing comment of the line before (a directive ends with its newline: not that)
        comments.append(previous)
        current = previous
    if not comments:
        return None
    comments.reverse()
    parts = [clean_comment(ctx.text(c)) for c in comments]
    text = "\n".join(p for p in parts if p)
    return text[:MAX_DOC] or None


class _FileState:
    """Per-file memo shared by the hooks of one extraction."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.header = is_header(path)
        self.includes: set[str] = set()
        #: start bytes of declarations to lift out of the function they were parsed into
        self.lifted: set[int] = set()
        self.access: dict[int, tuple[list[int], list[str]]] = {}
        self.template_names: dict[int, frozenset[str]] = {}
        #: every template parameter of the file, by name (C++)
        self.parameter_names: frozenset[str] | None = None


@dataclass(slots=True)
class Place:
    """Where a definition sits: at file/namespace level, in a class body, or in a function body."""

    level: str  # "top", "member" or "local"
    klass: Node | None = None  # the class/struct/union specifier of a member
    anonymous_namespace: bool = False


class CAdapter(Adapter):
    language = "c"
    grammars = {"": "c"}
    #: C++ adds access sections, namespaces, templates…
    cpp = False
    grammar_gaps = C_GAPS
    #: a variable read or written is its own text, and ``a.b.c`` written plainly is that chain (as
    #: :meth:`chain` reads them): the engine records them without a call per name (``p->x``: :meth:`chain`)
    plain_value_types: ClassVar[frozenset[str]] = frozenset({"identifier"})
    plain_chain_types: ClassVar[frozenset[str]] = frozenset({"field_expression"})

    @staticmethod
    def file_state(ctx: Context) -> _FileState:
        """This file's memo (include spellings seen, access sections, template parameters)."""
        state = ctx.state.get("c-family")
        if not isinstance(state, _FileState):
            state = ctx.state["c-family"] = _FileState(ctx.extraction.path)
        return state

    # -- the file -----------------------------------------------------------------------------

    def module_symbol(self, ctx: Context, root: Node) -> RawSymbol:
        path = ctx.extraction.path
        name = path.rsplit("/", 1)[-1]
        return file_symbol(ctx, root, name, kind=SymbolKind.FILE, doc=self._file_doc(ctx, root))

    @staticmethod
    def _file_doc(ctx: Context, root: Node) -> str | None:
        """A comment opening the file, unless it sits right above a definition (then it is that one's)."""
        first = root.children[0] if root.children else None
        if first is None or first.type != "comment":
            return None
        following = first.next_sibling
        if following is not None and following.start_point[0] - first.end_point[0] < 2 \
                and following.type not in _FILE_PREAMBLE:
            return None
        return clean_comment(ctx.text(first))

    # -- definitions ------------------------------------------------------------------------

    def definition(self, ctx: Context, kind: str, node: Node, name: Node | None) -> RawSymbol | None:
        symbol = self._definition(ctx, kind, node, name)
        if symbol is not None and symbol.name in C_KEYWORDS and kind != "include":
            return None  # (a declaration the grammar misread: a keyword is never a name)
        return symbol

    def _definition(self, ctx: Context, kind: str, node: Node, name: Node | None) -> RawSymbol | None:
        if kind == "include":
            return self._include(ctx, node)
        if kind in ("constant", "macro"):
            return self._macro(ctx, node, name, kind)
        place = self.place(node)
        if place.level == "local":
            return None
        if kind == "function":
            return self._function_definition(ctx, node, place)
        if kind in ("variable", "field", "type_alias"):
            return self._declarator(ctx, kind, node, place)
        if kind in ("struct", "union", "enum", "class"):
            return self._tag(ctx, node, name, place)
        if kind == "enum_member":
            return self._enumerator(ctx, node, name)
        return self.definition_extra(ctx, kind, node, name, place)

    def definition_extra(
        self, ctx: Context, kind: str, node: Node, name: Node | None, place: Place
    ) -> RawSymbol | None:
        """Capture kinds only C++ knows (namespaces, type parameters)."""
        return None

    def place(self, node: Node) -> Place:
        """Classify the position of a definition node by walking up its ancestors."""
        current = node.parent
        anonymous = False
        klass: Node | None = None
        member = False
        while current is not None:
            kind = current.type
            if kind == "field_declaration_list":
                if not member:
                    member = True
                    owner = current.parent
                    klass = owner if owner is not None and owner.type in _TAG_SPECIFIERS else None
            elif kind in _LOCAL_CONTAINERS:
                return Place("local")
            elif kind == "namespace_definition" and current.child_by_field_name("name") is None:
                anonymous = True
            current = current.parent
        if member:
            return Place("member", klass, anonymous)
        return Place("top", None, anonymous)

    def _symbol(
        self,
        ctx: Context,
        name: str,
        kind: SymbolKind,
        outer: Node,
        name_node: Node,
        *,
        doc_node: Node | None = None,
        start_byte: int | None = None,
        documented: bool = True,
    ) -> RawSymbol:
        """A symbol spanning ``outer``, with the comment above ``doc_node`` (``outer`` unless given) when
        ``documented``."""
        return RawSymbol(
            name=name,
            kind=kind,
            span=node_span(outer),
            name_span=node_span(name_node),
            start_byte=outer.start_byte if start_byte is None else start_byte,
            end_byte=outer.end_byte,
            doc=leading_comment(ctx, doc_node or outer) if documented else None,
        )

    @staticmethod
    def outer(node: Node) -> Node:
        """The node a definition's span covers: its ``template <…>`` prefixes included."""
        while node.parent is not None and node.parent.type == "template_declaration":
            node = node.parent
        return node

    # -- includes and macros ---------------------------------------------------------------------

    def _include(self, ctx: Context, node: Node) -> RawSymbol | None:
        path = node.child_by_field_name("path")
        if path is None:
            return None
        spelling = squeeze(ctx.text(path))
        if not spelling or spelling in self.file_state(ctx).includes:
            return None
        self.file_state(ctx).includes.add(spelling)
        start = node.start_point
        end = path.end_point
        span: Span = (start[0] + 1, start[1], end[0] + 1, end[1])
        return RawSymbol(
            name=spelling,
            kind=SymbolKind.INCLUDE,
            span=span,
            name_span=node_span(path),
            start_byte=node.start_byte,
            end_byte=path.end_byte,
            parent=0,
            signature=spelling,
            properties={"resolution": "unresolved"},
        )

    def _macro(self, ctx: Context, node: Node, name: Node | None, kind: str) -> RawSymbol | None:
        if name is None:
            return None
        text = ctx.text(name)
        value = node.child_by_field_name("value")
        if kind == "constant" and value is None and _is_include_guard(ctx, node, text):
            return None
        end = value.end_point if value is not None else name.end_point
        parameters = node.child_by_field_name("parameters")
        symbol = RawSymbol(
            name=text,
            kind=SymbolKind.MACRO if kind == "macro" else SymbolKind.CONSTANT,
            span=(node.start_point[0] + 1, node.start_point[1], end[0] + 1, end[1]),
            name_span=node_span(name),
            start_byte=node.start_byte,
            end_byte=value.end_byte if value is not None else name.end_byte,
            doc=leading_comment(ctx, node),
        )
        if kind == "macro":
            params = [ctx.text(c) for c in parameters.children if c.type in ("identifier", "...")] if parameters \
                else []
            symbol.signature = f"{text}({', '.join(params)})"
        else:
            shown = squeeze(ctx.text(value).replace("\\\n", " ")) if value is not None else ""
            symbol.signature = text if not shown else f"{text} = {shown if len(shown) <= MAX_VALUE else '…'}"
        symbol.properties = {"exported": self.file_state(ctx).header}
        return symbol

    # -- functions ----------------------------------------------------------------------------

    def _function_definition(self, ctx: Context, node: Node, place: Place) -> RawSymbol | None:
        declarator_node = node.child_by_field_name("declarator")
        if declarator_node is None:
            return None
        declarator = analyse_declarator(declarator_node)
        if declarator.name is None or declarator.function is None:
            return None
        if self._misparsed_macro(ctx, node):
            return None
        outer = self.outer(node)
        return self.callable(ctx, node, outer, declarator, place, definition=True)

    def _misparsed_macro(self, ctx: Context, node: Node) -> bool:
        """``libc_hidden_proto (f)`` (a macro call without a semicolon) followed by declarations reads
        as an old-style definition whose parameter declarations are prototypes or ``extern``s: K&R
        parameters never are, so this is no function."""
        for child in node.named_children:
            if child.type == "declaration":
                declarator = child.child_by_field_name("declarator")
                if declarator is not None and analyse_declarator(declarator).function is not None:
                    return True
                if self.specifiers(ctx, child) & {"extern", "static"}:
                    return True
        return False

    def callable(
        self, ctx: Context, node: Node, outer: Node, declarator: Declarator, place: Place, *, definition: bool
    ) -> RawSymbol | None:
        """A function (or, in C++, a method) from its declaration node and its declarator."""
        assert declarator.name is not None and declarator.function is not None
        name, owner, name_node = self.declared_name(ctx, declarator.name)
        if not name:
            return None
        symbol = self._symbol(ctx, name, SymbolKind.FUNCTION, outer, name_node)
        self.set_owner(symbol, owner)
        symbol.properties = _linkage(place, owner, self.specifiers(ctx, node), ("static",))
        if not definition:
            symbol.properties["declaration"] = True
        returns = self.return_type(ctx, node, declarator)
        if not _trailing_return(declarator.function):
            symbol.declared_type = self.declared_type_text(ctx, node.child_by_field_name("type"))
        symbol.signature = f"{name}({self.parameters(ctx, declarator.function)})"
        if returns:
            symbol.signature += f" -> {returns}"
        return symbol

    def header_exported(self, ctx: Context, place: Place) -> dict[str, PropertyValue]:
        """A type's, a typedef's or a macro's properties: at file level, ``exported`` when a header declares it
        outside an anonymous namespace; none elsewhere."""
        if place.level != "top":
            return {}
        return {"exported": self.file_state(ctx).header and not place.anonymous_namespace}

    @staticmethod
    def set_owner(symbol: RawSymbol, owner: str | None) -> None:
        """A definition written outside its type (``void A::f() {}``) hangs off the file until the
        resolver attaches it to ``A``; its qualified name is the owner's (``ns.A.f``) either way."""
        if owner is not None:
            symbol.owner = owner
            symbol.parent = 0

    def declared_name(self, ctx: Context, node: Node) -> tuple[str, str | None, Node]:
        """``(name, owner, name node)``; C names are never qualified."""
        return ctx.text(node), None, node

    @staticmethod
    def specifiers(ctx: Context, node: Node) -> set[str]:
        """Storage classes and other keywords written before the declarator (``static``, ``extern``…)."""
        found: set[str] = set()
        for child in node.children:
            kind = child.type
            if kind in ("storage_class_specifier", "type_qualifier"):
                found.add(ctx.text(child))
            elif kind in _KEYWORD_SPECIFIERS:
                found.add(_KEYWORD_SPECIFIERS[kind])
        return found

    def parameters(self, ctx: Context, function: Node) -> str:
        """The parameter list as written, squeezed; C++ defaults elided as ``=…``."""
        parameters = function.child_by_field_name("parameters")
        if parameters is None and function.type == "operator_cast":
            inner = function.child_by_field_name("declarator")
            parameters = inner.child_by_field_name("parameters") if inner is not None else None
        if parameters is None:
            return ""
        parts: list[str] = []
        for child in parameters.children:
            kind = child.type
            if kind in ("(", ")", ",", "comment"):
                continue
            if kind in ("optional_parameter_declaration", "optional_type_parameter_declaration"):
                default = child.child_by_field_name("default_value") or child.child_by_field_name("default_type")
                end = default.start_byte if default is not None else child.end_byte
                head = ctx.text_at(child.start_byte, end).rstrip().rstrip("=").rstrip()
                parts.append(f"{squeeze(head)}=…")
            else:
                parts.append(ctx.squeezed(child))
        return ", ".join(parts)

    def base_type(self, ctx: Context, node: Node) -> str:
        """The type written before the declarators, qualifiers included (``const char``)."""
        type_node = node.child_by_field_name("type")
        if type_node is None:
            return ""
        words: list[str] = []
        for child in node.children:
            if child.type == "type_qualifier":
                word = ctx.text(child)
                if word not in _NOT_TYPE_QUALIFIERS:
                    words.append(word)
            elif child == type_node:
                words.append(self.type_text(ctx, child))
            elif child.start_byte > type_node.end_byte and child.type != "type_qualifier":
                break
        return " ".join(words)

    def type_text(self, ctx: Context, node: Node) -> str:
        """A type as written, squeezed; a struct/union/enum with a body is named, not spelled out."""
        if node.type in _TAG_SPECIFIERS and node.child_by_field_name("body") is not None:
            keyword = node.type.split("_")[0]
            name = node.child_by_field_name("name")
            return f"{keyword} {ctx.squeezed(name)}" if name is not None else f"{keyword} {{…}}"
        return ctx.squeezed(node)

    def return_type(self, ctx: Context, node: Node, declarator: Declarator) -> str:
        function = declarator.function
        assert function is not None
        if function.type == "function_declarator":
            for child in function.named_children:
                if child.type == "trailing_return_type":
                    return squeeze(ctx.text(child).removeprefix("->"))
        base = self.base_type(ctx, node)
        if declarator.name is not None and declarator.name.parent is not None and \
                declarator.name.parent.type == "ERROR":  # (``_name_after_macro``: the type is the name before)
            written = function.child_by_field_name("declarator")
            base = ctx.text(written) if written is not None else base
        return _wrapped(ctx, base, declarator.top, function) if base else ""

    def value_type(self, ctx: Context, node: Node, declarator: Declarator) -> str:
        """The declared type of a variable, field or typedef: base type plus the declarator around the name."""
        base = self.base_type(ctx, node)
        return _wrapped(ctx, base, declarator.top, declarator.name) if declarator.name is not None else base

    # -- declarations: globals, prototypes, fields, typedefs ----------------------------------------

    def _declarator(self, ctx: Context, kind: str, node: Node, place: Place) -> RawSymbol | None:
        statement = node.parent
        if statement is None:
            return None
        declarator = analyse_declarator(node)
        if declarator.name is None or declarator.name.type == "primitive_type":
            return None
        if statement.parent is not None and statement.parent.type == "function_definition":
            # between a function's parameter list and its body: K&R parameter declarations
            # (``int f(a) int a; {…}``), or, after a macro without a semicolon that tree-sitter took
            # for a K&R function (``libc_hidden_proto (f)`` + ``extern int f (void);``), real
            # declarations, which are lifted out of that function in ``finish``
            if declarator.function is None and not self.specifiers(ctx, statement) & {"extern", "static"}:
                return None
            self.file_state(ctx).lifted.add(statement.start_byte)
        single = len(statement.children_by_field_name("declarator")) == 1
        outer = self.outer(statement) if single else node
        if declarator.function is not None and kind != "type_alias":
            if statement.parent is not None and statement.parent.type == "friend_declaration":
                return None
            return self.callable(ctx, statement, outer, declarator, place, definition=False)
        # the comment above a declaration belongs to its first declarator
        first = single or statement.child_by_field_name("declarator") == node
        if kind == "type_alias":
            return self._typedef(ctx, statement, node, declarator, outer, place, single=single, first=first)
        name, owner, name_node = self.declared_name(ctx, declarator.name)
        if not name:
            return None
        specifiers = self.specifiers(ctx, statement)
        symbol_kind = SymbolKind.FIELD if kind == "field" or place.level == "member" else SymbolKind.VARIABLE
        if symbol_kind is SymbolKind.VARIABLE and owner is not None:
            symbol_kind = SymbolKind.FIELD  # ``int A::count = 0;``: a static member's definition
        if symbol_kind is SymbolKind.VARIABLE and (
            "constexpr" in specifiers or ("const" in specifiers and not declarator.indirect)
        ):
            symbol_kind = SymbolKind.CONSTANT
        symbol = self._symbol(ctx, name, symbol_kind, outer, name_node, doc_node=self.outer(statement),
                              documented=first)
        self.set_owner(symbol, owner)
        value_type = self.value_type(ctx, statement, declarator)
        symbol.signature = f"{name}: {value_type}" if value_type else name
        symbol.declared_type = self.declared_type_text(ctx, statement.child_by_field_name("type"))
        symbol.properties = _linkage(place, owner, specifiers, ("static", "extern"))
        return symbol

    def _typedef(
        self, ctx: Context, statement: Node, node: Node, declarator: Declarator, outer: Node, place: Place, *,
        single: bool, first: bool,
    ) -> RawSymbol | None:
        assert declarator.name is not None
        name = ctx.text(declarator.name)
        if not name:
            return None
        type_node = statement.child_by_field_name("type")
        start_byte = None
        if type_node is not None and type_node.type in _TAG_SPECIFIERS and single \
                and type_node.child_by_field_name("body") is not None \
                and type_node.child_by_field_name("name") is not None:
            # ``typedef struct S {…} S;``: the struct is its own symbol, beside the alias, not inside it
            start_byte = node.start_byte
        symbol = self._symbol(
            ctx, name, SymbolKind.TYPE_ALIAS, outer, declarator.name, doc_node=self.outer(statement),
            start_byte=start_byte, documented=first,
        )
        aliased = self.value_type(ctx, statement, declarator)
        symbol.signature = f"{name} = {aliased}" if aliased else name
        symbol.declared_type = self.declared_type_text(ctx, type_node)
        symbol.properties = self.header_exported(ctx, place)
        return symbol

    # -- struct, union, enum -------------------------------------------------------------------------

    def _tag(self, ctx: Context, node: Node, name: Node | None, place: Place) -> RawSymbol | None:
        if name is None:
            return None
        text = ctx.text(name) if name.type != "template_type" else ctx.text(name.child_by_field_name("name"))
        if not text:
            return None
        outer = self.outer(node)
        doc_node = outer
        if node.parent is not None and node.parent.type in ("type_definition", "declaration", "field_declaration") \
                and node.parent.child_by_field_name("type") == node:
            doc_node = self.outer(node.parent)
        symbol = self._symbol(ctx, text, _TAG_KINDS[node.type], outer, name, doc_node=doc_node)
        symbol.signature = text
        symbol.properties = self.header_exported(ctx, place)
        return symbol

    def _enumerator(self, ctx: Context, node: Node, name: Node | None) -> RawSymbol | None:
        if name is None:
            return None
        text = ctx.text(name)
        symbol = self._symbol(ctx, text, SymbolKind.ENUM_MEMBER, node, name)
        value = node.child_by_field_name("value")
        shown = ctx.squeezed(value) if value is not None else ""
        symbol.signature = f"{text} = {shown}" if shown and len(shown) <= MAX_VALUE else text
        enum = node.parent.parent if node.parent is not None else None
        if enum is not None and enum.child_by_field_name("name") is None \
                and (enum.parent is None or enum.parent.type != "type_definition"):
            # ``enum { A, B };``: no enum symbol, the enumerators are file-level
            symbol.properties = self.header_exported(ctx, self.place(enum))
        return symbol

    # -- references -----------------------------------------------------------------------------------

    def reference(self, ctx: Context, kind: str, node: Node, scope: int) -> None:
        if kind == "type":
            self._type_reference(ctx, node, scope)
        elif kind in ("call", "construct"):  # (``new T(…)``, a constructor's initialiser: C++'s query)
            self._call(ctx, node, scope, constructs=kind == "construct")
        elif kind == "inherits":
            found = self.name_text(ctx, node)
            if found is not None:
                ctx.add_ref(scope, EdgeKind.INHERITS, found[0], node_span(found[1]))
        elif kind == "macro_body":
            for name, span in _body_calls(ctx, node):
                ctx.add_ref(scope, EdgeKind.CALLS, name, span)

    def chain(self, ctx: Context, node: Node) -> tuple[str, bool, Node] | None:
        """A name or a field chain read as a value: ``p->ops->draw`` is ``p.ops.draw`` (see :meth:`callee`)."""
        found = self.callee(ctx, node)
        return None if found is None else (found[0], found[2], found[1])

    def _type_reference(self, ctx: Context, node: Node, scope: int) -> None:
        tagged = node.type in _TAG_SPECIFIERS
        if tagged:
            parent = node.parent
            if parent is not None and parent.type in ("declaration", "field_declaration") \
                    and parent.child_by_field_name("declarator") is None:
                return  # ``struct S;``: a forward declaration, not a use
            node = node.child_by_field_name("name") or node
            if node.type in _TAG_SPECIFIERS:
                return
        found = self.name_text(ctx, node)
        if found is None:
            return
        text, last = found
        if self.template_parameter(ctx, node, text):
            return
        # ``struct conn`` names the tag: in ``typedef struct conn conn;`` not the typedef itself
        ctx.add_ref(scope, EdgeKind.REFERENCES, text, node_span(last), tagged=tagged)

    def template_parameter(self, ctx: Context, node: Node, text: str) -> bool:
        """Is ``text`` a template parameter in scope at ``node``? (Never in C.)"""
        return False

    def declared_type_text(self, ctx: Context, type_node: Node | None) -> str:
        """The type a declaration's type specifier names, in the ``declared_type`` convention: ``Shape``,
        ``shape`` for ``struct shape``; "" for primitive and anonymous types. Pointers and references
        are in the declarator and do not matter to member access (``s->f`` and ``s.f`` alike)."""
        if type_node is None:
            return ""
        if type_node.type in _TAG_SPECIFIERS:
            named = type_node.child_by_field_name("name")
            if named is None:
                return ""
            type_node = named
        found = self.name_text(ctx, type_node)
        return found[0] if found is not None else ""

    def initializer_type_text(self, ctx: Context, value: Node | None) -> str:
        """The type an initialiser gives a variable declared without one (C++ ``auto``); "" in C."""
        return ""

    def _call(self, ctx: Context, node: Node, scope: int, *, constructs: bool) -> None:
        found = self.callee(ctx, node)
        if found is None:
            return
        text, last, head_known = found
        if constructs and self.template_parameter(ctx, node, text):
            return
        ctx.add_ref(scope, EdgeKind.CALLS, text, node_span(last), head_known=head_known, constructs=constructs)

    def callee(self, ctx: Context, node: Node) -> tuple[str, Node, bool] | None:
        """``(dotted text, last name node, head known)`` for the function part of a call."""
        kind = node.type
        if kind == "field_expression":
            field = node.child_by_field_name("field")
            argument = node.child_by_field_name("argument")
            if field is None or argument is None:
                return None
            member = self.name_text(ctx, field)
            if member is None:
                return None
            base = self.receiver_text(ctx, argument)
            if base is None:
                return member[0], member[1], False
            return f"{base}.{member[0]}", member[1], True
        found = self.name_text(ctx, node)
        if found is None:
            return None
        return found[0], found[1], True

    def receiver_text(self, ctx: Context, node: Node) -> str | None:
        """The dotted text of a call's receiver (``p->ops`` → ``p.ops``), through calls' results
        (``make()->ops``, ``q.a().b`` → ``q.a().b``: the resolver reads what each callee returns), or None
        when it is an arbitrary expression. Iterative: a chain of any length is fine."""
        parts: list[str] = []
        current = node
        called = ""  # (``()`` while the name read next is that of a called function)
        while True:
            kind = current.type
            if kind == "field_expression":
                field = current.child_by_field_name("field")
                argument = current.child_by_field_name("argument")
                if field is None or argument is None:
                    return None
                parts.append(ctx.text(field) + called)
                called = ""
                current = argument
                continue
            cast = self.cast_type(ctx, current) if kind != "field_expression" and not called else None
            if cast is not None:  # ``((Shape *)p)->area``: a value of the type the cast names (a type called)
                if not cast:
                    return None
                parts.append(f"{cast}()")
                return ".".join(reversed(parts))
            if kind == "call_expression" and not called:
                function = current.child_by_field_name("function")
                if function is None:
                    return None
                called = "()"
                current = function
                continue
            if kind == "parenthesized_expression" and current.named_child_count == 1:
                inner = current.named_children[0]
                argument = inner.child_by_field_name("argument") if inner.type == "pointer_expression" else None
                if argument is None:  # only ``(*p).f``
                    return None
                current = argument
                continue
            head = self.receiver_head(ctx, current)
            if head is None:
                return None
            parts.append(head + called)
            return ".".join(reversed(parts))

    def element_type_text(self, ctx: Context, type_node: Node | None) -> str:
        """The element type of a collection type (C++'s ``std::vector<Disc>``); "" in C."""
        return ""

    def cast_type(self, ctx: Context, node: Node) -> str | None:
        """The type a cast names, for a receiver that is one (``(Shape *)p``, in parentheses or not): "" when it
        names none the resolver can follow (``(int)x``, ``(void *)p``); None when ``node`` is no cast."""
        while node.type == "parenthesized_expression" and node.named_child_count == 1:
            node = node.named_children[0]
        if node.type != "cast_expression":
            return None
        descriptor = node.child_by_field_name("type")
        return self.declared_type_text(ctx, descriptor.child_by_field_name("type")) if descriptor is not None else ""

    def receiver_head(self, ctx: Context, node: Node) -> str | None:
        """The first name of a receiver chain: a variable, or ``this``."""
        if node.type == "identifier":
            return ctx.text(node)
        if node.type == "this":
            return "this"
        return None

    def name_text(self, ctx: Context, node: Node) -> tuple[str, Node] | None:
        """``(text, last name node)`` for a name; None for anything else."""
        if node.type in ("identifier", "type_identifier", "field_identifier"):
            return ctx.text(node), node
        return None

    def import_statement(self, ctx: Context, node: Node, scope: int) -> None:
        """C has no imports: ``#include`` directives are symbols (see ``_include``)."""

    # -- after the captures ----------------------------------------------------------------------------

    def finish(self, ctx: Context, scopes: ScopeIndex) -> None:
        lifted = self.file_state(ctx).lifted
        if lifted:
            symbols = ctx.extraction.symbols
            for symbol in symbols:
                if symbol.start_byte in lifted and symbol.parent > 0 \
                        and symbols[symbol.parent].kind.category is Category.CALLABLE:
                    symbol.parent = symbols[symbol.parent].parent
        self._typed_receivers(ctx, scopes)

    def _typed_receivers(self, ctx: Context, scopes: ScopeIndex) -> None:
        """``Circle c; c.area();`` / ``struct Shape *s; s->area(s);``: the declared type of a local or a
        parameter names the member's owner. It is recorded in ``var_types`` (the resolver follows it,
        and fields' declared types after it: ``s->ops->draw``); the ref also keeps ``qualified``
        (``Circle.area``), which the rules try first."""
        calls = [r for r in ctx.extraction.refs if r.kind is EdgeKind.CALLS and r.head_known and "." in r.text]
        if not calls and not any("." in text and head_known for text, _, _, head_known in ctx.values.values()):
            return  # (a field read through a typed local, ``p->x``, needs the types as much as a call does)
        symbols = ctx.extraction.symbols
        types: dict[tuple[int, str], str | None] = {}
        written: dict[tuple[int, str], Node | None] = {}  # (the type node of each, for a range loop's element)
        loops: list[tuple[int, Node, Node]] = []  # (scope, name, loop) of ``for (auto& d : ds)``
        for captures in ctx.matches:  # (the query's typed declarations: ``@adapter.type``, ``@adapter.declarator``)
            declarators = captures.get("adapter.declarator")
            if declarators is None:
                continue
            type_node = captures["adapter.type"][0]
            declarator_node = declarators[0]
            declarator = analyse_declarator(declarator_node)
            if declarator.name is None or declarator.function is not None or declarator.name.type != "identifier":
                continue
            scope = scopes.enclosing(declarator.name.start_byte, declarator.name.end_byte)
            if symbols[scope].kind.category.value != "callable":
                continue
            key = (scope, ctx.text(declarator.name))
            if type_node.type == "placeholder_type_specifier" and declarator_node.parent is not None and \
                    declarator_node.parent.type == "for_range_loop":
                loops.append((scope, declarator.name, declarator_node.parent))
                continue
            written[key] = None if key in written else type_node
            found = self.declared_type_text(ctx, type_node)
            if not found and declarator_node.type == "init_declarator":
                found = self.initializer_type_text(ctx, declarator_node.child_by_field_name("value"))
            if not found:
                continue
            key = (scope, ctx.text(declarator.name))
            if key in types and types[key] != found:
                types[key] = None  # two locals of one name with different types: no guess
            else:
                types[key] = found
        for (scope, name), declared in sorted(types.items()):
            if declared:
                ctx.extraction.var_types.setdefault(scope, {})[name] = declared
        for scope, name_node, loop in loops:  # ``for (auto& d : ds)``: an element of ``ds``, in the loop's body
            iterated, body = loop.child_by_field_name("right"), loop.child_by_field_name("body")
            element = self.element_type_text(ctx, written.get((scope, ctx.text(iterated)))) \
                if iterated is not None and iterated.type == "identifier" else ""
            if element and body is not None:
                note_narrowing(ctx, scope, ctx.text(name_node), node_span(body), element)
        for ref in calls:
            head, _, rest = ref.text.partition(".")
            declared = types.get((ref.scope, head))
            if declared and "()" not in declared:
                ref.qualified = (f"{declared}.{rest}",)


def _linkage(place: Place, owner: str | None, specifiers: set[str], written: tuple[str, ...]
             ) -> dict[str, PropertyValue]:
    """A function's or a variable's properties: at file level ``exported`` unless ``static`` (or in an anonymous
    namespace), then each of the storage classes ``written`` that the declaration has."""
    properties: dict[str, PropertyValue] = {}
    if place.level == "top" and owner is None:
        properties["exported"] = not ("static" in specifiers or place.anonymous_namespace)
    properties.update((word, True) for word in written if word in specifiers)
    return properties


def _trailing_return(function: Node) -> bool:
    """``auto f() -> T``: the type before the name says nothing."""
    return function.type == "function_declarator" and any(
        c.type == "trailing_return_type" for c in function.named_children)


def _wrapped(ctx: Context, base: str, top: Node, inner: Node) -> str:
    """``base`` with the declarator ``top`` written around ``inner`` (``char *`` for ``*name`` of ``char``)."""
    rest = squeeze(ctx.text_at(top.start_byte, inner.start_byte) + ctx.text_at(inner.end_byte, top.end_byte))
    return _join_type(base, rest)


def _join_type(base: str, rest: str) -> str:
    if not rest:
        return base
    if rest.startswith("["):
        return f"{base}{rest}"
    return f"{base} {rest}"


def _is_include_guard(ctx: Context, node: Node, name: str) -> bool:
    """``#ifndef X`` directly followed by ``#define X`` (no value) guards a header."""
    parent = node.parent
    if parent is None or parent.type != "preproc_ifdef":
        return False
    guard = parent.child_by_field_name("name")
    if guard is None or ctx.text(guard) != name:
        return False
    first = next((c for c in parent.named_children if c != guard and c.type != "comment"), None)
    return first == node


ADAPTER = CAdapter

__all__ = ["ADAPTER", "CAdapter", "Declarator", "Place", "analyse_declarator", "is_header", "last_name",
           "leading_comment"]

