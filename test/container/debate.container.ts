import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statePaths } from '../../src/session/state-paths.js';
import { expectEndedWhole, useDebateRepos } from '../helpers/e2e.js';
import { start } from '../helpers/run-cli.js';
import { waitFor } from '../helpers/wait-for.js';
import { baseImage } from './container.mjs';

// The repository's Dockerfile built for real with podman (test/container/install-container-tools.mjs
// makes its base image first), and code-debate run in it headless, as a CI job runs it: on a
// repository mounted at /repo, as the uid that owns the repository.
const run = promisify(execFile);
const repos = useDebateRepos();
const root = fileURLToPath(new URL('../..', import.meta.url));
const image = 'localhost/code-debate:suite';
/** The repository's owner, a uid the image has no user for, as a host user's is. */
const owner = { uid: 4321, gid: 4321 };
/** Another user, who cannot write the owner's repository. */
const stranger = { uid: 4322, gid: 4322 };

/** The CA bundle `npm ci` trusts in the build, behind a TLS-intercepting proxy: the host's, when it has one. */
function buildCa(): string | null {
  const given = process.env.CODE_DEBATE_BUILD_CA ?? process.env.NODE_EXTRA_CA_CERTS ?? '/etc/ssl/certs/ca-certificates.crt';
  return existsSync(given) ? given : null;
}

beforeAll(async () => {
  const ca = buildCa();
  const started = Date.now();
  await run('podman', ['build', '--pull=never', ...(ca === null ? [] : ['--secret', `id=ca,src=${ca}`]), '--tag', image, root], { maxBuffer: 64 * 1024 * 1024 });
  const size = Number((await run('podman', ['image', 'inspect', '--format', '{{.Size}}', image])).stdout);
  process.stderr.write(`built ${image} from ${baseImage} in ${((Date.now() - started) / 1000).toFixed(1)} s: ${(size / 1e6).toFixed(0)} MB\n`);
}, 600_000);

afterAll(async () => {
  // Images of earlier builds that nothing names any more, and not the layers recent builds reuse.
  await run('podman', ['image', 'prune', '--force', '--filter', 'until=168h']);
});

let containers = 0;

/** A debate repository that `user` owns, as a host user's checkout is theirs. */
async function ownedRepo(user = owner) {
  const repo = await repos.repo();
  await run('chown', ['-R', `${user.uid}:${user.gid}`, path.dirname(repo.dir)]);
  return repo;
}

/** `code-debate ...args` in a new container named `name`, on `dir` mounted at /repo, as `user`. */
function inContainer(dir: string, user: { uid: number; gid: number }, args: readonly string[]) {
  const name = `code-debate-suite-${process.pid}-${++containers}`;
  repos.onCleanup(async () => void (await run('podman', ['rm', '--force', '--ignore', name])));
  const running = start('podman', ['run', '--rm', '--name', name, '--volume', `${dir}:/repo`, '--user', `${user.uid}:${user.gid}`, image, ...args], { cwd: dir });
  return { name, ...running };
}

/** Whether a container named `name` is there, running or not. */
async function exists(name: string): Promise<boolean> {
  return run('podman', ['container', 'exists', name]).then(
    () => true,
    () => false,
  );
}

/** The host's processes whose command line names `name` (conmon, a stray runtime): none once the container is gone. */
async function hostProcesses(name: string): Promise<string[]> {
  const { stdout } = await run('ps', ['-eo', 'pid=,args=']);
  return stdout.split('\n').filter((line) => line.includes(name));
}

describe('the container', () => {
  it("holds a whole debate (duo --agent builtin) as the repository owner's uid, whose files stay the owner's, and show --json reads it", async () => {
    const repo = await ownedRepo();
    const duo = inContainer(repo.dir, owner, ['duo', '--agent', 'builtin', 'the diff against main']);
    const debate = await duo.exited;
    expect(debate.code, debate.stderr).toBe(0);
    expectEndedWhole(await repo.readReply());
    expect(await stat(repo.file)).toMatchObject(owner);
    expect(await exists(duo.name)).toBe(false);
    const show = await inContainer(repo.dir, owner, ['show', '--json']).exited;
    expect(show.code, show.stderr).toBe(0);
    const report = JSON.parse(show.stdout) as { outcome: string; state: string; points: Array<{ id: string }> };
    expect(report).toMatchObject({ outcome: 'consensus', state: 'CONSENSUS' });
    expect(report.points.length).toBeGreaterThan(0);
  });

  // SIGTERM as `podman kill` (or a CI runner stopping the job) sends it to PID 1, and Ctrl-C as the
  // terminal sends it to `podman run`, which passes it in: tini hands both to code-debate.
  const stops = [
    { signal: 'SIGTERM', code: 143, how: 'podman kill --signal TERM', send: (name: string) => run('podman', ['kill', '--signal', 'TERM', name]) },
    { signal: 'SIGINT', code: 130, how: 'Ctrl-C at podman run', send: (_name: string, pid: number) => process.kill(pid, 'SIGINT') },
  ] as const;

  for (const { signal, code, how, send } of stops) {
    it(`stops on ${signal} (${how}) while the agent writes: exit ${code} through tini, the claims released, nothing left running`, async () => {
      const repo = await ownedRepo();
      // A Responder whose agent never answers: the debate is mid-turn when the signal comes.
      const duo = inContainer(repo.dir, owner, ['duo', '--reviewer-agent', 'builtin', '--responder-agent', 'cmd:sleep 600', 'the diff against main']);
      await waitFor(() => duo.output().stderr.includes('is writing ## Response 1'), 'the Responder at work on its turn');
      await waitFor(async () => (await run('podman', ['top', duo.name, 'comm'])).stdout.split('\n').includes('sleep'), 'the agent running in the container');
      await send(duo.name, duo.child.pid ?? 0);
      const exit = await duo.exited;
      expect(exit.code, exit.stderr).toBe(code);
      expect(exit.stderr).toContain('Interrupted while the agent was writing `## Response 1`; nothing was written.');
      expect(exit.stderr).toContain('Interrupted while waiting; nothing was written.');
      expect(await repo.readReply()).not.toContain('## Response 1');
      const state = statePaths(path.join(repo.dir, '.git'), repo.dir, repo.file).dir;
      expect((await readdir(state)).filter((entry) => /^(?:reviewer|responder)\.json$|\.lock$|\.tmp$/.test(entry))).toEqual([]);
      expect(await exists(duo.name)).toBe(false);
      expect(await hostProcesses(duo.name)).toEqual([]);
    });
  }

  it('run as a user who cannot write the repository: exit 2, naming the folder, the uid and what to do, not an internal error', async () => {
    const repo = await ownedRepo();
    const duo = await inContainer(repo.dir, stranger, ['duo', '--agent', 'builtin', 'the diff against main']).exited;
    expect(duo.code, duo.stderr).toBe(2);
    expect(duo.stderr).toContain(
      `code-debate: Cannot create the folder /repo/.git/code-debate: permission denied (EACCES, as uid ${stranger.uid}). ` +
        'code-debate writes the debate file in the work tree and keeps its state in .git/code-debate, so run it as a user who can write the repository, such as its owner ' +
        `(in a container, \`--user "$(id -u):$(id -g)"\` run by the owner), or let uid ${stranger.uid} write /repo/.git.\n`,
    );
    expect(duo.stderr).not.toContain('internal error');
    expect(existsSync(repo.file)).toBe(false);
  });
});
