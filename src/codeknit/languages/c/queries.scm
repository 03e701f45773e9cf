; C: what is a definition, a reference, a local binding.
; The adapter (languages/c.py) reads declarators (prototype or variable?),
; renders signatures and drops definitions local to a function body.
; queries/cpp.scm repeats these patterns for the C++ grammar and adds its own.

; ---- definitions -----------------------------------------------------------
(function_definition) @definition.function
; each declarator of a declaration: a global, an extern, or a prototype
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

; ---- references --------------------------------------------------------------
(call_expression function: (_) @reference.call)
; a function-like macro's body is text: the functions it calls (``f(…)``) are read from it by the adapter
(preproc_function_def value: (preproc_arg) @reference.macro_body)
(_ type: (type_identifier) @reference.type)
; ``struct S *p``: a tag used without a body
(_ type: (struct_specifier !body) @reference.type)
(_ type: (union_specifier !body) @reference.type)
(_ type: (enum_specifier !body) @reference.type)

; ---- values: every name and field read, and assignment targets written -----------------
; (the engine drops a definition's or local's own token, and a token a call or type reference already
; names; the adapter reads field chains: ``p->ops->draw`` is ``p.ops.draw``). Macros are left alone:
; a macro's body is text to the grammar, so the names in it are no uses; ``#ifdef X`` and
; ``defined(X)`` read the macro ``X``.
(identifier) @reference.value
(field_expression) @reference.value
(assignment_expression left: [(identifier) (field_expression)] @reference.write)
(update_expression argument: [(identifier) (field_expression)] @reference.write)
; names that are no use of anything in scope: a macro's parameters, an attribute's arguments, and the
; names a parameter declarator declares (a prototype's, or a function pointer type's, are no locals)
(preproc_params (identifier) @nonuse)
(attribute_specifier (argument_list (identifier) @nonuse))
(parameter_list (identifier) @nonuse)
; a keyword the grammar misread as a name (in an error: ``MY_EXTERN int f(void);``) names nothing
((identifier) @nonuse
  (#match? @nonuse "^(int|void|char|short|long|float|double|signed|unsigned|struct|union|enum|static|extern|inline|const|volatile|register|typedef|_Bool|bool)$"))
(parameter_declaration declarator: [
  (identifier) @nonuse
  (_ declarator: [(identifier) @nonuse
    (_ declarator: [(identifier) @nonuse (_ declarator: (identifier) @nonuse)
                    (parenthesized_declarator (_ declarator: (identifier) @nonuse))])
    (parenthesized_declarator (_ declarator: (identifier) @nonuse))])])

; ---- local bindings inside callables --------------------------------------------
; the name a declarator wraps (``*p``, ``xs[3]``, ``(*cb)(int)``, ``x = 1``), followed through the
; ``declarator`` fields; a function's parameters are those of its own parameter list (not a function
; pointer parameter's, nor a prototype's); a local variable exists from its declaration on
; (``int f(…)``, ``int *f(…)``, and ``int (*f(…))(int)``, a function returning a function pointer)
(function_definition declarator: (function_declarator parameters: (parameter_list (parameter_declaration declarator: [
    (identifier) @local.parameter
    (_ declarator: [(identifier) @local.parameter
      (_ declarator: [(identifier) @local.parameter (_ declarator: (identifier) @local.parameter)
                      (parenthesized_declarator (_ declarator: (identifier) @local.parameter))])
      (parenthesized_declarator (_ declarator: (identifier) @local.parameter))])]))))
(function_definition declarator: (_ declarator: (function_declarator parameters: (parameter_list (parameter_declaration declarator: [
    (identifier) @local.parameter
    (_ declarator: [(identifier) @local.parameter
      (_ declarator: [(identifier) @local.parameter (_ declarator: (identifier) @local.parameter)
                      (parenthesized_declarator (_ declarator: (identifier) @local.parameter))])
      (parenthesized_declarator (_ declarator: (identifier) @local.parameter))])])))))
(function_definition declarator: (function_declarator declarator: (parenthesized_declarator (pointer_declarator
  declarator: (function_declarator parameters: (parameter_list (parameter_declaration declarator: [
    (identifier) @local.parameter
    (_ declarator: [(identifier) @local.parameter
      (_ declarator: [(identifier) @local.parameter (_ declarator: (identifier) @local.parameter)
                      (parenthesized_declarator (_ declarator: (identifier) @local.parameter))])
      (parenthesized_declarator (_ declarator: (identifier) @local.parameter))])])))))))
; an old-style (K&R) definition names its parameters alone, ``f(a, b) int *a; long b; {…}``: the declarations
; between the list and the body give their types
(function_definition declarator: (function_declarator parameters: (parameter_list (identifier) @local.parameter)))
(function_definition declarator: (_ declarator: (function_declarator parameters: (parameter_list (identifier) @local.parameter))))
(declaration declarator: [
  (identifier) @local.let
  (_ declarator: [(identifier) @local.let
    (_ declarator: [(identifier) @local.let (_ declarator: (identifier) @local.let)
                    (parenthesized_declarator (_ declarator: (identifier) @local.let))])
    (parenthesized_declarator (_ declarator: (identifier) @local.let))])])
; a prototype in a body (``int g(int);``) declares the global function there, no local
(declaration declarator: [
  (function_declarator declarator: (identifier) @global)
  (_ declarator: (function_declarator declarator: (identifier) @global))])
; blocks hold the locals declared in them (a ``for``: its loop variable)
[(compound_statement) (for_statement)] @scope

; ---- read by the adapter ---------------------------------------------------------------------
; declarations with a type and a declarator: what a function's typed locals and parameters hold
(parameter_declaration type: (_) @adapter.type declarator: (_) @adapter.declarator)
(declaration type: (_) @adapter.type declarator: (_) @adapter.declarator)
