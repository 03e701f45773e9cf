"""Ruby: the adapter half (the query half is ``ruby/queries.scm``).

Names
-----
Constant paths are spelled with ``.`` (``ActiveSupport::Cache::Store`` →
``ActiveSupport.Cache.Store``), in qualified names, signatures and edge texts.
``class A::B`` defines a symbol named ``A.B`` (its qualified name is the
constant path Ruby gives it); a path written with a leading ``::`` is looked up
from the top level only and says so in ``RawRef.qualified``.

A bare identifier is a local variable when the enclosing ``def`` (or the class
body, or the file) binds it anywhere (a parameter, an assignment, a block
parameter, a pattern); otherwise it is a call of a method with no receiver and
no arguments, and is recorded as one.
"""

from __future__ import annotations

import bisect
import posixpath
import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from codeknit.graph.model import Category, EdgeKind, PropertyValue, Role, SymbolKind
from codeknit.languages.engine import Adapter, Context, ScopeIndex, file_symbol, node_span, node_symbol
from codeknit.languages.records import CHAIN_STEPS, RawImport, RawRef, RawSymbol
from codeknit.languages.typing_notes import note_unknown, note_var_type

if TYPE_CHECKING:
    from tree_sitter import Node

_VISIBILITY = frozenset({"private", "protected", "public"})
#: calls that declare rather than do: recorded as symbols, imports, hierarchy or visibility
_DECLARATIONS = frozenset(
    {"require", "require_relative", "include", "extend", "prepend", "attr_reader", "attr_writer",
     "attr_accessor", "private", "protected", "public", "module_function", "private_class_method",
     "public_class_method", "private_constant", "public_constant", "alias_method"}
)
_MIXINS = frozenset({"include", "extend", "prepend"})
#: calls that call the method their first argument names on their receiver (``obj.send(:save, x)``)
_SENDS = frozenset({"send", "public_send", "__send__"})
#: calls that name a method of their receiver without calling it (``method(:save)``, ``respond_to?(:save)``)
_NAMING = frozenset({"method", "public_method", "respond_to?"})
#: the ``bases`` of a singleton method written in a module's ``included do … end`` block: it is defined on each
#: class that includes the module (``ActiveSupport::Concern``), not on the module itself
_INCLUDED = "included"
#: the hooks a module's ``self.included(base)`` (``self.extended(base)``, ``self.prepended(base)``) is: run when a
#: class includes (extends, prepends) the module; what they mix into ``base`` is recorded in the module's ``bases``
#: as ``<hook> <extend|include> X``
_HOOKS = frozenset({"included", "extended", "prepended"})
#: calls whose block runs with the receiver as ``self`` (``base.class_eval do include X end`` in a hook: X is mixed
#: into ``base``)
_EVAL_BLOCKS = frozenset({"class_eval", "class_exec", "module_eval", "module_exec", "instance_eval", "instance_exec"})
_REQUIRES = frozenset({"require", "require_relative"})
#: calls whose string argument is Ruby code, run in the receiver (``class_eval <<-RUBY … RUBY``, ``class_eval "def
#: #{n}; _helper; end"``) or in place (``eval``)
_CODE_EVALS = frozenset({"class_eval", "module_eval", "instance_eval", "eval"})
#: a name in such code (a method's, a local's, a keyword; not an ``@ivar``, a ``$global`` or ``A::b``)
_CODE_WORD = re.compile(rb"(?<![\w@$])(?<!::)[a-z_][A-Za-z0-9_]*[?!]?")
_ATTRIBUTES = frozenset({"attr_reader", "attr_writer", "attr_accessor"})
#: the first bytes of an assignment operator (``=``, ``+=``, ``||=``, ``<<=``…), and a line continuation
_ASSIGNING = frozenset(bytes([c]) for c in b"=+-*/%|&^<>\\")
_NAMED = frozenset({"namespace", "class", "method"})  # (the definitions captured without their name)
_CONTAINERS = frozenset({"class", "module", "singleton_class"})
_BINDING_PARENTS = frozenset(
    {"method_parameters", "lambda_parameters", "block_parameters", "optional_parameter", "splat_parameter",
     "hash_splat_parameter", "block_parameter", "keyword_parameter", "destructured_parameter",
     "left_assignment_list", "rest_assignment", "destructured_left_assignment", "exception_variable"}
)
#: identifiers there are names, not values
_NAME_PARENTS = frozenset({"alias", "undef", "setter"})
_VALUE_FIELDS = ("value",)  # ``def f(a, b = a)``: the default is an expression


def module_name(path: str) -> str:
    """The file's module symbol name: its path without the extension (``lib/shop/cart``)."""
    stem, ext = posixpath.splitext(path)
    return stem if ext else path


@dataclass(slots=True)
class _FileState:
    locals: dict[int, set[str]] = field(default_factory=dict)
    bare: list[int] = field(default_factory=list)  # indexes of bare-identifier calls in ``refs``
    #: indexes of calls on a bare identifier (``x.foo``) in ``refs``: a local's, or a method call's result
    on_identifier: list[int] = field(default_factory=list)
    #: every local binding: (scope, name, the identifier)
    bindings: list[tuple[int, str, Node]] = field(default_factory=list)
    #: ``private :a, :b`` and friends: (scope, what, names)
    visibility_calls: list[tuple[int, str, tuple[str, ...]]] = field(default_factory=list)
    sections: dict[tuple[int, int], tuple[list[int], list[tuple[str, bool]]]] = field(default_factory=dict)
    #: the start bytes of called methods' names (``x`` in ``a.x``) and ``alias``/``undef`` names: no value use
    nonuse: set[int] = field(default_factory=set)
    attributes: bool = True  # (``attr_`` is in the file: a symbol may name a field)
    #: the text of strings given to ``class_eval`` and the like as code: (scope, the string's parts but its
    #: interpolations, each a node)
    code: list[tuple[int, list[Node]]] = field(default_factory=list)
    values: bool = False  # (the engine reads the file's value uses: not a vendored or generated file)


class RubyAdapter(Adapter):
    language = "ruby"
    grammars = {"": "ruby"}
    #: every value capture's use is its text (:meth:`chain`): the engine records them itself
    plain_value_types = frozenset({"identifier", "instance_variable"})

    @staticmethod
    def _file(ctx: Context) -> _FileState:
        state = ctx.state.get("ruby")
        if not isinstance(state, _FileState):
            state = ctx.state["ruby"] = _FileState(attributes=b"attr_" in ctx.source)
        return state

    def module_symbol(self, ctx: Context, root: Node) -> RawSymbol:
        name = module_name(ctx.extraction.path)
        return file_symbol(ctx, root, name)

    # -- definitions ---------------------------------------------------------------

    def definition(self, ctx: Context, kind: str, node: Node, name: Node | None) -> RawSymbol | None:
        if name is None:  # (a class's, a module's or a method's name: read here)
            name = node.child_by_field_name("name") if kind in _NAMED else None
            if name is None or (kind != "method" and name.type not in ("constant", "scope_resolution")):
                return None
        call = None
        if kind == "field":
            if not self._file(ctx).attributes:
                return None
            parent = node.parent  # (``attr_reader :a``'s argument list and call, else no field)
            call = parent.parent if parent is not None and parent.type == "argument_list" else None
            method = call.child_by_field_name("method") if call is not None and call.type == "call" else None
            if method is None or method.type != "identifier" or ctx.text(method) not in _ATTRIBUTES:
                return None
        symbol = node_symbol(ctx, SymbolKind(kind), node, name)
        container = _container(node)
        if kind in ("namespace", "class"):
            path = constant_path(ctx, name)
            if path is None:
                return None
            symbol.name = path[0]
            symbol.name_span = node_span(_last_constant(name))
            symbol.signature = symbol.name
            # ``bases``: the superclass as written, then each module mixed in, in the order written, with how
            # (``include Foo``, ``extend ::Bar``, ``prepend A.B``): the rules order the ancestors by them
            superclass = node.child_by_field_name("superclass")
            if superclass is not None:
                written = next((constant_path(ctx, c) for c in superclass.named_children), None)
                if written is not None:
                    symbol.bases = [written[0]]
            symbol.doc = _doc_comment(ctx, node)
        elif kind == "method":
            self._method(ctx, symbol, node, container)
        elif kind == "constant":
            symbol.signature = symbol.name
            symbol.doc = _doc_comment(ctx, node)
        elif call is not None:
            self._attribute(ctx, symbol, call, container)
        if container is None and symbol.kind is not SymbolKind.FIELD:
            symbol.properties = {"exported": True, **symbol.properties}
        return symbol

    def _method(self, ctx: Context, symbol: RawSymbol, node: Node, container: Node | None) -> None:
        properties: dict[str, PropertyValue] = {}
        static = node.type == "singleton_method" or (container is not None and container.type == "singleton_class")
        wrapper = _visibility_wrapper(ctx, node)
        if wrapper is not None:
            properties["visibility"] = wrapper
        elif node.type == "method":
            visibility, module_function = self._section(ctx, node)
            if visibility != "public":
                properties["visibility"] = visibility
            if module_function:
                static = True
        if static:
            properties["static"] = True
            if container is not None and _in_included_block(ctx, node, container):
                symbol.bases = [_INCLUDED]
        elif node.type == "method" and container is not None and container.type == "module" and \
                _in_class_methods_block(ctx, node, container):
            # ``class_methods do def x; end end`` (``ActiveSupport::Concern``): a singleton method of each includer
            static = True
            properties["static"] = True
            symbol.bases = [_INCLUDED]
        if container is None and node.type == "method":
            symbol.kind = SymbolKind.FUNCTION
        elif symbol.name == "initialize" and not static:
            symbol.kind = SymbolKind.CONSTRUCTOR
        else:
            symbol.kind = SymbolKind.METHOD
        params = _parameters(ctx, node.child_by_field_name("parameters"))
        symbol.signature = f"{symbol.name}({', '.join(params)})"
        symbol.properties = properties
        symbol.receiver = "self"
        symbol.declared_type = _result_type(ctx, node, static)
        outer = node.parent.parent if wrapper is not None and node.parent is not None else node
        symbol.doc = _doc_comment(ctx, outer or node)

    def _attribute(self, ctx: Context, symbol: RawSymbol, call: Node, container: Node | None) -> None:
        """``attr_reader :a, :b`` (``call``): one field per name, spanning its symbol."""
        symbol.name = symbol.name.lstrip(":")
        symbol.signature = symbol.name
        accessor = ctx.text(call.child_by_field_name("method")).removeprefix("attr_")
        properties: dict[str, PropertyValue] = {"attr": accessor}
        wrapper = _visibility_wrapper(ctx, call)
        if wrapper is not None:
            properties["visibility"] = wrapper
        else:
            visibility, _ = self._section(ctx, call)
            if visibility != "public":
                properties["visibility"] = visibility
        if container is not None and container.type == "singleton_class":
            properties["static"] = True
        symbol.properties = properties
        outer = call.parent.parent if wrapper is not None and call.parent is not None else call
        symbol.doc = _doc_comment(ctx, outer or call)

    def _section(self, ctx: Context, node: Node) -> tuple[str, bool]:
        """The visibility (and ``module_function``) a bare ``private``/``protected``… line before
        ``node`` in the same class body has set."""
        body = node.parent
        if body is None or body.parent is None or body.parent.type not in _CONTAINERS:
            return "public", False
        state = self._file(ctx)
        key = (body.start_byte, body.end_byte)
        if key not in state.sections:
            starts: list[int] = []
            values: list[tuple[str, bool]] = []
            for child in body.named_children:
                word = ""
                if child.type == "identifier":
                    word = ctx.text(child)
                elif child.type == "call" and child.child_by_field_name("arguments") is None and (
                    child.child_by_field_name("receiver") is None
                ):
                    word = ctx.text(child.child_by_field_name("method"))
                if word in _VISIBILITY:
                    starts.append(child.start_byte)
                    values.append((word, False))
                elif word == "module_function":
                    starts.append(child.start_byte)
                    values.append(("public", True))
            state.sections[key] = (starts, values)
        starts, values = state.sections[key]
        position = bisect.bisect_right(starts, node.start_byte) - 1
        return values[position] if position >= 0 else ("public", False)

    # -- references -----------------------------------------------------------------

    def reference(self, ctx: Context, kind: str, node: Node, scope: int) -> None:
        if kind == "call":
            self._call(ctx, node, scope)
        elif kind == "bare":
            self._identifier(ctx, node, scope)
        elif kind == "binding":
            self._bind(ctx, scope, ctx.text(node).rstrip(":"), node)
        elif kind == "super":  # (the method it is written in is its scope: blocks are no symbols)
            method = ctx.extraction.symbols[scope]
            if method.kind.category is Category.CALLABLE:
                _add(ctx, scope, EdgeKind.CALLS, f"super.{method.name}", node)
        elif kind == "constant":
            self._constant(ctx, node, scope)

    def special_values(self, ctx: Context) -> set[int]:
        state = self._file(ctx)
        state.values = True
        return state.nonuse

    def chain(self, ctx: Context, node: Node) -> tuple[str, bool, Node] | None:
        """A bare name (a local's use, or the reader of a field) or an instance variable (``@x``); a called
        method's name is none."""
        return None if node.start_byte in self._file(ctx).nonuse else (ctx.text(node), True, node)

    def _bind(self, ctx: Context, scope: int, name: str, node: Node) -> None:
        state = self._file(ctx)
        state.locals.setdefault(scope, set()).add(name)
        state.bindings.append((scope, name, node))
        if ctx.extraction.symbols[scope].kind.category is Category.CALLABLE:
            ctx.add_local(scope, name)

    def _call(self, ctx: Context, node: Node, scope: int) -> None:
        method = node.child_by_field_name("method")
        if method is None or method.type == "super":
            return
        if method.type == "identifier":
            self._file(ctx).nonuse.add(method.start_byte)
        receiver = node.child_by_field_name("receiver")
        name = ctx.text(method)
        if name in _REQUIRES and method.type == "identifier":
            self._require(ctx, node, scope)
        elif name in _CODE_EVALS and method.type == "identifier":
            self._code_strings(ctx, node, scope)
        qualified: tuple[str, ...] = ()
        head_known = True
        if receiver is None:
            if name in _DECLARATIONS:
                self._declaration(ctx, node, scope, name)
                return
            text = name
        elif receiver.type == "self":
            text = f"self.{name}"
        elif receiver.type in ("constant", "scope_resolution"):
            path = constant_path(ctx, receiver)
            if path is None:
                text, head_known = name, False
            else:
                text = f"{path[0]}.{name}"
                qualified = (text,) if path[1] else ()
                if _is_value_constant(path[0]):  # ``STORE.clear`` uses the constant ``STORE``
                    _add(ctx, scope, EdgeKind.REFERENCES, path[0], _last_constant(receiver),
                         qualified=(path[0],) if path[1] else ())
        elif receiver.type == "instance_variable":  # ``@repo.save``: typed by the class's assignments
            text = f"{ctx.text(receiver)}.{name}"
        elif receiver.type == "identifier":  # ``x.save``: a local's (typed in ``finish``) or a call's result
            text = f"{ctx.text(receiver)}.{name}"
            self._file(ctx).on_identifier.append(len(ctx.extraction.refs))
        elif receiver.type == "call" and (called := _called(ctx, receiver)) is not None:
            # ``Foo.new.a``, ``q.a.b``: a method of what the call gives (the rules read each method's last
            # expression: ``self``, ``Foo.new``)
            text = f"{called[0]}.{name}"
            if called[1]:  # (from a bare identifier: a local's, or a call's result, as above)
                self._file(ctx).on_identifier.append(len(ctx.extraction.refs))
        else:
            text, head_known = name, False
        # (an assignment's operator follows its left side on its line: other calls' parents are not read)
        after = ctx.source[node.end_byte : node.end_byte + 4].lstrip(b" \t")[:1]
        parent = node.parent if not after or after in _ASSIGNING else None
        if parent is not None and parent.type in ("assignment", "operator_assignment") and (
            parent.child_by_field_name("left") == node
        ):
            text += "="  # ``self.name = v`` calls the writer ``name=``
        _add(ctx, scope, EdgeKind.CALLS, text, method, head_known=head_known, qualified=qualified)
        if (name in _SENDS or name in _NAMING) and method.type == "identifier":
            self._named_method(ctx, node, scope, text, name, head_known, qualified)

    def _code_strings(self, ctx: Context, node: Node, scope: int) -> None:
        """The strings ``class_eval`` (``module_eval``, ``instance_eval``, ``eval``) is given as code, a string
        or a heredoc (``class_eval <<-METHOD, __FILE__, __LINE__ + 1``): their literal parts, read in
        :meth:`_code_uses`."""
        arguments = node.child_by_field_name("arguments")
        if arguments is None or not arguments.named_children:
            return
        first = arguments.named_children[0]
        if first.type == "string":
            parts = [c for c in first.named_children if c.type == "string_content"]
        elif first.type == "heredoc_beginning":
            body = _heredoc_body(ctx, first)
            parts = [c for c in body.named_children if c.type == "heredoc_content"] if body is not None else []
        else:
            return
        if parts:
            self._file(ctx).code.append((scope, parts))

    def _code_uses(self, ctx: Context) -> None:
        """A name in code written in a string (:meth:`_code_strings`) that names a method this file defines is a
        call of it on a receiver the resolver cannot see (the string is never parsed: which object runs it, and
        whether the name is a call there, are not known): ``ambiguous`` among the project's methods of that name,
        never resolved, and never a dead-code candidate's only use. A name just after ``def`` is the method the
        code defines, no use; a name an interpolation continues (``invoke_#{name}``) is none either."""
        state = self._file(ctx)
        methods = {s.name for s in ctx.extraction.symbols
                   if s.kind in (SymbolKind.METHOD, SymbolKind.FUNCTION)}
        if not methods:
            return
        source = ctx.source
        for scope, parts in state.code:
            for part in parts:
                start, text = part.start_byte, source[part.start_byte:part.end_byte]
                follows = part.next_sibling is not None and part.next_sibling.type == "interpolation"
                after = part.prev_sibling is not None and part.prev_sibling.type == "interpolation"
                for match in _CODE_WORD.finditer(text):
                    word = match.group().decode()
                    if word not in methods or (follows and match.end() == len(text)) or (
                            after and match.start() == 0):
                        continue
                    if text[:match.start()].rstrip().endswith((b"def", b"def self.")):
                        continue
                    ctx.extraction.refs.append(RawRef(scope, EdgeKind.CALLS, word,
                                                      ctx.span_at(start + match.start(), start + match.end()),
                                                      False))

    def _named_method(
        self, ctx: Context, node: Node, scope: int, text: str, name: str, head_known: bool,
        qualified: tuple[str, ...],
    ) -> None:
        """``obj.send(:save, x)`` (``public_send``, ``__send__``) calls ``save`` on ``obj``, as ``obj.save(x)``
        would; ``method(:save)`` and ``respond_to?(:save)`` name it (a reference). A symbol or a string naming
        it; one that starts with a literal and goes on interpolated (``send(:"parse_#{type}")``) names a pattern,
        ``parse_*``: any method of the receiver whose name starts so. ``send(:include, M)`` and other
        declarations are left out."""
        arguments = node.child_by_field_name("arguments")
        first = arguments.named_children[0] if arguments is not None and arguments.named_children else None
        if first is None:
            return
        if first.type == "simple_symbol":
            named = ctx.text(first)[1:]
        elif first.type in ("delimited_symbol", "string"):
            parts = first.named_children
            if not parts or parts[0].type != "string_content":
                return
            named = ctx.text(parts[0])
            if len(parts) > 1:
                if parts[1].type != "interpolation" or not named.strip():
                    return
                named += "*"
        else:
            return
        if not named or named in _DECLARATIONS or not (named[0].isalpha() or named[0] == "_") or not (
                named[0].islower() or named[0] == "_"):
            return
        head = text[: -len(name)] if text.endswith(name) else ""  # (``obj.`` of ``obj.send``, as _call wrote it)
        state = self._file(ctx)
        if state.on_identifier and state.on_identifier[-1] == len(ctx.extraction.refs) - 1:
            state.on_identifier.append(len(ctx.extraction.refs))  # (``x.send(:y)``: ``x.y``, as ``finish`` reads it)
        kind = EdgeKind.CALLS if name in _SENDS else EdgeKind.REFERENCES
        _add(ctx, scope, kind, f"{head}{named}", first, head_known=head_known,
             qualified=(f"{head}{named}",) if qualified else ())

    def _declaration(self, ctx: Context, node: Node, scope: int, name: str) -> None:
        """``private :a, :b``, ``module_function :x``, ``private_constant :X``: applied in ``finish``."""
        arguments = node.child_by_field_name("arguments")
        if arguments is None:
            return
        names = tuple(
            ctx.text(a).lstrip(":").strip("\"'") for a in arguments.named_children
            if a.type in ("simple_symbol", "string")
        )
        if names:
            self._file(ctx).visibility_calls.append((scope, name, names))

    def _identifier(self, ctx: Context, node: Node, scope: int) -> None:
        state = self._file(ctx)
        if node.start_byte in state.nonuse:
            return  # a called method's name (``_call`` saw it), no bare call
        parent = node.parent
        if parent is None:
            return
        kind = parent.type
        if kind in ("method", "singleton_method"):
            if node in (parent.child_by_field_name("name"), parent.child_by_field_name("object")):
                return
        elif kind in _NAME_PARENTS or kind == "scope_resolution":
            if kind == "alias" or kind == "undef":
                state.nonuse.add(node.start_byte)
            return
        elif kind == "call":
            if parent.child_by_field_name("method") == node:
                return
        elif kind in _BINDING_PARENTS:
            if kind in ("optional_parameter", "keyword_parameter") and parent.child_by_field_name("value") == node:
                pass  # a default value: an expression
            else:
                self._bind(ctx, scope, ctx.text(node), node)
                return
        elif kind in ("assignment", "operator_assignment"):
            if parent.child_by_field_name("left") == node:
                self._bind(ctx, scope, ctx.text(node), node)
                return
        elif kind == "for":
            if parent.child_by_field_name("pattern") == node:
                self._bind(ctx, scope, ctx.text(node), node)
                return
        elif kind.endswith("_pattern") and kind not in ("variable_reference_pattern", "expression_reference_pattern"):
            self._bind(ctx, scope, ctx.text(node), node)
            return
        name = ctx.text(node)
        if name in _DECLARATIONS:
            return  # a visibility section line (``private``) or ``module_function``
        count = len(ctx.extraction.refs)
        _add(ctx, scope, EdgeKind.CALLS, name, node)
        if len(ctx.extraction.refs) > count:  # (a zero-width name in broken code adds nothing)
            state.bare.append(count)

    def _constant(self, ctx: Context, node: Node, scope: int) -> None:
        parent = node.parent
        if parent is None:
            return
        kind = parent.type
        if kind == "scope_resolution":
            return  # part of a longer path
        edge = EdgeKind.INHERITS if kind == "superclass" else EdgeKind.REFERENCES
        mixin = None
        if kind in ("class", "module") and parent.child_by_field_name("name") == node:
            return
        if kind == "call" and node in (parent.child_by_field_name("receiver"), parent.child_by_field_name("method")):
            return  # ``Foo.bar``: the call says it
        if kind in ("assignment", "operator_assignment") and parent.child_by_field_name("left") == node:
            return  # a definition
        if kind == "argument_list" and parent.parent is not None and parent.parent.type == "call":
            call = parent.parent
            method = call.child_by_field_name("method")
            receiver = call.child_by_field_name("receiver")
            if method is not None and method.type == "identifier" and ctx.text(method) in _MIXINS and (
                    receiver is None or receiver.type == "self") and ctx.extraction.symbols[scope].kind in (
                    SymbolKind.CLASS, SymbolKind.NAMESPACE):
                # ``include Foo`` in a class or module body; ``base.extend Foo`` in a method (a concern's
                # ``self.included(base)``) mixes Foo into another object: a use of Foo, no base of the method
                edge, mixin = EdgeKind.INHERITS, ctx.text(method)
            elif (hooked := _hook_mixin(ctx, call, node, ctx.extraction.symbols[scope])) is not None:
                # ``base.extend ClassMethods`` in the module's ``self.included(base)`` (``extended``, ``prepended``):
                # mixed into every class that includes (extends, prepends) the module (the rules read it from the
                # module's ``bases``: ``included extend X``)
                owner = ctx.extraction.symbols[scope].parent
                while owner > 0 and ctx.extraction.symbols[owner].kind is not SymbolKind.NAMESPACE:
                    owner = ctx.extraction.symbols[owner].parent
                written = constant_path(ctx, node)
                if owner > 0 and written is not None:
                    ctx.extraction.symbols[owner].bases.append(
                        f"{ctx.extraction.symbols[scope].name} {hooked} {'::' if written[1] else ''}{written[0]}")
        path = constant_path(ctx, node)
        if path is not None:
            if mixin is not None:  # (how it is mixed in decides where it comes among the ancestors)
                ctx.extraction.symbols[scope].bases.append(f"{mixin} {'::' if path[1] else ''}{path[0]}")
            _add(ctx, scope, edge, path[0], _last_constant(node), qualified=(path[0],) if path[1] else ())

    # -- imports ----------------------------------------------------------------------

    def _require(self, ctx: Context, node: Node, scope: int) -> None:
        """``require "x"`` / ``require_relative "x"`` (a call that ``_call`` saw)."""
        method = node.child_by_field_name("method")
        arguments = node.child_by_field_name("arguments")
        if method is None or arguments is None or not arguments.named_children:
            return
        string = arguments.named_children[0]
        if string.type != "string" or any(c.type == "interpolation" for c in string.named_children):
            return  # a computed path
        spec = "".join(ctx.text(c) for c in string.named_children if c.type == "string_content")
        if not spec:
            return
        if ctx.text(method) == "require_relative" and not spec.startswith("."):
            spec = f"./{spec}"
        ctx.extraction.imports.append(RawImport(scope, spec, node_span(node), module_span=node_span(string)))

    # -- after the captures --------------------------------------------------------

    def finish(self, ctx: Context, scopes: ScopeIndex) -> None:
        state = self._file(ctx)
        extraction = ctx.extraction
        for index in state.on_identifier:  # ``x.save`` where ``x`` is no local: a call's result, unknown
            ref = extraction.refs[index]
            head = ref.text.partition(".")[0]
            if head not in state.locals.get(ref.scope, ()):
                ref.text, ref.head_known = ref.text.rpartition(".")[2], False
        if state.values:  # the names assigned (the query's ``@adapter.write``): written there
            for captures in ctx.matches:
                for node in captures.get("adapter.write", ()):
                    ctx.add_value(scopes.enclosing(node.start_byte, node.end_byte), ctx.text(node), node_span(node),
                                  Role.WRITE)
        self._variable_types(ctx, scopes)
        if state.bare:
            drop = {
                index for index in state.bare
                if extraction.refs[index].text in state.locals.get(extraction.refs[index].scope, ())
            }
            if drop:
                extraction.refs = [r for i, r in enumerate(extraction.refs) if i not in drop]
        if state.code:
            self._code_uses(ctx)
        symbols = extraction.symbols
        for scope, what, names in state.visibility_calls:
            wanted = set(names)
            for symbol in symbols:
                if symbol.parent != scope or symbol.name not in wanted:
                    continue
                if what in _VISIBILITY and symbol.kind.category is Category.CALLABLE:
                    symbol.properties["visibility"] = what
                elif what in _VISIBILITY and symbol.kind is SymbolKind.FIELD:
                    symbol.properties["visibility"] = what
                elif what == "private_class_method" and symbol.properties.get("static"):
                    symbol.properties["visibility"] = "private"
                elif what == "module_function" and symbol.kind is SymbolKind.METHOD:
                    symbol.properties["static"] = True
                elif what == "private_constant" and symbol.kind in (
                    SymbolKind.CONSTANT, SymbolKind.CLASS, SymbolKind.NAMESPACE
                ):
                    symbol.properties["visibility"] = "private"


    def _variable_types(self, ctx: Context, scopes: ScopeIndex) -> None:
        """``Extraction.var_types``: a local assigned ``Foo.new`` / ``A::B.new`` at every binding in its scope,
        and an instance variable assigned so in every method of its class (``@repo = Repo.new``, ``@x ||= …``);
        anything else bound to the name leaves it out."""
        state = self._file(ctx)
        for scope, name, node in state.bindings:
            parent = node.parent
            typed = ""
            if parent is not None and parent.type == "assignment" and parent.child_by_field_name("left") == node:
                right = parent.child_by_field_name("right")
                typed = _constructed(ctx, right, scope=scope, symbols=ctx.extraction.symbols)
                if typed == f"{name}()" or typed.startswith(f"{name}."):
                    typed = ""  # ``x = x.next``: defined by itself
            if typed:
                note_var_type(ctx, scope, name, typed)
            else:
                note_unknown(ctx, scope, name)
        if ctx.root is None:
            return
        symbols = ctx.extraction.symbols
        for index, symbol in enumerate(symbols):  # ``obj = new; …; obj``: the method returns what ``obj`` holds
            if symbol.kind.category is not Category.CALLABLE or symbol.declared_type:
                continue
            method = ctx.root.descendant_for_byte_range(symbol.start_byte, symbol.end_byte)
            body = method.child_by_field_name("body") if method is not None else None
            if method is None or body is None or body.type != "body_statement" or not body.named_children:
                continue
            last = body.named_children[-1]
            held = ctx.extraction.var_types.get(index, {}).get(ctx.text(last)) if last.type == "identifier" else None
            if held and not held.endswith("()") and not _has_return(body):
                symbol.declared_type = held
        # (the query's ``@adapter.ivar`` assignments of an instance variable, last first: the order a walk from
        # the end meets them)
        assignments = [node for captures in ctx.matches for node in captures.get("adapter.ivar", ())]
        assignments.sort(key=lambda node: (-node.end_byte, node.start_byte))
        for node in assignments:
            left = node.child_by_field_name("left")
            if left is None or left.type != "instance_variable":
                continue
            owner = scopes.enclosing(node.start_byte, node.end_byte)
            while owner > 0 and symbols[owner].kind not in (SymbolKind.CLASS, SymbolKind.NAMESPACE):
                owner = symbols[owner].parent
            if owner <= 0:
                continue
            memo = node.type == "operator_assignment" and any(c.type == "||=" for c in node.children)
            typed = _constructed(ctx, node.child_by_field_name("right")) if node.type == "assignment" or memo else ""
            where = scopes.enclosing(node.start_byte, node.end_byte)
            if symbols[where].properties.get("static"):
                typed = ""  # a class-level instance variable: another object's, never typed
            if typed:
                note_var_type(ctx, owner, ctx.text(left), typed)
            else:
                note_unknown(ctx, owner, ctx.text(left))


# -- helpers ------------------------------------------------------------------------------


def _constructed(
    ctx: Context, node: Node | None, *, scope: int = 0, symbols: list[RawSymbol] | None = None
) -> str:
    """What an assigned value holds, in ``var_types`` spelling: ``Foo`` for ``Foo.new(…)`` (``A.B`` for
    ``A::B.new``); for a local (``scope`` given), also ``Foo.build()`` for another call on a constant, ``y.m()``
    for a call on a local or ``self``, and ``self`` for ``new(…)`` in a singleton method (an instance of
    the class it is called on); "" otherwise."""
    if node is None or node.type not in ("call", "identifier"):
        return ""
    if node.type == "identifier":  # ``new`` without arguments
        static = symbols is not None and scope > 0 and bool(symbols[scope].properties.get("static"))
        return "self" if ctx.text(node) == "new" and static else ""
    method = node.child_by_field_name("method")
    receiver = node.child_by_field_name("receiver")
    if method is None or method.type != "identifier":
        return ""
    name = ctx.text(method)
    if receiver is None or receiver.type == "self":
        static = symbols is not None and scope > 0 and bool(symbols[scope].properties.get("static"))
        if name == "new" and static:
            return "self"
        if receiver is not None and symbols is not None and name != "new":
            return f"self.{name}()"
        return ""
    if receiver.type in ("constant", "scope_resolution"):
        path = constant_path(ctx, receiver)
        if path is None:
            return ""
        written = f"::{path[0]}" if path[1] else path[0]  # (``::Foo.new``: from the top level)
        if name == "new":
            return written
        return f"{written}.{name}()" if symbols is not None else ""
    if receiver.type == "identifier" and symbols is not None and name != "new":
        return f"{ctx.text(receiver)}.{name}()"
    return ""


def _has_return(body: Node) -> bool:
    """Does a method body ``return`` (not counting nested definitions, blocks and lambdas)?"""
    stack = list(body.named_children)
    while stack:
        current = stack.pop()
        if current.type == "return":
            return True
        if current.type not in ("method", "singleton_method", "class", "module", "lambda", "block", "do_block"):
            stack.extend(current.named_children)
    return False


def _result_type(ctx: Context, method: Node, static: bool) -> str:
    """What a method returns, when its last expression says and no ``return`` leaves early: ``self`` for
    ``new(…)``/``self.new`` in a singleton method or ``self`` in an instance method (the receiver's class),
    ``Foo`` for ``Foo.new(…)``; "" otherwise."""
    body = method.child_by_field_name("body")
    if body is None:
        return ""
    last = body.named_children[-1] if body.type == "body_statement" and body.named_children else body
    if body.type == "body_statement" and _has_return(body):
        return ""
    if last.type == "self":
        return "" if static else "self"
    if last.type == "identifier":
        return "self" if static and ctx.text(last) == "new" else ""
    if last.type != "call":
        return ""
    method_name = last.child_by_field_name("method")
    receiver = last.child_by_field_name("receiver")
    if method_name is None or ctx.text(method_name) != "new":
        return ""
    if receiver is None or receiver.type == "self":
        return "self" if static else ""
    return _constructed(ctx, last)


def _add(
    ctx: Context, scope: int, kind: EdgeKind, text: str, last: Node, *, head_known: bool = True,
    qualified: tuple[str, ...] = (),
) -> None:
    if text:
        ctx.extraction.refs.append(RawRef(scope, kind, text, node_span(last), head_known, False, qualified))


def _called(ctx: Context, node: Node) -> tuple[str, bool] | None:
    """A call as the receiver of a method, ``(text, from a bare identifier)``: ``Foo.new`` as ``Foo.new()``,
    ``q.a.b`` as ``q.a().b()``, each call written ``name()``, from a constant path, ``self``, an instance
    variable or a bare identifier; None for anything else. Read from the outside in, without recursion."""
    names: list[str] = []
    while node.type == "call" and len(names) < CHAIN_STEPS:
        method = node.child_by_field_name("method")
        receiver = node.child_by_field_name("receiver")
        if method is None or method.type != "identifier" or receiver is None:
            return None
        names.append(ctx.text(method))
        node = receiver
    if node.type in ("constant", "scope_resolution"):
        path = constant_path(ctx, node)
        if path is None:
            return None
        head = f"::{path[0]}" if path[1] else path[0]  # (``::Foo.new.a``: from the top level, as the rules read it)
    elif node.type in ("self", "identifier", "instance_variable"):
        head = ctx.text(node)
    else:
        return None
    return ".".join([head, *(f"{name}()" for name in reversed(names))]), node.type == "identifier"


def constant_path(ctx: Context, node: Node) -> tuple[str, bool] | None:
    """``(dotted path, absolute)`` for ``Foo``, ``Foo::Bar`` or ``::Foo``; None when the path
    starts with an expression (``obj::Foo``)."""
    if node.type == "constant":
        return ctx.text(node), False
    if node.type != "scope_resolution":
        return None
    name = node.child_by_field_name("name")
    scope = node.child_by_field_name("scope")
    if name is None:
        return None
    if scope is None:
        return ctx.text(name), True
    head = constant_path(ctx, scope)
    if head is None:
        return None
    return f"{head[0]}.{ctx.text(name)}", head[1]


def _last_constant(node: Node) -> Node:
    if node.type == "scope_resolution":
        name = node.child_by_field_name("name")
        if name is not None:
            return name
    return node


def _is_value_constant(path: str) -> bool:
    """``STORE``, ``Config::DEFAULTS``: by Ruby convention a SCREAMING_CASE constant holds a value,
    a CamelCase one a class or module."""
    last = path.rsplit(".", 1)[-1]
    return len(last) > 1 and last.isupper() and ("_" in last or len(last) > 4)


def _container(node: Node) -> Node | None:
    """The class, module or ``class << self`` a definition is written in (None: the top level)."""
    current = node.parent
    while current is not None:
        if current.type in _CONTAINERS:
            return current
        current = current.parent
    return None


def _hook_mixin(ctx: Context, call: Node, constant: Node, scope: RawSymbol) -> str | None:
    """``base.extend X`` / ``base.include X`` / ``base.send(:extend, X)`` in a module's ``self.included(base)`` (or
    ``def included`` in its ``class << self``; ``extended``, ``prepended`` alike), or ``include X`` / ``extend X``
    in a ``base.class_eval do … end`` block there, ``constant`` being ``X``: how X is mixed into the class the hook
    runs for ("extend", "include"); None for anything else."""
    if scope.kind is not SymbolKind.METHOD or scope.name not in _HOOKS or not scope.properties.get("static"):
        return None
    receiver = call.child_by_field_name("receiver")
    method = call.child_by_field_name("method")
    if method is None:
        return None
    if receiver is None and _in_eval_block(ctx, call):
        name = ctx.text(method)
        return name if name in ("extend", "include") else None
    if receiver is None or receiver.type != "identifier":
        return None
    name = ctx.text(method)
    if name in _SENDS:  # ``base.send :include, X``
        arguments = call.child_by_field_name("arguments")
        first = arguments.named_children[0] if arguments is not None and arguments.named_children else None
        if first is None or first.type != "simple_symbol" or first == constant:
            return None
        name = ctx.text(first)[1:]
    return name if name in ("extend", "include") else None


def _heredoc_body(ctx: Context, beginning: Node) -> Node | None:
    """The body of the heredoc ``beginning`` starts (``<<-METHOD``): tree-sitter writes it after the statement the
    beginning is in, as a sibling of that statement or of one around it, on the beginning's line; the first such
    body that ends with the beginning's name."""
    name = ctx.text(beginning).lstrip("<~-").strip("'\"`")
    row = beginning.start_point[0]
    current: Node | None = beginning.parent
    for _ in range(8):
        if current is None:
            return None
        for child in current.named_children:
            if child.type == "heredoc_body" and child.start_point[0] == row and child.start_byte > beginning.end_byte:
                end = child.named_children[-1] if child.named_children else None
                if end is not None and end.type == "heredoc_end" and ctx.text(end).strip() == name:
                    return child
        current = current.parent
    return None


def _in_eval_block(ctx: Context, call: Node) -> bool:
    """Is ``call`` written directly in a ``base.class_eval do … end`` block (``class_exec``, ``module_eval``,
    ``instance_eval`` …, on a name), where ``self`` is ``base``?"""
    current = call.parent
    while current is not None and current.type in ("body_statement", "block_body"):
        current = current.parent
    if current is None or current.type not in ("do_block", "block") or current.parent is None:
        return False
    owner = current.parent
    method, receiver = owner.child_by_field_name("method"), owner.child_by_field_name("receiver")
    return owner.type == "call" and method is not None and ctx.text(method) in _EVAL_BLOCKS and \
        receiver is not None and receiver.type == "identifier"


def _in_class_methods_block(ctx: Context, node: Node, container: Node) -> bool:
    """Is the method ``node`` written in a ``class_methods do … end`` block of its module (``ActiveSupport::
    Concern``'s: the block's methods are singleton methods of each class that includes the module)?"""
    return _in_block_of_call(ctx, node, container, ("class_methods",))


def _in_included_block(ctx: Context, node: Node, container: Node) -> bool:
    """Is the singleton method ``node`` written in an ``included do … end`` (or ``prepended``) block of its module
    (``ActiveSupport::Concern``'s, which the includer runs on itself: the method is the includer's)?"""
    return _in_block_of_call(ctx, node, container, ("included", "prepended"))


def _in_block_of_call(ctx: Context, node: Node, container: Node, names: tuple[str, ...]) -> bool:
    """Is ``node`` inside a block (``do … end`` or ``{ … }``) given to a call without receiver of one of ``names``,
    within ``container``?"""
    current = node.parent
    while current is not None and current != container:
        if current.type in ("do_block", "block") and current.parent is not None and current.parent.type == "call":
            call = current.parent
            method = call.child_by_field_name("method")
            if call.child_by_field_name("receiver") is None and method is not None and ctx.text(method) in names:
                return True
        current = current.parent
    return False


def _visibility_wrapper(ctx: Context, node: Node) -> str | None:
    """``private def x`` / ``private attr_reader :x``: the visibility call wrapping ``node``."""
    arguments = node.parent
    call = arguments.parent if arguments is not None else None
    if arguments is None or call is None or arguments.type != "argument_list" or call.type != "call":
        return None
    method = call.child_by_field_name("method")
    word = ctx.text(method) if method is not None else ""
    if word in _VISIBILITY:
        return word
    if word == "private_class_method":
        return "private"
    return None


def _parameters(ctx: Context, parameters: Node | None) -> list[str]:
    """``x, y=…, *rest, k:, j: …, **opts, &blk``: defaults elided."""
    if parameters is None:
        return []
    out: list[str] = []
    for child in parameters.named_children:
        kind = child.type
        name = child.child_by_field_name("name")
        label = ctx.text(name) if name is not None else ""
        if kind == "identifier":
            out.append(ctx.text(child))
        elif kind == "optional_parameter":
            out.append(f"{label}=…")
        elif kind == "keyword_parameter":
            out.append(f"{label}: …" if child.child_by_field_name("value") is not None else f"{label}:")
        elif kind == "splat_parameter":
            out.append(f"*{label}")
        elif kind == "hash_splat_parameter":
            out.append(f"**{label}")
        elif kind == "block_parameter":
            out.append(f"&{label}")
        elif kind in ("forward_parameter", "hash_splat_nil"):
            out.append(ctx.text(child))
        elif kind == "destructured_parameter":
            out.append(" ".join(ctx.text(child).split()))
    return out


def _doc_comment(ctx: Context, node: Node) -> str | None:
    """The run of ``#`` comment lines right above a definition (magic comments left out)."""
    source = ctx.source
    line_start = source.rfind(b"\n", 0, node.start_byte) + 1
    if source[line_start : node.start_byte].strip():
        return None  # something else precedes it on its line
    first = line_start
    end = line_start - 1
    while end > 0:
        start = source.rfind(b"\n", 0, end) + 1
        if not source[start:end].lstrip().startswith(b"#"):
            break
        first = start
        end = start - 1
    if first == line_start:
        return None
    lines = source[first:line_start].decode("utf-8", "replace").splitlines()
    kept = [
        line.lstrip().lstrip("#").strip() for line in lines
        if not line.lstrip().startswith("#!") and not _magic_comment(line)
    ]
    text = "\n".join(kept).strip()
    return text[:1000] or None


def _magic_comment(line: str) -> bool:
    body = line.lstrip("#").strip().lower()
    return body.startswith(("frozen_string_literal:", "encoding:", "coding:", "-*-", "warn_indent:",
                            "shareable_constant_value:", "typed:", "rubocop:"))


ADAPTER = RubyAdapter

__all__ = ["ADAPTER", "RubyAdapter", "constant_path", "module_name"]
