import type { Candidate, Unit } from './units.js';

/**
 * Greedy by value density: repeatedly take the unit with the most value per
 * token among those that still fit `limit` (a file's header and fences are
 * paid by its first unit), until none fits. Ties go to the better-ranked file,
 * then the earlier line, so the choice is deterministic.
 */
export function selectByDensity(candidates: readonly Candidate[], limit: number): Unit[] {
  const units = candidates.flatMap((c) => c.units).filter((u) => u.value > 0);
  const plain = greedy(candidates, units, [], limit);
  // Density alone can fill the budget with small cheap units and leave out the one
  // that matters most; the knapsack's classic fix: also try starting from the most
  // valuable unit that fits, and keep whichever choice is worth more.
  let first: Unit | undefined;
  for (const u of units) {
    if (u.cost + candidates[u.file]!.shellCost <= limit && (!first || u.value > first.value)) first = u;
  }
  if (!first || plain.includes(first)) return plain;
  const seeded = greedy(candidates, units, [first], limit);
  return worth(seeded) > worth(plain) ? seeded : plain;
}

function worth(units: readonly Unit[]): number {
  return units.reduce((sum, u) => sum + u.value, 0);
}

function greedy(candidates: readonly Candidate[], units: readonly Unit[], start: readonly Unit[], limit: number): Unit[] {
  const remaining = units.filter((u) => !start.includes(u));
  const open = new Set<number>(start.map((u) => u.file));
  const chosen: Unit[] = [...start];
  let used = start.reduce((sum, u) => sum + u.cost, 0) + [...open].reduce((sum, f) => sum + candidates[f]!.shellCost, 0);
  for (;;) {
    let best = -1;
    let bestDensity = -1;
    for (let i = 0; i < remaining.length; i++) {
      const u = remaining[i]!;
      const cost = u.cost + (open.has(u.file) ? 0 : candidates[u.file]!.shellCost);
      if (used + cost > limit) continue;
      const density = u.value / Math.max(1, cost);
      if (density > bestDensity) {
        best = i;
        bestDensity = density;
      }
    }
    if (best < 0) return chosen;
    const u = remaining[best]!;
    used += u.cost + (open.has(u.file) ? 0 : candidates[u.file]!.shellCost);
    open.add(u.file);
    chosen.push(u);
    remaining.splice(best, 1);
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
