; repomap tags query for C (grammar: tree-sitter-c 0.24.1); C++ ends
; with it too (after queries/cpp/tags.scm, compiled against tree-sitter-cpp, whose C nodes
; are the same).
;
; Capture vocabulary and pattern precedence: queries/README.md.
;
; Specifiers: the included path as written, quotes dropped and angle brackets kept, names
; always []:
;   #include "util/buf.h"   → "util/buf.h"
;   #include <stdio.h>      → "<stdio.h>"
; (`#include MACRO` names no file and is left out.)
; Kinds: function definitions and prototypes are functions (a header's declarations define
; what its users call); function-like macros are functions, object-like macros constants;
; structs and unions with a body are classes; enums with a body and typedefs are types;
; enumerators, and variables declared at file scope (`static const int LIMIT = 10;`,
; `extern int verbose;`) are constants. Include guards (`#define PARSER_H`) are left out.

; ---------------------------------------------------------------- imports

(preproc_include path: [(string_literal) (system_lib_string)] @import.module) @import

; ---------------------------------------------------------------- definitions

; `int f(void) { … }`, `char *f(void) { … }`, `char **f(void) { … }`
(function_definition declarator: (function_declarator declarator: (identifier) @name)) @definition.function
(function_definition declarator: (pointer_declarator declarator: (function_declarator declarator: (identifier) @name))) @definition.function
(function_definition declarator: (pointer_declarator declarator: (pointer_declarator declarator: (function_declarator declarator: (identifier) @name)))) @definition.function

; Prototypes: `int f(int);`, `static char *f(void);`
(declaration declarator: (function_declarator declarator: (identifier) @name)) @definition.function
(declaration declarator: (pointer_declarator declarator: (function_declarator declarator: (identifier) @name))) @definition.function
(declaration declarator: (pointer_declarator declarator: (pointer_declarator declarator: (function_declarator declarator: (identifier) @name)))) @definition.function

(preproc_function_def name: (identifier) @name) @definition.function
; (include guards, `#define PARSER_H`, define nothing anyone uses)
((preproc_def name: (identifier) @name) @definition.constant
  (#not-match? @name "_(H|HH|HPP|HXX|INCLUDED)_*$"))

(struct_specifier name: (type_identifier) @name body: (_)) @definition.class
(union_specifier name: (type_identifier) @name body: (_)) @definition.class
(enum_specifier name: (type_identifier) @name body: (_)) @definition.type

; `typedef struct buf buf_t;`, `typedef struct buf *buf_ptr;`, `typedef int (*handler_fn)(int);`
(type_definition declarator: (type_identifier) @name) @definition.type
(type_definition declarator: (pointer_declarator declarator: (type_identifier) @name)) @definition.type
(type_definition declarator: (function_declarator declarator: (parenthesized_declarator (pointer_declarator declarator: (type_identifier) @name)))) @definition.type

(enumerator name: (identifier) @name) @definition.constant

; File-scope variables (at the top level, in preprocessor blocks, and in `extern "C" { … }` or
; a C++ namespace): `int verbose;`, `static const int LIMIT = 10;`, `const char *names[] = {…};`,
; `extern int verbose;`. Function-local declarations are left out. The name sits up to three
; declarators deep (init, pointer, array); a prototype matches too, but the function patterns
; above take its node first.
(translation_unit (declaration declarator: [(identifier) @name (_ declarator: (identifier) @name) (_ declarator: (_ declarator: (identifier) @name)) (_ declarator: (_ declarator: (_ declarator: (identifier) @name)))]) @definition.constant)
(preproc_if (declaration declarator: [(identifier) @name (_ declarator: (identifier) @name) (_ declarator: (_ declarator: (identifier) @name)) (_ declarator: (_ declarator: (_ declarator: (identifier) @name)))]) @definition.constant)
(preproc_ifdef (declaration declarator: [(identifier) @name (_ declarator: (identifier) @name) (_ declarator: (_ declarator: (identifier) @name)) (_ declarator: (_ declarator: (_ declarator: (identifier) @name)))]) @definition.constant)
(preproc_else (declaration declarator: [(identifier) @name (_ declarator: (identifier) @name) (_ declarator: (_ declarator: (identifier) @name)) (_ declarator: (_ declarator: (_ declarator: (identifier) @name)))]) @definition.constant)
(preproc_elif (declaration declarator: [(identifier) @name (_ declarator: (identifier) @name) (_ declarator: (_ declarator: (identifier) @name)) (_ declarator: (_ declarator: (_ declarator: (identifier) @name)))]) @definition.constant)
(declaration_list (declaration declarator: [(identifier) @name (_ declarator: (identifier) @name) (_ declarator: (_ declarator: (identifier) @name)) (_ declarator: (_ declarator: (_ declarator: (identifier) @name)))]) @definition.constant)

; ---------------------------------------------------------------- references

; Calls: `f(x)`, `SQUARE(x)`, and through a struct of function pointers `ops->read(x)` (as `read`).
(call_expression function: (identifier) @name) @reference.call
(call_expression function: (field_expression field: (field_identifier) @name)) @reference.call

; A struct, union or enum used by its tag: `struct node *n`.
(struct_specifier name: (type_identifier) @name !body) @reference.class
(union_specifier name: (type_identifier) @name !body) @reference.class
(enum_specifier name: (type_identifier) @name !body) @reference.type

; Any other use of a named type (a definition's own name is excluded).
(type_identifier) @name @reference.type

; Constants and object-like macros used as values: `MAX_LEN`, `RED` (all-caps names, not include
; guards and not the standard library's most common ones).
((identifier) @name @reference.type
  (#match? @name "^[A-Z][A-Z0-9_]+$")
  (#not-match? @name "_(H|HH|HPP|HXX|INCLUDED)_*$")
  (#not-any-of? @name "NULL" "EOF" "TRUE" "FALSE" "EXIT_SUCCESS" "EXIT_FAILURE" "SEEK_SET" "SEEK_CUR" "SEEK_END" "BUFSIZ"))

; ---------------------------------------------------------------- messages
; String literals a program reports a failure with (the text an issue quotes):
; `fprintf(stderr, "…")`, `perror("…")`, `err(1, "…")`, `die("…")`, CPython's
; `PyErr_SetString(PyExc_ValueError, "…")`, and `*_error`/`*_fatal`/`*_warn`-style helpers.

((call_expression
  function: (identifier) @_fn
  arguments: (argument_list . (identifier) @_stream . [(string_literal) (concatenated_string)] @message))
  (#eq? @_fn "fprintf")
  (#eq? @_stream "stderr"))

((call_expression
  function: (identifier) @_fn
  arguments: (argument_list [(string_literal) (concatenated_string)] @message))
  (#match? @_fn "^(perror|errx?|warnx?|verrx?|vwarnx?|error|error_at_line|fatal|die|panic|PyErr_\\w+|\\w+_(error|err|fatal|die|panic|warn|warning|fail|abort)|(log|LOG)_\\w+)$"))
