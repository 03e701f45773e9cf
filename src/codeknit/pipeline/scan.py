"""The scan stage: the source files of a tree that a run analyses, what it leaves out, and the
projects its manifests declare. ``codeknit.index`` and the MCP server's live index both scan here."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from codeknit.graph import SkippedFile
from codeknit.languages.adapters import supported_languages
from codeknit.pipeline.options import IndexOptions
from codeknit.workspace import ScanResult, SourceFile, scan
from codeknit.workspace.manifests import ManifestScan, scan_manifests


@dataclass(slots=True)
class ScannedTree:
    """What :func:`scan_tree` found."""

    root: Path
    #: the files to extract: of a selected language that has an adapter, in path order
    files: list[SourceFile]
    #: what the scan left out, with the reason (a known language without an adapter among them)
    skipped: list[SkippedFile]
    manifests: ManifestScan
    #: the scan as the workspace made it (every file it found, the manifests' paths)
    result: ScanResult


def scan_tree(path: str | Path, options: IndexOptions) -> ScannedTree:
    """Scan ``path`` (a directory or a file) with the options' exclusions, test files, size limit
    and languages; read the manifests the walk found (none for a single file)."""
    languages = list(options.languages) if options.languages else None
    result = scan(
        path, exclude=options.exclude, collect_tests=options.collect_tests, max_file_size=options.max_file_size,
        languages=languages,
    )
    supported = supported_languages()
    wanted = [lang for lang in (languages or supported) if lang in supported]
    skipped = [SkippedFile(s.path, s.reason) for s in result.skipped]
    files: list[SourceFile] = []
    for file in result.files:
        if file.language in wanted:
            files.append(file)
        elif languages is None or file.language in languages:
            skipped.append(SkippedFile(file.path, f"language {file.language} is not supported yet"))
    manifests = (
        scan_manifests(result.root, exclude=options.exclude, root_name=result.root.name, found=result.manifests)
        if Path(path).is_dir() else ManifestScan()
    )
    return ScannedTree(result.root, files, skipped, manifests, result)


__all__ = ["ScannedTree", "scan_tree"]
