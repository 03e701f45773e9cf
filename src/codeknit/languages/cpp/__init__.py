"""Everything codeknit knows about cpp: its query, adapter and resolution rules."""
