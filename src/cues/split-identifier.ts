/**
 * Lowercase words of an identifier: camelCase and PascalCase humps, runs of
 * capitals (`HTTPResponse` → `http`, `response`), snake_case, kebab-case and
 * dotted names. Digits stay with the word before them (`utf8Decode` → `utf8`,
 * `decode`). `parseHTTPResponse` → `['parse', 'http', 'response']`.
 */
export function splitIdentifier(name: string): string[] {
  const words: string[] = [];
  for (const chunk of name.split(/[^A-Za-z0-9]+/)) {
    if (!chunk) continue;
    const spaced = chunk
      // aB → a B, 1B → 1 B
      .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
      // ABc → A Bc (end of a capital run before a new hump)
      .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2');
    for (const word of spaced.split(' ')) if (word) words.push(word.toLowerCase());
  }
  return words;
}

/** True for camelCase, PascalCase with at least two humps, or a capital run before a hump (`HTTPServer`). */
export function isCamelCase(token: string): boolean {
  return /[a-z0-9][A-Z]/.test(token) || /[A-Z]{2}[a-z]/.test(token);
}

/** True for snake_case or SCREAMING_SNAKE (an underscore between word characters, leading ones allowed). */
export function isSnakeCase(token: string): boolean {
  return /[A-Za-z0-9]_[A-Za-z0-9]/.test(token) || /^_+[A-Za-z]/.test(token);
}

/** `Foo` → `foo`, `FooBar` → `fooBar`; leaves capital runs (`HTTPServer`) alone. */
export function lowerFirst(name: string): string {
  if (/^[A-Z][A-Z]/.test(name)) return name;
  return name.charAt(0).toLowerCase() + name.slice(1);
}

/** `foo` → `Foo`. */
export function upperFirst(name: string): string {
  return name.charAt(0).toUpperCase() + name.slice(1);
}
