// Self time of a V8 CPU profile (node --cpu-prof) by function and by module, so the
// bench can say where a cold index spends its time. WASM frames (the tree-sitter
// runtime and grammars) are grouped under their wasm module.
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Top functions and modules by self time (ms and share of the sampled time) over the
 * profiles of all threads (main thread and parse workers), plus each thread's sampled
 * and idle time.
 */
export function summarizeProfile(profiles, root, top = 20) {
  const fns = new Map();
  const mods = new Map();
  const threads = [];
  let total = 0;
  for (const profile of profiles) {
    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    const self = new Map();
    for (let i = 0; i < profile.samples.length; i++) {
      const id = profile.samples[i];
      self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
    }
    let sampled = 0;
    let idle = 0;
    for (const [id, ms] of self) {
      const frame = byId.get(id).callFrame;
      const mod = moduleOf(frame.url, frame.functionName, root);
      const fn = `${frame.functionName || '(anonymous)'} ${mod}${frame.url && !frame.url.startsWith('wasm:') ? `:${frame.lineNumber + 1}` : ''}`;
      fns.set(fn, (fns.get(fn) ?? 0) + ms);
      mods.set(mod, (mods.get(mod) ?? 0) + ms);
      sampled += ms;
      if (mod === '(idle)') idle += ms;
    }
    threads.push({ sampledMs: Math.round(sampled), idleMs: Math.round(idle) });
    total += sampled;
  }
  const rank = (m) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, ms]) => ({ name, ms: Math.round(ms), share: ms / total }));
  return { sampledMs: Math.round(total), threads, functions: rank(fns), modules: rank(mods) };
}

function moduleOf(url, functionName, root) {
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  if (url.startsWith('wasm:')) return 'wasm (tree-sitter runtime + grammars)';
  if (url.startsWith('node:')) return url;
  const path = url.startsWith('file:') ? fileURLToPath(url) : url;
  const rel = relative(root, path);
  const nm = rel.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  return nm ? `node_modules/${nm[1]}` : rel;
}
