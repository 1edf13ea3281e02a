; repomap tags query for Scala (grammar: tree-sitter-scala 0.24.0's own wasm, which reads
; Scala 2 and Scala 3: `import a.*`, `as`, `given`, `enum`, `extension`, indentation).
;
; Capture vocabulary and pattern precedence: queries/README.md.
;
; Specifiers: the dotted path as written; a wildcard joins it, selectors become names:
;   import com.x.money.Money           → "com.x.money.Money" []
;   import com.x.money._               → "com.x.money._" []
;   import com.x.fmt.*                 → "com.x.fmt.*" []           (Scala 3)
;   import com.x.core.given            → "com.x.core.given" []     (Scala 3)
;   import com.x.util.{Checks, S => T} → "com.x.util" [Checks, S]  (`S as T` too; a `_`, `*`
;                                          or `given` selector is a name "_", "*", "given")
;   import scala.collection.mutable as m → "scala.collection.mutable" []
;   import a.B, c.D                    → "a.B" [], "c.D" []
; This grammar gives an import's path as its identifiers one by one (no node holds the
; path), so the patterns collect them from the first one, or from a `,`, to the next
; selectors or wildcard.
; Kinds: each package clause is a module (`package a.b` then `package c` is two, read in
; order as package a.b.c); classes, case classes, objects, package objects, enums and
; enum cases with parameters are classes; traits interfaces; `type X = …` types; `def`s in
; a class, trait, object, enum, `given … with` or `extension` methods, others functions;
; `val`s of an object, capitalized `val`s anywhere, named `given`s without a body, and
; enum cases without parameters constants; a named `given … with { … }` is a class.

; ---------------------------------------------------------------- imports

(import_declaration
  . ((identifier) @import.module . "."?)+
  . (namespace_selectors [
    (identifier) @import.name
    (namespace_wildcard) @import.name
    (arrow_renamed_identifier name: (identifier) @import.name)
    (as_renamed_identifier name: (identifier) @import.name)
  ])) @import
(import_declaration
  . ((identifier) @import.module . "."?)+
  . [
    (namespace_wildcard) @import.module
    (as_renamed_identifier name: (identifier) @import.module)
  ]?) @import
; After a `,` (the `,` is captured: without a capture the query engine finds only the first).
(import_declaration
  "," @_comma
  . ((identifier) @import.module . "."?)+
  . (namespace_selectors [
    (identifier) @import.name
    (namespace_wildcard) @import.name
    (arrow_renamed_identifier name: (identifier) @import.name)
    (as_renamed_identifier name: (identifier) @import.name)
  ])) @import
(import_declaration
  "," @_comma
  . ((identifier) @import.module . "."?)+
  . [
    (namespace_wildcard) @import.module
    (as_renamed_identifier name: (identifier) @import.module)
  ]?) @import

; ---------------------------------------------------------------- definitions

(package_clause name: (package_identifier) @name) @definition.module

(class_definition name: (identifier) @name) @definition.class
(object_definition name: (identifier) @name) @definition.class
(package_object name: (identifier) @name) @definition.class
(enum_definition name: (identifier) @name) @definition.class
(full_enum_case name: (identifier) @name) @definition.class
(simple_enum_case name: (identifier) @name) @definition.constant
(given_definition name: (identifier) @name body: (with_template_body)) @definition.class
(given_definition name: (identifier) @name) @definition.constant
(trait_definition name: (identifier) @name) @definition.interface
(type_definition name: (type_identifier) @name) @definition.type

(template_body (function_definition name: (identifier) @name) @definition.method)
(template_body (function_declaration name: (identifier) @name) @definition.method)
(with_template_body (function_definition name: (identifier) @name) @definition.method)
(with_template_body (function_declaration name: (identifier) @name) @definition.method)
(enum_body (function_definition name: (identifier) @name) @definition.method)
(extension_definition (function_definition name: (identifier) @name) @definition.method)
(extension_definition (function_declaration name: (identifier) @name) @definition.method)
(function_definition name: (identifier) @name) @definition.function
(function_declaration name: (identifier) @name) @definition.function

(object_definition body: (template_body (val_definition pattern: (identifier) @name) @definition.constant))
(package_object body: (template_body (val_definition pattern: (identifier) @name) @definition.constant))
((val_definition pattern: (identifier) @name) @definition.constant
  (#match? @name "^[A-Z]"))

; ---------------------------------------------------------------- references

; `new X(…)`, `new X`, `new a.b.X`, `new X[T]`, and `X(…)` (a companion's apply: a case
; class built) before calls.
(instance_expression [
  (type_identifier) @name
  (stable_type_identifier (type_identifier) @name)
  (generic_type type: (type_identifier) @name)
  (generic_type type: (stable_type_identifier (type_identifier) @name))
]) @reference.class
((call_expression function: (identifier) @name) @reference.class
  (#match? @name "^[A-Z]"))

; Calls: `f(x)`, `a.f(x)`, `f[T](x)` (as `f`).
(call_expression function: (identifier) @name) @reference.call
(call_expression function: (field_expression field: (identifier) @name)) @reference.call
(call_expression function: (generic_function function: (identifier) @name)) @reference.call
(call_expression function: (generic_function function: (field_expression field: (identifier) @name))) @reference.call

; `class A extends B with C`, `extends D[T]`, Scala 3's `extends B, C`: the first type is
; the class, the others are implemented.
(extends_clause
  . [
    (type_identifier) @name
    (generic_type type: (type_identifier) @name)
    (compound_type base: (type_identifier) @name)
    (compound_type base: (generic_type type: (type_identifier) @name))
  ]) @reference.class
(extends_clause
  (_)
  [
    (type_identifier) @name
    (generic_type type: (type_identifier) @name)
  ] @reference.implementation)
(compound_type extra: [
  (type_identifier) @name
  (generic_type type: (type_identifier) @name)
] @reference.implementation)

; Members of an object: `Money.zero`, `Checks.positive(x)`; an object passed as a value.
((field_expression value: (identifier) @name) @reference.type
  (#match? @name "^[A-Z]"))
((arguments (identifier) @name) @reference.type
  (#match? @name "^[A-Z]"))
; … and the object a type is read from: `new Outer.Inner(…)`, `x: Outer.Inner`.
((stable_type_identifier . [(identifier) @name (stable_identifier . (identifier) @name)]) @reference.type
  (#match? @name "^[A-Z]"))

; Any other use of a named type (lowercase names are type parameters' or none).
((type_identifier) @name @reference.type
  (#match? @name "^[A-Z]"))

; ---------------------------------------------------------------- messages
; String literals a file throws, fails or logs with: `throw new XError("…" + x)`,
; `throw XError(s"…")`, `require(ok, s"…")`, `sys.error("…")`, `logger.warn("…")`.

(throw_expression [
  (instance_expression arguments: (arguments [
    (string) @message
    (interpolated_string_expression (interpolated_string) @message)
    (infix_expression left: (string) @message)
    (infix_expression left: (interpolated_string_expression (interpolated_string) @message))
  ]))
  (call_expression arguments: (arguments [
    (string) @message
    (interpolated_string_expression (interpolated_string) @message)
    (infix_expression left: (string) @message)
    (infix_expression left: (interpolated_string_expression (interpolated_string) @message))
  ]))
])

((instance_expression
  [(type_identifier) @_type (stable_type_identifier (type_identifier) @_type)]
  arguments: (arguments [
    (string) @message
    (interpolated_string_expression (interpolated_string) @message)
    (infix_expression left: (string) @message)
    (infix_expression left: (interpolated_string_expression (interpolated_string) @message))
  ]))
  (#match? @_type "(Exception|Error|Failure)$"))

((call_expression
  function: [(identifier) @_fn (field_expression field: (identifier) @_fn)]
  arguments: (arguments [
    (string) @message
    (interpolated_string_expression (interpolated_string) @message)
    (infix_expression left: (string) @message)
    (infix_expression left: (interpolated_string_expression (interpolated_string) @message))
  ]))
  (#match? @_fn "^(error|warn|warning|fatal|fail|abort|require|assert|assume|\\w*Error|\\w*Exception)$"))
