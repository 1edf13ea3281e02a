/**
 * Where a definition's signature ends: a signature split over lines (`def f(` … `) -> T:`)
 * runs until the brackets it opens are closed. Tags give a definition's first and last
 * lines only, so the end is read from the text: round and square brackets are counted
 * (curly ones open bodies), outside string literals and line comments (a Rust lifetime,
 * `&'a str`, opens no string).
 */

/**
 * The last line (1-based) of the signature that starts at `start`: the first line, from
 * `start` on, after which every `(` and `[` opened since `start` is closed; at most
 * `maxLines` lines and never past `end` (a definition's last line).
 */
export function signatureEnd(lines: readonly string[], start: number, end: number, maxLines: number): number {
  const last = Math.min(end, start + maxLines - 1, lines.length);
  let depth = 0;
  for (let n = start; n <= last; n++) {
    depth += bracketBalance(lines[n - 1]!);
    if (depth <= 0) return n;
  }
  return Math.max(start, last);
}

/** Opened minus closed round and square brackets of one line, skipping string literals and `//` or `# ` comments. */
function bracketBalance(line: string): number {
  let balance = 0;
  let quote = '';
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = '';
      continue;
    }
    if (c === "'" && isLifetime(line, i)) continue;
    if (c === '"' || c === "'" || c === '`') quote = c;
    else if (c === '(' || c === '[') balance++;
    else if (c === ')' || c === ']') balance--;
    else if ((c === '/' && line[i + 1] === '/') || (c === '#' && /\s/.test(line[i + 1] ?? ' '))) break;
  }
  return balance;
}

/** A `'` that starts a Rust lifetime or label (`&'a`, `<'a,`, `+ 'static`): a name after it not closed by `'`, after `&`, `<`, `+`, `,` or `:`. */
function isLifetime(line: string, at: number): boolean {
  const name = /^[A-Za-z_][A-Za-z0-9_]*/.exec(line.slice(at + 1));
  if (!name || line[at + 1 + name[0].length] === "'") return false;
  const before = line.slice(0, at).trimEnd();
  return /[&<+,:]$/.test(before);
}
