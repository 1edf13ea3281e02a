/**
 * A bug report's pack carries the functions the ranking names as likely to change: on a
 * repository written here in flask's shape (a session interface whose `should_set_cookie`
 * reads SESSION_REFRESH_EACH_REQUEST, an app class whose head is a long docstring and a
 * default config), the first file's `should_set_cookie` is packed whole and the app
 * file's method the ranking names is packed rather than its class head.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildIndex, loadCorpus, type Index } from '../../../src/index.js';
import { packedRanges } from '../../../src/unstable.js';
import { makeTemp, removeTemp, writeFiles } from '../corpus/helpers.js';

/** Methods with docstrings that do not concern the report: they make the file too long to go in whole. */
function filler(prefix: string, n: number): string[] {
  return Array.from({ length: n }, (_, i) => [
    `    def ${prefix}_helper_${i}(self, value: int) -> int:`,
    `        """Adjust value ${i} for the ${prefix} machinery; unrelated to cookies.`,
    '',
    '        Kept for backwards compatibility with older extensions.',
    '        """',
    `        return value * ${i + 2} + len(self.name_${i % 3})`,
    '',
  ]).flat();
}

const SESSIONS = [
  'from __future__ import annotations',
  '',
  'import typing as t',
  'from datetime import datetime, timezone',
  '',
  'if t.TYPE_CHECKING:',
  '    from .app import Flask',
  '',
  '',
  'class SessionMixin:',
  '    """Expands a basic dictionary with session attributes."""',
  '',
  '    @property',
  '    def permanent(self) -> bool:',
  '        return self.get("_permanent", False)',
  '',
  '    @permanent.setter',
  '    def permanent(self, value: bool) -> None:',
  '        self["_permanent"] = bool(value)',
  '',
  '    modified = True',
  '',
  '',
  'class SessionInterface:',
  '    """The basic interface you have to implement to replace the default session interface."""',
  '',
  ...filler('session', 10),
  '    def get_expiration_time(self, app: Flask, session: SessionMixin):',
  '        if session.permanent:',
  '            return datetime.now(timezone.utc) + app.permanent_session_lifetime',
  '        return None',
  '',
  '    def should_set_cookie(self, app: Flask, session: SessionMixin) -> bool:',
  '        """Used by session backends to determine if a Set-Cookie header',
  '        should be set for this session cookie for this response. If the session',
  '        has been modified, the cookie is set. If the session is permanent and',
  '        the SESSION_REFRESH_EACH_REQUEST config is true, the cookie is',
  '        always set.',
  '        """',
  '        return session.modified or (',
  '            session.permanent and app.config["SESSION_REFRESH_EACH_REQUEST"]',
  '        )',
  '',
  ...filler('cookie_jar', 8),
  '    def save_session(self, app: Flask, session: SessionMixin, response) -> None:',
  '        if not self.should_set_cookie(app, session):',
  '            return',
  '        expires = self.get_expiration_time(app, session)',
  '        response.set_cookie("session", session.serialize(), expires=expires)',
  '',
].join('\n');

const APP = [
  'from .sessions import SessionInterface',
  '',
  '',
  'class Flask:',
  '    """The flask object implements a WSGI application and acts as the central',
  ...Array.from(
    { length: 40 },
    (_, i) => `    object. Paragraph ${i} of a long class docstring about configuration and requests.`,
  ),
  '    """',
  '',
  '    default_config = {',
  ...Array.from({ length: 30 }, (_, i) => `        "SETTING_${i}": ${i},`),
  '        "SESSION_REFRESH_EACH_REQUEST": True,',
  '    }',
  '',
  '    session_interface = SessionInterface()',
  '',
  ...filler('app', 10),
  '    def process_response(self, response):',
  '        """Runs after each request: saves the session unless it is a null session."""',
  '        if not self.session_interface.is_null_session(self.session):',
  '            self.session_interface.persist_cookie(self, self.session, response)',
  '        return response',
  '',
].join('\n');

const REPORT =
  'Permanent session cookie is not refreshed\n\n' +
  'With SESSION_REFRESH_EACH_REQUEST = True and session.permanent set, the response has no Set-Cookie header ' +
  'unless the session was modified. Expected the cookie to be set on every request.';

let tmp: string;
let index: Index;
beforeAll(async () => {
  tmp = makeTemp('repomap-pack-functions-');
  const root = join(tmp, 'repo');
  writeFiles(root, {
    'src/flasklike/sessions.py': SESSIONS,
    'src/flasklike/app.py': APP,
    'src/flasklike/__init__.py': 'from .app import Flask\n',
  });
  index = await buildIndex(await loadCorpus({ folder: root }), { history: false });
});
afterAll(() => removeTemp(tmp));

const lineOf = (text: string, needle: string): number => text.split('\n').findIndex((l) => l.includes(needle)) + 1;

describe('a bug report pack carries the functions the ranking names first', () => {
  it('packs should_set_cookie, which rank names as likely to change, and not just the property the report names', async () => {
    const ranked = index.rank(REPORT, { task: 'issue2code' });
    expect(ranked.files[0]!.path).toBe('src/flasklike/sessions.py');
    const named = ranked.files[0]!.functions!.map((f) => f.name);
    expect(named.slice(0, 5)).toContain('SessionInterface.should_set_cookie');

    const start = lineOf(SESSIONS, 'def should_set_cookie');
    const end = start + 9;
    for (const format of ['markdown', 'json'] as const) {
      const pack = await index.pack(REPORT, { budget: 700, tokenizer: 'regex', task: 'issue2code', format });
      const ranges = packedRanges(pack)['src/flasklike/sessions.py'] ?? [];
      // the whole method, its class's signature line above it
      expect(
        ranges.some(([a, b]) => a <= start && end <= b),
        `${format}: ${JSON.stringify(ranges)}`,
      ).toBe(true);
      const span = pack.files[0]!.spans.find((s) => s.start <= start && end <= s.end)!;
      expect(span).toMatchObject({ kind: 'function', symbol: 'SessionInterface.should_set_cookie' });
      expect(span.why).toContain('likely to change: SessionInterface.should_set_cookie');
      expect(pack.files[0]!.spans.some((s) => s.kind === 'signature' && s.text === 'class SessionInterface:')).toBe(
        true,
      );
    }
  });

  it('gives the app file the method the ranking names, not its class docstring and default config', async () => {
    const pack = await index.pack(REPORT, { budget: 1200, tokenizer: 'regex', task: 'issue2code' });
    const app = packedRanges(pack)['src/flasklike/app.py'] ?? [];
    const method = lineOf(APP, 'def process_response');
    expect(
      app.some(([a, b]) => a <= method && method + 4 <= b),
      JSON.stringify(app),
    ).toBe(true);
    const docstring = lineOf(APP, 'Paragraph 10 of');
    expect(
      app.some(([a, b]) => a <= docstring && docstring <= b),
      JSON.stringify(app),
    ).toBe(false);
    expect(pack.tokens).toBeLessThanOrEqual(1200);
  });
});
