import { afterAll, describe, expect, it } from 'vitest';
import { releaseLanguageTools } from '../../../src/tags/language-tools.js';
import { definitionKeys, fixtureTags, importKeys, lineOf, referenceKeys, snippetTags } from './helpers.js';

afterAll(releaseLanguageTools);

const REPO = 'go-ratelimit';

describe('go tags on fixtures/repos/go-ratelimit', () => {
  it('limiter.go: package, struct, func type, funcs, methods, consts and package vars', async () => {
    const tags = await fixtureTags(REPO, 'limiter.go');
    const { text } = tags;
    expect(tags.errorNodes).toBe(0);
    expect(tags.definitions).toContainEqual({ name: 'ratelimit', kind: 'module', startLine: 2, endLine: 2 });
    expect(tags.definitions).toContainEqual({
      name: 'Limiter',
      kind: 'class',
      startLine: lineOf(text, 'type Limiter struct'),
      endLine: lineOf(text, 'state *store.MemoryStore') + 1,
    });
    expect(tags.definitions).toContainEqual({
      name: 'AllowN',
      kind: 'method',
      startLine: lineOf(text, 'func (l *Limiter) AllowN('),
      endLine: lineOf(text, 'return ok') + 1,
    });
    expect(definitionKeys(tags)).toEqual(
      expect.arrayContaining([
        'type Option',
        'function WithClock',
        'function NewLimiter',
        'method Allow',
        'method Reserve',
        'method bucketFor',
        'constant DefaultIdleTTL',
        'constant ErrInvalidRate',
      ]),
    );
  });

  it('limiter.go: calls, selector calls `pkg.F()` as `F`, composite literals and type references', async () => {
    const tags = await fixtureTags(REPO, 'limiter.go');
    const { text } = tags;
    expect(tags.references).toContainEqual({
      name: 'NewTokenBucket',
      kind: 'call',
      line: lineOf(text, 'b := NewTokenBucket('),
    });
    expect(tags.references).toContainEqual({
      name: 'NewMemoryStore',
      kind: 'call',
      line: lineOf(text, 'store.NewMemoryStore('),
    });
    expect(tags.references).toContainEqual({
      name: 'TakeTokens',
      kind: 'call',
      line: lineOf(text, 'bucket.TakeTokens('),
    });
    expect(tags.references).toContainEqual({ name: 'New', kind: 'call', line: lineOf(text, 'errors.New(') });
    expect(tags.references).toContainEqual({ name: 'Real', kind: 'class', line: lineOf(text, 'clock.Real{}') });
    expect(tags.references).toContainEqual({ name: 'State', kind: 'class', line: lineOf(text, 'store.State{') });
    expect(tags.references).toContainEqual({ name: 'Clock', kind: 'type', line: lineOf(text, 'clk   clock.Clock') });
    expect(tags.references).toContainEqual({
      name: 'MemoryStore',
      kind: 'type',
      line: lineOf(text, '*store.MemoryStore'),
    });
    expect(tags.references).toContainEqual({
      name: 'TokenBucket',
      kind: 'type',
      line: lineOf(text, 'func (l *Limiter) bucketFor('),
    });
    // Predeclared types and builtins are not references; neither is a definition's own name.
    expect(referenceKeys(tags)).not.toContain('type int');
    expect(referenceKeys(tags)).not.toContain('type float64');
    expect(tags.references).not.toContainEqual(
      expect.objectContaining({ name: 'Limiter', line: lineOf(text, 'type Limiter struct') }),
    );
  });

  it('limiter.go and httpmw/middleware.go: import paths without quotes, no names', async () => {
    const limiter = await fixtureTags(REPO, 'limiter.go');
    expect(limiter.imports).toEqual([
      { specifier: 'errors', line: lineOf(limiter.text, '"errors"'), names: [] },
      { specifier: 'sync', line: lineOf(limiter.text, '"sync"'), names: [] },
      { specifier: 'time', line: lineOf(limiter.text, '"time"'), names: [] },
      { specifier: 'example.com/ratelimit/internal/clock', line: lineOf(limiter.text, 'internal/clock"'), names: [] },
      { specifier: 'example.com/ratelimit/store', line: lineOf(limiter.text, 'ratelimit/store"'), names: [] },
    ]);
    const middleware = await fixtureTags(REPO, 'httpmw/middleware.go');
    expect(importKeys(middleware)).toEqual([
      'net []',
      'net/http []',
      'strconv []',
      'time []',
      'example.com/ratelimit []',
    ]);
    expect(definitionKeys(middleware)).toEqual(
      expect.arrayContaining(['module httpmw', 'type KeyFunc', 'function ClientIP', 'function Limit']),
    );
    expect(referenceKeys(middleware)).toEqual(expect.arrayContaining(['call SplitHostPort', 'type Request']));
  });

  it('internal/clock/clock.go: interfaces, interface methods and methods on value receivers', async () => {
    const tags = await fixtureTags(REPO, 'internal/clock/clock.go');
    const { text } = tags;
    expect(tags.definitions).toContainEqual({
      name: 'Clock',
      kind: 'interface',
      startLine: lineOf(text, 'type Clock interface'),
      endLine: lineOf(text, 'type Clock interface') + 2,
    });
    expect(tags.definitions).toContainEqual({
      name: 'Now',
      kind: 'method',
      startLine: lineOf(text, 'Now() time.Time'),
      endLine: lineOf(text, 'Now() time.Time'),
    });
    expect(tags.definitions).toContainEqual({
      name: 'Now',
      kind: 'method',
      startLine: lineOf(text, 'func (Real) Now()'),
      endLine: lineOf(text, 'func (Real) Now()'),
    });
    expect(definitionKeys(tags)).toEqual(
      expect.arrayContaining(['module clock', 'class Real', 'class Fake', 'function NewFake']),
    );
  });
});

describe('go forms (inline)', () => {
  it('named and blank imports, grouped consts, aliases and generic calls', async () => {
    const tags = await snippetTags(
      'go',
      [
        'package demo',
        'import (',
        '\trl "github.com/acme/ratelimit"',
        '\t_ "embed"',
        '\t. "strings"',
        ')',
        'const (',
        '\tA, B = 1, 2',
        ')',
        'type Alias = rl.Limiter',
        'func Map[T any](xs []T) []T { return xs }',
        'func use() { _ = Map[int](nil); _ = len("x"); rl.NewLimiter() }',
      ].join('\n'),
    );
    expect(importKeys(tags)).toEqual(['github.com/acme/ratelimit []', 'embed []', 'strings []']);
    expect(definitionKeys(tags)).toEqual([
      'module demo',
      'constant A',
      'constant B',
      'type Alias',
      'function Map',
      'function use',
    ]);
    expect(referenceKeys(tags)).toEqual(expect.arrayContaining(['type Limiter', 'call Map', 'call NewLimiter']));
    expect(referenceKeys(tags)).not.toContain('call len');
  });
});
