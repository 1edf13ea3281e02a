// SCALE.md and scale.svg from the scale curve's results (scale.mjs): the corpora, cold and
// warm `rank` per point with ratios to the same-run I/O floor and universal-ctags, and the
// growth between points (time per 1k files, and the local exponent: 1 is linear in files).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { scaleSvg } from './scale-svg.mjs';
import { median, percentile } from './summary.mjs';

/** A growth exponent at most this counts as "no worse than linear" (noise of a shared machine). */
export const LINEAR_TOLERANCE = 1.1;

export function writeScaleReport(results, outDir) {
  writeFileSync(join(outDir, 'SCALE.md'), scaleMarkdown(results));
  writeFileSync(
    join(outDir, 'scale.svg'),
    scaleSvg(plotPanels(results.points), { title: 'repomap rank: scale curve (bench/perf/scale.mjs)' }),
  );
}

/** log(y2 / y1) / log(x2 / x1): 1 when y grows as x does, 2 when as its square. */
export function growthExponent([x1, y1], [x2, y2]) {
  if (!(x1 > 0 && x2 > 0 && y1 > 0 && y2 > 0) || x1 === x2) return null;
  return Math.log(y2 / y1) / Math.log(x2 / x1);
}

/** The I/O floor and ctags of the run that measured a point's cold row (a carried row keeps its own). */
const coldFloor = (p) => p.cold.floorMs ?? p.floor.totalMs;
const coldCtags = (p) => p.cold.ctagsMs ?? p.ctags.wallMs;

/** Files a point holds on disk (the floor's count of regular files). */
const filesOf = (p) => p.floor.files;
const warmOf = (p, key) => median(p.warm.map((w) => w[key]));

function plotPanels(points) {
  const series = (name, value, extra = {}) => ({ name, points: points.map((p) => [filesOf(p), value(p)]), ...extra });
  const tenK = points.find((p) => filesOf(p) >= 5000) ?? points.at(-1);
  return [
    {
      title: 'Cold index (empty store)',
      yLabel: 'seconds',
      series: [
        series('cold rank, wall', (p) => p.cold.wallMs / 1000),
        series('cold rank, CPU (user+sys)', (p) => p.cold.cpuMs / 1000),
        series('universal-ctags, wall', (p) => coldCtags(p) / 1000),
        series('I/O floor (read every file)', (p) => coldFloor(p) / 1000),
      ],
      reference: tenK
        ? { through: [filesOf(tenK), tenK.cold.wallMs / 1000], label: 'linear in files (through the cold wall)' }
        : undefined,
    },
    {
      title: 'Warm rank (nothing changed), p50',
      yLabel: 'seconds',
      series: [
        series('warm rank, wall', (p) => warmOf(p, 'wallMs') / 1000),
        series('warm rank, CPU (user+sys)', (p) => warmOf(p, 'cpuMs') / 1000),
      ],
      reference: tenK
        ? { through: [filesOf(tenK), warmOf(tenK, 'wallMs') / 1000], label: 'linear in files (through the warm wall)' }
        : undefined,
    },
    {
      title: 'Memory and store',
      yLabel: 'MB',
      series: [
        series('peak RSS, cold', (p) => p.cold.maxRssMb),
        series('peak RSS, warm (p50)', (p) => warmOf(p, 'maxRssMb')),
        series('store on disk after cold', (p) => p.cold.storeMb),
      ],
      reference: tenK
        ? { through: [filesOf(tenK), tenK.cold.storeMb], label: 'linear in files (through the store)' }
        : undefined,
    },
  ];
}

function scaleMarkdown({ runs, points }) {
  const run = runs[0];
  const L = ['# Scale curve (issue 22): `repomap rank` from 1k to 100k files', ''];
  L.push(`- Command: \`${run.command}\`${run.machine.niceness ? ` (niceness ${run.machine.niceness})` : ''}`);
  L.push(
    `- Commit: \`${run.commit}\`${run.dirty ? ' (src/ or bin/ had uncommitted changes)' : ''}; date ${run.date}; run took ${run.wallSeconds.toFixed(0)} s`,
  );
  for (const r of runs.slice(1))
    L.push(
      `- Earlier run in this table: \`${r.command}\`${r.machine.niceness ? ` (niceness ${r.machine.niceness})` : ''}, commit \`${r.commit.slice(0, 7)}\`, ${r.date}, ${r.wallSeconds.toFixed(0)} s`,
    );
  L.push(
    `- Machine: ${run.machine.nproc} cores (${run.machine.cpu}), node ${run.machine.node}, ${run.machine.totalMemGb.toFixed(0)} GB; ${run.machine.ctags}`,
  );
  L.push(`- \`uptime\` at start: \`${run.machine.uptimeAtStart}\`; at end: \`${run.machine.uptimeAtEnd}\``);
  const carried = points.filter((p) => p.carried || p.cold.carriedFrom);
  if (carried.length)
    L.push(
      `- Carried over from earlier runs: ${carried.map((p) => (p.carried ? `${label(p)} (whole row, commit ${p.commit.slice(0, 7)}, ${p.date})` : `${label(p)} cold (commit ${p.cold.carriedFrom.commit.slice(0, 7)}, ${p.cold.carriedFrom.date})`)).join('; ')}`,
    );
  L.push(
    '- Each measurement is a fresh process; the OS page cache is warm for all alike. Cold: `repomap rank --repo FOLDER --cache STORE --query-file Q --top 20 --format json -q` with an empty STORE; warm: the same with the next queries, nothing changed. CPU is user + system time of the process (all threads), peak RSS its max resident set (`/usr/bin/time`). The I/O floor walks the folder and reads every file (bench/perf/child.mjs); ctags is `ctags -R --fields=+n --links=no -f /dev/null .` in the folder.',
    '- Corpora: unions of whole repository trees from the mirrors, at the sample sets\' base commits (dev and issue sets): every repository\'s newest base commit first, smallest trees first, then its oldest base commit (round 1), then one from the middle (round 2). Rounds past 0 are **older snapshots of repositories already in the union, in sub-folders of their own**: the newest trees of all 42 repositories hold about 40k files together, so the 50k and 100k points repeat repositories at other commits. "Distinct contents" counts the different blobs (identical files in two snapshots count once).',
  );
  const skipped = points.flatMap((p) => (p.skippedMissingBlobs ?? []).map((path) => `${label(p)}: ${path}`));
  if (skipped.length)
    L.push(
      `- Left out because the mirrors lack their blobs (the mirrors keep no copy of some of their largest files): ${skipped.join(', ')}`,
    );
  L.push('');

  L.push(
    '## Corpora',
    '',
    '| point | trees | repositories | tree files | files on disk | MB on disk | distinct contents | rounds |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
  );
  for (const p of points) {
    const rounds = [...new Set(p.members.map((m) => m.round))]
      .sort()
      .map((r) => `${r}: ${p.members.filter((m) => m.round === r).length}`)
      .join(', ');
    L.push(
      `| ${label(p)} | ${p.members.length} | ${p.repositories} | ${p.treeFiles} | ${p.floor.files} | ${(p.floor.bytes / 2 ** 20).toFixed(0)} | ${p.distinctContents} | ${rounds} |`,
    );
  }

  L.push(
    '',
    '## Cold index (empty store), one run per point',
    '',
    '| point | files | wall | CPU | **s per 1k files** | peak RSS | store on disk | I/O floor | ctags | wall / floor | wall / ctags | CLI index / rank |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
  );
  for (const p of points) {
    const c = p.cold;
    L.push(
      `| ${label(p)} | ${filesOf(p)} | ${s(c.wallMs)} | ${s(c.cpuMs)} | **${(c.wallMs / 1000 / (filesOf(p) / 1000)).toFixed(3)}** | ${mb(c.maxRssMb)} | ${mb(c.storeMb)} | ${s(coldFloor(p))} | ${s(coldCtags(p))} | ${ratio(c.wallMs, coldFloor(p))} | ${ratio(c.wallMs, coldCtags(p))} | ${cli(c.cliTimingMs)} |`,
    );
  }

  L.push(
    '',
    `## Warm rank (fresh process, nothing changed since the cold run), medians of ${run.warmRuns} runs with different queries`,
    '',
    '| point | files | runs | **wall p50** | wall min–max | CPU p50 | peak RSS p50 | store after | wall / floor | wall / ctags | CLI index / rank p50 |',
    '| --- | ---: | ---: | ---: | --- | ---: | ---: | ---: | ---: | ---: | --- |',
  );
  for (const p of points) {
    const w = p.warm;
    const walls = w.map((x) => x.wallMs);
    const cliP50 = {
      index: median(w.map((x) => x.cliTimingMs?.index ?? null)),
      rank: median(w.map((x) => x.cliTimingMs?.rank ?? null)),
    };
    L.push(
      `| ${label(p)} | ${filesOf(p)} | ${w.length} | **${s(warmOf(p, 'wallMs'))}** | ${s(Math.min(...walls))}–${s(Math.max(...walls))} | ${s(warmOf(p, 'cpuMs'))} | ${mb(warmOf(p, 'maxRssMb'))} | ${mb(p.storeMbAfterWarm)} | ${ratio(warmOf(p, 'wallMs'), p.floor.totalMs)} | ${ratio(warmOf(p, 'wallMs'), p.ctags.wallMs)} | ${cli(cliP50)} |`,
    );
  }

  const withHeld = points.filter((p) => p.held?.length);
  if (withHeld.length) {
    L.push(
      '',
      '## Rank with the index held in memory (`repomap daemon` serving)',
      '',
      "The warm queries again, after one command that loaded the index into a daemon of the bench's own: the rank step the daemon reports (`timing_ms.rank`: cues, seeds, PageRank, scores, the first 20 files ordered, spans and functions) and the wall of the client process, which adds its start-up, the daemon's check of the folder's stamps and the answer's way back.",
      '',
      '| point | files | commands | **rank step p50** | rank step p90 | client wall p50 | client wall p90 |',
      '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
    );
    for (const p of withHeld) {
      const ranks = p.held.map((h) => h.rankMs);
      const walls = p.held.map((h) => h.wallMs);
      L.push(
        `| ${label(p)} | ${filesOf(p)} | ${p.held.length} | **${s(median(ranks))}** | ${s(
          percentile(
            ranks.filter((v) => v !== null),
            90,
          ),
        )} | ${s(median(walls))} | ${s(percentile(walls, 90))} |`,
      );
    }
  }

  if (points.length < 2) L.push('', '## Growth', '', 'One point only: no growth to report.');
  else growth(L, points);
  targets(L, points);
  trees(L, points);
  rerun(L);
  return L.join('\n');
}

function growth(L, points) {
  L.push(
    '',
    '## Growth',
    '',
    `Local exponent between consecutive points: log(measure ratio) / log(files ratio); 1 is linear in files, below 1 better than linear. Verdict on the span from the first point of at least 5k files to the largest (the 1k point is mostly start-up), with a tolerance of ${LINEAR_TOLERANCE} for a shared machine's noise. Wall times follow the machine's load, which changed between points (see Measured): on a shared machine the CPU rows are the steadier ones.`,
    '',
  );
  const measures = [
    ['cold wall', (p) => p.cold.wallMs],
    ['cold CPU', (p) => p.cold.cpuMs],
    ['cold peak RSS', (p) => p.cold.maxRssMb],
    ['store on disk', (p) => p.cold.storeMb],
    ['warm wall p50', (p) => warmOf(p, 'wallMs')],
    ['warm CPU p50', (p) => warmOf(p, 'cpuMs')],
    ["warm: the CLI's rank step p50 (after the index)", (p) => median(p.warm.map((w) => w.cliTimingMs?.rank ?? null))],
    ['warm peak RSS p50', (p) => warmOf(p, 'maxRssMb')],
    ["ctags wall (the cold runs' own)", coldCtags],
  ];
  const spans = points.slice(1).map((p, i) => [points[i], p]);
  const from = points.find((p) => filesOf(p) >= 5000);
  const to = points.at(-1);
  L.push(
    `| measure | ${spans.map(([a, b]) => `${label(a)} → ${label(b)}`).join(' | ')} | ${from && to !== from ? `${label(from)} → ${label(to)}` : 'span'} | no worse than linear |`,
    `| --- | ${spans.map(() => '---:').join(' | ')} | ---: | --- |`,
  );
  for (const [name, value] of measures) {
    const local = spans.map(([a, b]) => fmtExp(growthExponent([filesOf(a), value(a)], [filesOf(b), value(b)])));
    const whole = from && to !== from ? growthExponent([filesOf(from), value(from)], [filesOf(to), value(to)]) : null;
    L.push(
      `| ${name} | ${local.join(' | ')} | ${fmtExp(whole)} | ${whole === null ? '–' : whole <= LINEAR_TOLERANCE ? 'yes' : '**no**'} |`,
    );
  }
}

function targets(L, points) {
  const to = points.at(-1);
  L.push('', '## Issue 22 targets at the largest point', '');
  if (to) {
    const t = [
      ['cold index ≤ 150 s', to.cold.wallMs / 1000, 150, 's'],
      ['cold peak RSS ≤ 2 GB', to.cold.maxRssMb, 2048, 'MB'],
      ['warm rank p50 ≤ 100 ms (wall of a fresh process)', warmOf(to, 'wallMs'), 100, 'ms'],
      [
        'warm rank p50 ≤ 100 ms (the rank step, index held in memory)',
        to.held?.length ? median(to.held.map((h) => h.rankMs)) : null,
        100,
        'ms',
      ],
    ];
    L.push(`At ${label(to)} (${filesOf(to)} files):`, '', '| target | measured | met |', '| --- | ---: | --- |');
    for (const [name, v, limit, unit] of t)
      L.push(
        `| ${name} | ${v === null ? '–' : `${v.toFixed(unit === 's' ? 1 : 0)} ${unit}`} | ${v === null ? '–' : v <= limit ? 'yes' : '**no**'} |`,
      );
    const ten = points.find((p) => p.target === 10000);
    if (ten)
      L.push(
        `| warm rank ≤ 1.0 s at 10k files (${label(ten)}, ${filesOf(ten)} files) | ${s(warmOf(ten, 'wallMs'))} | ${warmOf(ten, 'wallMs') <= 1000 ? 'yes' : '**no**'} |`,
      );
  }
}

function trees(L, points) {
  L.push(
    '',
    '## Measured',
    '',
    '| point | commit | date | `uptime` at start | at end |',
    '| --- | --- | --- | --- | --- |',
  );
  for (const p of points)
    L.push(`| ${label(p)} | ${p.commit.slice(0, 7)} | ${p.date} | ${p.uptimeAtStart} | ${p.uptimeAtEnd} |`);
  L.push(
    '',
    '## Trees per point',
    '',
    "Each point's folder holds one sub-folder per tree, `owner+name@commit`; every smaller point is a prefix of the larger ones.",
    '',
  );
  for (const p of points)
    L.push(
      `- ${label(p)}: ${p.members.map((m) => `${m.repo}@${m.commit.slice(0, 10)}${m.round ? ` (round ${m.round})` : ''}`).join(', ')}`,
    );
}

function rerun(L) {
  L.push(
    '',
    '## Re-running',
    '',
    'Build first (`npm run build`). The folders and stores stay in the work folder (default `$TMPDIR/repomap-scale`, or `--work DIR` / `$REPOMAP_SCALE_WORK`):',
    '',
    '```sh',
    'nice -n 5 node bench/perf/scale.mjs REPOS_DIR                                   # all four points, cold and warm',
    'nice -n 5 node bench/perf/scale.mjs REPOS_DIR --points 1000,10000            # a subset (other rows carried over)',
    'nice -n 5 node bench/perf/scale.mjs REPOS_DIR --reuse-folders --warm-only    # warm only, on the folders and stores of the last run',
    '```',
    '',
    'With `--warm-only` the first warm run after a build that stores more than the last one (e.g. a persisted snapshot) also writes it: see the warm min–max, or run once more.',
    '',
  );
}

function label(p) {
  return `${p.target / 1000}k`;
}

function s(ms) {
  if (ms === null || ms === undefined) return '–';
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(ms < 10000 ? 2 : 1)} s`;
}

function mb(v) {
  return v === null || v === undefined ? '–' : `${v.toFixed(v < 10 ? 1 : 0)} MB`;
}

function ratio(a, b) {
  return a === null || !b ? '–' : `${(a / b).toFixed(1)}×`;
}

function fmtExp(e) {
  return e === null ? '–' : e.toFixed(2);
}

function cli(t) {
  return t && t.index !== null && t.index !== undefined ? `${Math.round(t.index)} / ${Math.round(t.rank)} ms` : '–';
}
