"""Everything codeknit knows about scala: its query, adapter and resolution rules."""
