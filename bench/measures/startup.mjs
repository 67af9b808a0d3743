import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { statePaths } from '../../dist/session/state-paths.js';
import { binPath, startCli, stampAgent } from '../lib/cli.mjs';
import { wallNow } from '../lib/clock.mjs';
import { gitEnv, makeBenchRepo, subject } from '../lib/repo.mjs';

/** Wall time of `node ...args` from spawn to exit; asynchronous, so the idle sampling runs on meanwhile. */
function timeRun(args) {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const child = spawn(process.execPath, args, { env: gitEnv, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      const ms = performance.now() - start;
      if (code === 0) resolve(ms);
      else reject(new Error(`\`node ${args.join(' ')}\` exited ${code}: ${stderr}`));
    });
  });
}

/**
 * Start-up: `code-debate --version` from spawn to exit (and bare `node -e 0`, the floor any Node
 * CLI pays), and from launch to the claim: the claim file appearing under
 * <git-dir>/code-debate/<key>/ and the "I am the Reviewer" line arriving.
 */
export async function measureStartup({ versionRuns, claimRuns }) {
  const nodeMs = [];
  const versionMs = [];
  for (let i = 0; i < versionRuns; i++) {
    nodeMs.push(await timeRun(['-e', '0']));
    versionMs.push(await timeRun([binPath, '--version']));
  }
  const claimFileMs = [];
  const claimLineMs = [];
  for (let i = 0; i < claimRuns; i++) {
    const repo = makeBenchRepo('startup');
    const claim = path.join(statePaths(repo.gitDir, repo.dir, repo.file).claims, 'reviewer.json');
    const cli = startCli(['--role', 'reviewer', '--agent', stampAgent, subject], { cwd: repo.dir, env: { BENCH_STAMP_LOG: `${repo.scratch}/stamps.jsonl` } });
    try {
      const deadline = Date.now() + 15_000;
      while (!existsSync(claim) && Date.now() < deadline) await delay(1);
      claimFileMs.push(wallNow() - cli.launchedAt);
      const line = await cli.waitForLine(/I am the Reviewer/);
      claimLineMs.push(line.at - cli.launchedAt);
    } finally {
      await cli.stop();
      repo.cleanup();
    }
  }
  return { nodeMs, versionMs, claimFileMs, claimLineMs };
}
