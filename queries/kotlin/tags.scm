; repomap tags query for Kotlin (grammar: tree-sitter-kotlin from tree-sitter-wasms 0.1.13).
;
; Capture vocabulary and pattern precedence: queries/README.md.
;
; Specifiers: the dotted name of an import as written, names always []:
;   import com.x.ledger.Account          → "com.x.ledger.Account"
;   import com.x.ledger.*                → "com.x.ledger.*"
;   import com.x.ledger.formatAmount     → "com.x.ledger.formatAmount" (a top-level function)
;   import com.x.ledger.Account as Acct  → "com.x.ledger.Account" (the alias dropped)
; Kinds: the package header is a module (full dotted name); classes, data/enum/sealed classes
; and objects are classes; interfaces interfaces; `typealias` types; functions in a class,
; object or companion body methods, top-level and local functions functions (extension
; functions by their name); `const val` and top-level or object `val`s in capitals, and enum
; entries, constants.

; ---------------------------------------------------------------- imports

(import_header (identifier) @import.module . (wildcard_import) @import.module) @import
; (A comment after an import is a child of its import_header, so the name is followed by the
; end, an alias or a comment; never by a wildcard.)
(import_header (identifier) @import.module .) @import
(import_header (identifier) @import.module . [(import_alias) (line_comment) (multiline_comment)]) @import

; ---------------------------------------------------------------- definitions

(package_header (identifier) @name) @definition.module

(class_declaration "interface" (type_identifier) @name) @definition.interface
(class_declaration (type_identifier) @name) @definition.class
(object_declaration (type_identifier) @name) @definition.class
(type_alias (type_identifier) @name) @definition.type

(class_body (function_declaration (simple_identifier) @name) @definition.method)
(function_declaration (simple_identifier) @name) @definition.function

((property_declaration
  (modifiers (property_modifier) @_const)
  (variable_declaration (simple_identifier) @name)) @definition.constant
  (#eq? @_const "const"))
((source_file (property_declaration (variable_declaration (simple_identifier) @name)) @definition.constant)
  (#match? @name "^[A-Z][A-Z0-9_]*$"))
((class_body (property_declaration (variable_declaration (simple_identifier) @name)) @definition.constant)
  (#match? @name "^[A-Z][A-Z0-9_]*$"))
(enum_entry (simple_identifier) @name) @definition.constant

; ---------------------------------------------------------------- references

; Constructor calls (Kotlin has no `new`): a call of a capitalized name, `Ledger(store)`.
((call_expression . (simple_identifier) @name) @reference.class
  (#match? @name "^[A-Z]"))

; class A : B(), C — a supertype called with arguments is the superclass, one without an
; interface.
(delegation_specifier (constructor_invocation (user_type (type_identifier) @name .))) @reference.class
(delegation_specifier (user_type (type_identifier) @name .) @reference.implementation)

; Calls: `f()`, `a.f()` (as `f`), `a?.f()`, `f { … }`.
(call_expression . (simple_identifier) @name) @reference.call
(call_expression . (navigation_expression (navigation_suffix (simple_identifier) @name) .)) @reference.call

; Member access on a type or object: `Money.of(…)`, `Kind.DEBIT`, `Registry.lookup(…)`.
((navigation_expression . (simple_identifier) @name) @reference.type
  (#match? @name "^[A-Z]"))

; Any other use of a named type (a definition's own name is excluded). Only capitalized
; names: this skips package segments of qualified types.
((type_identifier) @name @reference.type
  (#match? @name "^[A-Z]"))

; ---------------------------------------------------------------- messages
; String literals a file throws, fails or logs with: `throw XException("…$x")`,
; `require(ok) { "…" }`, `check(…) { "…" }`, `error("…")`, `logger.warn("…")`.

((call_expression
  . (simple_identifier) @_type
  (call_suffix (value_arguments . (value_argument [
    (string_literal) @message
    (additive_expression . (string_literal) @message)
  ]))))
  (#match? @_type "(Exception|Error)$"))

((call_expression
  . [(simple_identifier) @_fn (navigation_expression (navigation_suffix (simple_identifier) @_fn) .)]
  (call_suffix (value_arguments . (value_argument [
    (string_literal) @message
    (additive_expression . (string_literal) @message)
  ]))))
  (#match? @_fn "^(error|warn|warning|fatal|fail|severe|TODO)$"))

((call_expression
  . (call_expression . (simple_identifier) @_fn)
  (call_suffix (annotated_lambda (lambda_literal (statements . (string_literal) @message)))))
  (#match? @_fn "^(require|requireNotNull|check|checkNotNull|error)$"))
