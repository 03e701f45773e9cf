"""Views of the graph for LLM prompts: ``.skt`` skeletons, their reader, and the minify dictionary."""

from codeknit.skeleton.document import (
    SKT_VERSION,
    EdgeLine,
    ErrorLine,
    FileSection,
    SktDocument,
    SktFormatError,
    SymbolLine,
)
from codeknit.skeleton.minify import apply_dictionary, choose_dictionary, expand, minify
from codeknit.skeleton.reader import read, read_chunks
from codeknit.skeleton.render import Renderer, RenderOptions, render
from codeknit.skeleton.writer import iter_lines, to_text, write

__all__ = [
    "SKT_VERSION",
    "EdgeLine",
    "ErrorLine",
    "FileSection",
    "RenderOptions",
    "Renderer",
    "SktDocument",
    "SktFormatError",
    "SymbolLine",
    "apply_dictionary",
    "choose_dictionary",
    "expand",
    "iter_lines",
    "minify",
    "read",
    "read_chunks",
    "render",
    "to_text",
    "write",
]
