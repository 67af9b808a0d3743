import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { setTimeout as delay } from 'node:timers/promises';
import { stampAgentPath } from '../lib/cli.mjs';
import { calibrateClock, wallNow } from '../lib/clock.mjs';
import { gitEnv, makeBenchRepo } from '../lib/repo.mjs';

/** Runs the stamp agent once, as code-debate runs a `cmd:` agent (own process group, prompt on stdin); resolves when it exits. */
function runStampAgent(repo, stampLog) {
  return new Promise((resolve, reject) => {
    const env = { ...gitEnv, BENCH_STAMP_LOG: stampLog, CODE_DEBATE_ROLE: 'responder', CODE_DEBATE_TURN: 'response', CODE_DEBATE_ROUND: '1', CODE_DEBATE_FILE: repo.file };
    const child = spawn('bash', [stampAgentPath], { cwd: repo.dir, env, detached: true, stdio: ['pipe', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(child.pid) : reject(new Error(`The stamp agent exited ${code}: ${stderr}`))));
    child.stdin.end('The prompt.\n');
  });
}

/**
 * The process start floor: from this Node process, the stamp agent spawned with
 * node:child_process, from the spawn call to the agent's own start stamp. No program can start an
 * agent sooner after a write than the kernel's notification plus this.
 *
 * Each sample is taken twice. `startMs`: after a pause drawn as the turn-detection writes' phase
 * is (0 to `paceMs`), as code-debate starts its agent, once per turn after waiting for the peer; a
 * process starts slower then than right after another start (the kernel's and the CPU's caches
 * are cold: the fork alone takes about half a millisecond more). `backToBackMs`: at once after it,
 * the best case, shown beside it.
 */
export async function measureProcessStart({ samples, paceMs }) {
  const repo = makeBenchRepo('process-start');
  const stampLog = `${repo.scratch}/stamps.jsonl`;
  const startOnce = async () => {
    const spawnedAt = wallNow();
    const pid = await runStampAgent(repo, stampLog);
    const stamp = readFileSync(stampLog, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line))
      .findLast((entry) => entry.pid === pid);
    if (!stamp) throw new Error(`The stamp agent (pid ${pid}) left no stamp in ${stampLog}.`);
    return stamp.start * 1000 - spawnedAt;
  };
  try {
    const startMs = [];
    const backToBackMs = [];
    for (let i = 0; i < samples; i++) {
      // Anchored before the pause, as its busy waiting would warm what the pause lets cool.
      calibrateClock();
      await delay(Math.random() * paceMs);
      startMs.push(await startOnce());
      backToBackMs.push(await startOnce());
    }
    return { startMs, backToBackMs };
  } finally {
    repo.cleanup();
  }
}
