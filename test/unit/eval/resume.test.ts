import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DetailsOut,
  featuresFile,
  resumeDetails,
  resumeFeatures,
  rowsOfSamples,
  type Sample,
} from '../../../src/eval/index.js';
import { makeTemp, removeTemp } from '../corpus/helpers.js';

let dir: string;
beforeAll(() => {
  dir = makeTemp('repomap-resume-');
});
afterAll(() => removeTemp(dir));

const row = (id: string, files = ['a.py', 'b.py']) => ({
  sample_id: id,
  repo: 'acme/x',
  base_commit: 'c'.repeat(40),
  top_files: files,
});
const line = (id: string): string => `${JSON.stringify(row(id))}\n`;

describe('resumeDetails', () => {
  it('has no rows for a file that does not exist', async () => {
    expect(await resumeDetails(join(dir, 'none.jsonl'))).toEqual({ rows: new Map(), cutBytes: 0 });
  });

  it('reads the complete lines and cuts what follows the last newline off the file', async () => {
    const file = join(dir, 'cut.jsonl');
    writeFileSync(file, line('b') + line('a') + line('c').slice(0, 25));
    const r = await resumeDetails(file);
    expect([...r.rows.keys()]).toEqual(['b', 'a']);
    expect(r.cutBytes).toBe(25);
    expect(readFileSync(file, 'utf8')).toBe(line('b') + line('a'));
  });

  it('drops a last line without its newline even when it parses (the write may have been cut there)', async () => {
    const file = join(dir, 'nonewline.jsonl');
    writeFileSync(file, line('a') + line('b').trimEnd());
    expect([...(await resumeDetails(file)).rows.keys()]).toEqual(['a']);
  });

  it('names file:line for a bad line before the last, and for a sample id seen twice', async () => {
    const bad = join(dir, 'bad.jsonl');
    writeFileSync(bad, line('a') + '{"sample_id": "b", "top_files": 3}\n' + line('c'));
    await expect(resumeDetails(bad)).rejects.toThrow(/bad\.jsonl:2: field "top_files" must be an array of strings/);
    writeFileSync(bad, line('a') + line('a'));
    await expect(resumeDetails(bad)).rejects.toThrow(/bad\.jsonl:2: duplicate sample_id "a"/);
  });
});

describe('rowsOfSamples', () => {
  const sample = (id: string, commit = 'c'.repeat(40)): Sample => ({
    id,
    repo: 'acme/x',
    base_commit: commit,
    task_type: 'code2test',
    query: {},
  });

  it("keeps the rows of the run's samples; refuses one of another commit", () => {
    const rows = new Map(['a', 'b', 'z'].map((id) => [id, row(id)]));
    expect([...rowsOfSamples([sample('b'), sample('a'), sample('q')], rows, 'f').keys()]).toEqual(['b', 'a']);
    expect(() => rowsOfSamples([sample('a', 'd'.repeat(40))], rows, 'f.jsonl')).toThrow(
      /f\.jsonl: the row of sample "a" is for acme\/x@c{40}, the sample is acme\/x@d{40}/,
    );
  });
});

describe('resumeFeatures', () => {
  it("collects the samples of the repositories' feature files, cutting a cut last line off", async () => {
    const features = join(dir, 'features');
    mkdirSync(features);
    const vector = (id: string): string =>
      `${JSON.stringify({ sample_id: id, version: 1, names: [], paths: [], values: [] })}\n`;
    writeFileSync(featuresFile(features, 'acme/x'), vector('a') + vector('b') + vector('c').slice(0, 10));
    writeFileSync(featuresFile(features, 'acme/y'), vector('d'));
    writeFileSync(featuresFile(features, 'acme/other'), vector('e'));
    const r = await resumeFeatures(features, ['acme/x', 'acme/y', 'acme/none', 'acme/x']);
    expect([...r.ids].sort()).toEqual(['a', 'b', 'd']);
    expect(r.cutFiles).toEqual([join(features, 'acme+x.jsonl')]);
    expect(readFileSync(join(features, 'acme+x.jsonl'), 'utf8')).toBe(vector('a') + vector('b'));
    writeFileSync(featuresFile(features, 'acme/y'), '[1]\n');
    await expect(resumeFeatures(features, ['acme/y'])).rejects.toThrow(
      /acme\+y\.jsonl:1: expected a feature line with a "sample_id"/,
    );
  });
});

describe('DetailsOut', () => {
  it('appends rows as they come, and rewrites the file in the order given when finished', () => {
    const file = join(dir, 'out', 'details.jsonl');
    const out = DetailsOut.open(file, false);
    out.append(row('b'));
    out.append(row('a'));
    // what a killed run leaves
    expect(readFileSync(file, 'utf8')).toBe(line('b') + line('a'));
    out.finish([row('a'), row('b')]);
    expect(readFileSync(file, 'utf8')).toBe(line('a') + line('b'));
  });

  it('keeps the file it is given to keep, and empties it otherwise', () => {
    const file = join(dir, 'kept.jsonl');
    writeFileSync(file, line('a'));
    const kept = DetailsOut.open(file, true);
    kept.append(row('b'));
    kept.close();
    expect(readFileSync(file, 'utf8')).toBe(line('a') + line('b'));
    DetailsOut.open(file, false).close();
    expect(readFileSync(file, 'utf8')).toBe('');
  });
});
