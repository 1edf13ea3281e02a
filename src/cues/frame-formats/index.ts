/**
 * The frame formats, in the order a line is tried against them (the first that reads it
 * wins): specific shapes before general ones, so a JVM `at a.B.c(B.java:1)` is not read as
 * a JavaScript `at f (p:N:M)`, a .NET `at A.B.C()` (no arguments, or `Type name` ones) is
 * not taken for a JVM frame without a location, a Kotlin/Native `at 4 prog.kexe 0x… kfun:…
 * (p:N:M)` is not read as a JavaScript frame, and compiler diagnostics before pytest's and
 * Go's looser `path:N:` lines. Ruby's `path:N:in 'm'` and PHP's `#0 path(N): f()` come
 * before gdb's `#0 …` frames; PHPUnit's bare `path.php:N` location lines last but one. XCTest's
 * `p.swift:N: error: -[C test] :` comes before a compiler's `p:N: error:`.
 */
import { compilerDiagnostic } from './compilers.js';
import { dotnetFrame } from './dotnet.js';
import type { FrameFormat } from './frame.js';
import { goLogLine, goroutineFrame, testifyTrace } from './go.js';
import { jsFrame, jsFramelessFrame } from './js.js';
import { jvmFrame } from './jvm.js';
import { kotlinNativeFrame } from './kotlin-native.js';
import { gdbFrame, gdbStop, lldbFrame, nativeFailureLine, sanitizerFrame, valgrindFrame } from './native.js';
import { phpErrorLine, phpStackFrame, phpunitLocation } from './php.js';
import { ipythonFrame, ipythonLegacyFrame, pytestLine, pythonTraceback } from './python.js';
import { rubyBacktrace, rubyTestLine } from './ruby.js';
import { rustBacktrace, rustPanic } from './rust.js';
import { sbtJvmFrame, scalaTestFailure } from './scala.js';
import { swiftBacktrace, swiftTestFailure, swiftTrap } from './swift.js';

export const FRAME_FORMATS: readonly FrameFormat[] = [
  pythonTraceback,
  ipythonFrame,
  ipythonLegacyFrame,
  rustBacktrace,
  goroutineFrame,
  dotnetFrame,
  jvmFrame,
  kotlinNativeFrame,
  sbtJvmFrame,
  jsFrame,
  jsFramelessFrame,
  rubyBacktrace,
  rubyTestLine,
  phpStackFrame,
  phpErrorLine,
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
  phpunitLocation,
  goLogLine,
];

export type { Frame, FrameFormat, FrameStyle, LineResult } from './frame.js';
