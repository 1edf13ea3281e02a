/**
 * The learned ranker's feature vectors on a real parse of a small repository: one vector
 * per candidate in FEATURE_NAMES order, the tuned ranking's files in its order, values
 * that say what the path, the file and the query say, and a ranking that asking for
 * them does not change.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildIndex, loadCorpus, type Index, type RankFeatures } from '../../../src/index.js';
import { FEATURE_NAMES, FEATURE_VERSION } from '../../../src/learn/index.js';
import { makeTemp, removeTemp, writeFiles } from '../corpus/helpers.js';

const ISSUE =
  'Header parsing drops the last field\n\nCalling `parse_header` on a header with a trailing comma loses the final field.\n';

let dir: string;
let index: Index;

beforeAll(async () => {
  dir = makeTemp('repomap-features-');
  writeFiles(dir, {
    'src/parser/header.py':
      'def parse_header(line):\n    """Split a header line into fields."""\n    return [f.strip() for f in line.split(",") if f]\n',
    'src/parser/body.py':
      'from .header import parse_header\n\ndef parse_body(lines):\n    return [parse_header(l) for l in lines]\n',
    'examples/demo_parser.py': 'from parser.header import parse_header\n\nprint(parse_header("a,b,"))\n',
    'tests/test_header.py':
      'from parser.header import parse_header\n\ndef test_trailing_comma():\n    assert parse_header("a,b,") == ["a", "b"]\n',
    'docs/parser.md': '# Parser\n\nUse parse_header to split a header line.\n',
    'web/templates/page.html': '<html><body>{{ header }}</body></html>\n',
    'package-lock.json': '{"lockfileVersion": 3}\n',
  });
  index = await buildIndex(await loadCorpus({ folder: dir }), { parseJobs: 1 });
});

afterAll(() => removeTemp(dir));

function vectorOf(features: RankFeatures, path: string): Record<string, number> {
  const k = features.paths.indexOf(path);
  expect(k, `${path} is a candidate`).toBeGreaterThanOrEqual(0);
  return Object.fromEntries(features.names.map((n, j) => [n, features.values[k]![j]!]));
}

describe('candidate feature vectors', () => {
  it('are one finite vector per candidate, in FEATURE_NAMES order, over the tuned ranking in its order', () => {
    const r = index.rank(ISSUE, { features: true });
    const f = r.features!;
    expect(f.version).toBe(FEATURE_VERSION);
    expect(f.names).toEqual(FEATURE_NAMES);
    expect(f.values).toHaveLength(f.paths.length);
    for (const row of f.values) {
      expect(row).toHaveLength(FEATURE_NAMES.length);
      expect(row.every(Number.isFinite)).toBe(true);
    }
    // a small repository: every file is a candidate, in the order the tuned ranking gives
    const tuned = index.withOptions({ rank: { ranker: { issue2code: 'tuned' } } }).rank(ISSUE);
    expect(f.paths).toEqual(tuned.files.map((file) => file.path));
    expect(f.paths).toHaveLength(7);
  });

  it('leave the ranking as it is, and are the same on every call', () => {
    for (const ranker of ['tuned', 'learned'] as const) {
      const view = index.withOptions({ rank: { ranker: { issue2code: ranker } } });
      expect(JSON.stringify(view.rank(ISSUE, { features: true }).files)).toBe(JSON.stringify(view.rank(ISSUE).files));
    }
    const plain = index.rank(ISSUE);
    const withFeatures = index.rank(ISSUE, { features: true });
    expect(JSON.stringify(withFeatures.files)).toBe(JSON.stringify(plain.files));
    expect(JSON.stringify(index.rank(ISSUE, { features: true }).features)).toBe(JSON.stringify(withFeatures.features));
  });

  it('say what the path, the file kind and the query say of each file', () => {
    const f = index.rank(ISSUE, { features: true }).features!;
    const header = vectorOf(f, 'src/parser/header.py');
    expect(header.kind_source).toBe(1);
    expect(header.kind_test).toBe(0);
    expect(header.folder_source).toBe(1);
    expect(header.path_stem_in_query).toBe(1); // "header" is a word of the issue
    expect(header.seed_identifier).toBe(1); // the only definer of `parse_header`
    expect(header.file_main_source_extension).toBe(1);
    expect(header.file_depth).toBe(2);
    expect(vectorOf(f, 'examples/demo_parser.py').folder_example).toBe(1);
    expect(vectorOf(f, 'examples/demo_parser.py').seed_identifier).toBe(0);
    expect(vectorOf(f, 'tests/test_header.py').kind_test).toBe(1);
    expect(vectorOf(f, 'tests/test_header.py').folder_testDir).toBe(1);
    expect(vectorOf(f, 'docs/parser.md').folder_doc).toBe(1);
    expect(vectorOf(f, 'web/templates/page.html').folder_template).toBe(1);
    expect(vectorOf(f, 'web/templates/page.html').name_markup).toBe(1);
    expect(vectorOf(f, 'package-lock.json').name_lock).toBe(1);
    // body.py imports header.py: one import edge into header.py, one out of body.py
    expect(header.graph_log_in_import).toBeGreaterThan(0);
    expect(vectorOf(f, 'src/parser/body.py').graph_log_out_import).toBeGreaterThan(0);
    // the tuned ranking's first file has the whole score share and rank 0
    const first = vectorOf(f, f.paths[0]!);
    expect(first.tuned_score_share).toBe(1);
    expect(first.tuned_log_rank).toBe(0);
  });

  it("count each candidate's edges by type and direction, as the file graph holds them", () => {
    const f = index.rank(ISSUE, { features: true }).features!;
    const counted = new Map<string, number>();
    const add = (key: string): void => void counted.set(key, (counted.get(key) ?? 0) + 1);
    index.fileGraph.graph.forEachEdge((_key, a, source, target) => {
      add(`graph_log_out_${a.type.replace('-', '_')} ${source}`);
      add(`graph_log_in_${a.type.replace('-', '_')} ${target}`);
    });
    expect(counted.size).toBeGreaterThan(4);
    const graphNames = FEATURE_NAMES.filter((n) => n.startsWith('graph_log_'));
    expect(graphNames).toHaveLength(10);
    for (const path of f.paths) {
      const v = vectorOf(f, path);
      for (const name of graphNames)
        expect(v[name], `${name} of ${path}`).toBe(Math.log1p(counted.get(`${name} ${path}`) ?? 0));
    }
  });

  it('are not made unless asked for', () => {
    expect(index.rank(ISSUE).features).toBeUndefined();
  });
});
