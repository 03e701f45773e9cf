"""Overloads told apart by the types of a call's arguments, where the language's rules give its conversions.

Of several callables that accept as many arguments as a call passes (``Emit.accepting``), those are kept
that can take each argument whose type the adapter tells (``Extraction.argument_types``); then, where every
argument's type is told and every kept callable is judged, the language's choice is made (Java's, JLS
§15.12.2: first without boxing and variable arity, then with boxing, then with variable arity; of those, the
most specific one, whose parameters the others' could each take). Where anything is unknown (a type the
resolver cannot place, an outside class whose ancestors it cannot see) a callable stays: the answer is
narrowed only by what is certain, and stays ``ambiguous`` otherwise.

The choice is made only among the methods of one class and its ancestors (what a call on a value of that
class reaches): candidates by name for a value of unknown type, methods of unrelated classes, are only
filtered. The language's part is data (:class:`~codeknit.resolve.api.Conversions`, its rules'
``conversions``): its primitive types and how they widen, their boxes, and the platform's types whose
supertypes are all known (a ``String`` is no ``StringBuilder``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from codeknit.graph.model import Category, EdgeKind, Role, SymbolKind
from codeknit.languages.records import RawRef
from codeknit.resolve.api import Conversions, External, Instance, Sym
from codeknit.resolve.scoped import parameter_types, type_parameters

if TYPE_CHECKING:
    from codeknit.resolve.api import FileIndex, Resolving

#: how an argument fits a parameter: not at all, as the same type, by widening (a primitive to a wider one, a
#: reference to a supertype), by boxing or unboxing; None: not known
NO, SAME, WIDER, BOXED = 0, 1, 2, 3


#: a span for the references made here to type an argument (no position: no local is read)
_NOWHERE = (0, 0, 0, 0)
#: the kinds of types whose supertypes are only those written (a class, an interface)
_PLAIN_TYPES = frozenset({SymbolKind.CLASS, SymbolKind.INTERFACE})
#: the kinds of symbols whose signature ends in the type of the value they hold (``count: int``)
_HOLDERS = frozenset({SymbolKind.FIELD, SymbolKind.CONSTANT, SymbolKind.VARIABLE, SymbolKind.PROPERTY})

#: what a type name stands for where a call or a callable is written: ("p", name) a primitive or a platform type
#: of the conversions' tables, ("s", id) a project type, ("x", name) another type from outside the project, or
#: nothing known (a type parameter, a name that is not found or is several)
_UNKNOWN = ("?", "")


class OverloadTypes:
    """The answers of one run: parameter types per callable, type names placed per file and scope."""

    def __init__(self, resolver: Resolving, arity_of: dict[str, tuple[int, int]]) -> None:
        self.resolver = resolver
        self.arity_of = arity_of  # (the callables' arities: ``Emit.accepting``'s)
        #: callable id → its parameters' types (None: not told), and the file and scope they are read in
        self.parameters: dict[str, tuple[tuple[str, ...], FileIndex, int] | None] = {}
        #: (path, scope, name) → ("p", name) a primitive or platform type, ("s", id) a project type, or unknown
        self.placed: dict[tuple[str, int, str], tuple[str, str]] = {}
        #: class id → its project ancestors (itself included) when all of them are in the project, else None
        self.closed: dict[str, frozenset[str] | None] = {}
        #: class id → whether it or an ancestor declares a conversion (``Conversions.user_conversions``)
        self.converting: dict[str, bool] = {}
        #: (path, scope, ``=text``) → the declared type of what the text names, and where it is written
        self.values: dict[tuple[str, int, str], tuple[str, FileIndex, int]] = {}

    def choose(self, targets: list[str], arguments: tuple[str, ...], file: FileIndex, scope: int,
               conversions: Conversions, *, overloads: bool = True) -> list[str]:
        """Of ``targets`` (each accepting as many arguments), those the argument types allow, and of them the
        one the language chooses where it can tell (``overloads``: they are what one receiver reaches, not
        candidates by name); all of them where none is allowed."""
        aliases = conversions.aliases
        placed = [self._argument(argument, file, scope) for argument in arguments]
        if aliases:  # (``Int32``, ``System.String``: also a declaration's, read for ``=count``)
            placed = [(aliases.get(argument, argument), at, where) for argument, at, where in placed]
        arguments = tuple(argument for argument, _file, _scope in placed)
        judged: list[tuple[str, list[int | None] | None, bool]] = []
        for target in targets:
            parameters = self._parameters(target)
            if parameters is None:
                judged.append((target, None, False))
                continue
            _written, owner, owner_scope = parameters
            types = self._types(target, len(arguments), conversions)
            if types is None:
                judged.append((target, None, False))
                continue
            variadic = self._variadic(target)
            fits: list[int | None] = []
            spread = False
            for position, argument in enumerate(arguments):
                if variadic and position >= len(types) - 1:
                    last = types[-1]
                    at = placed[position]
                    if len(arguments) == len(types) and (argument.endswith("[]") or argument == conversions.null):
                        fit = self._fit(argument, last, at[1], at[2], owner, owner_scope, conversions)
                        if fit != NO:
                            fits.append(fit)
                            continue
                    spread = True
                    parameter = last[:-2] if last.endswith("[]") else last
                else:
                    if position >= len(types):
                        fits.append(None)
                        continue
                    parameter = types[position]
                at = placed[position]
                fits.append(self._fit(argument, parameter, at[1], at[2], owner, owner_scope, conversions))
            if variadic and len(arguments) == len(types) - 1:
                spread = True  # (nothing passed to the variadic parameter)
            if NO in fits:
                continue
            judged.append((target, fits, spread))
        if not judged:
            return targets
        kept = [target for target, _fits, _spread in judged]
        if not overloads or len(kept) == 1 or "" in arguments or \
                any(fits is None or None in fits for _target, fits, _spread in judged) or not self._one_class(kept):
            return kept
        # (every argument told, every callable judged: the language's phases, then the most specific)
        strict = [t for t, fits, spread in judged if not spread and all(f in (SAME, WIDER) for f in fits or ())] \
            if conversions.phases else []
        loose = [t for t, fits, spread in judged if not spread]
        phase = strict or loose or kept
        if len(phase) == 1:
            return phase
        best = [one for one in phase if all(one == other or self._more_specific(one, other, len(arguments), conversions)
                                            for other in phase)]
        return best if len(best) == 1 else phase

    def _types(self, target: str, count: int, conversions: Conversions) -> tuple[str, ...] | None:
        """``target``'s parameter types as a call of ``count`` arguments passes them: an extension method called on
        its first argument without it; None where that is not told (one with optional parameters)."""
        parameters = self._parameters(target)
        if parameters is None:
            return None
        types = parameters[0]
        if self._extension(target):
            arity = self.arity_of.get(target)
            if arity is None or arity[1] != arity[0] + 1:  # (optional parameters: which form is not told)
                return None
            if count == arity[0]:  # (called on its first argument: ``x.Ext(y)``)
                types = types[1:]
        aliases = conversions.aliases
        return tuple(aliases.get(t, t) for t in types) if aliases else types

    def _extension(self, target: str) -> bool:
        """Is ``target`` an extension method (C#'s ``this T x`` first: it may be called on its first argument)?"""
        symbol = self.resolver.symbols.get(target)
        return symbol is not None and "(this " in symbol.signature

    def _one_class(self, targets: list[str]) -> bool:
        """Are ``targets`` members of one class and its ancestors?"""
        symbols = self.resolver.symbols
        parents = {symbols[t].parent for t in targets}
        if len(parents) == 1:
            return None not in parents
        return any(parent is not None and parents <= set(self.resolver.mro(parent)) for parent in parents)

    # -- arguments -------------------------------------------------------------------------------------------

    def _argument(self, argument: str, file: FileIndex, scope: int) -> tuple[str, FileIndex, int]:
        """An argument's type and where it is written: as the adapter told it, or for ``=text`` (a field, a
        constant, a call) the type its declaration writes (``count: int``, ``make() -> long``), where that is;
        "" where it cannot be told (a local, several declarations, a void or unwritten type)."""
        if not argument.startswith("="):
            return argument, file, scope
        key = (file.extraction.path, scope, argument)
        found = self.values.get(key)
        if found is not None:
            return found
        found = ("", file, scope)
        resolver = self.resolver
        text = argument[1:]
        call = text.endswith("()")
        ref = RawRef(scope, EdgeKind.CALLS, text[:-2], _NOWHERE) if call else \
            RawRef(scope, EdgeKind.REFERENCES, text, _NOWHERE, role=Role.READ)
        entities = resolver.resolve_text(file, scope, ref)
        if len(entities) == 1 and isinstance(entities[0], Sym):
            symbol = resolver.symbols[entities[0].id]
            written = ""
            if call and symbol.kind.category is Category.CALLABLE:
                written = symbol.signature.rpartition(" -> ")[2] if " -> " in symbol.signature else ""
            elif not call and symbol.kind in _HOLDERS:
                written = symbol.signature.partition(": ")[2]
            holder = resolver.files.get(symbol.path)
            if written and holder is not None and symbol.id in holder.ids:
                where = holder.extraction.symbols[holder.ids.index(symbol.id)].parent
                found = (_bare(written).replace(" ", ""), holder, max(where, 0))
        self.values[key] = found
        return found

    # -- parameters ------------------------------------------------------------------------------------------

    def _variadic(self, target: str) -> bool:
        arity = self.arity_of.get(target)
        return arity is not None and arity[1] < 0

    def _parameters(self, target: str) -> tuple[tuple[str, ...], FileIndex, int] | None:
        if target in self.parameters:
            return self.parameters[target]
        resolver = self.resolver
        found: tuple[tuple[str, ...], FileIndex, int] | None = None
        symbol = resolver.symbols.get(target)
        if symbol is not None and symbol.kind.category is Category.CALLABLE:
            written = parameter_types(symbol.signature, qualified=True)
            owner = resolver.files.get(symbol.path)
            if written is not None and owner is not None and target in owner.ids:
                generic = type_parameters(resolver, symbol)
                # (a type parameter stands for any reference type: ``?``, ``?[]`` for an array of one)
                types = tuple("?" + "[]" * t.count("[]") if _name(t) in generic else _bare(t) for t in written)
                found = (types, owner, owner.ids.index(target))
        self.parameters[target] = found
        return found

    # -- one argument, one parameter -----------------------------------------------------------------------

    def _fit(self, argument: str, parameter: str, file: FileIndex, scope: int, owner: FileIndex, owner_scope: int,
             conversions: Conversions) -> int | None:
        """How ``argument`` (a type written in ``scope`` of ``file``) fits ``parameter`` (written in ``owner_scope``
        of ``owner``): see ``NO`` … ``BOXED``."""
        fit = self._fit_types(argument, parameter, file, scope, owner, owner_scope, conversions)
        if fit == NO and conversions.user_conversions and (
                self._converting(argument, file, scope, conversions)
                or self._converting(parameter, owner, owner_scope, conversions)):
            return None  # (a conversion the type declares may take it)
        return fit

    def _converting(self, name: str, file: FileIndex, scope: int, conversions: Conversions) -> bool:
        """Is ``name`` a project type that (or whose ancestor) declares a conversion (``implicit operator T``)?"""
        if not name or name in conversions.widening or name.endswith("[]") or name == conversions.null:
            return False
        placed = self._place(name, file, scope, conversions)
        if placed[0] != "s":
            return False
        found = self.converting.get(placed[1])
        if found is None:
            members = self.resolver.members
            found = self.converting[placed[1]] = any(
                member.startswith("operator ") and member[9:10].isidentifier()
                for ancestor in self.resolver.mro(placed[1]) for member in members.get(ancestor, ()))
        return found

    def _fit_types(self, argument: str, parameter: str, file: FileIndex, scope: int, owner: FileIndex,
                   owner_scope: int, conversions: Conversions) -> int | None:
        if not argument:
            return None
        primitives = conversions.widening
        if parameter == "?":  # (a type parameter: any reference type, a primitive boxed)
            return BOXED if argument in primitives else WIDER
        if argument == conversions.null:
            return NO if parameter in primitives else WIDER
        if argument.endswith("[]") or parameter.endswith("[]"):
            return self._fit_array(argument, parameter, file, scope, owner, owner_scope, conversions)
        if parameter in conversions.uncertain.get(argument, ()):
            return None  # (a constant in range would convert: ``1`` to ``byte``)
        if argument in primitives and parameter in primitives:
            return SAME if argument == parameter else WIDER if parameter in primitives[argument] else NO
        theirs = ("p", parameter) if parameter in primitives else \
            self._place(parameter, owner, owner_scope, conversions)
        if theirs[0] == "?":
            return None
        if argument in primitives:  # (boxed: a box's supertypes are in the tables, all of them where ``complete``)
            if theirs[0] == "x" and not conversions.complete:
                return None
            box = conversions.boxes.get(argument)
            fits = theirs[0] == "p" and box is not None and (
                theirs[1] == box or theirs[1] in conversions.supertypes.get(box, ()))
            return BOXED if fits else NO
        mine = self._place(argument, file, scope, conversions)
        if mine[0] == "?":
            return None
        if parameter in primitives:  # (only a box unboxes)
            unboxed = conversions.unboxed(mine[1]) if mine[0] == "p" else None
            if unboxed is None:
                return NO
            return BOXED if unboxed == parameter or parameter in primitives[unboxed] else NO
        if mine == theirs:
            return SAME
        if theirs == ("p", conversions.top):
            return WIDER
        if mine[0] == "p":  # a platform type of the tables: its supertypes are there (all of them where ``complete``)
            if theirs[0] == "p" and theirs[1] in conversions.supertypes.get(mine[1], ()):
                return WIDER
            return None if theirs[0] == "x" and not conversions.complete else NO
        if theirs[0] == "p" and theirs[1] in conversions.final:
            return NO  # (no other type is a final type's subtype)
        if mine[0] == "s":
            if theirs[0] == "s" and theirs[1] in self.resolver.mro(mine[1]):
                return WIDER
            # (a class whose ancestors are all in the project has no other supertype but the top one)
            return NO if self._ancestors(mine[1]) is not None else None
        return None  # (an outside type: its supertypes are not known here)

    def _fit_array(self, argument: str, parameter: str, file: FileIndex, scope: int, owner: FileIndex,
                   owner_scope: int, conversions: Conversions) -> int | None:
        primitives = conversions.widening
        if not argument.endswith("[]"):  # (no other type is an array)
            return NO if argument in primitives or self._place(argument, file, scope, conversions)[0] != "?" \
                else None
        if not parameter.endswith("[]"):
            if parameter in primitives:
                return NO
            placed = self._place(parameter, owner, owner_scope, conversions)
            if placed[0] == "p" and (placed[1] == conversions.top or placed[1] in conversions.array_supertypes):
                return WIDER
            return None if placed[0] == "?" or (placed[0] == "x" and not conversions.complete) else NO
        element, wanted = argument[:-2], parameter[:-2]
        if element in primitives or wanted in primitives:
            return SAME if element == wanted else NO
        fit = self._fit(element, wanted, file, scope, owner, owner_scope, conversions)
        return None if fit is None else (NO if fit == BOXED else fit)

    def _place(self, name: str, file: FileIndex, scope: int, conversions: Conversions) -> tuple[str, str]:
        """What the type name ``name`` written in ``scope`` of ``file`` stands for (see ``_UNKNOWN``)."""
        key = (file.extraction.path, scope, name)
        found = self.placed.get(key)
        if found is not None:
            return found
        found = _UNKNOWN
        if name in conversions.widening or name in conversions.keywords:
            found = ("p", name)
        elif name and name != "?":
            resolver = self.resolver
            entities = resolver.type_entities(file, scope, name)
            if len(entities) == 1:
                entity = entities[0]
                placed = entity.type_id if isinstance(entity, Instance) else entity.id if isinstance(entity, Sym) \
                    else None
                kind = resolver.symbols[placed].kind if placed is not None else None
                if placed is not None and kind is not None and kind.category is Category.TYPE and \
                        kind is not SymbolKind.TYPE_PARAMETER:
                    found = ("s", placed)
                elif isinstance(entity, External) and "." in entity.name:  # (found outside: its canonical name)
                    package, _, simple = entity.name.rpartition(".")
                    known = package in conversions.platform and simple in conversions.names
                    found = ("p", simple) if known else ("x", entity.name)
                # (a name nothing in the project or its imports defines: not known)
        self.placed[key] = found
        return found

    def _ancestors(self, class_id: str) -> frozenset[str] | None:
        """A project class's ancestors (itself included) where every one is in the project (then no outside
        type but the top one is its supertype); None where one is outside or not found."""
        if class_id in self.closed:
            return self.closed[class_id]
        resolver = self.resolver
        chain = resolver.mro(class_id)
        closed: frozenset[str] | None = frozenset(chain)
        for ancestor in chain:
            # (an enum, a record or an annotation type has outside supertypes nobody writes: ``java.lang.Enum`` …)
            if resolver.symbols[ancestor].kind not in _PLAIN_TYPES or \
                    any(not isinstance(base, Sym) for base in resolver.bases.get(ancestor, ())):
                closed = None
                break
        self.closed[class_id] = closed
        return closed

    def _more_specific(self, one: str, other: str, count: int, conversions: Conversions) -> bool:
        """Can each of ``other``'s parameters (for ``count`` arguments) take ``one``'s, as written?"""
        mine, theirs = self._parameters(one), self._parameters(other)
        my_types, their_types = self._types(one, count, conversions), self._types(other, count, conversions)
        if mine is None or theirs is None or my_types is None or their_types is None:
            return False
        for position in range(count):
            a = _at(my_types, position, self._variadic(one))
            b = _at(their_types, position, self._variadic(other))
            if a is None or b is None:
                return False
            if a == "?":
                if b != "?":
                    return False
                continue
            fit = self._fit(a, b, mine[1], mine[2], theirs[1], theirs[2], conversions)
            if fit not in (SAME, WIDER) and (conversions.phases or fit != BOXED):
                return False
        return True


def _at(types: tuple[str, ...], position: int, variadic: bool) -> str | None:
    if variadic and position >= len(types) - 1:
        last = types[-1]
        return last[:-2] if last.endswith("[]") else last
    return types[position] if position < len(types) else None


def _bare(written: str) -> str:
    """A parameter's type as arguments are compared with it: type arguments and ``final`` left out."""
    depth, out = 0, []
    for char in written:
        if char == "<":
            depth += 1
        elif char == ">":
            depth -= 1
        elif depth == 0:
            out.append(char)
    text = "".join(out)
    return text[5:] if text.startswith("final") and text[5:6].isupper() else text


def _name(written: str) -> str:
    """The type name a parameter's type starts with (``T`` in ``T[]``, ``List`` in ``List<T>``)."""
    end = 0
    while end < len(written) and (written[end].isalnum() or written[end] in "_$"):
        end += 1
    return written[:end]
