"""codeknit's version, in a module of its own: the graph, the store and the exporters stamp it on
what they write, and importing it loads nothing else."""

__version__ = "0.1.0"
