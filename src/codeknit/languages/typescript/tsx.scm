; TSX (.tsx): the JSX element references, then all of queries.scm (the
; include line below is replaced by that file when the query is loaded). The
; typescript grammar has no JSX nodes and the tsx grammar no ``<T>x``
; assertions, hence two queries.

; ---- JSX: a capitalised element name uses a component (``<div>`` is skipped by the adapter)
(jsx_opening_element name: (_) @reference.element)
(jsx_self_closing_element name: (_) @reference.element)

; @include typescript/queries.scm
