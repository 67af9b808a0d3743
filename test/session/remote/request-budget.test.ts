import { mkdtemp, realpath, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { listRemoteRefs } from '../../../src/git/remote-ops.js';
import { countRequests } from '../../../src/session/remote/request-budget.js';
import { runGit } from '../../helpers/git-repo.js';

const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

describe('countRequests', () => {
  it('counts the requests made to its remote, and says how long until one more fits in the minute', async () => {
    const parent = await realpath(await mkdtemp(path.join(os.tmpdir(), 'code-debate-budget-')));
    dirs.push(parent);
    const [bare, other] = [path.join(parent, 'remote.git'), path.join(parent, 'other.git')];
    await runGit(parent, 'init', '-q', '--bare', bare);
    await runGit(parent, 'init', '-q', '--bare', other);
    const budget = countRequests(bare, 2);
    try {
      await listRemoteRefs(parent, bare, 'refs/*');
      expect(budget.waitMs()).toBe(0);
      await listRemoteRefs(parent, other, 'refs/*');
      await listRemoteRefs(parent, bare, 'refs/*');
      expect(budget.count()).toBe(2);
      const now = Date.now();
      expect(budget.waitMs(now)).toBeGreaterThan(55_000);
      expect(budget.waitMs(now + 60_000)).toBe(0);
    } finally {
      budget.stop();
    }
  });
});
