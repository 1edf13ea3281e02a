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

((call_expression
  function: [(identifier) @_fn (member_expression property: (property_identifier) @_fn)]
  arguments: (arguments [
    (string) @message
    (template_string) @message
    (binary_expression left: (string) @message)
  ]))
  (#match? @_fn "^(warn|warning|error|fail|invariant|assert|deprecate|deprecated|throwError|createError|\\w*[Ee]rror|\\w*[Ww]arning)$"))
