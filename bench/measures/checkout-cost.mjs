import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openAgentCheckout } from '../../dist/session/agent-checkout.js';
import { resolveSubject } from '../../dist/subject/resolve-subject.js';
import { gitEnv } from '../lib/repo.mjs';

/**
 * A repository of `files` files of `fileBytes` each (text, 100 to a folder), one commit on
 * `main`: the large repository the agents' checkout is measured on.
 */
function makeLargeRepo(files, fileBytes) {
  const parent = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'code-debate-bench-checkout-')));
  const dir = path.join(parent, 'repo');
  const git = (...args) => execFileSync('git', args, { cwd: dir, env: gitEnv, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 }).trim();
  mkdirSync(dir);
  git('-c', 'init.defaultBranch=main', 'init', '-q');
  const line = 'export const value = "the quick brown fox jumps over the lazy dog";\n';
  for (let index = 0; index < files; index++) {
    const folder = path.join(dir, 'src', `m${Math.floor(index / 100)}`);
    if (index % 100 === 0) mkdirSync(folder, { recursive: true });
    // Each file differs (its number first), so git stores each blob.
    writeFileSync(path.join(folder, `f${index}.js`), `// file ${index}\n${line.repeat(Math.ceil(fileBytes / line.length))}`);
  }
  git('add', '-A');
  git('commit', '-q', '-m', 'Initial commit');
  return { parent, dir, git, gitDir: path.join(dir, '.git') };
}

const now = () => performance.now();

/**
 * What the agents' checkout costs on a large repository, beside `git worktree add --detach` alone
 * (and its removal): making a side's checkout of a commit (openAgentCheckout: the sweep, the
 * owner file, the worktree, its refresh), moving it to the next commit (10 files changed), making
 * one of the working tree with 10 files changed (a snapshot commit built in a scratch index
 * first), and removing it. Each `runs` times, on one repository.
 */
export async function measureCheckoutCost({ files, fileBytes, runs, log }) {
  log(`  generating ${files.toLocaleString('en-US')} files of ${fileBytes} bytes`);
  const repo = makeLargeRepo(files, fileBytes);
  const samples = { worktreeAddMs: [], worktreeRemoveMs: [], makeMs: [], moveMs: [], removeMs: [], makeWorkingTreeMs: [] };
  const report = () => undefined;
  try {
    const head = repo.git('rev-parse', 'HEAD');
    for (let run = 0; run < runs; run++) {
      const plain = path.join(repo.parent, `plain-${run}`);
      let start = now();
      repo.git('worktree', 'add', '--detach', '--quiet', plain, head);
      samples.worktreeAddMs.push(now() - start);
      start = now();
      repo.git('worktree', 'remove', '--force', plain);
      samples.worktreeRemoveMs.push(now() - start);

      const subject = await resolveSubject(head, { cwd: repo.dir, exclude: ['reply.md'] });
      start = now();
      const checkout = await openAgentCheckout({ root: repo.dir, gitDir: repo.gitDir, role: 'reviewer', subject, report });
      samples.makeMs.push(now() - start);
      for (let index = 0; index < 10; index++) writeFileSync(path.join(repo.dir, 'src', `m${index}`, `f${index * 100}.js`), `// changed in run ${run}\n`);
      repo.git('commit', '-q', '-am', `Change 10 files (${run})`);
      const moved = await resolveSubject('HEAD', { cwd: repo.dir, exclude: ['reply.md'] });
      start = now();
      await checkout.moveTo(moved);
      samples.moveMs.push(now() - start);
      start = now();
      await checkout.remove();
      samples.removeMs.push(now() - start);

      for (let index = 0; index < 10; index++) writeFileSync(path.join(repo.dir, 'src', `m${index + 10}`, `f${(index + 10) * 100}.js`), `// saved in run ${run}\n`);
      const local = await resolveSubject('working tree', { cwd: repo.dir, exclude: ['reply.md'] });
      start = now();
      const ofWorkTree = await openAgentCheckout({ root: repo.dir, gitDir: repo.gitDir, role: 'responder', subject: local, report });
      samples.makeWorkingTreeMs.push(now() - start);
      await ofWorkTree.remove();
      repo.git('checkout', '--', '.');
    }
    return { files, fileBytes, ...samples };
  } finally {
    rmSync(repo.parent, { recursive: true, force: true });
  }
}
