/**
 * Which resolver reads each language's imports: one entry per `LanguageId` (the type
 * makes a missing one a compile error). Languages of one family may share a resolver,
 * and then its tables.
 */
import type { LanguageId } from '../../types.js';
import { cResolver } from './c.js';
import { csharpResolver } from './csharp.js';
import { goResolver } from './go.js';
import { javaResolver } from './java.js';
import { ecmaResolver } from './javascript.js';
import { phpResolver } from './php.js';
import { kotlinResolver } from './kotlin.js';
import { pythonResolver } from './python.js';
import type { AnyResolver } from './resolver.js';
import { rubyResolver } from './ruby.js';
import { rustResolver } from './rust.js';
import { scalaResolver } from './scala.js';
import { swiftResolver } from './swift.js';

export const RESOLVERS: Readonly<Record<LanguageId, AnyResolver>> = {
  python: pythonResolver,
  go: goResolver,
  rust: rustResolver,
  typescript: ecmaResolver,
  tsx: ecmaResolver,
  javascript: ecmaResolver,
  java: javaResolver,
  c: cResolver,
  cpp: cResolver,
  ruby: rubyResolver,
  php: phpResolver,
  csharp: csharpResolver,
  kotlin: kotlinResolver,
  swift: swiftResolver,
  scala: scalaResolver,
};

/** Each resolver once, in the order of their first language. */
export const UNIQUE_RESOLVERS: readonly AnyResolver[] = [...new Set(Object.values(RESOLVERS))];
