import { describe, expect, it } from 'vitest';
import { CUE_DEFAULTS, extractCues, inferTask } from '../../../src/cues/index.js';
import * as C from './fixtures/scala-traces.js';
import { cuesOf, strengthOf, r } from './frame-cues.js';

const { frameDecay: d, libraryFrameStrength: lib, testFrameScale: ts } = CUE_DEFAULTS;

describe('frames: Scala on the JVM', () => {
  it("objects (`Parser$`) are their source's names, lambdas (`$anonfun$parse$1`) the method they are in", () => {
    expect(cuesOf(C.JVM_EXCEPTION, 'frame')).toEqual([
      'csvkit/parse/Lexer.scala:36@1',
      `csvkit/parse/Lexer.scala:21@${d}`,
      `csvkit/parse/Parser.scala:10@${r(d * d)}`,
      `csvkit/Csv.scala:9@${r(d ** 3)}`,
      `csvkit/Main.scala:11@${r(d ** 4)}`,
      `csvkit/Main.scala@${r(d ** 5)}`,
    ]);
    const { cues } = extractCues({ raw_signal: C.JVM_EXCEPTION });
    expect(strengthOf(cues, 'identifier', 'Lexer')).toBe(1);
    expect(strengthOf(cues, 'identifier', 'quoted')).toBe(1);
    expect(strengthOf(cues, 'identifier', 'Parser')).toBe(r(d * d));
    expect(cues.some((c) => c.value.includes('$'))).toBe(false);
  });

  it("behind sbt's [error] prefix: the same frames; the Scala library's frames are library frames", () => {
    const frames = cuesOf(C.SBT_RUN_EXCEPTION, 'frame');
    // Parser.scala:13 twice (the lambda and parse) is one cue
    expect(frames.slice(0, 3)).toEqual([
      'csvkit/parse/Parser.scala:19@1',
      `csvkit/parse/Parser.scala:13@${d}`,
      `csvkit/Csv.scala:9@${r(d ** 3)}`,
    ]);
    expect(frames).toContain(`scala/collection/immutable/List.scala:246@${lib}`);
    const { cues } = extractCues({ raw_signal: C.SBT_RUN_EXCEPTION });
    expect(strengthOf(cues, 'identifier', 'toRow')).toBe(1);
    // `$anonfun$parse$1` at Parser.scala:13 is `parse`
    expect(strengthOf(cues, 'identifier', 'parse')).toBe(d);
    expect(inferTask({ raw_signal: C.SBT_RUN_EXCEPTION })).toBe('trace2code');
  });
});

describe('frames: Scala tests', () => {
  it("ScalaTest: the failed assertion's `(LexerSpec.scala:20)`, a test file's line", () => {
    expect(cuesOf(C.SCALATEST_SBT, 'frame')).toEqual([`LexerSpec.scala:20@${ts}`]);
    expect(inferTask({ raw_signal: C.SCALATEST_SBT })).toBe('trace2code');
  });

  it("MUnit: the failed test's file and line, and its suite", () => {
    expect(cuesOf(C.MUNIT_FAILURE, 'frame')).toEqual([
      `/home/ci/csvkit/src/test/scala/csvkit/parse/ParserSuite.scala:19@${ts}`,
    ]);
    const { cues } = extractCues({ raw_signal: C.MUNIT_FAILURE });
    expect(cues.find((c) => c.kind === 'test-name')?.value).toBe('ParserSuite');
    expect(inferTask({ raw_signal: C.MUNIT_FAILURE })).toBe('trace2code');
  });
});
