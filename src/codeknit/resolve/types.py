"""The resolver's receiver types: what a type text denotes, a symbol's declared type, what a call gives."""

from __future__ import annotations

from codeknit.graph.model import Category, EdgeKind, SymbolKind
from codeknit.languages.records import RawRef, declarations_of
from codeknit.resolve.api import (
    UNKNOWN,
    UNSEEN_PART,
    Entity,
    External,
    FileIndex,
    Instance,
    Shape,
    ShapeMember,
    Sym,
    Unknown,
)
from codeknit.resolve.members import VALUE_KINDS
from codeknit.resolve.scopes import TYPED, binding_scope
from codeknit.resolve.state import NO_SPAN, ResolverState

#: a type text with one of these is a compound type (union, array, literal), not a name
NOT_IN_TYPE_NAMES = frozenset(" |&[]{}<>,;*?'\"()=")


class Types(ResolverState):
    """Receiver types (see ``resolve/state.py`` for how the concerns fit)."""

    def type_entities(self, file: FileIndex, scope: int, text: str) -> list[Entity]:
        """The values a type text written in ``scope`` of ``file`` denotes (see ``RawSymbol.declared_type``).

        A project class or interface gives an :class:`Instance` of it; a type alias, the type it
        names; an imported outside type, an :class:`External`; a name nothing in the project or its
        imports defines (a builtin such as ``string``), an :class:`External` by the name written.
        ``name()`` is what calling ``name`` returns. Anything else (a union, a literal type) is
        unknown.
        """
        key = (file.extraction.path, scope, text)
        found = self._type_memo.get(key)
        if found is not None:
            return found
        if key in self._typing:
            return [UNKNOWN]  # ``x = x.next()``: a type defined by itself
        self._typing.add(key)
        try:
            found = self._type_entities_uncached(file, scope, text)
        finally:
            self._typing.discard(key)
        unknown_types = file.rules.unknown_types
        if unknown_types and any(type(e) is External and e.name in unknown_types for e in found):
            # (``obj: Any``, ``cls: Type[Any]``: a value the resolver cannot see, not a member of ``typing.Any``)
            found = list(dict.fromkeys(UNKNOWN if type(e) is External and e.name in unknown_types else e
                                       for e in found))
        self._type_memo[key] = found
        return found

    def _type_entities_uncached(self, file: FileIndex, scope: int, text: str) -> list[Entity]:
        if text[:1] == "~":  # (TypeScript's callback given another argument's tuple: ``_spread_value``)
            value = self._spread_value(file, scope, text)
            return self.type_entities(file, scope, value if value is not None else text.split("~", 2)[1])
        if text.startswith("{") and text.endswith("}") and "}" not in text[1:-1]:  # (not ``{a@1:2}|{b@3:4}``)
            written = shape(file.extraction.path, text)
            return [written] if written is not None else [UNKNOWN]
        if text.startswith("="):
            if "|=" in text:  # Python's ``AnyStream = Union[A, B]``: the name holds one of these classes
                parts: list[Entity] = []
                for part in text[1:].split("|="):
                    parts += [e for e in self._alias_entities(file, scope, part) if e not in parts]
                return parts
            return self._alias_entities(file, scope, text[1:])
        if text.startswith("*["):  # Python's ``row = rows[i]``: an element read by its key (a mapping's value)
            return self.element_entities(file, scope, text[2:], keyed=True)
        if text.startswith("*"):
            return self.element_entities(file, scope, text[1:])
        if text[:1] == "@" and text[1:2].isdigit():
            # Python's ``a, b = f()`` (``@1:f()``: position 1 of the tuple f returns) and ``for a, b in xs``
            # (``@1:*xs``: of an element of xs)
            at, _, rest = text[1:].partition(":")
            element = rest[:1] == "*"
            keyed = rest[:2] == "*["  # (``@1:*[xs``: of an element of xs read by its key, ``xs[i][1]``)
            source = rest[2:] if keyed else rest[1:] if element else rest
            if not source or not at.isdigit():
                return [UNKNOWN]
            return self.element_entities(file, scope, source, "[]" if element else "", keyed=keyed, position=int(at))
        if text.endswith(")") and "(#" in text:
            return self._argument_entities(file, scope, text)
        if text.endswith("()"):
            receiver, _, method = text[:-2].rpartition(".")
            if receiver and method in file.rules.element_returns:
                elements = self.array_elements(file, scope, receiver)  # ``xs.find(…)``: an element of xs
                if elements is not None:
                    return elements
            if receiver and method in file.rules.keyed_returns:  # ``d.get(k)``: what ``d[k]`` reads
                read = self.element_entities(file, scope, receiver, keyed=True)
                if read != [UNKNOWN]:
                    return read
            if text[:-2].isidentifier():
                called = self.local_call_result(file, scope, text[:-2])
                if called is not None:
                    return called
            callee = RawRef(scope, EdgeKind.CALLS, text[:-2], NO_SPAN)
            if receiver and self.base_arguments:  # (``b.get()``, ``get(): T`` of a generic base: its argument)
                return self._read_through(file, scope, text[:-2], self.resolve_text(file, scope, callee), call=True)
            return self.call_results(self.resolve_text(file, scope, callee))
        if text.endswith("']") and "['" in text:  # TypeScript's ``Options['form']``: the member's declared type
            cut = text.rindex("['")
            found: list[Entity] = []
            for member in self.members_of(self.type_entities(file, scope, text[:cut]), text[cut + 2:-2]):
                held: list[Entity] = self.value_type(member.id) if isinstance(member, Sym) and \
                    self.symbols[member.id].kind in VALUE_KINDS else [UNKNOWN]
                found += [v for v in held if v not in found]
            return found or [UNKNOWN]
        if text[:1] == "$" and text[1:2].isdigit():
            return [UNKNOWN]  # a generic alias's template (``$0``: its first type argument), read where it is used
        if "|" in text and file.rules.generic_type_texts and all(
                part and (not any(c in NOT_IN_TYPE_NAMES for c in part.replace("&", "")) or (
                    part.startswith("{") and part.endswith("}")) or _generic(part) or "&" in part)
                for part in text.split("|")):
            # TypeScript's union ``A|B`` (javascript/types.py's ``type_text``): a value of it is a value of one part;
            # a member every part has from one declaration is that one, else each part's are candidates
            either: list[Entity] = []
            for part in text.split("|"):
                # (an intersection's unseen part is an unknown here: the union's other parts may lack the member)
                for e in self.type_entities(file, scope, part):
                    e = UNKNOWN if e is UNSEEN_PART else e
                    if e not in either:
                        either.append(e)
            return either
        if "&" in text and all(part and (not any(c in NOT_IN_TYPE_NAMES for c in part) or (
                part.startswith("{") and part.endswith("}")) or (_generic(part) and file.rules.generic_type_texts))
                for part in text.split("&")):
            # TypeScript's intersection ``A&B``: a value of it is a value of each part, with the members of each;
            # a part it cannot see is an unseen part (``UnseenPart``), where another part is seen
            joined: list[Entity] = []
            for part in text.split("&"):
                joined += [e for e in self.type_entities(file, scope, part) if e not in joined]
            if any(not isinstance(e, Unknown) for e in joined):
                joined = list(dict.fromkeys(UNSEEN_PART if isinstance(e, Unknown) else e for e in joined))
            return joined
        if _generic(text) and file.rules.generic_type_texts:
            return self._generic_entities(file, scope, text)
        if not text or any(c in NOT_IN_TYPE_NAMES for c in text):
            return [UNKNOWN]
        found = self.resolve_text(file, scope, RawRef(scope, EdgeKind.REFERENCES, text, NO_SPAN))
        if not found:
            return [External(text)]
        symbols_found = [e.id for e in found if isinstance(e, Sym)]
        if len(symbols_found) > 1:  # what the name means in a type position (TypeScript's merged declarations)
            kept = set(file.rules.prefer_targets(self, EdgeKind.REFERENCES, symbols_found))
            found = [e for e in found if not isinstance(e, Sym) or e.id in kept]
        out: list[Entity] = []
        for entity in found:
            values: list[Entity]
            if isinstance(entity, Sym):
                kind = self.symbols[entity.id].kind
                if kind is SymbolKind.TYPE_ALIAS:
                    values = self.value_type(entity.id)  # ``type Repo = SqlRepo``
                    if values == [UNKNOWN] and self._has_methods(entity.id, fields=True):
                        # a type with members of its own (Go ``type Kind int`` with methods, TypeScript's
                        # ``type Box = { a: A }``)
                        values = [Instance(entity.id)]
                elif kind.category is Category.TYPE:
                    values = [Instance(entity.id)]
                else:
                    # a variable holding classes (Python's ``Alias = Foo``, ``AnyStream = Union[A, B]``) names a
                    # value of one of them; any other value or a module named where a type belongs, nothing known
                    values = [UNKNOWN]
                    if kind in (SymbolKind.VARIABLE, SymbolKind.CONSTANT):
                        held = self.value_type(entity.id)
                        if any(isinstance(v, Sym) and self._is_class(v.id) for v in held):
                            values = [Instance(v.id) if isinstance(v, Sym) and self._is_class(v.id) else
                                      v if isinstance(v, External) else UNKNOWN for v in held]
            elif isinstance(entity, External):
                values = [entity]
            else:
                values = [UNKNOWN]
            out += [v for v in values if v not in out]
        return out

    def _generic_entities(self, file: FileIndex, scope: int, text: str) -> list[Entity]:
        """``Name<A,B>`` (TypeScript's generic type with the arguments that are names; javascript/types.py's
        ``type_text``): where ``Name`` is a generic alias that stands for its arguments (its template ``$0&$1``,
        ``alias_template``), what those arguments denote; else what ``Name`` denotes. An argument the template
        needs and the text does not name leaves the type unknown."""
        cut = text.index("<")
        name, arguments = text[:cut], text[cut + 1:-1].split(",")
        ref = RawRef(scope, EdgeKind.REFERENCES, name, NO_SPAN)
        templates = set()
        for entity in self.resolve_text(file, scope, ref):
            if isinstance(entity, Sym) and self.symbols[entity.id].kind is SymbolKind.TYPE_ALIAS and \
                    entity.id in self._typed_index:
                raw = self.files[self.symbols[entity.id].path].extraction.symbols[self._typed_index[entity.id]]
                if raw.declared_type.startswith("$"):
                    templates.add(raw.declared_type)
        if not templates:
            return self.type_entities(file, scope, name)
        if len(templates) > 1:
            return [UNKNOWN]
        parts = []
        for part in next(iter(templates)).split("&"):
            position = int(part[1:])
            if position >= len(arguments) or not arguments[position]:
                return [UNKNOWN]
            parts.append(arguments[position])
        return self.type_entities(file, scope, "&".join(dict.fromkeys(parts)))

    def _alias_entities(self, file: FileIndex, scope: int, name: str) -> list[Entity]:
        """What a variable assigned a plain (dotted) name holds (``_PyFuture = Future``): a class itself,
        what a variable of that name holds, a value of the type a local or parameter of that name is declared
        with, an outside name; anything else (a function) is unknown."""
        out: list[Entity] = []
        found = self.resolve_text(file, scope, RawRef(scope, EdgeKind.REFERENCES, name, NO_SPAN)) or [UNKNOWN]
        if self.base_arguments and "." in name:  # (``= b.value``, ``value: T`` of a generic base: its argument)
            found = self._read_through(file, scope, name, found, call=False)
        for entity in found:
            values: list[Entity] = [UNKNOWN]
            if isinstance(entity, Sym):
                kind = self.symbols[entity.id].kind
                if kind.category is Category.TYPE and kind is not SymbolKind.TYPE_ALIAS:
                    values = [entity]
                elif kind in (SymbolKind.VARIABLE, SymbolKind.CONSTANT, SymbolKind.FIELD, SymbolKind.PROPERTY) or (
                        kind is SymbolKind.GETTER and file.rules.getter_reads_hold_values):
                    values = self.value_type(entity.id)
            elif isinstance(entity, (External, Instance)):  # (``loop = event_loop``, ``event_loop: Loop``: a Loop)
                values = [entity]
            elif isinstance(entity, ShapeMember):  # (TypeScript's ``const at = opts.at`` with ``opts: { at: Loc }``)
                values = self.shape_member_values(entity)
            out += [v for v in values if v not in out]
        return out

    def _read_through(self, file: FileIndex, scope: int, text: str, found: list[Entity], *,
                      call: bool) -> list[Entity]:
        """``found``, what the dotted name ``text`` read in ``scope`` denotes, as a value read through the type of
        its receiver (``Members.through_arguments``); with ``call``, what calling it gives."""
        receiver, _, name = text.rpartition(".")
        receivers = self.resolve_text(file, scope, RawRef(scope, EdgeKind.REFERENCES, receiver, NO_SPAN))
        return self.through_arguments(receivers, name, found, call=call)

    def element_entities(self, file: FileIndex, scope: int, source: str, suffix: str = "[]", *,
                         keyed: bool = False, position: int | None = None) -> list[Entity]:
        """What iterating ``source`` (a name, a chain, or ``chain()``: a call) gives, where the type of what
        it holds or returns is written as an element type (``Param[]``, from ``List[Param]``); ``d.values()``
        where ``d`` is a mapping whose values are written so (``Param[:]``, from ``Dict[str, Param]``).
        (``suffix``: the mark of the type text read, ``[:]`` for the mapping.) With ``keyed``, an element is read
        by a key (``xs[i]``): a mapping's value is one, in every language (iterating a Python mapping gives its
        keys). With ``position``, what that position of the element holds, where the element is a tuple (Python's
        ``(A,B)``, from ``Tuple[A, B]``: ``for a, b in pairs``); with ``suffix`` "" as well, of what ``source``
        itself holds or returns (``a, b = f()``)."""
        call = source.endswith("()")
        chain = source[:-2] if call else source
        if call and suffix == "[]" and file.rules.array_returns:
            receiver, _, method = chain.rpartition(".")
            if receiver and method in file.rules.array_returns:  # ``xs.filter(…)``: elements of xs, where an array
                elements = self.array_elements(file, scope, receiver)
                if elements is not None:
                    return elements
        if call and chain.endswith(".values") and suffix == "[]":
            found = self.element_entities(file, scope, chain[:-7], "[:]")
            if found != [UNKNOWN]:
                return found
        texts: list[tuple[FileIndex, int, str]] = []  # (file, scope, type text) of what the source holds
        symbols = file.extraction.symbols
        current = scope
        returned = self._local_call_text(file, scope, chain) if call and chain.isidentifier() else None
        if returned is not None:  # a call of a parameter of a function type (``get: () => Row[]``)
            texts.append((file, *returned))
        elif not call and "." not in chain:  # a local or parameter typed where it is declared
            while current > 0:
                typed = file.extraction.var_types.get(current)
                if typed and chain in typed:
                    if typed[chain].endswith("()") and not typed[chain].startswith("*") and suffix == "[]" and \
                            file.rules.call_result_elements:
                        # ``const xs = parse(p)`` then ``xs[i]``: an element of what that call returns
                        return self.element_entities(file, current, typed[chain], keyed=keyed, position=position)
                    if typed[chain].startswith("="):
                        # ``const marks = dict.marks`` then ``marks[i]``: an element of what that member holds
                        # (Python's ``found = settings or {}``: of what that parameter holds)
                        guard = (file.extraction.path, current, f"\0{chain}")
                        if guard in self._typing:
                            return [UNKNOWN]  # (``a = b`` and ``b = a`` in one function: nothing said)
                        self._typing.add(guard)
                        try:
                            return self.element_entities(file, current, typed[chain][1:], suffix, keyed=keyed,
                                                         position=position)
                        finally:
                            self._typing.discard(guard)
                    texts.append((file, current, typed[chain]))
                    break
                if chain in file.extraction.locals.get(current, ()) or symbols[current].kind.category is \
                        Category.TYPE:
                    break
                current = symbols[current].parent
        if not texts:
            kind = EdgeKind.CALLS if call else EdgeKind.REFERENCES
            for entity in self.resolve_text(file, scope, RawRef(scope, kind, chain, NO_SPAN)):
                if isinstance(entity, ShapeMember) and not call:
                    # a member of an anonymous object type (``state: { matches: Match[] }``): its declared type
                    declared = self.shape_member_type(entity)
                    if declared is None:
                        return [UNKNOWN]
                    texts.append(declared)
                    continue
                if not isinstance(entity, Sym) or entity.id not in self._typed_index:
                    return [UNKNOWN]
                index = self._typed_index[entity.id]
                if call and self.symbols[entity.id].kind.category is not Category.CALLABLE:
                    return [UNKNOWN]
                owner = self.files[self.symbols[entity.id].path]
                texts.append((owner, *self.declared_at(owner, index)))
        out: list[Entity] = []
        for owner, where, text in (self._array_alias(*entry) for entry in texts):
            end = len(suffix)
            if file.rules.call_result_elements and (text[:1] == "=" or (
                    text.endswith("()") and not text.startswith("*"))):
                # a function that returns what a call gives or a member holds (``rows(t) { return t.rows() }``,
                # ``return t.cache``): an element of that
                guard = (owner.extraction.path, where, f"\0{text}")
                if guard in self._typing:
                    return [UNKNOWN]
                self._typing.add(guard)
                try:
                    found = self.element_entities(owner, where, text.removeprefix("="), suffix, keyed=keyed,
                                                  position=position)
                finally:
                    self._typing.discard(guard)
                if found == [UNKNOWN]:
                    return found
                out += [e for e in found if e not in out]
                continue
            if not text.endswith(suffix):
                if suffix != "[]" or not text.endswith("[:]") or not (keyed or file.rules.keyed_elements):
                    return [UNKNOWN]
                end = 3  # (a record's value: ``rec[key]``)
            held = text[:len(text) - end]
            if position is not None:
                held = _tuple_part(held, position)
                if not held:
                    return [UNKNOWN]
            out += [e for e in self.type_entities(owner, where, held) if e not in out]
        return out or [UNKNOWN]

    def _is_class(self, symbol_id: str) -> bool:
        """Is the symbol a type of values of its own (a class, an interface; not a type alias)?"""
        kind = self.symbols[symbol_id].kind
        return kind.category is Category.TYPE and kind is not SymbolKind.TYPE_ALIAS

    def classes_held(self, entities: list[Entity]) -> list[Entity]:
        """``entities`` with each variable that holds a project class (``_PyFuture = Future``) replaced by
        that class: what a base written so names."""
        out: list[Entity] = []
        for entity in entities:
            held: list[Entity] = []
            if isinstance(entity, Sym) and self.symbols[entity.id].kind in (SymbolKind.VARIABLE, SymbolKind.CONSTANT):
                held = [v for v in self.value_type(entity.id)
                        if isinstance(v, Sym) and self.symbols[v.id].kind.category is Category.TYPE]
            out += [e for e in held or [entity] if e not in out]
        return out

    def _argument_entities(self, file: FileIndex, scope: int, text: str) -> list[Entity]:
        """``f(#i)``: a value of the declared type of parameter i of what ``f`` calls (its constructor, for a
        class); ``f(#i)(#j)``: of parameter j of the function type parameter i declares (a callback's
        parameter). Unknown unless the callee's declarations that say agree on one type
        (``Extraction.parameter_types``)."""
        start = text.index("(#")
        marks = [int(mark) for mark in text[start + 2:-1].split(")(#")]
        receiver, _, method = text[:start].rpartition(".")
        if receiver.startswith(_VALUES_OF) and receiver.endswith(")"):
            # ``Object.values(x).forEach((v) => …)``: v is an element of x (an array's, a record's value; written
            # so by javascript/types.py's ``_values_callee``)
            if len(marks) == 2 and marks[0] == 0 and file.rules.element_callbacks.get(method) == marks[1]:
                source = receiver[len(_VALUES_OF):-1]
                elements = self.array_elements(file, scope, source)
                return elements if elements is not None else self.element_entities(file, scope, source, keyed=True)
            return [UNKNOWN]
        if receiver and len(marks) == 2 and marks[0] == 0 and file.rules.element_callbacks.get(method) == marks[1]:
            elements = self.array_elements(file, scope, receiver)  # ``xs.map((x) => …)``: x is an element
            if elements is not None:
                return elements
        if receiver and len(marks) == 1 and (given := file.rules.element_arguments.get(method)) is not None and \
                given[0] <= marks[0] and (given[1] is None or marks[0] <= given[1]):
            elements = self.array_elements(file, scope, receiver)  # ``xs.push({ … })``: the object is an element
            if elements is not None:
                return elements
        found = self._argument_text(file, scope, text)
        if found is None or found[1].startswith("...@"):  # (``...@k``: the call says, ``_spread_value``)
            return [UNKNOWN]
        return self.type_entities(self.files[found[0]], 0, found[1])

    def _spread_value(self, file: FileIndex, scope: int, text: str) -> str | None:
        """``~f(#i)(#j)~k~V`` (TypeScript, javascript/types.py's ``_spread_element``): parameter j of the callback
        given as argument i of a call of f, where argument k is a function that returns an array literal whose
        element j is V (a value text, read where the parameter is used). V where f's parameter i passes its
        callback the elements of the tuple that the function given as parameter k returns (``...@k``: ``memo(
        getDeps: () => [...T], fn: (...args: [...T]) => R)``, TypeScript infers T from the array); else None."""
        _, callback, at, value = text.split("~", 3)
        found = self._argument_text(file, scope, callback)
        return value if found is not None and found[1] == f"...@{at}" else None

    def _argument_text(self, file: FileIndex, scope: int, text: str) -> tuple[str, str] | None:
        """The declared type text ``f(#i)`` stands for (parameter i of what ``f`` calls), with the path of the file
        it is written in (read at its top level); ``^Fn(#j)``: parameter j of the function type ``Fn`` (a type
        alias's or an interface's, ``Fn<A>`` with its arguments); a further ``(#j)``: parameter j of the function
        type that one is; ``(#-1)``: what that function type returns. None unless the declarations that say
        agree on one."""
        start = text.index("(#")
        marks = [int(mark) for mark in text[start + 2:-1].split(")(#")]
        texts: set[tuple[str, str]] = set()  # (the file, the type text)
        if text.startswith("^"):  # ``^Fn(#j)``: parameter j of the function type ``Fn`` names
            given = self._signature(file, scope, text[1:start])
            if given is None:
                return None
            found = self._follow_marks(given, marks)
            return found if found is not None and found[1] else None
        if text[:start].isidentifier():  # a call of a local declared with a function type (``update(id, (m) => …)``)
            local = self._local_signature(file, scope, text[:start])
            if local is not None:
                found = self._follow_marks(local, marks)
                return found if found is not None and found[1] else None
        callee = RawRef(scope, EdgeKind.CALLS, text[:start], NO_SPAN)
        for entity in self.resolve_text(file, scope, callee):
            if not isinstance(entity, Sym):
                return None
            targets: list[Entity] = [entity]
            if self.symbols[entity.id].kind.category is Category.TYPE:
                targets = [t for t in self._constructor(entity.id, file.rules) if t != entity]
            for target in targets:
                if not isinstance(target, Sym):
                    return None
                symbol = self.symbols[target.id]
                owner = self.files[symbol.path]
                declared = owner.extraction.parameter_types.get(symbol.name_span[:2])
                signature: list[tuple[str, str]] | None = [(symbol.path, t) for t in declared] \
                    if declared is not None else None
                if signature is None and symbol.kind in VALUE_KINDS and target.id in self._typed_index:
                    # a value of a function type alias (``navigate: NavigateFn``, ``const f: Fn``): its signature
                    raw = owner.extraction.symbols[self._typed_index[target.id]]
                    signature = self._signature(owner, max(raw.parent, 0), raw.declared_type)
                found = self._follow_marks(signature or [], marks)
                if found is not None and found[1]:
                    texts.add(found)  # (an overload's implementation often declares none)
        return next(iter(texts)) if len(texts) == 1 else None

    def _follow_marks(self, declared: list[tuple[str, str]], marks: list[int]) -> tuple[str, str] | None:
        """The (file, type text) ``(#i)(#j)…`` picks from a signature's parameter types (``=>R`` last: what it
        returns); "" where the declarations do not say."""
        found: tuple[str, str] | None = None
        for depth, mark in enumerate(marks):
            if mark < 0:
                returned = [(path, t[2:]) for path, t in declared if t.startswith("=>")]
                found = returned[0] if returned else None
            else:
                parameters = [(path, t) for path, t in declared if not t.startswith("=>")]
                found = parameters[mark] if mark < len(parameters) else \
                    parameters[-1] if parameters and parameters[-1][1].startswith("...@") else None  # (a rest)
            if found is None or not found[1]:
                return None
            if depth < len(marks) - 1:
                path, written = found
                in_place = function_text(called_part(written))
                if in_place is not None:  # a function type written in place (``(A,B)=>R``)
                    written_parameters, result = in_place
                    declared = [(path, t) for t in written_parameters] + ([(path, f"=>{result}")] if result else [])
                else:  # a function type alias (``Updater<Meta>``) or an interface with a call signature
                    declared = self._signature(self.files[path], 0, written) or []
        if found is None or function_text(found[1]) is not None:
            return None  # (a function: no value of a type)
        value = valued_part(found[1])  # (``T|(A)=>R``: a value given is a T)
        return found if value is found[1] else (found[0], value) if value else None

    def _signature(self, file: FileIndex, scope: int, written: str, depth: int = 0) -> list[tuple[str, str]] | None:
        """The parameter types (and ``=>R``) of the function type a type name (``Fn``, ``Fn<A,B>``) written in
        ``file`` stands for, each with the file it is read in: a generic one's ``$i`` is argument i (read where
        the name is written; unknown where the name does not give it). An alias of such a type (``type Handler =
        Fn``, ``type RowFn = Fn<Row>``) has its signature, read where the alias is written."""
        name, arguments = written, []
        if _generic(written):
            cut = written.index("<")
            name, arguments = written[:cut], written[cut + 1:-1].split(",")
        path = file.extraction.path
        return self._signature_of(file, scope, name, [(path, argument) for argument in arguments], depth)

    def _signature_of(self, file: FileIndex, scope: int, name: str, arguments: list[tuple[str, str]],
                      depth: int) -> list[tuple[str, str]] | None:
        """:meth:`_signature` of the type ``name`` written in ``file`` given these arguments, each a type text
        with the file it is read in."""
        if not name or any(c in NOT_IN_TYPE_NAMES for c in name):
            return None
        found: list[tuple[str, str]] | None = None
        for entity in self.resolve_text(file, scope, RawRef(scope, EdgeKind.REFERENCES, name, NO_SPAN)):
            if not isinstance(entity, Sym) or self.symbols[entity.id].kind not in (SymbolKind.TYPE_ALIAS,
                                                                                    SymbolKind.INTERFACE):
                continue
            symbol = self.symbols[entity.id]
            declared = self.files[symbol.path].extraction.parameter_types.get(symbol.name_span[:2])
            if declared is None or (len(declared) == 1 and declared[0][:1] == "^"):
                aliased = self._aliased_signature(entity.id, depth) if declared is None and \
                    symbol.kind is SymbolKind.TYPE_ALIAS else \
                    self._signature_through(symbol.path, declared[0][1:], arguments, depth) if declared else None
                if aliased is not None:
                    if found is not None:
                        return None
                    found = aliased
                continue
            if found is not None:
                return None  # (two declarations of the name with a signature: which one is not said)
            found = []
            for text in declared:
                arrow = "=>" if text.startswith("=>") else ""
                bare = text[len(arrow):]
                element = "[]" if bare.endswith("[]") else ""
                core = bare[:len(bare) - len(element)]
                given = _template_argument(core, arguments)
                if given is not None:
                    at, argument = given
                    found.append((at or file.extraction.path, f"{arrow}{argument}{element}" if argument else arrow))
                elif "$" in text:
                    found.append((symbol.path, arrow))
                else:
                    found.append((symbol.path, text))
        return found

    def _signature_through(self, path: str, written: str, arguments: list[tuple[str, str]],
                           depth: int) -> list[tuple[str, str]] | None:
        """The signature of a generic alias whose function type is another generic alias's, given its arguments
        (``type Updater<I, O = I> = O | UpdaterFn<I, O>``: ``written`` is ``UpdaterFn<$0,$1=0>``, read in the file at
        ``path``, where the alias is declared): that alias's, its arguments put in."""
        if depth >= 3:
            return None
        name, inner = written, ""
        if written.endswith(">") and "<" in written:
            cut = written.index("<")
            name, inner = written[:cut], written[cut + 1:-1]
        passed: list[tuple[str, str]] = []
        for part in inner.split(",") if inner else ():
            given = _template_argument(part, arguments)
            passed.append(given if given is not None else ("", "") if "$" in part else (path, part))
        owner = self.files.get(path)
        return None if owner is None else self._signature_of(owner, 0, name, passed, depth + 1)

    def _aliased_signature(self, alias_id: str, depth: int) -> list[tuple[str, str]] | None:
        """The signature (:meth:`_signature`) of the function type a type alias names (``type Handler = Fn``: its
        declared type, read where it is written), up to a few aliases deep; None where it names none."""
        index = self._typed_index.get(alias_id)
        if index is None or depth >= 3:
            return None
        owner = self.files[self.symbols[alias_id].path]
        raw = owner.extraction.symbols[index]
        if not raw.declared_type or raw.declared_type[0] == "$":  # (a template: the alias passes its arguments on)
            return None
        return self._signature(owner, max(raw.parent, 0), raw.declared_type, depth + 1)

    def array_elements(self, file: FileIndex, scope: int, source: str) -> list[Entity] | None:
        """What an element of ``source`` (a name, a chain, or a call of one) is, where its declared type is an
        array ``T[]``: T's values; None where it is not known to be an array (a method of that name may be
        another type's). ``xs.filter()`` (``LanguageRules.array_returns``): an element of xs, where it is one."""
        texts: list[tuple[FileIndex, int, str]] = []  # (file, scope, type text) of what the source holds
        symbols = file.extraction.symbols
        if "@" in source:  # ``rows@L:C``: the local declared at that token (javascript/types.py ``_place_receivers``)
            line, _, column = source.rpartition("@")[2].partition(":")
            return self._context_elements(file, scope, file.extraction.local_types.get((int(line), int(column)), "")) \
                if line.isdigit() and column.isdigit() else None
        if source.endswith("()") and file.rules.array_returns:
            receiver, _, method = source[:-2].rpartition(".")
            if receiver and method in file.rules.array_returns:  # ``xs.filter(…)``: an array of xs's elements
                elements = self.array_elements(file, scope, receiver)
                if elements is not None:
                    return elements
        if source.endswith("()") and source[:-2].isidentifier():  # a call of a parameter of a function type
            returned = self._local_call_text(file, scope, source[:-2])
            if returned is not None:
                return self._elements_of([(file, *returned)])
        if "." not in source and not source.endswith("()"):  # a local or parameter typed where it is declared
            current = scope
            while current > 0:
                typed = file.extraction.var_types.get(current)
                if typed and source in typed:
                    if typed[source].endswith("()"):  # ``const xs = table.rows()``: what that call returns
                        return self.array_elements(file, current, typed[source])
                    if typed[source][:1] == "=":  # ``const { rows } = this``: what that member holds
                        guard = (file.extraction.path, current, f"\0{source}")
                        if guard in self._typing:
                            return None  # (``a = b`` and ``b = a`` in one function: nothing said)
                        self._typing.add(guard)
                        try:
                            return self.array_elements(file, current, typed[source][1:])
                        finally:
                            self._typing.discard(guard)
                    texts.append((file, current, typed[source]))
                    break
                if source in file.extraction.locals.get(current, ()):
                    # a parameter typed by its context (``const f: Fn = (rows) => …``: ``^Fn(#0)``), the one
                    # declaration of the name in this scope
                    given = {file.extraction.local_types.get(d.span[:2], "") for d in declarations_of(file.extraction)
                             if d.scope == current and d.name == source} if file.extraction.local_types else set()
                    return self._context_elements(file, current, next(iter(given)) if len(given) == 1 else "")
                if symbols[current].kind.category is Category.TYPE:
                    return None
                current = symbols[current].parent
        if not texts:
            call = source.endswith("()")
            kind = EdgeKind.CALLS if call else EdgeKind.REFERENCES
            for entity in self.resolve_text(file, scope, RawRef(scope, kind, source[:-2] if call else source,
                                                                 NO_SPAN)):
                if isinstance(entity, ShapeMember) and not call:  # (``this.state.matches.find(…)``)
                    held = self.shape_member_type(entity)
                    if held is None:
                        return None
                    texts.append(held)
                    continue
                if not isinstance(entity, Sym) or entity.id not in self._typed_index:
                    return None
                owner = self.files[self.symbols[entity.id].path]
                where, declared = self.declared_at(owner, self._typed_index[entity.id])
                if call and self.symbols[entity.id].kind.category is not Category.CALLABLE:
                    if not declared.startswith("()=>"):  # (a field of a function type)
                        return None
                    declared = declared[4:]
                texts.append((owner, where, declared))
        return self._elements_of(texts)

    def _elements_of(self, texts: list[tuple[FileIndex, int, str]]) -> list[Entity] | None:
        """What an element of a value of each (file, scope, type text) is, where every one is an array ``T[]``
        (or an alias of one); else None (:meth:`array_elements`)."""
        texts = [self._array_alias(owner, where, text) for owner, where, text in texts]
        if not texts or not all(text.endswith("[]") for _, _, text in texts):
            return None
        out: list[Entity] = []
        for owner, where, text in texts:
            out += [e for e in self.type_entities(owner, where, text[:-2]) if e not in out]
        return out

    def _context_elements(self, file: FileIndex, scope: int, context: str) -> list[Entity] | None:
        """What an element of a parameter typed by its context is (its ``Extraction.local_types`` text: ``^Fn(#0)``
        for ``const f: Fn = (rows) => …``, a callback's ``f(#i)(#j)``, another argument's element ``~…``), where
        that says it is an array; else None."""
        if context[:1] == "~":  # (another argument's element: ``_spread_value``)
            value = self._spread_value(file, scope, context)
            if value is not None:
                if value.endswith("[]"):
                    return self._elements_of([(file, scope, value)])
                held = value[1:] if value[:1] == "=" else value if value.endswith("()") else ""
                return self.array_elements(file, scope, held) if held and "~" not in held else None
            context = context.split("~", 2)[1]
        found = self._argument_text(file, scope, context) if context.endswith(")") and "(#" in context else None
        return self._elements_of([(self.files[found[0]], 0, found[1])]) if found is not None else None

    def _array_alias(self, file: FileIndex, scope: int, text: str) -> tuple[FileIndex, int, str]:
        """``(file, scope, T[])`` for a type text that names a type alias of an array (``type FiltersState =
        Filter[]``; of a record, ``T[:]``), read where the alias is written; else the text as it is."""
        if not text or text.endswith("[]") or any(c in NOT_IN_TYPE_NAMES for c in text) or \
                not file.rules.array_aliases:
            return file, scope, text
        found = self.resolve_text(file, scope, RawRef(scope, EdgeKind.REFERENCES, text, NO_SPAN))
        if len(found) != 1 or not isinstance(found[0], Sym) or found[0].id not in self._typed_index or \
                self.symbols[found[0].id].kind is not SymbolKind.TYPE_ALIAS:
            return file, scope, text
        owner = self.files[self.symbols[found[0].id].path]
        raw = owner.extraction.symbols[self._typed_index[found[0].id]]
        return (owner, max(raw.parent, 0), raw.declared_type) if raw.declared_type.endswith(("[]", "[:]")) else \
            (file, scope, text)

    def value_type(self, symbol_id: str) -> list[Entity]:
        """What a symbol holds (a variable, field, property) or returns (a callable), by its declared type.

        The type text is resolved from the scope it is written in: the symbol's parent (``declared_at``).
        """
        index = self._typed_index.get(symbol_id)
        if index is None:
            return [UNKNOWN]
        file = self.files[self.symbols[symbol_id].path]
        return self.type_entities(file, *self.declared_at(file, index))

    @staticmethod
    def declared_at(file: FileIndex, index: int) -> tuple[int, str]:
        """The scope a symbol's declared type text is read in, and the text: its parent's; a callable's, where the
        text is what it returns inferred from an expression of its own parameters or locals (written ``%text``:
        TypeScript's ``visible(table) { return table.rows() }``)."""
        raw = file.extraction.symbols[index]
        text = raw.declared_type
        return (index, text[1:]) if text[:1] == "%" else (max(raw.parent, 0), text)

    def _function_value_result(self, symbol_id: str) -> list[Entity]:
        """What calling a value whose declared type is a function type gives (TypeScript's ``getState: () =>
        State`` is written ``()=>State``; ``find: FindFn``, a function type alias or an interface with a call
        signature: what its signature returns); unknown for any other declared type."""
        file = self.files[self.symbols[symbol_id].path]
        raw = file.extraction.symbols[self._typed_index[symbol_id]]
        if not raw.declared_type.startswith("()=>"):
            return self._signature_result(file, max(raw.parent, 0), raw.declared_type)
        return self.type_entities(file, max(raw.parent, 0), raw.declared_type[4:])

    def local_call_result(self, file: FileIndex, scope: int, name: str) -> list[Entity] | None:
        """What calling the local ``name`` seen from ``scope`` gives, where it is a parameter of a function type
        written in place (TypeScript's ``make: () => Meta``, the type text ``()=>Meta``: a ``Meta``); None where
        the name is no such local (a symbol or another local of that scope is found first)."""
        found = self._local_call_text(file, scope, name)
        return self.type_entities(file, found[0], found[1]) if found is not None else None

    def _local_signature(self, file: FileIndex, scope: int, name: str) -> list[tuple[str, str]] | None:
        """The parameter types (and ``=>R``) of the function type the local ``name`` is declared with, each with the
        file it is read in: written in place (``update: (id: string, f: (m: M) => M) => void``), a function type
        alias (``update: UpdateFn``), or the key of a destructured parameter of an object type that declares it so
        (``{ update }: { update: (…) => void }``); None where it is declared with none (or is no such local)."""
        what, current = binding_scope(file, scope, name)
        if what is not TYPED or not file.rules.generic_type_texts:
            return None
        written, owner, at = file.extraction.var_types[current][name], file, current
        if written[:2] == "={":  # (a destructured key: what the anonymous object type's member is declared with)
            entities = self.resolve_text(file, current, RawRef(current, EdgeKind.REFERENCES, written[1:], NO_SPAN))
            declared = self.shape_member_type(entities[0]) if len(entities) == 1 and \
                isinstance(entities[0], ShapeMember) else None
            if declared is None:
                return None
            owner, at, written = declared
        in_place = function_text(called_part(written))
        path = owner.extraction.path
        if in_place is not None:
            parameters, result = in_place
            return [(path, t) for t in parameters] + ([(path, f"=>{result}")] if result else [])
        return self._signature(owner, at, written) if not written.startswith(("=", "*", "@")) else None

    def _local_call_text(self, file: FileIndex, scope: int, name: str) -> tuple[int, str] | None:
        """The scope and type text of what calling the local ``name`` gives (:meth:`local_call_result`)."""
        what, current = binding_scope(file, scope, name)
        if what is not TYPED:
            return None
        found = function_text(called_part(file.extraction.var_types[current][name]))
        return (current, found[1]) if found is not None and found[1] else None

    def _signature_result(self, file: FileIndex, scope: int, written: str) -> list[Entity]:
        """What calling a value of the function type a type name written in ``file`` stands for gives (a type
        alias's or an interface's call signature: ``=>R`` among its ``parameter_types``); unknown where none
        says."""
        if not file.rules.generic_type_texts or not written:  # (TypeScript's type texts)
            return [UNKNOWN]
        signature = self._signature(file, scope, written)
        found = self._follow_marks(signature, [-1]) if signature else None
        return self.type_entities(self.files[found[0]], 0, found[1]) if found is not None else [UNKNOWN]

    def _has_methods(self, type_id: str, *, fields: bool = False) -> bool:
        """Does the type declare methods of its own (a Go defined type ``type Kind int`` can, an alias not)?
        With ``fields``, any member counts (a TypeScript alias of an object type declares fields)."""
        return any(
            fields or self.symbols[i].kind.category is Category.CALLABLE
            for ids in self.members.get(type_id, {}).values() for i in ids
        )

    def call_results(self, entities: list[Entity]) -> list[Entity]:
        """What calling each entity gives: an instance for a class or constructor, a callable's return type."""
        out: list[Entity] = []
        for entity in entities:
            results: list[Entity] = [UNKNOWN]
            if isinstance(entity, Sym):
                kind = self.symbols[entity.id].kind
                if kind.category is Category.TYPE and (
                    kind is not SymbolKind.TYPE_ALIAS or self._has_methods(entity.id)
                ):
                    # ``Foo()``: Python, Scala apply, a constructor call; Go's conversion ``Kind(3)`` to a type
                    # with methods of its own
                    results = [Instance(entity.id)]
                elif kind is SymbolKind.CONSTRUCTOR:
                    owner = self._owner_type(entity.id)
                    results = [Instance(owner)] if owner is not None else [UNKNOWN]
                elif kind.category is Category.CALLABLE:
                    results = self.value_type(entity.id)
                elif entity.id in self._typed_index:  # a field of a function type (``()=>State``): what it returns
                    results = self._function_value_result(entity.id)
            elif isinstance(entity, Instance) and self.symbols[entity.type_id].kind is SymbolKind.INTERFACE:
                # a value of an interface with a call signature (``interface Fn { (key: K): R }``): what it returns
                holder = self.files[self.symbols[entity.type_id].path]
                declared = holder.extraction.parameter_types.get(self.symbols[entity.type_id].name_span[:2])
                returned = [t[2:] for t in declared or () if t.startswith("=>") and "$" not in t]
                if returned and returned[0]:
                    results = self.type_entities(holder, 0, returned[0])
            out += [r for r in results if r not in out]
        return out


def called_part(text: str) -> str:
    """The function type of a parameter type text that is a value or a function (``T|(A)=>R``: ``(A)=>R``);
    the text itself for any other."""
    cut = _union_cut(text)
    return text[cut + 1:] if cut else text


def valued_part(text: str) -> str:
    """The value type of a parameter type text that is a value or a function (``T|(A)=>R``: ``T``); the text
    itself for any other (the same object)."""
    cut = _union_cut(text)
    return text[:cut] if cut else text


def _union_cut(text: str) -> int:
    """Where the function type of ``T|(A)=>R`` starts, less one (the ``|``); 0 for any other text."""
    cut = text.find("|(")
    while cut > 0:
        if function_text(text[cut + 1:]) is not None and _balanced(text[:cut]):
            return cut
        cut = text.find("|(", cut + 1)
    return 0


def _balanced(text: str) -> bool:
    depth = 0
    for at, char in enumerate(text):
        if char in "([{<":
            depth += 1
        elif char in ")]}" or (char == ">" and text[at - 1:at] != "="):
            depth -= 1
    return depth == 0


def _tuple_part(text: str, position: int) -> str:
    """What position ``position`` of a tuple type text (Python's ``(A,B)``) holds; "" for any other text, or a
    position it does not have."""
    if not (text.startswith("(") and text.endswith(")")) or function_text(text) is not None:
        return ""
    parts = text[1:-1].split(",")
    return parts[position] if 0 <= position < len(parts) else ""


def function_text(text: str) -> tuple[list[str], str] | None:
    """The parameter types and the result of a function type written in place, as TypeScript's parameter types
    write one (``(A,B)=>R``; ``(A,B)=>`` where the result is no type the resolver reads); None for any other
    text. A parameter may be a function type itself: the commas that part its parameters are those outside
    every bracket."""
    if text[:1] != "(":
        return None
    depth, start = 0, 1
    given: list[str] = []
    for at, char in enumerate(text):
        if char in "([{<":
            depth += 1
        elif char in ")]}" or (char == ">" and text[at - 1] != "="):
            depth -= 1
            if depth == 0:
                if char != ")" or not text.startswith("=>", at + 1):
                    return None
                if at > 1 or given:
                    given.append(text[start:at])
                return given, text[at + 3:]
        elif char == "," and depth == 1:
            given.append(text[start:at])
            start = at + 1
    return None


def _template_argument(core: str, arguments: list[tuple[str, str]]) -> tuple[str, str] | None:
    """What a generic alias's template text ``$i`` (``$1=0``: argument 1, else argument 0, its default) is, given
    a use's arguments (each a type text with the file it is read in): that argument (("", "") where the use
    gives none); None for a text that is no such template."""
    if core[:1] != "$":
        return None
    written_at, _, default = core[1:].partition("=")
    if not written_at.isdigit() or (default and not default.isdigit()):
        return None
    position = int(written_at)
    argument = arguments[position] if position < len(arguments) else ("", "")
    if not argument[1] and default and int(default) < len(arguments):
        argument = arguments[int(default)]
    return argument


def _generic(text: str) -> bool:
    """Is the type text a generic type with its arguments (``Name<A,B>``: names, some perhaps "")?"""
    if not text.endswith(">") or "<" not in text:
        return False
    cut = text.index("<")
    name, arguments = text[:cut], text[cut + 1:-1]
    return bool(name) and not any(c in NOT_IN_TYPE_NAMES for c in name) and \
        not any(c in NOT_IN_TYPE_NAMES and c != "," for c in arguments)


#: a callee text that keeps ``Object.values``'s argument (``Object.values(x).forEach``: javascript/types.py's
#: ``_values_callee``)
_VALUES_OF = "Object.values("


def shape(path: str, text: str) -> Shape | None:
    """The anonymous object type a type text ``{a@3:4;b@3:10}`` writes (each member's name and the line and
    column of its token: ``javascript/types.py``'s ``shape_text``); None for a text in braces that is no such
    type (Python's ``{"a": 1}.get(k)`` is a call of a dict literal's method)."""
    members: list[tuple[str, int, int]] = []
    for entry in text[1:-1].split(";") if len(text) > 2 else ():
        name, _, where = entry.rpartition("@")
        line, _, column = where.partition(":")
        if not name or not line.isdigit() or not column.isdigit():
            return None
        members.append((name, int(line), int(column)))
    return Shape(path, tuple(members))


__all__ = ["Types", "shape"]
