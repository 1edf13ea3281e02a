import { describe, expect, it } from 'vitest';
import { identifierParts, identifierTerms } from '../../../src/text/identifiers.js';

describe('identifierParts (digits kept)', () => {
  it.each([
    ['parseHTTPResponse', ['parse', 'http', 'response']],
    ['HTTPServer', ['http', 'server']],
    ['getMockMaker', ['get', 'mock', 'maker']],
    ['get_usage_name_fallback', ['get', 'usage', 'name', 'fallback']],
    ['FST_ERR_BAD_STATUS_CODE', ['fst', 'err', 'bad', 'status', 'code']],
    ['no-object-constructor', ['no', 'object', 'constructor']],
    ['click.core.Context', ['click', 'core', 'context']],
    ['__init__', ['init']],
    ['utf8Decode', ['utf8', 'decode']],
    ['getV2Name', ['get', 'v2', 'name']],
    ['MIMEYAML2', ['mimeyaml2']],
    ['x', ['x']],
    ['', []],
  ])('%s → %j', (name, words) => {
    expect(identifierParts(name)).toEqual(words);
  });
});

describe('identifierTerms (digits split, whole run first)', () => {
  it.each([
    ['parseHTTPResponse', ['parsehttpresponse', 'parse', 'http', 'response']],
    ['utf8Decode', ['utf8decode', 'utf', '8', 'decode']],
    ['getV2Name', ['getv2name', 'get', 'v', '2', 'name']],
    ['get_usage_name', ['get_usage_name', 'get', 'usage', 'name']],
    ['__init__', ['__init__', 'init']],
    ['x', ['x']],
    ['___', []],
    ['ÄpfelBirnen', ['äpfelbirnen', 'äpfel', 'birnen']],
  ])('%s → %j', (run, terms) => {
    expect(identifierTerms(run)).toEqual(terms);
  });

  it('differs from identifierParts only where it should: digits and the whole run', () => {
    expect(identifierParts('utf8Decode')).toEqual(['utf8', 'decode']);
    expect(identifierTerms('utf8Decode').slice(1)).toEqual(['utf', '8', 'decode']);
    expect(identifierTerms('parseHTTPResponse').slice(1)).toEqual(identifierParts('parseHTTPResponse'));
  });
});
