"""Everything codeknit knows about java: its query, adapter and resolution rules."""
