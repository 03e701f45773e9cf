"""Everything codeknit knows about rust: its query, adapter and resolution rules."""
