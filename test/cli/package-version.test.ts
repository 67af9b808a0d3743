import { describe, expect, it } from 'vitest';
import { homepageOf } from '../../src/cli/package-version.js';

describe('homepageOf', () => {
  it.each([
    [{ homepage: 'https://example.invalid/code-debate#readme', repository: 'https://example.invalid/other' }, 'https://example.invalid/code-debate#readme'],
    [{ repository: { type: 'git', url: 'git+https://example.invalid/team/code-debate.git' } }, 'https://example.invalid/team/code-debate'],
    [{ repository: 'https://example.invalid/team/code-debate' }, 'https://example.invalid/team/code-debate'],
    [{ homepage: 42, repository: { url: 'https://example.invalid/team/code-debate.git' } }, 'https://example.invalid/team/code-debate'],
  ])('reads %j as %s', (pkg, expected) => {
    expect(homepageOf(pkg)).toBe(expected);
  });

  it.each([[{}], [{ repository: 'github:team/code-debate' }], [{ repository: { url: 'git@example.invalid:team/code-debate.git' } }], [{ homepage: 'not a url' }]])(
    'names no page for %j',
    (pkg) => {
      expect(homepageOf(pkg)).toBeNull();
    },
  );
});
