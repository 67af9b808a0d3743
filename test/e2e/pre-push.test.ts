import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { installHook } from '../../src/hook/install-hook.js';
import { runGit } from '../helpers/git-repo.js';
import { binPath } from '../helpers/run-cli.js';
import { makePushSetup, push, type PushSetup } from '../hook/hook-helpers.js';

// A real `git push` into a bare repository, through the hook `code-debate hook install` writes,
// running this repository's code-debate with the built-in agent on both sides.
const env = { CODE_DEBATE_AGENT: 'builtin', CODE_DEBATE_SKIP: undefined };
const liveKey = `const key = 'sk_live_${'4eC39HqLyjWDarjtT1zdp7dc'}';\n`;

let setup: PushSetup;
beforeEach(async () => {
  setup = await makePushSetup();
  await installHook({ cwd: setup.repo.dir, nodePath: process.execPath, binPath });
});
afterEach(async () => {
  await setup.repo.cleanup();
});

/** The commit `ref` points at in the bare remote, or null when it has no such ref. */
async function remoteHas(ref: string): Promise<string | null> {
  return runGit(setup.remote, 'rev-parse', '--verify', '-q', ref).catch(() => null);
}

/** The gate's debate files in the work tree. */
async function debateFiles(): Promise<string[]> {
  const names = await readdir(path.join(setup.repo.dir, '.code-debate')).catch(() => []);
  return names.filter((name) => name.endsWith('.md')).sort();
}

const short = (sha: string) => sha.slice(0, 7);

describe('git push through the pre-push gate', () => {
  test('lets a clean first push go, blocks a serious finding, answers the same commits from the cache, and yields to CODE_DEBATE_SKIP=1 and --no-verify', async () => {
    const { repo } = setup;
    const root = await repo.git('rev-parse', 'HEAD');
    const first = await push(repo.dir, ['origin', 'main'], env);
    expect(first.exitCode).toBe(0);
    expect(first.output).toContain(`code-debate pre-push: main (root commit ${short(root)}): debating, builtin on both sides, in .code-debate/pre-push-`);
    expect(first.output).toContain('code-debate pre-push: push allowed: no point at or above --block-on high is confirmed or disputed.');
    expect(await remoteHas('refs/heads/main')).toBe(root);

    await repo.git('checkout', '-q', '-b', 'feature');
    await repo.write('src/config.js', 'export const retries = 3;\n');
    await repo.write('test/config.test.js', "import { retries } from '../src/config.js';\ntest.only('retries', () => expect(retries).toBe(3));\n");
    const planted = await repo.commit('Configure the retries');
    const blocked = await push(repo.dir, ['origin', 'feature'], env);
    expect(blocked.exitCode).toBe(1);
    expect(blocked.output).toContain(`code-debate pre-push: feature (1 commit, ${short(root)}..${short(planted)}): debating`);
    expect(blocked.output).toContain(
      'code-debate pre-push:   blocked by 1 point at or above high:\ncode-debate pre-push:     R1 (high, confirmed) Focused test in `test/config.test.js`\n',
    );
    expect(blocked.output).toMatch(/code-debate pre-push: {3}The full debate: \.code-debate\/pre-push-[0-9a-f]{12}\.md/);
    expect(blocked.output).toContain(
      'push blocked: 1 point at or above --block-on high confirmed or disputed. Fix and push again; to push without the review, `git push --no-verify` or `CODE_DEBATE_SKIP=1 git push`.',
    );
    expect(blocked.output).toContain('failed to push some refs');
    expect(await remoteHas('refs/heads/feature')).toBeNull();
    const files = await debateFiles();
    expect(files).toHaveLength(2);

    const again = await push(repo.dir, ['origin', 'feature:other'], env);
    expect(again.exitCode).toBe(1);
    expect(again.output).toContain(`code-debate pre-push: feature → other (1 commit, ${short(root)}..${short(planted)}): cached verdict of the debate finished `);
    expect(again.output).toContain('R1 (high, confirmed) Focused test in `test/config.test.js`');
    expect(again.output).not.toContain('debating');
    expect(await debateFiles()).toEqual(files);

    const skipped = await push(repo.dir, ['origin', 'feature:skipped'], { ...env, CODE_DEBATE_SKIP: '1' });
    expect(skipped.exitCode).toBe(0);
    expect(skipped.output).toContain('code-debate: CODE_DEBATE_SKIP=1, the pre-push review is skipped.');
    expect(skipped.output).not.toContain('code-debate pre-push:');
    expect(await remoteHas('refs/heads/skipped')).toBe(planted);

    await repo.write('src/token.js', `export const token = 'ghp_${'a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8'}';\n`);
    const second = await repo.commit('Add the GitHub token');
    const unverified = await push(repo.dir, ['--no-verify', 'origin', 'feature'], env);
    expect(unverified.exitCode).toBe(0);
    expect(unverified.output).not.toMatch(/code-debate(?: pre-push)?:/);
    expect(await remoteHas('refs/heads/feature')).toBe(second);
    expect(await debateFiles()).toEqual(files);
  });

  test('blocks a credential an earlier pushed commit added even when a later one removed it, before any debate, until the history is rewritten', async () => {
    const { repo } = setup;
    const root = await repo.git('rev-parse', 'HEAD');
    expect((await push(repo.dir, ['--no-verify', 'origin', 'main'], env)).exitCode).toBe(0);

    await repo.git('checkout', '-q', '-b', 'feature');
    await repo.write('src/config.js', `// The payment settings.\n${liveKey}`);
    await repo.write('test/config.test.js', "import './../src/config.js';\n");
    const planted = await repo.commit('Configure the payment key');
    await repo.write('src/config.js', '// The payment settings.\nconst key = process.env.PAYMENT_KEY;\n');
    const removed = await repo.commit('Read the payment key from the environment');
    const blocked = await push(repo.dir, ['origin', 'feature'], env);
    expect(blocked.exitCode).toBe(1);
    expect(blocked.output).toContain(
      [
        'code-debate pre-push: push blocked: a pushed commit adds a secret, and the remote would keep it in its history whatever later commits do:',
        `code-debate pre-push:   ${short(planted)} Configure the payment key: src/config.js:2: a Stripe live secret key (sk_l…)`,
        `code-debate pre-push: A later commit that removes a secret does not take it out of history. Rotate the credential, then rewrite the history: \`git rebase -i ${short(planted)}^\`, mark ${short(planted)} \`edit\`, and at each remove the secret, \`git add\` the file, \`git commit --amend\` and \`git rebase --continue\`; and push again.`,
        'code-debate pre-push: Not a secret? End its line with a `secretlint-disable-line` comment; or to push without the review, `git push --no-verify` or `CODE_DEBATE_SKIP=1 git push`.',
      ].join('\n'),
    );
    expect(blocked.output).not.toContain('4eC39HqLyjWDarjtT1zdp7dc');
    expect(blocked.output).not.toContain('debating');
    expect(await remoteHas('refs/heads/feature')).toBeNull();
    expect(await debateFiles()).toEqual([]);

    // The user rewrites the history as advised: one commit that never held the key.
    await repo.git('reset', '-q', '--soft', root);
    await repo.git('commit', '-q', '-m', 'Read the payment key from the environment');
    const rewritten = await repo.git('rev-parse', 'HEAD');
    expect(rewritten).not.toBe(removed);
    const accepted = await push(repo.dir, ['origin', 'feature'], env);
    expect(accepted.exitCode).toBe(0);
    expect(accepted.output).toContain(`code-debate pre-push: feature (1 commit, ${short(root)}..${short(rewritten)}): debating`);
    expect(await remoteHas('refs/heads/feature')).toBe(rewritten);
  });

  test('a secret in the last pushed commit is advised an amend; a merge is checked for its own lines only', async () => {
    const { repo } = setup;
    expect((await push(repo.dir, ['--no-verify', 'origin', 'main'], env)).exitCode).toBe(0);

    await repo.git('checkout', '-q', '-b', 'feature');
    await repo.write('deploy/id_deploy', `-----BEGIN OPENSSH ${'PRIVATE KEY'}-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQ\n-----END OPENSSH ${'PRIVATE KEY'}-----\n`);
    const last = await repo.commit('Add the deploy key');
    const blocked = await push(repo.dir, ['origin', 'feature'], env);
    expect(blocked.exitCode).toBe(1);
    expect(blocked.output).toContain(`code-debate pre-push:   ${short(last)} Add the deploy key: deploy/id_deploy:1: a private key\n`);
    expect(blocked.output).toContain('Rotate the credential, then rewrite the history: remove the secret, `git add` the file and `git commit --amend`; and push again.');
    expect(await remoteHas('refs/heads/feature')).toBeNull();

    // A merge whose resolution adds a token of its own: only that line is the merge's.
    await repo.git('reset', '-q', '--hard', 'main');
    await repo.write('b.txt', 'b\n');
    await repo.commit('Add b');
    await repo.git('checkout', '-q', '-b', 'side', 'main');
    await repo.write('c.txt', 'c\n');
    await repo.commit('Add c');
    await repo.git('checkout', '-q', 'feature');
    await repo.git('merge', '-q', '--no-ff', '--no-commit', 'side');
    await repo.write('c.txt', `c\nslack = 'xoxb-${'123456789012-1234567890123-abcdefghijABCDEFGHIJklmn'}'\n`);
    const merge = await repo.commit('Merge side');
    const merged = await push(repo.dir, ['origin', 'feature'], env);
    expect(merged.exitCode).toBe(1);
    expect(merged.output).toContain(`code-debate pre-push:   ${short(merge)} Merge side: c.txt:2: a Slack token (xoxb…)\n`);
    expect(merged.output).not.toMatch(/Add b:|Add c:/);
  });

  test('a clean new branch passes; force pushes after an amend, and over commits this clone never fetched, debate only the new commit', async () => {
    const { repo } = setup;
    const main = await repo.git('rev-parse', 'HEAD');
    expect((await push(repo.dir, ['--no-verify', 'origin', 'main'], env)).exitCode).toBe(0);

    await repo.git('checkout', '-q', '-b', 'feature');
    await repo.write('src/greet.js', 'export function greet(name) {\n  return `hi ${name}`;\n}\n');
    await repo.write('test/greet.test.js', "import { greet } from '../src/greet.js';\nif (greet('a') !== 'hi a') throw new Error('greet');\n");
    const clean = await repo.commit('Greet people');
    const accepted = await push(repo.dir, ['origin', 'feature'], env);
    expect(accepted.exitCode).toBe(0);
    expect(accepted.output).toContain(`code-debate pre-push: feature (1 commit, ${short(main)}..${short(clean)}): debating`);
    expect(accepted.output).toContain('code-debate pre-push:   passes: 1 point, none at or above high confirmed or disputed');
    expect(accepted.output).toContain('push allowed');
    expect(await remoteHas('refs/heads/feature')).toBe(clean);

    await repo.write('src/greet.js', 'export function greet(name) {\n  return `hello ${name}`;\n}\n');
    await repo.git('add', '-A');
    await repo.git('commit', '-q', '--amend', '-m', 'Greet people warmly');
    const amended = await repo.git('rev-parse', 'HEAD');
    const forced = await push(repo.dir, ['-f', 'origin', 'feature'], env);
    expect(forced.exitCode).toBe(0);
    expect(forced.output).toContain(`code-debate pre-push: feature (1 commit, ${short(main)}..${short(amended)}): debating`);
    expect(await remoteHas('refs/heads/feature')).toBe(amended);

    // A colleague pushes onto the branch from another clone; this one never fetches it.
    const other = path.join(path.dirname(repo.dir), 'other');
    await runGit(path.dirname(repo.dir), 'clone', '-q', '--branch', 'feature', setup.remote, other);
    await runGit(other, '-c', 'user.name=Colleague', '-c', 'user.email=c@example.invalid', 'commit', '-q', '--allow-empty', '-m', 'Their commit');
    await runGit(other, 'push', '-q', 'origin', 'feature');
    const theirs = await remoteHas('refs/heads/feature');
    expect(await repo.git('cat-file', '-t', theirs ?? '').catch(() => null)).toBeNull();

    await repo.git('commit', '-q', '--amend', '-m', 'Greet people warmly, again');
    const mine = await repo.git('rev-parse', 'HEAD');
    const overUnknown = await push(repo.dir, ['-f', 'origin', 'feature'], env);
    expect(overUnknown.exitCode).toBe(0);
    expect(overUnknown.output).toContain(`code-debate pre-push: feature (1 commit, ${short(main)}..${short(mine)}): debating`);
    expect(await remoteHas('refs/heads/feature')).toBe(mine);
  });

  test('deleting a branch and pushing a tag of pushed commits go without a debate', async () => {
    const { repo } = setup;
    expect((await push(repo.dir, ['--no-verify', 'origin', 'main', 'main:old'], env)).exitCode).toBe(0);

    const deleted = await push(repo.dir, ['origin', ':old'], env);
    expect(deleted.exitCode).toBe(0);
    expect(deleted.output).toContain('code-debate pre-push: old: a deletion: nothing to debate.\ncode-debate pre-push: push allowed: nothing to debate.\n');
    expect(await remoteHas('refs/heads/old')).toBeNull();

    await repo.git('tag', '-a', '-m', 'First release', 'v1');
    const tagged = await push(repo.dir, ['origin', 'v1'], env);
    expect(tagged.exitCode).toBe(0);
    const head = await repo.git('rev-parse', 'HEAD');
    expect(tagged.output).toContain(`code-debate pre-push: tag v1: ${short(head)} and every commit before it are on origin already: nothing to debate.`);
    expect(await remoteHas('refs/tags/v1')).toBe(await repo.git('rev-parse', 'v1'));
    expect(await debateFiles()).toEqual([]);
  });
});
