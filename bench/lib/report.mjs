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

export function latencyRows(native, polled, notes) {
  const rows = [];
  const agent = summarize(pick(native.samples, 'agentStartMs'));
  const kernel = summarize(pick(native.samples, 'kernelMs'));
  const hasKernel = kernel.n > 0;
  rows.push(
    row('Turn detection p50: write → agent started (native events)', agent, {
      target: hasKernel ? `≤ 2× raw = ${formatMs(2 * kernel.p50)}` : '≤ 2× raw (no inotifywait)',
      ok: hasKernel ? agent.p50 <= 2 * kernel.p50 : null,
    }),
    row('Turn detection p99 (native events)', agent, { target: '< 25 ms', ok: agent.p99 < 25, median: formatMs(agent.p99) }),
  );
  if (hasKernel) rows.push(row('  raw notification (inotifywait, same writes)', kernel));
  else notes.push('inotifywait is not installed, so the raw kernel notification was not measured: `apt-get install -y inotify-tools` (Debian, Ubuntu).');
  rows.push(
    row('  chokidar event (same options as src/watch/watch-file.ts)', summarize(pick(native.samples, 'chokidarMs'))),
    row('  code-debate reports "my turn" (stderr)', summarize(pick(native.samples, 'turnStartedMs'))),
    row(`  of which the settle delay (src/session/wait-for-change.ts)`, summarize([native.settleMs]), { median: formatMs(native.settleMs) }),
    row('  agent started, less the settle delay', summarize(pick(native.samples, 'agentStartMs').map((value) => value - native.settleMs))),
  );
  for (const method of ['append', 'rename']) {
    rows.push(row(`  p50 for writes by ${method}`, summarize(pick(native.samples.filter((sample) => sample.method === method), 'agentStartMs'))));
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
    row(`Turn detection p99 with --poll ${polled.pollMs}`, polledAgent, { target: `≤ ${polled.pollMs} ms (one interval)`, ok: polledAgent.p99 <= polled.pollMs, median: formatMs(polledAgent.p99) }),
    row(`  p50 with --poll ${polled.pollMs}`, polledAgent),
    row(`  chokidar polling event alone`, summarize(pick(polled.samples, 'chokidarMs'))),
    row(`  agent started, less the settle delay`, summarize(pick(polled.samples, 'agentStartMs').map((value) => value - polled.settleMs)), {
      target: `≤ ${polled.pollMs} ms`,
      ok: summarize(pick(polled.samples, 'agentStartMs').map((value) => value - polled.settleMs)).p99 <= polled.pollMs,
    }),
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
      row(`  idle CPU with --poll ${polled.pollMs}`, summarize(polled.cpuPercent), { format: percent, median: `${percent(summarize(polled.cpuPercent).p50)} (${percent(polled.cpuPercentOverall)} overall)` }),
      row(`  idle memory with --poll ${polled.pollMs}`, summarize(polled.rssMb), { format: megabytes }),
    );
  }
  return rows;
}

export function overheadRows(overhead, notes) {
  const rows = [];
  for (const role of ['reviewer', 'responder']) {
    const results = overhead.results.filter((result) => result.role === role);
    if (results.length === 0) continue;
    const turn = role === 'reviewer' ? 'Reviewer Follow-up' : 'Response';
    for (const result of results) {
      const total = summarize(pick(result.samples, 'overheadMs'));
      const isTarget = result.size === 1_048_576;
      const { steps } = result;
      rows.push(
        row(`Per-turn overhead, ${turn}, ${kilobytes(result.bytes)} (${result.sections} sections)`, total, { target: isTarget ? '< 20 ms' : '', ok: isTarget ? total.p50 < 20 : null }),
        row('  of which git (subject resolved again, cited files read)', summarize(pick(result.samples, 'gitMs'))),
        row('  of which the document (all but git)', summarize(pick(result.samples, 'documentMs'))),
        row('  CPU time of the turn in this process (git not included)', summarize(pick(result.samples, 'cpuMs'))),
        {
          figure: `  steps once: parse ${formatMs(steps.parseMs)}, find citations ${formatMs(steps.findCitationsMs)}, decide ${formatMs(steps.decideMs)}, read ${formatMs(steps.readMs)}, append+fsync ${formatMs(steps.appendFsyncMs)}`,
          median: '',
          spread: '',
          target: '',
          result: 'info',
          stats: Object.fromEntries(Object.entries(steps).map(([key, value]) => [key, round(value, 3)])),
        },
      );
    }
    for (let i = 1; i < results.length; i++) {
      const [a, b] = [results[i - 1], results[i]];
      // The best of each size: other load on the machine only ever adds to a turn.
      const best = (result, key) => summarize(pick(result.samples, key)).min;
      const documentRatio = best(b, 'documentMs') / best(a, 'documentMs');
      const totalRatio = best(b, 'overheadMs') / best(a, 'overheadMs');
      const sizeRatio = b.bytes / a.bytes;
      rows.push({
        figure: `  growth ${kilobytes(a.bytes)} → ${kilobytes(b.bytes)}, ${turn}: the document's part (whole turn), best of each`,
        median: `×${documentRatio.toFixed(1)} (×${totalRatio.toFixed(1)}) for ×${sizeRatio.toFixed(1)} the bytes`,
        spread: '',
        target: 'no worse than linear (+25 % slack)',
        result: verdict(documentRatio <= sizeRatio * 1.25),
        stats: { documentRatio: round(documentRatio, 2), totalRatio: round(totalRatio, 2), sizeRatio: round(sizeRatio, 2) },
      });
    }
  }
  if (!overhead.results.some((result) => result.size === 5 * 1_048_576)) notes.push('The 5 MB document was skipped (--quick): one turn on it takes tens of seconds.');
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
    row('  launch → the Review\'s agent started', toReview),
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
