; Rust: what is a definition, a reference, an import, a local binding.
; The adapter (adapter.py) renders signatures, docs and properties, tells
; methods from associated functions, attaches `impl` items to their type,
; flattens `use` trees and reads call shapes in macro arguments.

; ---- definitions -----------------------------------------------------------
(struct_item name: (type_identifier) @name @adapter.named) @definition.struct
(enum_item name: (type_identifier) @name @adapter.named) @definition.enum
(union_item name: (type_identifier) @name @adapter.named) @definition.union
(trait_item name: (type_identifier) @name @adapter.named) @definition.trait
(type_item name: (type_identifier) @name @adapter.named) @definition.type_alias
(associated_type name: (type_identifier) @name @adapter.named) @definition.type_alias
(function_item name: (identifier) @name) @definition.function
(function_signature_item name: (identifier) @name) @definition.function
(macro_definition name: (identifier) @name) @definition.macro
(const_item name: (identifier) @name) @definition.constant
(static_item name: (identifier) @name) @definition.variable
; an inline module; `mod x;` is an import of the file module (below)
(mod_item name: (identifier) @name body: (declaration_list)) @definition.module

(enum_item body: (enum_variant_list (enum_variant name: (identifier) @name) @definition.enum_member))
; tuple-struct fields are named by position (`.0`): the adapter numbers them
(struct_item body: [(field_declaration_list (field_declaration name: (field_identifier) @name) @definition.field)
                    (ordered_field_declaration_list type: (_) @name) @definition.tuple_fields])
(union_item body: (field_declaration_list (field_declaration name: (field_identifier) @name) @definition.field))

; generic parameters of the items that are symbols (an `impl` block is not one)
[(function_item type_parameters: (type_parameters [(type_parameter name: (type_identifier) @name) @definition.type_parameter
                   (const_parameter name: (identifier) @name) @definition.type_parameter]))
 (function_signature_item type_parameters: (type_parameters [(type_parameter name: (type_identifier) @name) @definition.type_parameter
                   (const_parameter name: (identifier) @name) @definition.type_parameter]))
 (struct_item type_parameters: (type_parameters [(type_parameter name: (type_identifier) @name) @definition.type_parameter
                   (const_parameter name: (identifier) @name) @definition.type_parameter]))
 (enum_item type_parameters: (type_parameters [(type_parameter name: (type_identifier) @name) @definition.type_parameter
                   (const_parameter name: (identifier) @name) @definition.type_parameter]))
 (union_item type_parameters: (type_parameters [(type_parameter name: (type_identifier) @name) @definition.type_parameter
                   (const_parameter name: (identifier) @name) @definition.type_parameter]))
 (trait_item type_parameters: (type_parameters [(type_parameter name: (type_identifier) @name) @definition.type_parameter
                   (const_parameter name: (identifier) @name) @definition.type_parameter]))
 (type_item type_parameters: (type_parameters [(type_parameter name: (type_identifier) @name) @definition.type_parameter
                   (const_parameter name: (identifier) @name) @definition.type_parameter]))]

; ---- references --------------------------------------------------------------
(call_expression function: (_) @reference.call)
(macro_invocation macro: (identifier) @reference.macro)
(macro_invocation macro: (scoped_identifier) @reference.call)
; macro arguments are not parsed: call-shaped tokens in them (`f(…)`, `a::b(…)`, `x.m(…)`, `m!(…)`)
(macro_invocation macro: (_) @adapter.macro (token_tree) @reference.tokens @adapter.arguments)
; a ``macro_rules!`` body is tokens too: the macros it calls (``m!(…)``, ``$crate::m!{…}``) are read from them
(macro_rule right: (token_tree) @reference.macro_body)
(type_identifier) @reference.type
; (a type's own name, and a path's last name, ``@adapter.named``, are no type use of their own)
(scoped_type_identifier name: (type_identifier) @adapter.named) @reference.type
(trait_item bounds: (trait_bounds [(type_identifier) (scoped_type_identifier) (generic_type)] @reference.inherits))
; an ``impl``: the trait its type implements, where its header ends (its type names are no type use), the
; body whose items are its members, its type parameters
(impl_item type_parameters: (_)? @adapter.generics trait: (_)? @reference.implements body: (_)? @adapter.impl_body)
 @adapter.impl @adapter.generic_item
; (an attribute is a header, where a type name is no type use; its arguments are read by the adapter)
(attribute_item (attribute arguments: (token_tree)? @adapter.opaque) @reference.decorates) @adapter.header
(inner_attribute_item (attribute arguments: (token_tree)? @adapter.opaque)) @adapter.header

; ---- values: every name read, paths (``module::f``, ``Type::CONST``), fields, struct literal fields;
; assignment targets written (the engine drops a definition's or local's own token; the adapter reads
; chains, leaves out ``use`` trees and reads the names in macro arguments)
(identifier) @reference.value
(self) @reference.value
(scoped_identifier) @reference.value
(field_expression) @reference.value
(field_initializer field: (field_identifier) @reference.value)
(field_pattern name: (field_identifier) @reference.value)
; a path's qualifier (``parse`` in ``parse::Parser::run``, ``parse::Parse``): a module, type, trait or enum, never
; a function or a local (Rust's namespaces), which the adapter writes so (``parse::``)
(scoped_identifier path: (identifier) @adapter.qualifier)
(scoped_type_identifier path: (identifier) @adapter.qualifier)
(assignment_expression left: [(identifier) (field_expression) (scoped_identifier)] @reference.write)
(compound_assignment_expr left: [(identifier) (field_expression) (scoped_identifier)] @reference.write)
; names that use nothing: attribute names, labels and lifetimes, a file module's or crate's own name
(attribute (identifier) @nonuse)
(lifetime (identifier) @nonuse)
(label (identifier) @nonuse)
(mod_item name: (identifier) @nonuse)
(extern_crate_declaration name: (identifier) @nonuse)
(extern_crate_declaration alias: (identifier) @nonuse)
; ``self`` in a path (``self::f``) or a visibility (``pub(self)``): the current module, no value
(scoped_identifier (self) @nonuse)
(scoped_type_identifier (self) @nonuse)
(visibility_modifier (self) @nonuse)

; ---- what the adapter reads besides: where a type name is no type use of its own (an ``impl``'s header,
; a trait's supertraits, attributes above), and the items that declare type parameters (a name among them
; is no type use either)
; where a name's use is not its text alone (``use`` trees, macro and attribute arguments above): macro
; bodies, ``a.await.f`` and ``true.then`` (written like a field chain, read from an expression), damaged code
[(macro_definition) (await_expression) (ERROR)] @adapter.opaque
(field_expression value: (boolean_literal) @adapter.opaque)
; the bodies whose items are members (an ``impl``'s above): of a trait, an ``extern`` block
(trait_item body: (_) @adapter.trait_body)
(foreign_mod_item body: (_) @adapter.extern_body)
; a struct literal's or pattern's field names, with the type they are fields of
(struct_expression name: (_) @adapter.literal body: (field_initializer_list (field_initializer field: (field_identifier) @adapter.field)))
(struct_pattern type: (_) @adapter.literal (field_pattern name: (field_identifier) @adapter.field))
(trait_item bounds: (_) @adapter.header)
([(function_item type_parameters: (_) @adapter.generics) (function_signature_item type_parameters: (_) @adapter.generics)
  (struct_item type_parameters: (_) @adapter.generics) (enum_item type_parameters: (_) @adapter.generics)
  (union_item type_parameters: (_) @adapter.generics) (trait_item type_parameters: (_) @adapter.generics)
  (type_item type_parameters: (_) @adapter.generics)]
 @adapter.generic_item)

; ---- imports -------------------------------------------------------------------
(use_declaration) @import @adapter.use
(mod_item !body) @import
(extern_crate_declaration) @import

; ---- local bindings inside callables --------------------------------------------
; parameters (also ``self``) and closure parameters; the names in patterns (``let``, ``if let``,
; ``for``, ``match`` arms, destructured parameters) exist from the end of their declaration on, so
; ``let x = x + 1`` reads the outer ``x`` and a later ``let x`` shadows it
(parameter pattern: [(identifier) @local.parameter (mut_pattern (identifier) @local.parameter)])
(self_parameter (self) @local.parameter)
(closure_parameters (identifier) @local.parameter)
(let_declaration pattern: (identifier) @local.let)
[(tuple_pattern (identifier) @local.let) (slice_pattern (identifier) @local.let) (ref_pattern (identifier) @local.let)
 (mut_pattern (identifier) @local.let) (captured_pattern (identifier) @local.let)
 (reference_pattern (identifier) @local.let)]
(tuple_struct_pattern "(" (identifier) @local.let)
(field_pattern name: (shorthand_field_identifier) @local.let)
(field_pattern pattern: (identifier) @local.let)
; a capitalised name in a pattern is a constant or a unit variant (``None``), not a binding
((or_pattern (identifier) @local.let) (#match? @local.let "^[a-z_]"))
((match_pattern (identifier) @local.let) (#match? @local.let "^[a-z_]"))
(let_condition pattern: (identifier) @local.let)
(for_expression pattern: (identifier) @local.let)
[(let_declaration) (let_condition)] @binding
(for_expression pattern: (_) @binding)
[(block) (closure_expression) (match_arm) (if_expression) (while_expression) (for_expression)] @scope
