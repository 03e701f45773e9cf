"""Everything codeknit knows about python: its query, adapter and resolution rules."""
