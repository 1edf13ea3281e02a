/**
 * The test run's build of dist/ (test/build-dist.ts, run by test/build-setup.ts): on a
 * package folder the test writes, with file times set, not read from the clock's pace;
 * and no test file builds dist/ itself while others read it.
 */
import { readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildIfStale, BUILD_STAMP, staleBuild } from '../build-dist.js';
import { makeTemp, removeTemp, writeFiles } from './corpus/helpers.js';

let tmp: string;
beforeAll(() => {
  tmp = makeTemp('repomap-build-dist-');
});
afterAll(() => removeTemp(tmp));

const HOUR_AGO = new Date(Date.now() - 3_600_000);
const NOW = new Date();
const touch = (path: string, when: Date): void => utimesSync(path, when, when);

/** A package folder whose sources are an hour old, and, when `built`, a build stamped now. */
function packageFolder(name: string, built: boolean): string {
  const root = join(tmp, name);
  writeFiles(root, {
    'src/a.ts': 'export const a = 1;\n',
    'src/cli/b.ts': 'export const b = 2;\n',
    'package.json': '{}\n',
    'tsconfig.json': '{}\n',
  });
  for (const path of ['src/a.ts', 'src/cli/b.ts', 'src/cli', 'src', 'package.json', 'tsconfig.json'])
    touch(join(root, path), HOUR_AGO);
  if (built) {
    writeFiles(root, { [BUILD_STAMP]: '{}\n' });
    touch(join(root, BUILD_STAMP), NOW);
  }
  return root;
}

describe('staleBuild', () => {
  it('wants a build where there is none, and none where the build is newer than every input', () => {
    expect(staleBuild(packageFolder('none', false))).toBe(`no ${BUILD_STAMP}`);
    expect(staleBuild(packageFolder('current', true))).toBeNull();
  });

  it('wants a build after a source or a config file changed, or a source was added or removed', () => {
    const edited = packageFolder('edited', true);
    touch(join(edited, 'src/cli/b.ts'), new Date(NOW.getTime() + 1000));
    expect(staleBuild(edited)).toBe('src/cli/b.ts changed after the last build');
    const config = packageFolder('config', true);
    touch(join(config, 'package.json'), new Date(NOW.getTime() + 1000));
    expect(staleBuild(config)).toBe('package.json changed after the last build');
    const removed = packageFolder('removed', true);
    rmSync(join(removed, 'src/a.ts'));
    touch(join(removed, 'src'), new Date(NOW.getTime() + 1000));
    expect(staleBuild(removed)).toBe('src changed after the last build');
  });
});

describe('buildIfStale', () => {
  /** A package folder whose `npm run build` writes the stamp and counts its runs in builds.log. */
  function buildable(name: string, script: string): string {
    const root = packageFolder(name, false);
    writeFileSync(join(root, 'package.json'), JSON.stringify({ name, private: true, scripts: { build: script } }));
    touch(join(root, 'package.json'), HOUR_AGO);
    return root;
  }
  const STAMPING = `node -e "const f=require('fs');f.appendFileSync('builds.log','built\\\\n');f.mkdirSync('dist/cli',{recursive:true});f.writeFileSync('${BUILD_STAMP}','{}')"`;

  it('builds once, saying why, and not again while nothing changed', () => {
    const root = buildable('buildable', STAMPING);
    const said: string[] = [];
    expect(buildIfStale(root, (line) => said.push(line))).toBe(true);
    expect(said).toEqual([`test run: building dist/ (no ${BUILD_STAMP}): npm run build`]);
    expect(buildIfStale(root, (line) => said.push(line))).toBe(false);
    expect(readFileSync(join(root, 'builds.log'), 'utf8')).toBe('built\n');
  }, 60_000);

  it('fails with the build output when the build fails', () => {
    const root = buildable('broken', `node -e "console.error('src/a.ts(1,1): error TS1005'); process.exit(2)"`);
    expect(() => buildIfStale(root, () => undefined)).toThrow(
      /npm run build failed in .*broken:\n[\s\S]*src\/a\.ts\(1,1\): error TS1005/,
    );
  }, 60_000);
});

describe('the test files', () => {
  it('leave building dist/ to test/build-setup.ts: none runs `npm run build` while other files read dist/', () => {
    const tests = join(import.meta.dirname, '..');
    const building = readdirSync(tests, { recursive: true, encoding: 'utf8' })
      .filter((path) => path.endsWith('.ts') && path !== 'build-dist.ts')
      .filter((path) =>
        /['"]npm['"]\s*,\s*\[\s*['"]run['"]\s*,\s*['"]build['"]/.test(readFileSync(join(tests, path), 'utf8')),
      )
      .sort();
    expect(building).toEqual([]);
  });
});
