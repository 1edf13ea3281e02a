import type { Query, Task } from '../types.js';
import { hasHunks, isUnifiedDiff } from './diff.js';
import { FRAME_FORMATS } from './frame-formats/index.js';
import { assertQuery, hasField, queryText } from './query.js';
import { FAILING_TEST_LINES } from './test-names.js';

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
 * A line that only a test run or a crash prints, at the start of a line of the text: one of
 * a frame format's failure lines (a Python traceback's header or frame, a Rust panic, a JVM,
 * .NET, JS or native frame, a sanitizer's report, a Ruby backtrace line, a PHP error, …)
 * or a failed test's line (pytest, go test, cargo, GoogleTest).
 */
const FAILURE_LINE = new RegExp(
  `^(?:${[...FRAME_FORMATS.flatMap((f) => f.failureLines ?? []), ...FAILING_TEST_LINES].map((re) => re.source).join('|')})`,
  'm',
);

/** Markdown that a bug report has and a raw failure log does not: a code fence, a heading (Minitest's `# Running:` is none). */
const MARKDOWN = /^ {0,3}(?:`{3,}|~{3,}|#{1,6} (?!Running:$)\S)/m;

/**
 * The task of a query from the ARB fields it carries. Plain text (a string, or an object
 * with only free text) that is a unified diff (`git diff`; `git show`, whose commit header
 * and message come first) is an edit, `edit2ripple`; text that holds a failure (a traceback,
 * a failed test line, a panic, stack frames: `FAILURE_LINE`) is `trace2code`, unless it is
 * markdown (a report with a fenced block or headings, where the failure is one part of an
 * issue); other text with diff hunks is `generic`, as is a query with no text; other text
 * (prose: a bug report, a feature request) is `issue2code`. (`abstention` is never
 * inferred: such a query looks like any other.)
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
