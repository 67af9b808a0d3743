import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { setTimeout as delay } from 'node:timers/promises';
import { resolveSubject } from '../../dist/subject/resolve-subject.js';
import { chokidarListenerPath, startCli, startWatched, stampAgent } from '../lib/cli.mjs';
import { calibrateClock } from '../lib/clock.mjs';
import { peerSection } from '../lib/peer.mjs';
import { startPeerWriter } from '../lib/peer-writer.mjs';
import { makeBenchRepo, subject } from '../lib/repo.mjs';

export function hasInotifywait() {
  return spawnSync('inotifywait', ['--help'], { stdio: 'ignore' }).error === undefined;
}

/** The plain protocol's loop (test/fixtures/peers/plain-peer.sh `wait_change`): sleep, md5sum, compare; says when it saw a change. */
const seedLoop = String.raw`
prev=$(md5sum "$1" 2>/dev/null | cut -d' ' -f1)
echo "ready $EPOCHREALTIME $prev"
while true; do
  sleep "$2"
  now=$(md5sum "$1" 2>/dev/null | cut -d' ' -f1)
  if [ "$now" != "$prev" ]; then echo "changed $EPOCHREALTIME $now"; prev=$now; fi
done`;

const md5 = (file) => createHash('md5').update(readFileSync(file)).digest('hex');

/**
 * Turn-detection latency: code-debate runs as the Responder with the instant agent; the bench
 * plays the Reviewer and lands each Follow-up itself, alternately appended and renamed over the
 * file. For each write: when the kernel told a listener (inotifywait), when chokidar told one (the
 * same options as src/watch/watch-native.ts), when code-debate said "my turn" (it read the section and
 * decided the turn is its own), when its agent process started, and when the plain protocol's
 * checksum loop noticed. All from just before the system call that lands the write. Each watcher
 * is a process of its own, whose line the bench stamps as it arrives: one that ran in the bench's
 * own process would delay its reading of the others' lines for the same write.
 *
 * options: samples; pollMs (null: native events); seedIntervalMs (null: no checksum loop); inotify.
 */
export async function measureTurnLatency({ samples, pollMs = null, seedIntervalMs = null, inotify = false, log = () => {} }) {
  const repo = makeBenchRepo(pollMs === null ? 'latency' : 'latency-poll');
  const stampLog = `${repo.scratch}/stamps.jsonl`;
  const stopping = [];
  try {
    const resolved = await resolveSubject(subject, { cwd: repo.dir, exclude: ['reply.md'] });
    const meta = { v: 1, base: resolved.base, head: resolved.head, diff: resolved.diffSha256 };

    let inotifyProcess = null;
    if (inotify) {
      inotifyProcess = startWatched('inotifywait', ['-m', '-e', 'close_write,moved_to', '--format', '%e %f', repo.dir], { cwd: repo.dir });
      stopping.push(() => inotifyProcess.stop());
      await inotifyProcess.waitForLine(/Watches established/);
    }
    // chokidar alone, with the options of src/watch/watch-native.ts (its polling has its own phase).
    const chokidarProcess = startWatched(process.execPath, [chokidarListenerPath, repo.dir, repo.file, ...(pollMs === null ? [] : [String(pollMs)])], { cwd: repo.dir });
    stopping.push(() => chokidarProcess.stop());
    await chokidarProcess.waitForLine(/^ready$/);
    let seed = null;
    if (seedIntervalMs !== null) {
      seed = startWatched('bash', ['-c', seedLoop, 'seed-loop', repo.file, String(seedIntervalMs / 1000)], { cwd: repo.dir });
      stopping.push(() => seed.stop());
      await seed.waitForLine(/^ready/);
    }

    const writer = startPeerWriter();
    stopping.push(() => writer.close());
    const args = ['--role', 'responder', '--agent', stampAgent, '--max-rounds', '100', '--turn-timeout', '10m', ...(pollMs === null ? [] : ['--poll', String(pollMs)]), subject];
    const cli = startCli(args, { cwd: repo.dir, env: { BENCH_STAMP_LOG: stampLog } });
    stopping.push(() => cli.stop());
    await cli.waitForLine(/waiting for the Reviewer/);

    const seedChanges = () =>
      seed ? seed.lines.filter((line) => line.text.startsWith('changed ')).map((line) => ({ at: Number(line.text.split(' ')[1]) * 1000, sum: line.text.split(' ')[2] })) : [];
    // Before the next write: the checksum loop has caught up with the file, so what it notices next is that write.
    const quiet = async () => {
      if (!seed || !existsSync(repo.file)) return;
      const sum = md5(repo.file);
      const deadline = Date.now() + 3 * seedIntervalMs + 2_000;
      while (seedChanges().at(-1)?.sum !== sum && Date.now() < deadline) await delay(20);
    };
    const phaseMs = seedIntervalMs ?? pollMs ?? 40;

    const results = [];
    for (let index = 0; index <= samples; index++) {
      // Index 0 is the Review, which creates the file: a warm-up, not a sample.
      const kind = index === 0 ? 'review' : 'follow-up';
      const method = index === 0 ? 'create' : index % 2 === 1 ? 'append' : 'rename';
      const response = `Response ${index + 1}`;
      await quiet();
      // The clocks are anchored before the pause (it takes milliseconds of busy waiting), so the write comes after a quiet one.
      calibrateClock();
      await writer.calibrate();
      // A random phase against the pollers' (the checksum loop's, --poll's) cycles.
      await delay(Math.random() * phaseMs);
      const sizeBefore = existsSync(repo.file) ? statSync(repo.file).size : 0;
      const marks = { lines: cli.lines.length, inotify: inotifyProcess?.lines.length ?? 0, chokidar: chokidarProcess.lines.length };
      const landed = await writer.write(repo.file, peerSection(kind, index), method, { subject, meta });
      const wroteAt = landed.before;
      await cli.waitForLine(new RegExp(`wrote ## ${response} `), { from: marks.lines, timeoutMs: 20_000 });
      if (index === 0) continue;
      const started = cli.lines.slice(marks.lines).find((line) => line.text.includes(`is writing ## ${response}`));
      const stamp = readFileSync(stampLog, 'utf8')
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line))
        .find((entry) => entry.turn === 'response' && entry.round === index + 1);
      const kernel = inotifyProcess?.lines.slice(marks.inotify).find((line) => line.stream === 'stdout' && line.text.endsWith(' reply.md'));
      // The first event that saw this write, by the size it reports. With native events, one of
      // this write's size: chokidar drops a change within 50 ms of another, and the event for
      // code-debate's answer must not stand in for one dropped. Polling, an event may see this
      // write and code-debate's answer at once, and one that saw only code-debate's last write
      // may come late: the file only grows, so it is the first past the old size.
      const sawWrite = pollMs === null ? (text) => Number(text.split(' ')[1]) === landed.size : (text) => Number(text.split(' ')[1]) > sizeBefore;
      const chokidar = await chokidarProcess.waitForLine(sawWrite, { from: marks.chokidar, timeoutMs: 3 * phaseMs + 1_000 }).catch(() => undefined);
      await quiet();
      const noticed = seedChanges().find((change) => change.at >= wroteAt);
      const since = (at) => (at === undefined ? null : at - wroteAt);
      results.push({
        method,
        kernelMs: since(kernel?.at),
        chokidarMs: since(chokidar?.at),
        chokidarEvent: chokidar?.text.split(' ')[0] ?? null,
        turnStartedMs: since(started?.at),
        agentStartMs: since(stamp ? stamp.start * 1000 : undefined),
        seedLoopMs: since(noticed?.at),
        // The landing call's own time, and any preemption in it (see writePeerSection).
        landingMs: landed.after - landed.before,
      });
      log(`  ${method.padEnd(6)} agent +${results.at(-1).agentStartMs?.toFixed(1)} ms`);
    }
    return { samples: results, pollMs, seedIntervalMs, output: cli.output() };
  } finally {
    for (const stop of stopping.reverse()) await stop().catch(() => undefined);
    repo.cleanup();
  }
}
