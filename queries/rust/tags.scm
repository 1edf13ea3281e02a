; repomap tags query for Rust (grammar: tree-sitter-rust 0.24.0).
;
; Capture vocabulary and pattern precedence: queries/README.md.
;
; Specifiers (rule: the specifier is the module path, the last segment is the imported name;
; every path segment is kept as written, including crate/self/super):
;   use crate::a::b::{C, d};          → "crate::a::b" [C, d]
;   use super::x::Y;                  → "super::x"    [Y]
;   use std::io;                      → "std"         [io]   (a name may itself be a module)
;   use std::collections::HashMap as M→ "std::collections" [HashMap]
;   use crate::{lexer::{Lexer, T}, util, self};
;                                     → "crate::lexer" [Lexer, T], "crate" [util]   (`self` adds no name)
;   use foo::*;                       → "foo"         [*]
;   use serde;                        → "serde"       []
;   mod lexer;                        → "mod lexer"   []     (an out-of-line module file)
; Nested use lists are followed two levels deep.
; Kinds: struct/enum/union are classes, traits interfaces, type aliases types,
; macro_rules! definitions functions, inline `mod x { }` modules.

; ---------------------------------------------------------------- imports

((mod_item !body name: (identifier) @import.module) @import
  (#set! import.prefix "mod "))

(use_declaration argument: (identifier) @import.module) @import

((use_declaration
  argument: [
    (scoped_identifier path: (_) @import.module name: (identifier) @import.name)
    (use_as_clause path: (scoped_identifier path: (_) @import.module name: (identifier) @import.name))
  ]) @import
  (#set! import.separator "::"))

(use_declaration argument: (use_as_clause path: (identifier) @import.module)) @import

((use_declaration argument: (use_wildcard (_) @import.module "*" @import.name)) @import
  (#set! import.separator "::"))

; use a::b::{...}: one level.
((use_declaration
  argument: (scoped_use_list
    path: (_) @import.module
    list: (use_list [
      (identifier) @import.name
      (use_as_clause path: (identifier) @import.name)
      (scoped_identifier path: (_) @import.module name: (identifier) @import.name)
      (use_as_clause path: (scoped_identifier path: (_) @import.module name: (identifier) @import.name))
      (use_wildcard (_) @import.module "*" @import.name)
    ]))) @import
  (#set! import.separator "::"))

; use a::{self, ...}: the path itself is imported.
((use_declaration
  argument: (scoped_use_list path: (_) @import.module list: (use_list (self)))) @import
  (#set! import.separator "::"))

; use a::{b::{...}}: two levels.
((use_declaration
  argument: (scoped_use_list
    path: (_) @import.module
    list: (use_list
      (scoped_use_list
        path: (_) @import.module
        list: (use_list [
          (identifier) @import.name
          (use_as_clause path: (identifier) @import.name)
          (scoped_identifier path: (_) @import.module name: (identifier) @import.name)
          (use_as_clause path: (scoped_identifier path: (_) @import.module name: (identifier) @import.name))
          (use_wildcard (_) @import.module "*" @import.name)
        ]))))) @import
  (#set! import.separator "::"))

((use_declaration
  argument: (scoped_use_list
    path: (_) @import.module
    list: (use_list
      (scoped_use_list path: (_) @import.module list: (use_list (self)))))) @import
  (#set! import.separator "::"))

; ---------------------------------------------------------------- definitions

; Methods: functions in impl and trait bodies.
(impl_item body: (declaration_list (function_item name: (identifier) @name) @definition.method))
(trait_item body: (declaration_list (function_item name: (identifier) @name) @definition.method))
(function_signature_item name: (identifier) @name) @definition.method

(function_item name: (identifier) @name) @definition.function

(struct_item name: (type_identifier) @name) @definition.class
(enum_item name: (type_identifier) @name) @definition.class
(union_item name: (type_identifier) @name) @definition.class
(trait_item name: (type_identifier) @name) @definition.interface
(type_item name: (type_identifier) @name) @definition.type

(mod_item name: (identifier) @name body: (_)) @definition.module

(const_item name: (identifier) @name) @definition.constant
(static_item name: (identifier) @name) @definition.constant

(macro_definition name: (identifier) @name) @definition.function

; ---------------------------------------------------------------- references

; impl Trait for X → Trait; impl X → X.
(impl_item trait: [
  (type_identifier) @name
  (scoped_type_identifier name: (type_identifier) @name)
  (generic_type type: [(type_identifier) @name (scoped_type_identifier name: (type_identifier) @name)])
]) @reference.implementation

(impl_item !trait type: [
  (type_identifier) @name
  (generic_type type: (type_identifier) @name)
]) @reference.implementation

; Calls: `f()`, `a::b::f()` (as `f`), `x.m()` (as `m`), turbofish `x.m::<T>()`.
(call_expression function: (identifier) @name) @reference.call
(call_expression function: (scoped_identifier name: (identifier) @name)) @reference.call
(call_expression function: (field_expression field: (field_identifier) @name)) @reference.call
(call_expression function: (generic_function function: [
  (identifier) @name
  (scoped_identifier name: (identifier) @name)
  (field_expression field: (field_identifier) @name)
])) @reference.call

; Macro invocations: `tok!()`, `crate::tok!()`.
(macro_invocation macro: (identifier) @name) @reference.call
(macro_invocation macro: (scoped_identifier name: (identifier) @name)) @reference.call

; Inside macro arguments (token trees are not parsed as expressions): `name(...)` is a call,
; as in `assert_eq!(eval_str("1"), Ok(1.0))`. The argument tree is told by its first token,
; `(`, in the pattern rather than by a `#match?` on its text: a predicate is checked in JS
; after every candidate match (every `name[…]` and `name{…}` too) crosses out of the
; runtime; the anchored token ends the in-progress match at the tree's first child.
(token_tree (identifier) @name @reference.call . (token_tree . "("))

; `Token::new()`, `TokenKind::Plus`, `Expr::Binary(..)`: a capitalized path before `::` is a type.
((scoped_identifier path: (identifier) @name) @reference.type
  (#match? @name "^[A-Z]")
  (#not-eq? @name "Self"))

; Struct literals: `Token { .. }`.
((struct_expression name: [
  (type_identifier) @name
  (scoped_type_identifier name: (type_identifier) @name)
]) @reference.class
  (#not-any-of? @name "Self" "_"))

; Any other use of a named type (a definition's own name is excluded).
((type_identifier) @name @reference.type
  (#not-any-of? @name "Self" "_"))

; ---------------------------------------------------------------- messages
; String literals a crate fails, panics, reports or prints with (the text an issue quotes):
; `panic!("…")`, `bail!("…")`, `anyhow!("…")`, `format!("…")`, `eprintln!("…")`,
; `.expect("…")`, `.context("…")`.

((macro_invocation
  macro: [(identifier) @_m (scoped_identifier name: (identifier) @_m)]
  (token_tree (string_literal) @message))
  (#match? @_m "^(panic|bail|ensure|anyhow|format_err|err_msg|unreachable|unimplemented|todo|assert|assert_eq|assert_ne|error|warn|info|debug|eprintln|eprint|println|print|format|write|writeln)$"))

((call_expression
  function: (field_expression field: (field_identifier) @_fn)
  arguments: (arguments (string_literal) @message))
  (#match? @_fn "^(expect|expect_err|context|with_context|wrap_err)$"))
