; repomap tags query for Python (grammar: tree-sitter-python 0.25.0).
;
; Capture vocabulary and pattern precedence: queries/README.md.
;
; Specifiers: `import a.b` → "a.b" (names []); `from a.b import c, d as e` → "a.b" [c, d];
; `from . import x` → "." [x]; `from ..m import y` → "..m" [y]; `from m import *` → "m" [*].
; `from __future__ import …` is a compiler directive (its own node type) and yields no import.
; Kinds: functions in a class body are methods; module-level assignments are constants.

; ---------------------------------------------------------------- imports

(import_statement
  name: [
    (dotted_name) @import.module
    (aliased_import name: (dotted_name) @import.module)
  ]) @import

(import_from_statement
  module_name: (_) @import.module
  name: [
    (dotted_name) @import.name
    (aliased_import name: (dotted_name) @import.name)
  ]) @import

(import_from_statement
  module_name: (_) @import.module
  (wildcard_import) @import.name) @import

; ---------------------------------------------------------------- definitions

; Methods: functions directly in a class body (also when decorated).
(class_definition
  body: (block
    (function_definition name: (identifier) @name) @definition.method))

(class_definition
  body: (block
    (decorated_definition
      definition: (function_definition name: (identifier) @name) @definition.method)))

(class_definition name: (identifier) @name) @definition.class

(function_definition name: (identifier) @name) @definition.function

; Module-level assignments: `LIMIT = 10`, `X: int = 1`.
(module
  (expression_statement
    (assignment left: (identifier) @name) @definition.constant))

; ---------------------------------------------------------------- references

; Class bases: `class A(B, m.C)`.
(class_definition
  superclasses: (argument_list [
    (identifier) @name
    (attribute attribute: (identifier) @name)
  ] @reference.class))

; Calls: `f()` and `obj.f()` (as `f`). A method of the runtime's is no reference to the
; repository's: not when the receiver is a literal (`", ".join()`, `f"{x}".strip()`,
; `[].append()`, `{}.get()`) or a builtin type, or a chain rooted at one (`str.maketrans()`).
(call function: (identifier) @name) @reference.call
((call function: (attribute object: (_) @_receiver attribute: (identifier) @name)) @reference.call
  (#not-match? @_receiver "^([rRbBuUfF]{0,2}[\"']|[\\[{0-9]|(str|bytes|bytearray|dict|list|set|frozenset|tuple|int|float|complex|bool|object|type)(\\.|$))"))

; Decorators: `@cache`, `@app.route(...)`.
(decorator [
  (identifier) @name
  (attribute attribute: (identifier) @name)
] @reference.call)

; Type annotations: `x: Item`, `-> Optional[Item]`.
(type (identifier) @name) @reference.type
(type (attribute attribute: (identifier) @name)) @reference.type
(type (generic_type (identifier) @name)) @reference.type

; ---------------------------------------------------------------- messages
; String literals a module raises, warns or logs with (the text an issue quotes):
; `raise E("…")`, `raise E("…" % x)`, `raise E("…".format(x))`, `raise E(f"…")`,
; `warnings.warn("…")`, `log.error("…", x)`, `self.fail("…")`.
;
; Shape, for speed: four argument branches, the literal's two kinds alternated inside
; `%` and `.format`, not six flat branches. Each branch is an in-progress match held (and
; compared with its siblings) at every node of the arguments, and the last pattern starts
; on every call (its `#match?` runs only after a match, in JS), so six branches made it
; about a quarter of the query's time on sympy; four cost about half that (bench/perf/TAGS-QUERY.md).
; The literal's kinds stay two branches of their own: `[[(string) (concatenated_string)] …]`,
; an alternation nested directly in another, drops the second kind in this runtime.

(raise_statement (call arguments: (argument_list [
  (string) @message
  (concatenated_string) @message
  (binary_operator left: [(string) (concatenated_string)] @message)
  (call function: (attribute object: [(string) (concatenated_string)] @message))
])))

((call
  function: [(identifier) @_fn (attribute attribute: (identifier) @_fn)]
  arguments: (argument_list [
    (string) @message
    (concatenated_string) @message
    (binary_operator left: [(string) (concatenated_string)] @message)
    (call function: (attribute object: [(string) (concatenated_string)] @message))
  ]))
  (#match? @_fn "^(warn|warning|error|exception|critical|fatal|fail|abort|info|debug|log|_?raise_?\\w*|\\w*[Ee]rror|\\w*[Ww]arning|\\w*[Ee]xception)$"))
