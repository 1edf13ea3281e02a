import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { contractTokens, countContractTokens, identifierWords } from '../../../src/text/tokens.js';

describe('contract tokens', () => {
  it('splits identifiers, digit runs and single other characters; whitespace separates', () => {
    expect(contractTokens('### src/a_b.py\nfoo(x1, 42)+=3.5e10')).toEqual([
      '#',
      '#',
      '#',
      'src',
      '/',
      'a_b',
      '.',
      'py',
      'foo',
      '(',
      'x1',
      ',',
      '42',
      ')',
      '+',
      '=',
      '3',
      '.',
      '5',
      'e10',
    ]);
    // A digit run ends at a letter: "123abc" is "123", "abc" (the identifier alternative needs a letter first).
    expect(contractTokens('123abc _9')).toEqual(['123', 'abc', '_9']);
  });

  it('counts non-ASCII code points one by one, astral ones once', () => {
    expect(contractTokens('héllo 😀!')).toEqual(['h', 'é', 'llo', '😀', '!']);
    expect(countContractTokens('héllo 😀!')).toBe(5);
  });

  it("uses Python's \\s: U+001C and U+0085 separate, U+FEFF is a token", () => {
    expect(contractTokens('a\u001cb\u0085c')).toEqual(['a', 'b', 'c']);
    expect(contractTokens('a\ufeffb')).toEqual(['a', '\ufeff', 'b']);
    expect(countContractTokens('a\u001cb\u0085c\ufeff')).toBe(4);
  });

  it('stops counting at the limit', () => {
    expect(countContractTokens('a b c d e', 3)).toBe(3);
    expect(countContractTokens('a b', 3)).toBe(2);
  });

  it('property: the counting scanner agrees with the regex', () => {
    const alphabet = fc.constantFrom(
      'a',
      'Z',
      '_',
      '0',
      '9',
      ' ',
      '\n',
      '\t',
      '.',
      '#',
      'é',
      '😀',
      '\u0085',
      '\ufeff',
      '\ud800',
      '\u001f',
    );
    fc.assert(
      fc.property(fc.array(alphabet, { maxLength: 60 }), (chars) => {
        const text = chars.join('');
        expect(countContractTokens(text)).toBe(contractTokens(text).length);
      }),
    );
  });
});

describe('identifierWords', () => {
  it('keeps the whole identifier and splits it on case, digits and underscores', () => {
    expect(identifierWords('parseHTTPResponse_v2')).toEqual([
      'parsehttpresponse_v2',
      'parse',
      'http',
      'response',
      'v',
      '2',
    ]);
    expect(identifierWords('__init__ foo 404')).toEqual(['__init__', 'init', 'foo', '404']);
    expect(identifierWords('src/click/_termui_impl.py')).toEqual([
      'src',
      'click',
      '_termui_impl',
      'termui',
      'impl',
      'py',
    ]);
    expect(identifierWords('utf8Decoder')).toEqual(['utf8decoder', 'utf', '8', 'decoder']);
  });

  it('splits non-ASCII identifiers by case too', () => {
    expect(identifierWords('ÉtéÀ')).toEqual(['étéà', 'été', 'à']);
  });
});
