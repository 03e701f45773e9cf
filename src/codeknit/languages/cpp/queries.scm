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
(template_parameter_list (_) @definition.type_parameter)

; ---- references --------------------------------------------------------------------
(call_expression function: (_) @reference.call)
(new_expression type: (_) @reference.call)
; ``A() : Base(1), x_(2) {}``: a base's constructor (the rules drop the member initialisers)
(field_initializer . [(field_identifier) (qualified_identifier) (template_method)] @reference.call)
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

; ---- local bindings inside callables --------------------------------------------------
; a declarator binds the name it wraps (``*p``, ``&r``, ``xs[3]``, ``(*cb)(int)``, ``x = 1``,
; ``[a, b]``); the adapter unwraps it and skips prototypes
(parameter_declaration declarator: (_) @reference.local)
(optional_parameter_declaration declarator: (_) @reference.local)
(declaration declarator: (_) @reference.local)
(for_range_loop declarator: (_) @reference.local)
(lambda_capture_specifier (identifier) @reference.local)
