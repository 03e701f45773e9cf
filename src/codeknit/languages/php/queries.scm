; PHP: what is a definition, a reference, an import, a local binding.
; The adapter (languages/php.py) resolves names through the namespace and its
; `use` imports, refines kinds (constructor, promoted property) and renders
; signatures.

; ---- definitions -----------------------------------------------------------
(namespace_definition name: (namespace_name) @name) @definition.namespace
(class_declaration name: (name) @name) @definition.class
(interface_declaration name: (name) @name) @definition.interface
(trait_declaration name: (name) @name) @definition.trait
(enum_declaration name: (name) @name) @definition.enum
(enum_case name: (name) @name) @definition.enum_member
(function_definition name: (name) @name) @definition.function
(method_declaration name: (name) @name) @definition.method
(property_element name: (variable_name (name) @name)) @definition.field
(property_promotion_parameter name: (variable_name (name) @name)) @definition.field
(const_declaration (const_element (name) @name) @definition.constant)
((function_call_expression
   function: (name) @_define
   arguments: (arguments . (argument [(string (string_content) @name)
                                      (encapsed_string (string_content) @name)])))
 (#eq? @_define "define")) @definition.constant

; ---- references --------------------------------------------------------------
; calls: functions, methods, static methods, `new`
(function_call_expression function: [(name) (qualified_name) (relative_name)] @reference.call)
(member_call_expression name: (name)) @reference.call
(nullsafe_member_call_expression name: (name)) @reference.call
(scoped_call_expression name: (name)) @reference.call
(object_creation_expression) @reference.new

; type hints (parameters, returns, properties, catch), `Foo::X`, `Foo::$x`, `Foo::class`
(named_type) @reference.type
(class_constant_access_expression) @reference.type
(scoped_property_access_expression) @reference.type
(binary_expression operator: "instanceof" right: [(name) (qualified_name) (relative_name)] @reference.type)
; `$this->x` reads and writes of a property
(member_access_expression object: (variable_name) name: (name)) @reference.field

; the class hierarchy and attributes
(base_clause) @reference.inherits
(class_interface_clause) @reference.implements
(use_declaration) @reference.inherits
(attribute) @reference.decorates

; bare names in expression positions are constants
(argument [(name) (qualified_name) (relative_name)] @reference.constant)
(binary_expression left: [(name) (qualified_name) (relative_name)] @reference.constant)
(binary_expression operator: _ @_op right: [(name) (qualified_name) (relative_name)] @reference.constant
  (#not-eq? @_op "instanceof"))
(assignment_expression right: [(name) (qualified_name) (relative_name)] @reference.constant)
(augmented_assignment_expression right: [(name) (qualified_name) (relative_name)] @reference.constant)
(return_statement [(name) (qualified_name) (relative_name)] @reference.constant)
(array_element_initializer [(name) (qualified_name) (relative_name)] @reference.constant)
(conditional_expression [(name) (qualified_name) (relative_name)] @reference.constant)
(parenthesized_expression [(name) (qualified_name) (relative_name)] @reference.constant)
(unary_op_expression [(name) (qualified_name) (relative_name)] @reference.constant)
(expression_statement [(name) (qualified_name) (relative_name)] @reference.constant)
(echo_statement [(name) (qualified_name) (relative_name)] @reference.constant)
(sequence_expression [(name) (qualified_name) (relative_name)] @reference.constant)
(subscript_expression [(name) (qualified_name) (relative_name)] @reference.constant)
(match_condition_list [(name) (qualified_name) (relative_name)] @reference.constant)
(match_conditional_expression return_expression: [(name) (qualified_name) (relative_name)] @reference.constant)
(match_default_expression return_expression: [(name) (qualified_name) (relative_name)] @reference.constant)
(case_statement value: [(name) (qualified_name) (relative_name)] @reference.constant)
(const_element [(name) (qualified_name) (relative_name)] @_c . [(name) (qualified_name) (relative_name)] @reference.constant)
(simple_parameter default_value: [(name) (qualified_name) (relative_name)] @reference.constant)
(property_element default_value: [(name) (qualified_name) (relative_name)] @reference.constant)
(property_promotion_parameter default_value: [(name) (qualified_name) (relative_name)] @reference.constant)

; ---- imports -------------------------------------------------------------------
(namespace_use_declaration) @import

; ---- local bindings inside callables --------------------------------------------
; (PHP variables carry a `$` and can never be mistaken for a function, class or
; constant; parameters are recorded for completeness)
(simple_parameter name: (variable_name) @local)
(variadic_parameter name: (variable_name) @local)
(property_promotion_parameter name: (variable_name) @local)
