/**
 * At most this many changed paths (files, folders, ignore files) since an index was built,
 * and an index is updated from it: its snapshot is loaded and the changed files re-read
 * (src/cli/snapshot.ts), and the file graph updates its edges in place
 * (src/graph/update.ts). Past it, a full build from the tags cache is about as fast, and
 * simpler.
 */
export const MAX_CHANGES_UPDATED = 256;
