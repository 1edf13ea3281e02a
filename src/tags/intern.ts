/**
 * One string per distinct name and kind. Tags that come back from a parse worker are
 * structured-clone copies: every reference to `len` or `call` holds its own string, which
 * on a 10,000-file corpus is about 17 MB of duplicates. (Pooling the tags read from the
 * persistent cache saved 3 MB there, so they are left as JSON.parse gives them.)
 */
import type { FileTags } from '../types.js';

export class StringPool {
  private readonly strings = new Map<string, string>();

  get(text: string): string {
    const known = this.strings.get(text);
    if (known !== undefined) return known;
    this.strings.set(text, text);
    return text;
  }

  /** Replaces, in place, the names and kinds of `tags` by pooled strings; returns `tags`. */
  tags(tags: FileTags): FileTags {
    for (const d of tags.definitions) {
      d.name = this.get(d.name);
      d.kind = this.get(d.kind) as typeof d.kind;
    }
    for (const r of tags.references) {
      r.name = this.get(r.name);
      r.kind = this.get(r.kind) as typeof r.kind;
    }
    for (const i of tags.imports) i.names = i.names.map((n) => this.get(n));
    return tags;
  }
}
