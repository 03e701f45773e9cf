"""Everything codeknit knows about c: its query, adapter and resolution rules."""
