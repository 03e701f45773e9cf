; Rust: what is a definition, a reference, an import, a local binding.
; The adapter (languages/rust.py) renders signatures, docs and properties, tells
; methods from associated functions, attaches `impl` items to their type and
; flattens `use` trees.

; ---- definitions -----------------------------------------------------------
(struct_item name: (type_identifier) @name) @definition.struct
(enum_item name: (type_identifier) @name) @definition.enum
(union_item name: (type_identifier) @name) @definition.union
(trait_item name: (type_identifier) @name) @definition.trait
(type_item name: (type_identifier) @name) @definition.type_alias
(associated_type name: (type_identifier) @name) @definition.type_alias
(function_item name: (identifier) @name) @definition.function
(function_signature_item name: (identifier) @name) @definition.function
(macro_definition name: (identifier) @name) @definition.macro
(const_item name: (identifier) @name) @definition.constant
(static_item name: (identifier) @name) @definition.variable
; an inline module; `mod x;` is an import of the file module (below)
(mod_item name: (identifier) @name body: (declaration_list)) @definition.module

(enum_item body: (enum_variant_list (enum_variant name: (identifier) @name) @definition.enum_member))
(struct_item body: (field_declaration_list (field_declaration name: (field_identifier) @name) @definition.field))
(union_item body: (field_declaration_list (field_declaration name: (field_identifier) @name) @definition.field))
; tuple-struct fields are named by position (`.0`): the adapter numbers them
(struct_item body: (ordered_field_declaration_list type: (_) @name) @definition.field)

; generic parameters of the items that are symbols (an `impl` block is not one)
(function_item type_parameters: (type_parameters (type_parameter name: (type_identifier) @name) @definition.type_parameter))
(function_item type_parameters: (type_parameters (const_parameter name: (identifier) @name) @definition.type_parameter))
(function_signature_item type_parameters: (type_parameters (type_parameter name: (type_identifier) @name) @definition.type_parameter))
(function_signature_item type_parameters: (type_parameters (const_parameter name: (identifier) @name) @definition.type_parameter))
(struct_item type_parameters: (type_parameters (type_parameter name: (type_identifier) @name) @definition.type_parameter))
(struct_item type_parameters: (type_parameters (const_parameter name: (identifier) @name) @definition.type_parameter))
(enum_item type_parameters: (type_parameters (type_parameter name: (type_identifier) @name) @definition.type_parameter))
(enum_item type_parameters: (type_parameters (const_parameter name: (identifier) @name) @definition.type_parameter))
(union_item type_parameters: (type_parameters (type_parameter name: (type_identifier) @name) @definition.type_parameter))
(union_item type_parameters: (type_parameters (const_parameter name: (identifier) @name) @definition.type_parameter))
(trait_item type_parameters: (type_parameters (type_parameter name: (type_identifier) @name) @definition.type_parameter))
(trait_item type_parameters: (type_parameters (const_parameter name: (identifier) @name) @definition.type_parameter))
(type_item type_parameters: (type_parameters (type_parameter name: (type_identifier) @name) @definition.type_parameter))
(type_item type_parameters: (type_parameters (const_parameter name: (identifier) @name) @definition.type_parameter))

; ---- references --------------------------------------------------------------
(call_expression function: (_) @reference.call)
(macro_invocation macro: (identifier) @reference.macro)
(macro_invocation macro: (scoped_identifier) @reference.call)
; macro arguments are not parsed: call-shaped tokens in them (`f(…)`, `a::b(…)`, `x.m(…)`, `m!(…)`)
(macro_invocation (token_tree) @reference.tokens)
(type_identifier) @reference.type
(scoped_type_identifier) @reference.type
(trait_item bounds: (trait_bounds [(type_identifier) (scoped_type_identifier) (generic_type)] @reference.inherits))
(impl_item trait: (_) @reference.implements)
(attribute_item (attribute) @reference.decorates)

; ---- imports -------------------------------------------------------------------
(use_declaration) @import
(mod_item !body) @import
(extern_crate_declaration) @import

; ---- local bindings inside callables --------------------------------------------
(parameter pattern: (identifier) @local)
(let_declaration pattern: (identifier) @local)
(tuple_pattern (identifier) @local)
(tuple_struct_pattern "(" (identifier) @local)
(slice_pattern (identifier) @local)
(field_pattern name: (shorthand_field_identifier) @local)
(field_pattern pattern: (identifier) @local)
(ref_pattern (identifier) @local)
(mut_pattern (identifier) @local)
(captured_pattern (identifier) @local)
(or_pattern (identifier) @local)
(match_pattern (identifier) @local)
(let_condition pattern: (identifier) @local)
(closure_parameters (identifier) @local)
(for_expression pattern: (identifier) @local)
