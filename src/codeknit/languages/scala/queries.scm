; Scala: what is a definition, a reference, an import, a local binding.
; The adapter (languages/scala.py) refines kinds (method or function, field or
; variable, objects named ``Name$``), renders signatures and reads modifiers.

; ---- definitions -----------------------------------------------------------
(package_clause name: (package_identifier) @name) @definition.package
(package_object name: (identifier) @name) @definition.package
(class_definition name: [(identifier) (operator_identifier)] @name) @definition.class
(object_definition name: [(identifier) (operator_identifier)] @name) @definition.class
(trait_definition name: [(identifier) (operator_identifier)] @name) @definition.trait
(enum_definition name: (identifier) @name) @definition.enum
(simple_enum_case name: (identifier) @name) @definition.enum_member
(full_enum_case name: (identifier) @name) @definition.enum_member
; (an operator's name is an ``operator_identifier``: ``def +``, ``def ::``, ``def ++=``)
(function_definition name: [(identifier) (operator_identifier)] @name) @definition.function
(function_declaration name: [(identifier) (operator_identifier)] @name) @definition.function
(type_definition name: (type_identifier) @name) @definition.type_alias
(given_definition) @definition.variable
; members and top-level values (values in a block are locals)
(template_body [
  (val_definition pattern: (identifier) @name) @definition.variable
  (var_definition pattern: (identifier) @name) @definition.variable
  (val_declaration name: (identifier) @name) @definition.variable
  (var_declaration name: (identifier) @name) @definition.variable
  (val_definition pattern: (identifiers (identifier) @name @definition.variable))
  (var_definition pattern: (identifiers (identifier) @name @definition.variable))
  (val_definition pattern: (tuple_pattern (identifier) @name @definition.variable))])
(compilation_unit [
  (val_definition pattern: (identifier) @name) @definition.variable
  (var_definition pattern: (identifier) @name) @definition.variable
  (val_definition pattern: (identifiers (identifier) @name @definition.variable))
  (val_definition pattern: (tuple_pattern (identifier) @name @definition.variable))])
; class parameters declared ``val``/``var`` (and every case class parameter) are fields
(class_parameter ["val" "var"] name: (identifier) @name) @definition.variable
(class_definition "case" (class_parameters (class_parameter name: (identifier) @name) @definition.variable))
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
; type names that are no type use of their own: a part of a longer name, an alias's own name, a
; created type (a call, or an anonymous class's base), a supertype (inherits) and an annotation
(stable_type_identifier [(type_identifier) (stable_type_identifier)] @adapter.nottype)
(type_definition name: (type_identifier) @adapter.nottype)
(instance_expression [(type_identifier) (stable_type_identifier)] @adapter.nottype)
; (``new A(x) with B[T] { … }``: each part of the compound type is created or a supertype)
(instance_expression (compound_type [(type_identifier) @adapter.nottype (stable_type_identifier) @adapter.nottype
  (generic_type type: (_) @adapter.nottype) (applied_constructor_type (type_identifier) @adapter.nottype)
  (applied_constructor_type (stable_type_identifier) @adapter.nottype)]))
(extends_clause [(type_identifier) (stable_type_identifier)] @adapter.nottype)
(extends_clause (generic_type type: (_) @adapter.nottype))
(annotation [(type_identifier) (stable_type_identifier)] @adapter.nottype)

; names used as values: every name and member selection is a read where it stands (a larger
; capture ending at the same token wins: ``a.b`` over ``b``; a parameterless method read so is a
; use of it), but for the names that are no use of a value (a called function's name, a named
; argument's, an import's and a package's parts)
(identifier) @reference.value
(field_expression) @reference.value
; ``a + b`` uses the member ``+`` of ``a`` (the adapter reads it as ``a.+``; a use a project definition does not
; answer is left out, as any value use is, and one that it answers is a call: ScalaRules._parameterless_calls)
(infix_expression operator: (operator_identifier) @reference.value)
; uses that are not their own text, read by the adapter: ``this``, ``super``, ``_``, a name in
; backticks, and a chain through ``Outer.this`` (``Outer.this.x`` is ``Outer.x``) or from ``_``
((identifier) @adapter.special (#match? @adapter.special "^(`|this$|super$|_$)"))
(field_expression field: (identifier) @_this (#eq? @_this "this")) @adapter.special
(wildcard) @adapter.special
(assignment_expression left: [(identifier) (field_expression)] @reference.write)
(infix_expression left: [(identifier) (field_expression)] @reference.write operator: (operator_identifier) @_op
  (#any-of? @_op "+=" "-=" "*=" "/=" "%=" "&=" "|=" "^=" "++=" "--=" "::=" "<<=" ">>="))
(call_expression function: (field_expression field: (identifier) @nonuse))
(generic_function function: (identifier) @nonuse)
(generic_function function: (field_expression field: (identifier) @nonuse))
(arguments (assignment_expression left: (identifier) @nonuse))
(import_declaration (identifier) @nonuse)
(namespace_selectors (identifier) @nonuse)
(as_renamed_identifier (identifier) @nonuse)
(arrow_renamed_identifier (identifier) @nonuse)
(package_identifier (identifier) @nonuse)

; ---- imports -------------------------------------------------------------------
(import_declaration) @import

; ---- local bindings (parameters, local values, lambda and pattern variables) ---------------
; (``@reference.local`` too: the adapter types them, ``var_types``; a ``val`` in a template is a
; member, a definition, and no local; in a pattern a lower-case name binds, an upper-case one is
; a constant read)
(parameter name: (identifier) @local.parameter @reference.local)
(binding name: (identifier) @local.parameter @reference.local)
; (a class parameter declared ``val``/``var``, or a case class's, is a field: the adapter declares the others)
(class_parameter name: (identifier) @reference.local)
(lambda_expression parameters: (identifier) @local.parameter @reference.local)
(val_definition pattern: (identifier) @local.let @reference.local)
(var_definition pattern: (identifier) @local.let @reference.local)
(val_definition pattern: (identifiers (identifier) @local.let @reference.local))
(var_definition pattern: (identifiers (identifier) @local.let @reference.local))
((case_clause pattern: (identifier) @local.variable @reference.local) (#match? @local.variable "^[a-z_].|^[a-z]$"))
((enumerator . (identifier) @local.variable @reference.local) (#match? @local.variable "^[a-z_].|^[a-z]$"))
((tuple_pattern (identifier) @local.let @reference.local) (#match? @local.let "^[a-z_].|^[a-z]$"))
((case_class_pattern pattern: (identifier) @local.variable @reference.local) (#match? @local.variable "^[a-z_].|^[a-z]$"))
((typed_pattern pattern: (identifier) @local.variable @reference.local) (#match? @local.variable "^[a-z_].|^[a-z]$"))
((infix_pattern [left: (identifier) right: (identifier)] @local.variable @reference.local) (#match? @local.variable "^[a-z_].|^[a-z]$"))
(capture_pattern name: (identifier) @local.variable @reference.local)
; the blocks that hold them
[(block) (indented_block) (lambda_expression) (case_clause) (for_expression)] @scope
