import type { Candidate, Unit } from './units.js';

/**
 * Greedy by value density: first the `firstFunctions` most valuable functions the
 * ranking names as likely to change (units marked `first`), each when it still fits;
 * then repeatedly the unit with the most value per token among those that still fit
 * `limit` (a file's header and fences are paid by its first unit), until none fits. A
 * unit whose lines a chosen one already holds is dropped. A file's whole-file upgrade
 * competes on its marginal value and cost (what it adds over the file's units already
 * taken, which it replaces). Ties go to the better-ranked file, then the earlier line,
 * so the choice is deterministic.
 */
export function selectByDensity(candidates: readonly Candidate[], limit: number, firstFunctions = 0): Unit[] {
  const units = candidates.flatMap((c) => c.units).filter((u) => u.value > 0);
  const start = functionsFirst(candidates, units, limit, firstFunctions);
  const plain = greedy(candidates, units, start, limit);
  // Density alone can fill the budget with small cheap units and leave out the one
  // that matters most; the knapsack's classic fix: also try starting from the most
  // valuable unit that fits, and keep whichever choice is worth more.
  const used = costOf(candidates, start);
  const opened = new Set(start.map((u) => u.file));
  let first: Unit | undefined;
  for (const u of units) {
    if (start.includes(u) || start.some((s) => covers(s, u))) continue;
    if (
      used + u.cost + (opened.has(u.file) ? 0 : candidates[u.file]!.shellCost) <= limit &&
      (!first || u.value > first.value)
    )
      first = u;
  }
  if (!first || plain.includes(first)) return plain;
  const seeded = greedy(candidates, units, [...start, first], limit);
  return worth(seeded) > worth(plain) ? seeded : plain;
}

/** The most valuable `count` functions marked `first` (ties: better-ranked file, earlier line), each taken when it still fits. */
function functionsFirst(
  candidates: readonly Candidate[],
  units: readonly Unit[],
  limit: number,
  count: number,
): Unit[] {
  const order = units.filter((u) => u.first).sort((a, b) => b.value - a.value || a.file - b.file || a.start - b.start);
  const chosen: Unit[] = [];
  for (const u of order) {
    if (chosen.length >= count) break;
    if (chosen.some((c) => covers(c, u))) continue;
    if (costOf(candidates, [...chosen, u]) <= limit) chosen.push(u);
  }
  return chosen;
}

/** Whether unit `a` already holds every line of unit `b`. */
function covers(a: Unit, b: Unit): boolean {
  return a !== b && a.file === b.file && a.start <= b.start && b.end <= a.end;
}

/** Tokens of a set of units with the shells of the files they open. */
function costOf(candidates: readonly Candidate[], units: readonly Unit[]): number {
  const files = new Set(units.map((u) => u.file));
  return units.reduce((sum, u) => sum + u.cost, 0) + [...files].reduce((sum, f) => sum + candidates[f]!.shellCost, 0);
}

function worth(units: readonly Unit[]): number {
  return units.reduce((sum, u) => sum + u.value, 0);
}

function greedy(
  candidates: readonly Candidate[],
  units: readonly Unit[],
  start: readonly Unit[],
  limit: number,
): Unit[] {
  let remaining = units.filter((u) => !start.includes(u) && !start.some((s) => covers(s, u)));
  const upgrades = candidates.map((c) => c.upgrade).filter((u): u is Unit => u !== undefined);
  const open = new Set<number>(start.map((u) => u.file));
  let chosen: Unit[] = [...start];
  let used = costOf(candidates, start);
  for (;;) {
    let best: Unit | undefined;
    let bestCost = 0;
    let bestDensity = -1;
    const consider = (u: Unit, value: number, cost: number): void => {
      if (used + cost > limit || value <= 0) return;
      const density = value / Math.max(1, cost);
      if (density > bestDensity) {
        best = u;
        bestCost = cost;
        bestDensity = density;
      }
    };
    for (const u of remaining) consider(u, u.value, u.cost + (open.has(u.file) ? 0 : candidates[u.file]!.shellCost));
    for (const u of upgrades) {
      const taken = chosen.filter((c) => c.file === u.file);
      const value = u.value - taken.reduce((sum, c) => sum + c.value, 0);
      const cost =
        u.cost - taken.reduce((sum, c) => sum + c.cost, 0) + (open.has(u.file) ? 0 : candidates[u.file]!.shellCost);
      consider(u, value, cost);
    }
    if (!best) return chosen;
    const picked: Unit = best;
    used += bestCost;
    open.add(picked.file);
    if (picked.kind === 'whole' && candidates[picked.file]!.upgrade === picked) {
      // The whole file replaces its spans, taken or not.
      chosen = chosen.filter((c) => c.file !== picked.file);
      remaining = remaining.filter((c) => c.file !== picked.file);
      upgrades.splice(upgrades.indexOf(picked), 1);
    } else {
      remaining = remaining.filter((c) => c !== picked && !covers(picked, c));
    }
    chosen.push(picked);
  }
}

/** The baseline: whole files in rank order, each taken when it still fits `limit`. */
export function selectInRankOrder(candidates: readonly Candidate[], limit: number): Unit[] {
  const chosen: Unit[] = [];
  let used = 0;
  for (const c of candidates) {
    for (const u of c.units) {
      const cost = u.cost + c.shellCost;
      if (used + cost > limit) continue;
      used += cost;
      chosen.push(u);
    }
  }
  return chosen;
}
