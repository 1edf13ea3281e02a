/**
 * A build that releases texts (`IndexOptions.releaseTexts`) lets them go during the tags
 * stage instead of after it, once BM25, the one reader of every text, has been built
 * meanwhile: then every text no parse still waits for, and from then on each one as its
 * parse is in. The texts of the files the graph build reads (`readsText`) stay.
 */
import { textReleaser } from '../corpus/index.js';
import type { Corpus } from '../types.js';

/** What the tags stage tells it (`TagsStageOptions.onParsing` / `onParsed`), and the BM25 build's end. */
export interface EarlyRelease {
  onParsing(paths: readonly string[]): void;
  onParsed(path: string): void;
  /** BM25 is built: no text is read from now on but by the parse and the files kept. */
  lexicalBuilt(): void;
}

/** The early release of a folder corpus' texts (`position`: path → index in its files), or undefined for a corpus not loaded from a folder by this process. */
export function earlyRelease(
  corpus: Corpus,
  position: ReadonlyMap<string, number>,
  keep: (path: string) => boolean,
  sameContent: (index: number, text: string) => boolean,
): EarlyRelease | undefined {
  const release = textReleaser(corpus, sameContent);
  if (!release) return undefined;
  const waiting = new Set<string>();
  let built = false;
  const letGo = (path: string): void => {
    if (!keep(path)) release(position.get(path)!);
  };
  return {
    onParsing(paths) {
      for (const path of paths) waiting.add(path);
    },
    onParsed(path) {
      waiting.delete(path);
      if (built) letGo(path);
    },
    lexicalBuilt() {
      built = true;
      for (const f of corpus.files) if (!waiting.has(f.path)) letGo(f.path);
    },
  };
}
