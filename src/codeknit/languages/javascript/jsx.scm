; JSX (javascript's queries and TypeScript's tsx.scm include this file): a capitalised element name uses a
; component (``<div>`` is skipped by the adapter)
(jsx_opening_element name: (_) @reference.element)
(jsx_self_closing_element name: (_) @reference.element)
; a lowercase (or dashed) tag names an intrinsic element (``<label>``, ``</label>``, ``<my-el />``), never a
; variable, as TypeScript and Babel read it: no value use of a same-named project definition
([(jsx_opening_element name: (identifier) @nonuse)
  (jsx_closing_element name: (identifier) @nonuse)
  (jsx_self_closing_element name: (identifier) @nonuse)]
 (#match? @nonuse "^[a-z]|-"))
