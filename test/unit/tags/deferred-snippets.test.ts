/** A snippet reader whose grammars load on demand (src/tags/deferred-snippets.ts): it reads as the eager reader once loaded, and refuses to read before. */
import { describe, expect, it } from 'vitest';
import { deferredSnippetReader } from '../../../src/tags/deferred-snippets.js';
import { snippetReader } from '../../../src/tags/snippet.js';
import { errorOf } from '../../error-of.js';

const CODE =
  'from inventory.pricing import best_price\n\nclass Cart(Base):\n    def total(self):\n        return best_price(self.item, 3)\n';

describe('deferredSnippetReader', () => {
  it('throws for a language it was made for but has not loaded, reads nothing of others, and reads as the eager reader once loaded', async () => {
    const deferred = deferredSnippetReader(['python', 'go']);
    expect(deferred.reader.languages).toEqual(['python', 'go']);
    const error = errorOf(() => deferred.reader.read('python', CODE));
    expect(error).toMatchObject({ code: 'internal' });
    expect(error.message).toMatch(/python grammar .* not loaded \(Index\.prepare\)/);
    expect(deferred.reader.read('rust', 'fn main() {}')).toBeUndefined();
    await deferred.load(['python', 'rust']);
    const eager = await snippetReader(['python']);
    const tags = deferred.reader.read('python', CODE);
    expect(tags).toEqual(eager.read('python', CODE));
    expect(tags?.imports.map((i) => i.names)).toEqual([['best_price']]);
    // go is still not loaded
    expect(() => deferred.reader.read('go', 'package main')).toThrow(/go grammar/);
  });
});
