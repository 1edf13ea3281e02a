/**
 * Source texts that are hard on a parser, made at test time (the issue 19 probe's
 * shapes): nesting tens of thousands of levels deep, wrapped at 100 characters a line
 * like real code, so no minified rule catches them.
 */

/** `s` broken into lines of `width` characters. */
export function wrap(s: string, width = 100): string {
  let out = '';
  for (let i = 0; i < s.length; i += width) out += s.slice(i, i + width) + '\n';
  return out;
}

/** A Java method holding one chain of `n` calls: `x.f().f()…` (each link one level deeper). */
export function chainedJavaCalls(n: number): string {
  return `class Chain {\n  void m() {\n${wrap('x' + '.f()'.repeat(n))};\n  }\n}\n`;
}

/** A Python file of `n` nested calls: `f(f(f(…)))`. */
export function nestedPythonCalls(n: number): string {
  return wrap('f('.repeat(n) + ')'.repeat(n));
}

/** A TypeScript constant of `n` nested object literals: `{a:{a:…1}}`. */
export function nestedTsObjects(n: number): string {
  return `export const deep = ${wrap('{a:'.repeat(n) + '1' + '}'.repeat(n))};\n`;
}
