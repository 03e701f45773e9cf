"""A parse under a time limit reads its source through a callback, which the tree keeps: every ``node.text``
of it reads through that callback. The time limit must change neither the tree's texts nor the extraction."""

from __future__ import annotations

import signal
from typing import TYPE_CHECKING

import pytest

from codeknit.languages import engine
from codeknit.languages.adapters import extract
from codeknit.languages.engine import parse_within

if TYPE_CHECKING:
    from types import FrameType

#: a TypeScript file over the parse's read chunk (16 kB), with names, long nodes, non-ASCII text and an object
#: literal of many keys (whose shape reads every key's text)
SOURCE = ("".join(f"export function f{i}(a: number, é{i}: string): string {{\n  return `${{a}} {i}` + é{i};\n}}\n\n"
                  for i in range(400))
          + "export const table = {\n" + "".join(f"  k{i}: {i},\n" for i in range(2000)) + "};\n").encode()


def test_every_node_text_of_a_tree_parsed_under_a_time_limit_is_its_source() -> None:
    assert len(SOURCE) > 3 * engine._READ_CHUNK
    tree = parse_within("typescript", SOURCE, time_limit=30)
    stack, checked = [tree.root_node], 0
    while stack:
        node = stack.pop()
        assert node.text == SOURCE[node.start_byte:node.end_byte]
        checked += 1
        stack.extend(node.children)
    assert checked > 20_000


def test_a_time_limit_leaves_the_extraction_as_it_is() -> None:
    assert extract("big.ts", "typescript", SOURCE, time_limit=30) == extract("big.ts", "typescript", SOURCE)


#: Scala, parsed with the language pack's grammar (``scala``), whose lexer goes back for every token: its scanner
#: asks for the source once per token, not per chunk (codeknit reads Scala with the ``tree_sitter_scala`` wheel's
#: grammar now, which reads a chunk at a time; the pack's keeps the case this test guards for any such lexer)
SCALA = "".join(f"object O{i} {{\n  def f(x: Int): Int = x + {i}\n  val s = \"v{i}\"\n}}\n"
                for i in range(1500)).encode()


def test_a_parse_under_a_time_limit_leaves_nothing_behind_per_read() -> None:
    """The bindings never let go of an object a read returns: a new 16 kB copy per read of a Scala file (whose
    lexer reads once per token) held 2 GB at the end of cats-core's extraction, and a new view per read still
    184 bytes each. What a parse leaves once its tree is gone must not grow with its reads."""
    import gc
    import tracemalloc

    assert len(SCALA) > 4 * engine._READ_CHUNK
    reads = 0
    parser = engine._parser("scala")
    view = memoryview(SCALA)

    def count(offset: int, _point: tuple[int, int]) -> memoryview:
        nonlocal reads
        reads += 1
        return view[offset:offset + engine._READ_CHUNK]

    parser.parse(count)
    assert reads > 10_000  # (the case this guards: a read per token)
    first = parse_within("scala", SCALA, time_limit=30)  # (what the first parse imports or caches is not counted)
    assert not first.root_node.has_error
    assert first.root_node.children[0].text == b"object O0 {\n  def f(x: Int): Int = x + 0\n  val s = \"v0\"\n}"
    del first
    gc.collect()
    tracemalloc.start()
    try:
        tree = parse_within("scala", SCALA, time_limit=30)
        assert str(tree.root_node) == str(parser.parse(SCALA).root_node)
        del tree
        gc.collect()
        left = tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()
    assert left < 256 * 1024, f"a parse of {len(SCALA):,} bytes left {left:,} bytes behind"


#: a C file that takes far longer than 20 ms to parse (about 2.5 MB)
_LONG_C = b"".join(b'int f%d(int x) { return x * %d + g(x, "s"); }\n' % (i, i) for i in range(50_000))


def test_a_parse_past_its_limit_is_a_timeout() -> None:
    """The bindings go on parsing after a read callback raises, read again with the exception still set, and
    report a ``SystemError`` (``time.monotonic`` "returned a result with an exception set"): once a file's
    parse ran out of time it was an "internal error", or another file's in the same run. The callback ends the
    input instead, and the timeout is raised after the parse."""
    for _ in range(3):
        with pytest.raises(engine.ParseTimeout):
            parse_within("c", _LONG_C, 0.02)
    assert parse_within("c", b"int main(void) { return 0; }\n" * 1000, 5.0).root_node.has_error is False


@pytest.mark.skipif(not hasattr(signal, "setitimer"), reason="needs an interval timer")
def test_a_signal_during_a_parse_raises_its_own_exception() -> None:
    """A handler that raises (the extraction's alarm, Ctrl-C, SIGTERM) and lands in the read callback defers
    (``defer_in_read``): its exception arrives once the parse has returned, as itself, not as a
    ``SystemError``; and the parser is left ready for the next file."""

    class Alarm(BaseException):
        pass

    def expire(signum: int, frame: FrameType | None) -> None:
        if engine.defer_in_read(signum, frame):
            return
        raise Alarm

    previous = signal.signal(signal.SIGALRM, expire)
    try:
        signal.setitimer(signal.ITIMER_REAL, 0.02)
        with pytest.raises(Alarm):
            parse_within("c", _LONG_C, 60.0)
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
    tree = parse_within("c", b"int main(void) { return 0; }\n" * 1000, 5.0)
    assert tree.root_node.has_error is False and tree.root_node.child_count == 1000
