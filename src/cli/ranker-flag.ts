/** `--ranker`: one ranker for every task, as a `rank.ranker` override. */
import type { Ranker, Task } from '../index.js';
import { TASKS } from '../unstable.js';

export function everyTask(ranker: Ranker): Record<Task, Ranker> {
  return Object.fromEntries(TASKS.map((t) => [t, ranker])) as Record<Task, Ranker>;
}
