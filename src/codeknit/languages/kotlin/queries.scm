; Kotlin: what is a definition, a reference, an import, a local binding.
; The grammar has no field names: patterns name node types and anonymous keywords. The adapter
; (adapter.py) reads kinds off the keywords and modifiers, renders signatures and types receivers.

; ---- definitions -----------------------------------------------------------
; class, interface, enum class, annotation class, fun interface (the adapter tells them apart)
(class_declaration (type_identifier) @name) @definition.class
(object_declaration (type_identifier) @name) @definition.class
(function_declaration (simple_identifier) @name) @definition.function
(secondary_constructor) @definition.constructor
(type_alias (type_identifier) @name) @definition.type_alias
(enum_entry (simple_identifier) @name) @definition.enum_member
(type_parameter (type_identifier) @name) @definition.type_parameter
; properties of a class, object or companion object, and top-level ones (not locals)
(class_body (property_declaration (variable_declaration (simple_identifier) @name)) @definition.property)
(enum_class_body (property_declaration (variable_declaration (simple_identifier) @name)) @definition.property)
(source_file (property_declaration (variable_declaration (simple_identifier) @name)) @definition.variable)
; ``class C(val x: Int)``: a parameter declared ``val``/``var`` is a property
(class_parameter (binding_pattern_kind) (simple_identifier) @name) @definition.property

; ---- references --------------------------------------------------------------
(call_expression . (_) @reference.call)
(callable_reference) @reference.call
; ``constructor(…) : this(…)``/``: super(…)``: another constructor of the class, or the superclass's
(constructor_delegation_call) @reference.call
; ``a to b``: an infix function call
(infix_expression . (_) . (simple_identifier) @reference.infix . (_) .)
; supertypes: a constructor call is the superclass, a bare type an interface (or, for an
; interface, its base); ``by`` delegates an interface
(delegation_specifier (constructor_invocation (user_type) @reference.inherits))
(delegation_specifier (user_type) @reference.implements)
(explicit_delegation (user_type) @reference.implements)
(annotation [(user_type) @reference.decorates (constructor_invocation (user_type) @reference.decorates)])
(user_type) @reference.type
; names used as values: every name and member chain is a read where it stands (a larger capture
; ending at the same token wins: ``a.b`` over ``b``), but for the names that are no use of a value
; (a called function's name, a named argument's name, a package's or an import's parts)
(simple_identifier) @reference.value
(navigation_expression) @reference.value
(assignment (directly_assignable_expression) @reference.write)
(postfix_expression [(simple_identifier) (navigation_expression)] @reference.write ["++" "--"])
(prefix_expression ["++" "--"] [(simple_identifier) (navigation_expression)] @reference.write)
(call_expression . [(simple_identifier) @nonuse (navigation_expression (navigation_suffix (simple_identifier) @nonuse))])
(value_argument . (simple_identifier) @nonuse . (_))
(package_header (identifier (simple_identifier) @nonuse))
(import_header (identifier (simple_identifier) @nonuse))

; what the adapter needs to know about user types: those that are not plain type uses (a
; supertype, recorded as inherits/implements) and the declaration an annotation is on (the one
; whose modifiers hold it)
(delegation_specifier (user_type) @adapter.supertype)
(constructor_invocation (user_type) @adapter.supertype)
(explicit_delegation (user_type) @adapter.supertype)
(modifiers (annotation [(user_type) @adapter.annotated (constructor_invocation (user_type) @adapter.annotated)])) @adapter.modifiers
; a top-level annotation with arguments before a ``fun`` that has no other modifier, which the grammar reads as
; an expression statement of its own (the adapter gives it back to the declaration after it)
(source_file (prefix_expression . (annotation)) @adapter.detached)
; lambdas: where one has a receiver (``with(x) { … }``, ``buildString { … }``), ``this`` in it is that receiver
(lambda_literal) @adapter.lambda
; KDoc comments, to find a declaration's documentation by line
(multiline_comment) @adapter.comment

; ---- imports -------------------------------------------------------------------
(import_header) @import

; ---- local bindings (parameters, local values, loop, lambda and catch variables) --
; (``@reference.local`` too: the adapter types them, ``var_types``)
(parameter (simple_identifier) @local.parameter @reference.local)
(parameter_with_optional_type (simple_identifier) @local.parameter @reference.local)
; (a parameter declared ``val``/``var`` is a property: ``binding_pattern_kind`` comes before its name)
(class_parameter . (simple_identifier) @local.parameter @reference.local)
(class_parameter . (modifiers) . (simple_identifier) @local.parameter @reference.local)
(statements (property_declaration [(variable_declaration (simple_identifier) @local.let @reference.local)
  (multi_variable_declaration (variable_declaration (simple_identifier) @local.let @reference.local))]))
(for_statement (variable_declaration (simple_identifier) @local.variable @reference.local))
(for_statement (multi_variable_declaration (variable_declaration (simple_identifier) @local.variable @reference.local)))
(lambda_parameters (variable_declaration (simple_identifier) @local.parameter @reference.local))
(lambda_parameters (multi_variable_declaration (variable_declaration (simple_identifier) @local.parameter @reference.local)))
(catch_block (simple_identifier) @local.variable @reference.local)
; the blocks that hold them (a class with a primary constructor holds its plain parameters: its
; initialisers see them)
[(statements) (lambda_literal) (anonymous_function) (for_statement) (catch_block)] @scope
(class_declaration (primary_constructor)) @scope

; ---- smart casts: ``x is T`` (an ``if``'s or a ``when`` entry's condition) and ``when (x) { is T -> … }``;
; the adapter records where each holds (``Extraction.narrowed``)
; (``this`` too: ``if (this is C)``, ``when (this) { is C -> … }``, the implicit receiver)
(check_expression . [(simple_identifier) (this_expression)] @adapter.narrowed (user_type) @adapter.narrowed_to)
  @adapter.is_check
(when_expression (when_subject . [(simple_identifier) (this_expression)] @adapter.when_subject .)
  (when_entry (when_condition (type_test (user_type) @adapter.when_type)) @adapter.when_condition))
