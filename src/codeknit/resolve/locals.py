"""The resolver's locals: parameters, local variables and type parameters, and the tokens that use them.

A file's declarations (``Extraction.declarations``) become :class:`~codeknit.graph.model.Local`
records. A single name used inside a declaration's region (a call, a type, a value read or write)
is a use of the innermost declaration that covers it: the one whose region starts last, so a block's
``let`` shadows the function's parameter, and a name declared nowhere around it falls through to the
module and the imports as before (``scopes.py``).
"""

from __future__ import annotations

from codeknit.graph.model import Local, Role, Span
from codeknit.languages.records import declared_names, declares_any
from codeknit.resolve.api import Entity, FileIndex, ShapeMember
from codeknit.resolve.local_index import FileLocals, add_use
from codeknit.resolve.state import ResolverState


class Locals(ResolverState):
    """Locals (see ``resolve/state.py`` for how the concerns fit)."""

    def file_locals(self, file: FileIndex) -> FileLocals:
        """The file's locals as this run made them (made anew by :meth:`reset_locals`)."""
        path = file.extraction.path
        found = self.locals_by_file.get(path)
        if found is None:
            found = self._spare_locals.pop(path, None)
            if found is None:
                found = FileLocals(file)
            self.locals_by_file[path] = found
            self._local_names.pop(path, None)  # (:meth:`locals_naming` reads the locals from now on)
        return found

    def locals_naming(self, file: FileIndex, name: str) -> FileLocals | None:
        """The file's locals if one of them has ``name``, else None. Where the file's locals are not made
        yet, the answer comes from its declarations' names, and they are made only for a name one of them
        has: the hierarchy's lookups before the pass (a base class's name) and an incremental run's
        unchanged files (an edit of one file of effect made the locals of 219 others, about a third of
        the run's resolving) ask of files whose locals would otherwise be made long before their pass
        (on Django, before the points-to solve, whose peak they added to), or never needed."""
        path = file.extraction.path
        found = self.locals_by_file.get(path)
        if found is None:
            names = self._local_names.get(path)
            if names is None:
                names = self._local_names[path] = declared_names(file.extraction)
            if name not in names:
                return None
            found = self.file_locals(file)
        return found if name in found.by_name else None

    def declares_locals(self, file: FileIndex) -> bool:
        """Does the file declare any locals? Asked of its locals once made: a run that consumes its
        extractions frees a file's declarations after its pass (``Resolver._consumed``)."""
        found = self.locals_by_file.get(file.extraction.path)
        return bool(found.records) if found is not None else declares_any(file.extraction)

    def reset_locals(self, path: str) -> None:
        """Forget a file's locals and their uses (its references are about to be resolved again)."""
        self.locals_by_file.pop(path, None)

    def start_pass(self, path: str) -> None:
        """A run's pass over a file's references starts: the file has locals only if this pass asks for
        them. Locals a lookup made earlier in the run (the hierarchy pass, another file's pass) hold no
        uses yet (only a file's own pass records them), so they are set aside and given back if the
        pass asks, not made again: on Django 28k of the 75k ``Local`` records were made twice."""
        found = self.locals_by_file.pop(path, None)
        if found is not None:
            self._spare_locals[path] = found

    def undeclared_at(self, file: FileIndex, scope: int, name: str) -> int | None:
        """Where to look ``name`` up instead, when ``scope`` (or a callable around it) declares a local of
        that name but none of its declarations is in effect at the use (a use before a block-scoped
        declaration, or outside its block): the scope around that callable; None when the ordinary
        lookup applies (no such local, or a definition of the name comes first; or the callable is
        written outside its type, ``void A::f() {}``, whose members the scope around it would not see)."""
        if not file.rules.outer_names_where_undeclared:
            return None
        symbols = file.extraction.symbols
        locals_ = file.extraction.locals
        current = scope
        while current > 0:
            if name in file.children.get(current, {}):
                return None
            if name in locals_.get(current, ()):
                return symbols[current].parent if symbols[current].owner is None else None
            current = symbols[current].parent
        return None

    def shape_use(self, file: FileIndex, entities: list[Entity], span: Span, role: Role | None) -> Local | None:
        """Where a use names one member of an anonymous object type (TypeScript's ``opts: { a: A }``, then
        ``opts.a``): the use of the ``property`` local that declares it, recorded, and that local; None
        otherwise. (A member declared in another file is no local of the use's file: no use is recorded.)"""
        if len(entities) != 1 or type(entities[0]) is not ShapeMember:
            return None
        member = entities[0]
        if member.path != file.extraction.path:
            return None
        local = self.file_locals(file).property_at(member.line, member.column)
        if local is not None:
            add_use(local, span, role)
        return local

    def all_locals(self, paths: frozenset[str] | None = None) -> list[Local]:
        return [local for path, found in sorted(self.locals_by_file.items())
                if paths is None or path in paths for local in found.records]


__all__ = ["Locals"]
