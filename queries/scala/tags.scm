; repomap tags query for Scala (grammar: tree-sitter-scala from tree-sitter-wasms 0.1.13,
; a Scala 2 grammar: Scala 3's `import a.*`, `as`, `given`, `enum` and `extension` leave
; an ERROR node beside what it still reads).
;
; Capture vocabulary and pattern precedence: queries/README.md.
;
; Specifiers: the dotted path as written; a wildcard joins it, selectors become names:
;   import com.x.money.Money           → "com.x.money.Money" []
;   import com.x.money._               → "com.x.money._" []
;   import com.x.util.{Checks, S => T} → "com.x.util" [Checks, S]  (a `_` selector is a name "_")
;   import com.x.core.given            → "com.x.core.given" []     (Scala 3)
;   import com.x.fmt.*                 → "com.x.fmt" []            (Scala 3; `*` is an ERROR here)
; Kinds: each package clause is a module (`package a.b` then `package c` is two, read in
; order as package a.b.c); classes, case classes, objects and package objects are classes;
; traits interfaces; `type X = …` types; `def`s in a class, trait or object methods, others
; functions; `val`s of an object, and capitalized `val`s anywhere, constants.

; ---------------------------------------------------------------- imports

(import_declaration path: (_) @import.module (wildcard) @import.module) @import
(import_declaration
  path: (_) @import.module
  (import_selectors [
    (identifier) @import.name
    (wildcard) @import.name
    (renamed_identifier name: (identifier) @import.name)
  ])) @import
(import_declaration path: (_) @import.module .) @import

; ---------------------------------------------------------------- definitions

(package_clause name: (package_identifier) @name) @definition.module

(class_definition name: (identifier) @name) @definition.class
(object_definition name: (identifier) @name) @definition.class
(package_object name: (identifier) @name) @definition.class
(trait_definition name: (identifier) @name) @definition.interface
(type_definition name: (type_identifier) @name) @definition.type

(template_body (function_definition name: (identifier) @name) @definition.method)
(template_body (function_declaration name: (identifier) @name) @definition.method)
(function_definition name: (identifier) @name) @definition.function
(function_declaration name: (identifier) @name) @definition.function

(object_definition body: (template_body (val_definition pattern: (identifier) @name) @definition.constant))
(package_object body: (template_body (val_definition pattern: (identifier) @name) @definition.constant))
((val_definition pattern: (identifier) @name) @definition.constant
  (#match? @name "^[A-Z]"))

; ---------------------------------------------------------------- references

; `new X(…)`, `new X`, and `X(…)` (a companion's apply: a case class built) before calls.
(instance_expression (call_expression function: (identifier) @name)) @reference.class
(instance_expression (identifier) @name) @reference.class
(instance_expression (generic_function function: (identifier) @name)) @reference.class
(instance_expression (call_expression function: (generic_function function: (identifier) @name))) @reference.class
((call_expression function: (identifier) @name) @reference.class
  (#match? @name "^[A-Z]"))

; Calls: `f(x)`, `a.f(x)`, `f[T](x)` (as `f`). This grammar reads `for (…)` and some
; `while (…)` loops as calls of `for` and `while`.
((call_expression function: (identifier) @name) @reference.call
  (#not-any-of? @name "for" "while"))
(call_expression function: (field_expression field: (identifier) @name)) @reference.call
(call_expression function: (generic_function function: (identifier) @name)) @reference.call
(call_expression function: (generic_function function: (field_expression field: (identifier) @name))) @reference.call

; `class A extends B with C`, `extends D[T]`.
(extends_clause type: [
  (type_identifier) @name
  (generic_type type: (type_identifier) @name)
  (compound_type base: (type_identifier) @name)
  (compound_type base: (generic_type type: (type_identifier) @name))
]) @reference.class
(compound_type extra: [
  (type_identifier) @name
  (generic_type type: (type_identifier) @name)
] @reference.implementation)

; Members of an object: `Money.zero`, `Checks.positive(x)`; an object passed as a value.
((field_expression value: (identifier) @name) @reference.type
  (#match? @name "^[A-Z]"))
((arguments (identifier) @name) @reference.type
  (#match? @name "^[A-Z]"))

; Any other use of a named type (lowercase names are type parameters' or none).
((type_identifier) @name @reference.type
  (#match? @name "^[A-Z]"))

; ---------------------------------------------------------------- messages
; String literals a file throws, fails or logs with: `throw new XError("…" + x)`,
; `require(ok, s"…")`, `sys.error("…")`, `logger.warn("…")`.

((infix_expression
  left: (identifier) @_throw
  right: (call_expression arguments: (arguments [
    (string) @message
    (string_transform_expression (string) @message)
    (infix_expression left: (string) @message)
    (infix_expression left: (string_transform_expression (string) @message))
  ])))
  (#eq? @_throw "throw"))

((instance_expression (call_expression
  function: (identifier) @_type
  arguments: (arguments [
    (string) @message
    (string_transform_expression (string) @message)
    (infix_expression left: (string) @message)
    (infix_expression left: (string_transform_expression (string) @message))
  ])))
  (#match? @_type "(Exception|Error|Failure)$"))

((call_expression
  function: [(identifier) @_fn (field_expression field: (identifier) @_fn)]
  arguments: (arguments [
    (string) @message
    (string_transform_expression (string) @message)
    (infix_expression left: (string) @message)
    (infix_expression left: (string_transform_expression (string) @message))
  ]))
  (#match? @_fn "^(error|warn|warning|fatal|fail|abort|require|assert|assume|\\w*Error|\\w*Exception)$"))
