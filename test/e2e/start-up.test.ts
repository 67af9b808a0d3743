import { existsSync } from 'node:fs';
import { chmod, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { statePaths } from '../../src/session/state-paths.js';
import { useDebateRepos, type DebateRepo } from '../helpers/e2e.js';
import { startCli, waitWhileRunning } from '../helpers/run-cli.js';
import { waitFor } from '../helpers/wait-for.js';

const fakeGh = fileURLToPath(new URL('../fixtures/gh/gh', import.meta.url));
const repos = useDebateRepos();

const stateDir = (repo: DebateRepo) => statePaths(path.join(repo.dir, '.git'), repo.dir, repo.file).dir;

/** A `gh` that waits until `go` exists, then answers as the fake one does: the subject resolves only when the test says. */
async function heldGh(repo: DebateRepo): Promise<{ path: string; go: string }> {
  const dir = path.join(repo.dir, '..', 'held-gh');
  const go = path.join(dir, 'go');
  await mkdir(dir);
  await writeFile(path.join(dir, 'gh'), `#!/bin/sh\nwhile [ ! -e ${JSON.stringify(go)} ]; do sleep 0.02; done\nexec ${JSON.stringify(fakeGh)} "$@"\n`);
  await chmod(path.join(dir, 'gh'), 0o755);
  return { path: `${dir}${path.delimiter}${process.env.PATH ?? ''}`, go };
}

describe('starting a side', () => {
  it('claims its role while the subject still resolves; a subject that fails then releases the claim and writes nothing', async () => {
    const repo = await repos.repo();
    const gh = await heldGh(repo);
    const side = startCli(['PR #7'], { cwd: repo.dir, env: { PATH: gh.path, FAKE_GH_MODE: 'not-logged-in' } });
    const claim = path.join(stateDir(repo), 'reviewer.json');
    await waitFor(() => existsSync(claim), 'the claim, with gh still held');
    expect(side.output().stderr).not.toContain('I am the');
    await writeFile(gh.go, '');
    const exit = await side.exited;
    expect(exit.code).toBe(6);
    expect(exit.stderr).toBe(
      'code-debate: Cannot read pull request #7, expected gh to be logged in to GitHub: gh says "To get started with GitHub CLI, please run:  gh auth login ' +
        'Alternatively, populate the GH_TOKEN environment variable with a GitHub API authentication token.". Run `gh auth login` (or set GH_TOKEN), and try again.\n',
    );
    expect(await readdir(stateDir(repo))).toEqual([]);
    expect(existsSync(repo.file)).toBe(false);
  });

  it('an agent it cannot use: exit 2 naming it before any claim, nothing written', async () => {
    const repo = await repos.repo();
    const exit = await startCli(['--agent', 'claud', 'HEAD'], { cwd: repo.dir }).exited;
    expect(exit.code).toBe(2);
    expect(exit.stderr).toMatch(/^code-debate: Cannot use the agent `claud`: did you mean `claude`\? Expected one of `auto`, `builtin`/);
    expect(exit.stderr).not.toContain('I am the');
    expect(await readdir(stateDir(repo)).catch(() => [])).toEqual([]);
    expect(existsSync(repo.file)).toBe(false);
  });

  it('leaves a debate that only mentions consensus where it is, and answers it', async () => {
    const repo = await repos.repo();
    const open = '# Code Debate: HEAD\n\n## Review\n\n### R1. No consensus on naming\n**Severity:** low\n**Evidence:** `src/app.js:2`\n\nRename it.\n';
    await writeFile(repo.file, open);
    const responder = startCli(['HEAD'], { cwd: repo.dir });
    await waitWhileRunning(responder, () => responder.output().stderr.includes('wrote ## Response 1'), 'the Response');
    responder.child.kill('SIGTERM');
    const exit = await responder.exited;
    expect(exit.stderr).toContain('I am the Responder');
    expect(exit.stderr).not.toContain('moved it to');
    expect((await readFile(repo.file, 'utf8')).startsWith(open)).toBe(true);
  });
});
