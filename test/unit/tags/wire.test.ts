/**
 * A batch packed by a parse worker unpacks to exactly the outcomes that were packed: tags
 * of real parses of the fixture repositories, a file with syntax errors (tags and a
 * diagnostic), a file that could not be parsed (a diagnostic alone), after a postMessage.
 */
import { MessageChannel, receiveMessageOnPort } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { StringPool } from '../../../src/tags/intern.js';
import { languageTools } from '../../../src/tags/language-tools.js';
import { parseFile } from '../../../src/tags/extract.js';
import type { FileOutcome } from '../../../src/tags/pool.js';
import { packOutcomes, unpackOutcomes, type PackedOutcomes } from '../../../src/tags/wire.js';
import type { LanguageId } from '../../../src/types.js';
import { fixtureText } from './helpers.js';

async function outcome(language: LanguageId, path: string, text: string): Promise<FileOutcome> {
  return parseFile(await languageTools(language, path), path, text);
}

/** Sends `packed` through a real MessagePort, transferring its numbers as the worker does. */
function posted(packed: PackedOutcomes): PackedOutcomes {
  const { port1, port2 } = new MessageChannel();
  port1.postMessage(packed, [packed.numbers.buffer]);
  const received = receiveMessageOnPort(port2)?.message as PackedOutcomes;
  port1.close();
  return received;
}

function unpacked(packed: PackedOutcomes, pool = new StringPool()): { index: number; outcome: FileOutcome }[] {
  const out: { index: number; outcome: FileOutcome }[] = [];
  unpackOutcomes(packed, pool, (index, outcome) => out.push({ index, outcome }));
  return out;
}

describe('packed outcomes', () => {
  it('unpack to the outcomes packed, in order, diagnostics included', async () => {
    const batch: { index: number; outcome: FileOutcome }[] = [
      { index: 7, outcome: await outcome('rust', 'src/lexer.rs', fixtureText('rust-tokenizer', 'src/lexer.rs')) },
      {
        index: 2,
        outcome: await outcome(
          'python',
          'src/inventory/pricing.py',
          fixtureText('python-inventory', 'src/inventory/pricing.py'),
        ),
      },
      { index: 5, outcome: await outcome('typescript', 'src/router.ts', fixtureText('ts-router', 'src/router.ts')) },
      {
        index: 0,
        outcome: await outcome(
          'python',
          'broken.py',
          'def ok():\n    return 1\n\ndef broken(:\n    pass\nclass Tail:\n    def m(self): ok()\n',
        ),
      },
      {
        index: 9,
        outcome: { diagnostic: { code: 'parse-failed', file: 'gone.go', message: 'cannot parse: out of memory' } },
      },
    ];
    const [rust, python, ts, broken] = batch.map((b) => b.outcome);
    expect(rust!.tags!.definitions.length).toBeGreaterThan(5);
    expect(python!.tags!.imports.length).toBeGreaterThan(0);
    expect(ts!.tags!.imports.some((i) => i.names.length > 0)).toBe(true);
    expect(broken!.diagnostic?.code).toBe('parse-error');
    expect(broken!.tags!.definitions.map((d) => d.name)).toContain('Tail');

    const expected = JSON.parse(JSON.stringify(batch)) as typeof batch;
    const packed = packOutcomes(batch);
    expect(packed.indexes).toEqual([7, 2, 5, 0, 9]);
    // every distinct string once
    expect(new Set(packed.strings).size).toBe(packed.strings.length);
    expect(unpacked(posted(packed))).toEqual(expected);
  });

  it('keep names above U+FFFF and an empty batch', async () => {
    const text = 'def 𝔣𝔬𝔬():\n    return 𝔟𝔞𝔯()\n';
    const batch = [{ index: 0, outcome: await outcome('python', 'u.py', text) }];
    expect(batch[0]!.outcome.tags!.definitions.map((d) => d.name)).toEqual(['𝔣𝔬𝔬']);
    expect(unpacked(posted(packOutcomes(batch)))).toEqual(JSON.parse(JSON.stringify(batch)));
    expect(unpacked(posted(packOutcomes([])))).toEqual([]);
  });

  it('take each distinct string of a batch from the pool once', async () => {
    const pool = new StringPool();
    const asked: string[] = [];
    const get = pool.get.bind(pool);
    pool.get = (text) => (asked.push(text), get(text));
    const packed = packOutcomes([
      { index: 0, outcome: await outcome('python', 'a.py', 'def shared_name():\n    shared_name()\n') },
      { index: 1, outcome: await outcome('python', 'b.py', 'shared_name()\nshared_name()\n') },
    ]);
    const out = unpacked(packed, pool);
    expect(asked.filter((t) => t === 'shared_name')).toHaveLength(1);
    expect(asked).toEqual(packed.strings);
    expect(out[1]!.outcome.tags!.references.map((r) => r.name)).toEqual(['shared_name', 'shared_name']);
  });

  it('refuse a batch whose numbers do not add up', async () => {
    const packed = packOutcomes([{ index: 0, outcome: await outcome('python', 'a.py', 'def f():\n    pass\n') }]);
    const longer = { ...packed, numbers: Int32Array.from([...packed.numbers, 0]) };
    expect(() => unpacked(longer)).toThrow(/1 numbers left over/);
  });
});
