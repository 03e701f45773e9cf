"""The resolver's scopes: a name through the scope chain, the instance names, a whole dotted reference."""

from __future__ import annotations

import functools

from codeknit.graph.model import Category, EdgeKind, Role, Span, SymbolKind
from codeknit.languages.records import RawRef
from codeknit.resolve.api import (
    UNKNOWN,
    Entity,
    FileIndex,
    Instance,
    Sym,
    local_binds,
    name_shadows,
    narrowing_at,
    narrowing_of,
)
from codeknit.resolve.state import CATEGORY_OF, NO_SPAN, ResolverState, SharedAnswers

_TYPE = Category.TYPE  # (an enum member read once: see ``CATEGORY_OF``)
_NAMESPACE = SymbolKind.NAMESPACE

_CALLABLE = Category.CALLABLE


@functools.lru_cache(maxsize=4096)
def parameter_names(signature: str) -> tuple[str, ...]:
    """The parameters of a Python signature as codeknit writes it (``run(parent, blocks: list[str]=…, *, key)``), by
    name in order (``*`` and ``/`` kept as themselves, ``*args`` as ``args``); () where it shows no list. (Read
    character by character, once per signature: a method's is asked for each of its parameters a body reads.)"""
    start = signature.find("(")
    if start < 0:
        return ()
    depth = 0
    names: list[str] = []
    current: list[str] = []
    for character in signature[start + 1:]:
        if character in "([{":
            depth += 1
        elif character in ")]}":
            if depth == 0:
                break
            depth -= 1
        elif character == "," and depth == 0:
            names.append("".join(current))
            current = []
            continue
        current.append(character)
    if current:
        names.append("".join(current))
    out = []
    for part in names:
        head = part.split(":", 1)[0].split("=", 1)[0].strip()
        out.append(head if head in ("*", "/") else head.lstrip("*"))
    return tuple(n for n in out if n)


#: how a scope binds a bare name (:func:`binding_scope`)
SYMBOL, BOUND, TYPED, LOCAL, MODULE = "symbol", "bound", "typed", "local", "module"
#: reference kinds whose name is looked up from the scope around the one written in
_FROM_OUTSIDE = (EdgeKind.INHERITS, EdgeKind.IMPLEMENTS, EdgeKind.DECORATES)


def visible_kids(file: FileIndex, scope: int, name: str, at: tuple[int, int] | None) -> list[int]:
    """The definitions named ``name`` directly inside ``scope`` that a use at ``at`` (a line and column; None:
    anywhere) sees: all but those declared in a block (``RawSymbol.region``) the use is not in."""
    found = file.children.get(scope, {}).get(name, [])
    if at is None or not found:
        return found
    symbols = file.extraction.symbols
    return [i for i in found if (region := symbols[i].region) is None or region[:2] <= at < region[2:]]


def binding_scope(file: FileIndex, scope: int, name: str, outside_locals: bool = False,
                  at: tuple[int, int] | None = None) -> tuple[str, int]:
    """The scope, innermost first from ``scope`` up to the module's (0), that binds the bare name, and how:
    a symbol (:data:`SYMBOL`: a class's member only in its own body, unless the language lets its methods
    see them), an import or other binding (:data:`BOUND`), a local of a declared type (:data:`TYPED`: in
    ``var_types``) or of none (:data:`LOCAL`); :data:`MODULE` (with 0) where none of the scopes in between
    binds it. With ``outside_locals`` the locals are passed over (see ``Scopes.lookup``); given ``at``, the
    use's place, a definition declared in a block the use is not in is passed over (:func:`visible_kids`)."""
    extraction = file.extraction
    symbols, children, bindings = extraction.symbols, file.children, file.bindings
    current = scope
    first = True
    while current > 0:
        raw = symbols[current]
        kids = children.get(current, {})
        if CATEGORY_OF[raw.kind] is _TYPE:
            if (first and file.rules.class_body_binds_names or file.rules.class_scope_visible_from_methods) \
                    and name in kids:
                return SYMBOL, current
        else:
            if name in kids and (at is None or visible_kids(file, current, name, at)):
                return SYMBOL, current
            if (current, name) in bindings:
                return BOUND, current
            if not outside_locals:
                typed = extraction.var_types.get(current)
                if typed and name in typed:
                    return TYPED, current
                if name in extraction.locals.get(current, ()):
                    return LOCAL, current
        first = False
        current = raw.parent
    return MODULE, 0


#: the last character of a text's head that :func:`text_head` strips from it (a call's, an element's)
_BRACKETS = frozenset(")]")


def text_head(text: str) -> str:
    """The name a reference's text starts from: ``a`` for ``a.b``, ``a().b`` (a call's result), ``a[].b`` (an
    element's member) and ``a()[].b``."""
    head = text.partition(".")[0]
    if head.endswith("[]"):
        head = head[:-2]
    return head[:-2] if head.endswith("()") else head


class Scopes(ResolverState):
    """Scopes and references (see ``resolve/state.py`` for how the concerns fit)."""

    def lookup_module_scope(self, file: FileIndex, name: str) -> list[Entity]:
        """What ``name`` denotes at the top of ``file``: its definitions, imports, shared scope, star imports.
        Every name a body reads falls through to here (each use of an imported name, each builtin): answered
        once per file and name, but within a cycle of imports (``_frames``) or of types (``_typing``), where an
        answer may be provisional (see ``Imports._leave``)."""
        if self._frames or self._typing:
            return self._lookup_module_scope(file, name)
        key = (file.extraction.path, name)
        found = self._module_scope_memo.get(key)
        if found is None:
            found = self._module_scope_memo[key] = self._lookup_module_scope(file, name)
        return found

    def _lookup_module_scope(self, file: FileIndex, name: str, at: tuple[int, int] | None = None) -> list[Entity]:
        top = file.children.get(0, {})
        if name in top:
            visible = visible_kids(file, 0, name, at)
            if visible and (0, name) in file.bindings:
                part = file.rules.shared_part(file.extraction.path)
                if part is not None and all(i in part for i in visible):
                    # declared in the global scope only (TypeScript's ``declare global { interface Node { … } }``),
                    # which the file's own import of the name hides (``import {Node} from "prosemirror-model"``)
                    visible = []
            if visible:
                found: list[Entity] = [Sym(file.ids[i]) for i in visible]
                symbols = file.extraction.symbols
                rules = file.rules
                if rules.shares_own_scope(file.extraction.path):
                    if not rules.shared_scope_first:
                        # the name is declared again in the files whose scope this file's names are in: all its
                        # definitions (two TypeScript scripts' ``function main``: which one is not known here)
                        found += [entity for entity in self._shared_name(file, name) if entity not in found]
                    elif all(symbols[i].kind is _NAMESPACE for i in visible):
                        # a namespace merges with those of its name in the files whose scope it shares
                        found += [entity for entity in self._shared_name(file, name, merged=True)
                                  if entity not in found]
                return found
        if (0, name) in file.bindings:
            return self._binding(file, 0, name)
        typed = file.extraction.var_types.get(0)
        if typed and name in typed:
            return self.type_entities(file, 0, typed[name])
        found_shared = self._shared_name(file, name)
        if found_shared:
            return found_shared
        externals = False
        for imp in file.stars:
            if imp.scope != 0:
                continue
            target, _ = self.import_target(file, imp)
            if target is None:
                externals = True
                continue
            if self.star_exports(target, name):
                found = self.module_member(target, name)
                if found:
                    return found
        if not externals:
            implicit = file.rules.implicit_types.get(name)
            if implicit is not None:
                # (TypeScript's ``window``, where the project declares members of ``Window``: typed by them)
                # (only by the global declarations of the type: a module's own ``interface Window`` is another type)
                typed_as: list[Entity] = [Instance(i) for i in self._global_definitions(file, implicit)
                                          if CATEGORY_OF[self.symbols[i].kind] is _TYPE]
                if typed_as:
                    return typed_as
        return [UNKNOWN] if externals else []

    def _shared_name(self, file: FileIndex, name: str, merged: bool = False) -> list[Entity]:
        """``name`` at the top of the first file of ``file``'s shared scope that defines it; where that is a
        namespace, with the namespaces of the name in the other files (which merge with it: TypeScript's
        global namespaces, C++'s). With ``merged``, only those namespaces (``file`` has one of the name).
        Where the rules do not take the first file's (``shared_scope_first`` off), every file's definitions of
        the name: the same name declared in two files is ambiguous, unless the rules merge its declarations.

        A Go package can hold hundreds of files: the top-level names of a shared scope are
        indexed once per group of files (name → files defining it), and each file keeps the
        order of its own shared scope to pick the first.
        """
        path = file.extraction.path
        key = (path, name, merged)
        found = self._shared_memo.get(key)
        if found is not None:
            return found
        index = self.shared_names(file)
        order = self._shared_order[path]
        candidates = sorted((p for p in index.get(name, ()) if p in order), key=order.__getitem__)
        found = []
        every = not merged and not file.rules.shared_scope_first
        for position, candidate in enumerate(candidates):
            shared = self.files[candidate]
            symbols = shared.extraction.symbols
            kids = shared.children[0][name]
            part = file.rules.shared_part(candidate)
            if part is not None:
                kids = [i for i in kids if i in part]
            if every:
                found += [Sym(shared.ids[i]) for i in kids]
                continue
            namespaces = [i for i in kids if symbols[i].kind is _NAMESPACE]
            if position == 0 and not merged and len(namespaces) < len(kids):
                found = [Sym(shared.ids[i]) for i in kids]
                break
            found += [Sym(shared.ids[i]) for i in namespaces]
        self._shared_memo[key] = found
        return found

    def _global_definitions(self, file: FileIndex, name: str) -> list[str]:
        """The ids of the top-level definitions of ``name`` in ``file``'s shared scope (the global scope of
        TypeScript's scripts and ``declare global`` blocks): ``file``'s own only where it shares its scope or
        that part of it. In path order."""
        path, rules = file.extraction.path, file.rules
        ids: list[str] = []
        for member in self.shared_names(file).get(name, ()):
            part = rules.shared_part(member)
            if member == path and part is None and not rules.shares_own_scope(path):
                continue
            shared = self.files.get(member)
            if shared is not None:
                ids += [shared.ids[i] for i in shared.children.get(0, {}).get(name, ()) if part is None or i in part]
        return ids

    def shared_names(self, file: FileIndex) -> dict[str, list[str]]:
        """Top-level name → the files of ``file``'s shared scope, ``file`` included, that define it (by
        path). One index per group of files, shared by its files (and the rules: Go's build lookup)."""
        path = file.extraction.path
        index = self._shared_index_of.get(path)
        if index is None:
            others = file.rules.shared_scope(path, self.modules)
            order = self._shared_order[path] = {p: i for i, p in enumerate(others) if p != path}
            group = frozenset(order) | {path}
            index = self._shared_groups.get(group)
            if index is None:
                index = self._shared_groups[group] = {}
                for member in sorted(group):
                    shared = self.files.get(member)
                    if shared is None:
                        continue
                    part = file.rules.shared_part(member)
                    for top_name, kids in shared.children.get(0, {}).items():
                        if part is None or any(i in part for i in kids):
                            index.setdefault(top_name, []).append(member)
            self._shared_index_of[path] = index
        return index

    def block_regions(self, file: FileIndex) -> dict[str, list[Span]]:
        """The regions of ``file``'s definitions declared in a block (``RawSymbol.region``), by name."""
        cached = self._regions_memo
        if cached is not None and cached[0] is file.extraction:
            return cached[1]
        found: dict[str, list[Span]] = {}
        for raw in file.extraction.symbols:
            if raw.region is not None:
                found.setdefault(raw.name, []).append(raw.region)
        self._regions_memo = (file.extraction, found)
        return found

    def narrows_a_head(self, file: FileIndex, text: str) -> bool:
        """Does a test somewhere in ``file`` narrow a name or member chain that the member chain ``text`` reads a
        member of (``x`` or ``ctx.command`` for ``ctx.command.chain``)? Only then may :func:`narrowing_of` find a
        narrowing of it, in some scope: a text that none narrows means the same in every scope, as far as tests go
        (on effect most files narrow something, and ``Effect.Effect`` was looked up once per callable)."""
        cached = self._narrowed_memo
        if cached is None or cached[0] is not file.extraction:
            narrowed = file.extraction.narrowed
            cached = self._narrowed_memo = (file.extraction, frozenset(
                name for entries in narrowed.values() for name, _region, _type in entries))
        names = cached[1]
        if not names:
            return False
        cut = text.find(".")
        while cut > 0:
            if text[:cut] in names:
                return True
            cut = text.find(".", cut + 1)
        return False

    def block_key(self, file: FileIndex, name: str, span: Span) -> tuple[int, ...]:
        """Which of the blocks that declare a definition ``name`` hold a use at ``span`` (their starts): the
        uses of one scope whose lookups may differ (none, for a name no block declares)."""
        regions = self.block_regions(file).get(name)
        if not regions:
            return ()
        at = span[:2]
        return tuple(p for region in regions if region[:2] <= at < region[2:] for p in region[:2]) or (-1,)

    def lookup(self, file: FileIndex, scope: int, name: str, *, outside_locals: bool = False,
               at: tuple[int, int] | None = None) -> list[Entity]:
        """Bind a bare name as seen from ``scope`` (innermost first). With ``outside_locals`` the use is
        outside every region where the file declares ``name`` as a local (a Go or Rust block's variable
        used after its block): the callables' local names and their types do not hide the outer name.

        The texts of one scope often share a head (``opts.a``, ``opts.b``): half the lookups of a pass
        repeat one made before in the same file, so they are kept until the next file's pass
        (``_lookup_memo``), but within a cycle of imports or types, where an answer may be provisional
        (as :meth:`lookup_module_scope`'s), and only in the pass over the files (``_keep_lookups``): before it,
        what the hierarchy and the owners of symbols add changes answers between one lookup and the next."""
        if at is not None and name not in self.block_regions(file):
            at = None  # (no block declares a definition of the name: the use's place changes nothing)
        if self._frames or self._typing or not self._keep_lookups or at is not None:
            return self._lookup(file, scope, name, outside_locals, at)
        key = (file.extraction.path, scope, name, outside_locals)
        found = self._lookup_memo.get(key)
        if found is None:
            found = self._lookup_memo[key] = self._lookup(file, scope, name, outside_locals)
        return found

    def made_up_text(self, file: FileIndex, scope: int, text: str) -> list[Entity]:
        """What ``text`` denotes as seen from ``scope``, read as a reference the resolver makes up (no token: no
        local's place is read, see :data:`NO_SPAN`). Kept with :meth:`lookup`'s answers, as they are (a call's
        keyword arguments each ask for its callee: ``Point(x=)``, ``Point(y=)``)."""
        if self._frames or self._typing or not self._keep_lookups:
            return self.resolve_text(file, scope, RawRef(scope, EdgeKind.REFERENCES, text, NO_SPAN))
        key = (file.extraction.path, scope, text, None)  # (None: a text, where ``lookup``'s keys have a bool)
        found = self._lookup_memo.get(key)
        if found is None:
            found = self._lookup_memo[key] = self.resolve_text(
                file, scope, RawRef(scope, EdgeKind.REFERENCES, text, NO_SPAN))
        return found

    def _lookup(self, file: FileIndex, scope: int, name: str, outside_locals: bool,
                at: tuple[int, int] | None = None) -> list[Entity]:
        what, current = binding_scope(file, scope, name, outside_locals, at)
        if what is SYMBOL:
            return [Sym(file.ids[i]) for i in visible_kids(file, current, name, at)]
        if what is BOUND:
            return self._binding(file, current, name)
        if what is TYPED:
            return self.type_entities(file, current, file.extraction.var_types[current][name])
        if what is LOCAL:
            if file.rules.inherited_parameter_types:
                inherited = self._inherited_parameter(file, current, name)
                if inherited is not None:
                    return inherited
            return [UNKNOWN]
        if at is not None and not self._frames and not self._typing:
            return self._lookup_module_scope(file, name, at)
        return self.lookup_module_scope(file, name)

    def _inherited_parameter(self, file: FileIndex, scope: int, name: str) -> list[Entity] | None:
        """What the unannotated parameter ``name`` of the method ``scope`` is declared as by the method it overrides
        (``inherited_parameter_types``): the first ancestor in the MRO that defines a method of its name, where that
        method has a parameter of the same name at the same position (after the receiver), annotated; None where
        there is no such method, or its parameter is not so."""
        symbols = file.extraction.symbols
        raw = symbols[scope]
        if raw.parent <= 0 or CATEGORY_OF[raw.kind] is not _CALLABLE or raw.receiver is None or \
                CATEGORY_OF[symbols[raw.parent].kind] is not _TYPE or name == raw.receiver:
            return None
        mine = parameter_names(raw.signature)
        if name not in mine:
            return None
        chain = self.mro(file.ids[raw.parent])
        for ancestor in chain[1:]:
            found = self.members.get(ancestor, {}).get(raw.name)
            if not found:
                continue
            if len(found) != 1:
                return None
            theirs = self.symbols.get(found[0])
            owner = self.files.get(theirs.path) if theirs is not None else None
            if theirs is None or owner is None or theirs.kind.category is not Category.CALLABLE:
                return None
            index = owner.ids.index(found[0])  # (asked once per parameter and file pass: ``lookup`` keeps it)
            declared = owner.extraction.var_types.get(index, {}).get(name)
            base = owner.extraction.symbols[index]
            theirs_names = parameter_names(base.signature)
            if declared is None or base.receiver is None or name not in theirs_names or \
                    theirs_names.index(name) != mine.index(name):
                return None
            return self.type_entities(owner, index, declared)
        return None

    def enclosing_class(self, file: FileIndex, scope: int, *, via_receiver: str | None) -> str | None:
        """The id of the class whose instance ``this``/``self`` (or a named receiver) denotes in ``scope``."""
        symbols = file.extraction.symbols
        current = scope
        while current > 0:
            raw = symbols[current]
            if via_receiver is not None:
                if raw.receiver == via_receiver:
                    return self._owner_type(file.ids[current])
                if name_shadows(file, current, via_receiver):
                    return None
            elif CATEGORY_OF[raw.kind] is _TYPE:
                return file.ids[current]
            elif raw.owner is not None:  # a method attached to its type from outside (Go, Rust impl, C++)
                return self._owner_type(file.ids[current])
            current = raw.parent
        return None

    def _owner_type(self, symbol_id: str) -> str | None:
        parent = self.symbols[symbol_id].parent
        if parent is not None and CATEGORY_OF[self.symbols[parent].kind] is _TYPE:
            return parent
        return None

    def resolve_text(self, file: FileIndex, scope: int, ref: RawRef) -> list[Entity]:
        custom = file.rules.resolve_ref(self, file, scope, ref)
        if custom is not None:
            return custom
        if not ref.head_known:
            return [UNKNOWN]
        current: list[Entity]
        if ref.text.endswith("']") and "['" in ref.text:
            # TypeScript's indexed access type ``T['a']``: the member ``a`` of the type (``type_entities``)
            cut = ref.text.rindex("['")
            return self.members_of(self.type_entities(file, scope, ref.text[:cut]), ref.text[cut + 2:-2])
        if "[]." in ref.text:  # ``xs[].a``: a member of an element of what ``xs`` holds (``const { a } = xs[i]``,
            cut = ref.text.index("[].")  # Python's ``xs[i].a``: a list's element, a mapping's value)
            current = self.type_entities(file, scope, f"*[{ref.text[:cut]}")  # (an element read by its key)
            if current == [UNKNOWN] and ref.span[0] > 0:  # a parameter its context types (``(rows) => rows[0].a``)
                current = self._context_element(file, scope, ref.text[:cut], ref.span) or current
            for part in ref.text[cut + 3:].split("."):
                current = self.members_of(current, part)
                if not current:
                    break
            return current
        if "(#" in ref.text:  # ``f(#0).a``: a member of the type of what a call passes f (an object argument)
            cut = ref.text.index(")", ref.text.rindex("(#")) + 1
            current = self.type_entities(file, scope, ref.text[:cut])
            for part in ref.text[cut + 1:].split(".") if cut < len(ref.text) else ():
                current = self.members_of(current, part)
                if not current:
                    break
            return current
        parts = ref.text.split(".")
        head = parts[0]
        rest = parts[1:]
        call_head = head.endswith("()") and head != "super()"  # ``make_foo().bar``
        if call_head:
            head = head[:-2]
        rules = file.rules
        symbols = file.extraction.symbols
        if head.startswith("{") and head.endswith("}"):  # a member of an anonymous object type (``type_entities``)
            current = self.type_entities(file, scope, head)
        elif head == "super()" or (head == "super" and not rules.super_is_call):
            class_id = self.enclosing_class(file, scope, via_receiver=None)
            if class_id is None:
                return []
            if not rest:  # ``super(...)`` in a constructor: the superclass's constructor, never an interface's
                parents = list(self.superclasses.get(class_id, []))
                out: list[Entity] = []
                for parent in parents:
                    out += self._constructor(parent.id, rules) if isinstance(parent, Sym) else [UNKNOWN]
                return out
            name, call = (rest[0][:-2], True) if rest[0].endswith("()") else (rest[0], False)
            current = self.class_member(class_id, name, skip_self=True)
            current = self.call_results(current) if call else current
            rest = rest[1:]
        elif head in rules.instance_names and (rebound := self._rebound_instance(file, scope, head)) is not None:
            if not rest:
                return [UNKNOWN]
            current = self.members_of(rebound, rest[0])
            rest = rest[1:]
        elif head in rules.instance_names or (
            rules.receiver_is_first_parameter and self._is_receiver(file, scope, head)
        ):
            klass = self.enclosing_class(
                file, scope, via_receiver=None if head in rules.instance_names else head
            )
            if klass is None:
                return [UNKNOWN]
            if not rest:
                # a named receiver called (Go's ``func (f HandlerFunc) ServeHTTP(…) { f(w, r) }``, Python's
                # ``self()``): a call of the value it holds, never of its type (a conversion, a constructor);
                # ``this(…)`` in a constructor is another constructor (Java, C#, Kotlin)
                receiver_called = ref.kind is EdgeKind.CALLS and head not in rules.instance_names
                return [Instance(klass)] if receiver_called else [Sym(klass)]
            current = self.instance_member(klass, rest[0])
            if self.base_arguments and len(rest) > 1 and rest[0][-2:] != "()":  # (``this.value.m()``)
                current = self.through_arguments([Instance(klass)], rest[0], current, call=False)
            rest = rest[1:]
        else:
            lookup_scope = scope
            if ref.kind in _FROM_OUTSIDE and scope > 0:
                lookup_scope = symbols[scope].parent
            # a name the file declares as a local somewhere, used where none of those declarations reaches
            # (a type text the resolver reads, ``x.make()``, has no use site: it is read where it was bound)
            found_locals = self.locals_naming(file, head) if ref.span[0] > 0 else None
            if found_locals is not None:
                declared = found_locals.at(head, ref.span)
                if declared is not None and not local_binds(rules, declared, ref):
                    declared = None  # (a type name, or what qualifies one: a parameter or variable is no type)
                outside = declared is None
            else:
                declared, outside = None, False
            # a local whose own declaration says its type, where its scope binds the name to several
            typed = file.extraction.local_types.get(declared.span[:2]) if declared is not None else None
            if typed and not call_head:
                current = self.type_entities(file, scope, typed)
            else:
                current = self.lookup(file, lookup_scope, head, outside_locals=outside,
                                      at=ref.span[:2] if ref.span[0] > 0 else None)
                if not current and declared is not None:
                    # a local no scope's names list (a parameter of an arrow function outside every callable,
                    # ``{ onGrid: (grid) => grid.rows() }``): a value the resolver cannot see, not a missing name
                    current = [UNKNOWN]
                elif declared is None and rules.declaration_spaces and ref.kind is EdgeKind.REFERENCES and (
                        ref.role is Role.TYPE or ref.role is None and rest and not call_head):
                    current = self._type_qualifier(file, lookup_scope, head, current, outside,
                                                   ref.span[:2] if ref.span[0] > 0 else None)
            if rest and not call_head and declared is None and rules.import_binds_head:
                current, taken = self.imported_submodules(file, head, current, rest)  # ``import pkg.sub``
                rest = rest[taken:]
            if declared is not None and rest and not call_head and file.extraction.narrowed:
                narrowed = narrowing_at(file, scope, head, ref.span)
                if narrowed is not None:
                    current = self._narrow(file, scope, current, narrowed[1])
            if call_head:  # calling a name nothing in the project defines gives a value we cannot see
                called = self.local_call_result(file, lookup_scope, head) if declared is not None else None
                current = called if called is not None else self.call_results(current) if current else [UNKNOWN]
        if rest and file.extraction.narrowed:  # ``isinstance(ctx.command, Group) and ctx.command.chain``
            chain = narrowing_of(file, scope, ref.text, ref.span)
            done = len(parts) - len(rest)
            if chain is not None and "." in chain[2] and chain[2].count(".") + 1 >= done:
                narrowed_parts = chain[2].count(".") + 1
                for part in parts[done:narrowed_parts]:
                    current = self.members_of(current, part)
                    if not current:
                        return current
                current = self._narrow(file, scope, current, chain[1])
                rest = parts[narrowed_parts:]
        element_returns = rules.element_returns
        for index, part in enumerate(rest):
            if part == "prototype" and index + 1 < len(rest) and rules.class_prototypes and current and all(
                    type(e) is Sym and self.symbols[e.id].kind is SymbolKind.CLASS for e in current):
                # (``Ajv.prototype.addSchema``: the instances' member)
                current = [Instance(e.id) for e in current if type(e) is Sym]
                continue
            if element_returns and part[-2:] == "()" and part[:-2] in element_returns:
                # ``xs.shift().a``, ``this.rows.find(…).id``: an element of the array, where it is one
                elements = self.array_elements(file, scope, ".".join(parts[:len(parts) - len(rest) + index]))
                if elements is not None:
                    current = elements
                    continue
            receivers = current
            current = self.members_of(current, part)
            if not current:
                break
            if self.base_arguments and index + 1 < len(rest) and part[-2:] != "()":
                # ``b.value.m()``: what the member holds, read through the receiver's type (``class IntBox extends
                # Box<Num>`` with Box's ``value: T``: a Num)
                current = self.through_arguments(receivers, part, current, call=False)
        return current

    def _type_qualifier(self, file: FileIndex, scope: int, name: str, found: list[Entity], outside: bool,
                        at: tuple[int, int] | None) -> list[Entity]:
        """What ``name``, qualifying a type name (``AST`` in ``AST.Node``), denotes where the language reads it as
        a namespace (:meth:`LanguageRules.namespaces_among`), ``found`` being what the lookup from ``scope`` found:
        those of them that may be one; where none may, the name as the scope around the one that binds it sees it
        (``namespace N { type AST = …; … AST.Node }``: the module imported as ``AST``); ``found`` where no scope
        binds one."""
        rules = file.rules
        kept = rules.namespaces_among(self, found)
        while not kept and found:
            where = binding_scope(file, scope, name, outside, at)[1]
            if where <= 0:
                return found
            scope = file.extraction.symbols[where].parent
            found = self.lookup(file, scope, name, outside_locals=outside, at=at)
            kept = rules.namespaces_among(self, found)
        return kept or found

    def _context_element(self, file: FileIndex, scope: int, name: str, span: Span) -> list[Entity] | None:
        """An element of the local ``name`` in effect at ``span``, where what its declaration records
        (``Extraction.local_types``: a callback's parameter, a function's given by its context) says it is an
        array; else None."""
        found_locals = self.locals_naming(file, name) if name.isidentifier() else None
        declared = found_locals.at(name, span) if found_locals is not None else None
        typed = file.extraction.local_types.get(declared.span[:2]) if declared is not None else None
        return self._context_elements(file, scope, typed) if typed else None

    def _narrow(self, file: FileIndex, scope: int, declared: list[Entity], to: str) -> list[Entity]:
        """What a local declared to hold ``declared`` holds where a test says it is a ``to``
        (``Extraction.narrowed``): a ``to``, unless what it is declared to hold is one already (a subclass
        of it, or that class: a type checker keeps the narrower type)."""
        if "|" in to:  # ``isinstance(x, (A, B))``: an ``A`` or a ``B``
            union: list[Entity] = []
            for part in to.split("|"):
                union += [e for e in self._narrow(file, scope, declared, part) if e not in union]
            return union
        if to[:1] == "?":  # (``?kind!="a"&?kind!="b"``: each holds)
            for test in to.split("&"):
                declared = self._discriminated(declared, test[1:])
            return declared
        narrowed = self.type_entities(file, scope, to)
        if len(narrowed) != 1 or not isinstance(narrowed[0], (Instance, Sym)):
            return narrowed
        target = narrowed[0]
        target_id = target.type_id if isinstance(target, Instance) else target.id
        if declared and all(type(e) is type(target) and target_id in self.mro(
                e.type_id if isinstance(e, Instance) else e.id) for e in declared):  # type: ignore[union-attr]
            return declared
        return narrowed

    def _discriminated(self, declared: list[Entity], test: str) -> list[Entity]:
        """:meth:`_discriminate`, once per declared entities and test in a pass: on effect 3,319 narrowings by a
        discriminant ask 879 questions, each a pass over a union's parts (an AST's node types), about 0.3 s."""
        key = (tuple(declared), test)
        found = self._discriminated_memo.get(key)
        if found is None:
            found = self._discriminated_memo[key] = self._discriminate(declared, test)
        return found

    def _discriminate(self, declared: list[Entity], test: str) -> list[Entity]:
        """The parts of what a local is declared to hold (a union's, TypeScript's ``A|B``) that a test keeps
        (``Extraction.narrowed``'s ``?kind="a"``: those whose member ``kind`` has that literal type, or a type
        that is no literal the adapter reads; ``?kind!="a"``: all but those whose ``kind`` is that literal alone;
        ``?key``: those that have a member ``key``, or may). What is not a project type's instance stays; where
        the test would keep no part, all stay."""
        if "!=" in test:
            key, _, value = test.partition("!=")
            negated = True
        else:
            key, _, value = test.partition("=")
            negated = False
        kept: list[Entity] = []
        parts: list[Entity] = []
        for entity in declared:  # (a chain's member, ``ast.from`` in ``ast.from._tag``: what it holds)
            held = self.value_type(entity.id) if type(entity) is Sym and self.symbols[entity.id].kind in (
                SymbolKind.FIELD, SymbolKind.PROPERTY, SymbolKind.GETTER) else [entity]
            parts += [e for e in held if e not in parts]
        for entity in parts:
            if type(entity) is not Instance:
                kept.append(entity)
                continue
            members = self.class_member(entity.type_id, key)
            if not value:  # ``"key" in x``
                if members:
                    kept.append(entity)
                continue
            literals = self._literal_types(members)
            if literals is None or (literals != {value} if negated else value in literals):
                kept.append(entity)
        return kept if kept and len(kept) < len(parts) else declared

    def _literal_types(self, members: list[Entity]) -> set[str] | None:
        """The literals a property's declared type is a union of (``kind: "a" | "b"``, from each declaration's
        signature, a string written ``"a"``); None where a declaration has another type, or none written."""
        out: set[str] = set()
        for member in members:
            if type(member) is not Sym or self.symbols[member.id].kind not in (SymbolKind.FIELD, SymbolKind.PROPERTY):
                return None
            index = self._typed_index.get(member.id)
            declared = self.files[self.symbols[member.id].path].extraction.symbols[index].declared_type \
                if index is not None else ""
            if declared[:1] == '"' or declared[:1].isdigit() or declared in ("true", "false"):
                written = declared  # (``readonly _tag = "Declaration"``: javascript/types.py's ``literal_type``)
            else:
                _, colon, written = self.symbols[member.id].signature.partition(": ")
                if not colon:
                    return None
            for part in written.split("|"):
                part = part.strip()
                if len(part) > 1 and part[0] == part[-1] and part[0] in "\"'":
                    part = f'"{part[1:-1]}"'
                elif part not in ("true", "false") and not part.replace(".", "").replace("-", "").isdigit():
                    return None
                out.add(part)
        return out or None

    def _rebound_instance(self, file: FileIndex, scope: int, name: str) -> list[Entity] | None:
        """What an instance name (``this``) means where a callable rebinds it, else None.

        A scope between the use and the enclosing type can type it (``var_types``: a TypeScript
        ``this: T`` parameter) or make it unknown (``locals``: a JavaScript ``function`` has its
        own ``this``); without either, the enclosing type's instance is meant.
        """
        symbols = file.extraction.symbols
        current = scope
        while current > 0:
            raw = symbols[current]
            if CATEGORY_OF[raw.kind] is _TYPE:
                return None
            typed = file.extraction.var_types.get(current)
            if typed and name in typed:
                return self.type_entities(file, current, typed[name])
            if name in file.extraction.locals.get(current, ()):
                return [UNKNOWN]
            current = raw.parent
        return None

    def scope_free_texts(self, file: FileIndex) -> tuple[frozenset[str] | None, SharedAnswers]:
        """The names that a lookup from a scope inside ``file`` may find before the module's, and a memo of
        ``file``'s texts that mean the same in every scope, for its pass. The names: what an inner scope
        binds (a nested definition, an import, a local with or without a type), the receivers, the instance
        names and ``super``; None where the rules answer a reference by more than the lexical lookup
        (:meth:`LanguageRules.lexical_lookup`).

        A reference whose head is none of these and no local of the file (``locals_by_file``), and that no
        test narrows, means the same in every scope of the file: ``lookup`` from any of them falls through
        to :meth:`lookup_module_scope`. Its entities are looked up once per file (in the memo, by the
        caller's key); its relation is still made per scope (its source, and the candidates of a member of
        an unknown value, depend on the scope)."""
        state = self._scope_free_state(file)
        return state[0], state[1]

    def _scope_free_state(self, file: FileIndex) -> tuple[
            frozenset[str] | None, SharedAnswers, dict[str, int]]:
        """:meth:`scope_free_texts`, and a memo of how each text of the file may share answers
        (``Resolver._text_memo``), made at the file's first question."""
        extraction = file.extraction
        cached = self._bound_names
        if cached is not None and cached[0] is extraction:
            return cached[1], cached[2], cached[3]
        names: frozenset[str] | None = None
        if file.rules.lexical_lookup():
            bound: set[str] = {"super", "super()"}
            bound.update(file.rules.instance_names)
            # (a class's members bind no bare name where neither its body nor its methods see them, as in
            # JavaScript and Go: ``binding_scope`` passes over them, and a field named as an import is common)
            rules = file.rules
            members_hidden = not (rules.class_body_binds_names or rules.class_scope_visible_from_methods)
            symbols = extraction.symbols
            for scope, kids in file.children.items():
                if scope and not (members_hidden and CATEGORY_OF[symbols[scope].kind] is _TYPE):
                    bound.update(kids)
            bound.update(name for scope, name in file.bindings if scope)
            for scope, typed in extraction.var_types.items():
                if scope:
                    bound.update(typed)
            for scope, declared in extraction.locals.items():
                if scope:
                    bound.update(declared)
            bound.update(raw.receiver for raw in extraction.symbols if raw.receiver is not None)
            bound.update(self.block_regions(file))  # (a definition a block declares: seen only there)
            names = frozenset(bound)
        memo: SharedAnswers = {}
        texts: dict[str, int] = {}
        self._bound_names = (extraction, names, memo, texts)
        return names, memo, texts

    @staticmethod
    def scope_free(bound: frozenset[str] | None, declared: object, text: str) -> bool:
        """Does ``text`` mean the same in every scope of its file (see :meth:`scope_free_texts`), given the
        file's inner-scope names ``bound`` and its locals' names ``declared`` (a container)?"""
        if bound is None or "(#" in text or "['" in text:
            return False
        head = text.partition(".")[0]
        if head[-1:] in _BRACKETS:  # (``f().a``, ``xs[].a``: the name they start from; most heads are plain names)
            head = text_head(text)
        return head not in bound and head not in declared and not head.startswith("{")  # type: ignore[operator]

    def receivers_of(self, file: FileIndex) -> frozenset[str]:
        """The names ``file``'s callables give their receiver (``self``, ``cls``, Go's ``s``)."""
        path = file.extraction.path
        receivers = self._receivers.get(path)
        if receivers is None:  # (asked of nearly every name's head: most are no receiver of the file's)
            receivers = self._receivers[path] = frozenset(
                raw.receiver for raw in file.extraction.symbols if raw.receiver is not None)
        return receivers

    def receiver_class(self, file: FileIndex, scope: int, name: str) -> str | None:
        """The class whose instance the receiver ``name`` is in ``scope`` (None: ``name`` is no receiver there).
        A chain from it that :meth:`resolve_text` answers by the names around it (``LanguageRules.lexical_lookup``)
        means the same in every method of that class, as ``self.x`` does: ``resolve_text`` reads the scope
        only for the class (``instance_member``), where no test narrows the chain."""
        if not self._is_receiver(file, scope, name):
            return None
        return self.enclosing_class(file, scope, via_receiver=name)

    def _is_receiver(self, file: FileIndex, scope: int, name: str) -> bool:
        receivers = self._receivers.get(file.extraction.path)
        if name not in (self.receivers_of(file) if receivers is None else receivers):
            return False
        symbols = file.extraction.symbols
        current = scope
        while current > 0:
            raw = symbols[current]
            if raw.receiver == name:
                return True
            if name in file.extraction.locals.get(current, ()) or name in file.children.get(current, {}):
                return False
            current = raw.parent
        return False


__all__ = ["Scopes"]
