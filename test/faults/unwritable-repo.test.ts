import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { useDebateRepos } from '../helpers/e2e.js';
import { startCli } from '../helpers/run-cli.js';
import { findUnwritable } from './unwritable-dir.js';

// A repository its user cannot write at all, as a container run with another `--user` than the
// repository owner's meets it: not an internal error (exit 70) but exit 2, naming the folder and what to do.
const run = promisify(execFile);
const repos = useDebateRepos();
// Root writes through any mode: it runs the processes as `nobody`, who then owns the repository.
const way = (await findUnwritable()).find((candidate) => candidate.code === 'EACCES');
const user = way?.user;
const uid = user?.uid ?? process.getuid?.();

/** A debate repository, owned by the user the processes run as, then made read-only all through; undone after the test. */
async function readOnlyRepo(before?: (dir: string) => Promise<void>) {
  const repo = await repos.repo();
  await before?.(repo.dir);
  const home = path.dirname(repo.dir);
  if (user !== undefined) await run('chown', ['-R', `${user.uid}:${user.gid}`, home]);
  await run('chmod', ['-R', 'a-w', repo.dir]);
  repos.onCleanup(async () => void (await run('chmod', ['-R', 'u+w', repo.dir])));
  const cli = (args: string[]) => startCli(args, { cwd: repo.dir, env: { HOME: home }, user }).exited;
  return { repo, cli };
}

const advice = (folder: string) =>
  'code-debate writes the debate file in the work tree and keeps its state in .git/code-debate, so run it as a user who can write the repository, such as its owner ' +
  `(in a container, \`--user "$(id -u):$(id -g)"\` run by the owner), or let uid ${uid} write ${folder}.`;

describe('a repository this user cannot write', () => {
  it.runIf(way?.works)('a debate stops at once with exit 2, naming the folder it could not create and what to do; nothing is written', async () => {
    const { repo, cli } = await readOnlyRepo();
    const duo = await cli(['duo', '--agent', 'builtin', 'the diff against main']);
    expect(duo.code, duo.stderr).toBe(2);
    expect(duo.stderr).toContain(`code-debate: Cannot create the folder ${repo.dir}/.git/code-debate: permission denied (EACCES, as uid ${uid}). ${advice(`${repo.dir}/.git`)}\n`);
    expect(duo.stderr).not.toContain('internal error');
    expect(existsSync(repo.file)).toBe(false);
    expect(existsSync(path.join(repo.dir, '.git', 'code-debate'))).toBe(false);
  });

  it.runIf(way?.works)("once a debate was held by the owner: show reads it, and archive's lock names the debate's folder", async () => {
    const { repo, cli } = await readOnlyRepo(async (dir) => {
      const held = await startCli(['duo', '--agent', 'builtin', 'the diff against main'], { cwd: dir }).exited;
      expect(held.code, held.stderr).toBe(0);
    });
    const show = await cli(['show', '--json']);
    expect(show.code, show.stderr).toBe(0);
    expect(JSON.parse(show.stdout)).toMatchObject({ outcome: 'consensus' });
    const archive = await cli(['archive']);
    expect(archive.code, archive.stderr).toBe(2);
    expect(archive.stderr).toMatch(
      new RegExp(
        `^code-debate: Cannot create or open ${repo.dir}/\\.git/code-debate/(reply\\.md-[0-9a-f]+)/write\\.lock\\.\\d+\\.[0-9a-f]+\\.tmp: permission denied \\(EACCES, as uid ${uid}\\)\\. `,
      ),
    );
    const folder = /code-debate\/(reply\.md-[0-9a-f]+)\//.exec(archive.stderr)?.[1];
    expect(archive.stderr).toContain(advice(`${repo.dir}/.git/code-debate/${folder}`));
  });
});
