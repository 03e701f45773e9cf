"""The graph JSON document: streaming writer and validating reader (a line at a time, see ``read_graph``).

The document is the single input of every exporter and the output of
``codeknit parse --format json``. Its schema is ``schema/graph.schema.json``
(documented in ``docs/graph-schema.md``). The writer emits one node or
relation per line, so a large graph never exists a second time as one string.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from enum import Enum
from itertools import islice
from typing import IO, Any, TypeVar

import orjson

from codeknit.graph.graph import Graph
from codeknit.graph.model import (
    Dependency,
    EdgeKind,
    FileError,
    FileRecord,
    Local,
    LocalKind,
    Project,
    Relation,
    Resolution,
    Role,
    SkippedFile,
    Spans,
    Symbol,
    SymbolKind,
)
from codeknit.native import extension
from codeknit.version import __version__

SCHEMA_ID = "codeknit.graph/1"
SKT_VERSION = "0.5.0"


class GraphFormatError(ValueError):
    """The input is not a codeknit graph JSON document."""


def node_to_dict(symbol: Symbol) -> dict[str, Any]:
    category, kind = _KIND_NAMES[symbol.kind]
    properties = symbol.properties
    node: dict[str, Any] = {
        "id": symbol.id,
        "short": symbol.short,
        "name": symbol.name,
        "qualname": symbol.qualname,
        "category": category,
        "kind": kind,
        "path": symbol.path,
        "language": symbol.language,
        "span": symbol.span,  # (orjson writes tuples as arrays)
        "name_span": symbol.name_span,
        "parent": symbol.parent,
        "signature": symbol.signature,
        "properties": properties,
    }
    if symbol.doc is not None:
        node["doc"] = symbol.doc
    return node


#: kind → (its category's name, its name): enum ``.value`` lookups are slow, and run per node
_KIND_NAMES = {kind: (kind.category.value, kind.value) for kind in SymbolKind}


def relation_to_dict(relation: Relation, graph: Graph) -> dict[str, Any]:
    return _relation_writer(graph)(relation)


def _relation_writer(graph: Graph, shorts: dict[str, str] | None = None) -> Callable[[Relation], dict[str, Any]]:
    """``relation → dict`` for one graph, with its lookups bound once (it runs per relation, and a
    large graph has hundreds of thousands); ``shorts`` is :func:`_shorts` of the graph, if made already."""
    if shorts is None:
        shorts = _shorts(graph)
    resolved = Resolution.RESOLVED
    kinds = {kind: kind.value for kind in EdgeKind}
    resolutions = {r: r.value for r in Resolution}

    def write(relation: Relation) -> dict[str, Any]:
        source, target = relation.source, relation.target
        item: dict[str, Any] = {"from": source}
        from_short = shorts.get(source)
        if from_short:
            item["from_short"] = from_short
        item["to"] = target
        if relation.resolution is resolved:
            to_short = shorts.get(target)  # a resolved target of this graph has one
            if to_short:
                item["to_short"] = to_short
        item["kind"] = kinds[relation.kind]
        item["resolution"] = resolutions[relation.resolution]
        item["candidates"] = relation.candidates
        item["text"] = relation.text
        spans = relation.spans
        item["spans"] = spans.rows() if type(spans) is Spans else list(spans)
        if relation.roles is not None:
            item["roles"] = relation.roles
        if relation.package is not None:
            item["package"] = relation.package
        return item

    return write


def _shorts(graph: Graph) -> dict[str, str]:
    """Symbol id → its short id, for the symbols that have one."""
    return {s.id: s.short for s in graph.symbols if s.short}


def local_to_dict(local: Local) -> dict[str, Any]:
    uses = iter(local.uses)  # (four numbers a span: ``Local.use_spans``, without the index arithmetic)
    item: dict[str, Any] = {"path": local.path, "scope": local.scope, "name": local.name,
                            "kind": _LOCAL_KIND_NAMES[local.kind], "span": local.span,
                            "uses": list(zip(uses, uses, uses, uses, strict=True))}
    if local.roles is not None:
        item["roles"] = local.roles
    return item


#: kind → its name (``.value`` of an enum member is a descriptor call, and this runs per local)
_LOCAL_KIND_NAMES = {kind: kind.value for kind in LocalKind}


def project_to_dict(project: Project) -> dict[str, Any]:
    item: dict[str, Any] = {"path": project.path, "name": project.name, "manifests": list(project.manifests)}
    if project.version is not None:
        item["version"] = project.version
    return item


def dependency_to_dict(dependency: Dependency) -> dict[str, Any]:
    return {
        "project": dependency.project,
        "name": dependency.name,
        "version": dependency.version,
        "constraint": dependency.constraint,
        "scope": dependency.scope,
        "manifest": dependency.manifest,
    }


def _dump(value: Any) -> bytes:
    return orjson.dumps(value)


#: items per write in :func:`_write_array` (a write per item cost more than the encoding: the
#: output is hashed as it goes, and a graph holds hundreds of thousands of items)
_BATCH = 64


def _write_array(out: IO[bytes], key: bytes, items: Iterable[Any], last: bool = False) -> None:
    _write_joined(out, key, _dumped(items), last)


def _dumped(items: Iterable[Any]) -> Iterator[bytes]:
    """The items' JSON, a batch at a time (the loop over a batch's items runs in C)."""
    dumped = map(orjson.dumps, items)
    while batch := list(islice(dumped, _BATCH)):
        yield b",\n    ".join(batch)


def _write_joined(out: IO[bytes], key: bytes, chunks: Iterable[bytes], last: bool = False) -> None:
    """An array of the items in ``chunks``: each chunk is one or more items' JSON, joined by ``",\\n    "``."""
    out.write(b'  "' + key + b'": [')
    empty = True
    for chunk in chunks:
        out.write((b"\n    " if empty else b",\n    ") + chunk)
        empty = False
    out.write(b"]" if empty else b"\n  ]")
    out.write(b"\n" if last else b",\n")


# The relations and locals of a large graph (hundreds of thousands of each) are written by the compiled
# extension where it is built (``rust/pyflow/src/graphjson.rs``): the same bytes as orjson writes the
# dicts of :func:`relation_to_dict` and :func:`local_to_dict`, at a fraction of the cost of building
# those dicts. A batch it does not take (a value of an unexpected type) is written the Python way.
_compiled: Any = extension("relations_json", "locals_json")

#: items per call of the compiled writer (and per write: the document streams, :data:`_BATCH`)
_COMPILED_BATCH = 128


def writer_name() -> str:
    """Which writer :func:`write_graph` uses for relations and locals: "compiled" or "python"."""
    return "python" if _compiled is None else "compiled"


def _batches(items: Sequence[Any], size: int) -> Iterator[list[Any]]:
    """``items`` as lists of ``size`` (the compiled writer takes lists)."""
    for start in range(0, len(items), size):
        batch = items[start:start + size]
        yield batch if type(batch) is list else list(batch)


def _relation_chunks(graph: Graph) -> Iterator[bytes]:
    shorts = _shorts(graph)
    write = _relation_writer(graph, shorts)
    if _compiled is None:
        yield from _dumped(map(write, graph.relations))
        return
    for batch in _batches(graph.relations, _COMPILED_BATCH):
        chunk = _compiled.relations_json(batch, shorts, Resolution.RESOLVED, Spans)
        yield chunk if chunk is not None else b",\n    ".join(map(orjson.dumps, map(write, batch)))


def _local_chunks(locals_: Sequence[Local]) -> Iterator[bytes]:
    if _compiled is None:
        yield from _dumped(map(local_to_dict, locals_))
        return
    for batch in _batches(locals_, _COMPILED_BATCH):
        chunk = _compiled.locals_json(batch)
        yield chunk if chunk is not None else b",\n    ".join(map(orjson.dumps, map(local_to_dict, batch)))



def write_graph(graph: Graph, out: IO[bytes]) -> None:
    out.write(b"{\n")
    header = {
        "schema": SCHEMA_ID,
        "skt_version": SKT_VERSION,
        "tool": {"name": "codeknit", "version": __version__},
        "root": graph.root,
        "fingerprint": graph.fingerprint,
        "options": graph.options,
        "metrics": graph.metrics.as_dict(),
    }
    for key, value in header.items():
        out.write(b'  "' + key.encode() + b'": ' + _dump(value) + b",\n")
    _write_array(
        out,
        b"files",
        ({"path": f.path, "language": f.language, "size": f.size, "sha256": f.sha256} for f in graph.files),
    )
    _write_array(out, b"nodes", (node_to_dict(s) for s in graph.symbols))
    _write_joined(out, b"relations", _relation_chunks(graph))
    _write_array(out, b"errors", ({"path": e.path, "message": e.message} for e in graph.errors))
    _write_array(out, b"skipped", ({"path": s.path, "reason": s.reason} for s in graph.skipped))
    _write_array(out, b"projects", (project_to_dict(p) for p in graph.projects))
    _write_array(out, b"dependencies", (dependency_to_dict(d) for d in graph.dependencies))
    _write_joined(out, b"locals", _local_chunks(graph.locals), last=True)
    out.write(b"}\n")


#: the largest line or column a span may hold (the graph's spans are 32-bit in every export)
_MAX_POSITION = 2**31 - 1


def _span(value: Any) -> tuple[int, int, int, int]:
    if type(value) is list and len(value) == 4:  # (as orjson reads a span: checked without a generator each)
        a, b, c, d = value
        if type(a) is int and type(b) is int and type(c) is int and type(d) is int and 0 <= a <= _MAX_POSITION \
                and 0 <= b <= _MAX_POSITION and 0 <= c <= _MAX_POSITION and 0 <= d <= _MAX_POSITION:
            return a, b, c, d
    return _checked_span(value)


def _checked_span(value: Any) -> tuple[int, int, int, int]:
    a, b, c, d = value
    span = (int(a), int(b), int(c), int(d))
    if not all(0 <= v <= _MAX_POSITION for v in span) or any(isinstance(v, bool | float) for v in value):
        raise GraphFormatError(f"a span holds four lines and columns from 0 to {_MAX_POSITION}: {value!r}")
    return span


E = TypeVar("E", bound=Enum)


def _enum_reader(kind: type[E]) -> Callable[[Any], E]:
    """``kind(value)`` for a value read from a document: its members by their strings first (an enum's call is
    two Python calls; a large graph has hundreds of thousands of kinds and roles), the call itself for anything
    else (which raises as it did)."""
    members = {member.value: member for member in kind}

    def read(value: Any) -> E:
        return members[value] if type(value) is str and value in members else kind(value)

    return read


_read_role, _read_edge_kind = _enum_reader(Role), _enum_reader(EdgeKind)
_read_resolution, _read_local_kind = _enum_reader(Resolution), _enum_reader(LocalKind)


def _text(value: Any, what: str) -> str:
    if not isinstance(value, str):
        raise GraphFormatError(f"{what} is a string, not {value!r}")
    return value


def _roles(value: Any, count: int) -> list[Role] | None:
    if value is None:
        return None
    roles = [_read_role(role) for role in value]
    if len(roles) != count:
        raise GraphFormatError(f"{len(roles)} roles for {count} spans")
    return roles


def _file(item: Any) -> FileRecord:
    return FileRecord(item["path"], item["language"], int(item["size"]), item["sha256"])


def _node(node: Any) -> Symbol:
    kind = SymbolKind(node["kind"])
    if kind.category.value != node.get("category", kind.category.value):
        raise GraphFormatError(f"node {node['id']!r}: kind {kind} is not in {node['category']}")
    return Symbol(
        id=_text(node["id"], "a node's id"),
        name=node["name"],
        qualname=node["qualname"],
        kind=kind,
        path=_text(node["path"], "a node's path"),
        language=node["language"],
        span=_span(node["span"]),
        name_span=_span(node["name_span"]),
        parent=node.get("parent"),
        signature=node.get("signature", ""),
        properties={k: tuple(v) if isinstance(v, list) else v for k, v in (node.get("properties") or {}).items()},
        doc=node.get("doc"),
    )


def _relation(item: Any, known: dict[str, str], shared: dict[Any, Any]) -> Relation:
    """A relation; its ids are the nodes' own strings where they name nodes (``known``: id → id), and its
    other strings are shared with the equal ones read before (``shared``): a large graph holds each id
    once, not once per relation that names it (the whole document's strings were each their own)."""
    resolution = _read_resolution(item.get("resolution", "resolved"))
    target = _text(item["to"], "a relation's target")
    if resolution is Resolution.RESOLVED and target not in known:
        raise GraphFormatError(f"a resolved relation names {target!r}, which is no node of the graph")
    source = _text(item["from"], "a relation's source")
    text = item.get("text", "")
    package = item.get("package")
    return Relation(
        source=known.get(source) or shared.setdefault(source, source),
        target=known.get(target) or shared.setdefault(target, target),
        kind=_read_edge_kind(item["kind"]),
        resolution=resolution,
        candidates=tuple(known.get(c) or shared.setdefault(c, c) for c in item.get("candidates") or ()),
        text=shared.setdefault(text, text),
        spans=Spans.of(_span(s) for s in item.get("spans") or ()),
        package=package if package is None else shared.setdefault(package, package),
        roles=_roles(item.get("roles"), len(item.get("spans") or ())),
    )


def _error(item: Any) -> FileError:
    return FileError(item["path"], item["message"])


def _skipped(item: Any) -> SkippedFile:
    return SkippedFile(item["path"], item["reason"])


def _project(item: Any) -> Project:
    return Project(item["path"], item["name"], tuple(item.get("manifests") or ()), item.get("version"))


def _dependency(item: Any) -> Dependency:
    return Dependency(
        project=item["project"],
        name=item["name"],
        manifest=item["manifest"],
        version=item.get("version"),
        constraint=item.get("constraint", ""),
        scope=item.get("scope", "runtime"),
    )


def _local(item: Any, shared: dict[Any, Any]) -> Local:
    uses = [int(value) for span in item.get("uses") or () for value in _span(span)]
    path, scope = item["path"], item["scope"]
    return Local(
        path=shared.setdefault(path, path),
        scope=shared.setdefault(scope, scope),
        name=item["name"],
        kind=_read_local_kind(item["kind"]),
        span=_span(item["span"]),
        uses=uses,
        roles=_roles(item.get("roles"), len(uses) // 4),
    )


#: the arrays of a document, in the order :func:`write_graph` writes them, and the first three required
_ARRAYS = ("files", "nodes", "relations", "errors", "skipped", "projects", "dependencies", "locals")
_REQUIRED = frozenset(_ARRAYS[:3])
#: the header values a graph is made with
_GRAPH_HEADER = frozenset(("root", "fingerprint", "options"))


class _Layout(Exception):
    """The document is not laid out as :func:`write_graph` lays it out (see :func:`_read_by_line`)."""


#: what makes :func:`read_graph` read a document whole: another layout, or a fault in it
_FALL_BACK = (_Layout, GraphFormatError, KeyError, TypeError, ValueError, AttributeError)


def read_graph(source: IO[bytes] | bytes) -> Graph:
    """Parse a graph JSON document; raise :class:`GraphFormatError` with a reason if it is not one.

    A document laid out as :func:`write_graph` writes it (one item per line) is read an item at a time: a
    file a line at a time, bytes or a pipe through views into their bytes, never the whole document as
    Python objects besides the graph (sympy's 108 MB graph took 790 MB that way). Any other layout, or a
    document with a fault, is read whole, which also names the fault as a whole-document reader sees it."""
    if isinstance(source, bytes | bytearray):
        raw = source
    elif _seekable(source):  # (a file: read a line at a time, and again from its start if need be)
        start = source.tell()
        try:
            return _read_by_line(_stripped(iter(source.readline, b"")))
        except _FALL_BACK:
            pass
        source.seek(start)
        return _read_whole(source.read())
    else:
        raw = source.read()
    try:
        return _read_by_line(_lines(raw))
    except _FALL_BACK:
        pass  # (read whole: the same graph, or the fault it reports)
    return _read_whole(raw)


def _seekable(source: IO[bytes]) -> bool:
    try:
        return bool(source.seekable())
    except (AttributeError, OSError, ValueError):
        return False


def _stripped(lines: Iterator[bytes]) -> Iterator[bytes]:
    for line in lines:
        yield line[:-1] if line[-1:] == b"\n" else line


def _lines(raw: bytes | bytearray) -> Iterator[memoryview]:
    """The document's lines, without their line ends (views into ``raw``: nothing is copied)."""
    view = memoryview(raw)
    start, end = 0, len(raw)
    find = raw.find
    while start < end:
        stop = find(b"\n", start)
        if stop == -1:
            stop = end
        yield view[start:stop]
        start = stop + 1


def _read_by_line(lines: Iterator[bytes | memoryview]) -> Graph:
    """:func:`read_graph` for :func:`write_graph`'s layout: ``{``, then per key a line ``  "key": value,``,
    where an array's items are on lines of their own (``    item,``) up to ``  ],``, then ``}``, every comma
    where JSON wants one and nowhere else. Raises :class:`_Layout` where the document is laid out otherwise
    or is no JSON there (a whole-document reader decides then), and what the items' conversion raises."""
    loads, decode_error = orjson.loads, orjson.JSONDecodeError
    if bytes(next(lines, b"")) != b"{":
        raise _Layout
    header: dict[str, Any] = {}
    graph: Graph | None = None
    seen: set[str] = set()
    known: dict[str, str] = {}
    shared: dict[Any, Any] = {}  # (equal strings, one object: see ``_relation``)
    closed = False
    more = True  # (does the line before end with a comma, so that another key must follow)
    for line in lines:
        if closed:
            if len(line):
                raise _Layout
            continue
        if line == b"}":
            if more:
                raise _Layout
            closed = True
            continue
        if not more or line[:3] != b'  "' or line[:4] == b"    ":
            raise _Layout
        colon = bytes(line[:64]).find(b'": ')
        if colon == -1:
            raise _Layout
        name = bytes(line[3:colon])
        if b"\\" in name or b'"' in name:
            raise _Layout  # (a key written with escapes: read whole, as JSON spells it)
        key = name.decode()
        value = line[colon + 3:]
        if key in seen or (key != "schema" and not seen):
            raise _Layout  # (a key twice: a whole-document reader keeps the last; the schema first, as written)
        seen.add(key)
        opens = value == b"["
        more = value[-1:] == b","
        if more:
            value = value[:-1]
        if key not in _ARRAYS:
            if graph is not None and key in _GRAPH_HEADER:
                raise _Layout  # (after the graph is made: as written, the header comes first)
            try:
                header[key] = loads(value)
            except decode_error:
                raise _Layout from None
            if key == "schema" and header[key] != SCHEMA_ID:
                raise _Layout
            continue
        if graph is None:
            if header.get("schema") != SCHEMA_ID:
                raise _Layout
            graph = Graph(root=header.get("root", ""), fingerprint=header.get("fingerprint", ""),
                          options=dict(header.get("options") or {}))
        if key == "relations":
            if "nodes" not in seen:
                raise _Layout  # (its resolved targets are checked against the nodes, written before it)
            known = {symbol.id: symbol.id for symbol in graph.symbols}
        if value == b"[]":
            continue
        if not opens:
            raise _Layout
        item_more: bool | None = None  # (None: no item yet; else: does the item before end with a comma)
        for line in lines:
            if line[:4] != b"    ":
                if (line == b"  ]" or line == b"  ],") and not item_more:
                    more = line == b"  ],"
                    break
                raise _Layout
            if item_more is False:
                raise _Layout
            item_more = line[-1:] == b","
            try:
                record = loads(line[4:-1] if item_more else line[4:])
            except decode_error:
                raise _Layout from None
            if key == "files":
                graph.files.append(_file(record))
            elif key == "nodes":
                graph.symbols.append(_node(record))
            elif key == "relations":
                graph.relations.append(_relation(record, known, shared))
            elif key == "errors":
                graph.errors.append(_error(record))
            elif key == "skipped":
                graph.skipped.append(_skipped(record))
            elif key == "projects":
                graph.projects.append(_project(record))
            elif key == "dependencies":
                graph.dependencies.append(_dependency(record))
            else:
                graph.locals.append(_local(record, shared))
        else:
            raise _Layout  # (the array never closed)
    if not closed or graph is None or not _REQUIRED <= seen:
        raise _Layout
    return graph.finalize()


def _read_whole(raw: bytes | bytearray) -> Graph:
    try:
        doc = orjson.loads(raw)
    except orjson.JSONDecodeError as exc:
        raise GraphFormatError(f"not JSON: {exc}") from None
    if not isinstance(doc, dict) or doc.get("schema") != SCHEMA_ID:
        raise GraphFormatError(f"not a codeknit graph document (expected \"schema\": \"{SCHEMA_ID}\")")
    try:
        graph = Graph(
            root=doc.get("root", ""),
            fingerprint=doc.get("fingerprint", ""),
            options=dict(doc.get("options") or {}),
        )
        graph.files = [_file(f) for f in doc["files"]]
        graph.symbols = [_node(node) for node in doc["nodes"]]
        known = {symbol.id: symbol.id for symbol in graph.symbols}
        shared: dict[Any, Any] = {}
        graph.relations = [_relation(item, known, shared) for item in doc["relations"]]
        graph.errors = [_error(e) for e in doc.get("errors", ())]
        graph.skipped = [_skipped(s) for s in doc.get("skipped", ())]
        graph.projects = [_project(p) for p in doc.get("projects", ())]
        graph.dependencies = [_dependency(d) for d in doc.get("dependencies", ())]
        graph.locals = [_local(item, shared) for item in doc.get("locals", ())]
    except GraphFormatError:
        raise
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise GraphFormatError(f"malformed graph document: {type(exc).__name__}: {exc}") from None
    return graph.finalize()
