/**
 * The key of a folder's kept index (src/persist/kept-index.ts): its sections are v8
 * streams, which another Node or V8 version may not read back, so each runtime keeps its
 * own snapshot; the same runtime finds the same one.
 */
import { describe, expect, it } from 'vitest';
import { snapshotSlot } from '../../../src/persist/kept-index.js';

const scope = { include: [], exclude: [] };

describe('snapshot slots', () => {
  it('are keyed by the Node and V8 versions as well as the folder and scope', () => {
    const here = snapshotSlot('/cache', '/repo', scope);
    expect(snapshotSlot('/cache', '/repo', scope, { node: process.versions.node, v8: process.versions.v8 })).toEqual(
      here,
    );
    expect(snapshotSlot('/cache', '/repo', scope, { node: '0.0.1', v8: process.versions.v8 }).key).not.toBe(here.key);
    expect(snapshotSlot('/cache', '/repo', scope, { node: process.versions.node, v8: '1.0.0' }).key).not.toBe(here.key);
    expect(snapshotSlot('/cache', '/other', scope).key).not.toBe(here.key);
    expect(snapshotSlot('/cache', '/repo', { include: ['src'], exclude: [] }).key).not.toBe(here.key);
  });
});
