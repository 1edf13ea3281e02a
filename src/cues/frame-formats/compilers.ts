/** Compiler diagnostics: rustc `--> p.rs:N:M`, tsc `p.ts(N,M): error`, javac/maven `P.java:[N,M]` / `P.java:N: error:`, gcc/clang `p.c:N:M: error:`. */
import { frame, type FrameFormat } from './frame.js';

export const compilerDiagnostic: FrameFormat = {
  read(lines, i) {
    const line = lines[i]!;
    const m =
      line.match(/^\s*--> (\S+\.\w+):(\d+)(?::\d+)?\s*$/) ??
      line.match(/^(\S+\.[cm]?[jt]sx?)\((\d+),\d+\): error/) ??
      line.match(/^(?:\[(?:ERROR|WARNING)\]\s+)?(\S+\.(?:java|kt)):\[(\d+),\d+\]/) ??
      line.match(/^(\S+\.\w+):(\d+):(?:\d+:)? (?:error|fatal error):/);
    return m ? { frame: frame(m[1]!, m[2], i), style: 'single' } : null;
  },
};
