/**
 * What a cached tags entry depends on besides the file content: the engine's tags
 * version, each grammar's wasm bytes and each language's query text. Hashed once per
 * process; a store written under another identity is never read.
 */
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { grammarWasmPath, tagsQueryPaths } from '../tags/grammar-files.js';
import { LANGUAGES, type LanguageId } from '../types.js';
import { TAGS_INDEX_VERSION } from './tags-version.js';
import { compareByteOrder } from '../text/order.js';

export { TAGS_INDEX_VERSION };

/** Everything besides the content a tags entry depends on. */
export interface CacheIdentity {
  version: number;
  /** sha256 of each language's grammar wasm file. */
  grammars: Record<LanguageId, string>;
  /** sha256 of each language's query files, concatenated as the tags stage compiles them. */
  queries: Record<LanguageId, string>;
}

let current: CacheIdentity | undefined;

/** The identity of this installation (hashed on first use). */
export function currentIdentity(): CacheIdentity {
  current ??= computeIdentity();
  return current;
}

function computeIdentity(): CacheIdentity {
  const grammars = {} as Record<LanguageId, string>;
  const queries = {} as Record<LanguageId, string>;
  for (const language of LANGUAGES) {
    grammars[language] = sha256(readFileSync(grammarWasmPath(language)));
    // Joined with '\n' exactly as loadTagsQuery joins the parts it compiles.
    queries[language] = sha256(
      tagsQueryPaths(language)
        .map((file) => readFileSync(file, 'utf8'))
        .join('\n'),
    );
  }
  return { version: TAGS_INDEX_VERSION, grammars, queries };
}

/**
 * What the identity is hashed from, by stats: the tags index version, then each grammar
 * and query file's path, size, times, inode and device. Equal stamps mean the same files,
 * unwritten and unreplaced (any write or replacement changes the change time, which no
 * tool sets), so an identity hashed under them still holds (`TagsStore` keeps the pair,
 * and hashes ~20 MB of grammars again only when the stamps differ). Null when a file
 * cannot be stated: the identity is then hashed, and reports the file.
 */
export function identityStamps(): string | null {
  const parts = [`version ${TAGS_INDEX_VERSION}`];
  try {
    for (const language of LANGUAGES) {
      for (const file of [grammarWasmPath(language), ...tagsQueryPaths(language)]) {
        const s = statSync(file, { bigint: true });
        parts.push(`${file}\0${s.size}:${s.mtimeNs}:${s.ctimeNs}:${s.ino}:${s.dev}`);
      }
    }
  } catch {
    return null;
  }
  return parts.join('\n');
}

/** One stable string for an identity (keys in a fixed order), stored in the cache's meta table. */
export function identityText(identity: CacheIdentity): string {
  const sorted = (record: Record<string, string>): Record<string, string> =>
    Object.fromEntries(
      Object.keys(record)
        .sort(compareByteOrder)
        .map((k) => [k, record[k]!]),
    );
  return JSON.stringify({
    version: identity.version,
    grammars: sorted(identity.grammars),
    queries: sorted(identity.queries),
  });
}

/** What differs between a stored identity (as text) and the current one, in words; empty when equal. */
export function identityChanges(stored: string, identity: CacheIdentity): string[] {
  let old: Partial<CacheIdentity>;
  try {
    old = JSON.parse(stored) as Partial<CacheIdentity>;
  } catch {
    return ['unreadable identity record'];
  }
  const changes: string[] = [];
  if (old.version !== identity.version) changes.push(`tags index version ${String(old.version)} → ${identity.version}`);
  for (const [what, now, before] of [
    ['grammar', identity.grammars, old.grammars],
    ['query', identity.queries, old.queries],
  ] as const) {
    const names = [...new Set([...Object.keys(now), ...Object.keys(before ?? {})])].sort(compareByteOrder);
    const changed = names.filter(
      (n) => (now as Record<string, string>)[n] !== (before as Record<string, string> | undefined)?.[n],
    );
    if (changed.length > 0) changes.push(`${what} changed for ${changed.join(', ')}`);
  }
  return changes;
}

function sha256(data: string | Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}
