import type { Query, Task } from '../types.js';
import { hasHunks, isUnifiedDiff } from './diff.js';
import { assertQuery, hasField, queryText } from './query.js';

/**
 * Which ARB query fields announce which task, checked in this order: a failure
 * signal beats an anchored edit, which beats a review comment, which beats a
 * change description.
 */
export const TASK_FIELDS: readonly (readonly [Task, readonly string[]])[] = [
  ['trace2code', ['raw_signal', 'trace_paths', 'test_names']],
  ['edit2ripple', ['anchor_file', 'anchor_diff']],
  ['comment2context', ['review_comment']],
  ['code2test', ['changed_file', 'changed_files', 'change_summary']],
];

/**
 * Lines that only a test run or a crash prints: a Python traceback header or
 * frame (a traceback pasted without its header, or under a shortened one, is
 * still one), a pytest/cargo/go/JUnit/GoogleTest/Unity failure line, a Rust panic, a
 * Java, Kotlin, .NET or JS stack frame (and .NET's `Unhandled exception.`), a gdb, lldb,
 * sanitizer or valgrind frame, a sanitizer's report, a Ruby backtrace line (`path:N:in 'm'`),
 * an RSpec rerun or Minitest failure line, a PHP error, a PHP stack frame (`#0 path.php(N): f()`)
 * or PHPUnit's failure count.
 */
const FAILURE_LINE =
  /^(?:Traceback \(most recent call last\):|\s*File "[^"\n]+", line \d+|FAILED \S+::\S+|E {3}\S|--- FAIL: \S+|thread '.*' panicked at |test \S+ \.\.\. FAILED|\s+at [\w$.<>]+\([\w$]+\.(?:java|kt|scala):\d+\)|\[(?:info|error)\]\s+(?:at [\w$.<>]+\([\w$]+\.scala:\d+\)|- .* \*\*\* FAILED \*\*\*)|==> X \S|(?:Fatal error|Precondition failed|Assertion failed)\b.*\.swift|\S+\.swift:\d+: (?:Fatal error|Precondition failed|error: -?\[?[\w.]+[ .]\w+\]? : )|Test Case '\S+(?: \w+\])?' failed|💣 Program crashed|\d+ (?:\[ra\] )?0x[0-9a-fA-F]+ .+ at \S+\.swift:\d+|\s+at \S+\(.*\) in .+:line \d+$|\s+at \d+ +\S+ +0x[0-9a-fA-F]+ +kfun:|Unhandled exception\. [\w.]+(?:Exception|Error)\b|\s+at .+:\d+:\d+\)?$|panic: |\s*#\d+ +0x[0-9a-fA-F]+ in \S|#\d+ +\S.*\) at \S+:\d+$|\s*\*? *frame #\d+: 0x[0-9a-fA-F]+ |==\d+== *(?:ERROR: \w+Sanitizer|\s+at 0x[0-9A-Fa-f]+: )|\[ +FAILED +\] \w|\S+\.\w+:\d+:\w+:FAIL\b|(?:\s*(?:from|#) +)?\S+:\d+:in [`'][^'\n]+'|rspec \S+_spec\.rb:\d+|\s*[\w:]+#test_\w+ \[\S+\.rb:\d+\]|(?:PHP )?(?:Fatal error|Parse error|Warning|Notice|Deprecated): .* in \S+\.php(?::\d+| on line \d+)$|\s*(?:PHP +)?#\d+ \S+\.php\(\d+\): |There (?:was|were) \d+ (?:failure|error)s?:$)/m;

/** Markdown that a bug report has and a raw failure log does not: a code fence, a heading (Minitest's `# Running:` is none). */
const MARKDOWN = /^ {0,3}(?:`{3,}|~{3,}|#{1,6} (?!Running:$)\S)/m;

/**
 * The task of a query from the ARB fields it carries. Plain text (a string, or
 * an object with only free text) that holds a failure — a traceback, a failed
 * test line, a panic, stack frames — is `trace2code`, unless it is markdown (a
 * report with a fenced block or headings, where the failure is one part of an issue); a unified diff (`git diff`,
 * `git show`: a commit's header and message may come first) is an edit, `edit2ripple`; other text with diff hunks is
 * `generic`, as is a query with no text; other text (prose: a bug report, a feature request) is `issue2code`.
 * (`abstention` is never inferred: such a query looks like any other.)
 */
export function inferTask(query: Query): Task {
  assertQuery(query);
  if (typeof query !== 'string') {
    for (const [task, fields] of TASK_FIELDS) {
      if (fields.some((field) => hasField(query, field))) return task;
    }
  }
  const text = queryText(query);
  // a diff is an edit, whatever lines its hunks hold (a test's expected traceback)
  if (isUnifiedDiff(text)) return 'edit2ripple';
  // a failure pasted into a markdown report (fenced, under headings) is part of an issue
  if (FAILURE_LINE.test(text) && !MARKDOWN.test(text)) return 'trace2code';
  return text.trim() === '' || hasHunks(text) ? 'generic' : 'issue2code';
}
