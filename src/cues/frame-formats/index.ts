/**
 * The frame formats, in the order a line is tried against them (the first that reads it
 * wins): specific shapes before general ones, so a JVM `at a.B.c(B.java:1)` is not read as
 * a JavaScript `at f (p:N:M)`, and compiler diagnostics before pytest's and Go's looser
 * `path:N:` lines. Ruby's `path:N:in 'm'` and PHP's `#0 path(N): f()` come before gdb's `#0 …`
 * frames; PHPUnit's bare `path.php:N` location lines last but one.
 */
import { compilerDiagnostic } from './compilers.js';
import type { FrameFormat } from './frame.js';
import { goLogLine, goroutineFrame, testifyTrace } from './go.js';
import { jsFrame, jsFramelessFrame } from './js.js';
import { jvmFrame } from './jvm.js';
import { gdbFrame, gdbStop, lldbFrame, nativeFailureLine, sanitizerFrame, valgrindFrame } from './native.js';
import { phpErrorLine, phpStackFrame, phpunitLocation } from './php.js';
import { pytestLine, pythonTraceback } from './python.js';
import { rubyBacktrace, rubyTestLine } from './ruby.js';
import { rustBacktrace, rustPanic } from './rust.js';

export const FRAME_FORMATS: readonly FrameFormat[] = [
  pythonTraceback,
  rustBacktrace,
  goroutineFrame,
  jvmFrame,
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
  testifyTrace,
  rustPanic,
  compilerDiagnostic,
  nativeFailureLine,
  pytestLine,
  phpunitLocation,
  goLogLine,
];

export type { Frame, FrameFormat, FrameStyle, LineResult } from './frame.js';
