; Go: what is a definition, a reference, an import, a local binding.
; The adapter (languages/go.py) renders signatures, docs and properties, splits
; specs that declare several names (`a, b int`) and attaches methods to their
; receiver type.

; ---- definitions -----------------------------------------------------------
(function_declaration name: (identifier) @name) @definition.function
(method_declaration name: (field_identifier) @name) @definition.method

; named types: the underlying type decides the kind; every other underlying type
; makes a defined type (`type Celsius float64`), kept as a type alias
(type_spec name: (type_identifier) @name type: (struct_type)) @definition.struct
(type_spec name: (type_identifier) @name type: (interface_type)) @definition.interface
(type_spec
  name: (type_identifier) @name
  type: [(type_identifier) (qualified_type) (generic_type) (pointer_type) (array_type)
         (slice_type) (map_type) (channel_type) (function_type) (parenthesized_type)
         (negated_type)]) @definition.type_alias
(type_alias name: (type_identifier) @name) @definition.type_alias

; type parameters of generic functions and types
(function_declaration
  type_parameters: (type_parameter_list (type_parameter_declaration name: (identifier) @name) @definition.type_parameter))
(type_spec
  type_parameters: (type_parameter_list (type_parameter_declaration name: (identifier) @name) @definition.type_parameter))

; the named fields of a declared struct and the methods of a declared interface
(type_spec
  type: (struct_type (field_declaration_list (field_declaration name: (field_identifier) @name) @definition.field)))
; an embedded field is named by its type (`*Base` declares the field Base)
(type_spec
  type: (struct_type (field_declaration_list (field_declaration !name type: (_) @name) @definition.field)))
(type_spec
  type: (interface_type (method_elem name: (field_identifier) @name) @definition.method))

; package-level constants and variables (grouped or not)
(source_file (const_declaration (const_spec name: (identifier) @name) @definition.constant))
(source_file (var_declaration (var_spec name: (identifier) @name) @definition.variable))
(source_file (var_declaration (var_spec_list (var_spec name: (identifier) @name) @definition.variable)))

; ---- references --------------------------------------------------------------
(call_expression function: (_) @reference.call)
; `F[int](x)` and `pkg.G[T](x)` parse as conversions to a generic type: calls of F, G
(type_conversion_expression type: (generic_type) @reference.call)
(type_identifier) @reference.type
(qualified_type) @reference.type

; embedded fields and embedded interfaces
(struct_type (field_declaration_list (field_declaration !name type: (_) @reference.inherits)))
(interface_type (type_elem . [(type_identifier) (qualified_type) (generic_type)] @reference.inherits .))

; ---- imports -------------------------------------------------------------------
(import_spec) @import

; ---- local bindings inside callables --------------------------------------------
(parameter_declaration name: (identifier) @local)
(variadic_parameter_declaration name: (identifier) @local)
(short_var_declaration left: (expression_list (identifier) @local))
(var_spec name: (identifier) @local)
(const_spec name: (identifier) @local)
(range_clause left: (expression_list (identifier) @local))
(receive_statement left: (expression_list (identifier) @local))
(type_switch_statement alias: (expression_list (identifier) @local))

; ---- for the adapter (found in the same pass): the nodes that bind local names, for their types ----
[(parameter_declaration) (variadic_parameter_declaration) (short_var_declaration) (var_spec) (const_spec)
 (range_clause) (receive_statement) (type_switch_statement)] @adapter.binder
(method_declaration receiver: (parameter_list (parameter_declaration) @adapter.receiver))
