; C#: what is a definition, a reference, an import, a local binding.
; The adapter (csharp/adapter.py) names operators and indexers, reads
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
(type_parameter_constraints_clause . (identifier) @reference.type)
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

; names used as values: every name and member access is a read where it stands (a larger capture
; ending at the same token wins: ``a.B`` over ``B``), but for the names that are no use of a value
; (a called method's name, a named argument's, a qualified namespace's parts, a label); a type
; name's token is its type reference
(identifier) @reference.value
(member_access_expression) @reference.value
(assignment_expression left: [(identifier) (member_access_expression)] @reference.write)
(postfix_unary_expression [(identifier) (member_access_expression)] @reference.write ["++" "--"])
(prefix_unary_expression ["++" "--"] [(identifier) (member_access_expression)] @reference.write)
(invocation_expression function: (member_access_expression name: (_) @nonuse))
(invocation_expression function: (generic_name (identifier) @nonuse))
(qualified_name (identifier) @nonuse)
(using_directive name: (identifier) @nonuse)
(argument name: (identifier) @nonuse)
(member_binding_expression name: (_) @nonuse)
(initializer_expression (assignment_expression left: (identifier) @nonuse))
(labeled_statement (identifier) @nonuse)
(goto_statement (identifier) @nonuse)

; ---- imports -------------------------------------------------------------------
(using_directive) @import

; ---- local bindings (parameters, local variables, pattern and query variables) --
; (``@reference.local`` too: the adapter types them, ``var_types``)
(parameter name: (identifier) @local.parameter @reference.local)
(parameter_list name: (identifier) @local.parameter @reference.local)
(implicit_parameter) @local.parameter @reference.local
(local_declaration_statement (variable_declaration (variable_declarator name: (identifier) @local.let @reference.local)))
(using_statement (variable_declaration (variable_declarator name: (identifier) @local.variable @reference.local)))
(for_statement (variable_declaration (variable_declarator name: (identifier) @local.variable @reference.local)))
(fixed_statement (variable_declaration (variable_declarator name: (identifier) @local.variable @reference.local)))
(foreach_statement left: (identifier) @local.variable @reference.local)
(tuple_pattern name: (identifier) @local.let @reference.local)
(catch_declaration name: (identifier) @local.variable @reference.local)
(declaration_pattern name: (identifier) @local.let @reference.local)
(declaration_expression name: (identifier) @local.let @reference.local)
(parenthesized_variable_designation (identifier) @local.let @reference.local)
(var_pattern (identifier) @local.let @reference.local)
(recursive_pattern name: (identifier) @local.let @reference.local)
(from_clause name: (identifier) @local.variable @reference.local)
(let_clause (identifier) @local.variable @reference.local)
(join_clause (identifier) @local.variable @reference.local)
; the blocks that hold them (a class or struct with a primary constructor holds its parameters)
[(block) (lambda_expression) (anonymous_method_expression) (for_statement) (foreach_statement) (catch_clause)
 (using_statement) (fixed_statement) (query_expression)] @scope
(class_declaration (parameter_list)) @scope
(struct_declaration (parameter_list)) @scope
