; Ruby: what is a definition, a reference, an import, a local binding.
; The adapter (languages/ruby.py) decides what a bare identifier is (a local
; or a method call), applies visibility sections and renders signatures.

; ---- definitions -----------------------------------------------------------
(module name: [(constant) (scope_resolution)] @name) @definition.namespace
(class name: [(constant) (scope_resolution)] @name) @definition.class
(method name: (_) @name) @definition.method
(singleton_method name: (_) @name) @definition.method
(assignment left: (constant) @name) @definition.constant
((call
   method: (identifier) @_attr
   arguments: (argument_list (simple_symbol) @name @definition.field))
 (#match? @_attr "^attr_(reader|writer|accessor)$"))

; ---- references --------------------------------------------------------------
; every call; the adapter leaves out declarations (`attr_reader`, `private`, `include`…)
(call) @reference.call
; `super` without a call node: bare `super` (its arguments passed along)
(super) @reference.super
; every identifier: a local binding, a local read, or a call of a method with no
; receiver and no arguments; the adapter tells them apart
(identifier) @reference.bare
; `in {name:}` binds `name`
(keyword_pattern key: (hash_key_symbol) @reference.binding)
; constant paths (`Foo`, `Foo::Bar`, `::Foo`)
(constant) @reference.constant
(scope_resolution) @reference.constant
; superclass, and modules mixed in with include / extend / prepend
(class superclass: (superclass [(constant) (scope_resolution)] @reference.inherits))
((call
   method: (identifier) @_mixin
   arguments: (argument_list [(constant) (scope_resolution)] @reference.inherits))
 (#match? @_mixin "^(include|extend|prepend)$"))

; ---- imports -------------------------------------------------------------------
((call
   method: (identifier) @_require
   arguments: (argument_list . (string)))
 (#match? @_require "^(require|require_relative)$")) @import
