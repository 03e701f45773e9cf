"""Everything codeknit knows about typescript: its query, adapter and resolution rules."""
