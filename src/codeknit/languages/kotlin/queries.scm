; Kotlin: what is a definition, a reference, an import, a local binding.
; The grammar has no field names: patterns name node types and anonymous keywords. The adapter
; (adapter.py) reads kinds off the keywords and modifiers, renders signatures and types receivers.

; ---- definitions -----------------------------------------------------------
; class, interface, enum class, annotation class, fun interface (the adapter tells them apart)
(class_declaration (type_identifier) @name) @definition.class
(object_declaration (type_identifier) @name) @definition.class
(function_declaration (simple_identifier) @name) @definition.function
(secondary_constructor) @definition.constructor
(type_alias (type_identifier) @name) @definition.type_alias
(enum_entry (simple_identifier) @name) @definition.enum_member
(type_parameter (type_identifier) @name) @definition.type_parameter
; properties of a class, object or companion object, and top-level ones (not locals)
(class_body (property_declaration (variable_declaration (simple_identifier) @name)) @definition.property)
(enum_class_body (property_declaration (variable_declaration (simple_identifier) @name)) @definition.property)
(source_file (property_declaration (variable_declaration (simple_identifier) @name)) @definition.variable)
; ``class C(val x: Int)``: a parameter declared ``val``/``var`` is a property
(class_parameter (binding_pattern_kind) (simple_identifier) @name) @definition.property

; ---- references --------------------------------------------------------------
(call_expression . (_) @reference.call)
(callable_reference) @reference.call
; ``a to b``: an infix function call
(infix_expression . (_) . (simple_identifier) @reference.infix . (_) .)
; supertypes: a constructor call is the superclass, a bare type an interface (or, for an
; interface, its base); ``by`` delegates an interface
(delegation_specifier (constructor_invocation (user_type) @reference.inherits))
(delegation_specifier (user_type) @reference.implements)
(explicit_delegation (user_type) @reference.implements)
(annotation (user_type) @reference.decorates)
(annotation (constructor_invocation (user_type) @reference.decorates))
(user_type) @reference.type
; names read as values (locals are dropped by the adapter)
(navigation_expression) @reference.value
(value_argument (simple_identifier) @reference.value .)  ; (not the name of a named argument)
(property_declaration (simple_identifier) @reference.value)
(assignment (simple_identifier) @reference.value)
(jump_expression (simple_identifier) @reference.value)
(function_body (simple_identifier) @reference.value)
(statements (simple_identifier) @reference.value)
(comparison_expression (simple_identifier) @reference.value)
(equality_expression (simple_identifier) @reference.value)
(additive_expression (simple_identifier) @reference.value)
(multiplicative_expression (simple_identifier) @reference.value)
(elvis_expression (simple_identifier) @reference.value)
(when_subject (simple_identifier) @reference.value)
(string_literal (interpolated_identifier) @reference.value)
(interpolated_expression (simple_identifier) @reference.value)

; what the adapter needs to know about user types: those that are not plain type uses (a
; supertype, recorded as inherits/implements) and the declaration an annotation is on (the one
; whose modifiers hold it)
(delegation_specifier (user_type) @adapter.supertype)
(constructor_invocation (user_type) @adapter.supertype)
(explicit_delegation (user_type) @adapter.supertype)
(modifiers (annotation (user_type) @adapter.annotated)) @adapter.modifiers
(modifiers (annotation (constructor_invocation (user_type) @adapter.annotated))) @adapter.modifiers
; a chain that is a call's callee, or the head of a longer chain, is no read of its own
(call_expression . (navigation_expression) @adapter.not_a_read)
(navigation_expression . (navigation_expression) @adapter.not_a_read)
; KDoc comments, to find a declaration's documentation by line
(multiline_comment) @adapter.comment

; ---- imports -------------------------------------------------------------------
(import_header) @import

; ---- local bindings (parameters, local values, loop, lambda and catch variables) --
(parameter (simple_identifier) @reference.local)
(class_parameter (simple_identifier) @reference.local)
(statements (property_declaration (variable_declaration (simple_identifier) @reference.local)))
(statements (property_declaration (multi_variable_declaration (variable_declaration (simple_identifier) @reference.local))))
(for_statement (variable_declaration (simple_identifier) @reference.local))
(for_statement (multi_variable_declaration (variable_declaration (simple_identifier) @reference.local)))
(lambda_parameters (variable_declaration (simple_identifier) @reference.local))
(catch_block (simple_identifier) @reference.local)
