; Python: what is a definition, a reference, an import, a local binding.
; The adapter (python/adapter.py) refines kinds (method, property, constant…)
; and renders signatures.
;
; The patterns of one node type are written as one pattern with alternatives: compiling the query
; analyses the parse table for every pattern node that has children, once per pattern (once per run,
; by the fork server the workers fork from), so four patterns under `expression_statement` cost four
; times one. A capture goes on each alternative, never on an alternation nested in another (`[[(a) (b)] @x (c)]`: tree-sitter
; 0.26 loses the `(b)`).

; ---- definitions -----------------------------------------------------------
(class_definition name: (identifier) @name) @definition.class
(function_definition name: (identifier) @name) @definition.function
(type_alias_statement left: (type (identifier) @name)) @definition.type_alias
; a lambda is a function named <lambdaN>: N counts the lambdas of its enclosing scope, in source order
(lambda) @definition.lambda

; assignments (annotated or not; tuple targets too): at module level a variable, in a class body a
; field, also inside if/try/for/with blocks there; the adapter leaves out those in functions (locals);
; nested and starred targets too (`a, (b, c) = …`, `first, *rest = …`). (No `(expression_statement …)` around it:
; the grammar's `expression_statement` is a supertype, which matched every assignment, the inner ones of `a = b = 1`
; too, and cost about 30 M instructions more to compile, once per run)
(assignment left: [(identifier) @name
                   (pattern_list [(identifier) @name.each
                                  (tuple_pattern (identifier) @name.each)
                                  (list_pattern (identifier) @name.each)
                                  (list_splat_pattern (identifier) @name.each)])
                   (tuple_pattern [(identifier) @name.each
                                   (tuple_pattern (identifier) @name.each)
                                   (list_splat_pattern (identifier) @name.each)])
                   (list_pattern [(identifier) @name.each
                                  (list_pattern (identifier) @name.each)
                                  (list_splat_pattern (identifier) @name.each)])])
  @definition.variable

; a loop's variables at module level or in a class body: a variable or a field too (the adapter leaves out those in
; functions); the definition is the loop's target, not the loop
(for_statement left: [(identifier) @name @definition.variable
                      (pattern_list [(identifier) @name.each
                                     (tuple_pattern (identifier) @name.each)]) @definition.variable
                      (tuple_pattern [(identifier) @name.each
                                      (tuple_pattern (identifier) @name.each)]) @definition.variable])

; ---- references --------------------------------------------------------------
(call function: (_) @reference.call)
(class_definition superclasses: (argument_list [(identifier) (attribute)] @reference.inherits))
; a generic base: ``class IntBox(Box[int])`` inherits ``Box`` (its arguments are read as values)
(class_definition superclasses: (argument_list (subscript value: [(identifier) (attribute)] @reference.inherits)))
(decorator [(identifier) @reference.decorates (attribute) @reference.decorates
            (call function: [(identifier) (attribute)] @reference.decorates)])
(type) @reference.type

; ---- values: every name and attribute read, and assignment targets written ------------
; (the engine drops a definition's or local's own token, and a token a call, type, base or
; decorator reference already names; the adapter reads attribute chains)
(identifier) @reference.value
(attribute) @reference.value
(assignment left: [(identifier) @reference.write (attribute) @reference.write
                   (pattern_list [(identifier) (attribute)] @reference.write)
                   (tuple_pattern [(identifier) (attribute)] @reference.write)
                   (list_pattern [(identifier) (attribute)] @reference.write)])
(augmented_assignment left: [(identifier) (attribute)] @reference.write)
(for_statement left: [(identifier) @reference.write (attribute) @reference.write
                      (pattern_list [(identifier) (attribute)] @reference.write)
                      (tuple_pattern [(identifier) (attribute)] @reference.write)])
; names that are not uses of anything in scope
(keyword_argument name: (identifier) @nonuse)
; (a module's dotted name in an import statement: the import's own occurrences)
[(import_statement (dotted_name (identifier) @nonuse))
 (import_from_statement (dotted_name (identifier) @nonuse))
 (future_import_statement (dotted_name (identifier) @nonuse))
 (aliased_import (dotted_name (identifier) @nonuse))
 (relative_import (dotted_name (identifier) @nonuse))]
(aliased_import alias: (identifier) @nonuse)
(keyword_pattern . (identifier) @nonuse)

; ---- a match statement's patterns: ``case Point(x=0)`` reads the class ``Point``; ``case mod.Color.RED``
; (a value pattern: a dotted name) reads ``mod.Color.RED`` at its last name, and ``mod`` at its own (a name
; between is no use by itself); a bare name (``case other:``, ``y=yy``, ``*rest``, ``… as whole``) binds
; a local (below)
(class_pattern . (dotted_name) @reference.value)
[(case_pattern . (dotted_name (identifier) (identifier)) @reference.value .)
 (union_pattern (dotted_name (identifier) (identifier)) @reference.value)]
(dotted_name (identifier) . (identifier) @nonuse . (identifier))

; ---- what a local holds: ``x = Foo(…)``, ``x: Foo = …`` (the adapter keeps those inside functions)
; an assignment to a name, a loop's or a comprehension's target and what it iterates: the adapter reads what the value
; is (``_target_matches``): ``x = Foo(…)``, ``response = await self.send(…)`` (what the coroutine function is
; declared to return), ``config = model.__config__`` (what the member holds), ``loop = event_loop`` (what the name
; holds), ``opts = options or {}``, ``row = self.rows[i]`` (an element of what the chain holds, read by its key),
; ``a, b = Foo(x), y`` (each name what the expression at its position gives); ``for x in items`` and ``[… for x in
; self.items()]`` (an element of what the name, chain or call gives), ``for k, v in d.items()`` (a value of the
; mapping ``d``), ``for a, b in pairs`` (a position of a tuple). A pattern per form cost about 140 M instructions
; more to compile, once per run; these match a few more statements, which the adapter passes over.
(assignment left: (_) @adapter.assigned_target right: (_) @adapter.assigned)
(assignment left: (identifier) @adapter.target type: (type) @adapter.annotation)
(for_statement left: (_) @adapter.loop_target right: (_) @adapter.loop_source)
(for_in_clause left: (_) @adapter.loop_target right: (_) @adapter.loop_source)
; ``with Conn() as c``, ``async with pool.acquire() as c``: what the manager's ``__enter__`` (``__aenter__``) returns;
; ``except Error as e``: an instance of that class (a tuple of classes says nothing). The adapter reads the statement
; around the name (``_target_matches``): an ``as_pattern`` with children in a pattern cost about 50 M instructions
; more to compile, once per run
(as_pattern_target (identifier) @adapter.alias_name) @adapter.alias
; every ``return`` (a method that returns only its receiver returns an instance of its class)
(return_statement) @adapter.return
; a ``yield`` makes its function a generator (what calling it gives is no ``return``'s value)
(yield) @adapter.yield

; ---- fields: ``self.x = …`` (and ``self.x, self.y = …``) in a method; the adapter keeps those whose
; object is the method's receiver (a name: read off the member, ``_instance_fields``; an ``(attribute object: …
; attribute: …)`` pattern per target would cost about 100 M instructions more to compile, once per run)
(assignment left: [(attribute) @adapter.self_member
                   (pattern_list [(attribute) @adapter.self_member
                                  (list_splat_pattern (attribute) @adapter.self_member)])
                   (tuple_pattern [(attribute) @adapter.self_member
                                   (list_splat_pattern (attribute) @adapter.self_member)])
                   (list_pattern [(attribute) @adapter.self_member
                                  (list_splat_pattern (attribute) @adapter.self_member)])])
  @adapter.self_assignment

; ---- a keyword argument of a call of a plain name: the adapter records ``Callee(name=)``, which names the
; field of a class whose ``__init__`` is generated from its fields (a dataclass, attrs, a NamedTuple)
(call function: [(identifier) (attribute)] @adapter.keyword_callee
  arguments: (argument_list (keyword_argument name: (identifier) @adapter.keyword)))
; ``case Point(x=0):`` reads the attribute ``x`` of the class the pattern names
(class_pattern . (dotted_name) @adapter.keyword_class (case_pattern (keyword_pattern . (identifier) @adapter.keyword)))

; ---- a member named at run time: ``getattr(node, "as_" + vendor)``, ``"has_%s_permission" % p``,
; ``f"visit_{kind}"``: the adapter records a call of any member with the literal prefix; a name held by a local
; (``meth = "visit_" + kind``, ``for name in ("_a", "_b")``): what the function assigns it
; (the adapter reads the arguments, ``_dynamic_members``: a pattern of them cost about 20 M instructions more to
; compile, once per run)
(call function: (identifier) @adapter.getattr arguments: (argument_list) @adapter.getattr_arguments
  (#eq? @adapter.getattr "getattr"))

; ---- imports -------------------------------------------------------------------
(import_statement) @import
(import_from_statement) @import

; ---- local bindings inside callables --------------------------------------------
(parameters [(identifier) @local.parameter
             (typed_parameter [(identifier) @local.parameter
                               (list_splat_pattern (identifier) @local.parameter)
                               (dictionary_splat_pattern (identifier) @local.parameter)])
             (default_parameter name: (identifier) @local.parameter)
             (typed_default_parameter name: (identifier) @local.parameter)
             (list_splat_pattern (identifier) @local.parameter)
             (dictionary_splat_pattern (identifier) @local.parameter)])
(lambda_parameters [(identifier) @local.parameter
                    (default_parameter name: (identifier) @local.parameter)
                    (list_splat_pattern (identifier) @local.parameter)
                    (dictionary_splat_pattern (identifier) @local.parameter)])
; (nested and starred targets: ``a, (b, c) = …``, ``for i, (k, v) in …``, ``for first, *rest in …``)
(assignment left: [(identifier) @local
                   (pattern_list [(identifier) @local (tuple_pattern (identifier) @local) (list_pattern (identifier) @local)
                                  (list_splat_pattern (identifier) @local)])
                   (tuple_pattern [(identifier) @local (tuple_pattern (identifier) @local)
                                   (list_splat_pattern (identifier) @local)])
                   (list_pattern [(identifier) @local (list_pattern (identifier) @local)
                                  (list_splat_pattern (identifier) @local)])])
(augmented_assignment left: (identifier) @local)
(for_statement left: [(identifier) @local
                      (pattern_list [(identifier) @local (tuple_pattern (identifier) @local) (list_pattern (identifier) @local)
                                     (list_splat_pattern (identifier) @local)])
                      (tuple_pattern [(identifier) @local (tuple_pattern (identifier) @local)
                                      (list_splat_pattern (identifier) @local)])
                      (list_pattern [(identifier) @local (list_pattern (identifier) @local)
                                     (list_splat_pattern (identifier) @local)])])
(named_expression name: (identifier) @local)
; type parameters (PEP 695): ``class Box[T]``, ``def first[T: int](…)``, ``*Ts``, ``**P``, ``type Pair[K] = …``
[(class_definition type_parameters: (type_parameter (type [(identifier) @local.type_parameter
                                                          (splat_type (identifier) @local.type_parameter)
                                                          (constrained_type . (type (identifier) @local.type_parameter))])))
 (function_definition type_parameters: (type_parameter (type [(identifier) @local.type_parameter
                                                             (splat_type (identifier) @local.type_parameter)
                                                             (constrained_type . (type (identifier) @local.type_parameter))])))
 (type_alias_statement left: (type (generic_type (type_parameter (type (identifier) @local.type_parameter)))))]
; a match statement's capture patterns: ``case other:``, ``Point(y=yy)``, ``[first, *rest]``, ``{**others}``,
; ``case [x, y] as whole:``
[(case_pattern . (dotted_name . (identifier) @local .) .)
 (keyword_pattern (dotted_name . (identifier) @local .))
 (splat_pattern (identifier) @local)
 (as_pattern (case_pattern) . (identifier) @local .)]
; (also ``with … as x``, ``except E as x``: an ``as_pattern_target`` is only ever an ``as_pattern``'s alias, and
; ``(as_pattern alias: …)`` cost about 13 M instructions more to compile, once per run)
(as_pattern_target (identifier) @local)
(for_in_clause left: [(identifier) @local
                      (pattern_list [(identifier) @local (tuple_pattern (identifier) @local)
                                     (list_splat_pattern (identifier) @local)])
                      (tuple_pattern [(identifier) @local (tuple_pattern (identifier) @local)
                                      (list_splat_pattern (identifier) @local)])])
; a comprehension is a scope of its own (its ``for`` variables); a function's locals are not seen by its
; decorators (they are evaluated in the scope around it)
[(list_comprehension) (set_comprehension) (dictionary_comprehension) (generator_expression)
 (function_definition)] @scope
; a function's parameters are in effect in its body only: their annotations, their defaults and the return
; annotation are read in the scope around the function (``def redirect(Response: type[Response] = None)``)
(function_definition body: (block) @scope.body)
(global_statement (identifier) @global)
(nonlocal_statement (identifier) @global)
