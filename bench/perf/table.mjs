// TABLE.md of the performance bench, from its results object (columns: bench/README.md).
import { coldMedians, median, memoryRunOf, reindexOf, warmOf } from './summary.mjs';

export function writeTable(r) {
  const L = [];
  L.push('# Performance bench (issue 6)', '');
  L.push(`- Command: \`${r.command}\``);
  L.push(
    `- Commit: \`${r.commit}\`${r.dirty ? ' (src/ had uncommitted changes)' : ''}; date ${r.date}; run took ${r.wallSeconds.toFixed(0)} s`,
  );
  L.push(
    `- Machine: ${r.machine.nproc} cores (${r.machine.cpu}), node ${r.machine.node}, ${r.machine.totalMemGb.toFixed(0)} GB; ${r.machine.ctags}; load average (1/5/15 min) at start ${loads(r.machine.loadAverageAtStart)}, at end ${loads(r.machine.loadAverageAtEnd)}`,
  );
  L.push(
    `- Build options detected: parse jobs option ${code(r.features.parseJobsOption)}, persistent tags cache export ${code(r.features.storeExport)}, CLI --cache ${r.features.cliCacheFlag ? 'yes' : 'no'}`,
  );
  L.push(
    `- Plan: ${r.plan.name}: ${r.plan.runs} fresh-process run(s) per cold measurement (unions ${r.plan.unionRuns}), ${r.plan.warmQueries} warm queries, ${r.plan.repeat} repeated queries, ${r.plan.snapshots} snapshots`,
  );
  L.push(`- Note: ${r.note}`, '');

  if (r.targets?.length) {
    L.push(
      '## Targets',
      '',
      '| target | corpus | measured | limit | met | measured / limit | note |',
      '| --- | --- | ---: | ---: | --- | ---: | --- |',
    );
    for (const t of r.targets) {
      const fmt = (v) =>
        v === null ? '–' : t.unit === 'ratio' ? pct(v) : `${num(v, t.unit === 'ms' && v < 100 ? 1 : 0)} ${t.unit}`;
      L.push(
        `| ${t.target} | ${t.corpus} | ${fmt(t.measured)} | ${fmt(t.limit)} | ${t.met === null ? '–' : t.met ? 'yes' : '**no**'} | ${t.unit === 'ratio' ? '–' : (t.margin?.toFixed(2) ?? '–')} | ${t.note} |`,
      );
    }
    L.push('');
  }

  L.push(
    '## Corpora',
    '',
    '| corpus | what | repositories @ commit | files | parsed files | MB | parsed MB | definitions | references |',
    '| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |',
  );
  for (const c of r.corpora) {
    const s = c.stats;
    L.push(
      `| ${c.name} | ${c.role} | ${c.members.map((m) => `${m.repo}@${m.commit.slice(0, 10)}`).join(' + ')} | ${s.files} | ${s.parsed} | ${mb(s.bytes)} | ${mb(s.parsedBytes)} | ${s.definitions} | ${s.references} |`,
    );
  }
  L.push('');

  L.push('## Cold index (fresh process per run, folder corpus, medians)', '');
  L.push(
    '| corpus | variant | runs | load | tags | graph | context | first rank | **total** | process wall | files/s | MB/s | peak RSS | floor | ctags | total / floor | total / ctags |',
  );
  L.push(
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  );
  for (const c of r.corpora) {
    const floor = median(c.floor.map((f) => f.totalMs));
    const ctags = median(c.ctags.map((f) => f.wallMs));
    for (const v of c.cold) {
      const m = coldMedians(v.runs);
      const secs = m.totalMs / 1000;
      L.push(
        `| ${c.name} | ${v.variant} | ${v.runs.length} | ${s2(m.loadMs)} | ${s2(m.tagsMs)} | ${s2(m.graphMs)} | ${s2(m.contextMs)} | ${s2(m.firstRankMs)} | **${s2(m.totalMs)}** | ${s2(m.processWallMs)} | ${num(c.stats.files / secs, 0)} | ${num(c.stats.bytes / 1e6 / secs, 2)} | ${num(m.maxRssMbCold, 0)} MB | ${s2(floor)} | ${s2(ctags)} | ${num(m.totalMs / floor, 1)}× | ${num(m.totalMs / ctags, 2)}× |`,
      );
    }
  }
  L.push('');

  const git = r.corpora.filter((c) => c.coldGit);
  if (git.length) {
    L.push('## Cold index from git (one repository at its commit; graph includes the co-change history read)', '');
    L.push(
      '| corpus | variant | runs | load | tags | graph | context | first rank | **total** | process wall | peak RSS |',
      '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    );
    for (const c of git) {
      const m = coldMedians(c.coldGit.runs);
      L.push(
        `| ${c.name} | ${c.coldGit.variant} | ${c.coldGit.runs.length} | ${s2(m.loadMs)} | ${s2(m.tagsMs)} | ${s2(m.graphMs)} | ${s2(m.contextMs)} | ${s2(m.firstRankMs)} | **${s2(m.totalMs)}** | ${s2(m.processWallMs)} | ${num(m.maxRssMbCold, 0)} MB |`,
      );
    }
    L.push('');
  }

  L.push('## I/O floor and universal-ctags (same folder, same session, medians)', '');
  L.push(
    '| corpus | files read | MB read | floor: walk | floor: read | floor: total | ctags wall | ctags peak RSS |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  );
  for (const c of r.corpora) {
    const f = c.floor[0];
    L.push(
      `| ${c.name} | ${f.files} | ${mb(f.bytes)} | ${s2(median(c.floor.map((x) => x.walkMs)))} | ${s2(median(c.floor.map((x) => x.readMs)))} | ${s2(median(c.floor.map((x) => x.totalMs)))} | ${s2(median(c.ctags.map((x) => x.wallMs)))} | ${num(median(c.ctags.map((x) => x.maxRssMb)), 0)} MB |`,
    );
  }
  L.push('', `ctags command (run in the corpus folder): \`${r.corpora[0]?.ctags[0]?.command}\``, '');

  const re = r.corpora.filter((c) => c.reindex);
  if (re.length) {
    L.push('## Re-index (one process, shared Map tags cache, medians)', '');
    L.push(
      '| corpus | changed files | runs | **index ready** (load + build) | load | tags | graph | context | first rank |',
      '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    );
    for (const c of re) {
      const first = c.reindex.first;
      L.push(
        `| ${c.name} | all (first build) | 1 | **${ms(first.loadMs + first.buildMs)}** | ${ms(first.loadMs)} | ${ms(first.tagsMs)} | ${ms(first.graphMs)} | ${ms(first.contextMs)} | ${ms(first.firstRankMs)} |`,
      );
      for (const [n, m] of Object.entries(reindexOf(c))) {
        L.push(
          `| ${c.name} | ${n} | ${m.runs} | **${ms(m.readyMs)}** | ${ms(m.loadMs)} | ${ms(m.tagsMs)} | ${ms(m.graphMs)} | ${ms(m.contextMs)} | ${ms(m.firstRankMs)} |`,
        );
      }
    }
    L.push('');
  }

  const st = r.corpora.filter((c) => c.store);
  if (st.length) {
    L.push('## Persistent tags cache (a fresh process per build)', '');
    L.push(
      '| corpus | build | open | load | tags | graph | context | first rank | **total** | process wall |',
      '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    );
    for (const c of st) {
      if (c.store.error) {
        L.push(`| ${c.name} | error: ${c.store.error.replace(/\|/g, '\\|').slice(0, 200)} | | | | | | | | |`);
        continue;
      }
      for (const [label, m] of [
        ['fill (empty cache)', c.store.fill],
        ['nothing changed', c.store.unchanged],
        ['1 file changed', c.store.oneChanged],
      ]) {
        L.push(
          `| ${c.name} | ${label} | ${ms(m.openMs)} | ${ms(m.loadMs)} | ${ms(m.tagsMs)} | ${ms(m.graphMs)} | ${ms(m.contextMs)} | ${ms(m.firstRankMs)} | **${ms(m.totalMs)}** | ${ms(m.processWallMs)} |`,
        );
      }
    }
    L.push('');
  }

  L.push("## Warm rank (index built; dev queries of the corpus' repositories, top 100)", '');
  L.push('| corpus | files | queries | p50 | p95 | max | mean |', '| --- | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const c of r.corpora) {
    const w = warmOf(c);
    if (w)
      L.push(
        `| ${c.name} | ${c.stats.files} | ${w.n} | ${ms1(w.p50)} | ${ms1(w.p95)} | ${ms1(w.max)} | ${ms1(w.mean)} |`,
      );
  }
  L.push('');

  const mem = r.corpora.find((c) => memoryRunOf(c));
  if (mem) {
    const run = memoryRunOf(mem);
    L.push(
      `## Memory over repeated queries (${mem.name}, ${mem.stats.files} files, a ${run.variant} process; after a forced GC)`,
      '',
    );
    L.push(
      `Peak RSS of the process (cold index, ${run.warm?.n ?? 0} warm queries, ${run.memory.at(-1).after} repeated queries): **${num(run.maxRssMb, 0)} MB** (after the cold index: ${num(run.maxRssMbCold, 0)} MB).`,
      '',
    );
    L.push('| queries | RSS | heap used | external + array buffers |', '| ---: | ---: | ---: | ---: |');
    for (const m of run.memory)
      L.push(`| ${m.after} | ${num(m.rssMb, 0)} MB | ${num(m.heapUsedMb, 0)} MB | ${num(m.externalMb, 0)} MB |`);
    L.push('');
  }

  for (const s of [r.snapshots, r.snapshotsStore, r.snapshotsSpread].filter(Boolean)) {
    const per = s.per.slice(1);
    const cache =
      !s.cache || s.cache === 'Map' ? 'one shared Map tags cache' : `one persistent tags cache (${s.cache}, on disk)`;
    const commits =
      (s.series ?? 'dev base commits') === 'in a row'
        ? `${s.per.length} consecutive first-parent commits up to the newest dev base commit`
        : `${s.per.length} dev base commits oldest first`;
    L.push(
      `## Snapshots in one process (${s.repo}, ${commits}, git corpora, ${cache}${s.leanHeap ? ', lean heap as repomap eval runs' : ''}; after a forced GC)`,
      '',
    );
    L.push(`Files per snapshot: ${s.per[0].files} at the first, ${s.per.at(-1).files} at the last.`, '');
    L.push(
      `First snapshot ${ms(s.per[0].totalMs)}; each later one (median) ${ms(median(per.map((p) => p.totalMs)))}: load ${ms(median(per.map((p) => p.loadMs)))}, tags ${ms(median(per.map((p) => p.tagsMs)))}, graph incl. history ${ms(median(per.map((p) => p.graphMs)))}, context ${ms(median(per.map((p) => p.contextMs)))}, first rank ${ms(median(per.map((p) => p.firstRankMs)))}. Peak RSS ${num(s.maxRssMb, 0)} MB.`,
      '',
    );
    L.push(
      '| snapshots | RSS | heap used | external + array buffers | tags cache entries |',
      '| ---: | ---: | ---: | ---: | ---: |',
    );
    for (const m of s.memory)
      L.push(
        `| ${m.after} | ${num(m.rssMb, 0)} MB | ${num(m.heapUsedMb, 0)} MB | ${num(m.externalMb, 0)} MB | ${m.cacheEntries ?? 'on disk'} |`,
      );
    L.push('');
  }

  if (r.profile) {
    const p = r.profile;
    L.push(`## Where a cold index spends its time (CPU profile, ${p.corpus}, ${p.variant})`, '');
    L.push(
      `Self time summed over ${p.threads.length} thread(s) (main first, then parse workers; sampled / idle): ${p.threads.map((t) => `${s2(t.sampledMs)} / ${s2(t.idleMs)}`).join(', ')}. Shares are of the ${s2(p.sampledMs)} sampled in all threads.`,
      '',
    );
    L.push('| module | self time | share |', '| --- | ---: | ---: |');
    for (const m of p.modules.slice(0, 12)) L.push(`| ${m.name} | ${ms(m.ms)} | ${pct(m.share)} |`);
    L.push('', '| function | self time | share |', '| --- | ---: | ---: |');
    for (const f of p.functions.slice(0, 15)) L.push(`| \`${f.name}\` | ${ms(f.ms)} | ${pct(f.share)} |`);
    L.push('');
  }
  return L.join('\n');
}

const num = (v, d) => (v === null || v === undefined || Number.isNaN(v) ? '–' : v.toFixed(d));
const s2 = (v) => (v === null || v === undefined ? '–' : `${(v / 1000).toFixed(2)} s`);
const ms = (v) => (v === null || v === undefined ? '–' : `${v.toFixed(0)} ms`);
const ms1 = (v) => (v === null || v === undefined ? '–' : `${v.toFixed(1)} ms`);
const mb = (bytes) => (bytes / 1e6).toFixed(2);
const pct = (v) => `${(v * 100).toFixed(1)}%`;
const loads = (l) => (l ? l.map((x) => x.toFixed(1)).join(' / ') : '–');
const code = (v) => (v ? `\`${v}\`` : 'none');
