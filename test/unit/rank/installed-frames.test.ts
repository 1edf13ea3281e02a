/**
 * A traceback through an installed copy of the repository (how people paste a library's
 * bug: `…/site-packages/flask/json/provider.py`) names the repository's files as its own
 * frames, in frame order, as the same trace with checkout paths does; a frame of the
 * interpreter's standard library (`/usr/lib/python3.12/json/__init__.py`) is not the
 * repository's `src/flask/json/__init__.py`, unless the repository is the interpreter
 * (CPython keeps it at `Lib/json/__init__.py`).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildIndex, loadCorpus, type Index } from '../../../src/index.js';
import { makeTemp, removeTemp } from '../corpus/helpers.js';

const lines = (n: number, line: (k: number) => string): string =>
  Array.from({ length: n }, (_, k) => line(k + 1)).join('\n') + '\n';

/**
 * A flask-shaped package: a large, central `app.py` that every module imports and whose words
 * match the error's (BM25 favours it), and a small JSON provider.
 */
const FLASK: Record<string, string> = {
  'src/flask/__init__.py': 'from .app import Flask\nfrom .json import jsonify\n',
  'src/flask/app.py': lines(120, (k) =>
    k === 1
      ? 'from .json.provider import DefaultJSONProvider'
      : k === 3
        ? 'class Flask:'
        : k % 10 === 0
          ? `    def handler_${k}(self, rv):\n        return self.json.response(rv)`
          : `    # step ${k}: a Decimal object type is not JSON serializable`,
  ),
  'src/flask/json/__init__.py': lines(40, (k) =>
    k === 1 ? 'import json as _json' : k === 3 ? 'def jsonify(*args, **kwargs):' : `    # jsonify, step ${k}`,
  ),
  'src/flask/json/provider.py': lines(40, (k) =>
    k === 1
      ? 'import json'
      : k === 3
        ? 'class DefaultJSONProvider:'
        : k === 5
          ? '    def dumps(self, obj, **kwargs):'
          : `        # serialize, step ${k}`,
  ),
  'src/flask/ctx.py': 'from .app import Flask\n\ndef push(app: Flask):\n    return app\n',
  'src/flask/views.py': 'from .app import Flask\n\ndef view(app: Flask):\n    return app\n',
  'src/flask/blueprints.py': 'from .app import Flask\n\ndef register(app: Flask):\n    return app\n',
  'src/flask/testing.py': 'from .app import Flask\n\ndef client(app: Flask):\n    return app\n',
};

/** The same failure as printed on a reporter's machine (installed flask) and in a checkout. */
function trace(flaskRoot: string): string {
  return [
    'Traceback (most recent call last):',
    '  File "/home/u/proj/main.py", line 9, in <module>',
    '    client.get("/")',
    `  File "${flaskRoot}/app.py", line 60, in wsgi_app`,
    '    response = self.full_dispatch_request()',
    `  File "${flaskRoot}/app.py", line 50, in full_dispatch_request`,
    '    return self.finalize_request(rv)',
    `  File "${flaskRoot}/app.py", line 40, in finalize_request`,
    '    return self.json.response(rv)',
    `  File "${flaskRoot}/json/provider.py", line 20, in to_text`,
    '    return json.dumps(obj, **kwargs)',
    '  File "/usr/lib/python3.12/json/__init__.py", line 31, in to_bytes',
    '    return _default_encoder.encode(obj)',
    'TypeError: Object of type Decimal is not JSON serializable',
  ].join('\n');
}
const INSTALLED = trace('/usr/lib/python3/site-packages/flask');
const CHECKOUT = trace('/home/u/src/flask/src/flask');

async function indexOf(files: Record<string, string>): Promise<{ dir: string; index: Index }> {
  const dir = makeTemp('repomap-installed-frames-');
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dir, dirname(path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return { dir, index: await buildIndex(await loadCorpus({ folder: dir })) };
}

describe('frames of an installed copy of the repository', () => {
  let flask: { dir: string; index: Index };
  beforeAll(async () => {
    flask = await indexOf(FLASK);
  });
  afterAll(() => removeTemp(flask.dir));

  it('the trace through site-packages ranks as the same trace with checkout paths', () => {
    const top = (query: string) => flask.index.rank(query, { task: 'trace2code' }).files.slice(0, 3);
    const checkout = top(CHECKOUT);
    const installed = top(INSTALLED);
    expect(checkout.map((f) => f.path).slice(0, 2)).toEqual(['src/flask/app.py', 'src/flask/json/provider.py']);
    expect(installed.map((f) => f.path)).toEqual(checkout.map((f) => f.path));
    // the queries' words differ by their folders only
    installed.forEach((f, k) => expect(f.score).toBeCloseTo(checkout[k]!.score, 2));
  });

  it('weighs the installed frames as the checkout frames (the deepest 1, the next frameDecay, …)', () => {
    const frames = (query: string, path: string): string[] =>
      flask.index
        .explain(query, path, { task: 'trace2code' })
        .cues.filter((c) => c.kind === 'frame')
        .map((c) => `${c.line} strength ${c.strength} weight ${c.weight}`)
        .sort();
    for (const path of ['src/flask/json/provider.py', 'src/flask/app.py']) {
      const checkout = frames(CHECKOUT, path);
      expect(checkout.length).toBeGreaterThan(0);
      expect(frames(INSTALLED, path)).toEqual(checkout);
    }
  });

  it("a standard-library frame is no frame of the repository's file of the same name", () => {
    for (const query of [INSTALLED, CHECKOUT]) {
      const r = flask.index.rank(query, { task: 'trace2code' });
      const json = r.files.find((f) => f.path === 'src/flask/json/__init__.py');
      expect(json?.reasons.filter((reason) => reason.startsWith('is a frame of the trace')) ?? []).toEqual([]);
      const explained = flask.index.explain(query, 'src/flask/json/__init__.py', { task: 'trace2code' });
      expect(explained.cues.filter((c) => c.kind === 'frame')).toEqual([]);
    }
  });

  it('an issue with the installed trace does not take the standard-library frame for the repository’s', () => {
    const issue = `jsonify fails on Decimal\n\n${INSTALLED}`;
    const explained = flask.index.explain(issue, 'src/flask/json/__init__.py', { task: 'issue2code' });
    expect(explained.cues.filter((c) => c.kind === 'frame')).toEqual([]);
  });
});

describe('a repository that is the toolchain', () => {
  let cpython: { dir: string; index: Index };
  beforeAll(async () => {
    cpython = await indexOf({
      'Lib/json/__init__.py': lines(40, (k) => (k === 3 ? 'def to_bytes(obj, **kw):' : `    # encode, step ${k}`)),
      'Lib/json/encoder.py': lines(40, (k) => (k === 3 ? 'class JSONEncoder:' : `    # encode, step ${k}`)),
      'Lib/os.py': 'def getcwd():\n    return "/"\n',
    });
  });
  afterAll(() => removeTemp(cpython.dir));

  it("names its own file at the place the toolchain's source tree keeps it", () => {
    const r = cpython.index.rank(INSTALLED, { task: 'trace2code' });
    expect(r.files[0]!.path).toBe('Lib/json/__init__.py');
    expect(r.files[0]!.reasons.join(' | ')).toContain(
      'is a frame of the trace (/usr/lib/python3.12/json/__init__.py:31)',
    );
  });
});
