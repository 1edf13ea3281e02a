/** Code point order of a UTF-16 unit: surrogates (code points above U+FFFF) sort after every BMP unit. */
function rank(unit: number): number {
  return unit >= 0xd800 && unit <= 0xdfff ? unit + 0x10000 : unit;
}

/**
 * Compares strings in UTF-8 byte order (git's order, and the same on every locale),
 * which is code point order; plain `<` on strings differs for characters above U+FFFF.
 */
export function compareBytewise(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) return rank(x) - rank(y);
  }
  return a.length - b.length;
}
