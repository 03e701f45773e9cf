"""A file's declarations travel packed (names and integers), and a run's decoding keeps them so until
the file's pass reads them (``records.declarations_of``): round trips, the names packing cannot hold,
and a pack that is not one."""

from __future__ import annotations

import pickle

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from codeknit.graph.model import LocalKind
from codeknit.languages.adapters import extract
from codeknit.languages.records import (
    Extraction,
    RawLocal,
    declarations_of,
    declares_any,
    pack_declarations,
    unpack_declarations,
)
from codeknit.store import CorruptEntry, codec

_numbers = st.integers(min_value=0, max_value=2**31 - 1)
_spans = st.tuples(_numbers, _numbers, _numbers, _numbers)
_locals = st.builds(RawLocal, st.integers(min_value=0, max_value=10**6), st.text(max_size=12),
                    st.sampled_from(list(LocalKind)), _spans, _spans)


@settings(max_examples=200, deadline=None)
@given(st.lists(_locals, max_size=20))
def test_packed_declarations_read_back_as_they_were(declarations: list[RawLocal]) -> None:
    packed = pack_declarations(declarations)
    if not declarations or any("\0" in d.name for d in declarations):
        assert packed is None  # (none to pack, or a name the pack's separator cannot hold)
        return
    assert packed is not None
    assert unpack_declarations(packed) == declarations
    shared: dict[int, int] = {}
    assert unpack_declarations(packed, shared.setdefault) == declarations


@settings(max_examples=100, deadline=None)
@given(st.lists(_locals, max_size=12))
def test_an_extraction_round_trips_through_the_codec_with_its_declarations(declarations: list[RawLocal]) -> None:
    made = Extraction("a.ts", "typescript", "0" * 64, 0, declarations=list(declarations))
    data, digest = codec.dump_extraction(made)
    plain = codec.load_extraction(data, digest)
    shared = codec.load_extraction(data, digest, share=True)
    assert plain == made
    assert declares_any(shared) is bool(declarations)
    assert declarations_of(shared) == declarations and shared == made
    # an extraction read back packed is written out the same (the index stores what it was given)
    again = codec.load_extraction(data, digest, share=True)
    assert codec.dump_extraction(again) == (data, digest)


def test_a_run_reads_a_files_declarations_from_the_pack_at_its_pass() -> None:
    source = b"def f(a, b):\n    c = a + b\n    return c\n"
    made = extract("m.py", "python", source, 10.0)
    data, digest = codec.dump_extraction(made)
    shared = codec.load_extraction(data, digest, share=True)
    assert shared.declarations == [] and shared.packed_declarations is not None
    assert [d.name for d in declarations_of(shared)] == ["a", "b", "c"]
    assert shared.packed_declarations is None  # (unpacked once: held as records from then on)
    assert declarations_of(shared) is shared.declarations


@pytest.mark.parametrize("packed", [
    ("a\0b", b"\0" * 40),  # two names, one declaration's numbers
    ("a", b"\0" * 39),  # numbers not a whole declaration
    (b"a", b"\0" * 40),  # names not text
])
def test_a_pack_that_is_not_one_is_a_corrupt_entry(packed: tuple[object, bytes]) -> None:
    made = Extraction("m.py", "python", "0" * 64, 0, declarations=[
        RawLocal(1, "a", LocalKind.PARAMETER, (1, 0, 1, 1), (1, 0, 2, 0))])
    data, _digest = codec.dump_extraction(made)
    row = pickle.loads(data)
    fields = [f for f in Extraction.__dataclass_fields__]
    row[fields.index("declarations")] = packed
    forged, forged_digest = codec.dumps(row)
    with pytest.raises(CorruptEntry, match="unexpected shape"):
        codec.load_extraction(forged, forged_digest, share=True)
    with pytest.raises(CorruptEntry, match="unexpected shape"):
        codec.load_extraction(forged, forged_digest)
