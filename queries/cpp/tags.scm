; repomap tags query for C++ (grammar: tree-sitter-cpp 0.23.4): these
; C++ patterns, then queries/c/tags.scm for what C++ shares with C (includes, functions,
; macros, structs, enums, typedefs, calls, types), compiled as one query. Earlier patterns win,
; so a function defined in a class body is a method here before it is a function there.
;
; Capture vocabulary and pattern precedence: queries/README.md.
;
; Specifiers: as for C (`#include "a/b.h"` → "a/b.h", `#include <vector>` → "<vector>").
; Kinds: namespaces are modules; classes (and structs, unions from the C patterns) are
; classes; functions defined or declared in a class body, and out-of-class definitions
; `T C::m(…)`, are methods; `using X = Y;` aliases and enum classes are types; static
; constexpr members are constants.

; ---------------------------------------------------------------- definitions

(namespace_definition name: (namespace_identifier) @name) @definition.module

(class_specifier name: (type_identifier) @name body: (_)) @definition.class
(class_specifier name: (template_type name: (type_identifier) @name) body: (_)) @definition.class
(struct_specifier name: (template_type name: (type_identifier) @name) body: (_)) @definition.class

; Methods in a class body: `void post(…) { … }`, `int balance() const;`, `static C *create();`,
; `const T &get() const;`, constructors `explicit C(int);`
(function_definition declarator: (function_declarator declarator: (field_identifier) @name)) @definition.method
(function_definition declarator: (pointer_declarator declarator: (function_declarator declarator: (field_identifier) @name))) @definition.method
(function_definition declarator: (reference_declarator (function_declarator declarator: (field_identifier) @name))) @definition.method
(field_declaration declarator: (function_declarator declarator: (field_identifier) @name)) @definition.method
(field_declaration declarator: (pointer_declarator declarator: (function_declarator declarator: (field_identifier) @name))) @definition.method
(field_declaration declarator: (reference_declarator (function_declarator declarator: (field_identifier) @name))) @definition.method
(field_declaration_list (declaration declarator: (function_declarator declarator: (identifier) @name)) @definition.method)
(field_declaration_list (function_definition declarator: (function_declarator declarator: (identifier) @name)) @definition.method)

; Out-of-class definitions: `int Ledger::balance() const { … }`, `a::B::C::m()`, `Ledger::Ledger(int n)`.
(function_definition declarator: (function_declarator declarator: (qualified_identifier name: (identifier) @name))) @definition.method
(function_definition declarator: (function_declarator declarator: (qualified_identifier name: (qualified_identifier name: (identifier) @name)))) @definition.method
(function_definition declarator: (function_declarator declarator: (qualified_identifier name: (qualified_identifier name: (qualified_identifier name: (identifier) @name))))) @definition.method
(function_definition declarator: (pointer_declarator declarator: (function_declarator declarator: (qualified_identifier name: (identifier) @name)))) @definition.method
(function_definition declarator: (reference_declarator (function_declarator declarator: (qualified_identifier name: (identifier) @name)))) @definition.method

; `int &f();`, `const T &f() { … }` (C's patterns take the pointer forms).
(function_definition declarator: (reference_declarator (function_declarator declarator: (identifier) @name))) @definition.function
(declaration declarator: (reference_declarator (function_declarator declarator: (identifier) @name))) @definition.function

(alias_declaration name: (type_identifier) @name) @definition.type

; `static constexpr int kMax = 10;`, `static const int kMax = 10;` in a class body.
((field_declaration
  (storage_class_specifier) @_static
  (type_qualifier) @_const
  declarator: (field_identifier) @name) @definition.constant
  (#eq? @_static "static")
  (#any-of? @_const "const" "constexpr"))

; ---------------------------------------------------------------- references

; Calls: `ns::f()`, `C::make()` (as `f` / `make`), `f<T>()`, `obj.m<T>()`.
(call_expression function: (qualified_identifier name: (identifier) @name)) @reference.call
(call_expression function: (qualified_identifier name: (qualified_identifier name: (identifier) @name))) @reference.call
(call_expression function: (qualified_identifier name: (qualified_identifier name: (qualified_identifier name: (identifier) @name)))) @reference.call
(call_expression function: (template_function name: (identifier) @name)) @reference.call
(call_expression function: (qualified_identifier name: (template_function name: (identifier) @name))) @reference.call
(call_expression function: (field_expression field: (template_method name: (field_identifier) @name))) @reference.call

; `new Ledger(3)`, `new Ledger<int>(3)`, `new ns::Ledger`, `Entry{}`
(new_expression type: [
  (type_identifier) @name
  (template_type name: (type_identifier) @name)
  (qualified_identifier name: (type_identifier) @name)
]) @reference.class
(compound_literal_expression type: (type_identifier) @name) @reference.class

; Base classes: `class Ledger : public Base<T>, private Other`
(base_class_clause [
  (type_identifier) @name
  (template_type name: (type_identifier) @name)
  (qualified_identifier name: (type_identifier) @name)
  (qualified_identifier name: (template_type name: (type_identifier) @name))
] @reference.class)

; The class of a static member or of an out-of-class definition: `Money::zero()`, `Ledger::balance` (capitalized scopes only: not namespaces like `std::`).
((qualified_identifier scope: (namespace_identifier) @name) @reference.type
  (#match? @name "^[A-Z]"))

; ---------------------------------------------------------------- messages
; String literals a C++ program throws or reports with (C's report calls come from
; queries/c/tags.scm): `throw ParseError("…", pos)`, `throw std::runtime_error("…" + s)`,
; `throw TypeError(std::string("…") + …)`, `std::cerr << "…"`.

(throw_statement (call_expression arguments: (argument_list [
  (string_literal) @message
  (binary_expression left: (string_literal) @message)
  (binary_expression left: (call_expression arguments: (argument_list . (string_literal) @message)))
  (binary_expression left: (binary_expression left: [
    (string_literal) @message
    (call_expression arguments: (argument_list . (string_literal) @message))
  ]))
  (binary_expression left: (binary_expression left: (binary_expression left: [
    (string_literal) @message
    (call_expression arguments: (argument_list . (string_literal) @message))
  ])))
])))

((binary_expression
  left: [(identifier) @_stream (qualified_identifier name: (identifier) @_stream)]
  operator: "<<"
  right: (string_literal) @message)
  (#eq? @_stream "cerr"))
