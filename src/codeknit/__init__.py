"""codeknit: code intelligence for LLM agents."""

__version__ = "0.1.0"

from codeknit.graph import Graph  # noqa: E402
from codeknit.pipeline.run import index  # noqa: E402

__all__ = ["Graph", "__version__", "index"]
