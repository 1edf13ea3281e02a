/**
 * The values a snapshot file holds, as bytes: what a stage's codec (`<stage>/codec.ts`)
 * gives and takes. A section is a v8-serializable value whose typed arrays go after its v8
 * stream, aligned, so they read back as views of the file's bytes (no copy); a list of
 * byte arrays (`ByteList`, made one part at a time as a `PartList`) is written part by
 * part, and read back one part at a time. This module imports nothing of src/ but the
 * error class: stage codecs import it, and src/persist/ (the only importer of codecs)
 * writes and reads the file (./snapshot-file.ts).
 *
 * A section's bytes are a v8 stream: they read back only under the same Node and V8
 * version (the snapshot key carries both: ./slot.ts).
 */
import v8 from 'node:v8';
import { RepoMapError } from '../errors.js';

/** A record of sections as a stage's codec gives it to be written: each a value, or a function that makes it when its section is written. */
export type Sections<T> = { [K in keyof T]: T[K] | (() => T[K]) };

/** A list of byte arrays, as an array holds them or as a snapshot file reads them one at a time. */
export interface ByteList {
  readonly length: number;
  at(index: number): Uint8Array | undefined;
}

/**
 * A list of parts made one at a time as a snapshot file is written (each file's tags
 * serialized when its turn comes), so the write never holds them all. A part is made as
 * its bytes, or as the pieces they are (`sectionChunks`), which the write writes in turn.
 */
export class PartList implements ByteList {
  constructor(
    readonly length: number,
    private readonly make: (index: number) => Uint8Array | readonly Uint8Array[],
  ) {}

  at(index: number): Uint8Array | undefined {
    const part = this.partAt(index);
    return part === undefined || part instanceof Uint8Array ? part : Buffer.concat(part);
  }

  /** A part as made: its bytes, or its pieces. */
  partAt(index: number): Uint8Array | readonly Uint8Array[] | undefined {
    return Number.isInteger(index) && index >= 0 && index < this.length ? this.make(index) : undefined;
  }
}

/**
 * The typed arrays a section's value holds go after its v8 stream, each at an offset that
 * is a multiple of 8, so that they read back as views of the section's bytes: no copy
 * (v8's own format puts them at any offset, and an unaligned one is copied when read).
 */
type ViewOf = (buffer: ArrayBuffer, byteOffset: number, byteLength: number) => ArrayBufferView;
const typed =
  (T: {
    new (buffer: ArrayBuffer, byteOffset: number, length: number): ArrayBufferView;
    readonly BYTES_PER_ELEMENT: number;
  }): ViewOf =>
  (buffer, byteOffset, byteLength) =>
    new T(buffer, byteOffset, byteLength / T.BYTES_PER_ELEMENT);
/** Each kind of typed array kept, with how to make one over a section's bytes (a Buffer is a Uint8Array too: it comes last, and is looked for first). */
const VIEW_TYPES: readonly (readonly [Function, ViewOf])[] = [
  ...[
    Int8Array,
    Uint8Array,
    Uint8ClampedArray,
    Int16Array,
    Uint16Array,
    Int32Array,
    Uint32Array,
    Float32Array,
    Float64Array,
    BigInt64Array,
    BigUint64Array,
  ].map((T) => [T, typed(T)] as const),
  [DataView, (buffer, byteOffset, byteLength) => new DataView(buffer, byteOffset, byteLength)],
  [Buffer, (buffer, byteOffset, byteLength) => Buffer.from(buffer, byteOffset, byteLength)],
];

/** Writes each typed array as its type and its place in `views` (the section puts the bytes after the stream). */
class SectionSerializer extends v8.DefaultSerializer {
  readonly views: ArrayBufferView[] = [];

  _writeHostObject(view: ArrayBufferView): void {
    // a Buffer first: it is a Uint8Array too
    const type = view instanceof Buffer ? VIEW_TYPES.length - 1 : VIEW_TYPES.findIndex(([T]) => view.constructor === T);
    if (type < 0)
      throw new RepoMapError('internal', `repomap/cache: cannot keep a ${view.constructor.name} in a snapshot`);
    this.writeUint32(type);
    this.writeUint32(this.views.length);
    this.views.push(view);
  }
}

/** Reads each typed array as a view of the section's bytes (see `SectionSerializer`). */
class SectionDeserializer extends v8.DefaultDeserializer {
  constructor(
    stream: Buffer,
    private readonly bytes: Buffer,
    private readonly places: Float64Array,
  ) {
    super(stream);
  }

  _readHostObject(): ArrayBufferView {
    const type = this.readUint32();
    const k = this.readUint32();
    const viewOf = VIEW_TYPES[type]?.[1];
    const at = this.places[2 * k];
    const length = this.places[2 * k + 1];
    if (viewOf === undefined || at === undefined || length === undefined || at + length > this.bytes.length)
      throw new RepoMapError(
        'cache-unavailable',
        `repomap/cache: typed array ${k} of type ${type} is not in the section`,
      );
    return viewOf(this.bytes.buffer as ArrayBuffer, this.bytes.byteOffset + at, length);
  }
}

const align8 = (n: number): number => Math.ceil(n / 8) * 8;

/** A section's bytes: the v8 stream's length, the typed arrays' count and places (offset, length), the stream, then each typed array's bytes at a multiple of 8. */
export function encodeSection(value: unknown): Buffer {
  return Buffer.concat(sectionChunks(value));
}

/**
 * `encodeSection`'s bytes as the pieces they are made of, in order: the head (the stream's
 * length, the number of typed arrays and where each is), the v8 stream, then each typed
 * array as a view of its own memory, with the zero padding that aligns it. A snapshot
 * write writes them in turn: a section of large arrays (a CSR of 100k files, ~46 MB) is
 * not copied once more into a buffer of its own.
 */
export function sectionChunks(value: unknown): Uint8Array[] {
  const serializer = new SectionSerializer();
  serializer.writeHeader();
  serializer.writeValue(value);
  const stream = serializer.releaseBuffer();
  const { views } = serializer;
  const head = Buffer.alloc(8 + 16 * views.length);
  const places = new Float64Array(2 * views.length);
  let end = align8(head.length + stream.length);
  views.forEach((v, k) => {
    places[2 * k] = end;
    places[2 * k + 1] = v.byteLength;
    end = align8(end + v.byteLength);
  });
  head.writeUInt32LE(stream.length, 0);
  head.writeUInt32LE(views.length, 4);
  Buffer.from(places.buffer).copy(head, 8);
  const chunks: Uint8Array[] = [head, stream];
  let at = head.length + stream.length;
  const padTo = (to: number): void => {
    if (to > at) chunks.push(Buffer.alloc(to - at));
    at = to;
  };
  views.forEach((v, k) => {
    padTo(places[2 * k]!);
    chunks.push(new Uint8Array(v.buffer, v.byteOffset, v.byteLength));
    at += v.byteLength;
  });
  padTo(end);
  return chunks;
}

/** The value of a section's bytes (`encodeSection`), its typed arrays views of `bytes` (which start at a multiple of 8: a part read from a snapshot file does). */
export function decodeSection(bytes: Uint8Array): unknown {
  const at = Buffer.from(
    bytes.byteOffset % 8 === 0 ? bytes.buffer : Uint8Array.from(bytes).buffer,
    bytes.byteOffset % 8 === 0 ? bytes.byteOffset : 0,
    bytes.byteLength,
  );
  const streamLength = at.readUInt32LE(0);
  const count = at.readUInt32LE(4);
  const head = 8 + 16 * count;
  if (head + streamLength > at.length)
    throw new RepoMapError(
      'cache-unavailable',
      `repomap/cache: a section's stream of ${streamLength} bytes does not fit in its ${at.length}`,
    );
  const places = new Float64Array(at.buffer.slice(at.byteOffset + 8, at.byteOffset + head));
  const deserializer = new SectionDeserializer(at.subarray(head, head + streamLength), at, places);
  deserializer.readHeader();
  return deserializer.readValue();
}
