import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { statePaths } from '../../src/session/state-paths.js';

describe('statePaths', () => {
  it("keeps a debate's files in one directory under the git dir, named after the debate file", () => {
    const paths = statePaths('/repo/.git', '/repo', '/repo/docs/reply.md');
    expect(path.dirname(paths.dir)).toBe('/repo/.git/code-debate');
    expect(path.basename(paths.dir)).toMatch(/^docs_reply\.md-[0-9a-f]{8}$/);
    expect(paths).toEqual({
      gitDir: '/repo/.git',
      dir: paths.dir,
      claims: paths.dir,
      writeLock: path.join(paths.dir, 'write.lock'),
      takeoverLock: path.join(paths.dir, 'takeover.lock'),
    });
  });

  it('gives two debate files two directories, even when their names sanitize alike', () => {
    const a = statePaths('/repo/.git', '/repo', '/repo/a b.md');
    const b = statePaths('/repo/.git', '/repo', '/repo/a_b.md');
    expect(a.dir).not.toBe(b.dir);
    expect(statePaths('/repo/.git', '/repo', '/repo/a b.md')).toEqual(a);
  });
});
