/** `repomap pack`, run in-process through runCli with fake streams in the python-inventory fixture (the current folder, no --repo). */
import { describe, expect, it } from 'vitest';
import { runCli } from '../../../src/cli/run.js';
import type { Pack } from '../../../src/index.js';
import { loadTokenizer } from '../../../src/unstable.js';
import { fixtureCopy } from '../../fixture-copy.js';

async function run(argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await runCli(argv, {
    stdout: { write: (s: string) => (stdout += s) },
    stderr: { write: (s: string) => (stderr += s) },
    cwd: FIXTURE,
  });
  return { code, stdout, stderr };
}

const FIXTURE = fixtureCopy('python-inventory');
const QUERY = ['--query', 'apply_discount rounds half a cent the wrong way'];

describe('repomap pack', () => {
  it('prints a Markdown pack within the budget (o200k_base by default)', async () => {
    const r = await run(['pack', ...QUERY, '--budget', '400']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout.startsWith('### src/inventory/pricing.py\n```python\n')).toBe(true);
    expect(r.stdout).toMatch(/^34 def apply_discount\(/m);
    expect((await loadTokenizer('o200k_base')).count(r.stdout)).toBeLessThanOrEqual(400);
  });

  it('--format json --tokenizer regex prints the pack as one JSON line', async () => {
    const r = await run(['pack', ...QUERY, '--budget', '300', '--tokenizer', 'regex', '--format', 'json']);
    expect(r.code).toBe(0);
    const lines = r.stdout.split('\n');
    expect(lines).toHaveLength(2);
    const pack = JSON.parse(lines[0]!) as Pack;
    expect(pack).toMatchObject({ budget: 300, tokenizer: 'regex' });
    expect(pack.tokens).toBeLessThanOrEqual(300);
    expect(pack.files[0]!.path).toBe('src/inventory/pricing.py');
    expect(pack.files[0]!.spans.some((s) => s.symbol === 'apply_discount' && s.kind === 'definition')).toBe(true);
  });

  it('is byte-identical across runs', async () => {
    const a = await run(['pack', ...QUERY, '--budget', '900', '--tokenizer', 'cl100k_base']);
    const b = await run(['pack', ...QUERY, '--budget', '900', '--tokenizer', 'cl100k_base']);
    expect(b.stdout).toBe(a.stdout);
  });

  it('a budget too small for anything prints nothing and says so on stderr', async () => {
    const r = await run(['pack', ...QUERY, '--budget', '2', '--tokenizer', 'regex']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe('repomap: note: nothing packed: no ranked file fits in --budget 2 (regex tokens)\n');
  });

  it('bad --budget, --tokenizer or --format exit 2 with a message naming the flag', async () => {
    for (const [flag, value] of [
      ['--budget', '0'],
      ['--budget', 'lots'],
      ['--tokenizer', 'gpt2'],
      ['--format', 'xml'],
    ] as const) {
      const r = await run(['pack', ...QUERY, flag, value]);
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toContain(flag);
    }
    const none = await run(['pack', '--budget', '100']);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('--query');
  });
});
