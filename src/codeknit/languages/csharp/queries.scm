; C#: what is a definition, a reference, an import, a local binding.
; The adapter (languages/csharp.py) names operators and indexers, reads
; modifiers, accessors, attributes and XML doc comments, and renders signatures.

; ---- definitions -----------------------------------------------------------
(namespace_declaration name: (_) @name) @definition.namespace
(file_scoped_namespace_declaration name: (_) @name) @definition.namespace
(class_declaration name: (identifier) @name) @definition.class
(struct_declaration name: (identifier) @name) @definition.struct
(interface_declaration name: (identifier) @name) @definition.interface
(record_declaration name: (identifier) @name) @definition.record
(enum_declaration name: (identifier) @name) @definition.enum
(enum_member_declaration name: (identifier) @name) @definition.enum_member
(delegate_declaration name: (identifier) @name) @definition.type_alias
(method_declaration name: (identifier) @name) @definition.method
(local_function_statement name: (identifier) @name) @definition.function
(constructor_declaration name: (identifier) @name) @definition.constructor
(destructor_declaration name: (identifier) @name) @definition.method
(operator_declaration) @definition.method
(conversion_operator_declaration) @definition.method
(property_declaration name: (identifier) @name) @definition.property
(indexer_declaration) @definition.property
(event_declaration name: (identifier) @name) @definition.field
(event_field_declaration (variable_declaration (variable_declarator name: (identifier) @name) @definition.field))
(field_declaration (variable_declaration (variable_declarator name: (identifier) @name) @definition.field))
; a positional record's parameters are its properties
(record_declaration (parameter_list (parameter name: (identifier) @name) @definition.property))
(type_parameter name: (identifier) @name) @definition.type_parameter

; ---- references --------------------------------------------------------------
(invocation_expression function: (_) @reference.call)
(object_creation_expression) @reference.call
(constructor_initializer) @reference.call
(base_list (_) @reference.base)
(attribute name: (_) @reference.decorates)

; types written in declarations and expressions
(variable_declaration type: (_) @reference.type)
(parameter type: (_) @reference.type)
(parameter_list type: (_) @reference.type)
(property_declaration type: (_) @reference.type)
(indexer_declaration type: (_) @reference.type)
(event_declaration type: (_) @reference.type)
(method_declaration returns: (_) @reference.type)
(local_function_statement type: (_) @reference.type)
(delegate_declaration type: (_) @reference.type)
(operator_declaration type: (_) @reference.type)
(conversion_operator_declaration type: (_) @reference.type)
(type_argument_list (_) @reference.type)
(type_parameter_constraint type: (_) @reference.type)
(cast_expression type: (_) @reference.type)
(typeof_expression type: (_) @reference.type)
(default_expression type: (_) @reference.type)
(declaration_pattern type: (_) @reference.type)
(declaration_expression type: (_) @reference.type)
(catch_declaration type: (_) @reference.type)
(foreach_statement type: (_) @reference.type)
(array_creation_expression type: (_) @reference.type)
(as_expression right: (_) @reference.type)
(is_expression right: (_) @reference.type)
(type_pattern type: (_) @reference.type)
(recursive_pattern type: (_) @reference.type)

; names read or written as values (locals are dropped by the adapter)
(member_access_expression) @reference.value
(argument (identifier) @reference.value)
(assignment_expression left: (identifier) @reference.value)
(assignment_expression right: (identifier) @reference.value)
(binary_expression left: (identifier) @reference.value)
(binary_expression right: (identifier) @reference.value)
(prefix_unary_expression (identifier) @reference.value)
(postfix_unary_expression (identifier) @reference.value)
(return_statement (identifier) @reference.value)
(arrow_expression_clause (identifier) @reference.value)
(variable_declarator (identifier) @reference.value)
(parenthesized_expression (identifier) @reference.value)
(conditional_expression condition: (identifier) @reference.value)
(conditional_expression consequence: (identifier) @reference.value)
(conditional_expression alternative: (identifier) @reference.value)
(cast_expression value: (identifier) @reference.value)
(element_access_expression expression: (identifier) @reference.value)
(interpolation (identifier) @reference.value)
(is_pattern_expression expression: (identifier) @reference.value)
(foreach_statement right: (identifier) @reference.value)
(initializer_expression (identifier) @reference.value)
(switch_expression (identifier) @reference.value)
(switch_statement value: (identifier) @reference.value)
(throw_statement (identifier) @reference.value)
(yield_statement (identifier) @reference.value)
(await_expression (identifier) @reference.value)
(lock_statement (identifier) @reference.value)
(lambda_expression body: (identifier) @reference.value)
(conditional_access_expression condition: (identifier) @reference.receiver)

; ---- imports -------------------------------------------------------------------
(using_directive) @import

; ---- local bindings (parameters, local variables, pattern and query variables) --
(parameter name: (identifier) @reference.local)
(parameter_list name: (identifier) @reference.local)
(implicit_parameter) @reference.local
(local_declaration_statement (variable_declaration (variable_declarator name: (identifier) @reference.local)))
(using_statement (variable_declaration (variable_declarator name: (identifier) @reference.local)))
(for_statement (variable_declaration (variable_declarator name: (identifier) @reference.local)))
(fixed_statement (variable_declaration (variable_declarator name: (identifier) @reference.local)))
(foreach_statement left: (identifier) @reference.local)
(tuple_pattern name: (identifier) @reference.local)
(catch_declaration name: (identifier) @reference.local)
(declaration_pattern name: (identifier) @reference.local)
(declaration_expression name: (identifier) @reference.local)
(parenthesized_variable_designation (identifier) @reference.local)
(var_pattern (identifier) @reference.local)
(recursive_pattern (identifier) @reference.local)
(from_clause name: (identifier) @reference.local)
(let_clause (identifier) @reference.local)
(join_clause (identifier) @reference.local)
