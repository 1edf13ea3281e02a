import { RepoMapError } from '../errors.js';
import { countContractTokens } from '../text/tokens.js';

/**
 * Token counters a pack's budget can be measured in: the eval contract's regex
 * tokens (what BCY counts) and two OpenAI BPE encodings from gpt-tokenizer,
 * loaded on first use so that ranking never pays for their tables.
 */

export const TOKENIZERS = ['regex', 'o200k_base', 'cl100k_base'] as const;
export type TokenizerName = (typeof TOKENIZERS)[number];

/**
 * Default for packs: o200k_base, the encoding of the current OpenAI models
 * (GPT-4o, GPT-4.1, GPT-5, o-series), so a budget means what a prompt costs.
 * `regex` is the contract's measure for comparing with BCY figures.
 */
export const DEFAULT_TOKENIZER: TokenizerName = 'o200k_base';

/** Counts the tokens of a text. */
export interface Tokenizer {
  readonly name: TokenizerName;
  count(text: string): number;
}

/** The eval contract's tokenizer (section 3): `[A-Za-z_][A-Za-z0-9_]*|[0-9]+|[^A-Za-z0-9_\s]`. */
export const regexTokenizer: Tokenizer = { name: 'regex', count: (text) => countContractTokens(text) };

const loaded = new Map<TokenizerName, Promise<Tokenizer>>();

/** The tokenizer of that name; an unknown name is a RepoMapError naming the option. */
export function loadTokenizer(name: string): Promise<Tokenizer> {
  if (!isTokenizerName(name)) {
    return Promise.reject(
      new RepoMapError(
        'bad-option',
        `repomap/pack: unknown tokenizer "${name}" (expected one of ${TOKENIZERS.join(', ')})`,
        'tokenizer',
      ),
    );
  }
  if (name === 'regex') return Promise.resolve(regexTokenizer);
  let tokenizer = loaded.get(name);
  if (!tokenizer) loaded.set(name, (tokenizer = loadBpe(name)));
  return tokenizer;
}

export function isTokenizerName(name: string): name is TokenizerName {
  return (TOKENIZERS as readonly string[]).includes(name);
}

// Special-token strings (`<|endoftext|>`) in source text are ordinary text: counting must not throw on them.
const AS_TEXT = { disallowedSpecial: new Set<string>() };

async function loadBpe(name: 'o200k_base' | 'cl100k_base'): Promise<Tokenizer> {
  const encoding =
    name === 'o200k_base'
      ? await import('gpt-tokenizer/encoding/o200k_base')
      : await import('gpt-tokenizer/encoding/cl100k_base');
  return { name, count: (text) => (text === '' ? 0 : encoding.countTokens(text, AS_TEXT)) };
}
