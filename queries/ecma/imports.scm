; repomap import patterns shared by JavaScript, TypeScript and TSX (their grammars
; name these nodes alike). grammars/manifest.json lists it first for each of them;
; the language's own tags.scm follows. Specifiers and names: as documented in
; queries/javascript/tags.scm and queries/typescript/tags.scm.

; ---------------------------------------------------------------- imports

; import X, { a, b as c } from './x'   import * as ns from './x'   import './side'
(import_statement source: (string) @import.module) @import
(import_statement
  (import_clause [
    (identifier) @import.name
    (named_imports (import_specifier name: (identifier) @import.name))
    (namespace_import "*" @import.name)
  ])
  source: (string) @import.module) @import

; export { a } from './x'   export * from './x'   export * as ns from './x'
(export_statement source: (string) @import.module) @import
(export_statement
  [
    (export_clause (export_specifier name: (identifier) @import.name))
    "*" @import.name
    (namespace_export "*" @import.name)
  ]
  source: (string) @import.module) @import

; require('x'), const { a, b: c } = require('x')
((call_expression
  function: (identifier) @_fn
  arguments: (arguments . (string) @import.module)) @import
  (#eq? @_fn "require"))
((variable_declarator
  name: (object_pattern [
    (shorthand_property_identifier_pattern) @import.name
    (pair_pattern key: (property_identifier) @import.name)
  ])
  value: (call_expression
    function: (identifier) @_fn
    arguments: (arguments . (string) @import.module)) @import)
  (#eq? @_fn "require"))

; import('x')
(call_expression
  function: (import)
  arguments: (arguments . (string) @import.module)) @import
