import type { Candidate, Unit } from './units.js';

/**
 * Greedy by value density: repeatedly take the unit with the most value per
 * token among those that still fit `limit` (a file's header and fences are
 * paid by its first unit), until none fits. A file's whole-file upgrade
 * competes on its marginal value and cost (what it adds over the file's units
 * already taken, which it replaces). Ties go to the better-ranked file, then
 * the earlier line, so the choice is deterministic.
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
  let remaining = units.filter((u) => !start.includes(u));
  const upgrades = candidates.map((c) => c.upgrade).filter((u): u is Unit => u !== undefined);
  const open = new Set<number>(start.map((u) => u.file));
  let chosen: Unit[] = [...start];
  let used = start.reduce((sum, u) => sum + u.cost, 0) + [...open].reduce((sum, f) => sum + candidates[f]!.shellCost, 0);
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
      const cost = u.cost - taken.reduce((sum, c) => sum + c.cost, 0) + (open.has(u.file) ? 0 : candidates[u.file]!.shellCost);
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
      remaining.splice(remaining.indexOf(picked), 1);
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
