#!/usr/bin/env node
// The table of contents of bench/NOTES.md: one line per `## ` section, linking to its anchor
// as GitHub makes it, kept between the markers TOC_START and TOC_END near the top of the file.
//
//   node bench/notes-toc.mjs           rewrite the block
//   node bench/notes-toc.mjs --check   exit 1, saying so, when the block is not current
//
// test/unit/docs/notes-toc.test.ts checks that the committed file is current.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { slug } from 'github-slugger';

export const TOC_START = '<!-- toc: node bench/notes-toc.mjs -->';
export const TOC_END = '<!-- /toc -->';

/**
 * GitHub's anchor for a heading's text (github-slugger, the library GitHub's own rule is
 * published as). Markdown in the heading is read as its text first (`code` → code).
 */
export function githubSlug(text) {
  const plain = text
    .replace(/`([^`]*)`/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/(\*\*|__)(.+?)\1/g, '$2');
  return slug(plain);
}

/** Every ATX heading of a markdown text outside code fences, in order: its level, text and anchor (repeats get -1, -2, …). */
export function headings(markdown) {
  const seen = new Map();
  const found = [];
  let fence = null;
  for (const line of markdown.split('\n')) {
    const marker = /^ {0,3}(`{3,}|~{3,})/.exec(line);
    if (marker) {
      if (fence === null) fence = marker[1][0];
      else if (marker[1][0] === fence) fence = null;
      continue;
    }
    if (fence !== null) continue;
    const heading = /^ {0,3}(#{1,6})[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$/.exec(line);
    if (!heading) continue;
    const text = heading[2];
    const slug = githubSlug(text);
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    found.push({ level: heading[1].length, text, anchor: count === 0 ? slug : `${slug}-${count}` });
  }
  return found;
}

/** The table of contents: a list line per `## ` section, linking to its anchor. */
export function notesToc(markdown) {
  return headings(markdown)
    .filter((heading) => heading.level === 2)
    .map((heading) => `- [${heading.text.replace(/[[\]]/g, '\\$&')}](#${heading.anchor})`)
    .join('\n');
}

/** The text with its table of contents made current; an error when the markers are missing or out of order. */
export function withToc(markdown) {
  const start = markdown.indexOf(TOC_START);
  const end = markdown.indexOf(TOC_END);
  if (start < 0 || end < start) {
    throw new Error(`bench/notes-toc: no "${TOC_START}" … "${TOC_END}" block in bench/NOTES.md`);
  }
  const before = markdown.slice(0, start + TOC_START.length);
  return `${before}\n${notesToc(markdown)}\n${markdown.slice(end)}`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const file = fileURLToPath(new URL('./NOTES.md', import.meta.url));
  const text = readFileSync(file, 'utf8');
  const current = withToc(text);
  if (process.argv.includes('--check')) {
    if (current !== text) {
      console.error('bench/NOTES.md: the table of contents is not current; run node bench/notes-toc.mjs');
      process.exit(1);
    }
  } else if (current !== text) {
    writeFileSync(file, current);
  }
}
