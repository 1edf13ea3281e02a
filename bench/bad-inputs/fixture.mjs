// The inputs the bad-input suite (run.mjs) builds its hostile cases from: a small Python
// repository, as a folder or a git repository with two commits made at fixed dates (so
// its object ids are the same on every run), and a seeded random source.
import { execFileSync } from 'node:child_process';
import { chmodSync, lstatSync, lutimesSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** The query most cases rank for: it names a function of config.py. */
export const QUERY = 'KeyError in parse_config when the cart loads its settings';

/** The repository's files: config.py defines the function the query names. */
export const SHOP_FILES = {
  'src/shop/config.py': [
    'import json',
    '',
    '',
    'def parse_config(path):',
    '    with open(path) as f:',
    '        data = json.load(f)',
    '    return data["shop"]',
    '',
  ].join('\n'),
  'src/shop/cart.py': [
    'from shop.config import parse_config',
    'from shop.util import round_cents',
    '',
    '',
    'class Cart:',
    '    def __init__(self, path):',
    '        self.settings = parse_config(path)',
    '        self.items = []',
    '',
    '    def total(self):',
    '        return round_cents(sum(i.price for i in self.items))',
    '',
  ].join('\n'),
  'src/shop/util.py': ['def round_cents(value):', '    return round(value, 2)', ''].join('\n'),
  'tests/test_cart.py': [
    'from shop.cart import Cart',
    '',
    '',
    'def test_total():',
    '    assert Cart("shop.json").total() == 0',
    '',
  ].join('\n'),
};

/** Writes `files` (path → text or bytes) under `root`. */
export function writeFiles(root, files) {
  for (const [path, content] of Object.entries(files)) {
    const file = join(root, path);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, content);
  }
}

/**
 * Dates every entry under `root` (itself included, symlinks not followed) a year back: a
 * folder written just now is one repomap keeps no index snapshot of (its files may still
 * be changing), and a case that needs a snapshot needs a settled folder.
 */
export function settle(root) {
  const then = new Date('2026-01-01T00:00:00Z');
  for (const entry of readdirSync(root)) {
    const path = join(root, entry);
    if (lstatSync(path).isDirectory()) settle(path);
    else lutimesSync(path, then, then);
  }
  lutimesSync(root, then, then);
}

/** Writes an executable shell script. */
export function writeScript(file, text) {
  writeFileSync(file, `#!/bin/sh\n${text}\n`);
  chmodSync(file, 0o755);
}

/**
 * The environment the fixtures' git commands run in: no system configuration, an empty
 * global one (`globalConfig`), fixed author, committer and dates.
 */
export function fixtureGitEnv(globalConfig) {
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('GIT_')));
  const date = '2026-01-01T00:00:00Z';
  return {
    ...env,
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_GLOBAL: globalConfig,
    GIT_AUTHOR_NAME: 'bench',
    GIT_AUTHOR_EMAIL: 'bench@example.invalid',
    GIT_COMMITTER_NAME: 'bench',
    GIT_COMMITTER_EMAIL: 'bench@example.invalid',
    GIT_AUTHOR_DATE: date,
    GIT_COMMITTER_DATE: date,
  };
}

/** Runs git in `cwd` and returns its stdout, trimmed. */
export function git(cwd, args, env) {
  return execFileSync('git', args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' }).trim();
}

/**
 * A git repository at `root` holding SHOP_FILES plus `extra`, in two commits (the second
 * edits cart.py and its test together: some history for co-change edges).
 */
export function makeGitRepo(root, env, extra = {}) {
  writeFiles(root, { ...SHOP_FILES, ...extra });
  git(root, ['init', '-q', '-b', 'main'], env);
  git(root, ['add', '-A'], env);
  git(root, ['commit', '-q', '-m', 'shop: cart and config'], env);
  writeFiles(root, {
    'src/shop/cart.py': SHOP_FILES['src/shop/cart.py'] + '\n    def clear(self):\n        self.items = []\n',
    'tests/test_cart.py': SHOP_FILES['tests/test_cart.py'] + '\n\ndef test_clear():\n    Cart("shop.json").clear()\n',
  });
  git(root, ['commit', '-q', '-am', 'cart: clear'], env);
  settle(root);
}

/** The loose object file of `oid` in the git directory `gitDir`. */
export function looseObject(gitDir, oid) {
  return join(gitDir, 'objects', oid.slice(0, 2), oid.slice(2));
}

/** A seeded random source (mulberry32): numbers in [0, 1), the same sequence for a seed. */
export function seeded(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}
