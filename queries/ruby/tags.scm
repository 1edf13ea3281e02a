; repomap tags query for Ruby (grammar: tree-sitter-ruby 0.23.1).
;
; Capture vocabulary and pattern precedence: queries/README.md.
;
; Specifiers (names always []):
;   require "shipping_rates/parcel"      → "shipping_rates/parcel"
;   require_relative "../quote"          → "require_relative ../quote"
;   autoload :Parcel, "shipping/parcel"  → "shipping/parcel"
;   ShippingRates::Zone.for(x)           → "const ShippingRates::Zone"
; A require of an interpolated string names no file and is left out. Qualified constants
; (`A::B`, `::A::B`) are imports too where code uses a class: a call's receiver, an
; argument, a superclass, a rescued exception, a value; a Rails or Zeitwerk application
; loads them by name, without any require (the resolver maps them to `a/b.rb`).
; Kinds: a module holding methods (`def self.x`, a mixin) is a class, a module that only
; nests others a module (left out of the symbol table, like a namespace); classes and
; `X = Struct.new(…)` / `Class.new` / `Data.define` classes; `def` inside a class or module
; and `def self.x` methods, a top-level `def` a function; constant assignments constants.

; ---------------------------------------------------------------- imports

((call
  method: (identifier) @_fn
  arguments: (argument_list . (string . (string_content) @import.module .) .)) @import
  (#any-of? @_fn "require" "load"))

((call
  method: (identifier) @_fn
  arguments: (argument_list . (string . (string_content) @import.module .) .)) @import
  (#eq? @_fn "require_relative")
  (#set! import.prefix "require_relative "))

((call
  method: (identifier) @_fn
  arguments: (argument_list . (simple_symbol) . (string . (string_content) @import.module .) .)) @import
  (#eq? @_fn "autoload"))

(call receiver: (scope_resolution) @import.module @import (#set! import.prefix "const "))
(argument_list (scope_resolution) @import.module @import (#set! import.prefix "const "))
(superclass (scope_resolution) @import.module @import (#set! import.prefix "const "))
(exceptions (scope_resolution) @import.module @import (#set! import.prefix "const "))
(assignment right: (scope_resolution) @import.module @import (#set! import.prefix "const "))
(pair value: (scope_resolution) @import.module @import (#set! import.prefix "const "))

; ---------------------------------------------------------------- definitions

; Modules with methods of their own (`def self.x`, mixins) are classes; namespaces modules.
(module name: [(constant) @name (scope_resolution name: (constant) @name)] body: (body_statement [(method) (singleton_method)])) @definition.class
(module name: [(constant) @name (scope_resolution name: (constant) @name)]) @definition.module

(class name: [(constant) @name (scope_resolution name: (constant) @name)]) @definition.class

; `Quote = Struct.new(:a, :b) do … end`, `Point = Data.define(:x, :y)`, `Error = Class.new(StandardError)`
((assignment
  left: (constant) @name
  right: (call receiver: (constant) @_type method: (identifier) @_fn)) @definition.class
  (#any-of? @_type "Struct" "Class" "Data" "Module")
  (#any-of? @_fn "new" "define"))

(program (method name: (_) @name) @definition.function)
(method name: (_) @name) @definition.method
(singleton_method name: (_) @name) @definition.method

(assignment left: (constant) @name) @definition.constant
(assignment left: (scope_resolution name: (constant) @name)) @definition.constant

; ---------------------------------------------------------------- references

; `Foo.new`, `Foo::Bar.new(…)`: the class instantiated.
((call
  receiver: [(constant) @name (scope_resolution name: (constant) @name)]
  method: (identifier) @_fn) @reference.class
  (#eq? @_fn "new"))

; `class A < B`, `include Comparable`, `extend Forwardable`, `prepend Logging`
(superclass [(constant) @name (scope_resolution name: (constant) @name)]) @reference.class
((call
  method: (identifier) @_fn
  arguments: (argument_list [(constant) @name (scope_resolution name: (constant) @name)] @reference.implementation))
  (#any-of? @_fn "include" "extend" "prepend"))

; Calls: `f(x)`, `a.f`, `a&.f` (as `f`), leaving out Kernel's and the core classes' most
; common methods, which every file calls.
((call method: (identifier) @name) @reference.call
  (#not-any-of? @name
    "new" "require" "require_relative" "load" "autoload" "raise" "fail" "puts" "print" "p" "pp" "format"
    "include" "extend" "prepend" "attr_reader" "attr_writer" "attr_accessor" "private" "protected" "public"
    "module_function" "private_constant" "freeze" "to_s" "to_i" "to_f" "to_a" "to_h" "to_sym" "inspect"
    "map" "each" "select" "reject" "find" "detect" "reduce" "sum" "count" "size" "length" "first" "last"
    "fetch" "dig" "keys" "values" "merge" "key?" "include?" "empty?" "nil?" "is_a?" "respond_to?" "send"
    "call" "join" "split" "round" "ceil" "floor" "max" "min" "sort" "sort_by" "each_with_object" "tap" "then"
    "lambda" "proc" "loop" "dup" "class" "name" "downcase" "upcase" "strip" "sub" "gsub" "match?" "eq"
    "describe" "context" "it" "expect" "let" "subject" "before" "after" "to" "not_to" "raise_error"))

; Constants used as values: `Zone::NEAR`, `CARRIERS`, `InvalidParcel` (a definition's own
; name is excluded).
(constant) @name @reference.type

; ---------------------------------------------------------------- messages
; String literals a program fails or reports with (the text an issue quotes):
; `raise Error, "…"`, `raise "…"`, `fail "…"`, `raise Error.new("…")`, `abort("…")`,
; `warn "…"`, `logger.error("…")`.

((call
  method: (identifier) @_fn
  arguments: (argument_list [
    (string) @message
    (call arguments: (argument_list . (string) @message))
  ]))
  (#any-of? @_fn "raise" "fail" "abort" "warn"))

((call
  receiver: (_)
  method: (identifier) @_fn
  arguments: (argument_list . (string) @message))
  (#any-of? @_fn "error" "fatal" "warn"))
