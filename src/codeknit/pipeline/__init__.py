"""The pipeline: scan → extract → resolve → assemble, and the persistent-index run (``IndexRun``)."""
