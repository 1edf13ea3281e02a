/** An append-only typed array that doubles when full; `values` is valid up to `length`. */
export class Growable<T extends Int32Array | Float64Array> {
  values: T;
  length = 0;

  constructor(private readonly make: (size: number) => T) {
    this.values = make(1024);
  }

  /** Appends one to four values (a fixed arity, so no array per call). */
  push(a: number, b?: number, c?: number, d?: number): void {
    this.one(a);
    if (b !== undefined) this.one(b);
    if (c !== undefined) this.one(c);
    if (d !== undefined) this.one(d);
  }

  /** The values pushed, in an array of their own (its buffer can be transferred). */
  take(): T {
    return this.values.slice(0, this.length) as T;
  }

  private one(value: number): void {
    if (this.length === this.values.length) {
      const grown = this.make(this.values.length * 2);
      grown.set(this.values);
      this.values = grown;
    }
    this.values[this.length++] = value;
  }
}
