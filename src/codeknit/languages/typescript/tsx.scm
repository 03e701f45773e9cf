; TSX (.tsx): the JSX element references, then all of queries.scm (the
; include line below is replaced by that file when the query is loaded). The
; typescript grammar has no JSX nodes and the tsx grammar no ``<T>x``
; assertions, hence two queries.

; ---- JSX: a capitalised element name uses a component (``<div>`` is skipped by the adapter)
(jsx_opening_element name: (_) @reference.element)
(jsx_self_closing_element name: (_) @reference.element)
; a lowercase (or dashed) tag names an intrinsic element (``<label>``, ``</label>``, ``<my-el />``), never a
; variable, as TypeScript and Babel read it: no value use of a same-named project definition
([(jsx_opening_element name: (identifier) @nonuse)
  (jsx_closing_element name: (identifier) @nonuse)
  (jsx_self_closing_element name: (identifier) @nonuse)]
 (#match? @nonuse "^[a-z]|-"))

; @include typescript/queries.scm
