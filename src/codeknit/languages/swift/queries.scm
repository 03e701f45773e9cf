; Swift: what is a definition, a reference, an import, a local binding.
; The adapter (adapter.py) reads kinds off the declaration keyword and modifiers, attaches an
; extension's members to the type it extends, renders signatures and types receivers.

; ---- definitions -----------------------------------------------------------
(class_declaration declaration_kind: "class" name: (type_identifier) @name) @definition.class
(class_declaration declaration_kind: "actor" name: (type_identifier) @name) @definition.class
(class_declaration declaration_kind: "struct" name: (type_identifier) @name) @definition.struct
(class_declaration declaration_kind: "enum" name: (type_identifier) @name) @definition.enum
(protocol_declaration name: (type_identifier) @name) @definition.interface
; (an operator function's name is the operator: ``static func < (…)``)
(function_declaration name: _ @name) @definition.function
(protocol_function_declaration name: (simple_identifier) @name) @definition.method
(init_declaration) @definition.constructor
(deinit_declaration) @definition.method
(subscript_declaration) @definition.method
(typealias_declaration name: (type_identifier) @name) @definition.type_alias
(associatedtype_declaration name: (type_identifier) @name) @definition.type_alias
(enum_entry name: (simple_identifier) @name @definition.enum_member)
(type_parameter (type_identifier) @name) @definition.type_parameter
; properties of a type or an extension, and top-level ones (not locals)
(class_body (property_declaration name: (pattern bound_identifier: (simple_identifier) @name)) @definition.property)
(enum_class_body (property_declaration name: (pattern bound_identifier: (simple_identifier) @name)) @definition.property)
(protocol_body (protocol_property_declaration name: (pattern bound_identifier: (simple_identifier) @name)) @definition.property)
(source_file (property_declaration name: (pattern bound_identifier: (simple_identifier) @name)) @definition.variable)

; ---- references --------------------------------------------------------------
(call_expression . (_) @reference.call)
; supertypes and conformances (the adapter tells a class's superclass from its protocols)
(inheritance_specifier inherits_from: (user_type) @reference.implements)
(attribute (user_type) @reference.decorates)
(user_type) @reference.type
; names read as values (locals are dropped by the adapter)
(navigation_expression) @reference.value
(value_argument value: (simple_identifier) @reference.value)
(property_declaration value: (simple_identifier) @reference.value)
(assignment result: (simple_identifier) @reference.value)
(control_transfer_statement result: (simple_identifier) @reference.value)
(statements (simple_identifier) @reference.value)
(interpolated_expression value: (simple_identifier) @reference.value)
(additive_expression [lhs: (simple_identifier) rhs: (simple_identifier)] @reference.value)
(multiplicative_expression [lhs: (simple_identifier) rhs: (simple_identifier)] @reference.value)
(comparison_expression [lhs: (simple_identifier) rhs: (simple_identifier)] @reference.value)
(equality_expression [lhs: (simple_identifier) rhs: (simple_identifier)] @reference.value)
(ternary_expression [condition: (simple_identifier) if_true: (simple_identifier) if_false: (simple_identifier)] @reference.value)

; what the adapter needs from the tree besides: the supertypes (no type uses of their own), a
; class's first supertype (its superclass, when it has one), each extension (the type it extends, and its body: the members it adds), and the
; declaration whose modifiers hold an attribute
(inheritance_specifier inherits_from: (user_type) @adapter.supertype)
(class_declaration name: (_) . (inheritance_specifier inherits_from: (user_type) @adapter.first_supertype))
(class_declaration name: (_) . (type_parameters) . (inheritance_specifier inherits_from: (user_type) @adapter.first_supertype))
(class_declaration declaration_kind: "extension" name: (user_type) @adapter.extended body: (_) @adapter.extension_body) @adapter.extension
(modifiers (attribute (user_type) @adapter.attribute)) @adapter.modifiers
; a chain that is a call's callee, or the head of a longer chain, is no read of its own
(call_expression . (navigation_expression) @adapter.not_a_read)
(navigation_expression . (navigation_expression) @adapter.not_a_read)

; ---- imports -------------------------------------------------------------------
(import_declaration) @import

; ---- local bindings (parameters, local values, loop, closure, pattern and catch variables) --
(parameter name: (simple_identifier) @reference.local)
(lambda_parameter name: (simple_identifier) @reference.local)
(statements (property_declaration name: (pattern bound_identifier: (simple_identifier) @reference.local)))
(pattern bound_identifier: (simple_identifier) @reference.local)
(pattern (pattern . (simple_identifier) @reference.local .))
(if_statement bound_identifier: (simple_identifier) @reference.local)
(guard_statement bound_identifier: (simple_identifier) @reference.local)
(while_statement bound_identifier: (simple_identifier) @reference.local)
