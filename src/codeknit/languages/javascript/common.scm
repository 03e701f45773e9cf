; JavaScript and TypeScript, both grammars: the calls, decorators, imports, local bindings and binding
; captures for the adapter that the two languages write alike. Included by javascript/queries.scm and
; typescript/queries.scm (so by tsx.scm too), each of which adds its own (parameters, heritage, types).

; ---- references ----------------------------------------------------------------
(call_expression function: (_) @reference.call)
(new_expression constructor: (_) @reference.construct)
(decorator [(identifier) @reference.decorates (member_expression) @reference.decorates
            (call_expression function: (_) @reference.decorates)])

; ---- imports -------------------------------------------------------------------
(import_statement) @import
(export_statement source: (_)) @import
(call_expression function: (import) arguments: (arguments . (string) .)) @import
(call_expression
  function: (identifier) @_require
  arguments: (arguments . (string) .)
  (#eq? @_require "require")) @import

; ---- local bindings of patterns, declarators, catch clauses and loops (parameters: each language's), and
; for the adapter every place a name gets a value, typed or not, for the types of variables (record_var_types;
; a parameter's: each language's). A name that is both a local and such a binding is one pattern with both
; captures, not two alike: one match a name, and one analysis fewer when the query is compiled
(object_assignment_pattern left: (shorthand_property_identifier_pattern) @local)
; ``for (const x of xs)`` declares x; ``for (x of xs)`` assigns it
(for_in_statement kind: _ left: (identifier) @local)
(for_in_statement left: (identifier) @reference.write)
(variable_declarator name: (identifier) @local @adapter.binding) @adapter.declarator
(assignment_expression left: (identifier) @adapter.binding) @adapter.assignment
(arrow_function parameter: (identifier) @adapter.untyped)
(catch_clause parameter: (identifier) @local @adapter.untyped)
; a named function expression's name is bound inside it only (``function retry(n) { … retry(n - 1) … }``)
(function_expression name: (identifier) @local)
(generator_function name: (identifier) @local)
(for_in_statement left: (identifier) @adapter.binding) @adapter.loop
(rest_pattern (identifier) @local @adapter.untyped)
(array_pattern (identifier) @local @adapter.untyped)
(pair_pattern value: (identifier) @local @adapter.untyped)
(shorthand_property_identifier_pattern) @local @adapter.untyped
(assignment_pattern left: (identifier) @local @adapter.untyped)
