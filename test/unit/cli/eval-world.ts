/**
 * A tiny world of git repositories for the eval commands' tests, built in a temp folder:
 * two snapshots of a Python repository (mirror layout `owner+name/repo`), a bare Go
 * repository (`owner/name`), and samples that hit every per-sample error path.
 */
import { unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CliIo } from '../../../src/cli/io.js';
import { commitAll, git, initRepo, makeTemp, removeTemp, writeFiles } from '../corpus/helpers.js';

export interface EvalWorld {
  dir: string;
  reposDir: string;
  /** alpha's two commits and beta's one. */
  alpha1: string;
  alpha2: string;
  beta1: string;
  /** Files in alpha at its first commit (every file is a corpus file). */
  alphaFiles: number;
  betaFiles: number;
  samplesFile: string;
  /** Sample ids in file order. */
  ids: string[];
  cleanup(): void;
}

export function alphaFiles(): Record<string, string> {
  const files: Record<string, string> = {
    'pkg/__init__.py': '"""The alpha package."""\n',
    'README.md': '# alpha\n\nA package of small modules.\n',
    'setup.cfg': '[metadata]\nname = alpha\n',
  };
  for (let i = 0; i < 12; i++) {
    const dep = i > 0 ? `from pkg.mod_${i - 1} import func_${i - 1}\n\n` : '';
    const call = i > 0 ? `    return func_${i - 1}(x) + ${i}\n` : '    return x\n';
    files[`pkg/mod_${i}.py`] = `${dep}def func_${i}(x):\n    """Step ${i} of the rounding pipeline."""\n${call}`;
  }
  for (let i = 0; i < 8; i++) {
    files[`tests/test_mod_${i}.py`] =
      `from pkg.mod_${i} import func_${i}\n\n\ndef test_func_${i}():\n    assert func_${i}(1) >= 1\n`;
  }
  return files;
}

export const BETA_FILES: Record<string, string> = {
  'main.go': 'package main\n\nfunc main() { Serve() }\n',
  'server.go': 'package main\n\n// Serve starts the HTTP server.\nfunc Serve() { route() }\n',
  'router.go': 'package main\n\nfunc route() {}\n',
  'router_test.go': 'package main\n\nimport "testing"\n\nfunc TestRoute(t *testing.T) { route() }\n',
  'go.mod': 'module example.com/beta\n\ngo 1.22\n',
};

/** Builds the repositories and the samples file under a fresh temp folder. */
export function makeEvalWorld(): EvalWorld {
  const dir = makeTemp('repomap-eval-');
  const reposDir = join(dir, 'repos');
  // alpha: the mirror layout owner+name/repo (a working repository).
  const alpha = initRepo(join(reposDir, 'acme+alpha'), 'repo');
  const files = alphaFiles();
  writeFiles(alpha, files);
  const alpha1 = commitAll(alpha, 'first');
  writeFiles(alpha, {
    'pkg/mod_3.py': files['pkg/mod_3.py']!.replace('+ 3', '+ 3.5'),
    'pkg/extra.py': 'def extra():\n    return 42\n',
  });
  // a removed file without tags: the second snapshot's index is built from the first's
  unlinkSync(join(alpha, 'setup.cfg'));
  const alpha2 = commitAll(alpha, 'second');
  // beta: owner/name, as a bare clone.
  const betaWork = initRepo(dir, 'beta-work');
  writeFiles(betaWork, BETA_FILES);
  const beta1 = commitAll(betaWork, 'beta');
  git(dir, 'clone', '-q', '--bare', betaWork, join(reposDir, 'acme', 'beta'));

  const missingCommit = 'f'.repeat(40);
  const samples = [
    {
      id: 's1',
      repo: 'acme/alpha',
      base_commit: alpha1,
      task_type: 'code2test',
      query: {
        pr_title: 'Fix rounding in func_3',
        pr_body: 'func_3 rounds twice.',
        changed_files: ['pkg/mod_3.py'],
        change_summary: ['func_3'],
      },
      gold: { related_tests: ['tests/test_mod_3.py'] },
      metadata: { language: 'python' },
      extra_field: 'kept',
    },
    {
      id: 's2',
      repo: 'acme/beta',
      base_commit: beta1,
      task_type: 'edit2ripple',
      query: {
        intent: 'Route before serving',
        anchor_file: 'server.go',
        anchor_diff: '@@ -3 +3 @@ func Serve\n-func Serve() {}\n+func Serve() { route() }\n',
      },
      gold: { files: ['router.go', 'router_test.go'], given_files: ['server.go'] },
      metadata: { language: 'go' },
    },
    {
      id: 's3',
      repo: 'acme/alpha',
      base_commit: alpha2,
      task_type: 'trace2code',
      query: {
        raw_signal:
          'Traceback (most recent call last):\n  File "/home/x/alpha/tests/test_mod_5.py", line 5, in test_func_5\n  File "/home/x/alpha/pkg/mod_4.py", line 4, in func_4\nAssertionError',
        trace_paths: ['tests/test_mod_5.py'],
      },
      gold: { root_cause_files: ['pkg/mod_4.py'] },
      metadata: { language: 'python' },
    },
    {
      id: 's4',
      repo: 'acme/alpha',
      base_commit: alpha1,
      task_type: 'mystery',
      query: { text: 'where is func_7 defined' },
      gold: { files: ['pkg/mod_7.py'] },
    },
    {
      id: 's5',
      repo: 'acme/alpha',
      base_commit: alpha2,
      task_type: 'code2test',
      query: {},
      gold: { related_tests: ['tests/test_mod_1.py'] },
    },
    {
      id: 's6',
      repo: 'acme/gone',
      base_commit: alpha1,
      task_type: 'code2test',
      query: { pr_title: 'x' },
      gold: { related_tests: ['a.py'] },
    },
    {
      id: 's7',
      repo: 'acme/alpha',
      base_commit: missingCommit,
      task_type: 'code2test',
      query: { pr_title: 'y' },
      gold: { related_tests: ['tests/test_mod_1.py'] },
    },
    {
      id: 's8',
      repo: 'acme/beta',
      base_commit: beta1,
      task_type: 'abstention',
      query: { text: 'the tokenizer drops unicode escapes in the YAML loader' },
      gold: { no_gold: true },
    },
    {
      id: 's9',
      repo: 'acme/alpha',
      base_commit: alpha1,
      task_type: 'code2test',
      query: { pr_title: 'Speed up func_9', changed_files: ['pkg/mod_9.py'], change_summary: ['func_9'] },
      gold: { related_tests: ['tests/test_mod_7.py'] },
    },
  ];
  const samplesFile = join(dir, 'samples.jsonl');
  writeFileSync(samplesFile, samples.map((s) => JSON.stringify(s)).join('\n') + '\n');
  return {
    dir,
    reposDir,
    alpha1,
    alpha2,
    beta1,
    alphaFiles: Object.keys(files).length,
    betaFiles: Object.keys(BETA_FILES).length,
    samplesFile,
    ids: samples.map((s) => s.id),
    cleanup: () => removeTemp(dir),
  };
}

/** Fake CLI streams that record what was written. */
export function fakeIo(cwd: string, tty = false): CliIo & { out: () => string; err: () => string } {
  let out = '';
  let err = '';
  return {
    cwd,
    stdout: { write: (s: string) => (out += s), isTTY: false },
    stderr: { write: (s: string) => (err += s), isTTY: tty },
    out: () => out,
    err: () => err,
  };
}
