"""The resolver's relations: each reference's relation and how sure it is, and the sub-projects that
bound a guess among candidates."""

from __future__ import annotations

import os
from collections import defaultdict

from codeknit.graph.model import Category, EdgeKind, Relation, Resolution, Span, Symbol, SymbolKind
from codeknit.languages.records import RawRef
from codeknit.resolve.api import MAX_CANDIDATES, Entity, External, FileIndex, Sym, ancestor_directories
from codeknit.resolve.state import ResolverState
from codeknit.workspace.manifests import is_manifest


class Emit(ResolverState):
    """Relations (see ``resolve/state.py`` for how the concerns fit)."""

    def add_relation(
        self,
        source: str,
        kind: EdgeKind,
        target: str,
        resolution: Resolution,
        candidates: tuple[str, ...],
        text: str,
        span: Span | None,
        package: str | None = None,
    ) -> None:
        if source == target and kind is not EdgeKind.CALLS:
            return  # a symbol naming itself is not a dependency; recursion is
        key = (source, kind, target, resolution, candidates)
        relation = self.relations.get(key)
        if relation is None:  # (a list made with its span is smaller than one grown to hold it)
            self.relations[key] = Relation(
                source, target, kind, resolution, candidates, text, [] if span is None else [span], package
            )
        elif span is not None:
            spans = relation.spans
            if len(spans) < 16:
                if span not in spans:
                    spans.append(span)
            else:  # a name used many times in one body: its spans in a set too, not scanned each time
                seen = self._span_sets.get(key)
                if seen is None:
                    seen = self._span_sets[key] = set(spans)
                if span not in seen:
                    seen.add(span)
                    spans.append(span)

    def emit(self, file: FileIndex, ref: RawRef, entities: list[Entity], *, source: str | None = None) -> None:
        source = file.ids[ref.scope] if source is None else source
        path = file.extraction.path
        targets: list[str] = []
        external: External | None = None
        unknown = False
        for entity in entities:
            if isinstance(entity, Sym):
                target_id = entity.id
                if ref.kind is EdgeKind.CALLS:
                    kind = self.symbols[target_id].kind
                    if kind.category is Category.TYPE and kind is not SymbolKind.TYPE_ALIAS:
                        for ctor in self._constructor(target_id, file.rules):
                            if isinstance(ctor, Sym) and ctor.id not in targets:
                                targets.append(ctor.id)
                        continue
                if target_id not in targets:
                    targets.append(target_id)
            elif isinstance(entity, External):
                external = external or entity
            else:  # unknown, or an instance used as a whole (``x()`` on a typed ``x``)
                unknown = True
        if len(targets) > 1:
            targets = file.rules.prefer_targets(self, ref.kind, _prefer_primary(targets, self.symbols))
        if targets and not unknown and external is None:
            if len(targets) == 1:
                self.add_relation(source, ref.kind, targets[0], Resolution.RESOLVED, (), ref.text, ref.span)
            else:
                self.add_relation(
                    source, ref.kind, f"{path}::{ref.text}", Resolution.AMBIGUOUS,
                    self._ordered(targets), ref.text, ref.span,
                )
            return
        if targets:  # some definitions, plus something we cannot see
            self.add_relation(
                source, ref.kind, f"{path}::{ref.text}", Resolution.AMBIGUOUS,
                self._ordered(targets), ref.text, ref.span,
            )
            return
        if unknown and ref.kind is EdgeKind.CALLS and ("." in ref.text or not ref.head_known):
            member = ref.text.rsplit(".", 1)[-1]
            candidates = [c for c in self.members_by_name.get(member, []) if c != source]
            candidates = file.rules.prefer_targets(self, ref.kind, candidates) if len(candidates) > 1 else candidates
            if len(self.project_roots()) > 1:  # sibling projects the source's does not depend on are out
                reach = self.reachable_projects(self.project_of(path))
                candidates = [c for c in candidates if self.project_of(self.symbols[c].path) in reach]
            if 0 < len(candidates) <= MAX_CANDIDATES:
                self.add_relation(
                    source, ref.kind, f"{path}::{ref.text}", Resolution.AMBIGUOUS,
                    self._ordered(candidates), ref.text, ref.span,
                )
                return
        name = external.name if external is not None else ref.text
        package = external.package if external is not None else None
        self.add_relation(source, ref.kind, f"{path}::{name}", Resolution.UNRESOLVED, (), ref.text, ref.span, package)

    def _ordered(self, ids: list[str]) -> tuple[str, ...]:
        return tuple(sorted(set(ids), key=lambda i: (self._order.get(i, 1 << 30), i)))

    def project_roots(self) -> list[str]:
        """The directories (at or above a source file) holding a manifest, longest first.

        Each is a project that owns the files under it (``Graph.projects`` has the same roots,
        read by the manifest scan). Without a source directory on disk there are none.
        """
        if self._project_roots is None:
            roots: list[str] = []
            if self._source_root is not None:
                for directory in ancestor_directories(self.files):
                    try:
                        names = os.listdir(self._source_root / directory)
                    except OSError:
                        continue
                    if any(is_manifest(name) for name in names):
                        roots.append(directory)
            self._project_roots = sorted(roots, key=lambda d: (-len(d), d))
        return self._project_roots

    def project_of(self, path: str) -> str | None:
        """The root of the innermost project holding ``path`` (None: none does)."""
        if path not in self._project_memo:
            self._project_memo[path] = next(
                (root for root in self.project_roots() if not root or path.startswith(root + "/")), None
            )
        return self._project_memo[path]

    def reachable_projects(self, project: str | None) -> frozenset[str | None]:
        """``project`` and every project its files import from, directly or through others.

        A value of unknown type met in a project can only be an instance of a class from one of
        these (or from outside the workspace): a sibling package it does not depend on cannot
        hand it one.
        """
        if self._project_reach is None:
            depends: dict[str | None, set[str | None]] = defaultdict(set)
            for relation in self.relations.values():
                if relation.kind is EdgeKind.IMPORTS and relation.resolution is Resolution.RESOLVED:
                    source = self.project_of(relation.source.partition("::")[0])
                    target = self.symbols.get(relation.target)
                    if target is not None:
                        depends[source].add(self.project_of(target.path))
            reach: dict[str | None, frozenset[str | None]] = {}
            for start in sorted({*depends, *self.project_roots(), None}, key=lambda p: (p is None, p or "")):
                seen: set[str | None] = {start}
                frontier = [start]
                while frontier:
                    current = frontier.pop()
                    for following in depends.get(current, ()):
                        if following not in seen:
                            seen.add(following)
                            frontier.append(following)
                reach[start] = frozenset(seen)
            self._project_reach = reach
        return self._project_reach.get(project, frozenset({project}))


def _prefer_primary(targets: list[str], symbols: dict[str, Symbol]) -> list[str]:
    """A setter is reached by assignment, not by a call or a read: drop it when a getter is there."""
    primary = [t for t in targets if symbols[t].kind is not SymbolKind.SETTER]
    return primary or targets


__all__ = ["Emit"]
