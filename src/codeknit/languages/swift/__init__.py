"""Everything codeknit knows about Swift: its spec, manifest readers, query, adapter and resolution rules."""
