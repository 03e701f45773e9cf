; JavaScript and TypeScript, both grammars: every name used as a value, every assignment target,
; the names that are no use of anything, and the blocks that hold block-scoped locals. Included by
; javascript/queries.scm and typescript/queries.scm (so by tsx.scm too).
; (the engine drops a definition's or a local's own token, and a token that a type, base or decorator
; reference already names; the adapter reads member chains: ``this.a.b``, ``ns.fn``, ``make().x``)

; ---- values: names and member chains read, and the targets written --------------------------
(identifier) @reference.value
(member_expression) @reference.value
(shorthand_property_identifier) @reference.value
(assignment_expression left: [(identifier) (member_expression)] @reference.write)
(augmented_assignment_expression left: [(identifier) (member_expression)] @reference.write)
(update_expression argument: [(identifier) (member_expression)] @reference.write)
; a member chain whose head is no name (``import.meta.url``, ``null.x``, a damaged tree's ``ERROR``): written
; like a plain ``a.b.c`` but read as the member alone, so the adapter's ``chain`` reads it (``special_values``)
(member_expression object: [(true) (false) (null) (undefined) (meta_property) (ERROR)] @adapter.opaque_head)

; ---- destructuring: a key reads the member of what is destructured (``const { a, b: c } = this``
; reads ``this.a`` and ``this.b``), at the token that declares ``a`` too
(object_pattern [(shorthand_property_identifier_pattern) @reference.member
                 (object_assignment_pattern left: (shorthand_property_identifier_pattern) @reference.member)
                 (pair_pattern key: (property_identifier) @reference.member)])

; ---- an object literal's keys: members of an anonymous object, declared at their token (a shorthand
; key ``{ a }`` declares the member and is the read of ``a`` there too)
; (and an object literal's method: its parameters are its own, the object is no symbol that could hold them)
(object [(pair key: [(property_identifier) (string)] @local.property)
         (method_definition name: (property_identifier) @local.property)
         (shorthand_property_identifier) @local.property
         (method_definition) @scope])

; ---- names that are no use of anything in scope -----------------------------------------------
; a declarator's name is a declaration (of a definition or a local), never a read
(variable_declarator name: (identifier) @nonuse)
; the names in import statements and re-exports are the import's own occurrences (the adapter's
; RawImport.name_spans); an alias names nothing that exists yet
(import_specifier name: (_) @nonuse)
(import_specifier alias: (_) @nonuse)
(import_clause (identifier) @nonuse)
(namespace_import (identifier) @nonuse)
(export_statement (export_clause (export_specifier name: (_) @nonuse)) source: (_))
(export_specifier alias: (_) @nonuse)
(namespace_export (_) @nonuse)

; ---- blocks that hold the locals declared in them (const, let, a callback's parameters) ----------
[(statement_block) (for_statement) (for_in_statement) (catch_clause) (switch_body) (class_static_block)
 (arrow_function) (function_expression) (generator_function)] @scope
