"""A run against the persistent index (:class:`IndexRun`): cold, warm (the stored graph), or
incremental (only the changed files extracted, and resolved again when their interface held)."""

from __future__ import annotations

import hashlib
import os
from collections.abc import Callable, Collection
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from codeknit.graph import FileError, Graph, SkippedFile
from codeknit.languages import registry
from codeknit.languages.records import Extraction
from codeknit.pipeline.assemble import (
    assemble_graph,
    collector_paused,
    return_freed_memory,
    run_digest,
    run_fingerprint,
)
from codeknit.pipeline.extract import extract_all_encoded
from codeknit.pipeline.options import PARSE_TIME_LIMIT, IndexOptions, Progress
from codeknit.resolve.resolver import CarryOver
from codeknit.workspace import SourceFile
from codeknit.workspace.manifests import ManifestScan


@dataclass(slots=True)
class RunMemory:
    """What a long-lived caller (the MCP server's live index) keeps between cached runs, so a
    refresh reads neither every extraction nor the last graph back from the database."""

    extractions: dict[str, Extraction] = field(default_factory=dict)
    latest: Any = None  # CachedGraph of the last run
    latest_key: str = ""
    latest_context: str = ""
    carry: CarryOver | None = None  # the rules of the run that built ``latest``


@dataclass(slots=True)
class RunOutcome:
    graph: Graph
    states: list[Any]  # the store's FileState of every file
    reextracted: list[str]  # files whose content changed and were extracted again
    resolved: list[str] | None  # the files whose references were resolved again; None: all
    #: writes left for the caller to run once it has used the graph (see ``IndexRun.defer_writes``)
    deferred: list[Callable[[], None]] = field(default_factory=list)
    #: the graph's key in the store
    key: str = ""

    def finish(self) -> None:
        """Run the deferred writes (storing the new graph)."""
        while self.deferred:
            self.deferred.pop(0)()


@dataclass(slots=True)
class IndexRun:
    """One indexing run's inputs, shared by the uncached and the cached paths."""

    root: Path
    files: list[SourceFile]
    skipped: list[SkippedFile]
    manifests: ManifestScan
    options: IndexOptions
    workers: int = 0
    progress: Progress | None = None
    parse_timeout: float = PARSE_TIME_LIMIT
    memory: RunMemory | None = None
    #: told when resolution starts ("resolving"), for callers that report phases
    on_phase: Callable[[str], None] | None = None
    #: leave storing the new graph to the caller (``RunOutcome.finish``): the live index publishes
    #: the graph first, so an edit is visible before the database write
    defer_writes: bool = False

    def assemble(self, extractions: list[Extraction], only: Collection[str] | None = None,
                 carry: CarryOver | None = None) -> Graph:
        if self.on_phase is not None:
            self.on_phase("resolving")
        # (a run nothing keeps in memory is the extractions' last reader: they may go as they are used)
        return assemble_graph(extractions, root=self.root, skipped=self.skipped, manifests=self.manifests,
                              options=self.options, only=only, carry=carry, consume=self.memory is None)

    def _phase(self, name: str) -> None:
        """Tell a progress reporter that has stages (the CLI's) which one starts."""
        phase = getattr(self.progress, "phase", None)
        if phase is not None:
            phase(name)

    def _context(self) -> str:
        """What, besides file contents, a graph depends on: options, manifests, skipped files, paths."""
        digest = hashlib.sha256()
        digest.update(self.root.name.encode("utf-8", "surrogateescape"))
        digest.update(run_digest([(f.path, "") for f in self.files], self.options.fingerprint_fields(),
                                  self.manifests.manifests).encode())
        for skipped in sorted(self.skipped, key=lambda s: (s.path, s.reason)):
            digest.update(f"\nskipped {skipped.path}\0{skipped.reason}".encode("utf-8", "surrogateescape"))
        for name in sorted({setting for spec in registry.specs() for setting in spec.settings}):
            value = os.environ.get(name, "").strip()
            if value:  # (unset: the context as before there were settings)
                digest.update(f"\nsetting {name}={value}".encode("utf-8", "surrogateescape"))
        return digest.hexdigest()

    def _key(self, context: str, hashes: dict[str, str]) -> str:
        return hashlib.sha256(f"{context}\n{run_digest(sorted(hashes.items()), {}, ())}".encode()).hexdigest()

    def cached(self, store: Any) -> RunOutcome:
        """Run against the persistent index ``store`` (a :class:`codeknit.store.IndexStore`)."""
        from codeknit.store import CorruptEntry

        try:
            with collector_paused():
                return self._cached(store)
        except CorruptEntry:
            store.reset()  # never trust a damaged index: start it again
            if self.memory is not None:
                self.memory.extractions.clear()
                self.memory.latest = None
            return self._cached(store)

    def unchanged_key(self, store: Any) -> str | None:
        """The key of the stored graph of these files as they are now, if there is one (no file
        changed since it was built); the graph itself is not read."""
        states = store.check(self.files)
        if not all(state.cached for state in states):
            return None
        key = self._key(self._context(), {s.file.path: s.sha256 for s in states})
        if not store.has_graph(key):
            return None
        store.save_files(states, {})  # remember the stat of files that were hashed again
        return key

    def prime(self, store: Any) -> bool:
        """After a graph came from the store: resolve it again in memory, to hold the extractions and
        the rules (:class:`CarryOver`) that let the next incremental run reuse whole-program results.

        The graph is not replaced (it is identical). False when there was nothing to prime.
        """
        from codeknit.store import CorruptEntry

        memory = self.memory
        if memory is None or memory.latest is None or memory.carry is not None:
            return False
        hashes = memory.latest.hashes
        paths = [f.path for f in self.files]
        if sorted(paths) != sorted(hashes):
            return False
        try:
            stored = store.load_extractions(p for p in paths if p not in memory.extractions)
        except CorruptEntry:
            return False
        extractions = [memory.extractions.get(p) or stored.get(p) for p in paths]
        if any(e is None or e.sha256 != hashes[e.path] for e in extractions):
            return False  # the files moved on since; the next refresh resolves them anyway
        ready = [e for e in extractions if e is not None]
        carry = CarryOver()
        with collector_paused():
            assemble_graph(ready, root=self.root, skipped=self.skipped, manifests=self.manifests,
                           options=self.options, carry=carry)
        memory.extractions = {e.path: e for e in ready}
        memory.carry = carry
        return True

    def _patched(self, previous: Graph, resolver: Any, changed: list[Extraction],
                 extractions: list[Extraction]) -> Graph:
        """The graph of an edit that left every changed file's interface alone, made from the last
        one: ``resolver`` (that run's, kept in memory) resolves the changed files again, and
        :func:`codeknit.graph.patch.replace_files` swaps their records in. Identical to what
        :meth:`assemble` would give (tested), in time proportional to the edit."""
        from codeknit.graph import FileRecord
        from codeknit.graph.patch import replace_files

        if self.on_phase is not None:
            self.on_phase("resolving")
        symbols, relations, locals_ = resolver.update(changed)
        return replace_files(
            previous, [e.path for e in changed], symbols, relations,
            files=[FileRecord(e.path, e.language, e.size, e.sha256) for e in changed],
            errors=[FileError(e.path, message) for e in changed for message in e.errors],
            fingerprint=run_fingerprint(extractions, self.options.fingerprint_fields(), self.manifests.manifests),
            locals_=locals_,
        )

    def _resolved_only(self, store: Any, extractions: list[Extraction], only: list[str], carry: CarryOver,
                       base: Graph | None, base_key: str) -> Graph:
        """The graph of an edit that left every changed file's interface alone, without a kept
        resolver: a run resolves just the changed files (``only``), then their records are swapped
        into the earlier graph (:func:`codeknit.graph.patch.replace_files`). In a new process that
        graph is loaded only once the run is done and its extractions are freed, so the two never
        take memory at once."""
        from codeknit.graph.patch import replace_files
        from codeknit.store import CorruptEntry

        partial = self.assemble(extractions, only=only, carry=carry)  # every symbol, the changed files' relations
        changed = frozenset(only)
        symbols = [s for s in partial.symbols if s.path in changed]
        files = [f for f in partial.files if f.path in changed]
        errors = [e for e in partial.errors if e.path in changed]
        relations, fingerprint, locals_ = partial.relations, partial.fingerprint, partial.locals
        del partial
        if base is None:
            if self.memory is None:
                extractions.clear()  # nothing else needs them: their memory goes before the graph's comes
            loaded = store.load_graph(base_key)
            if loaded is None:
                raise CorruptEntry("the earlier graph went missing during the run")  # start again, cleanly
            base = loaded.graph
        return replace_files(base, changed, symbols, relations, files, errors, fingerprint, locals_)

    def _cached(self, store: Any) -> RunOutcome:
        from codeknit.resolve.interface import interface_digest
        from codeknit.store import CachedGraph

        memory = self.memory if self.memory is not None else RunMemory()
        self._phase("checking")
        states = store.check(self.files)
        context = self._context()
        if all(state.cached for state in states):
            key = self._key(context, {s.file.path: s.sha256 for s in states})
            self._phase("loading")
            hit = memory.latest if memory.latest is not None and memory.latest_key == key else store.load_graph(key)
            if hit is not None:
                store.save_files(states, {})  # remember the stat of files that were hashed again
                if hit is not memory.latest:
                    memory.carry = None  # the rules that built a graph read from disk are gone
                memory.latest, memory.latest_key, memory.latest_context = hit, key, context
                return RunOutcome(hit.graph, states, [], [], key=key)
        todo = [state.file for state in states if not state.cached]
        encoded = extract_all_encoded(todo, workers=self.workers, progress=self.progress,
                                      time_limit=self.parse_timeout)
        fresh = {e.path: e for e, _data, _digest in encoded}
        hashes = {state.file.path: fresh[state.file.path].sha256 if state.file.path in fresh else state.sha256
                  for state in states}
        # the latest graph of this context (in memory, or its key in the store), and the files whose
        # content changed since it was built
        previous = memory.latest if memory.latest is not None and memory.latest_context == context else None
        entry = (previous.key, previous.hashes) if previous is not None else store.latest_entry(context)
        known = memory.extractions
        only: list[str] | None = None
        if entry is not None and entry[1].keys() == hashes.keys():
            earlier = entry[1]
            changed = sorted(p for p, sha in hashes.items() if earlier[p] != sha)
            wanted = [p for p in changed if p in fresh and (p not in known or known[p].sha256 != earlier[p])]
            before = {p: known[p] for p in changed if p in known} | store.load_extractions(wanted)
            if changed and all(
                p in fresh and p in before and before[p].sha256 == earlier[p]
                and interface_digest(before[p]) == interface_digest(fresh[p])
                for p in changed
            ):
                only = changed
        needed = [s.file.path for s in states
                  if s.cached and (s.file.path not in known or known[s.file.path].sha256 != s.sha256)]
        stored = store.load_extractions(needed) if needed else {}
        extractions = [fresh.get(p) or stored.get(p) or known[p] for p in (s.file.path for s in states)]
        store.save_files(states, {e.path: (e.sha256, data, digest) for e, data, digest in encoded})
        del encoded, stored  # the encoded blobs are stored: do not hold them through resolution
        return_freed_memory()  # (nor their pages: see the function)
        # (with ``previous``, the changed files as the carried answers had them)
        carry: CarryOver | None = CarryOver(keep=self.memory is not None,
                                            previous={p: before[p] for p in only} if only is not None else {})
        resolver = memory.carry.resolver if previous is not None and memory.carry is not None else None
        patched: Graph | None = None
        if only is not None and previous is not None and resolver is not None and resolver.can_update(only):
            # the last run's resolver is alive: update it and the graph instead of running again
            try:
                patched = self._patched(previous.graph, resolver, [fresh[p] for p in only], extractions)
            except ValueError:  # the symbols differ after all (PatchMismatch): a run below starts afresh
                memory.carry = None
        if patched is not None:
            graph, carry = patched, memory.carry
        elif only is not None and entry is not None:
            assert carry is not None
            if previous is not None and memory.carry is not None:
                carry.rules = memory.carry.rules
            else:  # a new process: what the rules answered when the earlier graph was made
                carry.answers = store.load_answers(entry[0]) if entry[0] else {}
            graph = self._resolved_only(store, extractions, only, carry,
                                        previous.graph if previous is not None else None, entry[0])
        else:
            graph = self.assemble(extractions, carry=carry)
        previous = None
        reextracted = sorted(fresh)
        answers = carry.answers if carry is not None else {}
        if self.memory is None:  # nothing keeps this run's extractions: free them before the graph is stored
            extractions.clear()
            fresh.clear()
            carry = None
            return_freed_memory()  # (with the resolver's tables, before storing and writing the graph take more)
        key = self._key(context, hashes)
        latest = CachedGraph(graph, hashes)
        if self.memory is not None:
            memory.extractions = {e.path: e for e in extractions}
            memory.latest, memory.latest_key, memory.latest_context = latest, key, context
            memory.carry = carry

        # a patched graph shares the earlier graph's stored parts that hold no changed file
        base = (entry[0], only) if only is not None and entry is not None and entry[0] else None

        def write() -> None:
            self._phase("storing")
            with collector_paused():  # (when deferred, it runs outside the run's pause)
                store.save_graph(key, context, latest, answers, base=base)
                store.forget_missing(hashes, self.root)

        outcome = RunOutcome(graph, states, reextracted, only, key=key)
        if self.defer_writes:
            outcome.deferred.append(write)
        else:
            write()
        return outcome


__all__ = ["IndexRun", "RunMemory", "RunOutcome"]
