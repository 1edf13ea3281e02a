/**
 * Member calls on the runtime's own objects are not references to the repository's
 * symbols (issue 50, item 10): a literal receiver (`/re/.test()`, `'a'.split()`,
 * `", ".join()`) or a global object of the language (`console.warn()`, `Math.max()`,
 * `System.out.println()`), or a chain rooted at one. The same calls on the program's own
 * objects stay references; and a file's runtime calls no longer link it to a file that
 * defines the same names (vite's `env.ts` to `playground/vitestSetup.ts`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildIndex, loadCorpus } from '../../../src/index.js';
import { edgeOf } from '../../../src/graph/index.js';
import { releaseLanguageTools } from '../../../src/tags/language-tools.js';
import type { LanguageId } from '../../../src/types.js';
import { makeTemp, removeTemp, writeFiles } from '../corpus/helpers.js';
import { snippetTags } from './helpers.js';

let tmp: string;
beforeAll(() => (tmp = makeTemp('repomap-receivers-')));
afterAll(() => {
  removeTemp(tmp);
  releaseLanguageTools();
});

/** The names of the call references of a snippet, in line order. */
async function calls(language: LanguageId, text: string): Promise<string[]> {
  return (await snippetTags(language, text)).references
    .filter((r) => r.kind === 'call' || r.kind === 'class')
    .map((r) => r.name)
    .sort();
}

const ECMA = [
  "if (/\\s/.test(prefix)) console.warn('bad prefix');",
  "const parts = 'a,b'.split(','), doubled = [1, 2].map(double), t = `x${y}`.trim();",
  'const n = Math.max(1, 2) + JSON.parse(s).length + Object.keys(o).length;',
  'Object.prototype.hasOwnProperty.call(o, k); document.body.append(el); globalThis.queueMicrotask(run);',
  'const f = new Intl.NumberFormat();',
  // the program's own objects: references
  'logger.warn(msg); this.test(value); config.logger.info(msg); const r = new ns.Reader();',
].join('\n');
const ECMA_OWN = ['Reader', 'info', 'test', 'warn'];

describe('member calls on the runtime are not references', () => {
  it.each(['typescript', 'tsx', 'javascript'] as const)('%s: literals and global objects', async (language) => {
    expect(await calls(language, ECMA)).toEqual(ECMA_OWN);
  });

  it('python: literals and builtin types', async () => {
    const text = [
      'line = ", ".join(parts) + f"{x}".strip() + b"x".decode()',
      '[].append(1); {}.get(k); str.maketrans("a", "b"); dict.fromkeys(keys)',
      // the program's own objects, and names that only start like a literal or a builtin
      'self.join(parts); f[0].strip(); rb.get(k); app.run()',
      'strings.join(parts)',
    ].join('\n');
    expect(await calls('python', text)).toEqual(['get', 'join', 'join', 'run', 'strip']);
  });

  it('java: string literals and java.lang classes', async () => {
    const text = [
      'class A {',
      '  void f() {',
      '    System.out.println("x"); int m = Math.max(1, 2); String s = String.valueOf(m); "a,b".split(",");',
      '    logger.println("x"); this.valueOf(m); split(s); Systems.max(1);',
      '  }',
      '}',
    ].join('\n');
    expect(await calls('java', text)).toEqual(['max', 'println', 'split', 'valueOf']);
  });

  it('csharp: literals and core System types', async () => {
    const text = [
      'class A {',
      '  void F() {',
      '    Console.WriteLine("x"); var m = Math.Max(1, 2); var s = string.Join(",", xs); "a,b".Split(\',\'); $"{m}".Trim();',
      '    writer.WriteLine("x"); this.Max(1, 2); Join(xs);',
      '  }',
      '}',
    ].join('\n');
    expect(await calls('csharp', text)).toEqual(['Join', 'Max', 'WriteLine']);
  });
});

describe('runtime calls do not link files', () => {
  it("vite's env.ts is not linked to a setup file that defines test and warn", async () => {
    const root = `${tmp}/vite`;
    writeFiles(root, {
      'packages/vite/src/node/env.ts': [
        'export function resolveEnvPrefix(envPrefix: string[]): string[] {',
        '  if (envPrefix.some((prefix) => /\\s/.test(prefix))) {',
        "    console.warn('envPrefix has white space');",
        '  }',
        '  return envPrefix;',
        '}',
        '',
      ].join('\n'),
      'playground/vitestSetup.ts': [
        'export const serializer = {',
        '  test(val: unknown): boolean {',
        "    return typeof val === 'string';",
        '  },',
        '};',
        'export const logger = {',
        '  warn(msg: string): void {',
        '    void msg;',
        '  },',
        '};',
        '',
      ].join('\n'),
      'packages/vite/src/node/logger.ts':
        "import { logger } from '../../../../playground/vitestSetup';\n\nexport function report(msg: string): void {\n  logger.warn(msg);\n}\n",
    });
    const index = await buildIndex(await loadCorpus({ folder: root }), { history: false });
    const g = index.fileGraph;
    expect(edgeOf(g, 'shared-symbol', 'packages/vite/src/node/env.ts', 'playground/vitestSetup.ts')).toBeUndefined();
    // a call on the program's own object still links by name
    expect(edgeOf(g, 'shared-symbol', 'packages/vite/src/node/logger.ts', 'playground/vitestSetup.ts')).toBeDefined();
  });
});
