/** Module of a file: its directory ('' for the repository root). Go packages and Java packages are directories too. */
export function moduleOf(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash < 0 ? '' : path.slice(0, slash);
}

/** File name without directory. */
export function baseName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}
