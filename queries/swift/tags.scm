; repomap tags query for Swift (grammar: tree-sitter-swift from tree-sitter-wasms 0.1.13).
;
; Capture vocabulary and pattern precedence: queries/README.md.
;
; Specifiers: the imported module path as written; names only for a kind import:
;   import Foundation              → "Foundation" []
;   @testable import Inventory     → "Inventory" []
;   import Foo.Sub                 → "Foo.Sub" []
;   import struct Inventory.Money  → "Inventory.Money" [Money]
; (the resolver reads the first segment as the module; a module's files see each other
; without imports, which the shared-symbol edges cover.)
; Kinds: struct, class, actor and enum declarations are classes (one node type in this
; grammar; an `extension X` is not a definition, its members are); protocols are interfaces;
; typealiases and associated types types; functions at file scope functions; functions,
; initializers (named `init`), computed properties of a type and protocol requirements methods;
; `static let`/`static var` members, file-scope `let`s and enum cases constants.

; ---------------------------------------------------------------- imports

(import_declaration
  ["struct" "class" "enum" "protocol" "func" "var" "let" "typealias"]
  (identifier (simple_identifier) @import.name .) @import.module) @import
(import_declaration (identifier) @import.module) @import

; ---------------------------------------------------------------- definitions

(class_declaration ["struct" "class" "enum" "actor"] name: (type_identifier) @name) @definition.class
(protocol_declaration name: (type_identifier) @name) @definition.interface
(typealias_declaration name: (type_identifier) @name) @definition.type
(associatedtype_declaration name: (type_identifier) @name) @definition.type

; Members of a type or an extension, and protocol requirements, before file-scope functions.
(class_body (function_declaration name: (simple_identifier) @name) @definition.method)
(enum_class_body (function_declaration name: (simple_identifier) @name) @definition.method)
(class_body (init_declaration "init" @name) @definition.method)
(enum_class_body (init_declaration "init" @name) @definition.method)
(protocol_body (protocol_function_declaration name: (simple_identifier) @name) @definition.method)
(function_declaration name: (simple_identifier) @name) @definition.function

((class_body
  (property_declaration
    (modifiers (property_modifier) @_static)
    name: (pattern bound_identifier: (simple_identifier) @name)) @definition.constant)
  (#eq? @_static "static"))
((enum_class_body
  (property_declaration
    (modifiers (property_modifier) @_static)
    name: (pattern bound_identifier: (simple_identifier) @name)) @definition.constant)
  (#eq? @_static "static"))
((source_file
  (property_declaration
    (value_binding_pattern) @_let
    name: (pattern bound_identifier: (simple_identifier) @name)) @definition.constant)
  (#eq? @_let "let"))
(enum_entry name: (simple_identifier) @name) @definition.constant
; Computed properties of a type are code that runs (`var total: Money { … }`), as methods.
(class_body (property_declaration
  name: (pattern bound_identifier: (simple_identifier) @name)
  computed_value: (computed_property)) @definition.method)
(enum_class_body (property_declaration
  name: (pattern bound_identifier: (simple_identifier) @name)
  computed_value: (computed_property)) @definition.method)

; ---------------------------------------------------------------- references

; Constructor calls `Money(cents: 1)` before other calls by name.
((call_expression . (simple_identifier) @name) @reference.class
  (#match? @name "^[A-Z]"))
(call_expression . (simple_identifier) @name) @reference.call
; `a.f()`, `Type.f()` as `f`.
(call_expression . (navigation_expression
  suffix: (navigation_suffix suffix: (simple_identifier) @name))) @reference.call

; `struct A: B, C`, `extension A: P` (a superclass and a protocol read the same here).
(inheritance_specifier inherits_from: (user_type (type_identifier) @name .)) @reference.class
(class_declaration "extension" name: (user_type (type_identifier) @name .)) @reference.class

; Static members and enum cases through their type: `Money.zero`, `CartError.invalid`.
((navigation_expression target: (simple_identifier) @name) @reference.type
  (#match? @name "^[A-Z]"))

; Any other use of a named type; lowercase names are generic parameters' or none.
((type_identifier) @name @reference.type
  (#match? @name "^[A-Z]"))

; ---------------------------------------------------------------- messages
; String literals a file throws, traps or logs with: `throw CartError.invalid("…")`,
; `fatalError("…")`, `precondition(ok, "…")`, `logger.error("…")`.

(control_transfer_statement
  (throw_keyword)
  (call_expression (call_suffix (value_arguments (value_argument value: (line_string_literal) @message)))))

((call_expression
  [(simple_identifier) @_fn
   (navigation_expression suffix: (navigation_suffix suffix: (simple_identifier) @_fn))]
  (call_suffix (value_arguments (value_argument value: (line_string_literal) @message))))
  (#match? @_fn "^(fatalError|preconditionFailure|precondition|assertionFailure|assert|error|fault|critical|warning|warn|fail|\\w*Error)$"))
