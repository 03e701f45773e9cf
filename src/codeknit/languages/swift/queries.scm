; Swift: what is a definition, a reference, an import, a local binding.
; The adapter (adapter.py) reads kinds off the declaration keyword and modifiers, attaches an
; extension's members to the type it extends, renders signatures and types receivers.

; ---- definitions -----------------------------------------------------------
(class_declaration declaration_kind: ["class" "actor"] name: (type_identifier) @name) @definition.class
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
; ``Box<Int>(value: 2)``: a construction written with type arguments (the grammar's own node: not a type use)
(constructor_expression . (user_type) @reference.call)
(constructor_expression . (user_type) @adapter.constructed)
; supertypes and conformances (the adapter tells a class's superclass from its protocols)
(inheritance_specifier inherits_from: (user_type) @reference.implements)
(attribute (user_type) @reference.decorates)
(user_type) @reference.type
; names used as values: every name and member chain is a read where it stands (a larger capture
; ending at the same token wins: ``a.b`` over ``b``; ``.red``, an implicit member, is a member of
; what the context expects), but for the names that are no use of a value (a called function's
; name, an argument's label, an external parameter name, an import's parts)
(simple_identifier) @reference.value
(navigation_expression) @reference.value
(prefix_expression . "." (simple_identifier)) @reference.value
(assignment target: (directly_assignable_expression) @reference.write)
(call_expression . [(simple_identifier) @nonuse
                     (navigation_expression suffix: (navigation_suffix suffix: (simple_identifier) @nonuse))]
  [(call_suffix (value_arguments "(")) (call_suffix . (lambda_literal))])
(value_argument_label (simple_identifier) @nonuse)
(parameter external_name: (simple_identifier) @nonuse)
(import_declaration (identifier (simple_identifier) @nonuse))
(capture_list_item name: (simple_identifier) @nonuse)

; what the adapter needs from the tree besides: the supertypes (no type uses of their own), a
; class's first supertype (its superclass, when it has one), each extension (the type it extends, and its body: the members it adds), and the
; declaration whose modifiers hold an attribute
(inheritance_specifier inherits_from: (user_type) @adapter.supertype)
; ``xs[i]``: a subscript, written as a call with brackets: a read of ``xs``, no call
(call_expression . (_) @adapter.subscripted (call_suffix (value_arguments "[")))
(class_declaration name: (_) . (inheritance_specifier inherits_from: (user_type) @adapter.first_supertype))
(class_declaration name: (_) . (type_parameters) . (inheritance_specifier inherits_from: (user_type) @adapter.first_supertype))
(class_declaration declaration_kind: "extension" name: (user_type) @adapter.extended body: (_) @adapter.extension_body) @adapter.extension
(modifiers (attribute (user_type) @adapter.attribute)) @adapter.modifiers

; ---- imports -------------------------------------------------------------------
(import_declaration) @import

; ---- local bindings (parameters, local values, loop, closure, pattern and catch variables) --
; (``@reference.local`` too: the adapter types them, ``var_types``; a pattern's names exist from
; where they are bound, a local ``let``'s too)
(parameter name: (simple_identifier) @local.parameter @reference.local)
(lambda_parameter name: (simple_identifier) @local.parameter @reference.local)
(statements (property_declaration name: (pattern bound_identifier: (simple_identifier) @local.let @reference.local)))
(pattern bound_identifier: (simple_identifier) @local.let @reference.local)
(pattern (pattern . (simple_identifier) @local.let @reference.local .))
(if_statement bound_identifier: (simple_identifier) @local.let @reference.local)
(guard_statement bound_identifier: (simple_identifier) @local.let @reference.local)
(while_statement bound_identifier: (simple_identifier) @local.let @reference.local)
; the blocks that hold them
[(statements) (lambda_literal) (for_statement) (catch_block) (switch_entry) (if_statement) (while_statement)] @scope
