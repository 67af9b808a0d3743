import { setTimeout as delay } from 'node:timers/promises';
import { startCli, stampAgent } from '../lib/cli.mjs';
import { sampleTree } from '../lib/proc.mjs';
import { makeBenchRepo, subject } from '../lib/repo.mjs';

/**
 * Idle cost: a Reviewer that has written its Review and waits for a Responder that never comes.
 * Samples its CPU time and resident memory (its descendants included) every second for
 * `durationMs`; CPU is reported per window (`windows` of them) as a share of one core.
 */
export async function measureIdleCost({ durationMs, windows, pollMs = null }) {
  const repo = makeBenchRepo(pollMs === null ? 'idle' : 'idle-poll');
  const cli = startCli(['--role', 'reviewer', '--agent', stampAgent, '--turn-timeout', '30m', ...(pollMs === null ? [] : ['--poll', String(pollMs)]), subject], {
    cwd: repo.dir,
    env: { BENCH_STAMP_LOG: `${repo.scratch}/stamps.jsonl` },
  });
  try {
    await cli.waitForLine(/waiting for the Responder/, { timeoutMs: 20_000 });
    // Let the turn's garbage and timers die down: the figure is the steady wait.
    await delay(1_000);
    const start = performance.now();
    const samples = [{ at: 0, ...sampleTree(cli.child.pid) }];
    while (performance.now() - start < durationMs) {
      await delay(Math.min(1_000, durationMs - (performance.now() - start)));
      samples.push({ at: performance.now() - start, ...sampleTree(cli.child.pid) });
    }
    const windowMs = durationMs / windows;
    const cpuPercent = [];
    for (let w = 0; w < windows; w++) {
      const first = samples.findLast((sample) => sample.at <= w * windowMs + 1) ?? samples[0];
      const last = samples.find((sample) => sample.at >= (w + 1) * windowMs - 1) ?? samples.at(-1);
      if (last.at > first.at) cpuPercent.push(((last.cpuSeconds - first.cpuSeconds) * 1000 * 100) / (last.at - first.at));
    }
    const total = samples.at(-1);
    return {
      pollMs,
      durationMs: total.at,
      cpuPercent,
      cpuPercentOverall: ((total.cpuSeconds - samples[0].cpuSeconds) * 1000 * 100) / total.at,
      rssMb: samples.map((sample) => sample.rssKb / 1024),
      processes: Math.max(...samples.map((sample) => sample.processes)),
    };
  } finally {
    await cli.stop();
    repo.cleanup();
  }
}
