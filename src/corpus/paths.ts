/** Folder of a repo-relative POSIX path; '' for a path at the root. */
export function parentOf(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash === -1 ? '' : path.slice(0, slash);
}
