// The learned ranker's added cost on a warm rank: one index of FOLDER, a bug-report query
// ranked with the tuned and the learned ranker in alternating rounds of 15 (medians),
// in one process, so both pay the same machine load.
//
//   npm run build && node bench/learn/rank-cost.mjs FOLDER [ROUNDS]
import { buildIndex, loadCorpus } from '../../dist/src/index.js';

const [folder, rounds = '3'] = process.argv.slice(2);
if (!folder) {
  console.error('usage: node bench/learn/rank-cost.mjs FOLDER [ROUNDS]');
  process.exit(2);
}
const corpus = await loadCorpus({ folder });
const index = await buildIndex(corpus, { parseJobs: 1 });
const query =
  'Ranking a bug report is slow\n\nWhen an issue names `rankFiles` and the snapshot, the index update takes seconds and the pack budget is exceeded.';
const tuned = index.withOptions({ rank: { ranker: { issue2code: 'tuned' } } });
const learned = index.withOptions({ rank: { ranker: { issue2code: 'learned' } } });
for (const view of [tuned, learned]) view.rank(query, { top: 20 });
const median = (view) => {
  const ms = [];
  for (let k = 0; k < 15; k++) {
    const started = performance.now();
    view.rank(query, { top: 20 });
    ms.push(performance.now() - started);
  }
  return ms.sort((a, b) => a - b)[7];
};
const rows = [];
for (let r = 0; r < Number(rounds); r++) rows.push([median(tuned), median(learned)]);
console.log(`${corpus.files.length} files; warm rank median ms, tuned / learned / added, per round:`);
for (const [a, b] of rows) console.log(`  ${a.toFixed(1)} / ${b.toFixed(1)} / +${(b - a).toFixed(1)}`);
