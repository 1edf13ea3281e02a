/**
 * Version of the tags the engine extracts from a parse. Bump it whenever
 * src/tags changes what it returns for the same grammar, query and text
 * (captures mapped differently, new fields, another line convention, another
 * TAGS_BUDGET depth or match limit). 2: files past the tags budget are `too-complex`.
 * 4: tags of one line in byte order of name (was UTF-16 code-unit order).
 * 5: a definition ends on the line of its last character that is not white space.
 * A module of its own: an index snapshot's key names it without loading the grammars
 * that ./identity.ts hashes.
 */
export const TAGS_INDEX_VERSION = 5;
