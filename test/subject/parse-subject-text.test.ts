import { describe, expect, test } from 'vitest';
import { ConfigError } from '../../src/errors.js';
import { parseSubjectText } from '../../src/subject/parse-subject-text.js';

describe('parseSubjectText', () => {
  test.each([
    ['commit abc1234', { kind: 'commit', revision: 'abc1234' }],
    ['  COMMIT   v1.2  ', { kind: 'commit', revision: 'v1.2' }],
    ['the commit HEAD~1', { kind: 'commit', revision: 'HEAD~1' }],
    ['HEAD', { kind: 'commit', revision: 'HEAD' }],
    ['HEAD~2', { kind: 'commit', revision: 'HEAD~2' }],
    ['main^', { kind: 'commit', revision: 'main^' }],
    ['@{u}', { kind: 'commit', revision: '@{u}' }],
    ['1a2b3c4', { kind: 'commit', revision: '1a2b3c4' }],
    ['feature', { kind: 'commit-or-text', revision: 'feature' }],
    ['v1.2', { kind: 'commit-or-text', revision: 'v1.2' }],
    ['ahead', { kind: 'commit-or-text', revision: 'ahead' }],
    ['facade', { kind: 'commit-or-text', revision: 'facade' }],
  ])('%j is a commit', (text, expected) => {
    expect(parseSubjectText(text)).toEqual(expected);
  });

  test.each([
    ['main..feature', { kind: 'range', from: 'main', to: 'feature', symmetric: false }],
    ['main...feature', { kind: 'range', from: 'main', to: 'feature', symmetric: true }],
    ['HEAD~3..', { kind: 'range', from: 'HEAD~3', to: 'HEAD', symmetric: false }],
    ['..feature', { kind: 'range', from: 'HEAD', to: 'feature', symmetric: false }],
    ['main...', { kind: 'range', from: 'main', to: 'HEAD', symmetric: true }],
    ['commit a1..b2', { kind: 'range', from: 'a1', to: 'b2', symmetric: false }],
  ])('%j is a range', (text, expected) => {
    expect(parseSubjectText(text)).toEqual(expected);
  });

  test.each(['the diff against main', 'diff against main', 'against main', 'The   Diff  AGAINST main'])('%j is against main', (text) => {
    expect(parseSubjectText(text)).toEqual({ kind: 'against', branch: 'main' });
  });

  test.each(['staged', 'Staged', 'the staged changes', 'staged changes', 'index', 'the index', 'cached'])('%j is staged', (text) => {
    expect(parseSubjectText(text)).toEqual({ kind: 'staged' });
  });

  test.each(['working tree', 'Working  Tree', 'the working tree', 'worktree', 'working-tree', 'uncommitted', 'the uncommitted changes'])('%j is the working tree', (text) => {
    expect(parseSubjectText(text)).toEqual({ kind: 'working-tree' });
  });

  test.each(['PR #42 again', 'the login refactor', 'src/a.ts src/b.ts', '$(touch pwned)', '; rm -rf /', 'commit the login fix', 'against main and dev', 'fix the bug... again'])(
    '%j is free text',
    (text) => {
      expect(parseSubjectText(text)).toEqual({ kind: 'free-text' });
    },
  );

  test('an empty subject is a ConfigError', () => {
    expect(() => parseSubjectText('  \n ')).toThrow(ConfigError);
    expect(() => parseSubjectText('')).toThrow('Cannot review an empty subject, expected e.g. `HEAD`');
  });

  test('a range with no side is a ConfigError', () => {
    expect(() => parseSubjectText('..')).toThrow('Cannot use `..` as a range, expected `A..B`');
    expect(() => parseSubjectText('...')).toThrow(ConfigError);
  });

  test.each([
    ['commit --output=/tmp/x', '--output=/tmp/x'],
    ['--output=/tmp/x', '--output=/tmp/x'],
    ['-p', '-p'],
    ['--all..HEAD', '--all'],
    ['HEAD..--exec=x', '--exec=x'],
    ['against --upload-pack=x', '--upload-pack=x'],
  ])('%j is refused before git sees it', (text, option) => {
    expect(() => parseSubjectText(text)).toThrow(ConfigError);
    expect(() => parseSubjectText(text)).toThrow(`Cannot use \`${option}\` as a revision, expected a commit, branch or tag: it starts with \`-\``);
  });
});
