import { describe, expect, it } from 'vitest';
import { CUE_DEFAULTS, extractCues } from '../../../src/cues/index.js';
import type { Cue } from '../../../src/types.js';

function of(cues: readonly Cue[], kind: Cue['kind']): Record<string, number> {
  return Object.fromEntries(cues.filter((c) => c.kind === kind).map((c) => [c.value, c.strength]));
}

describe('identifiers and terms from text', () => {
  const {
    textIdentifierStrength: text,
    backtickIdentifierStrength: tick,
    dottedPartStrength: part,
    termStrength: term,
  } = CUE_DEFAULTS;

  it('takes code-shaped names, backticked names stronger, and plain words as terms', () => {
    const { cues } = extractCues({
      pr_title: 'feat(engine): Added `OptionFunc` and `With`',
      pr_body: 'The handleHTTPRequest path now calls get_help_record before rendering the YAML output.',
    });
    expect(of(cues, 'identifier')).toEqual({
      OptionFunc: tick,
      // `With` is backticked code: English stop words do not apply to it
      With: tick,
      get_help_record: text,
      handleHTTPRequest: text,
    });
    // lowercase, non-stop words; `YAML` becomes a term; `added`, `the`, `now`, `before` are stop words
    expect(Object.keys(of(cues, 'term'))).toEqual(['calls', 'engine', 'output', 'path', 'rendering', 'yaml']);
    expect(of(cues, 'term').yaml).toBe(term);
  });

  it('splits dotted names into their parts, the last one strongest; code-shaped parts keep full strength', () => {
    const { cues } = extractCues(
      'Make `MockUtil.getMockMaker()` public; ctx.invoke now casts, see click.core.Context.',
      { task: 'generic' },
    );
    expect(of(cues, 'identifier')).toEqual({
      Context: text,
      MockUtil: tick,
      click: part,
      core: part,
      getMockMaker: tick,
      invoke: text,
      // `ctx` is a stop word
    });
  });

  it('drops stop words, builtin exception names, short names, contractions and domains', () => {
    const { cues } = extractCues(
      "TypeError: self isn't None. This doesn't work on Fly.io or Node.js with an id of 0x7f3a2c1b5d50 in v20.",
    );
    expect(of(cues, 'identifier')).toEqual({});
    expect(Object.keys(of(cues, 'term'))).toEqual([]);
  });

  it('keeps kebab-case compounds as terms (rule and file names)', () => {
    const { cues } = extractCues({ pr_title: 'feat: add rule `no-object-constructor`, deprecate `no-new-object`' });
    expect(of(cues, 'term')).toMatchObject({ 'no-object-constructor': term, 'no-new-object': term, deprecate: term });
  });

  it('gives change_summary entries full strength, stop words or not', () => {
    const { cues } = extractCues({
      changed_files: ['gin.go'],
      change_summary: ['New', 'Default', 'OptionFunc', 'With'],
    });
    expect(of(cues, 'identifier')).toEqual({ Default: 1, New: 1, OptionFunc: 1, With: 1 });
  });

  it('caps each kind, keeping the strongest, then the most frequent', () => {
    const names = Array.from({ length: 100 }, (_, i) => `helperFunction${String.fromCharCode(97 + (i % 26))}${i}`);
    const text = `${names.join(' ')} ${names[99]} \`backtickedName\``;
    const { cues } = extractCues(text, { tunables: { maxIdentifiers: 3 } });
    // kept: the backticked name (strongest), the one mentioned twice, then the first mentioned;
    // output order is strength, then value
    expect(cues.filter((c) => c.kind === 'identifier').map((c) => c.value)).toEqual([
      'backtickedName',
      names[0],
      names[99],
    ]);
  });
});
