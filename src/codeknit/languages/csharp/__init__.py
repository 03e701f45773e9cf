"""Everything codeknit knows about csharp: its query, adapter and resolution rules."""
