"""The resolver's imports: where an import points, what the names it binds denote, a module's members."""

from __future__ import annotations

import posixpath

from codeknit.graph.model import Category, EdgeKind, Resolution, Role
from codeknit.languages.records import MODULE_ALIAS, RawImport, RawRef
from codeknit.resolve.api import Entity, External, FileIndex, Sym
from codeknit.resolve.state import NO_CUT, ResolverState


class Imports(ResolverState):
    """Imports and module members (see ``resolve/state.py`` for how the concerns fit)."""

    def import_target(self, file: FileIndex, imp: RawImport) -> tuple[str | None, str]:
        """(the project file an import names or None, the module name as spelt or canonical)."""
        target = file.rules.import_target(file.extraction, imp, self.modules)
        if target.path is None:
            return None, target.name
        return file.rules.declaring_module(target.path, self.modules), target.name

    def _binding(self, file: FileIndex, scope: int, name: str) -> list[Entity]:
        key = (file.extraction.path, scope, name)
        if key in self._binding_memo:
            return self._binding_memo[key]
        frame = ("binding", *key)
        depth = self._enter(frame)
        if depth is None:
            return []  # a cycle of imports: this path contributes nothing; other paths may
        imp = file.bindings[(scope, name)]
        try:
            result = self._binding_uncached(file, imp, scope, name)
        finally:
            final = self._leave(frame, depth)
        if final:
            self._binding_memo[key] = result
        return result

    def _enter(self, frame: tuple[object, ...]) -> int | None:
        """Start computing a memoised value; None when ``frame`` is already being computed (a cycle)."""
        depth = self._frames.get(frame)
        if depth is not None:
            self._lowest_cut = min(self._lowest_cut, depth)
            return None
        depth = self._frames[frame] = len(self._frames)
        return depth

    def _leave(self, frame: tuple[object, ...], depth: int) -> bool:
        """Finish ``frame``; True when its result is final. A result that went through a cycle back to
        a frame still open above it is provisional: that frame's own result may differ when it is
        complete, so memoising the inner one (as an import cycle through ``__init__``'s star imports
        once did) would keep a wrong answer."""
        del self._frames[frame]
        if self._lowest_cut < depth:
            return False
        if self._lowest_cut == depth:
            self._lowest_cut = NO_CUT  # the cycle closes here, complete
        return True

    def _binding_uncached(self, file: FileIndex, imp: RawImport, scope: int, name: str) -> list[Entity]:
        path, module_name = self.import_target(file, imp)
        if imp.names:
            imported = file.binding_names[(scope, name)]
            if path is not None:
                found = self.module_member(path, imported)
                if found:
                    return found
                return [External(f"{module_name}.{imported}")] if file.rules.missing_member_is_external else []
            package = file.rules.external_package(imp, module_name)
            if imported == "default":  # ``import express from "express"`` binds the module's default
                return [External(module_name, package)]
            # Python: ``from . import sub`` in a directory without __init__.py
            if file.rules.relative_submodules and imp.level:
                sub = self.relative_submodule(file, imp, imported)
                if sub:
                    return [Sym(sub)]
            return [External(f"{module_name}.{imported}" if module_name else imported, package)]
        if imp.alias:
            if path is not None:
                return [Sym(path)]
            return [External(module_name, file.rules.external_package(imp, module_name))]
        # Python ``import a.b.c`` binds ``a``
        head = imp.module.split(".")[0]
        found_paths = self.modules.lookup(head)
        if found_paths:
            head_path = sorted(found_paths, key=lambda p: (p.count("/"), p))[0]
            return [Sym(file.rules.declaring_module(head_path, self.modules))]
        return [External(head, file.rules.external_package(imp, head))]

    def relative_submodule(self, file: FileIndex, imp: RawImport, name: str) -> str | None:
        directory = file.extraction.path.rsplit("/", 1)[0] if "/" in file.extraction.path else ""
        for _ in range(imp.level - 1):
            directory = directory.rsplit("/", 1)[0] if "/" in directory else ""
        if imp.module:
            directory = f"{directory}/{imp.module.replace('.', '/')}".lstrip("/")
        for candidate in (f"{directory}/{name}.py", f"{directory}/{name}/__init__.py"):
            candidate = candidate.lstrip("/")
            if candidate in self.modules.paths:
                return file.rules.declaring_module(candidate, self.modules)
        return None

    def module_member(self, path: str, name: str) -> list[Entity]:
        """What ``module.name`` denotes, following re-exports and star imports."""
        key = (path, name)
        if key in self._module_member_memo:
            return self._module_member_memo[key]
        frame = ("member", path, name)
        depth = self._enter(frame)
        if depth is None:
            return []
        try:
            result = self._module_member_uncached(path, name)
        finally:
            final = self._leave(frame, depth)
        if final:
            self._module_member_memo[key] = result
        return result

    def _module_member_uncached(self, path: str, name: str) -> list[Entity]:
        file = self.files.get(path)
        if file is None:
            return []
        symbols = file.extraction.symbols
        top = file.children.get(0, {})
        if file.rules.exports_only:
            exported_module = file.extraction.exports is not None or any(
                "exported" in s.properties and s.properties.get("exported") for s in symbols[1:]
            )
            if name == "default":
                found: list[Entity] = [
                    Sym(file.ids[i]) for i, s in enumerate(symbols) if i and s.properties.get("default")
                ]
                if found:
                    return found
            found = [
                Sym(file.ids[i])
                for i in top.get(name, [])
                if not exported_module or symbols[i].properties.get("exported", False)
            ]
            if found:
                return found
            stars: list[Entity] = []  # ``export *`` counts only when no explicit export names it
            for imp in file.reexports:
                if imp.star and imp.alias is None:
                    target, _ = self.import_target(file, imp)
                    if target is not None and target != path:
                        stars += [e for e in self.module_member(target, name) if e not in stars]
                    continue
                if imp.alias == name and not imp.names:
                    target, module_name = self.import_target(file, imp)
                    if target:
                        return [Sym(target)]
                    return [External(module_name, file.rules.external_package(imp, module_name))]
                for imported, local in imp.names:
                    if local != name:
                        continue
                    if not imp.module:  # ``export { a as b }`` of a local name
                        return self.lookup_module_scope(file, imported)
                    target, module_name = self.import_target(file, imp)
                    if target is None:
                        return [External(f"{module_name}.{imported}", file.rules.external_package(imp, module_name))]
                    return self.module_member(target, imported)
            if stars:  # several ``export *`` with different definitions of the name: ambiguous
                return stars
            # an imported name that the module exports by listing it
            if file.extraction.exports and name in file.extraction.exports and (0, name) in file.bindings:
                return self._binding(file, 0, name)
            return []
        found = [Sym(file.ids[i]) for i in top.get(name, [])]
        if found:
            return self._or_loaded_submodule(path, name, found)
        if file.rules.package_spans_shared_scope:
            for other in file.rules.shared_scope(path, self.modules):
                shared = self.files.get(other)
                if shared is not None and name in shared.children.get(0, {}):
                    return [Sym(shared.ids[i]) for i in shared.children[0][name]]
        if (0, name) in file.bindings:
            bound = self._binding(file, 0, name)
            if bound:
                return self._or_loaded_submodule(path, name, bound)
        for imp in file.stars:
            if imp.scope != 0:
                continue
            target, _ = self.import_target(file, imp)
            if target is not None and target != path and self.star_exports(target, name):
                found_star = self.module_member(target, name)
                if found_star:
                    return found_star
        sub = file.rules.submodule(path, name, self.modules)
        if sub:
            return [Sym(file.rules.declaring_module(sub, self.modules))]
        runtime = file.rules.runtime_module(path, self.modules)
        if runtime != path:
            # a name the stub does not declare: what the module that runs defines (a type checker would
            # call it missing; the import works)
            return self.module_member(runtime, name)
        return []

    def _or_loaded_submodule(self, path: str, name: str, found: list[Entity]) -> list[Entity]:
        """What a package's ``__init__`` binds to ``name``, or the submodule ``name`` where an import statement
        of the project sets the attribute to it (:meth:`loaded_submodules`): which of the two a use sees depends
        on whether that import ran before it, which the code does not say."""
        if not found or not self.files[path].rules.import_binds_head:
            return found
        sub = self.loaded_submodules().get((path, name))
        if sub is None:
            return found
        module = Sym(self.files[path].rules.declaring_module(sub, self.modules))
        return found if module in found else [*found, module]

    def loaded_submodules(self) -> dict[tuple[str, str], str]:
        """The attributes of packages that an import statement of the project sets to a submodule over what
        the package's ``__init__`` binds to that name: ``import pkg.sub`` (as ``from pkg.sub import x``) loads
        ``pkg.sub`` once ``pkg/__init__`` has run, and then sets the attribute ``sub`` of ``pkg`` to the module,
        whatever ``__init__`` bound to ``sub``. Not where ``__init__`` loads the submodule itself (``from .sub
        import x``, ``from . import sub``): its own binding of the name, after that, stays, since importing a
        module already loaded sets nothing. ``(the __init__, the name) → the submodule`` (the files that run),
        for names ``__init__`` binds (``import_binds_head`` languages: Python)."""
        found = self._loaded_submodules
        if found is not None:
            return found
        loaded: dict[tuple[str, str], str] = {}
        own: set[tuple[str, str]] = set()  # loaded by the package's own __init__
        paths = self.modules.paths
        for file in self.files.values():
            rules = file.rules
            if not rules.import_binds_head:
                continue
            here = rules.runtime_module(file.extraction.path, self.modules)
            for imp in file.extraction.imports:
                if not imp.module:  # ``from . import sub``: loads ``sub`` only where the package binds no ``sub``
                    if imp.level and posixpath.basename(here) == "__init__.py":
                        for imported, _local in imp.names:
                            if self.relative_submodule(file, imp, imported):
                                own.add((here, imported))
                    continue
                target, _name = self.import_target(file, imp)
                if target is None:
                    continue
                child = rules.runtime_module(target, self.modules)
                while True:  # the module and each package around it: each is set on its parent once loaded
                    directory, _, base = child.rpartition("/")
                    if base == "__init__.py":
                        directory, _, name = directory.rpartition("/")
                        if not name:
                            break
                    else:
                        name = base.rpartition(".")[0]
                    parent = f"{directory}/__init__.py" if directory else "__init__.py"
                    if parent not in paths:
                        break
                    if parent == here:
                        own.add((parent, name))
                    loaded.setdefault((parent, name), child)
                    child = parent
        result: dict[tuple[str, str], str] = {}
        for (parent, name), sub in loaded.items():
            package = self.files.get(parent)
            if package is None or (parent, name) in own:
                continue
            if name in package.children.get(0, {}) or (0, name) in package.bindings:
                result[(parent, name)] = sub
        self._loaded_submodules = result
        return result

    def imported_submodules(self, file: FileIndex, head: str, current: list[Entity],
                            rest: list[str]) -> tuple[list[Entity], int]:
        """``pkg.sub`` where this file has ``import pkg.sub``: the submodule, which the statement set as the
        attribute once ``pkg/__init__`` had run, over what ``__init__`` binds to ``sub`` (see
        :meth:`loaded_submodules`). ``current`` is what ``head`` denotes; (what the parts of ``rest`` the
        statements name denote, how many of them that is)."""
        path = file.extraction.path
        dotted = self._dotted_imports.get(path)
        if dotted is None:
            names: dict[str, set[str]] = {}
            for imp in file.extraction.imports:
                if imp.module and not imp.names and not imp.alias and not imp.star and not imp.level:
                    parts = imp.module.split(".")
                    for end in range(2, len(parts) + 1):
                        names.setdefault(parts[0], set()).add(".".join(parts[:end]))
            dotted = self._dotted_imports[path] = {h: frozenset(n) for h, n in names.items()}
        imported = dotted.get(head)
        if not imported or len(current) != 1 or not isinstance(current[0], Sym):
            return current, 0
        rules = file.rules
        heads = self.modules.lookup(head)
        if not heads or current[0].id != rules.declaring_module(
                sorted(heads, key=lambda p: (p.count("/"), p))[0], self.modules):
            return current, 0  # (the head is not the package the statement binds: a name of this file's)
        taken = 0
        prefix = head
        for part in rest:
            prefix = f"{prefix}.{part}"
            if prefix not in imported:
                break
            found = self.modules.lookup(prefix)
            if not found:
                break
            package = rules.runtime_module(current[0].id, self.modules)
            sub = sorted(found, key=lambda p: (p.count("/"), p))[0]
            module = Sym(rules.declaring_module(sub, self.modules))
            if module not in self.module_member(current[0].id, part) and (
                    (package, part) not in self.loaded_submodules()):
                break  # (``__init__`` loads the submodule itself and then binds the name again: its binding)
            current = [module]
            taken += 1
        return current, taken

    def star_exports(self, path: str, name: str) -> bool:
        """Does a star import of the module at ``path`` bring ``name`` (its export list, or not ``_x``)?"""
        file = self.files[path]
        if file.extraction.exports is not None:
            return name in file.extraction.exports
        return not name.startswith("_")

    def _resolve_imports(self, file: FileIndex) -> None:
        """The ``imports`` relations (module → module, at the module's token, or at the name's for a
        submodule imported by name), and a ``references`` use with the ``import`` role at each other
        imported name's token, of what it imports."""
        module_id = file.ids[0]
        for imp in file.extraction.imports:
            if not imp.module and not imp.level:
                continue  # a local re-export list
            path, name = self.import_target(file, imp)
            text = imp.module if not imp.level else "." * imp.level + imp.module
            spans = imp.name_spans
            at = imp.module_span or imp.span
            # the name the whole module is bound to (``m`` in ``import * as m``): the relation sits there too
            bound = [alias_span for aliased, alias_span in imp.alias_spans if aliased == MODULE_ALIAS]
            if path is not None:
                # (the module the statement loads: its names may be declared by a stub beside it)
                loaded = file.rules.runtime_module(path, self.modules)
                if loaded != module_id:
                    for site in (at, *bound):
                        self.add_relation(module_id, EdgeKind.IMPORTS, loaded, Resolution.RESOLVED, (), text, site)
                for index, (imported, _local) in enumerate(imp.names):
                    span = spans[index] if index < len(spans) else None
                    named = file.rules.imported_name(self, file, imp, imported) if span is not None else None
                    found = self.module_member(path, imported) if named is None else named
                    submodule = False
                    # (a submodule alone is imported as a module; a name that is a module and something else too,
                    # Python's ``__init__`` binding beside the submodule, TypeScript's ``interface Shape`` merged
                    # with ``namespace Shape``, is a use of either, for the rules to say which it means)
                    for entity in found if len(found) == 1 else ():
                        if isinstance(entity, Sym) and self.symbols[entity.id].kind.category is Category.MODULE:
                            submodule = True
                            self.add_relation(module_id, EdgeKind.IMPORTS,
                                              file.rules.runtime_module(entity.id, self.modules),
                                              Resolution.RESOLVED, (), f"{text}.{imported}", span or at)
                    if span is not None and not submodule:
                        self.emit(file, RawRef(imp.scope, EdgeKind.REFERENCES, imported, span, role=Role.IMPORT),
                                  found)
                        for aliased, alias_span in imp.alias_spans:
                            if aliased == index:  # ``b`` in ``import { a as b }``: a use of what ``a`` imports
                                self.emit(file, RawRef(imp.scope, EdgeKind.REFERENCES, imported, alias_span,
                                                       role=Role.IMPORT), found)
            elif file.rules.relative_submodules and imp.level and imp.names:
                found_any = False
                for index, (imported, _local) in enumerate(imp.names):
                    sub = self.relative_submodule(file, imp, imported)
                    if sub:
                        found_any = True
                        span = spans[index] if index < len(spans) else at
                        self.add_relation(module_id, EdgeKind.IMPORTS, file.rules.runtime_module(sub, self.modules),
                                          Resolution.RESOLVED, (), text, span)
                if not found_any:
                    self.add_relation(module_id, EdgeKind.IMPORTS, f"{file.extraction.path}::{name}",
                                      Resolution.UNRESOLVED, (), text, at)
            else:
                package = file.rules.external_package(imp, name)
                for site in (at, *bound):
                    self.add_relation(module_id, EdgeKind.IMPORTS, f"{file.extraction.path}::{name}",
                                      Resolution.UNRESOLVED, (), text, site, package)
                for index, (imported, _local) in enumerate(imp.names[:len(spans)]):
                    named = file.rules.imported_name(self, file, imp, imported)
                    # (a default import names the module's default: the module, as its binding does)
                    outside = External(name if imported == "default" and name else
                                       f"{name}.{imported}" if name else imported, package)
                    self.emit(file, RawRef(imp.scope, EdgeKind.REFERENCES, imported, spans[index], role=Role.IMPORT),
                              [outside] if named is None else named)

    def forget_module_members(self) -> None:
        """Drop remembered module members (a rule's ``prepare`` changed what files define)."""
        self._module_member_memo.clear()
        self._module_scope_memo.clear()


__all__ = ["Imports"]
