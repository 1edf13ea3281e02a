import type { Query, Task } from '../types.js';
import { assertQuery, hasField } from './query.js';

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
 * The task of a query from the ARB fields it carries; a string, or an object
 * with only free text, is `generic`. (`abstention` is never inferred: such a
 * query looks like any other.)
 */
export function inferTask(query: Query): Task {
  assertQuery(query);
  for (const [task, fields] of TASK_FIELDS) {
    if (fields.some((field) => hasField(query, field))) return task;
  }
  return 'generic';
}
