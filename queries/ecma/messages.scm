; repomap message patterns shared by JavaScript, TypeScript and TSX: string literals a
; module throws, warns or logs with (the text an issue quotes). `throw new Error("…")`,
; `new TypeError(`…${x}`)`, `console.warn("…")`, `warn("…")`, `invariant(c, "…")`.

((new_expression
  constructor: [(identifier) @_type (member_expression property: (property_identifier) @_type)]
  arguments: (arguments [
    (string) @message
    (template_string) @message
    (binary_expression left: (string) @message)
  ]))
  (#match? @_type "(Error|Exception)$"))

; Calls: one pattern per argument form rather than one alternation of three. This pattern
; starts on every call (its `#match?` runs only after a match, in JS) and holds an
; in-progress match per branch across the whole argument list, callbacks included; branches
; of one pattern are also compared with each other at every node, separate patterns are not
; (2-8 % of the query's time on vite, vue and eslint; bench/perf/TAGS-QUERY.md).

((call_expression
  function: [(identifier) @_fn (member_expression property: (property_identifier) @_fn)]
  arguments: (arguments (string) @message))
  (#match? @_fn "^(warn|warning|error|fail|invariant|assert|deprecate|deprecated|throwError|createError|\\w*[Ee]rror|\\w*[Ww]arning)$"))

((call_expression
  function: [(identifier) @_fn (member_expression property: (property_identifier) @_fn)]
  arguments: (arguments (template_string) @message))
  (#match? @_fn "^(warn|warning|error|fail|invariant|assert|deprecate|deprecated|throwError|createError|\\w*[Ee]rror|\\w*[Ww]arning)$"))

((call_expression
  function: [(identifier) @_fn (member_expression property: (property_identifier) @_fn)]
  arguments: (arguments (binary_expression left: (string) @message)))
  (#match? @_fn "^(warn|warning|error|fail|invariant|assert|deprecate|deprecated|throwError|createError|\\w*[Ee]rror|\\w*[Ww]arning)$"))
