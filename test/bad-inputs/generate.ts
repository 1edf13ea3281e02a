/**
 * A corpus of bad inputs, written at test time (nothing of it is committed): the shapes
 * of the issue 19 probe — binary, huge and minified files, invalid and unusual
 * encodings, odd names, symlinks, FIFOs and sockets, pathological .gitignore files,
 * nesting deep enough to stall a parser, syntax tree-sitter cannot parse, nested
 * repositories, vendored folders and many tiny files — each with the outcome the corpus
 * and tags stages must give it.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { dirname, join } from 'node:path';
import type { DiagnosticCode } from '../../src/types.js';
import { chainedJavaCalls, nestedPythonCalls, nestedTsObjects, wrap } from './sources.js';

/**
 * What must become of an input file: a node with no diagnostic, a node with one
 * diagnostic code, left out with one, or left out by a rule that counts without naming
 * each file (gitignored; under a vendored folder, named once per folder).
 */
export type Outcome =
  | { kind: 'node' }
  | { kind: 'node-with'; code: DiagnosticCode }
  | { kind: 'skipped'; code: DiagnosticCode }
  | { kind: 'ignored' }
  | { kind: 'vendored' };

export interface BadInput {
  /** Group of the probe's table. */
  category: string;
  /** Repo-relative path as the corpus names it (a name that is not UTF-8: as Node decodes it). */
  path: string;
  /** Its bytes; or how to make it (a FIFO, a socket, a symlink). */
  content: string | Buffer | { fifo: true } | { socket: true } | { symlink: string };
  /** The path's bytes when they are not its UTF-8 encoding. */
  rawPath?: Buffer;
  /** Outcome in folder mode; in git mode too unless `git` says otherwise (null: git cannot hold it). */
  folder: Outcome;
  git?: Outcome | null;
}

const node: Outcome = { kind: 'node' };
const nodeWith = (code: DiagnosticCode): Outcome => ({ kind: 'node-with', code });
const skipped = (code: DiagnosticCode): Outcome => ({ kind: 'skipped', code });

const MIB = 1024 * 1024;

/** A deterministic byte stream (a linear congruential generator), so every run writes the same corpus. */
function randomBytes(seed: number, length: number): Buffer {
  const out = Buffer.alloc(length);
  let state = seed;
  for (let i = 0; i < length; i++) {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    out[i] = state >> 16;
  }
  return out;
}

function cases(): BadInput[] {
  const list: BadInput[] = [];
  const add = (
    category: string,
    path: string,
    content: BadInput['content'],
    folder: Outcome,
    git?: Outcome | null,
    rawPath?: Buffer,
  ) =>
    list.push({
      category,
      path,
      content,
      folder,
      ...(git !== undefined ? { git } : {}),
      ...(rawPath ? { rawPath } : {}),
    });

  // binary
  add(
    'binary',
    'bin/logo.png',
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]),
    skipped('skipped-binary'),
  );
  add(
    'binary',
    'bin/app.elf',
    Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), randomBytes(1, 4096)]),
    skipped('skipped-binary'),
  );
  add(
    'binary',
    'bin/nul-late.py',
    Buffer.concat([Buffer.from('x = 1\n'.repeat(1300)), Buffer.from([0]), Buffer.from('y = 2\n')]),
    skipped('skipped-binary'),
  );
  add(
    'binary',
    'bin/nul-after-sniff.txt',
    Buffer.concat([Buffer.from('a'.repeat(9000) + '\n'), Buffer.from([0]), Buffer.from('\n')]),
    node,
  );
  for (let seed = 1; seed <= 6; seed++)
    add('binary', `bin/random-${seed}.dat`, randomBytes(seed * 7919, 2048 + seed * 97), skipped('skipped-binary'));
  add('binary', 'bin/utf32.py', Buffer.from([0xff, 0xfe, 0, 0, 0x78, 0, 0, 0]), skipped('skipped-binary'));

  // huge and minified
  add('huge', 'huge/at-limit.txt', 'word '.repeat(MIB / 5 - 1) + '\n', node);
  add('huge', 'huge/over-limit.py', 'x = 1\n'.repeat(MIB / 6) + 'y = 22\n', skipped('skipped-too-large'));
  add('huge', 'huge/three-mib.log', 'line\n'.repeat((3 * MIB) / 5), skipped('skipped-too-large'));
  add(
    'huge',
    'huge/bundle.js',
    'var a=1;' + Array.from({ length: 600 }, (_, i) => `function f${i}(x){return x+${i}}`).join(';'),
    skipped('skipped-minified'),
  );
  add('huge', 'huge/lib.min.js', 'function a(){}\n', skipped('skipped-minified'));
  add('huge', 'huge/styles.css', '.a{color:red}'.repeat(500), skipped('skipped-minified'));
  add('huge', 'huge/one-paragraph.md', 'prose '.repeat(2000) + '\n', node);

  // encodings
  add(
    'encoding',
    'enc/latin1.py',
    Buffer.concat([Buffer.from('# caf'), Buffer.from([0xe9]), Buffer.from('\ndef latin():\n    return 1\n')]),
    nodeWith('invalid-utf8'),
  );
  add(
    'encoding',
    'enc/overlong.py',
    Buffer.concat([Buffer.from('s = "'), Buffer.from([0xc0, 0xaf]), Buffer.from('"\n')]),
    nodeWith('invalid-utf8'),
  );
  add(
    'encoding',
    'enc/lone-continuation.ts',
    Buffer.concat([Buffer.from('const s = "'), Buffer.from([0x80, 0xbf]), Buffer.from('";\n')]),
    nodeWith('invalid-utf8'),
  );
  add(
    'encoding',
    'enc/truncated.go',
    Buffer.concat([Buffer.from('package enc\n// '), Buffer.from([0xe2, 0x82])]),
    nodeWith('invalid-utf8'),
  );
  add(
    'encoding',
    'enc/cesu.rs',
    Buffer.concat([
      Buffer.from('// '),
      Buffer.from([0xed, 0xa0, 0xbd, 0xed, 0xb8, 0x80]),
      Buffer.from('\nfn cesu() {}\n'),
    ]),
    nodeWith('invalid-utf8'),
  );
  add(
    'encoding',
    'enc/bom.py',
    Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('def bom():\n    return 1\n')]),
    node,
  );
  const utf16 = 'def utf16_helper():\n    return "é"\n';
  add(
    'encoding',
    'enc/utf16le.py',
    Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(utf16, 'utf16le')]),
    nodeWith('decoded-utf16'),
  );
  add(
    'encoding',
    'enc/utf16be.py',
    Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(utf16, 'utf16le').swap16()]),
    nodeWith('decoded-utf16'),
  );
  add('encoding', 'enc/crlf.java', 'class Crlf {\r\n  void m() {}\r\n}\r\n', node);
  add('encoding', 'enc/cr-only.js', 'function cr() {}\rfunction cr2() {}\r', node);
  add('encoding', 'enc/only-bom.py', Buffer.from([0xef, 0xbb, 0xbf]), node);

  // names
  const names = [
    'names/with space.py',
    'names/new\nline.py',
    'names/tab\there.py',
    'names/carriage\rreturn.py',
    'names/-rf.py',
    'names/#hash%percent.py',
    'names/back\\slash.py',
    'names/"quoted" \'name\'.py',
    'names/emoji-😀.py',
    'names/nfc-é.py',
    'names/nfd-e\u0301.py',
    'names/rtl-\u202egpj.py',
    'names/literal-\uFFFD.py',
    'names/..dots.py',
    'names/.hidden.py',
    `names/${'n'.repeat(240)}.py`,
    `names/${Array.from({ length: 60 }, (_, i) => `d${i}`).join('/')}/deep.py`,
  ];
  names.forEach((path, i) => add('names', path, `def name_${i}():\n    return ${i}\n`, node));
  add(
    'names',
    'names/caf\uFFFD.py',
    'def latin_name():\n    return 1\n',
    skipped('skipped-unrepresentable-name'),
    undefined,
    Buffer.from([...Buffer.from('names/caf'), 0xe9, ...Buffer.from('.py')]),
  );
  add(
    'names',
    'names/d\uFFFDr/in.py',
    'x = 1\n',
    skipped('skipped-unrepresentable-name'),
    skipped('skipped-unrepresentable-name'),
    Buffer.from([...Buffer.from('names/d'), 0xe9, ...Buffer.from('r/in.py')]),
  );

  // special entries (git holds symlinks as links; FIFOs and sockets not at all)
  add('special', 'special/pipe', { fifo: true }, skipped('skipped-special'), null);
  add('special', 'special/socket', { socket: true }, skipped('skipped-special'), null);
  add('special', 'special/link-to-file.py', { symlink: '../names/-rf.py' }, skipped('skipped-symlink'));
  add('special', 'special/link-to-dir', { symlink: '../enc' }, skipped('skipped-symlink'));
  add('special', 'special/dangling.py', { symlink: 'nowhere.py' }, skipped('skipped-symlink'));
  add('special', 'special/loop', { symlink: 'loop' }, skipped('skipped-symlink'));
  add('special', 'special/outside', { symlink: '/etc/passwd' }, skipped('skipped-symlink'));

  // .gitignore files that are odd or hostile (git mode: what they ignore is never committed)
  add('gitignore', 'ign/.gitignore', '*\n!*/\n!*.py\n!.gitignore\n', node);
  add('gitignore', 'ign/kept.py', 'x = 1\n', node);
  add('gitignore', 'ign/dropped.txt', 'ignored\n', { kind: 'ignored' }, null);
  add(
    'gitignore',
    'ign2/.gitignore',
    Array.from({ length: 5000 }, (_, i) => `pattern-${i}-*.tmp`).join('\n') + '\n[\n\\\n**/**/**/*.cache\n!\n#\n',
    node,
  );
  add('gitignore', 'ign2/a.cache', 'x\n', { kind: 'ignored' }, null);
  add('gitignore', 'ign2/kept.py', 'x = 1\n', node);
  add(
    'gitignore',
    'ign3/.gitignore',
    Buffer.from([0, 1, 2, 0xff, 0x0a, 0x2a, 0x2e, 0x6c, 0x6f, 0x67, 0x0a]),
    skipped('skipped-binary'),
  );
  add('gitignore', 'ign3/app.log', 'x\n', { kind: 'ignored' }, null);
  add('gitignore', 'ign4/.gitignore', '*.py\r\n', node);
  add('gitignore', 'ign4/crlf.py', 'x = 1\n', { kind: 'ignored' }, null);

  // nesting: the tags budget
  add('nesting', 'deep/Chain.java', chainedJavaCalls(40_000), nodeWith('too-complex'));
  add('nesting', 'deep/ShortChain.java', chainedJavaCalls(2_000), nodeWith('too-complex'));
  add('nesting', 'deep/calls.py', nestedPythonCalls(50_000), nodeWith('too-complex'));
  add('nesting', 'deep/objects.ts', nestedTsObjects(50_000), nodeWith('too-complex'));
  add('nesting', 'deep/arrays.js', `module.exports = ${wrap('['.repeat(3000) + '1' + ']'.repeat(3000))};\n`, node);
  const terms = Array.from({ length: 3000 }, (_, i) => String(i));
  const sum = Array.from({ length: 150 }, (_, line) => terms.slice(line * 20, line * 20 + 20).join(' + ')).join(' +\n');
  add('nesting', 'deep/sum.rs', `fn sum() -> i32 {\n${sum}\n}\n`, node);

  // syntax a parser cannot make sense of (kept as nodes, named)
  add('syntax', 'syntax/garbage.py', ')))(((:: @@ !! ]]\n\t\t}{\n', nodeWith('parse-error'));
  add('syntax', 'syntax/unbalanced.js', wrap('{'.repeat(5000)), nodeWith('parse-error'));
  add('syntax', 'syntax/unterminated.go', 'package syntax\n\nvar s = "never closed\n', nodeWith('parse-error'));
  add('syntax', 'syntax/half.rs', 'fn half( {\n', nodeWith('parse-error'));
  add('syntax', 'syntax/Broken.java', 'class Broken { void m( }\n', nodeWith('parse-error'));
  add('syntax', 'syntax/broken.tsx', 'export const A = () => <div><span></div>;\n', nodeWith('parse-error'));
  add('syntax', 'syntax/empty.py', '', node);
  add('syntax', 'syntax/blank-lines.ts', '\n'.repeat(10_000), node);
  add('syntax', 'syntax/whitespace.go', ' \t \n'.repeat(100), node);

  // a nested repository (folder mode: a folder holding its own .git; git mode: the gitlink `git add` makes of it)
  add('nested-repo', 'vendor-repo/lib.py', 'def lib():\n    return 1\n', skipped('skipped-submodule'));

  // vendored folders
  for (let i = 0; i < 5; i++)
    add('vendored', `node_modules/pkg/file${i}.js`, `module.exports = ${i};\n`, { kind: 'vendored' });
  add('vendored', 'src/vendor/copy.go', 'package vendor\n', { kind: 'vendored' });

  // many tiny files
  for (let i = 0; i < 1000; i++) add('many files', `many/d${i % 50}/f${i}.py`, `def f${i}():\n    return ${i}\n`, node);
  return list;
}

export interface BadInputCorpus {
  inputs: BadInput[];
  /** The folder holding them (a folder corpus). */
  folder: string;
  /** A git repository holding what git can hold of them, committed. */
  gitDir: string;
  commit: string;
  /** Closes the sockets' servers (a socket file lives while its server listens). */
  close(): Promise<void>;
}

/** Writes the corpus under `root` (a folder, and a git repository of the same files). */
export async function writeBadInputs(root: string): Promise<BadInputCorpus> {
  const inputs = cases();
  const servers: Server[] = [];
  const folder = join(root, 'folder');
  const gitDir = join(root, 'git');
  for (const target of [folder, gitDir]) {
    for (const input of inputs) {
      if (target === gitDir && input.git === null) continue;
      let at: string | Buffer = join(target, input.path);
      let parent: string | Buffer = dirname(at);
      if (input.rawPath) {
        at = Buffer.concat([Buffer.from(target + '/'), input.rawPath]);
        parent = at.subarray(0, at.lastIndexOf(0x2f));
      }
      mkdirSync(parent, { recursive: true });
      const { content } = input;
      if (typeof content === 'string' || Buffer.isBuffer(content)) writeFileSync(at, content);
      else if ('fifo' in content) execFileSync('mkfifo', [at as string]);
      else if ('socket' in content) {
        const server = createServer();
        servers.push(server);
        await new Promise<void>((resolve) => server.listen(at as string, resolve));
      } else symlinkSync(content.symlink, at);
    }
    // the nested repository: a folder with its own .git and a commit
    git(join(target, 'vendor-repo'), 'init', '-q');
    git(join(target, 'vendor-repo'), 'add', '-A');
    git(join(target, 'vendor-repo'), 'commit', '-q', '-m', 'nested');
  }
  git(gitDir, 'init', '-q');
  git(gitDir, 'add', '-A');
  git(gitDir, 'commit', '-q', '-m', 'bad inputs');
  const close = async () => {
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  };
  return { inputs, folder, gitDir, commit: git(gitDir, 'rev-parse', 'HEAD'), close };
}

function git(cwd: string, ...args: string[]): string {
  return execFileSync(
    'git',
    [
      '-c',
      'user.name=t',
      '-c',
      'user.email=t@t',
      '-c',
      'commit.gpgsign=false',
      '-c',
      'init.defaultBranch=main',
      '-c',
      'core.quotePath=false',
      ...args,
    ],
    {
      cwd,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        GIT_CONFIG_NOSYSTEM: '1',
        GIT_AUTHOR_DATE: '2024-01-01T00:00:00Z',
        GIT_COMMITTER_DATE: '2024-01-01T00:00:00Z',
      },
    },
  ).trim();
}
