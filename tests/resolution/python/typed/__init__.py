"""Receiver typing: annotations, constructors, declared fields and return types."""
