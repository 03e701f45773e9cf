; C: what is a definition, a reference, a local binding.
; The adapter (languages/c.py) reads declarators (prototype or variable?),
; renders signatures and drops definitions local to a function body.
; queries/cpp.scm repeats these patterns for the C++ grammar and adds its own.

; ---- definitions -----------------------------------------------------------
(function_definition) @definition.function
; each declarator of a declaration: a global, an extern, or a prototype
(declaration declarator: (_) @definition.variable)
(field_declaration declarator: (_) @definition.field)
(type_definition declarator: (_) @definition.type_alias)
(struct_specifier name: (_) @name body: (_)) @definition.struct
(union_specifier name: (_) @name body: (_)) @definition.union
(enum_specifier name: (_) @name body: (_)) @definition.enum
(enumerator name: (identifier) @name) @definition.enum_member
(preproc_def name: (identifier) @name) @definition.constant
(preproc_function_def name: (identifier) @name) @definition.macro
(preproc_include) @definition.include

; ---- references --------------------------------------------------------------
(call_expression function: (_) @reference.call)
(_ type: (type_identifier) @reference.type)
; ``struct S *p``: a tag used without a body
(_ type: (struct_specifier !body) @reference.type)
(_ type: (union_specifier !body) @reference.type)
(_ type: (enum_specifier !body) @reference.type)

; ---- local bindings inside callables --------------------------------------------
; a declarator binds the name it wraps (``*p``, ``xs[3]``, ``(*cb)(int)``, ``x = 1``); the adapter
; unwraps it and skips prototypes (``int g(int);`` in a body names the global ``g``)
(parameter_declaration declarator: (_) @reference.local)
(declaration declarator: (_) @reference.local)
