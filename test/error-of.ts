import { expect } from 'vitest';
import { RepoMapError } from '../src/errors.js';

/** The RepoMapError a call throws; fails the test when it throws none, or throws something else. */
export function errorOf(call: () => unknown): RepoMapError {
  try {
    call();
  } catch (error) {
    expect(error).toBeInstanceOf(RepoMapError);
    return error as RepoMapError;
  }
  throw new Error('expected the call to throw a RepoMapError');
}

/** The RepoMapError an async call rejects with (or throws); fails the test when there is none. */
export async function rejectionOf(call: () => unknown): Promise<RepoMapError> {
  try {
    await call();
  } catch (error) {
    expect(error).toBeInstanceOf(RepoMapError);
    return error as RepoMapError;
  }
  throw new Error('expected the call to reject with a RepoMapError');
}
