; Python: what is a definition, a reference, an import, a local binding.
; The adapter (languages/python.py) refines kinds (method, property, constant…)
; and renders signatures.

; ---- definitions -----------------------------------------------------------
(class_definition name: (identifier) @name) @definition.class
(function_definition name: (identifier) @name) @definition.function
(type_alias_statement left: (type (identifier) @name)) @definition.type_alias
; a lambda is a function named <lambdaN>: N counts the lambdas of its enclosing scope, in source order
(lambda) @definition.lambda

; module-level and class-level assignments (annotated or not); tuple targets too
(module (expression_statement (assignment left: (identifier) @name) @definition.variable))
(module (expression_statement (assignment left: (pattern_list (identifier) @name)) @definition.variable))
(module (assignment left: (identifier) @name) @definition.variable)
(class_definition body: (block (expression_statement (assignment left: (identifier) @name) @definition.field)))
(class_definition body: (block (assignment left: (identifier) @name) @definition.field))

; ---- references --------------------------------------------------------------
(call function: (_) @reference.call)
(class_definition superclasses: (argument_list [(identifier) (attribute)] @reference.inherits))
(decorator [(identifier) (attribute)] @reference.decorates)
(decorator (call function: [(identifier) (attribute)] @reference.decorates))
(type) @reference.type

; ---- imports -------------------------------------------------------------------
(import_statement) @import
(import_from_statement) @import

; ---- local bindings inside callables --------------------------------------------
(parameters (identifier) @local)
(parameters (typed_parameter (identifier) @local))
(parameters (default_parameter name: (identifier) @local))
(parameters (typed_default_parameter name: (identifier) @local))
(parameters (list_splat_pattern (identifier) @local))
(parameters (dictionary_splat_pattern (identifier) @local))
(parameters (typed_parameter (list_splat_pattern (identifier) @local)))
(parameters (typed_parameter (dictionary_splat_pattern (identifier) @local)))
(lambda_parameters (identifier) @local)
(assignment left: (identifier) @local)
(assignment left: (pattern_list (identifier) @local))
(assignment left: (tuple_pattern (identifier) @local))
(augmented_assignment left: (identifier) @local)
(for_statement left: (identifier) @local)
(for_statement left: (pattern_list (identifier) @local))
(named_expression name: (identifier) @local)
(as_pattern alias: (as_pattern_target (identifier) @local))
(with_item value: (as_pattern alias: (as_pattern_target (identifier) @local)))
(except_clause (as_pattern alias: (as_pattern_target (identifier) @local)))
(global_statement (identifier) @global)
(nonlocal_statement (identifier) @global)
