import { existsSync } from 'node:fs';
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { installHook } from '../../src/hook/install-hook.js';
import { useDebateRepos } from '../helpers/e2e.js';
import { runGit } from '../helpers/git-repo.js';
import { binPath, startCli } from '../helpers/run-cli.js';
import { makePushSetup, push, type PushSetup } from '../hook/hook-helpers.js';

// A subject with no change is refused before any role is claimed: nothing written, no claim
// taken, exit 2, saying what was empty and what to give instead.
const repos = useDebateRepos();
const fakeGhDir = fileURLToPath(new URL('../fixtures/gh/', import.meta.url));
const committed = 'a commit (`HEAD`), a range (`main..HEAD`) or `the diff against main`';

/** What a refused side left behind: the debate file, and the claim files under the git directory. */
async function leftBehind(dir: string): Promise<string[]> {
  const state = path.join(dir, '.git', 'code-debate');
  const folders = await readdir(state).catch(() => [] as string[]);
  const claims = (
    await Promise.all(
      folders.map(async (folder) => (await readdir(path.join(state, folder)).catch(() => [] as string[])).filter((name) => name === 'reviewer.json' || name === 'responder.json')),
    )
  ).flat();
  return [...(existsSync(path.join(dir, 'reply.md')) ? ['reply.md'] : []), ...claims];
}

describe('a subject that changes no file', () => {
  it.each([
    {
      name: 'nothing staged',
      subject: 'staged',
      prepare: async (_dir: string) => undefined,
      said: (head: string) =>
        `Nothing to debate: \`staged\` is the staged changes, against HEAD ${head}, and it changes no file: nothing is staged. Stage the change first (\`git add <file>\`), or give \`working tree\` for changes not staged, or ${committed} for committed ones.`,
    },
    {
      name: 'a clean working tree',
      subject: 'working tree',
      prepare: async (_dir: string) => undefined,
      said: (head: string) =>
        `Nothing to debate: \`working tree\` is the working tree, untracked files included, against HEAD ${head}, and it changes no file: no file is changed or untracked. Give ${committed} to debate committed changes.`,
    },
    {
      name: 'a range whose ends are one commit',
      subject: 'HEAD..HEAD',
      prepare: async (_dir: string) => undefined,
      said: (head: string) =>
        `Nothing to debate: \`HEAD..HEAD\` is commits ${head}..${head} (0 commits), and it changes no file: both ends hold the same files. Give a range from before the change to after it, e.g. \`main..HEAD\` or \`HEAD~1..HEAD\`.`,
    },
    {
      name: 'the diff against main, run on main',
      subject: 'the diff against main',
      prepare: (dir: string) => runGit(dir, 'checkout', '-q', 'main'),
      said: (head: string) =>
        `Nothing to debate: \`the diff against main\` is commits ${head}..${head} (0 commits), HEAD against main, and it changes no file: HEAD has no change since it left that branch (run on the branch itself, or on a branch with no commit of its own). Run it on the branch that holds the change, or give \`working tree\` or \`staged\` for changes not committed yet.`,
    },
    {
      name: 'an empty commit',
      subject: 'HEAD',
      prepare: (dir: string) => runGit(dir, 'commit', '-q', '--allow-empty', '-m', 'Nothing'),
      said: (head: string) =>
        `Nothing to debate: \`HEAD\` is commit ${head} "Nothing", and it changes no file (an empty commit). Give a commit that changes files, or a range (\`main..HEAD\`), \`working tree\` or \`staged\`.`,
    },
  ])('is refused before a role is claimed: $name', async ({ subject, prepare, said }) => {
    const repo = await repos.repo();
    await prepare(repo.dir);
    const head = await repo.git('rev-parse', '--short', 'HEAD');
    const side = await startCli(['--agent', 'builtin', '--', subject], { cwd: repo.dir }).exited;
    expect(side.code, side.stderr).toBe(2);
    expect(side.stderr).toBe(`code-debate: ${said(head)}\n`);
    expect(await leftBehind(repo.dir)).toEqual([]);
  });

  it('is refused by duo once, before either side starts', async () => {
    const repo = await repos.repo();
    const head = await repo.git('rev-parse', '--short', 'HEAD');
    const duo = await startCli(['duo', '--agent', 'builtin', 'staged'], { cwd: repo.dir }).exited;
    expect(duo.code).toBe(2);
    expect(duo.stderr).toBe(
      `code-debate: Nothing to debate: \`staged\` is the staged changes, against HEAD ${head}, and it changes no file: nothing is staged. Stage the change first (\`git add <file>\`), or give \`working tree\` for changes not staged, or ${committed} for committed ones.\n`,
    );
    expect(await leftBehind(repo.dir)).toEqual([]);
  });

  it('leaves a subject with a change alone: an untracked file is a working tree to debate', async () => {
    const repo = await repos.repo();
    await repo.write('src/new.js', 'export const answer = 42;\n');
    const side = await startCli(['--agent', 'builtin', '--turn-timeout', '1s', 'working tree'], { cwd: repo.dir }).exited;
    expect(side.stderr).toContain('I am the Reviewer');
    expect(side.stderr).toContain('the working tree, untracked files included');
    expect(await repo.readReply()).toContain('## Review');
  });
});

describe('a pull request that changes no file', () => {
  it('is refused once gh has said what it holds, its claim released, nothing written', async () => {
    const repo = await repos.repo();
    const scratch = path.join(repo.dir, '..', 'gh');
    await mkdir(scratch);
    await writeFile(path.join(scratch, 'pr.diff'), '');
    const head = await repo.git('rev-parse', 'HEAD');
    const env = {
      PATH: `${fakeGhDir}${path.delimiter}${process.env.PATH ?? ''}`,
      FAKE_GH_MODE: 'success',
      FAKE_GH_LOG: path.join(scratch, 'gh.log'),
      FAKE_GH_DIFF: path.join(scratch, 'pr.diff'),
      FAKE_GH_BASE: head,
      FAKE_GH_HEAD: head,
    };
    const side = await startCli(['--agent', 'builtin', 'PR #42'], { cwd: repo.dir, env }).exited;
    expect(side.code, side.stderr).toBe(2);
    expect(side.stderr).toContain(
      'code-debate: Nothing to debate: `PR #42` is PR #42 "Add coupons" (main..coupons), and it changes no file. Give a pull request, commit or range that changes files.\n',
    );
    expect(await leftBehind(repo.dir)).toEqual([]);
  });
});

describe('the pre-push gate on commits that change no file', () => {
  let setup: PushSetup;
  beforeEach(async () => {
    setup = await makePushSetup();
    await installHook({ cwd: setup.repo.dir, nodePath: process.execPath, binPath });
  });
  afterEach(async () => {
    await setup.repo.cleanup();
  });

  it('lets the push go without a debate, as a push with no new commits', async () => {
    const { repo } = setup;
    const env = { CODE_DEBATE_AGENT: 'builtin', CODE_DEBATE_SKIP: undefined };
    expect((await push(repo.dir, ['--no-verify', 'origin', 'main'], env)).exitCode).toBe(0);
    const base = await repo.git('rev-parse', 'HEAD');
    const empty = await repo.commit('Nothing changes');
    const pushed = await push(repo.dir, ['origin', 'main'], env);
    expect(pushed.exitCode, pushed.output).toBe(0);
    expect(pushed.output).toContain(
      `code-debate pre-push: main (1 commit, ${base.slice(0, 7)}..${empty.slice(0, 7)}): its commits change no file: nothing to debate.\ncode-debate pre-push: push allowed: nothing to debate.\n`,
    );
    expect(await runGit(setup.remote, 'rev-parse', 'refs/heads/main')).toBe(empty);
    expect(await readdir(path.join(repo.dir, '.code-debate')).catch(() => [])).toEqual([]);
  });

  it('still blocks a secret added by one commit and removed by the next, though together they change no file', async () => {
    const { repo } = setup;
    const env = { CODE_DEBATE_AGENT: 'builtin', CODE_DEBATE_SKIP: undefined };
    expect((await push(repo.dir, ['--no-verify', 'origin', 'main'], env)).exitCode).toBe(0);
    await repo.write('config.js', `const key = 'sk_live_${'4eC39HqLyjWDarjtT1zdp7dc'}';\n`);
    const planted = await repo.commit('Configure the key');
    await repo.git('rm', '-q', 'config.js');
    await repo.commit('Remove the key');
    const pushed = await push(repo.dir, ['origin', 'main'], env);
    expect(pushed.exitCode, pushed.output).toBe(1);
    expect(pushed.output).toContain('its commits change no file: nothing to debate.\n');
    expect(pushed.output).toContain(`code-debate pre-push:   ${planted.slice(0, 7)} Configure the key: config.js:1: a Stripe live secret key (sk_l…)`);
    expect(pushed.output).not.toContain('push allowed');
  });
});
