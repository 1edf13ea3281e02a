/**
 * The vendored folder a path lies in: the path up to and including its first folder
 * segment that is in `folders` (e.g. `packages/a/node_modules` for
 * `packages/a/node_modules/b/index.js`), or null. Only folder segments count, never the
 * file name, so a file called `vendor` is not vendored.
 */
export function vendoredFolderOf(path: string, folders: ReadonlySet<string>): string | null {
  let start = 0;
  for (;;) {
    const slash = path.indexOf('/', start);
    if (slash === -1) return null;
    if (folders.has(path.slice(start, slash))) return path.slice(0, slash);
    start = slash + 1;
  }
}
