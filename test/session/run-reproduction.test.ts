import { execFileSync } from 'node:child_process';
import { readFile, readdir, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { probeSandbox } from '../../src/agents/bwrap-sandbox.js';
import type { Reproduction } from '../../src/protocol/reproduction.js';
import { maxReproductionOutputBytes, runReproduction, type ReproductionSetup } from '../../src/session/run-reproduction.js';
import { makeGitRepo, type GitRepo } from '../helpers/git-repo.js';
import { waitFor } from '../helpers/wait-for.js';

// The function under test at the base sums to n; the change reads one past the end (`<=`).
const good = 'module.exports = (xs) => { let s = 0; for (let i = 0; i < xs.length; i++) s += xs[i]; return s; };\n';
const bad = 'module.exports = (xs) => { let s = 0; for (let i = 0; i <= xs.length; i++) s += xs[i]; return s; };\n';
const test = {
  path: 'test/sum.test.js',
  content: "const sum = require('../sum.js');\nif (sum([1, 2]) !== 3) { console.error('sum([1, 2]) is', sum([1, 2])); process.exit(1); }\n",
};

let repo: GitRepo;
let base: string;
let head: string;
const repos: GitRepo[] = [];

async function makeChange(): Promise<void> {
  repo = await makeGitRepo({ 'sum.js': good, 'reply.md': '# Code Debate: x\n' });
  repos.push(repo);
  base = await repo.git('rev-parse', 'HEAD');
  await repo.write('sum.js', bad);
  head = await repo.commit('off by one');
}

afterEach(async () => {
  await Promise.all(repos.splice(0).map((made) => made.cleanup()));
});

const setup = (overrides: Partial<ReproductionSetup> = {}): ReproductionSetup => ({
  root: repo.dir,
  gitDir: path.join(repo.dir, '.git'),
  mode: 'sandboxed',
  timeoutMs: 30_000,
  maxOutputBytes: maxReproductionOutputBytes,
  ...overrides,
});

const run = (reproduction: Reproduction, overrides: Partial<ReproductionSetup> = {}, cited = ['sum.js']) => runReproduction(setup(overrides), { head, base, cited }, reproduction);

/** What the repository holds, every file and git's view of it: a sandboxed command must change none of it. */
async function snapshot(): Promise<string> {
  const files = await readdir(repo.dir, { recursive: true });
  const texts = await Promise.all(
    files
      .filter((file) => !file.startsWith('.git'))
      .sort()
      .map(async (file) => `${file}:${await readFile(path.join(repo.dir, file), 'utf8').catch(() => '<dir>')}`),
  );
  return [...texts, await repo.git('status', '--porcelain'), await repo.git('worktree', 'list')].join('\n');
}

describe('runReproduction', () => {
  beforeAll(async () => {
    const probe = await probeSandbox();
    if (!probe.ok) throw new Error(`these tests need bubblewrap: ${probe.reason}`);
  });

  it('records a test that fails at the head and passes at the base as reproduced, with both exit codes and the end of the output', async () => {
    await makeChange();
    const result = await run({ command: 'node test/sum.test.js', files: [test] });
    expect(result).toEqual({
      verdict: 'reproduced',
      why: `it fails at the head \`${head.slice(0, 7)}\` (exit 1) and passes at the base \`${base.slice(0, 7)}\``,
      head: { commit: head, exitCode: 1, stopped: null, tail: 'sum([1, 2]) is NaN' },
      base: { commit: base, exitCode: 0, stopped: null, tail: '' },
    });
  });

  it('records one that passes at the head as not reproduced', async () => {
    await makeChange();
    const passing = { ...test, content: "const sum = require('../sum.js');\nif (typeof sum([5]) !== 'number') process.exit(1);\n" };
    expect(await run({ command: 'node test/sum.test.js', files: [passing] })).toMatchObject({ verdict: 'not-reproduced', head: { exitCode: 0 }, base: null });
  });

  it('records one that fails at both as could not run, and one on new code (nothing cited is at the base) as reproduced at the head alone', async () => {
    await makeChange();
    expect(await run({ command: 'node test/missing.js', files: [] })).toMatchObject({ verdict: 'could-not-run', head: { exitCode: 1 }, base: { exitCode: 1 } });
    await repo.write('new.js', 'module.exports = 1;\n');
    head = await repo.commit('new file');
    expect(await run({ command: 'exit 4', files: [] }, {}, ['new.js'])).toMatchObject({ verdict: 'reproduced', head: { exitCode: 4 }, base: null });
  });

  it('stops a command that writes outside its copy: the work tree, the debate file, git and the home folder stay as they were', async () => {
    await makeChange();
    const before = await snapshot();
    const targets = [path.join(repo.dir, 'sum.js'), path.join(repo.dir, 'reply.md'), path.join(repo.dir, '.git', 'HEAD'), path.join(os.homedir(), 'code-debate-escape')];
    const command = `set -e; ${targets.map((target) => `echo pwned > '${target}'`).join('; ')}; exit 1`;
    const result = await run({ command, files: [] });
    expect(result.verdict).toBe('could-not-run');
    expect(result.head?.exitCode).not.toBe(0);
    expect(await snapshot()).toBe(before);
    await expect(readFile(targets[3] ?? '', 'utf8')).rejects.toThrow(/ENOENT/);
  });

  it("hides the home folder's files (keys, tokens) from a command, and keeps the toolchains on PATH there", async () => {
    await makeChange();
    const secret = path.join(os.homedir(), `code-debate-secret-${process.pid}`);
    await writeFile(secret, 'token-that-must-not-leak\n');
    try {
      const result = await run({ command: `cat '${secret}'; exit 1`, files: [] });
      expect(result.verdict).toBe('could-not-run');
      expect(`${result.head?.tail} ${result.base?.tail}`).not.toContain('token-that-must-not-leak');
    } finally {
      await rm(secret, { force: true });
    }
  });

  it('gives a command no network: a connection to a server on this machine fails, and the server sees none', async () => {
    await makeChange();
    let connections = 0;
    const server = net.createServer((socket) => {
      connections++;
      socket.end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as net.AddressInfo;
    try {
      const script = `require('net').connect(${port}, '127.0.0.1').on('connect', () => process.exit(0)).on('error', (e) => { console.error(e.code); process.exit(7); })`;
      const result = await run({ command: 'node connect.js', files: [{ path: 'connect.js', content: `${script}\n` }] });
      expect(result).toMatchObject({ verdict: 'could-not-run', head: { exitCode: 7, tail: 'ECONNREFUSED' }, base: { exitCode: 7 } });
      expect(connections).toBe(0);
    } finally {
      server.close();
    }
  });

  it('stops a command at its time limit, with everything it started', async () => {
    await makeChange();
    const marker = `${3000 + Math.floor(Math.random() * 1000)}.25`;
    const started = Date.now();
    const result = await run({ command: `sleep ${marker} & sleep ${marker}`, files: [] }, { timeoutMs: 1_000 });
    expect(result).toMatchObject({ verdict: 'could-not-run', why: `at the head \`${head.slice(0, 7)}\`: it ran past 1 second (the time limit)`, head: { exitCode: null } });
    expect(Date.now() - started).toBeLessThan(20_000);
    await waitFor(() => !execFileSync('ps', ['-eo', 'args']).toString().includes(`sleep ${marker}`), 'the sleeps to be gone', 10_000);
  });

  it('stops a command that prints megabytes at the output limit, keeping only the end', async () => {
    await makeChange();
    const result = await run({ command: 'yes code-debate | head -c 50000000', files: [] });
    expect(result).toMatchObject({ verdict: 'could-not-run', why: `at the head \`${head.slice(0, 7)}\`: it printed more than 1,048,576 bytes (the output limit)` });
    expect(result.head?.tail.length).toBeLessThanOrEqual(4096);
    // The output is cut where it was stopped: its last line may be cut too.
    expect(result.head?.tail.split('\n').every((line) => 'code-debate'.startsWith(line))).toBe(true);
  });

  it('does not run without bubblewrap unless told, and says so', async () => {
    await makeChange();
    expect(await run({ command: 'true', files: [] }, { mode: 'off' })).toEqual({
      verdict: 'could-not-run',
      why: 'reproductions are turned off (`reproductions`: off)',
      head: null,
      base: null,
    });
    expect(await run({ command: 'node test/sum.test.js', files: [test] }, { mode: 'unsandboxed' })).toMatchObject({ verdict: 'reproduced' });
  });

  it('refuses a file written through a symbolic link of the commit', async () => {
    await makeChange();
    const outside = path.join(os.tmpdir(), `code-debate-outside-${process.pid}`);
    execFileSync('ln', ['-s', outside, path.join(repo.dir, 'link')]);
    head = await repo.commit('a link');
    const result = await run({ command: 'true', files: [{ path: 'link/x.js', content: '' }] });
    expect(result).toMatchObject({ verdict: 'could-not-run', head: { stopped: 'the copy could not be made: `link/x.js` goes through the symbolic link `link` of the commit' } });
    await expect(readdir(outside)).rejects.toThrow(/ENOENT/);
  });
});
