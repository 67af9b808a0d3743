import { mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import { setTimeout as delay } from 'node:timers/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { classifyRemoteFailure } from '../../src/git/remote-error.js';
import { pushRef, pushRefs } from '../../src/git/push-refs.js';
import { commitFile, fetchRefs } from '../../src/git/remote-ops.js';
import { runGit } from '../helpers/git-repo.js';

const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

async function bareAndClone(): Promise<{ bare: string; clone: string }> {
  const parent = await realpath(await mkdtemp(path.join(os.tmpdir(), 'code-debate-remote-ops-')));
  dirs.push(parent);
  const bare = path.join(parent, 'remote.git');
  const clone = path.join(parent, 'clone');
  await runGit(parent, 'init', '-q', '--bare', bare);
  await runGit(parent, 'init', '-q', clone);
  return { bare, clone };
}

describe('pushRef', () => {
  it('of two pushes racing to create one ref, lets one through and refuses the other, never throwing', async () => {
    const { bare, clone } = await bareAndClone();
    for (let round = 0; round < 12; round++) {
      const ref = `refs/code-debate/race-${round}/claims/reviewer`;
      const [a, b] = await Promise.all(
        ['a', 'b'].map((side) =>
          commitFile(clone, { parent: null, name: 'claim.json', bytes: Buffer.from(`{"side":"${side}","round":${round}}\n`), message: side, who: 'reviewer' }),
        ),
      );
      const results = await Promise.all([pushRef(clone, bare, a ?? '', ref), pushRef(clone, bare, b ?? '', ref)]);
      expect(results.filter((result) => result.pushed)).toHaveLength(1);
    }
  });

  it('refuses a push that is not a fast-forward, and a deletion whose lease names another commit', async () => {
    const { bare, clone } = await bareAndClone();
    const ref = 'refs/code-debate/x/debate';
    const first = await commitFile(clone, { parent: null, name: 'reply.md', bytes: Buffer.from('# one\n'), message: 'one', who: 'reviewer' });
    const other = await commitFile(clone, { parent: null, name: 'reply.md', bytes: Buffer.from('# other\n'), message: 'other', who: 'reviewer' });
    expect(await pushRef(clone, bare, first, ref)).toEqual({ pushed: true });
    expect((await pushRef(clone, bare, other, ref)).pushed).toBe(false);
    expect((await pushRef(clone, bare, null, ref, other)).pushed).toBe(false);
    expect(await runGit(bare, 'rev-parse', ref)).toBe(first);
    expect(await pushRef(clone, bare, null, ref, first)).toEqual({ pushed: true });
  });
});

describe('pushRefs', () => {
  it('lands both refs of an atomic push or neither: a lease on one that no longer holds refuses the other, as collateral', async () => {
    const { bare, clone } = await bareAndClone();
    const [debate, claim] = ['refs/code-debate/x/debate', 'refs/code-debate/x/claims/responder'];
    const commit = (name: string, text: string, parent: string | null = null) => commitFile(clone, { parent, name, bytes: Buffer.from(text), message: text, who: 'responder' });
    const review = await commit('reply.md', '# review\n');
    const held = await commit('claim.json', '{"pid":1}\n');
    expect(
      await pushRefs(clone, bare, [
        { commit: review, ref: debate },
        { commit: held, ref: claim },
      ]),
    ).toEqual([{ pushed: true }, { pushed: true }]);
    // Another side takes the claim over; this side still pushes its section with its old lease.
    const takeover = await commit('claim.json', '{"pid":2}\n', held);
    expect(await pushRef(clone, bare, takeover, claim)).toEqual({ pushed: true });
    const response = await commit('reply.md', '# review\n# response\n', review);
    const beat = await commit('claim.json', '{"pid":1,"beat":2}\n', held);
    const [section, own] = await pushRefs(clone, bare, [
      { commit: response, ref: debate },
      { commit: beat, ref: claim, expected: held },
    ]);
    expect(section).toMatchObject({ pushed: false, collateral: true });
    expect(own).toMatchObject({ pushed: false });
    expect(own).not.toHaveProperty('collateral');
    expect(await runGit(bare, 'rev-parse', debate, claim)).toBe(`${review}\n${takeover}`);
  });
});

describe('fetchRefs', () => {
  it('fetches again a copy another process of the clone was updating at that instant, rather than fail', async () => {
    const { bare, clone } = await bareAndClone();
    const ref = 'refs/code-debate/x/debate';
    const first = await commitFile(clone, { parent: null, name: 'reply.md', bytes: Buffer.from('# one\n'), message: 'one', who: 'reviewer' });
    await pushRef(clone, bare, first, ref);
    await fetchRefs(clone, bare, 'refs/code-debate/x/*', 'refs/code-debate-remote/x/*');
    const second = await commitFile(clone, { parent: first, name: 'reply.md', bytes: Buffer.from('# one\n# two\n'), message: 'two', who: 'responder' });
    await pushRef(clone, bare, second, ref);
    // The lock git takes on the copy while it writes it: held here as a sibling's fetch holds it.
    const lock = path.join(clone, '.git', 'refs', 'code-debate-remote', 'x', 'debate.lock');
    await writeFile(lock, '');
    const fetched = fetchRefs(clone, bare, 'refs/code-debate/x/*', 'refs/code-debate-remote/x/*');
    // Longer than git's own wait for a ref's lock (core.filesRefLockTimeout, 100 ms).
    await delay(400);
    await rm(lock);
    await fetched;
    expect(await runGit(clone, 'rev-parse', 'refs/code-debate-remote/x/debate')).toBe(second);
  });
});

describe('classifyRemoteFailure', () => {
  // What git and forges print (git 2.39, GitHub, GitLab, git daemon, OpenSSH).
  it.each([
    ['fatal: unable to connect to 127.0.0.1:\n127.0.0.1[0: 127.0.0.1]: errno=Connection refused', 'unreachable'],
    ["fatal: unable to access 'https://github.com/o/r.git/': Failed to connect to github.com port 443 after 130401 ms: Couldn't connect to server", 'unreachable'],
    ['ssh: Could not resolve hostname gitlab.example: Temporary failure in name resolution\nfatal: Could not read from remote repository.', 'unreachable'],
    ['error: RPC failed; HTTP 503 curl 22 The requested URL returned error: 503', 'unreachable'],
    ["fatal: unable to access 'https://x/r.git/': The requested URL returned error: 502", 'unreachable'],
    ['fatal: the remote end hung up unexpectedly', 'unreachable'],
    ["remote: Permission to o/r.git denied to bot.\nfatal: unable to access 'https://github.com/o/r.git/': The requested URL returned error: 403", 'denied'],
    ['git@github.com: Permission denied (publickey).\nfatal: Could not read from remote repository.', 'denied'],
    ['fatal: remote error: service not enabled: /remote.git', 'denied'],
    ["remote: Repository not found.\nfatal: repository 'https://github.com/o/private.git/' not found", 'denied'],
    ['remote: GitLab: You are not allowed to push code to protected branches on this project.', 'denied'],
    ["fatal: Authentication failed for 'https://gitlab.com/o/r.git/'", 'denied'],
    ['! [remote rejected] abc -> refs/code-debate/x (pre-receive hook declined)', 'refused'],
    [
      'remote: the repository is under maintenance: try again in a minute\n! [remote rejected] abc -> refs/code-debate/x (pre-receive hook declined)\nfatal: the remote end hung up unexpectedly',
      'refused',
    ],
    ['remote: GitLab: You are not allowed to push code to protected branches on this project.\n! [remote rejected] abc -> main (pre-receive hook declined)', 'denied'],
    ['remote: error: GH006: Protected branch update failed for refs/heads/main.\n! [remote rejected] main -> main (protected branch hook declined)', 'denied'],
    ["fatal: '/no/such/repo.git' does not appear to be a git repository\nfatal: Could not read from remote repository.", 'invalid'],
    ['Host key verification failed.\nfatal: Could not read from remote repository.', 'invalid'],
    ["fatal: unable to access 'https://self-signed.example/r.git/': SSL certificate problem: self signed certificate", 'invalid'],
    ["error: cannot lock ref 'refs/code-debate/x': is at 401abc403def0000000000000000000000000000 but expected 1234", 'other'],
  ] as const)('%s → %s', (text, kind) => {
    expect(classifyRemoteFailure(text)).toBe(kind);
  });
});
