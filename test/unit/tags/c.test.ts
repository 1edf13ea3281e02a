import { afterAll, describe, expect, it } from 'vitest';
import { releaseLanguageTools } from '../../../src/tags/language-tools.js';
import { definitionKeys, fixtureTags, importKeys, lineOf, referenceKeys, snippetTags } from './helpers.js';

afterAll(releaseLanguageTools);

const REPO = 'c-httpparse';

describe('c tags on fixtures/repos/c-httpparse', () => {
  it('request.c: function definitions (static too) with their bodies, a file-scope table', async () => {
    const tags = await fixtureTags(REPO, 'src/request.c');
    const { text } = tags;
    expect(tags.errorNodes).toBe(0);
    expect(tags.language).toBe('c');
    expect(tags.definitions).toContainEqual({
      name: 'parse_request_line',
      kind: 'function',
      startLine: lineOf(text, 'static parse_status parse_request_line('),
      endLine: lineOf(text, 'return PARSE_OK;') + 1,
    });
    expect(tags.definitions).toContainEqual({
      name: 'http_parse_request',
      kind: 'function',
      startLine: lineOf(text, 'parse_status http_parse_request('),
      endLine: lineOf(text, 'req->body_len = body_len;') + 2,
    });
    expect(tags.definitions).toContainEqual({ name: 'METHOD_NAMES', kind: 'constant', startLine: 7, endLine: 7 });
    expect(definitionKeys(tags)).toEqual([
      'constant METHOD_NAMES',
      'function http_method_from',
      'function parse_request_line',
      'function parse_header_line',
      'function http_parse_request',
      'function http_status_text',
    ]);
  });

  it('request.c: calls (into the header list and the string helpers), types and all-caps constants', async () => {
    const tags = await fixtureTags(REPO, 'src/request.c');
    const { text } = tags;
    expect(tags.references).toContainEqual({
      name: 'str_find',
      kind: 'call',
      line: lineOf(text, 'const char *sp1 = str_find('),
    });
    expect(tags.references).toContainEqual({
      name: 'headers_add',
      kind: 'call',
      line: lineOf(text, 'if (headers_add('),
    });
    expect(tags.references).toContainEqual({
      name: 'headers_content_length',
      kind: 'call',
      line: lineOf(text, 'headers_content_length(&req->headers)'),
    });
    expect(tags.references).toContainEqual({
      name: 'http_request',
      kind: 'type',
      line: lineOf(text, 'http_request *req) {'),
    });
    expect(tags.references).toContainEqual({
      name: 'PARSE_BAD_HEADER',
      kind: 'type',
      line: lineOf(text, 'return PARSE_BAD_HEADER;'),
    });
    // a name used at its own definition is not a reference
    expect(tags.references.filter((r) => r.name === 'METHOD_NAMES').map((r) => r.line)).toEqual([
      lineOf(text, 'strlen(METHOD_NAMES[m])'),
    ]);
  });

  it('includes: quoted paths as written, system headers with their angle brackets, no names', async () => {
    const request = await fixtureTags(REPO, 'src/request.c');
    expect(request.imports).toEqual([
      { specifier: 'httpparse/request.h', line: 1, names: [] },
      { specifier: '<string.h>', line: 3, names: [] },
      { specifier: 'util/strutil.h', line: 5, names: [] },
    ]);
    const test = await fixtureTags(REPO, 'tests/test_request.c');
    expect(importKeys(test)).toEqual([
      '<string.h> []',
      '../src/util/strutil.h []',
      'check.h []',
      'httpparse/request.h []',
    ]);
  });

  it('headers: prototypes are functions, structs with a body classes, macros constants, include guards nothing', async () => {
    const headers = await fixtureTags(REPO, 'include/httpparse/headers.h');
    expect(headers.errorNodes).toBe(0);
    expect(definitionKeys(headers)).toEqual([
      'constant HTTP_MAX_HEADERS',
      'class http_header',
      'class header_list',
      'function headers_init',
      'function headers_add',
      'function headers_get',
      'function headers_content_length',
    ]);
    // `struct http_header items[…]` and `const struct header_list *list` use the tags.
    expect(referenceKeys(headers)).toEqual(
      expect.arrayContaining(['class http_header', 'class header_list', 'type HTTP_MAX_HEADERS']),
    );
    expect(referenceKeys(headers).some((r) => r.endsWith('_H'))).toBe(false);

    const request = await fixtureTags(REPO, 'include/httpparse/request.h');
    expect(definitionKeys(request)).toEqual(
      expect.arrayContaining([
        'type http_method',
        'constant HTTP_GET',
        'type parse_status',
        'constant PARSE_TOO_MANY_HEADERS',
        'class http_request',
        'type http_request',
        'function http_parse_request',
      ]),
    );
  });

  it('messages: what a C program reports a failure with', async () => {
    const main = await fixtureTags(REPO, 'src/main.c');
    expect(main.messages).toEqual([{ text: 'httpparse: %s\\n', line: lineOf(main.text, 'fprintf(stderr') }]);
    const tags = await snippetTags(
      'c',
      [
        'void f(const char *p) {',
        '  if (!p) { perror("cannot open config"); return; }',
        '  fprintf(stdout, "not a failure\\n");',
        '  PyErr_SetString(PyExc_ValueError, "naxis must be positive");',
        '  log_error("header too long: %zu", n);',
        '  err(1, "read failed");',
        '}',
        '',
      ].join('\n'),
    );
    expect(tags.messages.map((m) => m.text)).toEqual([
      'cannot open config',
      'naxis must be positive',
      'header too long: %zu',
      'read failed',
    ]);
  });

  it('snippets: function-pointer typedefs, pointer-returning functions, calls through structs, file scope only', async () => {
    const tags = await snippetTags(
      'c',
      [
        '#include CONFIG_HEADER',
        'typedef int (*handler_fn)(int);',
        'typedef struct conn *conn_ref;',
        'extern int verbose;',
        'static char **split_words(const char *s) { int local = 1; return ops->tokenize(s, local); }',
        '#ifdef HAVE_POLL',
        'int poll_timeout = 10;',
        '#endif',
        'void use(struct conn *c) { handler_fn f = lookup(c); f(MAX_CONNS); }',
        '',
      ].join('\n'),
    );
    expect(tags.errorNodes).toBe(0);
    expect(tags.imports).toEqual([]);
    expect(definitionKeys(tags)).toEqual([
      'type handler_fn',
      'type conn_ref',
      'constant verbose',
      'function split_words',
      'constant poll_timeout',
      'function use',
    ]);
    expect(referenceKeys(tags)).toEqual(
      expect.arrayContaining([
        'call tokenize',
        'call lookup',
        'class conn',
        'type handler_fn',
        'type MAX_CONNS',
        'type HAVE_POLL',
      ]),
    );
    expect(definitionKeys(tags)).not.toContain('constant local');
  });
});
