import { mkdirSync, writeFileSync } from 'node:fs';
import { setTimeout as delay } from 'node:timers/promises';
import { checkCitations } from '../../dist/git/check-citations.js';
import { resolveSubject } from '../../dist/git/resolve-subject.js';
import { readCitations } from '../../dist/ledger/read-citations.js';
import { parseDocument } from '../../dist/protocol/parse-document.js';
import { decideAction } from '../../dist/protocol/decide-action.js';
import { renderAppend } from '../../dist/protocol/render-section.js';
import { appendSection } from '../../dist/session/append-section.js';
import { debateLoop } from '../../dist/session/debate-loop.js';
import { readDebateFile } from '../../dist/session/read-debate-file.js';
import { statePaths } from '../../dist/session/state-paths.js';
import { settleMs } from '../../dist/session/wait-for-change.js';
import { makeDocument, makeRandom, sectionBody } from '../lib/make-document.mjs';
import { makeBenchRepo, subject } from '../lib/repo.mjs';

/** A FileWatch (src/watch/watch-file.ts) the bench drives: `fire` is the peer's write being noticed. */
function makeWatch() {
  let wake = null;
  const calls = [];
  const waiters = [];
  return {
    calls,
    next(_timeoutMs, signal) {
      calls.push(performance.now());
      for (const waiter of waiters.splice(0)) waiter();
      return new Promise((resolve) => {
        wake = resolve;
        signal?.addEventListener('abort', () => resolve('timeout'), { once: true });
      });
    },
    /** Resolves when the loop next waits on the watch. */
    nextWait: () => new Promise((resolve) => waiters.push(resolve)),
    fire() {
      const resolve = wake;
      wake = null;
      resolve?.('event');
    },
    close: async () => {},
  };
}

/** How late a 120 ms timer fires here: the settle delay is a timer, and the turn is timed around it. */
async function timerOvershoot() {
  const late = [];
  for (let i = 0; i < 5; i++) {
    const start = performance.now();
    await delay(settleMs);
    late.push(performance.now() - start - settleMs);
  }
  return late.sort((a, b) => a - b)[2];
}

/**
 * One turn of the real debate loop (src/session/debate-loop.ts) in this process, with an instant
 * in-process agent: from the moment the watch reports the peer's section to the moment the loop
 * waits again, less the settle delay and the agent. That is: read and checksum the file, re-read
 * it after the settle, parse and decide, re-resolve the subject (git), check the citations (git),
 * build the prompts, check the agent's text, append with compare-and-swap and fsync, parse and
 * decide again. Re-resolving the subject (git) is timed apart, as is, once per size, the git half of
 * the citation check, so that the document's own cost can be told apart.
 */
async function timeTurn({ repo, role, document, resolved, overshootMs }) {
  const prefix = document.prefix(role === 'reviewer' ? 1 : 2);
  writeFileSync(repo.file, prefix);
  const random = makeRandom(document.text.length);
  const times = { agentMs: 0, resolveMs: 0 };
  const agent = {
    name: 'bench-instant',
    async writeTurn(request) {
      const start = performance.now();
      const body = sectionBody(request.turn, random, 600);
      times.agentMs += performance.now() - start;
      return body;
    },
  };
  const controller = new AbortController();
  const events = [];
  const context = {
    role,
    root: repo.dir,
    file: repo.file,
    relativeFile: 'reply.md',
    subject: resolved,
    resolveSubjectAgain: async () => {
      const start = performance.now();
      const again = await resolveSubject(subject, { cwd: repo.dir, exclude: ['reply.md'] });
      times.resolveMs += performance.now() - start;
      return again;
    },
    agent,
    claim: { role, tookOverFrom: null, update: async () => {}, release: async () => {} },
    paths: statePaths(repo.gitDir, repo.dir, repo.file),
    standards: null,
    stance: 'default',
    maxRounds: 100,
    turnTimeoutMs: 600_000,
    agentTimeoutMs: 600_000,
    signal: controller.signal,
    report: (event) => events.push(event),
  };
  mkdirSync(context.paths.dir, { recursive: true });
  const watch = makeWatch();
  const waiting = watch.nextWait();
  const loop = debateLoop(context, watch).catch((error) => error);
  await waiting;
  writeFileSync(repo.file, document.text);
  const turned = watch.nextWait();
  const cpu = process.cpuUsage();
  const start = performance.now();
  watch.fire();
  await turned;
  const wallMs = watch.calls.at(-1) - start;
  // This process's CPU time (all its threads, not git's): what a loaded machine cannot inflate.
  const { user, system } = process.cpuUsage(cpu);
  controller.abort();
  await loop;
  const written = events.find((event) => event.type === 'turn-written');
  if (!written) throw new Error(`The ${role}'s turn on a ${document.text.length}-byte document wrote nothing: ${JSON.stringify(events)}`);
  const overheadMs = wallMs - settleMs - overshootMs - times.agentMs;
  return { overheadMs, cpuMs: (user + system) / 1000, resolveMs: times.resolveMs, agentMs: times.agentMs, heading: written.heading };
}

/**
 * The document's own steps, one at a time, once: where the time of a turn goes. The citation
 * check (src/session/check-debate-citations.ts) in its two halves: finding the citations in the
 * sections (Markdown) and reading the cited files at the head (git).
 */
async function timeSteps(repo, document, role, resolved) {
  writeFileSync(repo.file, document.text);
  const time = async (run) => {
    const start = performance.now();
    const value = await run();
    return { ms: performance.now() - start, value };
  };
  const read = await time(() => readDebateFile(repo.file));
  const parse = await time(() => parseDocument(document.text));
  const decide = await time(() => decideAction(parse.value.document, role, { maxRounds: 100 }));
  const findCitations = await time(() => readCitations(parse.value.document));
  const gitCitations = await time(() => checkCitations(repo.dir, { head: resolved.head }, findCitations.value));
  const paths = statePaths(repo.gitDir, repo.dir, repo.file);
  const section = { kind: 'consensus', number: 0, body: 'bench', role, agent: 'bench', time: new Date() };
  const append = await time(() =>
    appendSection({ file: repo.file, lockPath: paths.writeLock, expectedChecksum: read.value.checksum, stillValid: () => true, render: (current) => renderAppend(current.text, section) }),
  );
  return { readMs: read.ms, parseMs: parse.ms, decideMs: decide.ms, findCitationsMs: findCitations.ms, gitCitationsMs: gitCitations.ms, appendFsyncMs: append.ms };
}

/**
 * Per-turn overhead for each document size: `reps(size, role)` turns of each role, each on a
 * fresh copy of the document. Returns per size the samples and a one-off breakdown of the steps.
 */
export async function measureTurnOverhead({ sizes, reps, roles, log = () => {} }) {
  const repo = makeBenchRepo('overhead');
  try {
    const resolved = await resolveSubject(subject, { cwd: repo.dir, exclude: ['reply.md'] });
    const meta = { v: 1, base: resolved.base, head: resolved.head, diff: resolved.diffSha256 };
    const overshootMs = await timerOvershoot();
    // Warm-up: the first turn of a process compiles the code it runs.
    for (const role of roles) await timeTurn({ repo, role, document: makeDocument(10_240, { endOn: role === 'reviewer' ? 'response' : 'follow-up', meta }), resolved, overshootMs });
    const results = [];
    for (const role of roles) {
      for (const size of sizes) {
        const count = reps(size, role);
        if (count === 0) continue;
        const document = makeDocument(size, { endOn: role === 'reviewer' ? 'response' : 'follow-up', meta });
        const turns = [];
        for (let i = 0; i < count; i++) turns.push(await timeTurn({ repo, role, document, resolved, overshootMs }));
        const steps = await timeSteps(repo, document, role, resolved);
        // Git's share: the subject resolved again (timed in the turn) and the cited files read.
        const samples = turns.map((turn) => ({ ...turn, gitMs: turn.resolveMs + steps.gitCitationsMs, documentMs: turn.overheadMs - turn.resolveMs - steps.gitCitationsMs }));
        results.push({ role, size, bytes: Buffer.byteLength(document.text), rounds: document.rounds, sections: document.sections, samples, steps });
        log(`  ${role} ${(Buffer.byteLength(document.text) / 1024).toFixed(0)} KB: ${samples.map((s) => `${s.overheadMs.toFixed(1)} (git ${s.gitMs.toFixed(1)})`).join(', ')} ms; parse once ${steps.parseMs.toFixed(1)} ms`);
      }
    }
    return { overshootMs, results };
  } finally {
    repo.cleanup();
  }
}
