; Java: what is a definition, a reference, an import, a local binding.
; The adapter (java/adapter.py) refines kinds (constant, anonymous classes…),
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
; (a compact constructor's parameters are its record's components: in scope, though not written)
(record_declaration parameters: (formal_parameters) @adapter.components
 body: (class_body (compact_constructor_declaration) @adapter.compact))
(field_declaration declarator: (variable_declarator name: (identifier) @name) @definition.field)
(constant_declaration declarator: (variable_declarator name: (identifier) @name) @definition.field)
; record components are the record's fields
(record_declaration parameters: (formal_parameters (formal_parameter name: (identifier) @name) @definition.field))
; (a type parameter's name is no type use of its own)
(type_parameter . (type_identifier) @name @adapter.nottype) @definition.type_parameter
; anonymous classes: ``new T() {…}`` (every ``new``: the adapter keeps those with a body) and an enum
; constant's body (named ``$1``, ``$2``… by the adapter)
(object_creation_expression) @reference.new @definition.anonymous
(enum_constant name: (identifier) @name body: (class_body) @definition.anonymous)

; ---- references --------------------------------------------------------------
(method_invocation) @reference.call
(explicit_constructor_invocation constructor: [(this) (super)] @reference.constructor)
(method_reference) @reference.method_reference
(superclass (_) @reference.inherits)
(super_interfaces (type_list (_) @reference.implements))
(extends_interfaces (type_list (_) @reference.inherits))
(marker_annotation name: (_) @reference.decorates)
(annotation name: (_) @reference.decorates)
[(type_identifier) (scoped_type_identifier)] @reference.type
; type names that are no type use of their own: a type parameter's name (above); a part of a longer name,
; a supertype, a created type and a method reference's type: the adapter's, read before the names in them

; names used as values: every identifier and member access is a read where it stands (a
; larger capture ending at the same token wins: ``a.b`` over ``b``), but for the names that
; are no use of a value (a label, the parts of a longer name; a called method's name, a method
; reference's member, and a package, module or import named by one name: the adapter's)
(identifier) @reference.value
(field_access) @reference.value
; (a ``++``/``--``'s operand: a write, by the adapter)
(update_expression) @adapter.update
(assignment_expression left: [(identifier) (field_access)] @reference.write)
(scoped_identifier (identifier) @nonuse)
(labeled_statement (identifier) @nonuse)
(break_statement (identifier) @nonuse)
(continue_statement (identifier) @nonuse)
(element_value_pair key: (identifier) @nonuse)

; ---- imports -------------------------------------------------------------------
(import_declaration) @import

; ---- local bindings (parameters, local variables, lambda, loop, catch and pattern variables) --
; (``@reference.local`` too: the adapter types them, ``var_types``, by the written type, else by the
; initialiser; an array declared by its name, ``int x[]``, is left untyped)
(formal_parameter type: (_) @adapter.type name: (identifier) @local.parameter @reference.local
 dimensions: (_)? @adapter.array)
(spread_parameter (variable_declarator name: (identifier) @local.parameter @reference.local))
(catch_formal_parameter (catch_type) @adapter.catch name: (identifier) @local.variable @reference.local)
(local_variable_declaration type: (_) @adapter.type declarator: (variable_declarator
 name: (identifier) @local.let @reference.local dimensions: (_)? @adapter.array value: (_)? @adapter.value))
; (an enhanced for's ``int x[]``: told by the adapter)
(enhanced_for_statement type: (_) @adapter.type name: (identifier) @local.variable @reference.local)
(resource type: (_)? @adapter.type name: (identifier) @local.let @reference.local value: (_)? @adapter.value)
(lambda_expression parameters: (identifier) @local.parameter @reference.local)
(inferred_parameters (identifier) @local.parameter @reference.local)
(instanceof_expression right: (_) @adapter.type name: (identifier) @local.let @reference.local)
(record_pattern_component (identifier) @local.let @reference.local)
(type_pattern . (_) @adapter.type (identifier) @local.let @reference.local)
; the blocks that hold them
[(block) (switch_block) (lambda_expression) (catch_clause) (for_statement) (enhanced_for_statement)
 (try_with_resources_statement)] @scope
