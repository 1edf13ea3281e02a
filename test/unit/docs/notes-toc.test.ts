// bench/NOTES.md's table of contents (bench/notes-toc.mjs): GitHub's anchors, one line per
// `## ` section, and the committed file current. Reads only the repository's own NOTES.md.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// The bench module is plain JavaScript without declarations: imported through a string.
const tocModule: string = '../../../bench/notes-toc.mjs';
const { githubSlug, headings, notesToc, withToc, TOC_START, TOC_END } = await import(tocModule);

const ROOT = join(import.meta.dirname, '../../..');

describe('githubSlug', () => {
  it('lower-cases, drops punctuation and symbols, keeps letters, digits, _ and -, makes spaces -', () => {
    expect(githubSlug("Earlier commits' messages, not adopted (2026-12-03)")).toBe(
      'earlier-commits-messages-not-adopted-2026-12-03',
    );
    expect(githubSlug('Moved from DESIGN.md (2026-12-07)')).toBe('moved-from-designmd-2026-12-07');
    expect(githubSlug('the cold 100k peak 2.15-2.20 → 1.77-1.82 GiB')).toBe('the-cold-100k-peak-215-220--177-182-gib');
    expect(githubSlug('snake_case names: Ünïcode letters')).toBe('snake_case-names-ünïcode-letters');
  });

  it('reads markdown as its text: code spans, links and bold', () => {
    expect(githubSlug('A warm `rank` at 100k files')).toBe('a-warm-rank-at-100k-files');
    expect(githubSlug('See [the bench](README.md) and **this**')).toBe('see-the-bench-and-this');
  });
});

describe('headings', () => {
  it('numbers repeated anchors, and skips code fences and lines that are no heading', () => {
    const text = ['# Top', '## Speed', '```', '## not a heading', '```', '#nospace', '### Speed', '## Speed'].join(
      '\n',
    );
    expect(headings(text)).toEqual([
      { level: 1, text: 'Top', anchor: 'top' },
      { level: 2, text: 'Speed', anchor: 'speed' },
      { level: 3, text: 'Speed', anchor: 'speed-1' },
      { level: 2, text: 'Speed', anchor: 'speed-2' },
    ]);
  });
});

describe('notesToc and withToc', () => {
  const notes = ['# Notes', '', TOC_START, '- stale', TOC_END, '', '## One', '### Inner', '## Two `x`'].join('\n');

  it('list one line per `## ` section, linked to its anchor', () => {
    expect(notesToc(notes)).toBe('- [One](#one)\n- [Two `x`](#two-x)');
  });

  it('rewrite the block between the markers and leave the rest as it was', () => {
    expect(withToc(notes)).toBe(notes.replace('- stale', '- [One](#one)\n- [Two `x`](#two-x)'));
    expect(withToc(withToc(notes))).toBe(withToc(notes));
  });

  it('refuse a text without the markers, naming them', () => {
    expect(() => withToc('# Notes\n\n## One\n')).toThrow(TOC_START);
  });
});

describe('bench/NOTES.md', () => {
  const text = readFileSync(join(ROOT, 'bench/NOTES.md'), 'utf8');

  it('has a current table of contents (node bench/notes-toc.mjs rewrites it)', () => {
    expect(withToc(text)).toBe(text);
  });

  it('lists every `## ` section in it', () => {
    const sections = headings(text).filter((heading: { level: number }) => heading.level === 2);
    const block = text.slice(text.indexOf(TOC_START), text.indexOf(TOC_END));
    expect(sections.length).toBeGreaterThan(40);
    expect(block.split('\n').filter((line) => line.startsWith('- ['))).toHaveLength(sections.length);
  });
});
