; repomap tags query for Java (grammar: tree-sitter-java 0.23.5).
;
; Capture vocabulary and pattern precedence: queries/README.md.
;
; Specifiers: the full dotted import as written, names always []:
;   import com.x.money.Money;            → "com.x.money.Money"
;   import com.x.money.*;                → "com.x.money.*"
;   import static com.x.util.Checks.req; → "com.x.util.Checks.req"
; Kinds: the package declaration is a module (full dotted name); classes, enums and records
; are classes; interfaces and @interface annotation types interfaces; methods and constructors
; methods; static final fields, interface fields and enum constants constants.

; ---------------------------------------------------------------- imports

(import_declaration [(identifier) (scoped_identifier)] @import.module .) @import
(import_declaration [(identifier) (scoped_identifier)] @import.module (asterisk) @import.module) @import

; ---------------------------------------------------------------- definitions

(package_declaration [(identifier) (scoped_identifier)] @name) @definition.module

(class_declaration name: (identifier) @name) @definition.class
(enum_declaration name: (identifier) @name) @definition.class
(record_declaration name: (identifier) @name) @definition.class
(interface_declaration name: (identifier) @name) @definition.interface
(annotation_type_declaration name: (identifier) @name) @definition.interface

(method_declaration name: (identifier) @name) @definition.method
(constructor_declaration name: (identifier) @name) @definition.method

((field_declaration
  (modifiers) @_modifiers
  declarator: (variable_declarator name: (identifier) @name)) @definition.constant
  (#match? @_modifiers "\\bstatic\\b")
  (#match? @_modifiers "\\bfinal\\b"))
(constant_declaration declarator: (variable_declarator name: (identifier) @name)) @definition.constant
(enum_constant name: (identifier) @name) @definition.constant

; ---------------------------------------------------------------- references

; Calls: `f()`, `a.b()` (as `b`). A method of the runtime's is no reference to the
; repository's: not when the receiver is a string literal (`"a,b".split(",")`) or a class of
; `java.lang`, or a chain rooted at one (`System.out.println()`, `Math.max()`).
((method_invocation object: (_) @_receiver name: (identifier) @name) @reference.call
  (#not-match? @_receiver "^([\"0-9]|(System|Math|StrictMath|String|Integer|Long|Short|Byte|Double|Float|Boolean|Character|Object|Thread)(\\.|$))"))
((method_invocation !object name: (identifier) @name) @reference.call)

; new X(), new X<>(), new a.X()
(object_creation_expression type: [
  (type_identifier) @name
  (generic_type (type_identifier) @name)
  (scoped_type_identifier (type_identifier) @name .)
  (generic_type (scoped_type_identifier (type_identifier) @name .))
]) @reference.class

; class A extends B implements C, D<T>
(superclass [
  (type_identifier) @name
  (generic_type (type_identifier) @name)
  (scoped_type_identifier (type_identifier) @name .)
  (generic_type (scoped_type_identifier (type_identifier) @name .))
]) @reference.class
(super_interfaces (type_list [
  (type_identifier) @name
  (generic_type (type_identifier) @name)
  (scoped_type_identifier (type_identifier) @name .)
  (generic_type (scoped_type_identifier (type_identifier) @name .))
] @reference.implementation))

; Static member access on a class: `Money.of(...)`, `Status.OPEN`.
((method_invocation object: (identifier) @name) @reference.type
  (#match? @name "^[A-Z]"))
((field_access object: (identifier) @name) @reference.type
  (#match? @name "^[A-Z]"))

; Any other use of a named type (a definition's own name is excluded). Only capitalized
; names: this skips package segments of qualified types (`java.io.X`) and `var`.
((type_identifier) @name @reference.type
  (#match? @name "^[A-Z]"))

; ---------------------------------------------------------------- messages
; String literals a class throws, reports or logs with (the text an issue quotes):
; `throw new XException("…" + x)`, `new IllegalStateException("…")`, `_reportError("…")`,
; `log.warn("…")`, `String.format("…", x)` inside those.
;
; `"…" + x` and `"…" + x + y` share one argument branch (their difference is inside the
; `+`): each branch is an in-progress match held at every node of the arguments, and the
; second pattern starts on every method call (~2 % of the query's time on dubbo).

((object_creation_expression
  type: (type_identifier) @_type
  arguments: (argument_list [
    (string_literal) @message
    (binary_expression left: [
      (string_literal) @message
      (binary_expression left: (string_literal) @message)
    ])
    (method_invocation arguments: (argument_list . (string_literal) @message))
  ]))
  (#match? @_type "(Exception|Error)$"))

((method_invocation
  name: (identifier) @_fn
  arguments: (argument_list [
    (string_literal) @message
    (binary_expression left: [
      (string_literal) @message
      (binary_expression left: (string_literal) @message)
    ])
  ]))
  (#match? @_fn "^(error|warn|info|debug|trace|fatal|fail|_?report\\w*|\\w*[Ee]rror|\\w*[Ee]xception|_?throw\\w*|_?construct\\w*|_?wrong\\w*)$"))
