; repomap tags query for C# (grammar: tree-sitter-c-sharp 0.23.5's own wasm,
; `tree-sitter-c_sharp.wasm`).
;
; Capture vocabulary and pattern precedence: queries/README.md.
;
; Specifiers: the dotted name of a using directive as written, names always []:
;   using Ledger.Core;                → "Ledger.Core"          (a namespace)
;   using static Ledger.Core.Guards;  → "Ledger.Core.Guards"   (a type; `static` dropped)
;   using Acc = Ledger.Core.Account;  → "Ledger.Core.Account"  (the alias' target)
;   using global::Ledger.Core;        → "global::Ledger.Core"  (the resolver drops `global::`)
; The resolver tells namespaces from types by what the corpus declares.
; Kinds: namespaces (block and file-scoped) are modules (full dotted name); classes,
; structs, records and enums are classes; interfaces interfaces; delegates types; methods,
; constructors, destructors and properties methods; local functions functions; const and
; static readonly fields and enum members constants.

; ---------------------------------------------------------------- imports

(using_directive . [(identifier) (qualified_name)] @import.module .) @import
; `using Acc = X.Y;`: the alias is the `name:` field, the target the type after it.
(using_directive name: (identifier) [(identifier) (qualified_name)] @import.module .) @import

; ---------------------------------------------------------------- definitions

(namespace_declaration name: [(identifier) (qualified_name)] @name) @definition.module
; `namespace A;` is a node of its own line; its scope, the definition's span, is the rest of the file.
((file_scoped_namespace_declaration name: [(identifier) (qualified_name)] @name) @definition.module
  (#set! definition.end "parent"))

(class_declaration name: (identifier) @name) @definition.class
(struct_declaration name: (identifier) @name) @definition.class
(record_declaration name: (identifier) @name) @definition.class
(enum_declaration name: (identifier) @name) @definition.class
(interface_declaration name: (identifier) @name) @definition.interface
(delegate_declaration name: (identifier) @name) @definition.type

(method_declaration name: (identifier) @name) @definition.method
(constructor_declaration name: (identifier) @name) @definition.method
(destructor_declaration name: (identifier) @name) @definition.method
(property_declaration name: (identifier) @name) @definition.method
(local_function_statement name: (identifier) @name) @definition.function

((field_declaration
  (modifier) @_modifier
  (variable_declaration (variable_declarator . (identifier) @name))) @definition.constant
  (#eq? @_modifier "const"))
((field_declaration
  (modifier) @_static
  (modifier) @_readonly
  (variable_declaration (variable_declarator . (identifier) @name))) @definition.constant
  (#eq? @_static "static")
  (#eq? @_readonly "readonly"))
(enum_member_declaration name: (identifier) @name) @definition.constant

; ---------------------------------------------------------------- references

; new X(), new X<T>(), new A.X()
(object_creation_expression type: [
  (identifier) @name
  (generic_name . (identifier) @name)
  (qualified_name (identifier) @name .)
  (qualified_name (generic_name . (identifier) @name) .)
]) @reference.class

; class A : B, IC<T> — a base named I + capital is an interface by .NET's naming rule.
((base_list [
  (identifier) @name
  (generic_name . (identifier) @name)
  (qualified_name (identifier) @name .)
] @reference.implementation)
  (#match? @name "^I[A-Z]"))
(base_list [
  (identifier) @name
  (generic_name . (identifier) @name)
  (qualified_name (identifier) @name .)
] @reference.class)

; Calls: `F()`, `a.F()` (as `F`), `F<T>()`; not `nameof(x)` nor the members every object has.
; A method of the runtime's is no reference to the repository's: not when the receiver is a
; literal (`"a,b".Split(',')`) or a core type of `System`, or a chain rooted at one
; (`Console.Out.WriteLine()`, `Math.Max()`, `string.Join()`).
((invocation_expression function: [
  (identifier) @name
  (generic_name . (identifier) @name)
]) @reference.call
  (#not-any-of? @name "nameof" "ToString" "Equals" "GetHashCode" "GetType"))
((invocation_expression function: [
  (member_access_expression expression: _ @_receiver name: (identifier) @name)
  (member_access_expression expression: _ @_receiver name: (generic_name . (identifier) @name))
]) @reference.call
  (#not-any-of? @name "nameof" "ToString" "Equals" "GetHashCode" "GetType")
  (#not-match? @_receiver "^([\"0-9]|[@$]{1,2}\"|(Console|Math|String|string|Convert|Environment|Object|object|Int32|int|Int64|long|Double|double|Boolean|bool|Char|char)(\\.|$))"))

; Static member access on a type: `Money.Zero`, `Guards.NotNull(x)` (capitalized receivers
; only: a local `account.Post()` is not a type).
((member_access_expression expression: (identifier) @name) @reference.type
  (#match? @name "^[A-Z]"))

; Named types where a type is written: parameters, locals, fields, properties, returns,
; generic arguments, arrays, nullables, casts, typeof, is/as, catch. C# types are plain
; identifiers, so only these positions (capitalized names) count.
((parameter type: [(identifier) @name (generic_name . (identifier) @name) (qualified_name (identifier) @name .)]) @reference.type
  (#match? @name "^[A-Z]"))
((variable_declaration type: [(identifier) @name (generic_name . (identifier) @name) (qualified_name (identifier) @name .)]) @reference.type
  (#match? @name "^[A-Z]"))
((property_declaration type: [(identifier) @name (generic_name . (identifier) @name) (qualified_name (identifier) @name .)]) @reference.type
  (#match? @name "^[A-Z]"))
((operator_declaration type: [(identifier) @name (generic_name . (identifier) @name)]) @reference.type
  (#match? @name "^[A-Z]"))
((method_declaration returns: [(identifier) @name (generic_name . (identifier) @name) (qualified_name (identifier) @name .)]) @reference.type
  (#match? @name "^[A-Z]"))
((type_argument_list [(identifier) @name (generic_name . (identifier) @name)] @reference.type)
  (#match? @name "^[A-Z]"))
((array_type type: [(identifier) @name (generic_name . (identifier) @name)]) @reference.type
  (#match? @name "^[A-Z]"))
((nullable_type [(identifier) @name (generic_name . (identifier) @name)]) @reference.type
  (#match? @name "^[A-Z]"))
((cast_expression type: [(identifier) @name (generic_name . (identifier) @name)]) @reference.type
  (#match? @name "^[A-Z]"))
((typeof_expression type: [(identifier) @name (generic_name . (identifier) @name)]) @reference.type
  (#match? @name "^[A-Z]"))
((as_expression right: [(identifier) @name (generic_name . (identifier) @name)]) @reference.type
  (#match? @name "^[A-Z]"))
((declaration_pattern type: [(identifier) @name (generic_name . (identifier) @name)]) @reference.type
  (#match? @name "^[A-Z]"))
((catch_declaration type: [(identifier) @name (qualified_name (identifier) @name .)]) @reference.type
  (#match? @name "^[A-Z]"))

; ---------------------------------------------------------------- messages
; String literals a type throws or logs with: `throw new XException("…" + x)`,
; `throw new XException($"…{x}")`, `_logger.LogError("…")`, `Debug.Fail("…")`.

((object_creation_expression
  type: [(identifier) @_type (qualified_name (identifier) @_type .)]
  arguments: (argument_list . (argument [
    (string_literal) @message
    (verbatim_string_literal) @message
    (interpolated_string_expression) @message
    (binary_expression left: (string_literal) @message)
    (binary_expression left: (binary_expression left: (string_literal) @message))
    (invocation_expression arguments: (argument_list . (argument (string_literal) @message)))
  ])))
  (#match? @_type "(Exception|Error)$"))

((invocation_expression
  function: [(identifier) @_fn (member_access_expression name: (identifier) @_fn)]
  arguments: (argument_list . (argument [
    (string_literal) @message
    (interpolated_string_expression) @message
    (binary_expression left: (string_literal) @message)
  ])))
  (#match? @_fn "^(Log(Error|Warning|Critical)|Error|Warn|Fatal|Fail|Assert|Throw\\w*|Report\\w*)$"))
