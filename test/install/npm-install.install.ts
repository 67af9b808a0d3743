import { cp, lstat, mkdtemp, readdir, readFile, realpath, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { makeGitRepo, runGit, type GitRepo } from '../helpers/git-repo.js';

// Each install source as a user meets it, on a machine with only Node, npm and git: a fresh clone
// of this working tree, the tarball `npm pack` makes of one, and a git URL; each installed into a
// temporary prefix with the command the README gives, then run from that prefix.
const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const { version } = JSON.parse(await readFile(path.join(repoRoot, 'package.json'), 'utf8')) as { version: string };

// `npm run` gives this process its config as npm_* variables and this repository's node_modules/.bin
// on PATH (where tsc is): a user's shell has neither, and with them a clone that cannot build would build.
const userEnv: Record<string, string | undefined> = {
  ...Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name))),
  PATH: (process.env.PATH ?? '')
    .split(path.delimiter)
    .filter((entry) => !entry.includes(`node_modules${path.sep}.bin`) && !entry.includes('node-gyp-bin'))
    .join(path.delimiter),
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_CONFIG_GLOBAL: os.devNull,
};
// From npm's cache where it can: the registry is asked only for what the cache lacks.
const npmFlags = ['--prefer-offline', '--no-audit', '--no-fund', '--no-update-notifier'];

let source: GitRepo;
let scratch: string;

beforeAll(async () => {
  scratch = await realpath(await mkdtemp(path.join(os.tmpdir(), 'code-debate-install-')));
  // What a clone of this working tree holds, edits not yet committed included: its tracked and
  // unignored files, committed into a repository of their own.
  source = await makeGitRepo();
  const listed = (await runGit(repoRoot, 'ls-files', '-z', '--cached', '--others', '--exclude-standard', '--deduplicate')).split('\0');
  const deleted = new Set((await runGit(repoRoot, 'ls-files', '-z', '--deleted')).split('\0'));
  for (const file of listed.filter((file) => file !== '' && !deleted.has(file))) {
    await cp(path.join(repoRoot, file), path.join(source.dir, file), { verbatimSymlinks: true });
  }
  await source.commit('code-debate as this working tree has it');
});

afterAll(async () => {
  await source.cleanup();
  await rm(scratch, { recursive: true, force: true });
});

async function cloneSource(name: string): Promise<string> {
  const dir = path.join(scratch, name);
  await runGit(scratch, 'clone', '-q', source.dir, dir);
  return dir;
}

async function npm(cwd: string, ...args: string[]): Promise<void> {
  const result = await execa('npm', [...args, ...npmFlags], { cwd, env: userEnv, extendEnv: false, all: true, reject: false });
  expect(result.exitCode, `npm ${args.join(' ')}:\n${result.all}`).toBe(0);
}

/** Runs `code-debate` as a shell whose PATH starts with the prefix's bin/ finds it. */
async function codeDebate(prefix: string, ...args: string[]): Promise<{ exitCode: number | undefined; stdout: string; stderr: string }> {
  const env = { ...userEnv, PATH: `${path.join(prefix, 'bin')}${path.delimiter}${userEnv.PATH ?? ''}` };
  const { exitCode, stdout, stderr } = await execa('code-debate', args, { cwd: scratch, env, extendEnv: false, reject: false });
  return { exitCode, stdout, stderr };
}

async function expectVersion(prefix: string): Promise<void> {
  const result = await codeDebate(prefix, '--version');
  expect(result.exitCode, result.stderr).toBe(0);
  expect(result.stdout).toBe(version);
}

async function expectDemo(prefix: string): Promise<void> {
  const result = await codeDebate(prefix, 'demo');
  expect(result.exitCode, result.stderr).toBe(0);
  expect(result.stdout).toContain('## CONSENSUS');
}

/** What npm's scripts may have left in a clone: changes git sees, and hooks (lefthook's postinstall writes both). */
async function expectUntouched(clone: string): Promise<void> {
  expect(await runGit(clone, 'status', '--porcelain')).toBe('');
  const hooks = await readdir(path.join(clone, '.git', 'hooks'));
  expect(hooks.filter((hook) => !hook.endsWith('.sample'))).toEqual([]);
}

// Each test has its own clone and prefix: side by side, npm's waits on the network and the disk overlap.
describe.concurrent('installing code-debate', () => {
  test('from a clone: `npm install -g .` installs the dependencies the build needs, builds, and links a working code-debate', { timeout: 300_000 }, async () => {
    const clone = await cloneSource('clone');
    const prefix = path.join(scratch, 'prefix-clone');
    await npm(clone, 'install', '-g', '--prefix', prefix, '.');
    await expectVersion(prefix);
    await expectDemo(prefix);
    await expectUntouched(clone);
  });

  test('from a tarball: `npm pack` in a clone packs the built program, its templates and docs, no sources; `npm install -g` of it works', { timeout: 300_000 }, async () => {
    const clone = await cloneSource('pack');
    await npm(clone, 'pack', '--pack-destination', scratch);
    await expectUntouched(clone);
    const tarball = path.join(scratch, `code-debate-${version}.tgz`);
    const entries = (await execa('tar', ['-tzf', tarball])).stdout.split('\n');
    expect(new Set(entries.map((entry) => entry.split('/')[1]))).toEqual(new Set(['package.json', 'README.md', 'bin', 'dist', 'docs', 'templates', 'datasets']));
    // `code-debate eval` with no dataset runs the shipped one: it is read at run time.
    expect(entries).toEqual(
      expect.arrayContaining([
        'package/bin/code-debate.js',
        'package/dist/cli/main.js',
        'package/templates/review.md',
        'package/docs/protocol.md',
        'package/datasets/planted/dataset.json',
      ]),
    );
    // The dataset's cases are source files of their own (TypeScript among them): the program's are not shipped.
    const program = entries.filter((entry) => !entry.startsWith('package/datasets/'));
    expect(program.filter((entry) => /\.(ts|map)$/.test(entry) || entry.includes('node_modules/'))).toEqual([]);

    // Installed from elsewhere, as on another machine: nothing is built there, nothing reads the clone.
    await rm(clone, { recursive: true, force: true });
    const prefix = path.join(scratch, 'prefix-tarball');
    await npm(scratch, 'install', '-g', '--prefix', prefix, tarball);
    await expectVersion(prefix);
    await expectDemo(prefix);
  });

  test("from a git URL: `npm install -g --install-links <url>` installs a built copy, not a link to npm's temporary clone", { timeout: 300_000 }, async () => {
    const prefix = path.join(scratch, 'prefix-git');
    // git+file:// is handled as github:<owner>/<repo> is: npm clones it, prepares the clone, packs it.
    await npm(scratch, 'install', '-g', '--install-links', '--prefix', prefix, `git+file://${source.dir}`);
    expect((await lstat(path.join(prefix, 'lib', 'node_modules', 'code-debate'))).isSymbolicLink()).toBe(false);
    await expectVersion(prefix);
    await expectDemo(prefix);
  });

  test('a clone installed with --ignore-scripts says it is not built and the command that builds it, which does', { timeout: 300_000 }, async () => {
    const clone = await cloneSource('no-scripts');
    const prefix = path.join(scratch, 'prefix-no-scripts');
    await npm(clone, 'install', '-g', '--ignore-scripts', '--prefix', prefix, '.');
    const unbuilt = await codeDebate(prefix, '--version');
    expect(unbuilt.exitCode).toBe(70);
    expect(unbuilt.stderr).toBe(`code-debate: the program is not built: ${clone}/dist is missing. Build it with: cd '${clone}' && npm run prepare`);
    const fix = await execa('sh', ['-c', unbuilt.stderr.replace(/^.*Build it with: /, '')], { env: userEnv, extendEnv: false, all: true, reject: false });
    expect(fix.exitCode, fix.all).toBe(0);
    await expectVersion(prefix);
    await expectUntouched(clone);
  });
});
