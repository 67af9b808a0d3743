import type { FileDiff } from '../../src/git/file-diff.js';

/** A modified text file with no line counted; `changes` sets what a test is about. */
export function fileDiff(path: string, changes: Partial<FileDiff> = {}): FileDiff {
  return {
    path,
    oldPath: null,
    status: 'modified',
    oldMode: '100644',
    newMode: '100644',
    similarity: null,
    binary: false,
    submodule: null,
    added: 0,
    deleted: 0,
    oldBlob: null,
    newBlob: null,
    replacementChar: false,
    patch: '',
    ...changes,
  };
}
