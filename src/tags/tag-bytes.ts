/**
 * A file's tags as an index snapshot keeps them: two parts, its definitions and the rest,
 * each a short run of little-endian 32-bit counts and numbers and of UTF-8 strings (a
 * byte length, then the bytes). Parts are encoded in one scratch buffer this module keeps
 * and copied out at their size, so writing a snapshot's ~60k parts (100k files) allocates
 * nothing but the parts themselves: `v8.serialize` gave each part a buffer of its own,
 * outside V8's accounting, which a process kept until a collection came, and the snapshot
 * write of the 100k-file union grew by ~0.3 GB in those sections alone.
 */
import { RepoMapError } from '../errors.js';
import type { Definition, DefinitionKind, FileTags, ImportSpec, Message, Reference, ReferenceKind } from '../types.js';

/** The fields of the `rest` part, in the order every FileTags has them. */
export type TagRest = Pick<FileTags, 'references' | 'imports' | 'messages' | 'errorNodes'>;

/** The definitions part of a file's tags. */
export function encodeDefinitions(definitions: readonly Definition[]): Buffer {
  const out = new Writer();
  out.count(definitions.length);
  for (const d of definitions) {
    out.text(d.name);
    out.text(d.kind);
    out.count(d.startLine);
    out.count(d.endLine);
  }
  return out.done();
}

/** The rest of a file's tags. */
export function encodeRest(rest: TagRest): Buffer {
  const out = new Writer();
  out.count(rest.errorNodes);
  out.count(rest.references.length);
  for (const r of rest.references) {
    out.text(r.name);
    out.text(r.kind);
    out.count(r.line);
  }
  out.count(rest.imports.length);
  for (const i of rest.imports) {
    out.text(i.specifier);
    out.count(i.line);
    out.count(i.names.length);
    for (const name of i.names) out.text(name);
  }
  out.count(rest.messages.length);
  for (const m of rest.messages) {
    out.text(m.text);
    out.count(m.line);
  }
  return out.done();
}

/** The definitions `encodeDefinitions` gave `bytes` of. */
export function decodeDefinitions(bytes: Uint8Array): Definition[] {
  const from = new Reader(bytes);
  const definitions: Definition[] = new Array(from.count());
  for (let k = 0; k < definitions.length; k++)
    definitions[k] = {
      name: from.text(),
      kind: from.text() as DefinitionKind,
      startLine: from.count(),
      endLine: from.count(),
    };
  from.end();
  return definitions;
}

/** The rest `encodeRest` gave `bytes` of. */
export function decodeRest(bytes: Uint8Array): TagRest {
  const from = new Reader(bytes);
  const errorNodes = from.count();
  const references: Reference[] = new Array(from.count());
  for (let k = 0; k < references.length; k++)
    references[k] = { name: from.text(), kind: from.text() as ReferenceKind, line: from.count() };
  const imports: ImportSpec[] = new Array(from.count());
  for (let k = 0; k < imports.length; k++) {
    const specifier = from.text();
    const line = from.count();
    const names: string[] = new Array(from.count());
    for (let n = 0; n < names.length; n++) names[n] = from.text();
    imports[k] = { specifier, line, names };
  }
  const messages: Message[] = new Array(from.count());
  for (let k = 0; k < messages.length; k++) messages[k] = { text: from.text(), line: from.count() };
  from.end();
  return { references, imports, messages, errorNodes };
}

/** `String.prototype.isWellFormed` (ES2024: in Node 20 and later; the compiler's library here is ES2023). */
const isWellFormed = (s: string): boolean => (s as string & { isWellFormed(): boolean }).isWellFormed();

/** The top bit of a string's length: its bytes are UTF-16 (little-endian), not UTF-8. */
const UTF16 = 0x80000000;

/** The scratch buffer parts are encoded in (grown as a part needs, kept for the next). */
let scratch = Buffer.allocUnsafe(1 << 16);

class Writer {
  private at = 0;

  /** A whole number 0 ≤ n < 2³² (a count, a line). */
  count(n: number): void {
    this.room(4);
    scratch.writeUInt32LE(n, this.at);
    this.at += 4;
  }

  /** UTF-8; a string UTF-8 cannot hold (a lone surrogate: a message cut inside a pair) as UTF-16, its length marked by the top bit. */
  text(s: string): void {
    this.room(4 + 3 * s.length);
    const wellFormed = isWellFormed(s);
    const length = scratch.write(s, this.at + 4, wellFormed ? 'utf8' : 'utf16le');
    scratch.writeUInt32LE(wellFormed ? length : (length | UTF16) >>> 0, this.at);
    this.at += 4 + length;
  }

  /** The part, copied out of the scratch buffer. */
  done(): Buffer {
    return Buffer.from(scratch.subarray(0, this.at));
  }

  private room(bytes: number): void {
    if (this.at + bytes <= scratch.length) return;
    const grown = Buffer.allocUnsafe(Math.max(2 * scratch.length, this.at + bytes));
    scratch.copy(grown, 0, 0, this.at);
    scratch = grown;
  }
}

class Reader {
  private at = 0;
  private readonly bytes: Buffer;

  constructor(bytes: Uint8Array) {
    this.bytes = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  count(): number {
    this.need(4);
    const n = this.bytes.readUInt32LE(this.at);
    this.at += 4;
    return n;
  }

  text(): string {
    const marked = this.count();
    const length = (marked & ~UTF16) >>> 0;
    this.need(length);
    const s = this.bytes.toString(marked & UTF16 ? 'utf16le' : 'utf8', this.at, this.at + length);
    this.at += length;
    return s;
  }

  /** Every byte was read. */
  end(): void {
    if (this.at !== this.bytes.length) this.fail();
  }

  private need(bytes: number): void {
    if (this.at + bytes > this.bytes.length) this.fail();
  }

  private fail(): never {
    throw new RepoMapError(
      'cache-unavailable',
      `repomap/build: a file's kept tags are not ${this.bytes.length} bytes of tags (read to ${this.at})`,
      'tags',
    );
  }
}
