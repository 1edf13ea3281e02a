; repomap tags query for Go (grammar: tree-sitter-go 0.25.0's own wasm).
;
; Capture vocabulary and pattern precedence: queries/README.md.
;
; Specifiers: the import path without quotes (`import rl "github.com/x/rl/clock"` →
; "github.com/x/rl/clock"); names are always [] (Go imports packages, not names).
; Kinds: struct types are classes, interface types interfaces, other named types types.

; ---------------------------------------------------------------- imports

(import_spec path: (_) @import.module) @import

; ---------------------------------------------------------------- definitions

(package_clause (package_identifier) @name) @definition.module

(function_declaration name: (identifier) @name) @definition.function

(method_declaration name: (field_identifier) @name) @definition.method

(type_spec name: (type_identifier) @name type: (struct_type)) @definition.class
(type_spec name: (type_identifier) @name type: (interface_type)) @definition.interface
(type_spec name: (type_identifier) @name) @definition.type
(type_alias name: (type_identifier) @name) @definition.type

; Interface methods: `type Store interface { Get(k string) int }`.
(method_elem name: (field_identifier) @name) @definition.method

; Direct identifier children are the names (`const A, B = 1, 2`); a `name:` field pattern would only see the first.
(const_spec (identifier) @name) @definition.constant

; Package-level variables: `var ErrLimited = errors.New(...)`, and each of a group `var ( … )`
; (whose specs sit in a var_spec_list).
(source_file (var_declaration (var_spec (identifier) @name) @definition.constant))
(source_file (var_declaration (var_spec_list (var_spec (identifier) @name) @definition.constant)))

; ---------------------------------------------------------------- references

; Calls: `f()`, `pkg.F()` and `x.M()` (as `F` / `M`), generic `f[T]()`; not builtins and conversions to predeclared types.
((call_expression function: (identifier) @name) @reference.call
  (#not-any-of? @name
    "append" "cap" "clear" "close" "complex" "copy" "delete" "imag" "len" "make" "max" "min"
    "new" "panic" "print" "println" "real" "recover"
    "bool" "byte" "complex64" "complex128" "error" "float32" "float64"
    "int" "int8" "int16" "int32" "int64" "rune" "string"
    "uint" "uint8" "uint16" "uint32" "uint64" "uintptr"))
(call_expression function: (selector_expression field: (field_identifier) @name)) @reference.call
(call_expression function: (index_expression operand: (identifier) @name)) @reference.call
; tree-sitter-go 0.25 reads a generic call with one argument (`Map[int](xs)`) as a conversion to a generic type.
(type_conversion_expression type: (generic_type type: (type_identifier) @name)) @reference.call
(type_conversion_expression type: (generic_type type: (qualified_type name: (type_identifier) @name))) @reference.call

; Composite literals: `Limiter{...}`, `clock.Real{}`.
(composite_literal type: (type_identifier) @name) @reference.class
(composite_literal type: (qualified_type name: (type_identifier) @name)) @reference.class

; Any other use of a named type (a definition's own name is excluded), except predeclared types.
((type_identifier) @name @reference.type
  (#not-any-of? @name
    "any" "bool" "byte" "comparable" "complex64" "complex128" "error" "float32" "float64"
    "int" "int8" "int16" "int32" "int64" "rune" "string"
    "uint" "uint8" "uint16" "uint32" "uint64" "uintptr"))

; ---------------------------------------------------------------- messages
; String literals a package fails, panics or logs with (the text an issue quotes):
; `errors.New("…")`, `fmt.Errorf("…: %w", err)`, `panic("…")`, `log.Fatalf("…")`,
; `t.Errorf` is a test's and reads the same.

((call_expression
  function: (selector_expression field: (field_identifier) @_fn)
  arguments: (argument_list [(interpreted_string_literal) (raw_string_literal)] @message))
  (#match? @_fn "^(New|Errorf|Wrap|Wrapf|WithMessage|WithMessagef|Fatal|Fatalf|Fatalln|Panic|Panicf|Panicln|Error|Warn|Warnf|Warning|Warningf|Info|Infof|Debug|Debugf|Print|Printf|Println)$"))

((call_expression
  function: (identifier) @_fn
  arguments: (argument_list [(interpreted_string_literal) (raw_string_literal)] @message))
  (#eq? @_fn "panic"))
