"""A file's stored extraction is the same bytes, so the same digest, whatever the hash seed.

The persistent index keeps each file's extraction as a pickled blob with its digest. A blob that
followed set iteration (a scope's locals are a frozenset) or that shared one of several equal strings
picked by set iteration (the pickle writes an object it meets twice once) differed from process to
process for an unchanged file. Every language's resolution fixtures are extracted under three seeds.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

FIXTURES = Path(__file__).resolve().parent.parent / "resolution"

PROGRAM = """\
import json, sys
from pathlib import Path
from codeknit.pipeline.extract import extract_file
from codeknit.store.codec import dump_extraction
from codeknit.workspace.scanner import scan

digests = {}
for file in scan(Path(sys.argv[1])).files:
    digests[file.path] = dump_extraction(extract_file(file, 60.0))[1]
print(json.dumps(digests, sort_keys=True))
"""


def test_stored_extractions_do_not_depend_on_the_hash_seed() -> None:
    runs = []
    for seed in ("0", "1", "2"):
        result = subprocess.run([sys.executable, "-c", PROGRAM, str(FIXTURES)], capture_output=True, text=True,
                                env={**os.environ, "PYTHONHASHSEED": seed}, check=True, timeout=600)
        runs.append(json.loads(result.stdout))
    languages = {path.split("/")[0] for path in runs[0]}
    assert len(languages) >= 14, f"the fixtures hold every language: {sorted(languages)}"
    differing = sorted(path for path in runs[0] if len({run[path] for run in runs}) > 1)
    assert not differing, f"blobs that differ between hash seeds: {differing}"
