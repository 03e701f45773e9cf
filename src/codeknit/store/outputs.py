"""Rendered output of earlier runs, kept beside the index database.

A re-run over an unchanged tree, asked for the same output, gets exactly the bytes it wrote
last time (output is deterministic). Keeping them saves loading the graph and rendering it
again: on the Go standard library, the graph JSON alone is about 300 MB and takes seconds to
render. Entries live in ``<database>.outputs/<key>/``, where the key is a digest of the graph's
key, the rendering options and codeknit's code; each holds the files and a ``manifest.json``
with every file's size and SHA-256 and the run's summary figures.

Nothing here is trusted blindly: a file is checked against its SHA-256 while it is copied out,
and an entry that is missing, malformed or damaged is treated as absent (and removed). The
cache is an optimisation only: a failure to save never fails the run.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import shutil
import tempfile
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

#: rendered outputs kept per analysed root (the newest by use)
KEEP_OUTPUTS = 2
_MANIFEST = "manifest.json"
_CHUNK = 1 << 20


class OutputCorrupt(RuntimeError):
    """A stored output did not match its manifest (changed or truncated on disk)."""


@dataclass(frozen=True, slots=True)
class StoredOutput:
    folder: Path
    files: tuple[tuple[str, int, str], ...]  # name, size, sha256, in writing order
    summary: Mapping[str, Any]


def outputs_folder(database: Path) -> Path:
    """Where the rendered outputs of the index database at ``database`` are kept."""
    return database.with_name(f"{database.stem}.outputs")


def output_key(graph_key: str, options: Mapping[str, Any], code: str) -> str:
    """The entry of ``graph_key`` rendered with ``options`` by the code whose digest is ``code``."""
    payload = json.dumps([graph_key, code, dict(options)], sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(payload.encode()).hexdigest()


def _keep(path: Path, target: Path) -> None:
    """``target`` as a hard link to ``path``; where the file system refuses one (another device, no
    links), a copy made by the kernel. A link costs no time and no disk: on the Go standard library the
    copy of its 388 MB ``graph.json`` took 0.2 s of CPU (effect's, 0.1 s), and as much disk again."""
    try:
        os.link(path, target)
    except OSError:
        shutil.copyfile(path, target)


class OutputCache:
    """The rendered outputs of one root, in ``folder``."""

    def __init__(self, folder: Path, keep: int = KEEP_OUTPUTS) -> None:
        self.folder = folder
        self.keep = keep

    def find(self, key: str) -> StoredOutput | None:
        """The entry under ``key``, if it is there and its manifest is sound."""
        entry = self.folder / key
        try:
            manifest = json.loads((entry / _MANIFEST).read_bytes())
            files = tuple((str(n), int(s), str(h)) for n, s, h in manifest["files"])
            summary = manifest["summary"]
            if not isinstance(summary, dict) or any(
                not name or name.startswith("/") or ".." in name.split("/") for name, _s, _h in files
            ):
                raise ValueError("unexpected manifest")
            os.utime(entry)  # the newest by use is kept longest
        except FileNotFoundError:
            return None
        except (OSError, ValueError, TypeError, KeyError):
            self.discard(key)
            return None
        return StoredOutput(entry, files, summary)

    @staticmethod
    def writer(stored: StoredOutput, name: str) -> Callable[[IO[bytes]], None]:
        """Copy one stored file to an open binary file, checking it against its manifest on the
        way (raises :class:`OutputCorrupt`: the caller then renders the output afresh)."""
        size, sha = next((s, h) for n, s, h in stored.files if n == name)

        def write(out: IO[bytes]) -> None:
            digest = hashlib.sha256()
            copied = 0
            try:
                with (stored.folder / "files" / name).open("rb") as source:
                    while chunk := source.read(_CHUNK):
                        digest.update(chunk)
                        out.write(chunk)
                        copied += len(chunk)
            except OSError as exc:
                raise OutputCorrupt(f"stored output {name} cannot be read: {exc}") from exc
            if copied != size or digest.hexdigest() != sha:
                raise OutputCorrupt(f"stored output {name} does not match its manifest")

        return write

    def save(self, key: str, files: Sequence[tuple[str, Path]], summary: Mapping[str, Any],
             digests: Mapping[str, str] | None = None) -> bool:
        """Keep copies of ``files`` (name, written path) under ``key``; False if that failed. ``digests``
        (name → SHA-256, as the writer hashed the bytes it wrote) spares reading a file once more to hash
        it: the entry then takes the written file itself, as a second link to it (:func:`_keep`), so that
        nothing is copied. Should the file change afterwards (an edit in place changes both names), its
        entry no longer matches and is dropped when read (:meth:`writer`)."""
        staging: Path | None = None
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            staging = Path(tempfile.mkdtemp(prefix=".saving-", dir=self.folder))
            listed = []
            for name, path in files:
                target = staging / "files" / name
                target.parent.mkdir(parents=True, exist_ok=True)
                known = digests.get(name) if digests is not None else None
                if known is not None:
                    _keep(path, target)
                    listed.append([name, target.stat().st_size, known])
                    continue
                digest = hashlib.sha256()
                size = 0
                with path.open("rb") as source, target.open("wb") as out:
                    while chunk := source.read(_CHUNK):
                        digest.update(chunk)
                        out.write(chunk)
                        size += len(chunk)
                listed.append([name, size, digest.hexdigest()])
            manifest = {"files": listed, "summary": dict(summary)}
            (staging / _MANIFEST).write_bytes(json.dumps(manifest, sort_keys=True).encode())
            final = self.folder / key
            if final.exists():
                shutil.rmtree(final, ignore_errors=True)
            os.replace(staging, final)  # readers see a whole entry or none
            staging = None
        except OSError:
            return False
        finally:
            if staging is not None:
                shutil.rmtree(staging, ignore_errors=True)
        self._evict()
        return True

    def discard(self, key: str) -> None:
        shutil.rmtree(self.folder / key, ignore_errors=True)

    def clear(self) -> None:
        shutil.rmtree(self.folder, ignore_errors=True)

    def _evict(self) -> None:
        """Keep the ``keep`` entries used last, and no staging folder left by an interrupted save."""
        with contextlib.suppress(OSError):
            entries = []
            stale = time.time_ns() - 3600 * 10**9
            for child in self.folder.iterdir():
                with contextlib.suppress(OSError):
                    mtime = child.stat().st_mtime_ns
                    if not child.name.startswith(".saving-"):
                        entries.append((mtime, child.name))
                    elif mtime < stale:  # a save that was interrupted long ago
                        shutil.rmtree(child, ignore_errors=True)
            for _mtime, name in sorted(entries, reverse=True)[self.keep:]:
                self.discard(name)
