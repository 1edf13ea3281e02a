// Compares two details files row by row (on sample_id), timings left out: how many rows are
// byte-identical, differ, or are missing from either side, with the first differing ids.
// A refactoring meant to change no behaviour must report every row identical.
//
//   node bench/details-diff.mjs BEFORE.details.jsonl AFTER.details.jsonl
import { readFileSync } from 'node:fs';

const [before, after] = process.argv.slice(2);
if (!before || !after) {
  console.error('usage: node bench/details-diff.mjs BEFORE.details.jsonl AFTER.details.jsonl');
  process.exit(2);
}
/** sample_id → the row's JSON text without its timings. */
function rows(file) {
  const out = new Map();
  readFileSync(file, 'utf8')
    .split('\n')
    .forEach((line, i) => {
      if (line.trim() === '') return;
      let row;
      try {
        row = JSON.parse(line);
      } catch (error) {
        console.error(`${file}:${i + 1}: not JSON (${error.message})`);
        process.exit(2);
      }
      delete row.timing_ms;
      out.set(row.sample_id, JSON.stringify(row));
    });
  return out;
}
const a = rows(before);
const b = rows(after);
const differ = [...a].filter(([id, text]) => b.has(id) && b.get(id) !== text).map(([id]) => id);
const onlyBefore = [...a.keys()].filter((id) => !b.has(id));
const onlyAfter = [...b.keys()].filter((id) => !a.has(id));
const identical = a.size - differ.length - onlyBefore.length;
console.log(
  JSON.stringify({
    before: a.size,
    after: b.size,
    identical,
    differ: differ.length,
    onlyBefore: onlyBefore.length,
    onlyAfter: onlyAfter.length,
    firstDiffering: differ.slice(0, 5),
  }),
);
process.exit(differ.length + onlyBefore.length + onlyAfter.length > 0 ? 1 : 0);
