/**
 * Error strings: message templates (literal parts between placeholders) matched
 * against query text, case and white space folded, and the tags that feed them — the
 * literals each language raises, throws, panics, reports or logs with, on real parses.
 */
import { describe, expect, it } from 'vitest';
import { foldText, MESSAGE_DEFAULTS, MessageIndex, messageParts } from '../../../src/rank/messages.js';
import { tagsFromSource } from '../../../src/tags/index.js';
import type { LanguageId, Message } from '../../../src/types.js';

function index(files: Record<string, string[]>): { paths: string[]; index: MessageIndex } {
  const paths = Object.keys(files);
  return {
    paths,
    index: MessageIndex.of(paths.length, (i) => files[paths[i]!]!.map((text, k): Message => ({ text, line: k + 1 }))),
  };
}

describe('message templates', () => {
  it('splits a message at the placeholders of each language, folding case and space', () => {
    expect(messageParts('Invalid  IPv6 URL')).toEqual(['invalid ipv6 url']);
    expect(messageParts('expected %s, got %(name)r and %5.2f%%')).toEqual(['expected', ', got', 'and']);
    expect(messageParts('no key {k} in {}: ${x}!')).toEqual(['no key', 'in', ':', '!']);
    expect(messageParts('cannot parse %q: %w')).toEqual(['cannot parse', ':']);
    expect(messageParts('line one\\nline two')).toEqual(['line one', 'line two']);
    // a percent sign before a word is text, not a placeholder
    expect(messageParts('discount {p}% outside 0..{max}')).toEqual(['discount', '% outside 0..']);
    expect(foldText('  A\tB \n C ')).toBe('a b c');
  });

  it('matches a template the query quotes, however its placeholders were filled', () => {
    const { paths, index: idx } = index({
      'a.py': ['Invalid IPv6 URL', 'discount {percent}% outside 0..{MAX}'],
      'b.py': ['could not open %s for writing'],
      'c.py': ['not found'],
    });
    const m = idx.matches('Title\nValueError: invalid ipv6   URL\nand: DiscountError: discount 120% outside 0..90');
    expect(m.map((x) => [x.message, x.files.map((i) => paths[i])])).toEqual([
      ['discount {percent}% outside 0..{MAX}', ['a.py']],
      ['Invalid IPv6 URL', ['a.py']],
    ]);
    expect(m[1]!.strength).toBeCloseTo('invalid ipv6 url'.length / MESSAGE_DEFAULTS.fullChars, 10);
    // too short to say anything: no match; parts out of order count only the longest
    expect(idx.matches('it says not found')).toEqual([]);
    const inOrder = idx.matches('could not open /tmp/x for writing');
    const outOfOrder = idx.matches('for writing, could not open it');
    expect(inOrder.map((x) => x.message)).toEqual(['could not open %s for writing']);
    expect(inOrder[0]!.strength).toBeCloseTo('could not openfor writing'.length / MESSAGE_DEFAULTS.fullChars, 10);
    expect(outOfOrder[0]!.strength).toBeCloseTo('could not open'.length / MESSAGE_DEFAULTS.fullChars, 10);
  });

  it('drops a message more files have than maxFiles', () => {
    const files = Object.fromEntries(
      Array.from({ length: MESSAGE_DEFAULTS.maxFiles + 1 }, (_, i) => [
        `f${i}.py`,
        ['connection was reset by the peer'],
      ]),
    );
    expect(index(files).index.matches('error: connection was reset by the peer')).toEqual([]);
  });
});

describe('a message index kept as data', () => {
  it('matches as the index it was taken of, and is refused for options that keep other templates', () => {
    const files = {
      'a.py': ['Invalid IPv6 URL', 'discount {percent}% outside 0..{MAX}', 'not found'],
      'b.py': ['could not open %s for writing', 'Invalid IPv6 URL'],
      'c.go': ['bad header %q: %w', 'could not open the socket for writing'],
      'd.rs': ['{}', 'unknown flag: {} (expected one of {})'],
    };
    const { index: built } = index(files);
    const parts = built.toParts();
    // plain data: what a snapshot file holds
    const kept = MessageIndex.fromParts(structuredClone(parts))!;
    // the parts as they were, whatever its queries have decoded
    kept.matches('ValueError: invalid ipv6 URL');
    expect(kept.toParts()).toEqual(parts);
    for (const query of [
      'ValueError: invalid ipv6 URL when it could not open /tmp/x for writing',
      'error: unknown flag: --x (expected one of a, b); and bad header "x": EOF',
      'DiscountError: discount 120% outside 0..90',
      'nothing here at all',
    ]) {
      expect(kept.matches(query)).toEqual(built.matches(query));
    }
    // two templates under one first word
    expect(built.matches('OSError: could not open the socket for writing').map((m) => m.message)).toEqual([
      'could not open the socket for writing',
      'could not open %s for writing',
    ]);
    expect(kept.matches('OSError: could not open the socket for writing')).toEqual(
      built.matches('OSError: could not open the socket for writing'),
    );
    expect(
      MessageIndex.fromParts(parts, { ...MESSAGE_DEFAULTS, minChars: MESSAGE_DEFAULTS.minChars + 1 }),
    ).toBeUndefined();
    // the other options are read when matching: the kept index follows them
    expect(MessageIndex.fromParts(parts, { ...MESSAGE_DEFAULTS, maxFiles: 1 })!.matches('invalid ipv6 url')).toEqual(
      [],
    );
    expect(MessageIndex.fromParts(MessageIndex.of(0, () => undefined).toParts())!.matches('invalid ipv6 url')).toEqual(
      [],
    );
  });
});

describe('messages in tags, per language', () => {
  const cases: [LanguageId, string, string, string[]][] = [
    [
      'python',
      'm.py',
      'def f(x):\n    if x:\n        raise ValueError("Invalid IPv6 URL")\n    warnings.warn(f"{x} is deprecated")\n    print("not a message")\n',
      ['Invalid IPv6 URL', '{x} is deprecated'],
    ],
    [
      'go',
      'm.go',
      'package m\nfunc f() error {\n\tlog.Printf("serving %s", a)\n\treturn fmt.Errorf("bad header %q: %w", h, err)\n}\n',
      ['serving %s', 'bad header %q: %w'],
    ],
    [
      'rust',
      'm.rs',
      'fn f() {\n    let c = read().expect("config must exist");\n    bail!("unknown flag: {}", x);\n}\n',
      ['config must exist', 'unknown flag: {}'],
    ],
    [
      'java',
      'M.java',
      'class M {\n  void f() {\n    throw new IllegalStateException("closed twice: " + id);\n  }\n}\n',
      ['closed twice:'],
    ],
    [
      'typescript',
      'm.ts',
      'export function f(a: number) {\n  if (a < 0) throw new RangeError(`negative ${a}`);\n  console.warn("slow path");\n}\n',
      ['negative ${a}', 'slow path'],
    ],
    ['javascript', 'm.js', 'function f() {\n  throw new Error("Invalid Date");\n}\n', ['Invalid Date']],
  ];
  it.each(cases)('%s', async (language, path, source, expected) => {
    const tags = await tagsFromSource(language, path, source);
    expect(tags.messages.map((m) => m.text)).toEqual(expected);
    expect(tags.messages.every((m) => m.line >= 1)).toBe(true);
  });
});
