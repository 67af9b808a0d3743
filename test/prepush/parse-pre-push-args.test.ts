import { describe, expect, test } from 'vitest';
import { parseCommandLine } from '../../src/cli/parse-args.js';

describe('parseCommandLine for the hook', () => {
  test('`pre-push <remote> <url>` is the gate, with its flags', () => {
    expect(parseCommandLine(['pre-push', 'origin', 'git@example.com:a/b.git', '--block-on', 'medium', '--time-limit', '90s', '--time-limit-fails', 'closed'], '/repo')).toEqual({
      command: 'pre-push',
      remote: 'origin',
      url: 'git@example.com:a/b.git',
      cwd: '/repo',
      flags: { blockOn: 'medium', timeLimitMs: 90_000, timeLimitFails: 'closed' },
    });
  });

  test('a push to a path names it once: it is both the remote and the URL', () => {
    expect(parseCommandLine(['pre-push', '../remote.git'], '/repo')).toMatchObject({ command: 'pre-push', remote: '../remote.git', url: '../remote.git' });
  });
});
