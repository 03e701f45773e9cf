; JavaScript and JSX: definitions, references, imports and local bindings.
; The adapter (languages/javascript.py) settles the final kinds (getter,
; constructor, constant…), renders signatures and reads the modifiers.
; typescript.scm and tsx.scm follow the same layout.

; ---- definitions -----------------------------------------------------------
(class_declaration name: (_) @name) @definition.class
(function_declaration name: (identifier) @name) @definition.function
(generator_function_declaration name: (identifier) @name) @definition.function

; functions and classes bound to a name, at any depth
(variable_declarator
  name: (identifier) @name
  value: [(arrow_function) (function_expression) (generator_function)]) @definition.bound_function
(variable_declarator name: (identifier) @name value: (class)) @definition.bound_class

; anonymous `export default function () {}` / `export default class {}`: named ``default``
(export_statement "default" @name
  value: [(arrow_function) (function_expression) (generator_function)] @definition.function)
(export_statement "default" @name value: (class) @definition.class)

; module-level bindings (the adapter drops the ones holding a function, class or require())
(program [
  (lexical_declaration (variable_declarator name: (identifier) @name) @definition.variable)
  (variable_declaration (variable_declarator name: (identifier) @name) @definition.variable)
  (export_statement declaration: [
    (lexical_declaration (variable_declarator name: (identifier) @name) @definition.variable)
    (variable_declaration (variable_declarator name: (identifier) @name) @definition.variable)])
])

; class members
(class_body
  (method_definition name: [(property_identifier) (private_property_identifier)] @name) @definition.method)
(class_body
  (field_definition property: [(property_identifier) (private_property_identifier)] @name) @definition.field)

; @include javascript/common.scm

; ---- references --------------------------------------------------------------
; @include javascript/jsx.scm
(class_heritage (_) @reference.inherits)

; ---- parameters ----------------------------------------------------------------------
(formal_parameters (identifier) @local.parameter)
(formal_parameters (assignment_pattern left: (identifier) @local.parameter))
(formal_parameters (rest_pattern (identifier) @local.parameter))
(arrow_function parameter: (identifier) @local.parameter)

; @include javascript/occurrences.scm

; ---- for the adapter (found in the same pass) -------------------------------------
; a parameter gets a value of no declared type (record_var_types)
(formal_parameters (identifier) @adapter.untyped)
; ``this.x = …`` at the top of a class's constructor defines a field ``x`` (TypeScript declares its fields)
(class_body (method_definition
  name: (property_identifier) @_constructor
  body: (statement_block (expression_statement (assignment_expression
    left: (member_expression object: (this) property: (property_identifier) @adapter.this_field)) @adapter.this_assignment))
  (#eq? @_constructor "constructor")))
