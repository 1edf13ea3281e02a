; repomap tags query for JavaScript and JSX (grammar: tree-sitter-javascript 0.23.1).
;
; Capture vocabulary and pattern precedence: queries/README.md.
;
; Specifiers: the module string without quotes, as written ('./x', '../x.js', 'lodash', '@a/b').
; Names: named imports/exports by their exported name (`{ a, b as c }` → [a, b]); a default
; import by its local name (`import X from` → [X]); `* as ns` and `export *` → [*];
; `import './x'`, `require('x')`, `import('x')` → []; `const { a, b: c } = require('x')` → [a, b].
; Kinds: classes are classes; functions, generator functions, and const/let/var bindings or
; assignments (`exports.f = …`) of arrow functions or function expressions functions; class
; and object methods methods; other top-level const bindings constants (except
; require()/await import() results). JSX components (<Foo />) are class references.

; ---------------------------------------------------------------- definitions

(function_declaration name: (identifier) @name) @definition.function
(generator_function_declaration name: (identifier) @name) @definition.function

; const f = () => {}, const f = function () {}
(variable_declarator
  name: (identifier) @name
  value: [(arrow_function) (function_expression) (generator_function)]) @definition.function

; exports.f = function () {}, obj.f = () => {}
(assignment_expression
  left: [
    (identifier) @name
    (member_expression property: (property_identifier) @name)
  ]
  right: [(arrow_function) (function_expression) (generator_function)]) @definition.function

(class_declaration name: (identifier) @name) @definition.class

((method_definition name: [(property_identifier) (private_property_identifier)] @name) @definition.method
  (#not-eq? @name "constructor"))
(field_definition
  property: [(property_identifier) (private_property_identifier)] @name
  value: [(arrow_function) (function_expression)]) @definition.method
(pair
  key: (property_identifier) @name
  value: [(arrow_function) (function_expression)]) @definition.method

; Top-level constants: const LIMIT = 5, export const defaults = {...}.
((program (lexical_declaration "const"
  (variable_declarator name: (identifier) @name value: (_) @_value) @definition.constant))
  (#not-match? @_value "^(require\\s*\\(|await\\s+import\\s*\\()"))
((program (export_statement declaration: (lexical_declaration "const"
  (variable_declarator name: (identifier) @name value: (_) @_value) @definition.constant)))
  (#not-match? @_value "^(require\\s*\\(|await\\s+import\\s*\\()"))

; ---------------------------------------------------------------- references

; Calls: `f()`, `a.b()` (as `b`), `a?.b()`. A member of the runtime's is no reference to
; the repository's: not when the receiver is a literal (`/re/.test(s)`, `'a'.split()`,
; `[].map()`) or a global object of the language or its hosts, or a chain rooted at one
; (`console.warn()`, `Object.prototype.hasOwnProperty.call()`, `document.body.append()`).
((call_expression function: (identifier) @name) @reference.call
  (#not-eq? @name "require"))
((call_expression function: (member_expression object: (_) @_receiver property: [(property_identifier) (private_property_identifier)] @name)) @reference.call
  (#not-match? @_receiver "^([\"'`/\\[0-9]|(globalThis|window|document|console|process|Buffer|Math|JSON|Object|Array|Number|String|Boolean|Symbol|BigInt|Date|RegExp|Error|Promise|Reflect|Intl)(\\.|\\?\\.|\\[|$))"))

; new X(), new ns.X()
(new_expression constructor: (identifier) @name) @reference.class
((new_expression constructor: (member_expression object: (_) @_receiver property: (property_identifier) @name)) @reference.class
  (#not-match? @_receiver "^([\"'`/\\[0-9]|(globalThis|window|document|console|process|Buffer|Math|JSON|Object|Array|Number|String|Boolean|Symbol|BigInt|Date|RegExp|Error|Promise|Reflect|Intl)(\\.|\\?\\.|\\[|$))"))

; class A extends B, class A extends ns.B
(class_heritage (identifier) @name) @reference.class
(class_heritage (member_expression property: (property_identifier) @name)) @reference.class
