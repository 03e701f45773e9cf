"""Everything codeknit knows about javascript: its query, adapter and resolution rules."""
