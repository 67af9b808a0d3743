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
  test('lets a clean first push go, blocks a committed credential, answers the same commits from the cache, and yields to CODE_DEBATE_SKIP=1 and --no-verify', async () => {
    const { repo } = setup;
    const root = await repo.git('rev-parse', 'HEAD');
    const first = await push(repo.dir, ['origin', 'main'], env);
    expect(first.exitCode).toBe(0);
    expect(first.output).toContain(`code-debate pre-push: main (root commit ${short(root)}): debating, builtin on both sides, in .code-debate/pre-push-`);
    expect(first.output).toContain('code-debate pre-push: push allowed: no point at or above --block-on high is confirmed or disputed.');
    expect(await remoteHas('refs/heads/main')).toBe(root);

    await repo.git('checkout', '-q', '-b', 'feature');
    await repo.write('src/config.js', liveKey);
    await repo.write('test/config.test.js', "import './../src/config.js';\n");
    const planted = await repo.commit('Configure the payment key');
    const blocked = await push(repo.dir, ['origin', 'feature'], env);
    expect(blocked.exitCode).toBe(1);
    expect(blocked.output).toContain(`code-debate pre-push: feature (1 commit, ${short(root)}..${short(planted)}): debating`);
    expect(blocked.output).toContain('code-debate pre-push:   blocked by 1 point at or above high:\ncode-debate pre-push:     R1 (critical, confirmed) Credential committed in `src/config.js`\n');
    expect(blocked.output).toMatch(/code-debate pre-push: {3}The full debate: \.code-debate\/pre-push-[0-9a-f]{12}\.md/);
    expect(blocked.output).toContain('push blocked: 1 point at or above --block-on high confirmed or disputed. Fix and push again; to push without the review, `git push --no-verify` or `CODE_DEBATE_SKIP=1 git push`.');
    expect(blocked.output).toContain('failed to push some refs');
    expect(await remoteHas('refs/heads/feature')).toBeNull();
    const files = await debateFiles();
    expect(files).toHaveLength(2);

    const again = await push(repo.dir, ['origin', 'feature:other'], env);
    expect(again.exitCode).toBe(1);
    expect(again.output).toContain(`code-debate pre-push: feature → other (1 commit, ${short(root)}..${short(planted)}): cached verdict of the debate finished `);
    expect(again.output).toContain('R1 (critical, confirmed) Credential committed in `src/config.js`');
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
