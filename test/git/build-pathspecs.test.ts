import { describe, expect, test } from 'vitest';
import { buildPathspecs } from '../../src/git/build-pathspecs.js';
import { countWords, describeCommit, describeCommits } from '../../src/git/describe-diff.js';

describe('buildPathspecs', () => {
  test('the whole work tree but each excluded path, taken literally', () => {
    expect(buildPathspecs([])).toEqual(['.']);
    expect(buildPathspecs(['reply.md', './docs//notes [1].md'])).toEqual(['.', ':(exclude,literal)reply.md', ':(exclude,literal)docs/notes [1].md']);
  });

  test.each(['/abs/reply.md', '../reply.md', '.', 'a/../..'])('%s is not a path inside the work tree', (file) => {
    expect(() => buildPathspecs([file])).toThrow(`Cannot exclude \`${file}\` from the diff, expected a path relative to the work tree root.`);
  });
});

describe('describeCommit and describeCommits', () => {
  const commit = { sha: 'f'.repeat(40), shortSha: 'fffffff', parents: ['a'.repeat(40)], shortParents: ['aaaaaaa'], summary: 'Fix "login"' };

  test('a commit, a root commit, a merge', () => {
    expect(describeCommit(commit)).toBe('commit fffffff "Fix \\"login\\""');
    expect(describeCommit({ ...commit, parents: [], shortParents: [] })).toBe('commit fffffff "Fix \\"login\\"" (root commit, against the empty tree)');
    expect(describeCommit({ ...commit, parents: ['a', 'b'], shortParents: ['aaaaaaa', 'bbbbbbb'] })).toBe(
      'commit fffffff "Fix \\"login\\"" (merge, against its first parent aaaaaaa)',
    );
  });

  test('a range of commits', () => {
    expect(describeCommits('1a2b3c4', '5d6e7f8', 3)).toBe('commits 1a2b3c4..5d6e7f8 (3 commits)');
    expect(countWords(1, 'commit')).toBe('1 commit');
    expect(countWords(0, 'commit')).toBe('0 commits');
  });
});
