; Java: what is a definition, a reference, an import, a local binding.
; The adapter (languages/java.py) refines kinds (constant, anonymous classes…),
; renders signatures and reads modifiers, annotations and Javadoc.

; ---- definitions -----------------------------------------------------------
(class_declaration name: (identifier) @name) @definition.class
(interface_declaration name: (identifier) @name) @definition.interface
(enum_declaration name: (identifier) @name) @definition.enum
(record_declaration name: (identifier) @name) @definition.record
(annotation_type_declaration name: (identifier) @name) @definition.annotation
(enum_constant name: (identifier) @name) @definition.enum_member
(method_declaration name: (identifier) @name) @definition.method
(annotation_type_element_declaration name: (identifier) @name) @definition.method
(constructor_declaration name: (identifier) @name) @definition.constructor
(compact_constructor_declaration name: (identifier) @name) @definition.constructor
(field_declaration declarator: (variable_declarator name: (identifier) @name) @definition.field)
(constant_declaration declarator: (variable_declarator name: (identifier) @name) @definition.field)
; record components are the record's fields
(record_declaration parameters: (formal_parameters (formal_parameter name: (identifier) @name) @definition.field))
(type_parameter . (type_identifier) @name) @definition.type_parameter
; anonymous classes: ``new T() {…}`` and an enum constant's body (named ``$1``, ``$2``… by the adapter)
(object_creation_expression (class_body)) @definition.class
(enum_constant body: (class_body) @definition.class)

; ---- references --------------------------------------------------------------
(method_invocation) @reference.call
(object_creation_expression) @reference.call
(explicit_constructor_invocation) @reference.call
(method_reference) @reference.call
(superclass (_) @reference.inherits)
(super_interfaces (type_list (_) @reference.implements))
(extends_interfaces (type_list (_) @reference.inherits))
(marker_annotation name: (_) @reference.decorates)
(annotation name: (_) @reference.decorates)
[(type_identifier) (scoped_type_identifier)] @reference.type

; names read or written as values (locals are dropped by the adapter)
(field_access) @reference.value
(assignment_expression left: (identifier) @reference.value)
(assignment_expression right: (identifier) @reference.value)
(binary_expression left: (identifier) @reference.value)
(binary_expression right: (identifier) @reference.value)
(unary_expression operand: (identifier) @reference.value)
(update_expression (identifier) @reference.value)
(argument_list (identifier) @reference.value)
(return_statement (identifier) @reference.value)
(variable_declarator value: (identifier) @reference.value)
(array_access array: (identifier) @reference.value)
(array_access index: (identifier) @reference.value)
(parenthesized_expression (identifier) @reference.value)
(ternary_expression condition: (identifier) @reference.value)
(ternary_expression consequence: (identifier) @reference.value)
(ternary_expression alternative: (identifier) @reference.value)
(cast_expression value: (identifier) @reference.value)
(instanceof_expression left: (identifier) @reference.value)
(enhanced_for_statement value: (identifier) @reference.value)
(array_initializer (identifier) @reference.value)
(element_value_array_initializer (identifier) @reference.value)
(element_value_pair value: (identifier) @reference.value)
(annotation_argument_list (identifier) @reference.value)
(lambda_expression body: (identifier) @reference.value)
(throw_statement (identifier) @reference.value)
(yield_statement (identifier) @reference.value)
(assert_statement (identifier) @reference.value)
(dimensions_expr (identifier) @reference.value)
(expression_statement (identifier) @reference.value)
; the receiver of a call, when it is a plain name (``items.add(x)`` reads ``items``)
(method_invocation object: (identifier) @reference.receiver)

; ---- imports -------------------------------------------------------------------
(import_declaration) @import

; ---- local bindings (parameters, local variables, lambda and pattern variables) --
(formal_parameter name: (identifier) @reference.local)
(spread_parameter (variable_declarator name: (identifier) @reference.local))
(receiver_parameter (identifier) @reference.local)
(catch_formal_parameter name: (identifier) @reference.local)
(local_variable_declaration declarator: (variable_declarator name: (identifier) @reference.local))
(enhanced_for_statement name: (identifier) @reference.local)
(resource name: (identifier) @reference.local)
(lambda_expression parameters: (identifier) @reference.local)
(inferred_parameters (identifier) @reference.local)
(instanceof_expression name: (identifier) @reference.local)
(record_pattern_component (identifier) @reference.local)
(type_pattern (identifier) @reference.local)
