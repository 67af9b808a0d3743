import { describe, expect, it } from 'vitest';
import { diffCommand } from '../../src/subject/diff-command.js';
import type { Subject } from '../../src/subject/subject.js';

const subject = (overrides: Partial<Subject>): Subject => ({
  text: 'HEAD',
  kind: 'commit',
  base: 'aaa111',
  head: 'bbb222',
  description: '',
  diff: '',
  diffSha256: '',
  files: ['src/app.js'],
  summary: '',
  omitted: [],
  fileHashes: {},
  ...overrides,
});

describe('diffCommand', () => {
  it('names the commits a subject reads, the index, the work tree, or the paths', () => {
    expect(diffCommand(subject({}))).toBe('git diff aaa111 bbb222');
    expect(diffCommand(subject({ base: null }))).toBe('git show bbb222');
    expect(diffCommand(subject({ kind: 'staged', head: null }))).toBe('git diff --cached');
    expect(diffCommand(subject({ kind: 'staged', base: null, head: null }))).toBe('git diff --cached');
    expect(diffCommand(subject({ kind: 'working-tree', head: null }))).toBe('git diff aaa111');
    expect(diffCommand(subject({ kind: 'paths', head: null, files: ['src/app.js', "it's here.md"] }))).toBe("git diff aaa111 -- src/app.js 'it'\\''s here.md'");
  });
});
