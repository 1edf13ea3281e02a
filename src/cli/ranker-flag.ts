/** `--ranker`: one ranker for every task, as a `rank.ranker` override. */
import { TASKS, type Ranker, type Task } from '../types.js';

export function everyTask(ranker: Ranker): Record<Task, Ranker> {
  return Object.fromEntries(TASKS.map((t) => [t, ranker])) as Record<Task, Ranker>;
}
