"""codeknit: code intelligence for LLM agents."""

from codeknit.graph import Graph
from codeknit.pipeline.index import index
from codeknit.version import __version__

__all__ = ["Graph", "__version__", "index"]
