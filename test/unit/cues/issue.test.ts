/**
 * Cues of issue text (issue2code): the title read at its own strengths, names written
 * as calls or capitalized in sentences, markdown code blocks found and read with the
 * repository's grammars (imports, subclasses, calls, definitions), dotted names looked
 * up as modules, traceback frames with their depth.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  codeBlocks,
  CUE_DEFAULTS,
  extractCues,
  inferTask,
  languageOfInfo,
  splitTitle,
  type CodeReading,
} from '../../../src/cues/index.js';
import { snippetReader } from '../../../src/tags/index.js';
import type { Cue } from '../../../src/types.js';

let code: CodeReading;
beforeAll(async () => {
  code = { reader: await snippetReader(['python', 'typescript', 'rust']), primary: 'python' };
});
afterAll(() => undefined);

function cuesOf(text: string, withCode = false): Cue[] {
  return extractCues(text, withCode ? { code } : {}).cues;
}

function find(cues: readonly Cue[], kind: Cue['kind'], value: string): Cue | undefined {
  return cues.find((c) => c.kind === kind && c.value === value);
}

describe('issue text: title and prose', () => {
  it('splits the first non-empty line off as the title', () => {
    expect(splitTitle('\n  Crash on save\nbody line\n\nmore')).toEqual({
      title: '  Crash on save',
      body: 'body line\n\nmore',
    });
    expect(splitTitle('   \n')).toEqual({ title: '', body: '' });
  });

  it('reads the title at the title strengths, field "title"', () => {
    const cues = cuesOf('retry_policy ignores max_attempts\n\nThe backoff grows and retry_policy never stops.');
    expect(find(cues, 'identifier', 'retry_policy')).toMatchObject({
      strength: CUE_DEFAULTS.titleIdentifierStrength,
      field: 'title',
    });
    expect(find(cues, 'term', 'backoff')).toMatchObject({ strength: CUE_DEFAULTS.termStrength, field: 'text' });
    expect(find(cues, 'term', 'ignores')).toMatchObject({ strength: CUE_DEFAULTS.titleTermStrength, field: 'title' });
  });

  it('takes words written as calls and capitalized words inside sentences as names; a sentence start is not one', () => {
    const cues = cuesOf('Printing breaks\n\nCalling Product(n, k) fails. Also pycode() does not support Min and Max.');
    expect(find(cues, 'identifier', 'Product')?.strength).toBe(CUE_DEFAULTS.callNameStrength);
    expect(find(cues, 'identifier', 'pycode')?.strength).toBe(CUE_DEFAULTS.callNameStrength);
    expect(find(cues, 'identifier', 'Min')?.strength).toBe(CUE_DEFAULTS.capitalizedNameStrength);
    expect(find(cues, 'identifier', 'Max')?.strength).toBe(CUE_DEFAULTS.capitalizedNameStrength);
    expect(find(cues, 'identifier', 'Calling')).toBeUndefined();
    expect(find(cues, 'identifier', 'Also')).toBeUndefined();
    // other tasks read the same prose without issue rules
    const generic = extractCues('Calling Product(n, k) fails with Min.', { task: 'generic' }).cues;
    expect(find(generic, 'identifier', 'Product')).toBeUndefined();
    expect(find(generic, 'identifier', 'Min')).toBeUndefined();
  });

  it('gives traceback frames their depth, deepest 0, and reads installed-library frames at full strength', () => {
    const text = [
      'Crash in checkout',
      '```',
      'Traceback (most recent call last):',
      '  File "/home/u/app.py", line 3, in <module>',
      '  File "/venv/lib/python3.12/site-packages/shop/checkout.py", line 20, in checkout',
      '  File "/venv/lib/python3.12/site-packages/shop/pricing.py", line 9, in apply',
      'KeyError: 7',
      '```',
    ].join('\n');
    expect(inferTask(text)).toBe('issue2code');
    const frames = cuesOf(text).filter((c) => c.kind === 'frame');
    const depth = Object.fromEntries(frames.map((f) => [f.value.split('/').pop(), f.depth]));
    expect(depth).toEqual({ 'pricing.py': 0, 'checkout.py': 1, 'app.py': 2 });
    expect(frames.find((f) => f.value.endsWith('pricing.py'))!.strength).toBe(CUE_DEFAULTS.issueLibraryFrameStrength);
    // a raw failure log (no markdown) is still trace2code
    expect(inferTask(text.replace(/```/g, ''))).toBe('trace2code');
  });

  it('looks a dotted name up as a module and as a name of the module before it, by the main language', () => {
    const cues = extractCues('Latex output wrong\n\nsympy.printing.latex mangles `sympy.Matrix`.', { code }).cues;
    expect(find(cues, 'module', 'sympy.printing.latex')).toMatchObject({ language: 'python' });
    expect(cues.find((c) => c.kind === 'imported' && c.value === 'Matrix')).toMatchObject({
      module: 'sympy',
      language: 'python',
    });
    // not on import lines: their modules are the way in, not the subject
    const imports = extractCues('Bug\n\nfrom sympy.abc import x', { code }).cues;
    expect(find(imports, 'module', 'sympy.abc')).toBeUndefined();
  });
});

describe('code blocks', () => {
  it('finds fenced blocks with their language, indented blocks and interactive sessions', () => {
    const text = [
      'Intro',
      '```python',
      'x = f(1)',
      '```',
      '',
      '    indented()',
      '    more()',
      '',
      '~~~rust,ignore',
      'let a = b();',
      '~~~',
      '>>> p = Product(n, k)',
      '>>> p.doit()',
      '2**n',
      'In [3]: ds.groupby("x")',
      '```console',
      '$ make',
      '```',
    ].join('\n');
    expect(codeBlocks(text)).toEqual([
      { language: 'python', info: 'python', code: 'x = f(1)' },
      { info: '', code: 'indented()\nmore()\n' },
      { language: 'rust', info: 'rust,ignore', code: 'let a = b();' },
      { info: '', code: 'p = Product(n, k)\np.doit()\nds.groupby("x")' },
      { info: 'console', code: '$ make' },
    ]);
    expect(languageOfInfo('{.py}')).toBe('python');
    expect(languageOfInfo('TS')).toBe('typescript');
    expect(languageOfInfo('toml')).toBeUndefined();
  });

  it('reads a snippet with the grammar: imported names (and their module), subclasses, calls, definitions', () => {
    const text = [
      'PythonCodePrinter misses Min',
      '```python',
      'from sympy import symbols, Min',
      'import sympy.printing.pycode as pc',
      'class MyPrinter(PythonCodePrinter):',
      '    def _print_Min(self, expr):',
      '        return self._print_seq(expr.args)',
      'print(pycode(Min(a, b)))',
      '```',
    ].join('\n');
    const cues = cuesOf(text, true);
    expect(cues.find((c) => c.kind === 'imported' && c.value === 'symbols')).toMatchObject({
      module: 'sympy',
      language: 'python',
      field: 'code',
    });
    expect(cues.find((c) => c.kind === 'imported' && c.value === 'Min')).toMatchObject({
      module: 'sympy',
      strength: CUE_DEFAULTS.codeImportStrength,
    });
    expect(find(cues, 'module', 'sympy.printing.pycode')).toMatchObject({
      strength: CUE_DEFAULTS.codeModuleStrength,
      field: 'code',
    });
    // a module imported for its names is the way in, not a cue
    expect(find(cues, 'module', 'sympy')).toBeUndefined();
    expect(find(cues, 'identifier', 'PythonCodePrinter')!.strength).toBe(
      Math.max(CUE_DEFAULTS.codeClassStrength, CUE_DEFAULTS.titleIdentifierStrength),
    );
    expect(find(cues, 'identifier', '_print_seq')).toBeDefined();
    expect(find(cues, 'identifier', '_print_Min')).toBeDefined();
    // without a reader the same text gives no code cues
    expect(cuesOf(text).some((c) => c.kind === 'imported' || c.kind === 'module')).toBe(false);
  });

  it('reads a block without an info string in the main language, and one naming another language in it', () => {
    const cues = cuesOf('Router fails\n\n```ts\nimport { compilePattern } from "@example/router";\n```\n', true);
    expect(cues.find((c) => c.kind === 'imported' && c.value === 'compilePattern')).toMatchObject({
      module: '@example/router',
      language: 'typescript',
    });
    const plain = cuesOf('Bad\n\n```\nimport shop.pricing\n```\n', true);
    expect(find(plain, 'module', 'shop.pricing')).toMatchObject({ language: 'python' });
  });
});
