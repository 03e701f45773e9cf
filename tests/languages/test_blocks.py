"""The engine's ``@scope`` block index: the innermost block around a range, found by walking up
enclosing blocks, gives what a scan back over every earlier block gives (the scan was quadratic on
a bundle with thousands of sibling blocks; bench/large_file.py measures the time)."""

from __future__ import annotations

from dataclasses import dataclass

from hypothesis import given, settings
from hypothesis import strategies as st

from codeknit.languages.engine import Blocks


@dataclass(frozen=True)
class Block:
    start_byte: int
    end_byte: int

    @property
    def byte_range(self) -> tuple[int, int]:
        return self.start_byte, self.end_byte


@st.composite
def nested_blocks(draw: st.DrawFn) -> list[Block]:
    """Properly nested ranges, as syntax nodes are: a random tree laid out left to right."""
    blocks: list[Block] = []

    def grow(start: int, depth: int) -> int:
        at = start
        for _ in range(draw(st.integers(0, 3 if depth < 4 else 0))):
            at += draw(st.integers(0, 3))
            inner_end = grow(at + 1, depth + 1) + draw(st.integers(0, 3))
            blocks.append(Block(at, inner_end))
            at = inner_end + 1
        return at

    grow(0, 0)
    return blocks


def scan(blocks: list[Block], start: int, end: int, within: tuple[int, int]) -> tuple[int, int] | None:
    ranges = sorted({(b.start_byte, b.end_byte) for b in blocks}, key=lambda r: (r[0], -r[1]))
    for block_start, block_end in reversed([r for r in ranges if r[0] <= start]):
        if block_start < within[0]:
            return None
        if end <= block_end <= within[1]:
            return block_start, block_end
    return None


@settings(max_examples=300, deadline=None)
@given(nested_blocks(), st.data())
def test_innermost_equals_a_scan_over_every_block(blocks: list[Block], data: st.DataObject) -> None:
    index = Blocks(blocks)  # type: ignore[arg-type]
    top = max((b.end_byte for b in blocks), default=0) + 2
    start = data.draw(st.integers(0, top))
    end = data.draw(st.integers(start, top))
    low = data.draw(st.integers(0, start))
    within = (low, data.draw(st.integers(end, top + 2)))
    found = index.innermost(start, end, within)
    assert found == scan(blocks, start, end, within)
