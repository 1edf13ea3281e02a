/**
 * The frame formats, in the order a line is tried against them (the first that reads it
 * wins): specific shapes before general ones, so a JVM `at a.B.c(B.java:1)` is not read as
 * a JavaScript `at f (p:N:M)`, XCTest's `p.swift:N: error: -[C test] :` before a
 * compiler's `p:N: error:`, and compiler diagnostics before pytest's and Go's looser
 * `path:N:` lines.
 */
import { compilerDiagnostic } from './compilers.js';
import type { FrameFormat } from './frame.js';
import { goLogLine, goroutineFrame, testifyTrace } from './go.js';
import { jsFrame, jsFramelessFrame } from './js.js';
import { jvmFrame } from './jvm.js';
import { gdbFrame, gdbStop, lldbFrame, nativeFailureLine, sanitizerFrame, valgrindFrame } from './native.js';
import { pytestLine, pythonTraceback } from './python.js';
import { rustBacktrace, rustPanic } from './rust.js';
import { sbtJvmFrame, scalaTestFailure } from './scala.js';
import { swiftBacktrace, swiftTestFailure, swiftTrap } from './swift.js';

export const FRAME_FORMATS: readonly FrameFormat[] = [
  pythonTraceback,
  rustBacktrace,
  goroutineFrame,
  jvmFrame,
  sbtJvmFrame,
  jsFrame,
  jsFramelessFrame,
  gdbFrame,
  gdbStop,
  sanitizerFrame,
  lldbFrame,
  valgrindFrame,
  swiftBacktrace,
  testifyTrace,
  rustPanic,
  swiftTestFailure,
  swiftTrap,
  scalaTestFailure,
  compilerDiagnostic,
  nativeFailureLine,
  pytestLine,
  goLogLine,
];

export type { Frame, FrameFormat, FrameStyle, LineResult } from './frame.js';
