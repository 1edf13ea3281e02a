import { afterAll, describe, expect, it } from 'vitest';
import { releaseLanguageTools } from '../../../src/tags/language-tools.js';
import { definitionKeys, fixtureTags, importKeys, lineOf, referenceKeys, snippetTags } from './helpers.js';

afterAll(releaseLanguageTools);

const REPO = 'ruby-shipping';

describe('ruby tags on fixtures/repos/ruby-shipping', () => {
  it('parcel.rb: the class with its body, methods (private too), a constant; the namespace module is a module', async () => {
    const tags = await fixtureTags(REPO, 'lib/shipping_rates/parcel.rb');
    const { text } = tags;
    expect(tags.errorNodes).toBe(0);
    expect(tags.language).toBe('ruby');
    expect(tags.definitions).toContainEqual({
      name: 'billable_weight',
      kind: 'method',
      startLine: lineOf(text, 'def billable_weight'),
      endLine: lineOf(text, '[weight, volumetric_weight].max') + 1,
    });
    expect(tags.definitions).toContainEqual({
      name: 'Parcel',
      kind: 'class',
      startLine: 3,
      endLine: lineOf(text, 'validate!', 27) + 5,
    });
    expect(definitionKeys(tags)).toEqual([
      'module ShippingRates',
      'class Parcel',
      'constant VOLUMETRIC_DIVISOR',
      'method initialize',
      'method billable_weight',
      'method volumetric_weight',
      'method validate!',
    ]);
  });

  it('a module with methods of its own is a class; Struct.new and one-line classes are classes', async () => {
    const root = await fixtureTags(REPO, 'lib/shipping_rates.rb');
    expect(definitionKeys(root)).toEqual([
      'class ShippingRates',
      'constant CARRIERS',
      'method carrier',
      'method quotes',
    ]);
    const quote = await fixtureTags(REPO, 'lib/shipping_rates/quote.rb');
    expect(definitionKeys(quote)).toEqual(['module ShippingRates', 'class Quote', 'method <=>', 'method to_s']);
    const errors = await fixtureTags(REPO, 'lib/shipping_rates/errors.rb');
    expect(definitionKeys(errors)).toEqual([
      'module ShippingRates',
      'class Error',
      'class UnknownCarrier',
      'class UnknownZone',
      'class InvalidParcel',
    ]);
    // a top-level `def` (an RSpec helper) is a function
    const helper = await fixtureTags(REPO, 'spec/spec_helper.rb');
    expect(definitionKeys(helper)).toEqual(['function parcel']);
  });

  it('references: calls by method name, superclasses, mixins, instantiated classes, constants', async () => {
    const flat = await fixtureTags(REPO, 'lib/shipping_rates/carriers/flat.rb');
    expect(flat.references).toContainEqual({
      name: 'Base',
      kind: 'class',
      line: lineOf(flat.text, 'class Flat < Base'),
    });
    expect(flat.references).toContainEqual({
      name: 'billable_weight',
      kind: 'call',
      line: lineOf(flat.text, 'if parcel.billable_weight'),
    });
    expect(flat.references).toContainEqual({
      name: 'InvalidParcel',
      kind: 'type',
      line: lineOf(flat.text, 'raise ShippingRates::InvalidParcel'),
    });
    const base = await fixtureTags(REPO, 'lib/shipping_rates/carriers/base.rb');
    expect(base.references).toContainEqual({ name: 'Quote', kind: 'class', line: lineOf(base.text, 'Quote.new(') });
    expect(referenceKeys(base)).toContain('call base_cents');
    const quote = await fixtureTags(REPO, 'lib/shipping_rates/quote.rb');
    expect(referenceKeys(quote)).toContain('implementation Comparable');
    // Kernel's and the core classes' everyday methods link nothing
    const root = await fixtureTags(REPO, 'lib/shipping_rates.rb');
    expect(referenceKeys(root)).not.toContain('call fetch');
    expect(referenceKeys(root)).not.toContain('call map');
    expect(referenceKeys(root)).toEqual(
      expect.arrayContaining(['call carrier', 'call quote', 'type Zone', 'type UnknownCarrier']),
    );
  });

  it('imports: require as written, require_relative with its prefix, qualified constants where code uses a class', async () => {
    const root = await fixtureTags(REPO, 'lib/shipping_rates.rb');
    expect(root.imports.slice(0, 2)).toEqual([
      { specifier: 'shipping_rates/version', line: 1, names: [] },
      { specifier: 'shipping_rates/errors', line: 2, names: [] },
    ]);
    expect(importKeys(root)).toEqual(
      expect.arrayContaining([
        'shipping_rates/carriers/weight_based []',
        'const Carriers::Flat []',
        'const Carriers::WeightBased []',
      ]),
    );
    const base = await fixtureTags(REPO, 'lib/shipping_rates/carriers/base.rb');
    expect(base.imports).toEqual([{ specifier: 'require_relative ../quote', line: 1, names: [] }]);
    const spec = await fixtureTags(REPO, 'spec/shipping_rates/carriers/weight_based_spec.rb');
    expect(importKeys(spec)).toEqual([
      'spec_helper []',
      'shipping_rates/carriers/weight_based []',
      'const ShippingRates::Carriers::WeightBased []',
      'const ShippingRates::Zone []',
      'const ShippingRates::Zone []',
    ]);
  });

  it('messages: what raise, fail, abort and a logger report, interpolations kept for the template match', async () => {
    const zone = await fixtureTags(REPO, 'lib/shipping_rates/zone.rb');
    expect(zone.messages).toEqual([
      { text: 'not a country code: #{country.inspect}', line: lineOf(zone.text, 'raise UnknownZone') },
    ]);
    const tags = await snippetTags(
      'ruby',
      [
        'def check(x)',
        '  raise "no input" if x.nil?',
        '  fail ArgumentError, "bad size #{x.size}"',
        '  raise Shipping::Error.new("carrier refused the parcel")',
        '  logger.error("retrying after timeout")',
        '  puts "not a failure"',
        'end',
        '',
      ].join('\n'),
    );
    expect(tags.messages.map((m) => m.text)).toEqual([
      'no input',
      'bad size #{x.size}',
      'carrier refused the parcel',
      'retrying after timeout',
    ]);
  });

  it('snippets: interpolated requires name no file; namespaced classes, endless and singleton methods, Data.define', async () => {
    const tags = await snippetTags(
      'ruby',
      [
        'require "plugins/#{name}"',
        'autoload :Client, "shipping/client"',
        'class Shipping::Label < ::Base::Document',
        '  Point = Data.define(:x, :y)',
        '  def self.build(x) = new(x)',
        '  def render; Printer.new.render_label(self); end',
        'end',
        '',
      ].join('\n'),
    );
    expect(tags.errorNodes).toBe(0);
    expect(importKeys(tags)).toEqual(['shipping/client []', 'const ::Base::Document []']);
    expect(definitionKeys(tags)).toEqual(['class Label', 'class Point', 'method build', 'method render']);
    expect(referenceKeys(tags)).toEqual(
      expect.arrayContaining(['class Document', 'class Printer', 'call render_label']),
    );
  });
});
