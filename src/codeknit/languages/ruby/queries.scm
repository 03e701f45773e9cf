; Ruby: what is a definition, a reference, an import, a local binding.
; The adapter (languages/ruby.py) decides what a bare identifier is (a local
; or a method call), applies visibility sections and renders signatures.

; ---- definitions -----------------------------------------------------------
; (their names: read by the adapter)
(module) @definition.namespace
(class) @definition.class
[(method) (singleton_method)] @definition.method
; every symbol: the adapter keeps those of ``attr_reader :a, :b`` (and ``attr_writer``, ``attr_accessor``)
(simple_symbol) @name @definition.field
; (a constant: its assignment, below with the locals assigned)

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
; (a superclass and the modules mixed in with include / extend / prepend: inherited, the adapter says
; from those constants; ``require`` and ``require_relative``: read from the calls)

; ---- values: names read, instance variables read and written --------------------------
; a bare name is a local's use where a local of that name is declared before it (the resolver
; decides by the locals' regions), else a call of a method with no receiver and no arguments (the
; ``@reference.bare`` call above); ``@x`` is the field ``x`` (``attr_reader :x``) of the class
(identifier) @reference.value
(instance_variable) @reference.value
; (the names written: the adapter's, from the assignments below)
; (names that are no use of anything in scope: a method's own name is its definition's; a called
; method's name and ``alias``/``undef`` names the adapter's, ``special_values``)

; ---- local bindings --------------------------------------------------------------------
; parameters of a method, a block (``|x|``) and a lambda (``->(x)``); a block's live in the block
(method_parameters [
    (identifier) @local.parameter
    (optional_parameter name: (identifier) @local.parameter)
    (splat_parameter name: (identifier) @local.parameter)
    (hash_splat_parameter name: (identifier) @local.parameter)
    (block_parameter name: (identifier) @local.parameter)
    (keyword_parameter name: (identifier) @local.parameter)
    (destructured_parameter (identifier) @local.parameter)])
(block_parameters [
    (identifier) @local.parameter
    (optional_parameter name: (identifier) @local.parameter)
    (splat_parameter name: (identifier) @local.parameter)
    (hash_splat_parameter name: (identifier) @local.parameter)
    (block_parameter name: (identifier) @local.parameter)
    (keyword_parameter name: (identifier) @local.parameter)
    (destructured_parameter (identifier) @local.parameter)])
(lambda_parameters [
    (identifier) @local.parameter
    (optional_parameter name: (identifier) @local.parameter)
    (splat_parameter name: (identifier) @local.parameter)
    (hash_splat_parameter name: (identifier) @local.parameter)
    (block_parameter name: (identifier) @local.parameter)
    (keyword_parameter name: (identifier) @local.parameter)
    (destructured_parameter (identifier) @local.parameter)])
; a local variable exists from its first assignment on (a bare name before it is a method call); a
; later assignment, also in a block, writes it
; (an instance variable's: read by the adapter, what it holds in every method of its class, ``@repo =
; Repo.new``; a constant's: a definition)
(assignment
  left: [(identifier) @local.assigned @adapter.write (instance_variable) @adapter.write (constant) @name])
  @definition.constant @adapter.ivar
(operator_assignment left: [(identifier) @local.assigned (instance_variable)] @adapter.write) @adapter.ivar
(left_assignment_list [(identifier) @local.assigned (instance_variable)] @adapter.write)
(rest_assignment (identifier) @local.assigned)
(destructured_left_assignment (identifier) @local.assigned)
(for pattern: (identifier) @local.assigned)
(exception_variable (identifier) @local.assigned)
; a block or a lambda holds what is first bound in it
[(block) (do_block) (lambda)] @scope
