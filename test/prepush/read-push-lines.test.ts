import { describe, expect, test } from 'vitest';
import { readPushLines } from '../../src/prepush/read-push-lines.js';

const a = 'a'.repeat(40);
const b = 'b'.repeat(40);
const zero = '0'.repeat(40);

describe('readPushLines', () => {
  test('reads an update, a new branch and a deletion; zeros become null', () => {
    const input = [`refs/heads/main ${a} refs/heads/main ${b}`, `refs/heads/feature ${a} refs/heads/feature ${zero}`, `(delete) ${zero} refs/heads/old ${b}`, ''].join('\n');

    expect(readPushLines(input)).toEqual({
      lines: [
        { localRef: 'refs/heads/main', localSha: a, remoteRef: 'refs/heads/main', remoteSha: b },
        { localRef: 'refs/heads/feature', localSha: a, remoteRef: 'refs/heads/feature', remoteSha: null },
        { localRef: '(delete)', localSha: null, remoteRef: 'refs/heads/old', remoteSha: b },
      ],
      errors: [],
    });
  });

  test('reads sha256 repositories, whose null id is 64 zeros', () => {
    const sha = 'c'.repeat(64);
    expect(readPushLines(`refs/tags/v1 ${sha} refs/tags/v1 ${'0'.repeat(64)}\n`).lines).toEqual([
      { localRef: 'refs/tags/v1', localSha: sha, remoteRef: 'refs/tags/v1', remoteSha: null },
    ]);
  });

  test('empty input, or only blank lines, is a push of nothing', () => {
    expect(readPushLines('')).toEqual({ lines: [], errors: [] });
    expect(readPushLines('\n\r\n  \n')).toEqual({ lines: [], errors: [] });
  });

  test('a line not in git format is an error naming it and its number; the good lines are kept', () => {
    const result = readPushLines(`refs/heads/main ${a} refs/heads/main ${b}\nrefs/heads/x 1234 refs/heads/x ${zero}\nonly three words\n`);

    expect(result.lines).toHaveLength(1);
    expect(result.errors).toEqual([
      `Cannot read line 2 of the pre-push input, \`refs/heads/x 1234 refs/heads/x ${zero}\`: expected \`<local-ref> <local-sha> <remote-ref> <remote-sha>\` with 40 or 64 hex digits for each sha.`,
      'Cannot read line 3 of the pre-push input, `only three words`: expected `<local-ref> <local-sha> <remote-ref> <remote-sha>` with 40 or 64 hex digits for each sha.',
    ]);
  });
});
