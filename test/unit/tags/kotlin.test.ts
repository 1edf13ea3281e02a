import { afterAll, describe, expect, it } from 'vitest';
import { releaseLanguageTools } from '../../../src/tags/language-tools.js';
import { definitionKeys, fixtureTags, importKeys, lineOf, referenceKeys, snippetTags } from './helpers.js';

afterAll(releaseLanguageTools);

const REPO = 'kotlin-cron';

describe('kotlin tags on fixtures/repos/kotlin-cron', () => {
  it('CronExpression.kt: the package, a class with its members, a function of a companion object as a method', async () => {
    const tags = await fixtureTags(REPO, 'src/commonMain/kotlin/cron/CronExpression.kt');
    const { text } = tags;
    expect(tags.errorNodes).toBe(0);
    expect(tags.language).toBe('kotlin');
    expect(definitionKeys(tags)).toEqual([
      'module dev.cron',
      'class CronExpression',
      'method field',
      'method matches',
      'method toString',
      'constant MACROS',
      'method parse',
    ]);
    expect(tags.definitions).toContainEqual({
      name: 'parse',
      kind: 'method',
      startLine: lineOf(text, 'fun parse(text: String): CronExpression {'),
      endLine: lineOf(text, 'return CronExpression(text, fields)') + 1,
    });
  });

  it('FieldParser.kt and LocalDateTime.kt: top-level functions and constants, a data class and its methods', async () => {
    const parser = await fixtureTags(REPO, 'src/commonMain/kotlin/cron/parse/FieldParser.kt');
    expect(parser.errorNodes).toBe(0);
    expect(definitionKeys(parser)).toEqual([
      'module dev.cron.parse',
      'constant WILDCARD',
      'function parseField',
      'function parsePart',
      'function splitStep',
      'function number',
    ]);
    const time = await fixtureTags(REPO, 'src/commonMain/kotlin/cron/time/LocalDateTime.kt');
    expect(definitionKeys(time)).toEqual([
      'module dev.cron.time',
      'class LocalDateTime',
      'method dayOfWeek',
      'method plusMinutes',
      'method nextDay',
      'constant MINUTES_PER_DAY',
      'function daysInMonth',
      'function isLeapYear',
    ]);
  });

  it('enum classes and their entries, interfaces, objects; an `expect fun` declaration is a function', async () => {
    const field = await fixtureTags(REPO, 'src/commonMain/kotlin/cron/Field.kt');
    expect(definitionKeys(field)).toEqual([
      'module dev.cron',
      'class FieldKind',
      'constant MINUTE',
      'constant HOUR',
      'constant DAY_OF_MONTH',
      'constant MONTH',
      'constant DAY_OF_WEEK',
      'class Field',
      'method allows',
      'method nextFrom',
    ]);
    const clock = await fixtureTags(REPO, 'src/commonMain/kotlin/cron/time/Clock.kt');
    expect(definitionKeys(clock)).toEqual([
      'module dev.cron.time',
      'interface Clock',
      'method now',
      'class FixedClock',
      'method now',
      'function systemClock',
    ]);
    const jvm = await fixtureTags(REPO, 'src/jvmMain/kotlin/cron/Clock.kt');
    expect(definitionKeys(jvm)).toEqual([
      'module dev.cron.time',
      'function systemClock',
      'class JvmClock',
      'method now',
    ]);
  });

  it('references: calls by name (`a.f()` as f), constructor calls as classes, supertypes, types and type receivers', async () => {
    const expr = await fixtureTags(REPO, 'src/commonMain/kotlin/cron/CronExpression.kt');
    const { text } = expr;
    expect(expr.references).toContainEqual({
      name: 'parseField',
      kind: 'call',
      line: lineOf(text, 'parseField(parts[i], kind, i)'),
    });
    expect(expr.references).toContainEqual({
      name: 'allows',
      kind: 'call',
      line: lineOf(text, 'field(FieldKind.MINUTE).allows(time.minute)'),
    });
    expect(expr.references).toContainEqual({
      name: 'CronSyntaxException',
      kind: 'class',
      line: lineOf(text, 'throw CronSyntaxException('),
    });
    expect(expr.references).toContainEqual({
      name: 'FieldKind',
      kind: 'type',
      line: lineOf(text, 'FieldKind.entries.size'),
    });
    // `dev.cron.time.LocalDateTime` written in full: the type, not its package segments
    expect(referenceKeys(expr)).toContain('type LocalDateTime');
    expect(referenceKeys(expr)).not.toContain('type time');
    const clock = await fixtureTags(REPO, 'src/commonMain/kotlin/cron/time/Clock.kt');
    expect(clock.references).toContainEqual({
      name: 'Clock',
      kind: 'implementation',
      line: lineOf(clock.text, 'class FixedClock'),
    });
    const errors = await fixtureTags(REPO, 'src/commonMain/kotlin/cron/parse/Errors.kt');
    expect(errors.references).toContainEqual({ name: 'IllegalArgumentException', kind: 'class', line: 4 });
  });

  it('imports: names, wildcards and aliased names as written (the alias dropped), a comment after one', async () => {
    const schedule = await fixtureTags(REPO, 'src/commonMain/kotlin/cron/Schedule.kt');
    expect(importKeys(schedule)).toEqual(['dev.cron.time.* []']);
    // the KDoc after the last import is a child of its import_header
    const expr = await fixtureTags(REPO, 'src/commonMain/kotlin/cron/CronExpression.kt');
    expect(importKeys(expr)).toEqual(['dev.cron.parse.CronSyntaxException []', 'dev.cron.parse.parseField []']);
    const test = await fixtureTags(REPO, 'src/jvmTest/kotlin/cron/ScheduleTest.kt');
    expect(importKeys(test)).toContain('dev.cron.CronExpression.Companion.parse []');
    const jvm = await fixtureTags(REPO, 'src/jvmMain/kotlin/cron/Clock.kt');
    expect(importKeys(jvm)).toEqual(['java.time.LocalDateTime []']);
  });

  it('messages: exceptions, `require { … }` lambdas and `error(…)`', async () => {
    const schedule = await fixtureTags(REPO, 'src/commonMain/kotlin/cron/Schedule.kt');
    expect(schedule.messages.map((m) => m.text)).toEqual([
      "no run of '$expression' within four years",
      'count must not be negative',
    ]);
    const parser = await fixtureTags(REPO, 'src/commonMain/kotlin/cron/parse/FieldParser.kt');
    expect(parser.messages).toContainEqual({
      text: "step of '$part' is not a number",
      line: lineOf(parser.text, "step of '$part' is not a number"),
    });
  });

  it('snippets: objects, type aliases, extension functions, sealed interfaces', async () => {
    const tags = await snippetTags(
      'kotlin',
      [
        'package a.b',
        'object Registry { fun lookup(id: String): Int = 0 }',
        'typealias Handler = (Int) -> Unit',
        'fun String.shout(): String = uppercase()',
        'sealed interface Event',
      ].join('\n'),
    );
    expect(tags.errorNodes).toBe(0);
    expect(definitionKeys(tags)).toEqual([
      'module a.b',
      'class Registry',
      'method lookup',
      'type Handler',
      'function shout',
      'interface Event',
    ]);
  });
});
