"""Everything codeknit knows about ruby: its query, adapter and resolution rules."""
