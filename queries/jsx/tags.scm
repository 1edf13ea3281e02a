; repomap tags query for JSX elements, appended to the JavaScript and TSX queries
; (grammars/manifest.json lists the files each language concatenates, in order).
; Capture vocabulary: queries/README.md.

; <Foo />, <Foo>…</Foo>, <Layout.Main>: components are class references;
; lowercase intrinsic elements (<div>) are not.
((jsx_opening_element name: (identifier) @name) @reference.class
  (#match? @name "^[A-Z]"))
((jsx_self_closing_element name: (identifier) @name) @reference.class
  (#match? @name "^[A-Z]"))
(jsx_opening_element name: (member_expression property: (property_identifier) @name)) @reference.class
(jsx_self_closing_element name: (member_expression property: (property_identifier) @name)) @reference.class
