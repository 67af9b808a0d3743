// The bench itself, run by run-bench.mjs from a private copy of the build (options there).
// Measures the built CLI as real processes in throw-away git repositories, prints a table and
// writes it with every sample as JSON. See bench/README.md.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { stopAll } from './lib/cli.mjs';
import { calibrateClock } from './lib/clock.mjs';
import { machineInfo } from './lib/machine.mjs';
import { checkoutRows, debateRows, idleRows, latencyRows, overheadRows, remoteRows, startupRows } from './lib/report.mjs';
import { cleanupAll } from './lib/repo.mjs';
import { renderMarkdownTable, renderTable } from './lib/table.mjs';
import { measureCheckoutCost } from './measures/checkout-cost.mjs';
import { measureIdleCost } from './measures/idle-cost.mjs';
import { measureProcessStart } from './measures/process-start.mjs';
import { measureStartup } from './measures/startup.mjs';
import { hasInotifywait, measureTurnLatency } from './measures/turn-latency.mjs';
import { measureTurnOverhead } from './measures/turn-overhead.mjs';
import { measureRemoteHandover } from './measures/remote-handover.mjs';
import { measureWholeDebate } from './measures/whole-debate.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const usage = (message) => {
  process.stderr.write(`bench: ${message} Options: --quick, --samples <n>, --idle <seconds>, --out <file>.\n`);
  process.exit(2);
};
let values;
try {
  ({ values } = parseArgs({ options: { quick: { type: 'boolean' }, samples: { type: 'string' }, idle: { type: 'string' }, out: { type: 'string' } }, strict: true }));
} catch (error) {
  usage(error.message.replace(/\.?$/, '.'));
}
const quick = values.quick ?? false;
const settings = {
  quick,
  latencySamples: Number(values.samples ?? (quick ? 8 : 30)),
  idleMs: Number(values.idle ?? (quick ? 10 : 60)) * 1000,
  idleWindows: quick ? 5 : 6,
  seedIntervalMs: 500,
  pollMs: 100,
  startupRuns: quick ? { version: 5, claim: 3 } : { version: 20, claim: 10 },
  debateRuns: quick ? 2 : 5,
  maxRounds: 5,
  // Two clones through git daemon: --quick runs one short debate of instant agents (a few seconds); the full run adds agents that think.
  remote: quick ? { runs: 1, maxRounds: 2, thinking: null } : { runs: 3, maxRounds: 5, thinking: { runs: 1, maxRounds: 3, thinkS: 3 } },
  bodyBytes: 1500,
  // The per-turn overhead's documents: sections of 4 KB (a Review of six points with evidence), as many as the size takes.
  sectionBytes: 4_096,
  sizes: [10_240, 102_400, 1_048_576, ...(quick ? [] : [5 * 1_048_576])],
  // The agents' checkout: a large repository (20,000 files, 200 MB) takes a minute to generate, so --quick measures a tenth of it.
  checkout: quick ? { files: 2_000, fileBytes: 10_240, runs: 2 } : { files: 20_000, fileBytes: 10_240, runs: 3 },
};
for (const [name, value] of Object.entries({ samples: settings.latencySamples, idle: settings.idleMs })) {
  if (!Number.isFinite(value) || value <= 0) usage(`Expected --${name} to be a positive number, got \`${values[name]}\`.`);
}
// Each turn on a large document is preceded by its cold first read, seconds each: fewer of them.
const reps = (size, role) => {
  const table = quick ? { reviewer: [3, 2, 1, 0], responder: [0, 0, 0, 0] } : { reviewer: [10, 5, 3, 2], responder: [7, 3, 2, 0] };
  return table[role][settings.sizes.indexOf(size)] ?? 0;
};

const began = performance.now();
const log = (line) => process.stderr.write(`${line}\n`);
const elapsed = () => `${((performance.now() - began) / 1000).toFixed(0)} s`;

/** Every measurement, side by side in one run. */
async function measureAll() {
  // The idle processes wait through the process-level measurements, which leave them alone.
  log(`idle cost: watching two waiting processes for ${settings.idleMs / 1000} s in the background`);
  const idle = Promise.all([
    measureIdleCost({ durationMs: settings.idleMs, windows: settings.idleWindows }),
    measureIdleCost({ durationMs: settings.idleMs, windows: settings.idleWindows, pollMs: settings.pollMs }),
  ]);
  idle.catch(() => undefined);
  const inotify = hasInotifywait();
  log(`turn detection, native events: ${settings.latencySamples} writes [${elapsed()}]`);
  const native = await measureTurnLatency({ samples: settings.latencySamples, seedIntervalMs: settings.seedIntervalMs, inotify, log });
  log(`process start floor: ${settings.latencySamples} paced spawns of the stamp agent, each followed by one back to back [${elapsed()}]`);
  // Paced as the writes were (their random phase), since code-debate starts its agent after waiting too.
  const processStart = await measureProcessStart({ samples: settings.latencySamples, paceMs: settings.seedIntervalMs });
  log(`turn detection, --poll ${settings.pollMs}: ${settings.latencySamples} writes [${elapsed()}]`);
  const polled = await measureTurnLatency({ samples: settings.latencySamples, pollMs: settings.pollMs, log });
  log(`start-up [${elapsed()}]`);
  const startup = await measureStartup({ versionRuns: settings.startupRuns.version, claimRuns: settings.startupRuns.claim });
  log(`whole debates: ${settings.debateRuns} [${elapsed()}]`);
  const debates = await measureWholeDebate({ runs: settings.debateRuns, maxRounds: settings.maxRounds, bodyBytes: settings.bodyBytes, log });
  log(`two clones through git daemon: ${settings.remote.runs} debate${settings.remote.runs === 1 ? '' : 's'} of ${settings.remote.maxRounds} rounds [${elapsed()}]`);
  const remote = {
    instant: await measureRemoteHandover({ runs: settings.remote.runs, maxRounds: settings.remote.maxRounds, log }),
    thinking: settings.remote.thinking === null ? null : await measureRemoteHandover({ ...settings.remote.thinking, log }),
  };
  log(`waiting for the idle measurement [${elapsed()}]`);
  const [idleNative, idlePolled] = await idle;
  // In this process, after the others: reading a large document keeps this event loop busy for seconds.
  log(`per-turn overhead, in process [${elapsed()}]`);
  const largeSections = { size: 1_048_576, reps: quick ? 1 : 3 };
  const overhead = await measureTurnOverhead({ sizes: settings.sizes, reps, roles: ['reviewer', 'responder'], sectionBytes: settings.sectionBytes, largeSections, log });
  log(`agent checkout: ${settings.checkout.files.toLocaleString('en-US')} files [${elapsed()}]`);
  const checkout = await measureCheckoutCost({ ...settings.checkout, log });
  return { native, processStart, polled, startup, debates, remote, idleNative, idlePolled, overhead, checkout };
}

// A failure or Ctrl-C stops every process the bench started and removes its repositories.
const abandon = async (message, code) => {
  process.stderr.write(message);
  await stopAll();
  cleanupAll();
  process.exit(code);
};
process.on('SIGINT', () => abandon('\nbench: interrupted; nothing was written.\n', 130));

const machine = machineInfo();
const notes = [];
calibrateClock();
log(`code-debate bench${quick ? ' (--quick)' : ''} on ${machine.cpu}, ${machine.cores} cores, Node ${machine.node}, load ${machine.loadAverage.join(' ')}`);
const { native, processStart, polled, startup, debates, remote, idleNative, idlePolled, overhead, checkout } = await measureAll().catch((error) =>
  abandon(`bench: ${error?.stack ?? error}\n`, 1),
);

const rows = [
  ...latencyRows(native, processStart, polled, notes),
  ...idleRows(idleNative, idlePolled),
  ...overheadRows(overhead, notes),
  ...debateRows(debates, settings.maxRounds),
  ...remoteRows(remote, settings.remote),
  ...startupRows(startup),
  ...checkoutRows(checkout),
];
const columns = ['figure', 'median', 'spread: min–max (IQR, n)', 'target', 'result'];
const cells = rows.map((row) => [row.figure, row.median, row.spread, row.target, row.result]);
const finished = machineInfo();
const durationS = Math.round((performance.now() - began) / 1000);

process.stdout.write(`\n${renderTable(columns, cells)}\n`);
for (const note of notes) process.stdout.write(`\nnote: ${note}`);
const misses = rows.filter((row) => row.result === 'MISS').length;
process.stdout.write(
  `\n${misses} of ${rows.filter((row) => row.result !== 'info').length} targets missed. ${durationS} s. Load average ${machine.loadAverage.join(' ')} → ${finished.loadAverage.join(' ')}.\n`,
);

const out = path.resolve(values.out ?? path.join(here, 'results.json'));
const result = {
  machine: { ...machine, loadAverageAfter: finished.loadAverage },
  settings,
  durationS,
  notes,
  table: { columns, rows },
  markdown: renderMarkdownTable(columns, cells),
  samples: {
    latencyNative: native.samples,
    processStart,
    latencyPolled: polled.samples,
    idle: [idleNative, idlePolled],
    overhead,
    debates,
    remote,
    startup,
    checkout,
  },
};
writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`);
process.stdout.write(`Written to ${out}.\n`);
