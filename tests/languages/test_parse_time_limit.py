"""A parse under a time limit reads its source through a callback, which the tree keeps: every ``node.text``
of it reads through that callback. The time limit must change neither the tree's texts nor the extraction."""

from __future__ import annotations

from codeknit.languages import engine
from codeknit.languages.adapters import extract
from codeknit.languages.engine import parse_within

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
