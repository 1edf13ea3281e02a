import { describe, expect, it } from 'vitest';
import { RepoMapError } from '../../../src/index.js';
import { loadTokenizer } from '../../../src/unstable.js';
import { regexTokenizer } from '../../../src/pack/index.js';
import { contractTokens } from '../../../src/text/tokens.js';

describe('pack tokenizers', () => {
  it("regex is the contract's tokenizer", async () => {
    const text = 'def apply_discount(item, 50):\n    return 3 == 2 ⋮';
    expect((await loadTokenizer('regex')).count(text)).toBe(contractTokens(text).length);
    // def apply_discount ( item , 50 ) : return 3 = = 2 ⋮
    expect(regexTokenizer.count(text)).toBe(14);
  });

  it('o200k_base and cl100k_base count real BPE tokens and read special-token text as text', async () => {
    const o200k = await loadTokenizer('o200k_base');
    const cl100k = await loadTokenizer('cl100k_base');
    expect(o200k.count('hello world')).toBe(2);
    expect(cl100k.count('hello world')).toBe(2);
    // would throw "Disallowed special token" with gpt-tokenizer's defaults
    expect(o200k.count('a <|endoftext|> b')).toBeGreaterThan(3);
    expect(o200k.count('')).toBe(0);
    expect(await loadTokenizer('o200k_base')).toBe(o200k);
  });

  it('an unknown name is an error naming the option', async () => {
    const error = await loadTokenizer('gpt2').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RepoMapError);
    expect((error as RepoMapError).subject).toBe('tokenizer');
    expect((error as RepoMapError).message).toContain('regex, o200k_base, cl100k_base');
  });
});
