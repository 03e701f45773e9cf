"""Name resolution: from per-file extractions to one graph whose edges say how sure they are.

``resolver.py`` (the :class:`~codeknit.resolve.resolver.Resolver` and ``build_graph``) and its
concerns (``imports``, ``scopes``, ``members``, ``types``, ``emit`` over ``state``); ``api.py``,
what a language's rules see; ``scoped.py`` and ``receivers.py``, rule code several languages share;
``interface.py``, what other files' resolution can read from a file.
"""
