; C++: what is a definition, a reference, an import, a local binding.
; The C patterns (queries/c.scm) are repeated here for the C++ grammar, then
; the C++ ones follow. The adapter (languages/cpp.py) reads declarators,
; decides method/constructor/destructor, access sections and owners.

; ---- definitions (as in C) ------------------------------------------------------
(function_definition) @definition.function
(declaration declarator: (_) @definition.variable)
(field_declaration declarator: (_) @definition.field)
(type_definition declarator: (_) @definition.type_alias)
(struct_specifier name: (_) @name body: (_)) @definition.struct
(union_specifier name: (_) @name body: (_)) @definition.union
(enum_specifier name: (_) @name body: (_)) @definition.enum
(enumerator name: (identifier) @name) @definition.enum_member
(preproc_def name: (identifier) @name) @definition.constant
(preproc_function_def name: (identifier) @name) @definition.macro
(preproc_include) @definition.include

; ---- definitions (C++) --------------------------------------------------------------
(class_specifier name: (_) @name body: (_)) @definition.class
(namespace_definition name: (_) @name) @definition.namespace
(alias_declaration name: (type_identifier) @name) @definition.type_alias
; C++20: a concept, a named requirement on types (``template <Sized S>`` names it)
(concept_definition name: (identifier) @name) @definition.concept
(template_parameter_list (_) @definition.type_parameter)

; ---- references --------------------------------------------------------------------
; a call; ``new T(…)`` and ``A() : Base(1), x_(2) {}`` (a base's constructor; the rules drop the member
; initialisers) construct
(call_expression function: (_) @reference.call)
(new_expression type: (_) @reference.construct)
(field_initializer . [(field_identifier) (qualified_identifier) (template_method)] @reference.construct)
(_ type: (type_identifier) @reference.type)
(_ type: (qualified_identifier) @reference.type)
(_ type: (template_type) @reference.type)
(_ type: (struct_specifier !body) @reference.type)
(_ type: (union_specifier !body) @reference.type)
(_ type: (enum_specifier !body) @reference.type)
(_ type: (class_specifier !body) @reference.type)
(base_class_clause [(type_identifier) (qualified_identifier) (template_type)] @reference.inherits)

; ---- imports: ``using namespace n;`` and ``using n::name;`` ---------------------------
(using_declaration) @import

; ---- values: every name and member read, and assignment targets written -------------------------
; (the engine drops a definition's or local's own token, and a token a call or type reference already
; names; the adapter reads member chains: ``this->shape.origin`` is ``this.shape.origin``, ``geo::Kind::A``
; is ``geo.Kind.A``). Macros are left alone, as in C.
(identifier) @reference.value
(field_expression) @reference.value
(qualified_identifier) @reference.value
; a namespace or a type that qualifies a name (``geo`` in ``geo::area``, ``Shape`` in ``Shape::count``)
(qualified_identifier scope: [(namespace_identifier) (type_identifier)] @reference.value)
(assignment_expression left: [(identifier) (field_expression) (qualified_identifier)] @reference.write)
(update_expression argument: [(identifier) (field_expression) (qualified_identifier)] @reference.write)
; ``A() : x_(2)``: a member initialiser writes the field
(field_initializer . (field_identifier) @reference.write)
; names that are no use of anything in scope: a macro's parameters, an attribute's, and the names a
; parameter declarator declares (a prototype's, or a function pointer type's, are no locals either)
(preproc_params (identifier) @nonuse)
(attribute_specifier (argument_list (identifier) @nonuse))
(attribute name: (identifier) @nonuse)
(parameter_list (_ declarator: [(identifier) @nonuse
    (structured_binding_declarator (identifier) @nonuse)
    (variadic_declarator (identifier) @nonuse)
    (reference_declarator [(identifier) @nonuse (variadic_declarator (identifier) @nonuse)
                           (structured_binding_declarator (identifier) @nonuse)])
    (_ declarator: [(identifier) @nonuse
      (structured_binding_declarator (identifier) @nonuse)
      (reference_declarator [(identifier) @nonuse (structured_binding_declarator (identifier) @nonuse)])
      (_ declarator: [(identifier) @nonuse (_ declarator: (identifier) @nonuse)
                      (parenthesized_declarator [(_ declarator: (identifier) @nonuse) (reference_declarator (identifier) @nonuse)])])
      (parenthesized_declarator [(_ declarator: (identifier) @nonuse) (reference_declarator (identifier) @nonuse)])])]))

; ---- local bindings inside callables --------------------------------------------------
; the name a declarator wraps (``*p``, ``&r``, ``xs[3]``, ``(*cb)(int)``, ``x = 1``, ``[a, b]``,
; ``...args``), followed through the ``declarator`` fields; a function's or a lambda's parameters are
; those of its own parameter list (not a function pointer parameter's, nor a prototype's)
(function_definition declarator: [
  (function_declarator parameters: (parameter_list (_ declarator: [(identifier) @local.parameter
      (structured_binding_declarator (identifier) @local.parameter)
      (variadic_declarator (identifier) @local.parameter)
      (reference_declarator [(identifier) @local.parameter (variadic_declarator (identifier) @local.parameter)
                             (structured_binding_declarator (identifier) @local.parameter)])
      (_ declarator: [(identifier) @local.parameter
        (structured_binding_declarator (identifier) @local.parameter)
        (reference_declarator [(identifier) @local.parameter (structured_binding_declarator (identifier) @local.parameter)])
        (_ declarator: [(identifier) @local.parameter (_ declarator: (identifier) @local.parameter)
                        (parenthesized_declarator [(_ declarator: (identifier) @local.parameter) (reference_declarator (identifier) @local.parameter)])])
        (parenthesized_declarator [(_ declarator: (identifier) @local.parameter) (reference_declarator (identifier) @local.parameter)])])])))
  (_ declarator: (function_declarator parameters: (parameter_list (_ declarator: [(identifier) @local.parameter
      (structured_binding_declarator (identifier) @local.parameter)
      (variadic_declarator (identifier) @local.parameter)
      (reference_declarator [(identifier) @local.parameter (variadic_declarator (identifier) @local.parameter)
                             (structured_binding_declarator (identifier) @local.parameter)])
      (_ declarator: [(identifier) @local.parameter
        (structured_binding_declarator (identifier) @local.parameter)
        (reference_declarator [(identifier) @local.parameter (structured_binding_declarator (identifier) @local.parameter)])
        (_ declarator: [(identifier) @local.parameter (_ declarator: (identifier) @local.parameter)
                        (parenthesized_declarator [(_ declarator: (identifier) @local.parameter) (reference_declarator (identifier) @local.parameter)])])
        (parenthesized_declarator [(_ declarator: (identifier) @local.parameter) (reference_declarator (identifier) @local.parameter)])])]))))
  (reference_declarator (function_declarator parameters: (parameter_list (_ declarator: [(identifier) @local.parameter
      (structured_binding_declarator (identifier) @local.parameter)
      (variadic_declarator (identifier) @local.parameter)
      (reference_declarator [(identifier) @local.parameter (variadic_declarator (identifier) @local.parameter)
                             (structured_binding_declarator (identifier) @local.parameter)])
      (_ declarator: [(identifier) @local.parameter
        (structured_binding_declarator (identifier) @local.parameter)
        (reference_declarator [(identifier) @local.parameter (structured_binding_declarator (identifier) @local.parameter)])
        (_ declarator: [(identifier) @local.parameter (_ declarator: (identifier) @local.parameter)
                        (parenthesized_declarator [(_ declarator: (identifier) @local.parameter) (reference_declarator (identifier) @local.parameter)])])
        (parenthesized_declarator [(_ declarator: (identifier) @local.parameter) (reference_declarator (identifier) @local.parameter)])])]))))])
(lambda_expression declarator: (lambda_declarator parameters: (parameter_list (_ declarator: [(identifier) @local.parameter
      (structured_binding_declarator (identifier) @local.parameter)
      (variadic_declarator (identifier) @local.parameter)
      (reference_declarator [(identifier) @local.parameter (variadic_declarator (identifier) @local.parameter)
                             (structured_binding_declarator (identifier) @local.parameter)])
      (_ declarator: [(identifier) @local.parameter
        (structured_binding_declarator (identifier) @local.parameter)
        (reference_declarator [(identifier) @local.parameter (structured_binding_declarator (identifier) @local.parameter)])
        (_ declarator: [(identifier) @local.parameter (_ declarator: (identifier) @local.parameter)
                        (parenthesized_declarator [(_ declarator: (identifier) @local.parameter) (reference_declarator (identifier) @local.parameter)])])
        (parenthesized_declarator [(_ declarator: (identifier) @local.parameter) (reference_declarator (identifier) @local.parameter)])])]))))
; a local variable exists from its declaration on (a range-for's, a condition's, a catch's too)
(declaration declarator: [(identifier) @local.let
    (structured_binding_declarator (identifier) @local.let)
    (variadic_declarator (identifier) @local.let)
    (reference_declarator [(identifier) @local.let (variadic_declarator (identifier) @local.let)
                           (structured_binding_declarator (identifier) @local.let)])
    (_ declarator: [(identifier) @local.let
      (structured_binding_declarator (identifier) @local.let)
      (reference_declarator [(identifier) @local.let (structured_binding_declarator (identifier) @local.let)])
      (_ declarator: [(identifier) @local.let (_ declarator: (identifier) @local.let)
                      (parenthesized_declarator [(_ declarator: (identifier) @local.let) (reference_declarator (identifier) @local.let)])])
      (parenthesized_declarator [(_ declarator: (identifier) @local.let) (reference_declarator (identifier) @local.let)])])])
(for_range_loop declarator: [(identifier) @local.let
    (structured_binding_declarator (identifier) @local.let)
    (variadic_declarator (identifier) @local.let)
    (reference_declarator [(identifier) @local.let (variadic_declarator (identifier) @local.let)
                           (structured_binding_declarator (identifier) @local.let)])
    (_ declarator: [(identifier) @local.let
      (structured_binding_declarator (identifier) @local.let)
      (reference_declarator [(identifier) @local.let (structured_binding_declarator (identifier) @local.let)])
      (_ declarator: [(identifier) @local.let (_ declarator: (identifier) @local.let)
                      (parenthesized_declarator [(_ declarator: (identifier) @local.let) (reference_declarator (identifier) @local.let)])])
      (parenthesized_declarator [(_ declarator: (identifier) @local.let) (reference_declarator (identifier) @local.let)])])])
(catch_clause parameters: (parameter_list (_ declarator: [(identifier) @local.variable
    (structured_binding_declarator (identifier) @local.variable)
    (variadic_declarator (identifier) @local.variable)
    (reference_declarator [(identifier) @local.variable (variadic_declarator (identifier) @local.variable)
                           (structured_binding_declarator (identifier) @local.variable)])
    (_ declarator: [(identifier) @local.variable
      (structured_binding_declarator (identifier) @local.variable)
      (reference_declarator [(identifier) @local.variable (structured_binding_declarator (identifier) @local.variable)])
      (_ declarator: [(identifier) @local.variable (_ declarator: (identifier) @local.variable)
                      (parenthesized_declarator [(_ declarator: (identifier) @local.variable) (reference_declarator (identifier) @local.variable)])])
      (parenthesized_declarator [(_ declarator: (identifier) @local.variable) (reference_declarator (identifier) @local.variable)])])])))
; a lambda's captures: ``[x, &y]`` read the enclosing locals, ``[z = 1]`` declares one
(lambda_capture_initializer left: (identifier) @local.variable)
; a prototype in a body (``int g(int);``) declares the function there, no local
(declaration declarator: [
  (function_declarator declarator: (identifier) @global)
  (_ declarator: (function_declarator declarator: (identifier) @global))])
; blocks hold the locals declared in them
[(compound_statement) (for_statement) (for_range_loop) (if_statement) (while_statement) (switch_statement)
 (catch_clause) (lambda_expression)] @scope

; ---- read by the adapter ---------------------------------------------------------------------
; declarations with a type and a declarator: what a function's typed locals and parameters hold
(parameter_declaration type: (_) @adapter.type declarator: (_) @adapter.declarator)
(declaration type: (_) @adapter.type declarator: (_) @adapter.declarator)
(optional_parameter_declaration type: (_) @adapter.type declarator: (_) @adapter.declarator)
; a range ``for``'s variable: its written type, or (``auto``) an element of what it goes over
(for_range_loop type: (_) @adapter.type declarator: (_) @adapter.declarator)
