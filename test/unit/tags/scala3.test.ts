/**
 * Scala 3 on tree-sitter-scala 0.24.0 (grammars/manifest.json): `enum`, `given`,
 * `extension`, indentation syntax, `import a.{B as C}` and `import a.*`, which the Scala 2
 * grammar of tree-sitter-wasms 0.1.13 read as errors (80 % of cats' files had an error node;
 * grammars/MEASURED-scala.md). A small sbt project written into a folder here, read as the
 * index reads it: its tags, and the links the graph draws from them.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildIndex, loadCorpus, type FileTags, type Index } from '../../../src/index.js';
import { releaseLanguageTools } from '../../../src/tags/language-tools.js';
import { definitionKeys, importKeys, lineOf, plain, referenceKeys } from './helpers.js';

afterAll(releaseLanguageTools);

const PALETTE = 'src/main/scala/shop/model/Palette.scala';
const MONEY = 'src/main/scala/shop/money/Money.scala';
const CART = 'src/main/scala/shop/cart/Cart.scala';

const FILES: Record<string, string> = {
  // Two enums in a file named after neither: an import of `shop.model.Color` finds this
  // file only through the definitions read from it.
  [PALETTE]: [
    'package shop.model',
    '',
    'enum Color(val rgb: Int):',
    '  case Red extends Color(0xff0000)',
    '  case Green extends Color(0x00ff00)',
    '',
    '  def hex: String = f"#$rgb%06x"',
    '',
    'enum Shape:',
    '  case Circle(radius: Double)',
    '  case Square(side: Double)',
    '',
  ].join('\n'),
  [MONEY]: [
    'package shop.money',
    '',
    'final case class Money(cents: Long)',
    '',
    'object Money:',
    '  val Zero: Money = Money(0)',
    '',
    'given moneyOrdering: Ordering[Money] = Ordering.by(_.cents)',
    '',
    'extension (m: Money)',
    '  def plus(o: Money): Money = Money(m.cents + o.cents)',
    '  def times(n: Int): Money =',
    '    require(n >= 0, s"negative factor $n")',
    '    Money(m.cents * n)',
    '',
    '  def half: Money = Money(m.cents / 2)',
    '',
  ].join('\n'),
  [CART]: [
    'package shop.cart',
    '',
    'import shop.model.{Color as Colour, Shape}',
    'import shop.money.*',
    'import shop.money.given',
    '',
    'trait Pricing:',
    '  def price(shape: Shape): Money',
    '',
    'class Cart(items: List[Shape], colour: Colour) extends Pricing, Serializable:',
    '  def price(shape: Shape): Money =',
    '    shape match',
    '      case Shape.Circle(r) => Money((r * 100).toLong)',
    '      case Shape.Square(s) => Money((s * 80).toLong)',
    '',
    '  def total: Money = items.map(price).foldLeft(Money.Zero)(_.plus(_))',
    '',
  ].join('\n'),
};

describe('Scala 3 syntax, read by tree-sitter-scala 0.24.0', () => {
  const dir = mkdtempSync(join(tmpdir(), 'repomap-scala3-'));
  let index: Index;
  let tags: Map<string, FileTags>;

  beforeAll(async () => {
    for (const [path, text] of Object.entries(FILES)) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), text);
    }
    index = await buildIndex(await loadCorpus({ folder: dir }));
    tags = new Map(index.tags.map((t) => [t.path, plain(t)]));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  function tagsOf(path: string): FileTags {
    const found = tags.get(path);
    if (!found) throw new Error(`no tags for ${path}`);
    return found;
  }

  it('parses every file without an error node', () => {
    for (const path of Object.keys(FILES)) expect(tagsOf(path).errorNodes, path).toBe(0);
  });

  it('enums are classes, their cases constants or (with parameters) classes, their defs methods', () => {
    const palette = tagsOf(PALETTE);
    expect(definitionKeys(palette)).toEqual([
      'module shop.model',
      'class Color',
      'constant Red',
      'constant Green',
      'method hex',
      'class Shape',
      'class Circle',
      'class Square',
    ]);
    const text = FILES[PALETTE]!;
    expect(palette.definitions.find((d) => d.name === 'Color')).toMatchObject({
      startLine: lineOf(text, 'enum Color'),
      endLine: lineOf(text, 'def hex'),
    });
  });

  it('a named given is a constant, extension defs are methods; an indented body ends at its last line', () => {
    const money = tagsOf(MONEY);
    const text = FILES[MONEY]!;
    expect(definitionKeys(money)).toEqual([
      'module shop.money',
      'class Money',
      'class Money',
      'constant Zero',
      'constant moneyOrdering',
      'method plus',
      'method times',
      'method half',
    ]);
    // the grammar ends `times` where the next line's indentation ends; the span stops at its last line
    expect(money.definitions.find((d) => d.name === 'times')).toEqual({
      name: 'times',
      kind: 'method',
      startLine: lineOf(text, 'def times'),
      endLine: lineOf(text, 'Money(m.cents * n)'),
    });
    expect(money.messages).toEqual([{ text: 'negative factor $n', line: lineOf(text, 'require(') }]);
  });

  it('imports: selectors renamed with `as`, `*` and `given` wildcards', () => {
    expect(importKeys(tagsOf(CART))).toEqual(['shop.model [Color, Shape]', 'shop.money.* []', 'shop.money.given []']);
  });

  it('`extends A, B`: the class and what it implements; extension methods called', () => {
    const cart = tagsOf(CART);
    expect(referenceKeys(cart)).toEqual(
      expect.arrayContaining(['class Pricing', 'implementation Serializable', 'class Money', 'call plus']),
    );
    expect(definitionKeys(cart)).toEqual([
      'module shop.cart',
      'interface Pricing',
      'method price',
      'class Cart',
      'method price',
      'method total',
    ]);
  });

  it('links the cart to the file defining the enums it imports, and to the extension it calls', () => {
    const edges: string[] = [];
    index.fileGraph.graph.forEachEdge((_key, a, source, target) => edges.push(`${a.type} ${source} -> ${target}`));
    expect(edges).toEqual(
      expect.arrayContaining([
        `import ${CART} -> ${PALETTE}`,
        `import ${CART} -> ${MONEY}`,
        `shared-symbol ${CART} -> ${MONEY}`,
      ]),
    );
    expect(index.stats.importsResolved).toBe(index.stats.imports);
  });
});
