import { mkdirSync } from 'node:fs';
import { resolveSubject } from '../../dist/subject/resolve-subject.js';
import { takeRepoSnapshot } from '../../dist/git/repo-snapshot.js';
import { openAgentCheckout } from '../../dist/session/agent-checkout.js';
import { appendSection } from '../../dist/session/append-section.js';
import { readClaim } from '../../dist/session/claims/read-claims.js';
import { createLedgerReader } from '../../dist/ledger/ledger-reader.js';
import { debateLoop } from '../../dist/session/debate-loop.js';
import { createSideMemory } from '../../dist/session/side-memory.js';
import { statePaths } from '../../dist/session/state-paths.js';
import { subject } from './repo.mjs';

/**
 * A FileWatch (src/watch/watch-file.ts) the bench drives: `fire` is the peer's write being noticed;
 * `nextWait` resolves with the moment (performance.now()) the loop next waits on it.
 */
function makeWatch() {
  let wake = null;
  const waiters = [];
  return {
    next(_timeoutMs, signal) {
      const at = performance.now();
      for (const waiter of waiters.splice(0)) waiter(at);
      return new Promise((resolve) => {
        const abort = () => resolve('timeout');
        signal?.addEventListener('abort', abort, { once: true });
        wake = (reason) => {
          signal?.removeEventListener('abort', abort);
          resolve(reason);
        };
      });
    },
    nextWait: () => new Promise((resolve) => waiters.push(resolve)),
    fire() {
      const resolve = wake;
      wake = null;
      resolve?.('event');
    },
    close: async () => {},
  };
}

/** Runs `run`, keeping when it started and ended in `runs`. */
async function timed(runs, run) {
  const entry = { start: performance.now(), end: null };
  runs.push(entry);
  try {
    return await run();
  } finally {
    entry.end = performance.now();
  }
}

/**
 * The real debate loop of dist/ (src/session/debate-loop.ts) started in this process as `role` on
 * the file as it is, with a watch the bench drives and an in-process agent whose text is
 * `answer(request)`, at once. Every run of the agent and of git resolving the subject again is
 * kept as {start, end}: the turn resolves it beside the agent (src/session/ask-ahead.ts).
 */
export async function startLoop({ repo, role, resolved, stamp, answer }) {
  const agentRuns = [];
  const resolves = [];
  const events = [];
  const controller = new AbortController();
  // The agent's checkout, as a session makes it once before its loop (src/session/run-claimed-side.ts): not part of a turn.
  const checkout = await openAgentCheckout({ root: repo.dir, gitDir: repo.gitDir, role, subject: resolved, emit: () => undefined });
  // What a side remembers from turn to turn, as run-side makes it (src/session/side-memory.ts).
  const memory = createSideMemory();
  const context = {
    role,
    root: repo.dir,
    file: repo.file,
    relativeFile: 'reply.md',
    subject: resolved,
    subjectStamp: stamp,
    resolveSubjectAgain: () => timed(resolves, () => resolveSubject(subject, { cwd: repo.dir, exclude: ['reply.md'] })),
    // The read-only check's git (src/session/guard-repository.ts) in the agent's checkout, before and after each agent run: git the turn waits for, as a resolve is.
    takeSnapshot: () => timed(resolves, () => takeRepoSnapshot(checkout.dir, { branches: false })),
    checkout,
    agent: { name: 'bench-instant', writeTurn: (request) => timed(agentRuns, async () => answer(request)) },
    claim: { role, tookOverFrom: null, update: async () => {}, release: async () => {} },
    paths: statePaths(repo.gitDir, repo.dir, repo.file),
    // As run-session makes it for a local file: compare-and-swap appends, and the peer's claim read from the state directory.
    store: {
      append: (request) => appendSection({ ...request, file: repo.file, lockPath: context.paths.writeLock, memory: memory.file }),
      readPeerClaim: (peer) => readClaim(context.paths, peer),
    },
    reader: createLedgerReader(),
    memory,
    standards: null,
    stance: 'default',
    blockOn: 'high',
    // The bench's long documents run to hundreds of rounds.
    maxRounds: Number.MAX_SAFE_INTEGER,
    turnTimeoutMs: 600_000,
    agentTimeoutMs: 600_000,
    maxPeerBytes: 65_536,
    maxAnswerBytes: 262_144,
    budget: { maxTokens: null, maxCostUsd: null },
    signal: controller.signal,
    emit: (event) => events.push(event),
  };
  mkdirSync(context.paths.dir, { recursive: true });
  const watch = makeWatch();
  const first = watch.nextWait();
  const startedAt = performance.now();
  const loop = debateLoop(context, watch).catch((error) => error);
  // A loop that ends (or fails) instead of waiting would leave a wait pending for ever.
  const ended = loop.then((result) => {
    throw new Error(`The ${role}'s debate loop ended where it should wait for the peer: ${result?.stack ?? JSON.stringify(result)}\nIt reported: ${JSON.stringify(events)}`);
  });
  const orEnded = (waiting) => Promise.race([waiting, ended]);
  return {
    events,
    agentRuns,
    resolves,
    startedAt,
    /** The moment the loop first waited for the peer. */
    firstWait: orEnded(first),
    /** Reports the peer's write; resolves with the moment the loop waits again. */
    fire() {
      const next = orEnded(watch.nextWait());
      watch.fire();
      return next;
    },
    written: () => events.filter((event) => event.type === 'turn-written'),
    async stop() {
      controller.abort();
      await loop;
      await checkout.remove();
    },
  };
}
