"""Everything codeknit knows about Kotlin: its spec, manifest reader, query, adapter and resolution rules."""
