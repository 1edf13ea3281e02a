/**
 * What `require('repomap')`, `require('repomap/eval')` and `require('repomap/unstable')`
 * load (the package exports' `require` condition): repomap is an ES module only, so a
 * CommonJS caller gets an error that says how to load it rather than Node's
 * ERR_PACKAGE_PATH_NOT_EXPORTED.
 */
const error: Error & { code?: string } = new Error(
  "repomap is ESM-only: require('repomap') cannot load it. From CommonJS, load it with " +
    "`const { repoMap } = await import('repomap')`; in an ES module, `import { repoMap } from 'repomap'` " +
    "(the same for 'repomap/eval' and 'repomap/unstable').",
);
error.code = 'ERR_REQUIRE_ESM';
throw error;
