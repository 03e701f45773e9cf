"""The persistent index: per-file extractions and finished graphs in SQLite, outside the repository."""

from codeknit.store.codec import CorruptEntry
from codeknit.store.db import CachedGraph, FileState, IndexStore, StoreError, clear_cache
from codeknit.store.location import cache_root, database_path

__all__ = [
    "CachedGraph", "CorruptEntry", "FileState", "IndexStore", "StoreError", "cache_root", "clear_cache",
    "database_path",
]
