import { afterAll, describe, expect, it } from 'vitest';
import { releaseLanguageTools } from '../../../src/tags/language-tools.js';
import { definitionKeys, fixtureTags, importKeys, lineOf, referenceKeys, snippetTags } from './helpers.js';

afterAll(releaseLanguageTools);

const REPO = 'rust-tokenizer';

describe('rust tags on fixtures/repos/rust-tokenizer', () => {
  it('lib.rs: `mod name;` items and `pub use` lists are imports', async () => {
    const tags = await fixtureTags(REPO, 'src/lib.rs');
    const { text } = tags;
    expect(tags.errorNodes).toBe(0);
    expect(tags.imports).toEqual([
      { specifier: 'mod lexer', line: lineOf(text, 'mod lexer;'), names: [] },
      { specifier: 'mod error', line: lineOf(text, 'pub mod error;'), names: [] },
      { specifier: 'mod eval', line: lineOf(text, 'pub mod eval;'), names: [] },
      { specifier: 'mod parser', line: lineOf(text, 'pub mod parser;'), names: [] },
      { specifier: 'mod token', line: lineOf(text, 'pub mod token;'), names: [] },
      { specifier: 'error', line: lineOf(text, 'pub use error::'), names: ['LexError', 'ParseError'] },
      { specifier: 'lexer', line: lineOf(text, 'pub use lexer::'), names: ['tokenize', 'Lexer'] },
      { specifier: 'parser', line: lineOf(text, 'pub use parser::'), names: ['parse_expression', 'BinOp', 'Expr'] },
      { specifier: 'token', line: lineOf(text, 'pub use token::'), names: ['Span', 'Token', 'TokenKind'] },
    ]);
    // Out-of-line `mod x;` declares no symbol here.
    expect(tags.definitions).toEqual([]);
  });

  it('token.rs: structs, enums, impl methods, trait impls and `use std::fmt`', async () => {
    const tags = await fixtureTags(REPO, 'src/token.rs');
    const { text } = tags;
    expect(importKeys(tags)).toEqual(['std [fmt]']);
    expect(tags.definitions).toContainEqual({
      name: 'Span',
      kind: 'class',
      startLine: lineOf(text, 'pub struct Span'),
      endLine: lineOf(text, 'pub end: usize') + 1,
    });
    expect(definitionKeys(tags)).toEqual(
      expect.arrayContaining([
        'class TokenKind',
        'class Token',
        'method new',
        'method len',
        'method is_empty',
        'method fmt',
      ]),
    );
    expect(definitionKeys(tags)).not.toContain('function new');
    // `impl fmt::Display for TokenKind` → Display is implemented; `impl Token` → Token.
    expect(tags.references).toContainEqual({
      name: 'Display',
      kind: 'implementation',
      line: lineOf(text, 'impl fmt::Display for TokenKind'),
    });
    expect(tags.references).toContainEqual({
      name: 'Token',
      kind: 'implementation',
      line: lineOf(text, 'impl Token {'),
    });
    expect(tags.references).toContainEqual({ name: 'Formatter', kind: 'type', line: lineOf(text, 'fmt::Formatter') });
    // Macro invocations and method calls.
    expect(tags.references).toContainEqual({ name: 'write', kind: 'call', line: lineOf(text, 'write!(f, "number') });
    expect(tags.references).toContainEqual({
      name: 'write_str',
      kind: 'call',
      line: lineOf(text, 'TokenKind::Plus =>'),
    });
    // Struct literal `Token { kind, span }`.
    expect(tags.references).toContainEqual({
      name: 'Token',
      kind: 'class',
      line: lineOf(text, 'Token { kind, span }'),
    });
  });

  it('lexer.rs: crate paths, nested imports, calls and associated functions', async () => {
    const tags = await fixtureTags(REPO, 'src/lexer.rs');
    const { text } = tags;
    expect(importKeys(tags)).toEqual(
      expect.arrayContaining([
        'std::iter [Peekable]',
        'std::str [CharIndices]',
        'crate::error [LexError]',
        'crate::token [Span, Token, TokenKind]',
        'super [*]',
      ]),
    );
    expect(definitionKeys(tags)).toEqual(
      expect.arrayContaining(['class Lexer', 'method new', 'method next_token', 'function tokenize', 'module tests']),
    );
    const tokenize = tags.definitions.find((d) => d.name === 'tokenize');
    expect(tokenize).toEqual({
      name: 'tokenize',
      kind: 'function',
      startLine: lineOf(text, 'pub fn tokenize('),
      endLine: tokenize!.endLine,
    });
    expect(tokenize!.endLine).toBeGreaterThan(tokenize!.startLine);
    expect(tags.references).toContainEqual({
      name: 'lex_number',
      kind: 'call',
      line: lineOf(text, 'self.lex_number('),
    });
    expect(tags.references).toContainEqual({
      name: 'new',
      kind: 'call',
      line: lineOf(text, 'let mut lexer = Lexer::new('),
    });
    expect(tags.references).toContainEqual({
      name: 'Lexer',
      kind: 'type',
      line: lineOf(text, 'let mut lexer = Lexer::new('),
    });
    expect(referenceKeys(tags)).toEqual(expect.arrayContaining(['call assert_eq', 'type LexError', 'type Peekable']));
  });

  it('parser/expr.rs and tests/: `use super::X`, external crate paths, enum paths', async () => {
    const expr = await fixtureTags(REPO, 'src/parser/expr.rs');
    expect(importKeys(expr)).toEqual([
      'super [Parser]',
      'crate::error [ParseError]',
      'crate::token [Token, TokenKind]',
    ]);
    expect(definitionKeys(expr)).toEqual(
      expect.arrayContaining(['class BinOp', 'class Expr', 'function binding_power', 'method parse_expr']),
    );
    expect(referenceKeys(expr)).toEqual(
      expect.arrayContaining(['implementation Parser', 'call binding_power', 'call parse_primary', 'class Binary']),
    );

    const parserTests = await fixtureTags(REPO, 'tests/parser_tests.rs');
    expect(importKeys(parserTests)).toEqual([
      'rust_tokenizer::eval [eval_str, Vars]',
      'rust_tokenizer::parser [parse_expression, BinOp, Expr]',
      'rust_tokenizer [ParseError]',
    ]);
    expect(referenceKeys(parserTests)).toEqual(expect.arrayContaining(['call parse_expression', 'call eval_str']));
  });
});

describe('rust use forms (inline)', () => {
  it('follows the specifier rule: module path + last segment as the name', async () => {
    const tags = await snippetTags(
      'rust',
      [
        'use crate::a::b::{C, d};',
        'use super::x::Y;',
        'use std::io;',
        'use std::collections::HashMap as Map;',
        'use crate::{lexer::{Lexer, Token as T}, span::Span, util, self};',
        'use foo::*;',
        'use serde;',
        'use a::{b::{c::D, self}};',
        'mod inline { pub fn f() {} }',
        'pub(crate) mod outline;',
        'macro_rules! tok { () => {} }',
        'pub const MAX: usize = 3;',
        'static NAME: &str = "n";',
        'trait Scan { fn scan(&self); }',
        'fn g() { tok!(); let v: Vec<u8> = Vec::new(); v.iter().map::<u8, _>(h); }',
      ].join('\n'),
    );
    expect(tags.imports).toEqual([
      { specifier: 'crate::a::b', line: 1, names: ['C', 'd'] },
      { specifier: 'super::x', line: 2, names: ['Y'] },
      { specifier: 'std', line: 3, names: ['io'] },
      { specifier: 'std::collections', line: 4, names: ['HashMap'] },
      { specifier: 'crate', line: 5, names: ['util'] },
      { specifier: 'crate::lexer', line: 5, names: ['Lexer', 'Token'] },
      { specifier: 'crate::span', line: 5, names: ['Span'] },
      { specifier: 'foo', line: 6, names: ['*'] },
      { specifier: 'serde', line: 7, names: [] },
      { specifier: 'a::b', line: 8, names: [] },
      { specifier: 'a::b::c', line: 8, names: ['D'] },
      { specifier: 'mod outline', line: 10, names: [] },
    ]);
    expect(definitionKeys(tags)).toEqual([
      'function f',
      'module inline',
      'function tok',
      'constant MAX',
      'constant NAME',
      'interface Scan',
      'method scan',
      'function g',
    ]);
    expect(referenceKeys(tags)).toEqual(
      expect.arrayContaining(['call tok', 'call new', 'call iter', 'call map', 'type Vec']),
    );
  });
});
