"""Everything codeknit knows about php: its query, adapter and resolution rules."""
