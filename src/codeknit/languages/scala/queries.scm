; Scala: what is a definition, a reference, an import, a local binding.
; The adapter (languages/scala.py) refines kinds (method or function, field or
; variable, objects named ``Name$``), renders signatures and reads modifiers.

; ---- definitions -----------------------------------------------------------
(package_clause name: (package_identifier) @name) @definition.package
(package_object name: (identifier) @name) @definition.package
(class_definition name: (identifier) @name) @definition.class
(object_definition name: (identifier) @name) @definition.class
(trait_definition name: (identifier) @name) @definition.trait
(enum_definition name: (identifier) @name) @definition.enum
(simple_enum_case name: (identifier) @name) @definition.enum_member
(full_enum_case name: (identifier) @name) @definition.enum_member
(function_definition name: (identifier) @name) @definition.function
(function_declaration name: (identifier) @name) @definition.function
(type_definition name: (type_identifier) @name) @definition.type_alias
(given_definition) @definition.variable
; members and top-level values (values in a block are locals)
(template_body (val_definition pattern: (identifier) @name) @definition.variable)
(template_body (var_definition pattern: (identifier) @name) @definition.variable)
(template_body (val_declaration name: (identifier) @name) @definition.variable)
(template_body (var_declaration name: (identifier) @name) @definition.variable)
(template_body (val_definition pattern: (identifiers (identifier) @name @definition.variable)))
(template_body (var_definition pattern: (identifiers (identifier) @name @definition.variable)))
(template_body (val_definition pattern: (tuple_pattern (identifier) @name @definition.variable)))
(compilation_unit (val_definition pattern: (identifier) @name) @definition.variable)
(compilation_unit (var_definition pattern: (identifier) @name) @definition.variable)
(compilation_unit (val_definition pattern: (identifiers (identifier) @name @definition.variable)))
(compilation_unit (val_definition pattern: (tuple_pattern (identifier) @name @definition.variable)))
; class parameters declared ``val``/``var`` (and every case class parameter) are fields
(class_parameter name: (identifier) @name) @definition.variable
(type_parameters name: (identifier) @name @definition.type_parameter)
(covariant_type_parameter name: (identifier) @name) @definition.type_parameter
(contravariant_type_parameter name: (identifier) @name) @definition.type_parameter
; an anonymous class: ``new T { … }``
(instance_expression (template_body)) @definition.class

; ---- references --------------------------------------------------------------
(call_expression function: (_) @reference.call)
(instance_expression) @reference.call
(infix_expression operator: (identifier) @reference.call)
(extends_clause (_) @reference.inherits)
(annotation name: (_) @reference.decorates)
[(type_identifier) (stable_type_identifier)] @reference.type

; names read as values (locals are dropped by the adapter); a parameterless method read so is a call
(field_expression) @reference.value
(arguments (identifier) @reference.value)
(infix_expression left: (identifier) @reference.value)
(infix_expression right: (identifier) @reference.value)
(prefix_expression (identifier) @reference.value)
(assignment_expression left: (identifier) @reference.value)
(assignment_expression right: (identifier) @reference.value)
(val_definition value: (identifier) @reference.value)
(var_definition value: (identifier) @reference.value)
(function_definition body: (identifier) @reference.value)
(given_definition body: (identifier) @reference.value)
(block (identifier) @reference.value)
(indented_block (identifier) @reference.value)
(parenthesized_expression (identifier) @reference.value)
(tuple_expression (identifier) @reference.value)
(if_expression consequence: (identifier) @reference.value)
(if_expression alternative: (identifier) @reference.value)
(match_expression value: (identifier) @reference.value)
(case_clause body: (identifier) @reference.value)
(lambda_expression (identifier) @reference.value)
(interpolation (identifier) @reference.value)
(return_expression (identifier) @reference.value)
(throw_expression (identifier) @reference.value)
(enumerator (_) (identifier) @reference.value)
(ascription_expression (identifier) @reference.value)
; the receiver of a call, when it is a plain name (``orders.get(id)`` reads ``orders``)
(call_expression function: (field_expression value: (identifier) @reference.receiver))

; ---- imports -------------------------------------------------------------------
(import_declaration) @import

; ---- local bindings (parameters, local values, pattern variables) ---------------
(parameter name: (identifier) @reference.local)
(binding name: (identifier) @reference.local)
(class_parameter name: (identifier) @reference.local)
(lambda_expression parameters: (identifier) @reference.local)
(val_definition pattern: (_) @reference.pattern)
(var_definition pattern: (_) @reference.pattern)
(case_clause pattern: (_) @reference.pattern)
(enumerator . (_) @reference.pattern)
