import { formatMs, formatSpread, round, summarize } from './stats.mjs';

/**
 * Turns the measurements into table rows: { figure, median, spread, target, result } as text,
 * with `stats` (the numbers) for results.json. `result` is pass, MISS, or info (no target).
 */
const verdict = (ok) => (ok === null ? 'info' : ok ? 'pass' : 'MISS');

function row(figure, stats, { target = '', ok = null, format = formatMs, median } = {}) {
  return { figure, median: median ?? (stats.n === 0 ? '—' : format(stats.p50)), spread: formatSpread(stats, format), target, result: verdict(ok), stats: roundStats(stats) };
}

function roundStats(stats) {
  return Object.fromEntries(Object.entries(stats).map(([key, value]) => [key, key === 'n' ? value : round(value, 3)]));
}

const pick = (samples, key) => samples.map((sample) => sample[key]).filter((value) => value !== null && value !== undefined);
const percent = (value) => `${value.toFixed(2)} %`;
const megabytes = (value) => `${value.toFixed(1)} MB`;
const chars = (value) => `${Math.round(value).toLocaleString('en-US')} ch`;
const kilobytes = (bytes) => (bytes >= 1_048_576 ? `${(bytes / 1_048_576).toFixed(1)} MB` : `${Math.round(bytes / 1024)} KB`);

/**
 * The turn-detection targets (issue 6, as the team set them): code-debate reports its turn within
 * 2× the kernel's raw notification, and starts the agent within 2× (the notification + starting a
 * process), since no program can start one sooner than the kernel tells it plus a process's start.
 */
export function latencyRows(native, processStart, polled, notes) {
  const rows = [];
  const agent = summarize(pick(native.samples, 'agentStartMs'));
  const decided = summarize(pick(native.samples, 'turnStartedMs'));
  const kernel = summarize(pick(native.samples, 'kernelMs'));
  const floor = summarize(processStart.startMs);
  const hasKernel = kernel.n > 0;
  const byMethod = (method, key) =>
    summarize(
      pick(
        native.samples.filter((sample) => sample.method === method),
        key,
      ),
    );
  const agentLimit = hasKernel ? 2 * (kernel.p50 + floor.p50) : null;
  rows.push(
    row('Turn detection p50: write → code-debate reports "my turn" (section read, turn decided; stderr)', decided, {
      target: hasKernel ? `≤ 2× raw = ${formatMs(2 * kernel.p50)}` : '≤ 2× raw (no inotifywait)',
      ok: hasKernel ? decided.p50 <= 2 * kernel.p50 : null,
    }),
    row('Turn detection p50: write → agent started (native events)', agent, {
      target: hasKernel ? `≤ 2× (raw + process start) = ${formatMs(agentLimit)}` : '≤ 2× (raw + process start) (no inotifywait)',
      ok: hasKernel ? agent.p50 <= agentLimit : null,
    }),
    row('Turn detection p99: write → agent started (native events)', agent, { target: '< 25 ms', ok: agent.p99 < 25, median: formatMs(agent.p99) }),
  );
  if (hasKernel) rows.push(row('  raw notification (inotifywait, same writes)', kernel));
  else notes.push('inotifywait is not installed, so the raw kernel notification was not measured: `apt-get install -y inotify-tools` (Debian, Ubuntu).');
  for (const [method, call] of [
    ['append', 'write(2)'],
    ['rename', 'rename(2)'],
  ]) {
    rows.push(
      row(`  the peer's ${call}, call → return (all times count from the call: the return comes late when the watchers it wakes run first)`, byMethod(method, 'landingMs')),
    );
  }
  rows.push(
    row('  process start floor: spawn → stamp agent started (node:child_process, this process), after a pause as the writes come', floor),
    row('  the same, back to back (at once after another start: warm, not what a turn meets)', summarize(processStart.backToBackMs)),
    row('  chokidar alone, a process of its own (same options as src/watch/watch-native.ts)', summarize(pick(native.samples, 'chokidarMs'))),
  );
  for (const method of ['append', 'rename']) {
    rows.push(row(`  agent started p50 for writes by ${method}`, byMethod(method, 'agentStartMs')));
  }
  const seed = summarize(pick(native.samples, 'seedLoopMs'));
  if (seed.n > 0) {
    const scale = 5_000 / native.seedIntervalMs;
    const scaled = summarize(pick(native.samples, 'seedLoopMs').map((value) => value * scale));
    rows.push(
      row(`Plain protocol loop (md5sum every ${native.seedIntervalMs} ms), measured`, seed),
      row(`  scaled to its 5 s interval (×${scale})`, scaled, { median: `${formatMs(scaled.p50)} = ${(scaled.p50 / agent.p50).toFixed(0)}× code-debate's p50` }),
    );
  }
  const polledAgent = summarize(pick(polled.samples, 'agentStartMs'));
  rows.push(
    row(`Turn detection p99 with --poll ${polled.pollMs}: write → agent started`, polledAgent, {
      target: `≤ ${polled.pollMs} ms (one interval)`,
      ok: polledAgent.p99 <= polled.pollMs,
      median: formatMs(polledAgent.p99),
    }),
    row(`  p50 with --poll ${polled.pollMs}`, polledAgent),
    row(`  code-debate reports "my turn" with --poll ${polled.pollMs}`, summarize(pick(polled.samples, 'turnStartedMs'))),
    row(`  chokidar alone, polling`, summarize(pick(polled.samples, 'chokidarMs'))),
  );
  return rows;
}

export function idleRows(native, polled) {
  const rows = [];
  const seconds = Math.round(native.durationMs / 1000);
  const cpu = summarize(native.cpuPercent);
  const rss = summarize(native.rssMb);
  rows.push(
    row(`Idle CPU, waiting ${seconds} s for the peer (per ${Math.round(native.durationMs / native.cpuPercent.length / 1000)} s window)`, cpu, {
      target: '< 0.5 % of a core',
      ok: native.cpuPercentOverall < 0.5,
      format: percent,
      median: `${percent(cpu.p50)} (${percent(native.cpuPercentOverall)} overall)`,
    }),
    row('Idle resident memory (process and children)', rss, { target: '< 80 MB', ok: rss.max < 80, format: megabytes }),
  );
  if (polled) {
    rows.push(
      row(`  idle CPU with --poll ${polled.pollMs}`, summarize(polled.cpuPercent), {
        format: percent,
        median: `${percent(summarize(polled.cpuPercent).p50)} (${percent(polled.cpuPercentOverall)} overall)`,
      }),
      row(`  idle memory with --poll ${polled.pollMs}`, summarize(polled.rssMb), { format: megabytes }),
    );
  }
  return rows;
}

/**
 * A restarted side, `show` and `status` read the whole file cold: issue 20 asks for a 5 MB debate
 * in under 1 s on this machine (the whole-file parse took 29.9 s).
 */
function coldReadRow(result) {
  const stats = summarize(pick(result.samples, 'coldReadMs'));
  const isTarget = result.size === 5 * 1_048_576;
  return row(`  cold first read, once a session: the loop's start on the file (${result.sections - 1} section${result.sections === 2 ? '' : 's'}) → its first wait`, stats, {
    target: isTarget ? '< 1 s' : '',
    ok: isTarget ? stats.p50 < 1_000 : null,
  });
}

/** The target (< 20 ms at 1 MB, growth no worse than linear) is on a steady-state turn's whole overhead; the rest explains it. */
export function overheadRows(overhead, notes) {
  const rows = [];
  const coldRows = (result) => {
    const { steps } = result;
    return [
      coldReadRow(result),
      {
        figure: `  the whole file read once, cold, step by step: read ${formatMs(steps.readMs)}, parse ${formatMs(steps.parseMs)}, decide ${formatMs(steps.decideMs)}, find citations ${formatMs(steps.findCitationsMs)}, cited files read (git) ${formatMs(steps.gitCitationsMs)}, append+fsync ${formatMs(steps.appendFsyncMs)}`,
        median: '',
        spread: '',
        target: '',
        result: 'info',
        stats: Object.fromEntries(Object.entries(steps).map(([key, value]) => [key, round(value, 3)])),
      },
    ];
  };
  const turnRows = (result) => [
    row(
      '  the whole turn less the agent, with the wait for git (the subject resolved again, which an agent of 50 ms or more hides)',
      summarize(pick(result.samples, 'overheadMs')),
    ),
    row('  of which waiting for git', summarize(pick(result.samples, 'gitWaitMs'))),
    row('  CPU time of the turn in this process (git not included)', summarize(pick(result.samples, 'cpuMs'))),
  ];
  for (const role of ['reviewer', 'responder']) {
    const results = overhead.results.filter((result) => result.role === role && result.shape === 'fixed');
    if (results.length === 0) continue;
    const turn = role === 'reviewer' ? 'Reviewer Follow-up' : 'Response';
    for (const result of results) {
      const own = summarize(pick(result.samples, 'ownMs'));
      const isTarget = result.size === 1_048_576;
      rows.push(
        row(
          `Per-turn overhead (read, parse, decide, check, append, fsync), ${turn}, ${kilobytes(result.bytes)}: ${result.sections} sections of ${kilobytes(result.peerBytes)}`,
          own,
          {
            target: isTarget ? '< 20 ms' : '',
            ok: isTarget ? own.p50 < 20 : null,
          },
        ),
        ...turnRows(result),
        ...coldRows(result),
      );
    }
    for (let i = 1; i < results.length; i++) {
      const [a, b] = [results[i - 1], results[i]];
      // The best of each size: other load on the machine only ever adds to a turn.
      const best = (result, key) => summarize(pick(result.samples, key)).min;
      const ownRatio = best(b, 'ownMs') / best(a, 'ownMs');
      const totalRatio = best(b, 'overheadMs') / best(a, 'overheadMs');
      const sizeRatio = b.bytes / a.bytes;
      rows.push({
        figure: `  growth ${kilobytes(a.bytes)} → ${kilobytes(b.bytes)}, ${turn}: the turn's own work (with git's wait), best of each`,
        median: `×${ownRatio.toFixed(1)} (×${totalRatio.toFixed(1)}) for ×${sizeRatio.toFixed(1)} the bytes`,
        spread: '',
        target: 'no worse than linear (+25 % slack)',
        result: verdict(ownRatio <= sizeRatio * 1.25),
        stats: { ownRatio: round(ownRatio, 2), totalRatio: round(totalRatio, 2), sizeRatio: round(sizeRatio, 2) },
      });
    }
  }
  for (const result of overhead.results.filter((entry) => entry.shape === 'growing')) {
    rows.push(
      row(
        `Per-turn overhead with a peer section of ${kilobytes(result.peerBytes)}: ${result.role === 'reviewer' ? 'Reviewer Follow-up' : 'Response'}, ${kilobytes(result.bytes)} in ${result.sections} sections`,
        summarize(pick(result.samples, 'ownMs')),
      ),
      ...turnRows(result),
      ...coldRows(result),
    );
  }
  if (!overhead.results.some((result) => result.size === 5 * 1_048_576))
    notes.push('The 5 MB document was skipped (--quick): each of its samples first reads it cold, which takes seconds.');
  return rows;
}

export function debateRows(debates, maxRounds) {
  const wall = summarize(debates.map((debate) => debate.wallMs));
  const first = debates[0];
  const handoffs = first.headings.length - 1;
  // From launch to the Review's agent: start-up and the first turn; then agent start to agent start.
  const toReview = summarize(debates.map((debate) => debate.turns[0].startedMs));
  const gaps = summarize(debates.flatMap((debate) => debate.turns.slice(1).map((turn, i) => turn.startedMs - debate.turns[i].startedMs)));
  const turns = debates.flatMap((debate) => debate.turns);
  const prompt = summarize(turns.map((turn) => turn.promptChars));
  const whole = summarize(turns.map((turn) => turn.fileChars));
  const sentTotal = first.turns.reduce((sum, turn) => sum + turn.promptChars, 0);
  const wholeTotal = first.turns.reduce((sum, turn) => sum + turn.fileChars, 0);
  return [
    row(`Whole debate: ${maxRounds} rounds, ${first.headings.length} sections, two processes, launch → both exited`, wall, {
      target: `< 1.5 s (plain protocol ≥ ${handoffs} × 5 s = ${handoffs * 5} s)`,
      ok: wall.p50 < 1_500,
    }),
    row("  launch → the Review's agent started", toReview),
    row('  per turn: one agent started → the next one started', gaps),
    row('Prompt sent to the agent per turn (scripted agent)', prompt, { format: chars }),
    row('  the whole debate file at that turn', whole, { format: chars }),
    {
      figure: `  over the debate: prompts vs the whole file each turn (${first.turns.length} turns)`,
      median: `${chars(sentTotal)} vs ${chars(wholeTotal)} = ${(sentTotal / wholeTotal).toFixed(2)}×`,
      spread: '',
      target: '',
      result: 'info',
      stats: { promptChars: sentTotal, wholeFileChars: wholeTotal },
    },
  ];
}

/**
 * Two machines through a git remote (issue 33): the hand-over, from a section on the remote to
 * the peer's turn started, p95 under 1.5 s through git daemon whatever the agents' speed; the
 * remote requests both sides made beside it.
 */
export function remoteRows(remote, settings) {
  const rows = [];
  const add = (label, runs, maxRounds) => {
    const handOver = summarize(runs.flatMap((run) => run.handOversMs));
    rows.push(
      row(`Two clones through git daemon, ${label}: hand-over p95, section on the remote → the peer's turn started`, handOver, {
        target: '< 1.5 s',
        ok: handOver.p95 < 1_500,
        median: formatMs(handOver.p95),
      }),
      row('  hand-over p50', handOver),
      row(`  per turn: turn started → section on the remote`, summarize(runs.flatMap((run) => run.turnsMs))),
      row(`  whole debate: ${maxRounds} rounds, launch → both exited`, summarize(runs.map((run) => run.wallMs))),
      row("  remote requests per debate, both sides (git daemon's count)", summarize(runs.map((run) => run.requests)), { format: (value) => `${Math.round(value)}` }),
    );
  };
  add('instant agents', remote.instant, settings.maxRounds);
  if (remote.thinking !== null) add(`agents that think ${settings.thinking.thinkS} s`, remote.thinking, settings.thinking.maxRounds);
  return rows;
}

export function startupRows(startup) {
  const version = summarize(startup.versionMs);
  const claim = summarize(startup.claimFileMs);
  return [
    row('Start-up: code-debate --version, spawn → exit', version, { target: '< 250 ms', ok: version.p50 < 250 }),
    row('  node -e 0, the floor for any Node CLI', summarize(startup.nodeMs)),
    row('Start-up: launch → claim file written', claim, { target: '< 250 ms', ok: claim.p50 < 250 }),
    row('  launch → "I am the Reviewer" line', summarize(startup.claimLineMs)),
  ];
}

/** What the agents' checkout costs on a large repository: made once per side, moved when the subject moves (no target: it is paid once, not per turn). */
export function checkoutRows(checkout) {
  const size = `${checkout.files.toLocaleString('en-US')} files, ${megabytes((checkout.files * checkout.fileBytes) / 1_048_576)}`;
  return [
    row(`Agent checkout (${size}): git worktree add --detach alone`, summarize(checkout.worktreeAddMs)),
    row('  git worktree remove alone', summarize(checkout.worktreeRemoveMs)),
    row('  a side makes its checkout of a commit', summarize(checkout.makeMs)),
    row('  moved to the next commit (10 files changed)', summarize(checkout.moveMs)),
    row('  removed', summarize(checkout.removeMs)),
    row('  made of the working tree (10 files saved)', summarize(checkout.makeWorkingTreeMs)),
  ];
}
