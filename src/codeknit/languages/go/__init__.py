"""Everything codeknit knows about go: its query, adapter and resolution rules."""
