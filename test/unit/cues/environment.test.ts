/**
 * Environment reports in issues (src/cues/environment.ts): the versions a template asks
 * for are left out of an issue's cues and lexical text, with the `<details>` element or
 * the heading around them; snippets, manifests, frames and config an issue quotes stay.
 */
import { describe, expect, it } from 'vitest';
import { withoutEnvironment } from '../../../src/cues/environment.js';
import { extractCues } from '../../../src/unstable.js';

const SHOW_VERSIONS = [
  '#### Output of ``xr.show_versions()``',
  '',
  '<details>',
  '',
  'INSTALLED VERSIONS',
  '------------------',
  'commit: None',
  'python: 3.9.13 | packaged by conda-forge | (main, May 27 2022, 16:56:21) ',
  '[GCC 10.3.0]',
  'python-bits: 64',
  'OS: Linux',
  'machine: x86_64',
  'LC_ALL: None',
  '',
  'xarray: 2022.10.0',
  'pandas: 1.4.3',
  'numpy: 1.23.4',
  'scipy: 1.9.3',
  'h5netcdf: None',
  'setuptools: 65.5.0',
  '',
  '</details>',
];

const ISSUE = [
  '`Dataset.quantile` drops attrs',
  '',
  'keep_attrs=True is ignored:',
  '',
  '```python',
  'ds.quantile(0.9, keep_attrs=True).attrs',
  '```',
  '',
  ...SHOW_VERSIONS,
  '',
  'Happy to send a PR.',
].join('\r\n');

describe('withoutEnvironment', () => {
  it('blanks a show_versions report with its <details> element and the heading before it, keeping every other line where it was', () => {
    const kept = withoutEnvironment(ISSUE, 6);
    const before = ISSUE.split('\n');
    const after = kept.split('\n');
    expect(after).toHaveLength(before.length);
    expect(kept).not.toMatch(/show_versions|INSTALLED|numpy|details|GCC/);
    expect(kept).toContain('ds.quantile(0.9, keep_attrs=True).attrs');
    expect(kept).toContain('Happy to send a PR.');
    expect(after.indexOf('Happy to send a PR.')).toBe(before.indexOf('Happy to send a PR.'));
  });

  it('blanks a pip list pasted in a fence', () => {
    const text = [
      'pytest fails to collect',
      '',
      '```',
      'Package    Version',
      '---------- -------',
      'attrs      21.4.0',
      'iniconfig  1.1.1',
      'packaging  21.3',
      'pip        22.0.4',
      'pluggy     1.0.0',
      'py         1.11.0',
      'tomli      2.0.1',
      '```',
    ].join('\n');
    const kept = withoutEnvironment(text, 6);
    expect(kept).toContain('pytest fails to collect');
    expect(kept).not.toMatch(/attrs|pluggy|tomli/);
  });

  it('keeps config, a manifest, stack frames, code and data tables an issue quotes', () => {
    const yaml = [
      '```yaml',
      'server:',
      '  host: localhost',
      '  port: 8080',
      '  timeout: 30s',
      '  retries: 3',
      '  log_level: debug',
      '  cache: redis',
      '```',
    ].join('\n');
    const cargo = [
      '```toml',
      '[dependencies]',
      'tokio = "1.21.0"',
      'tracing = "0.1.32"',
      'tracing-subscriber = "0.3.9"',
      'serde = "1.0.1"',
      'bytes = "1.2.0"',
      'futures = "0.3.0"',
      '```',
    ].join('\n');
    const frames = [
      'TypeError: x is undefined',
      ...[
        'objectSupport.js:1:412',
        'objectSupport.js:1:887',
        'preParsePostFormat.js:1:447',
        'utc.js:1:692',
        'dayjs.min.js:1:2038',
        'dayjs.min.js:1:1869',
      ].map((at, k) => `    at f${k}.parse (${at})`),
    ].join('\n');
    const select = [
      '```rust',
      'tokio::select! {',
      ...Array.from({ length: 8 }, (_, k) => `    _ = v${k} => {}`),
      '}',
      '```',
    ].join('\n');
    const table = ['```', ...Array.from({ length: 8 }, (_, k) => `ID000${k}     70.9${k}200   38.51040`), '```'].join(
      '\n',
    );
    for (const text of [yaml, cargo, frames, select, table]) expect(withoutEnvironment(text, 6)).toBe(text);
  });

  it('leaves a report shorter than the threshold, and everything at 0', () => {
    const short = ['Versions:', 'python: 3.11.2', 'numpy: 1.26.0', 'OS: Linux'].join('\n');
    expect(withoutEnvironment(short, 6)).toBe(short);
    expect(withoutEnvironment(ISSUE, 0)).toBe(ISSUE);
  });
});

describe('issue cues without the environment report', () => {
  it('reads no name, word or lexical text out of the report (issueEnvironmentLines 0 reads them)', () => {
    const names = (lines: number) => {
      const cues = extractCues(ISSUE, { task: 'issue2code', tunables: { issueEnvironmentLines: lines } });
      return { values: cues.cues.map((c) => c.value), text: cues.text };
    };
    const without = names(6);
    expect(without.values).toContain('quantile');
    expect(without.values).not.toContain('show_versions');
    expect(without.values).not.toContain('numpy');
    expect(without.text).not.toContain('numpy');
    const all = names(0);
    expect(all.values).toContain('show_versions');
    expect(all.text).toContain('numpy');
  });
});
