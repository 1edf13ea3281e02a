import { describe, expect, it } from 'vitest';
import { escapeControls, printablePath } from '../../../src/render/printable.js';

describe('printable names', () => {
  it('leaves a name without controls as it is, backslashes and quotes included', () => {
    for (const name of ['src/a.py', 'docs/naïve "quoted" name.md', 'dir\\with\\backslash.txt', 'é/日本/😀.ts']) {
      expect(printablePath(name)).toBe(name);
      expect(escapeControls(name)).toBe(name);
    }
  });

  it('quotes a name with controls and escapes them, so that it reads as one token on one line', () => {
    expect(printablePath('new\nline.py')).toBe('"new\\nline.py"');
    expect(printablePath('a\r\tb')).toBe('"a\\r\\tb"');
    expect(printablePath('say "hi"\n\\x')).toBe('"say \\"hi\\"\\n\\\\x"');
    // a right-to-left override would show the name's end first ("Trojan source")
    expect(printablePath('gpj.\u202eexe')).toBe('"gpj.\\u202eexe"');
    expect(printablePath('a\u2028b\u0085c\u007f')).toBe('"a\\u2028b\\u0085c\\u007f"');
  });

  it('escapes controls in free text without quoting it', () => {
    expect(escapeControls('uses f from new\nline.py')).toBe('uses f from new\\nline.py');
  });
});
