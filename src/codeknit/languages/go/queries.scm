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
(struct_type (field_declaration_list (field_declaration !name type: (_) @reference.inherits @adapter.not_type)))
(interface_type (type_elem . [(type_identifier) (qualified_type) (generic_type)] @reference.inherits .))
; where a type name is no type use of its own: an embedded field's or interface's (an ``inherits`` edge), a
; method's receiver (its owner), a generic function called (``F[int](x)``: a call)
(interface_type (type_elem . (_) .) @adapter.not_type)
(type_conversion_expression type: (generic_type type: (_) @adapter.not_type))

; ---- values: every name read, member chains, package qualifiers; assignment targets written --------
; (the engine drops a definition's or local's own token, and a token a type or base reference already
; names; the adapter reads selector chains and the field names of struct literals)
(identifier) @reference.value
; a keyed literal element's key: the adapter reads it as a field of the literal's type (or a value)
(keyed_element key: (literal_element (identifier) @adapter.literal_key)) @adapter.keyed
(selector_expression) @reference.value
(qualified_type package: (package_identifier) @reference.value)
(assignment_statement left: (expression_list [(identifier) (selector_expression)] @reference.write))
(inc_statement [(identifier) (selector_expression)] @reference.write)
(dec_statement [(identifier) (selector_expression)] @reference.write)
; ``a, err := f()`` after ``err``: the second ``err`` assigns the first (same block)
(short_var_declaration left: (expression_list (identifier) @reference.write))
(range_clause left: (expression_list [(identifier) (selector_expression)] @reference.write) "=")
(receive_statement left: (expression_list [(identifier) (selector_expression)] @reference.write) "=")
; an import's own name binds the package, it uses nothing
(import_spec name: (package_identifier) @nonuse)

; ---- imports -------------------------------------------------------------------
(import_spec) @import

; ---- local bindings inside callables --------------------------------------------
; parameters and named results of functions, methods and function literals (a function type's
; parameter names bind nothing); the receiver too
(function_declaration parameters: (parameter_list (parameter_declaration name: (identifier) @local.parameter)))
(function_declaration parameters: (parameter_list (variadic_parameter_declaration name: (identifier) @local.parameter)))
(function_declaration result: (parameter_list (parameter_declaration name: (identifier) @local.parameter)))
(method_declaration receiver: (parameter_list (parameter_declaration name: (identifier) @local.parameter)))
(method_declaration parameters: (parameter_list (parameter_declaration name: (identifier) @local.parameter)))
(method_declaration parameters: (parameter_list (variadic_parameter_declaration name: (identifier) @local.parameter)))
(method_declaration result: (parameter_list (parameter_declaration name: (identifier) @local.parameter)))
(func_literal parameters: (parameter_list (parameter_declaration name: (identifier) @local.parameter)))
(func_literal parameters: (parameter_list (variadic_parameter_declaration name: (identifier) @local.parameter)))
(func_literal result: (parameter_list (parameter_declaration name: (identifier) @local.parameter)))
; variables and constants exist from the end of their declaration to the end of their block
((short_var_declaration left: (expression_list (identifier) @local.let)) (#not-eq? @local.let "_"))
; (a package-level constant or variable is a definition, no local: only the declarations inside a body,
; and an ``ERROR`` node's, are captured)
(([(statement_list [(var_declaration [(var_spec name: (identifier) @local.let)
                                      (var_spec_list (var_spec name: (identifier) @local.let))])
                    (const_declaration (const_spec name: (identifier) @local.let))])
   (labeled_statement [(var_declaration [(var_spec name: (identifier) @local.let)
                                         (var_spec_list (var_spec name: (identifier) @local.let))])
                       (const_declaration (const_spec name: (identifier) @local.let))])
   (ERROR [(var_declaration [(var_spec name: (identifier) @local.let)
                             (var_spec_list (var_spec name: (identifier) @local.let))])
           (var_spec_list (var_spec name: (identifier) @local.let))
           (var_spec name: (identifier) @local.let)
           (const_declaration (const_spec name: (identifier) @local.let))
           (const_spec name: (identifier) @local.let)])])
 (#not-eq? @local.let "_"))
((range_clause left: (expression_list (identifier) @local.let) ":=") (#not-eq? @local.let "_"))
((receive_statement left: (expression_list (identifier) @local.let) ":=") (#not-eq? @local.let "_"))
(type_switch_statement alias: (expression_list (identifier) @local.let))
; (the statements are also the adapter's binders, below: one match each)
; (a package-level spec binds no local: only a body's, or an ``ERROR`` node's, as for ``@local.let``)
[(short_var_declaration) (range_clause) (receive_statement)] @binding @adapter.binder
[(statement_list [(var_declaration [(var_spec) @binding @adapter.binder
                                    (var_spec_list (var_spec) @binding @adapter.binder)])
                  (const_declaration (const_spec) @binding @adapter.binder)])
 (labeled_statement [(var_declaration [(var_spec) @binding @adapter.binder
                                       (var_spec_list (var_spec) @binding @adapter.binder)])
                     (const_declaration (const_spec) @binding @adapter.binder)])
 (ERROR [(var_declaration [(var_spec) @binding @adapter.binder
                           (var_spec_list (var_spec) @binding @adapter.binder)])
         (var_spec_list (var_spec) @binding @adapter.binder)
         (var_spec) @binding @adapter.binder
         (const_declaration (const_spec) @binding @adapter.binder)
         (const_spec) @binding @adapter.binder])]
; blocks: a function literal (its parameters), an ``if``/``for``/``switch`` with its initialiser, each
; case clause, and the blocks inside a body (a function's own body is the function's scope)
[(func_literal) (if_statement) (for_statement) (expression_switch_statement) (type_switch_statement)
 (select_statement) (expression_case) (default_case) (type_case) (communication_case)] @scope
(if_statement consequence: (block) @scope)
(if_statement alternative: (block) @scope)
(for_statement body: (block) @scope)
(statement_list (block) @scope)
(labeled_statement (block) @scope)

; ---- for the adapter (found in the same pass): the nodes that bind local names, for their types ----
; (and the statements marked @binding above)
; (a method's receiver binds no local the resolver needs: it knows it from the method's owner)
[(function_declaration (parameter_list [(parameter_declaration) (variadic_parameter_declaration)] @adapter.binder))
 (func_literal (parameter_list [(parameter_declaration) (variadic_parameter_declaration)] @adapter.binder))
 (function_type (parameter_list [(parameter_declaration) (variadic_parameter_declaration)] @adapter.binder))
 (method_elem (parameter_list [(parameter_declaration) (variadic_parameter_declaration)] @adapter.binder))
 (method_declaration [parameters: (parameter_list [(parameter_declaration) (variadic_parameter_declaration)] @adapter.binder)
                      result: (parameter_list [(parameter_declaration) (variadic_parameter_declaration)] @adapter.binder)
                      receiver: (parameter_list (variadic_parameter_declaration) @adapter.binder)])
 (ERROR (parameter_list [(parameter_declaration) (variadic_parameter_declaration)] @adapter.binder))
 (ERROR [(parameter_declaration) (variadic_parameter_declaration)] @adapter.binder)
 (type_switch_statement) @adapter.binder]
(method_declaration receiver: (parameter_list (parameter_declaration) @adapter.not_type))
; type names that are no reference at all: a qualified type's name (the whole is one), a named type's own name
[(qualified_type (type_identifier) @adapter.no_reference)
 (type_spec name: (type_identifier) @adapter.no_reference)
 (type_alias name: (type_identifier) @adapter.no_reference)]
