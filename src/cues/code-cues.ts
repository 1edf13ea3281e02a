/**
 * Cues of an issue's code snippets, read with the language's own grammar and tags
 * query: the modules and names they import, the names they subclass, construct, call
 * and use as types, and the names they define.
 */
import type { SnippetReader } from '../tags/index.js';
import type { LanguageId, ReferenceKind } from '../types.js';
import { codeBlocks } from './code-blocks.js';
import type { CueSet } from './cue-set.js';
import type { CueTunables } from './defaults.js';
import { isCodeStopWord } from './stop-words.js';

/** What reads snippets, and the language of a block that does not say its own. */
export interface CodeReading {
  reader: SnippetReader;
  /** The repository's main language (most parsed files); blocks without an info string are read in it. */
  primary?: LanguageId;
}

const FIELD = 'code';

function referenceStrength(kind: ReferenceKind, t: CueTunables): number {
  switch (kind) {
    case 'class':
    case 'implementation':
      return t.codeClassStrength;
    case 'call':
      return t.codeCallStrength;
    case 'type':
      return t.codeTypeStrength;
  }
}

/** A module path below a package's root: `sympy.printing.latex`, `./util`, `lodash/fp`, `crate::sync`. */
function isSubmodule(specifier: string): boolean {
  return (
    specifier
      .replace(/^[.]+/, '')
      .split(/[./]|::/)
      .filter(Boolean).length >= 2 || /^\.\.?\//.test(specifier)
  );
}

function keepName(name: string, t: CueTunables): boolean {
  return (
    /^[A-Za-z_$][\w$]*$/.test(name) &&
    name.replace(/[_$]/g, '').length >= t.minIdentifierLength &&
    !isCodeStopWord(name)
  );
}

/** Cues of the code blocks of `text` (fenced, indented, interactive sessions), field `code`. */
export function codeCues(ctx: { set: CueSet; t: CueTunables }, text: string, reading: CodeReading): void {
  const { set, t } = ctx;
  for (const block of codeBlocks(text)) {
    const language = block.language ?? (block.info === '' ? reading.primary : undefined);
    if (!language) continue;
    const tags = reading.reader.read(language, block.code);
    if (!tags) continue;
    for (const spec of tags.imports) {
      // A module imported for its names (`from sympy import Matrix`), or a whole package (`import xarray as xr`,
      // `from sympy import *`), is the way in to what the snippet uses, not what it is about.
      if (spec.names.length === 0 && isSubmodule(spec.specifier))
        set.add('module', spec.specifier, t.codeModuleStrength, FIELD, undefined, { language });
      for (const name of spec.names) {
        if (name === '*' || !keepName(name, t)) continue;
        set.add('imported', name, t.codeImportStrength, FIELD, undefined, { language, module: spec.specifier });
        set.add('identifier', name, t.codeImportStrength, FIELD);
      }
    }
    for (const r of tags.references)
      if (keepName(r.name, t)) set.add('identifier', r.name, referenceStrength(r.kind, t), FIELD);
    for (const d of tags.definitions)
      if (d.kind !== 'module' && keepName(d.name, t)) set.add('identifier', d.name, t.codeDefinitionStrength, FIELD);
  }
}
