; TSX (.tsx): the JSX element references, then all of queries.scm (the
; include line below is replaced by that file when the query is loaded). The
; typescript grammar has no JSX nodes and the tsx grammar no ``<T>x``
; assertions, hence two queries.

; ---- JSX
; @include javascript/jsx.scm

; @include typescript/queries.scm
