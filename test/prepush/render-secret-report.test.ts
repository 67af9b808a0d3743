import { describe, expect, test } from 'vitest';
import type { PushedSecret } from '../../src/prepush/find-pushed-secrets.js';
import { renderSecretReport } from '../../src/prepush/render-secret-report.js';

const secret = (sha: string, root = false): PushedSecret => ({
  sha,
  subject: `Add \u001b[31m${sha.slice(0, 1)}`,
  root,
  path: 'src/a.js',
  line: 3,
  kind: 'a GitHub token',
  masked: 'ghp_…',
});
const a = 'a'.repeat(40);
const b = 'b'.repeat(40);

describe('renderSecretReport', () => {
  test('a secret in the pushed commit alone: an amend; control characters escaped', () => {
    const lines = renderSecretReport([secret(b)], new Set([b]));
    expect(lines[1]).toBe('  bbbbbbb Add \\x1B[31mb: src/a.js:3: a GitHub token (ghp_…)');
    expect(lines[2]).toContain('rewrite the history: remove the secret, `git add` the file and `git commit --amend`; and push again.');
  });

  test('an earlier commit: a rebase from the first, each marked edit; from the root, `--root`', () => {
    expect(renderSecretReport([secret(a), secret(b)], new Set([b]))[3]).toContain('`git rebase -i aaaaaaa^`, mark aaaaaaa, bbbbbbb `edit`,');
    expect(renderSecretReport([secret(a, true)], new Set([b]))[2]).toContain('`git rebase -i --root`, mark aaaaaaa `edit`,');
  });
});
