; repomap tags query for PHP (grammar: tree-sitter-php 0.24.2's own wasm, `tree-sitter-php.wasm`).
;
; Capture vocabulary and pattern precedence: queries/README.md.
;
; Specifiers:
;   use Acme\Cart\Money;                     → "Acme\Cart\Money" []
;   use Acme\Cart\Money as M, Acme\Cart\Cart; → "Acme\Cart\Money" [] and "Acme\Cart\Cart" []
;   use function Acme\Cart\format_money;     → "Acme\Cart\format_money" [] (also `use const`)
;   use Acme\Cart\Tax\{TaxRule, Sub\Flat};   → "Acme\Cart\Tax" [TaxRule, Sub\Flat]
;   require_once 'lib/x.php';                → "lib/x.php"
;   require __DIR__ . '/x.php';              → "__DIR__/x.php"
;   require dirname(__DIR__) . '/x.php';     → "dirname(__DIR__)/x.php" (also `dirname(__DIR__, 2)`)
; (`require`, `require_once`, `include`, `include_once` alike; a path built from variables
; names no file and is left out.)
; Kinds: the namespace declaration is a module (its full name, read by the resolver);
; classes, enums and traits are classes; interfaces interfaces; methods methods;
; functions functions; class constants, enum cases and `define('X', …)` constants.

; ---------------------------------------------------------------- imports

; The name is a clause's first named child: an alias (`as M`) is a `name` after it. A group's
; clauses are `namespace_use_clause`s too, inside the `namespace_use_group`.
(namespace_use_declaration (namespace_use_clause . [(qualified_name) (name)] @import.module)) @import
(namespace_use_declaration
  (namespace_name) @import.module
  (namespace_use_group (namespace_use_clause . [(qualified_name) (name)] @import.name))) @import

(require_expression [(string . (string_content) @import.module .) (encapsed_string . (string_content) @import.module .)]) @import
(require_once_expression [(string . (string_content) @import.module .) (encapsed_string . (string_content) @import.module .)]) @import
(include_expression [(string . (string_content) @import.module .) (encapsed_string . (string_content) @import.module .)]) @import
(include_once_expression [(string . (string_content) @import.module .) (encapsed_string . (string_content) @import.module .)]) @import

; `__DIR__ . '/x.php'`, `dirname(__DIR__) . '/x.php'`: the folder expression, then the path.
((require_expression (binary_expression
  left: [(name) (function_call_expression)] @import.module @_dir
  right: [(string . (string_content) @import.module .) (encapsed_string . (string_content) @import.module .)])) @import
  (#match? @_dir "^(__DIR__|dirname\\(\\s*__(DIR|FILE)__\\s*(,\\s*\\d+\\s*)?\\))$")
  (#set! import.separator ""))
((require_once_expression (binary_expression
  left: [(name) (function_call_expression)] @import.module @_dir
  right: [(string . (string_content) @import.module .) (encapsed_string . (string_content) @import.module .)])) @import
  (#match? @_dir "^(__DIR__|dirname\\(\\s*__(DIR|FILE)__\\s*(,\\s*\\d+\\s*)?\\))$")
  (#set! import.separator ""))
((include_expression (binary_expression
  left: [(name) (function_call_expression)] @import.module @_dir
  right: [(string . (string_content) @import.module .) (encapsed_string . (string_content) @import.module .)])) @import
  (#match? @_dir "^(__DIR__|dirname\\(\\s*__(DIR|FILE)__\\s*(,\\s*\\d+\\s*)?\\))$")
  (#set! import.separator ""))
((include_once_expression (binary_expression
  left: [(name) (function_call_expression)] @import.module @_dir
  right: [(string . (string_content) @import.module .) (encapsed_string . (string_content) @import.module .)])) @import
  (#match? @_dir "^(__DIR__|dirname\\(\\s*__(DIR|FILE)__\\s*(,\\s*\\d+\\s*)?\\))$")
  (#set! import.separator ""))

; ---------------------------------------------------------------- definitions

(namespace_definition name: (namespace_name) @name) @definition.module

(class_declaration name: (name) @name) @definition.class
(enum_declaration name: (name) @name) @definition.class
(trait_declaration name: (name) @name) @definition.class
(interface_declaration name: (name) @name) @definition.interface

(method_declaration name: (name) @name) @definition.method
(function_definition name: (name) @name) @definition.function

(const_declaration (const_element (name) @name)) @definition.constant
(enum_case name: (name) @name) @definition.constant
((function_call_expression
  function: (name) @_fn
  arguments: (arguments . (argument (string (string_content) @name)))) @definition.constant
  (#eq? @_fn "define"))

; ---------------------------------------------------------------- references

; `new X(…)`, `new \A\X(…)`
((object_creation_expression [(name) @name (qualified_name (name) @name .)]) @reference.class
  (#not-any-of? @name "self" "static" "parent"))
; `class A extends B implements C, \D`, `use SomeTrait;`
(base_clause [(name) @name (qualified_name (name) @name .)]) @reference.class
(class_interface_clause [(name) @name (qualified_name (name) @name .)] @reference.implementation)
(use_declaration [(name) @name (qualified_name (name) @name .)] @reference.implementation)

; Calls: `f()`, `\A\f()`, `$a->f()`, `$a?->f()`, `A::f()` (as `f`), leaving out the
; standard library's most common functions.
((function_call_expression function: [(name) @name (qualified_name (name) @name .)]) @reference.call
  (#not-any-of? @name
    "count" "sprintf" "printf" "implode" "explode" "array_map" "array_filter" "array_keys" "array_values"
    "array_merge" "in_array" "is_array" "is_string" "is_int" "isset" "unset" "empty" "strlen" "substr"
    "str_replace" "trim" "round" "json_encode" "json_decode" "define" "dirname" "var_dump" "assert"))
(member_call_expression name: (name) @name) @reference.call
(nullsafe_member_call_expression name: (name) @name) @reference.call
(scoped_call_expression name: (name) @name) @reference.call

; Classes used by name: `A::f()`, `A::X`, `A::class`, `instanceof A`, types of parameters,
; returns, properties and `catch`.
((scoped_call_expression scope: [(name) @name (qualified_name (name) @name .)] @reference.type)
  (#not-any-of? @name "self" "static" "parent"))
((class_constant_access_expression . [(name) @name (qualified_name (name) @name .)] @reference.type)
  (#not-any-of? @name "self" "static" "parent"))
(binary_expression operator: "instanceof" right: [(name) @name (qualified_name (name) @name .)] @reference.type)
((named_type [(name) @name (qualified_name (name) @name .)]) @reference.type
  (#not-any-of? @name "self" "static" "parent"))

; ---------------------------------------------------------------- messages
; String literals a program fails or reports with (the text an issue quotes):
; `throw new XException("…" . $x)`, `new XException(sprintf('…', $x))`, `trigger_error('…')`,
; `$logger->error('…')`.

((object_creation_expression
  [(name) @_type (qualified_name (name) @_type .)]
  (arguments . (argument [
    (string) @message
    (encapsed_string) @message
    (binary_expression left: [(string) (encapsed_string)] @message)
    (function_call_expression arguments: (arguments . (argument [(string) (encapsed_string)] @message)))
  ])))
  (#match? @_type "(Exception|Error|Mismatch|Failure|Invalid\\w*)$"))

((function_call_expression
  function: (name) @_fn
  arguments: (arguments . (argument [(string) (encapsed_string)] @message)))
  (#any-of? @_fn "trigger_error" "user_error" "die" "exit" "error_log"))

((member_call_expression
  name: (name) @_fn
  arguments: (arguments . (argument [(string) (encapsed_string)] @message)))
  (#any-of? @_fn "error" "critical" "alert" "emergency" "warning" "fail" "markTestSkipped"))
