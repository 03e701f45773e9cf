; TypeScript (.ts, .mts, .cts, .d.ts): definitions, references, imports and
; local bindings. Same layout as javascript.scm plus the type-level
; declarations; tsx.scm is this file plus the JSX element references.
; The adapter (languages/javascript.py) settles kinds, signatures and properties.

; ---- definitions -----------------------------------------------------------
(class_declaration name: (_) @name) @definition.class
(abstract_class_declaration name: (_) @name) @definition.class
(interface_declaration name: (_) @name) @definition.interface
(enum_declaration name: (identifier) @name) @definition.enum
(type_alias_declaration name: (_) @name) @definition.type_alias
(internal_module name: (_) @name) @definition.namespace
(module name: (_) @name) @definition.namespace
(function_declaration name: (identifier) @name) @definition.function
(generator_function_declaration name: (identifier) @name) @definition.function
(function_signature name: (identifier) @name) @definition.function_signature

; functions and classes bound to a name, at any depth
(variable_declarator
  name: (identifier) @name
  value: [(arrow_function) (function_expression) (generator_function)]) @definition.bound_function
(variable_declarator name: (identifier) @name value: (class)) @definition.bound_class

; anonymous `export default function () {}` / `export default class {}`: named ``default``
(export_statement "default" @name
  value: [(arrow_function) (function_expression) (generator_function)] @definition.function)
(export_statement "default" @name value: (class) @definition.class)

; bindings of a module or a namespace (the adapter drops the ones holding a function, class or require())
(program [
    (lexical_declaration (variable_declarator name: (identifier) @name) @definition.variable)
    (variable_declaration (variable_declarator name: (identifier) @name) @definition.variable)
    (ambient_declaration [
      (lexical_declaration (variable_declarator name: (identifier) @name) @definition.variable)
      (variable_declaration (variable_declarator name: (identifier) @name) @definition.variable)])
    (export_statement declaration: [
      (lexical_declaration (variable_declarator name: (identifier) @name) @definition.variable)
      (variable_declaration (variable_declarator name: (identifier) @name) @definition.variable)
      (ambient_declaration [
        (lexical_declaration (variable_declarator name: (identifier) @name) @definition.variable)
        (variable_declaration (variable_declarator name: (identifier) @name) @definition.variable)])])
])
; (the variables of ``declare global { var x: T }``: global names a module declares)
(ambient_declaration (statement_block [
    (lexical_declaration (variable_declarator name: (identifier) @name) @definition.variable)
    (variable_declaration (variable_declarator name: (identifier) @name) @definition.variable)]))
(internal_module body: (statement_block [
    (lexical_declaration (variable_declarator name: (identifier) @name) @definition.variable)
    (variable_declaration (variable_declarator name: (identifier) @name) @definition.variable)
    (ambient_declaration [
      (lexical_declaration (variable_declarator name: (identifier) @name) @definition.variable)
      (variable_declaration (variable_declarator name: (identifier) @name) @definition.variable)])
    (export_statement declaration: [
      (lexical_declaration (variable_declarator name: (identifier) @name) @definition.variable)
      (variable_declaration (variable_declarator name: (identifier) @name) @definition.variable)
      (ambient_declaration [
        (lexical_declaration (variable_declarator name: (identifier) @name) @definition.variable)
        (variable_declaration (variable_declarator name: (identifier) @name) @definition.variable)])])
]))
(module body: (statement_block [
    (lexical_declaration (variable_declarator name: (identifier) @name) @definition.variable)
    (variable_declaration (variable_declarator name: (identifier) @name) @definition.variable)
    (ambient_declaration [
      (lexical_declaration (variable_declarator name: (identifier) @name) @definition.variable)
      (variable_declaration (variable_declarator name: (identifier) @name) @definition.variable)])
    (export_statement declaration: [
      (lexical_declaration (variable_declarator name: (identifier) @name) @definition.variable)
      (variable_declaration (variable_declarator name: (identifier) @name) @definition.variable)
      (ambient_declaration [
        (lexical_declaration (variable_declarator name: (identifier) @name) @definition.variable)
        (variable_declaration (variable_declarator name: (identifier) @name) @definition.variable)])])
]))

; class members
(class_body [
  (method_definition name: [(property_identifier) (private_property_identifier)] @name) @definition.method
  (method_signature name: [(property_identifier) (private_property_identifier)] @name) @definition.overload
  (abstract_method_signature name: [(property_identifier) (private_property_identifier)] @name) @definition.abstract_method
  (public_field_definition name: [(property_identifier) (private_property_identifier)] @name) @definition.field])

; constructor parameter properties: `constructor(private a: A)`
(formal_parameters [
  (required_parameter
    [(accessibility_modifier) "readonly" (override_modifier)]
    pattern: (identifier) @name) @definition.parameter_field
  (optional_parameter
    [(accessibility_modifier) "readonly" (override_modifier)]
    pattern: (identifier) @name) @definition.parameter_field])

; interface members and enum members; the members of a type alias's object type (``type Box = { a: A }``
; declares a type with members, as an interface does)
(interface_body [(property_signature name: (property_identifier) @name) @definition.field
                 (method_signature name: (property_identifier) @name) @definition.method])
(type_alias_declaration value: (object_type [(property_signature name: (property_identifier) @name) @definition.field
                                             (method_signature name: (property_identifier) @name) @definition.method]))
; (and of the object type a utility type that keeps its members wraps: ``type Args = Partial<{ a: A }>`` has the
; member ``a``, as ``type Args = { a?: A }`` would)
(type_alias_declaration value: (generic_type
  name: (type_identifier) @_utility
  type_arguments: (type_arguments . (object_type [(property_signature name: (property_identifier) @name) @definition.field
                                                  (method_signature name: (property_identifier) @name) @definition.method]))
  (#any-of? @_utility "Partial" "Required" "Readonly")))
(enum_body name: [(property_identifier) (string)] @name @definition.enum_member)
(enum_body (enum_assignment name: [(property_identifier) (string)] @name) @definition.enum_member)

; @include javascript/common.scm

; ---- references --------------------------------------------------------------
(class_heritage (extends_clause value: (_) @reference.inherits))
(class_heritage (implements_clause (_) @reference.implements))
(extends_type_clause type: (_) @reference.inherits)
(type_identifier) @reference.type
(nested_type_identifier) @reference.type

; ---- parameters, type parameters and the members of object types ------------------
; parameters of a function with a body (not those of a function type or a signature)
(_
  parameters: (formal_parameters
    [(required_parameter pattern: (identifier) @local.parameter)
     (optional_parameter pattern: (identifier) @local.parameter)
     (required_parameter pattern: (rest_pattern (identifier) @local.parameter))
     (required_parameter pattern: (this) @local.parameter)])
  body: (_))
(arrow_function parameter: (identifier) @local.parameter)
; the parameters of a signature or a function type (an overload, an interface's method, ``(x: T) => U``),
; each in effect only in its own signature (a ``this`` parameter types ``this``, which names no local). (Each
; type by name: tree-sitter ignores a negated field on a wildcard, so ``(_ parameters: … !body)`` took every
; function's parameters too.)
(function_type parameters: (formal_parameters [(required_parameter pattern: [(identifier) (this)] @local.signature)
  (required_parameter pattern: (rest_pattern (identifier) @local.signature))
  (optional_parameter pattern: (identifier) @local.signature)]))
(constructor_type parameters: (formal_parameters [(required_parameter pattern: [(identifier) (this)] @local.signature)
  (required_parameter pattern: (rest_pattern (identifier) @local.signature))
  (optional_parameter pattern: (identifier) @local.signature)]))
(call_signature parameters: (formal_parameters [(required_parameter pattern: [(identifier) (this)] @local.signature)
  (required_parameter pattern: (rest_pattern (identifier) @local.signature))
  (optional_parameter pattern: (identifier) @local.signature)]))
(construct_signature parameters: (formal_parameters [(required_parameter pattern: [(identifier) (this)] @local.signature)
  (required_parameter pattern: (rest_pattern (identifier) @local.signature))
  (optional_parameter pattern: (identifier) @local.signature)]))
(method_signature parameters: (formal_parameters [(required_parameter pattern: [(identifier) (this)] @local.signature)
  (required_parameter pattern: (rest_pattern (identifier) @local.signature))
  (optional_parameter pattern: (identifier) @local.signature)]))
(function_signature parameters: (formal_parameters [(required_parameter pattern: [(identifier) (this)] @local.signature)
  (required_parameter pattern: (rest_pattern (identifier) @local.signature))
  (optional_parameter pattern: (identifier) @local.signature)]))
(abstract_method_signature parameters: (formal_parameters [(required_parameter pattern: [(identifier) (this)] @local.signature)
  (required_parameter pattern: (rest_pattern (identifier) @local.signature))
  (optional_parameter pattern: (identifier) @local.signature)]))
(index_signature name: (identifier) @local.signature)
[(function_type) (constructor_type) (call_signature) (construct_signature) (method_signature)
 (function_signature) (abstract_method_signature) (index_signature)] @scope
; the members of an object type literal (``{ closed: true }``): anonymous, declared at their token
(object_type [(property_signature name: (property_identifier) @local.property)
              (method_signature name: (property_identifier) @local.property)])
; (a type parameter's name, the key of a mapped type ``{ [K in keyof T]: … }`` and an ``infer U`` declare type
; parameters too: @local.type_parameter, in the patterns of their @adapter.not_a_type_use below, one pattern
; for both: one match a name, one analysis fewer when the query is compiled)

; ---- TypeScript's own value syntax -------------------------------------------------
; a parameter's name is a declaration (a function type's or a signature's too), never a read
(required_parameter pattern: (identifier) @nonuse)
(optional_parameter pattern: (identifier) @nonuse)
(import_require_clause (identifier) @nonuse)

; an object literal's key sets the member of the object's declared type (``const x: T = { a: 1, b }`` sets
; ``x.a`` and ``x.b``; the adapter reads the type, and records nothing for an object of no declared type)
(object [(pair key: (property_identifier) @reference.member.write)
         (method_definition name: (property_identifier) @reference.member.write)
         (shorthand_property_identifier) @reference.member.write])

; the string key of an indexed access type names a member of the object type (``T['a']`` names ``T``'s ``a``;
; a type parameter's: its constraint's; the adapter reads the type)
(lookup_type (literal_type (string) @reference.member))

; the string key of an element access names a member as a dotted name does (``obj["a"]`` reads ``obj.a``, as
; TypeScript types it; written where the access is assigned to). The adapter reads the key (``member_chain``): patterns
; of the access's children and the assignment's cost compiling the query about 100 M of its 1,370 M instructions,
; once per run (their analysis walks every state of an expression)
(subscript_expression) @reference.member
[(assignment_expression) (augmented_assignment_expression)] @reference.member.write

; @include javascript/occurrences.scm

; ---- for the adapter (found in the same pass) -------------------------------------
; a parameter gets a value, typed or not (record_var_types)
(required_parameter pattern: (identifier) @adapter.binding) @adapter.parameter
(optional_parameter pattern: (identifier) @adapter.binding) @adapter.parameter
(required_parameter pattern: (this) @adapter.binding) @adapter.parameter
; names declared as type parameters, ``infer`` variables and mapped-type keys, and where they are in
; scope: the node whose type_parameters declare them, the conditional types whose ``extends`` side
; holds the ``infer``, the index signature of the mapped type
(_ type_parameters: (type_parameters (type_parameter name: (_) @adapter.type_parameter))) @adapter.type_parameter_scope
(index_signature (mapped_type_clause name: (_) @adapter.type_parameter)) @adapter.type_parameter_scope
(conditional_type right: (_) @adapter.conditional_right) @adapter.conditional
(infer_type . (_) @adapter.infer_name) @adapter.infer
; ``x instanceof C``: where it holds, the local x is a C; ``x.kind === "a"``, ``switch (x.kind) { case "a": … }``,
; ``"key" in x``: where they hold, the local x is one of the parts of its union type whose ``kind`` is "a", that have a
; ``key`` (record_narrowing). A binary expression's operands are read by the adapter (``_narrowing_test``): patterns of
; its children cost compiling the query about 250 M of its 1,370 M instructions, once per run (the analysis of a
; binary expression's children walks every state of an expression), for the few comparisons of a file
(binary_expression) @adapter.binary
(switch_statement value: (parenthesized_expression (member_expression object: [(identifier) (member_expression)] @adapter.narrowed
                                                                      property: (property_identifier) @adapter.discriminant))
                  body: (switch_body) @adapter.cases) @adapter.switched
; a base written with type arguments (``extends Box<Num>``, ``implements Getter<T>``): what the base's type parameters
; stand for in the type (record_base_arguments)
(class_heritage (extends_clause value: (_) @adapter.heritage type_arguments: (_) @adapter.heritage_arguments))
(class_heritage (implements_clause (generic_type name: (_) @adapter.heritage type_arguments: (_) @adapter.heritage_arguments)))
(extends_type_clause type: (generic_type name: (_) @adapter.heritage type_arguments: (_) @adapter.heritage_arguments))
; type names that are not uses of a type (the engine captures every one as @reference.type): the
; name a declaration introduces, the last part of a longer name (captured itself), a name `infer`
; declares, and the types of implements / interface extends clauses (recorded as such)
(nested_type_identifier (type_identifier) @adapter.not_a_type_use)
(infer_type . [(type_identifier) @local.type_parameter (nested_type_identifier)] @adapter.not_a_type_use)
(class_declaration name: [(type_identifier) (nested_type_identifier)] @adapter.not_a_type_use)
(abstract_class_declaration name: [(type_identifier) (nested_type_identifier)] @adapter.not_a_type_use)
(class name: [(type_identifier) (nested_type_identifier)] @adapter.not_a_type_use)
(interface_declaration name: [(type_identifier) (nested_type_identifier)] @adapter.not_a_type_use)
(type_alias_declaration name: [(type_identifier) (nested_type_identifier)] @adapter.not_a_type_use)
(type_parameter name: [(type_identifier) @local.type_parameter (nested_type_identifier)] @adapter.not_a_type_use)
(mapped_type_clause name: [(type_identifier) @local.type_parameter (nested_type_identifier)]
                    @adapter.not_a_type_use)
(implements_clause [(type_identifier) @adapter.not_a_type_use (nested_type_identifier) @adapter.not_a_type_use
                    (generic_type name: [(type_identifier) (nested_type_identifier)] @adapter.not_a_type_use)])
(extends_type_clause [(type_identifier) @adapter.not_a_type_use (nested_type_identifier) @adapter.not_a_type_use
                      (generic_type name: [(type_identifier) (nested_type_identifier)] @adapter.not_a_type_use)])
