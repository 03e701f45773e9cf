; PHP: what is a definition, a reference, an import, a local binding.
; The adapter (languages/php.py) resolves names through the namespace and its
; `use` imports, refines kinds (constructor, promoted property) and renders
; signatures.

; ---- definitions -----------------------------------------------------------
; (each declaration alone, its name read by the adapter: a pattern with children costs its parent step's
; compiling, millions of instructions each)
(namespace_definition) @definition.namespace @adapter.namespace
(class_declaration) @definition.class @adapter.class
(interface_declaration) @definition.interface @adapter.class
(trait_declaration) @definition.trait @adapter.class
(enum_declaration) @definition.enum @adapter.class
(enum_case) @definition.enum_member
(function_definition) @definition.function @adapter.function
(method_declaration) @definition.method @adapter.function
(property_element) @definition.field
(property_promotion_parameter) @definition.promoted
(const_element) @definition.constant

; ---- references --------------------------------------------------------------
; calls: functions, methods, static methods, `new`
; (a call is also a definition the adapter reads: ``define('NAME', …)``)
(function_call_expression) @reference.call @definition.define
(member_call_expression name: (name)) @reference.method
(nullsafe_member_call_expression name: (name)) @reference.method
(scoped_call_expression name: (name)) @reference.static
(object_creation_expression) @reference.new
; a method named by a callable array: ``[$this, 'm']``, ``[new Foo, 'm']``, ``[Foo::class, 'm']`` (exactly two
; elements, the second a plain string)
(array_creation_expression
  . (array_element_initializer [(variable_name) (object_creation_expression) (class_constant_access_expression)])
  . (array_element_initializer (string (string_content)))
  .) @reference.callable

; type hints (parameters, returns, properties, catch), `Foo::X`, `Foo::$x`, `Foo::class` (and a class after
; `instanceof`, see the operands below)
(named_type) @reference.type
(class_constant_access_expression) @reference.type
(scoped_property_access_expression) @reference.type

; the class hierarchy (``new class extends B {…}`` is no symbol: its bases are no edges) and attributes
(class_declaration (base_clause [(name) (qualified_name) (relative_name)] @reference.inherits))
(interface_declaration (base_clause [(name) (qualified_name) (relative_name)] @reference.inherits))
(class_declaration (class_interface_clause [(name) (qualified_name) (relative_name)] @reference.implements))
(enum_declaration (class_interface_clause [(name) (qualified_name) (relative_name)] @reference.implements))
(use_declaration [(name) (qualified_name) (relative_name)] @reference.inherits)
(attribute [(name) (qualified_name) (relative_name)] @reference.decorates)

; bare names in expression positions are constants
(argument [(name) (qualified_name) (relative_name)] @reference.constant)
; (one pattern for both operands: a binary expression's patterns are the dearest to compile, over 100 M
; instructions each; the right one is a class after ``instanceof``, which the adapter reads as a type)
(binary_expression left: [(name) (qualified_name) (relative_name)]? @reference.left right: [(name) (qualified_name) (relative_name)]? @reference.right)
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

; ---- values: variables, properties and member chains read, assignment targets written ------------
; (a variable is a local's use where one is in effect, see below; ``$this->a->b`` is the chain
; ``$this.a.b``, typed through the class's property types; constants, ``Foo::X`` and ``Foo::$x`` are
; the references above, whose names the adapter qualifies through the namespace and its imports)
(variable_name) @reference.value
(member_access_expression) @reference.value
(nullsafe_member_access_expression) @reference.value
; (the targets of an assignment, an update, a ``list(…)``, a ``foreach`` and a ``catch``: written, see the
; adapter's ``_targets``)
; names that are no use of anything in scope: a property's own ``$name`` (its definition is the name
; inside); a static property's, which the reference above names, the adapter leaves out (``special_values``)
(property_element (variable_name) @nonuse)

; ---- local bindings inside callables --------------------------------------------
; (PHP variables carry a `$` and can never be mistaken for a function, class or constant.) Parameters
; of functions, methods, closures and arrow functions; a closure's live in the closure
(simple_parameter name: (variable_name) @local.parameter)
(variadic_parameter name: (variable_name) @local.parameter)
(property_promotion_parameter name: (variable_name) @local.parameter)
; a variable exists from its first assignment on, to the end of its function (PHP has no block
; scope); a later assignment writes it
; (with the constant assigned, and the assignment the adapter reads: one pattern per node type)
(assignment_expression left: [(variable_name) @local.assigned (_)] right: [(name) (qualified_name) (relative_name)]? @reference.constant) @adapter.assign
(augmented_assignment_expression left: [(variable_name) @local.assigned (_)]
  right: [(name) (qualified_name) (relative_name)]? @reference.constant) @adapter.rebind
; (a ``$x = &…``'s, a ``list(…)``'s and a ``foreach``'s: the adapter declares them, from their bindings)
(reference_assignment_expression) @adapter.rebind
(catch_clause name: (variable_name)? @local.assigned) @adapter.catch
(static_variable_declaration name: (variable_name)? @local.assigned) @adapter.declare
; ``global $x``: the global variable, no local
(global_declaration (variable_name) @global)
; a closure or an arrow function holds what is first bound in it (its parameters, its assignments);
; a closure's ``use ($x)`` reads the enclosing function's ``$x``
[(anonymous_function) (arrow_function)] @scope @adapter.closure

; ---- read by the adapter ---------------------------------------------------------------
; the namespaces and the ``use`` imports each covers (names resolve through them)
; (and those in a namespace's braces: the adapter reads them off the namespaces, captured with their definitions)
(program (namespace_use_declaration) @adapter.use)
; what encloses a declaration or a binding: functions, methods and classes (captured with their definitions,
; one match each) and closures (above)
(anonymous_class) @adapter.anonymous_class
; what binds a variable, for what it holds (``Extraction.var_types``): ``$x = new Foo`` types ``$x``,
; the others bind their variables to something unknown
(list_literal) @adapter.list
(foreach_statement) @adapter.foreach
; what ``$i++`` writes (no binding: it says nothing of what the variable holds)
(update_expression) @adapter.update
(global_declaration) @adapter.declare
