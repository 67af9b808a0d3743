import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { checkCitations } from '../../dist/git/check-citations.js';
import { readRefStamp } from '../../dist/git/ref-stamp.js';
import { resolveSubject } from '../../dist/subject/resolve-subject.js';
import { readCitations } from '../../dist/protocol/read-citations.js';
import { parseDocument } from '../../dist/protocol/parse-document.js';
import { createLedgerReader } from '../../dist/ledger/ledger-reader.js';
import { decideTurn } from '../../dist/session/decide-turn.js';
import { renderAppend } from '../../dist/protocol/render-section.js';
import { appendSection } from '../../dist/session/append-section.js';
import { readDebateFile } from '../../dist/session/read-debate-file.js';
import { statePaths } from '../../dist/session/state-paths.js';
import { endsWithSignature } from '../../dist/session/wait-for-change.js';
import { gitWaited } from '../lib/git-waited.mjs';
import { startLoop } from '../lib/in-process-loop.mjs';
import { makeDocument, makeRandom, sectionBody } from '../lib/make-document.mjs';
import { makeBenchRepo, subject } from '../lib/repo.mjs';

const duration = (runs) => runs.reduce((sum, run) => sum + (run.end - run.start), 0);

/**
 * The cold first read, which a session pays once: the loop started on the document less its
 * last section (the peer's), from its start to its first wait.
 */
async function timeColdRead({ repo, role, document, resolved, stamp }) {
  writeFileSync(repo.file, document.prefix(document.sections - 1));
  const session = await startLoop({ repo, role, resolved, stamp, answer: () => 'not asked' });
  try {
    const waitedAt = await session.firstWait;
    if (session.written().length > 0) throw new Error(`The ${role} took a turn on the document less its last section, where it should wait: ${JSON.stringify(session.events)}`);
    return waitedAt - session.startedAt;
  } finally {
    await session.stop();
  }
}

/** Turns a session has taken when its turn is measured: the first ones after its start pay off its cold read (garbage, unwarmed memos). */
const turnsBefore = 3;

/**
 * One steady-state turn of the real debate loop, in this process. The loop starts on the
 * document less its last sections and takes the turns before, up to `turnsBefore` (its agent
 * answers with the document's own sections, the peer's are appended one by one and the watch
 * fired), as a running session has; then it waits, the peer's last section is appended and the
 * watch fired. The turn runs from the fire to the loop waiting again, less the agent's own time:
 * read and checksum the file, parse what was appended, decide, check the citations, build the
 * prompts, start the agent, wait for git's fresh resolve of the subject where it outlasts the
 * agent, check the agent's text, append with compare-and-swap and fsync, parse and decide again.
 */
async function timeSteadyTurn({ repo, role, document, resolved, stamp }) {
  const { parts, sections } = document;
  const before = Math.min(turnsBefore, Math.floor(sections / 2));
  const from = sections - 2 * before;
  writeFileSync(repo.file, document.prefix(from));
  // After the document's own sections, words none of the document's: a seed no document takes.
  const random = makeRandom(-document.seed);
  let asked = 0;
  const answer = (request) => (asked < before ? parts[from + 2 * asked++].body : sectionBody(request.turn, random, 600));
  const session = await startLoop({ repo, role, resolved, stamp, answer });
  const appendPeer = (index) => {
    const current = readFileSync(repo.file, 'utf8');
    const peer = renderAppend(current, { ...parts[index], time: new Date() });
    // An unsigned section would be held for the settle delay (src/session/wait-for-change.ts): a timer, not work.
    if (!endsWithSignature(current + peer)) throw new Error(`The peer's generated section does not end with a signature, so the ${role} would wait for it to settle.`);
    appendFileSync(repo.file, peer);
  };
  try {
    await session.firstWait;
    for (let turn = 1; turn < before; turn++) {
      appendPeer(from + 2 * turn - 1);
      await session.fire();
    }
    if (session.written().length !== before) throw new Error(`The ${role} should have taken ${before} turns before waiting: ${JSON.stringify(session.events)}`);
    appendPeer(sections - 1);
    const [agentFrom, resolveFrom] = [session.agentRuns.length, session.resolves.length];
    const cpu = process.cpuUsage();
    const start = performance.now();
    const waitedAt = await session.fire();
    // This process's CPU time (all its threads, not git's): what a loaded machine cannot inflate.
    const { user, system } = process.cpuUsage(cpu);
    const written = session.written()[before];
    if (!written) throw new Error(`The ${role}'s turn on a ${document.text.length}-byte document wrote nothing: ${JSON.stringify(session.events)}`);
    const agentRuns = session.agentRuns.slice(agentFrom);
    const resolves = session.resolves.slice(resolveFrom);
    const overheadMs = waitedAt - start - duration(agentRuns);
    const gitWaitMs = gitWaited(resolves, agentRuns);
    return {
      overheadMs,
      ownMs: overheadMs - gitWaitMs,
      gitWaitMs,
      resolveMs: duration(resolves),
      agentMs: duration(agentRuns),
      cpuMs: (user + system) / 1000,
      heading: written.heading,
    };
  } finally {
    await session.stop();
  }
}

/**
 * The whole document read once, cold (text no earlier step has seen), one step at a time: what
 * the cold first read is made of. The citation check (src/session/check-debate-citations.ts) in
 * its two halves: finding the citations in the sections and reading the cited files with git.
 */
async function timeColdSteps(repo, document, role, resolved) {
  writeFileSync(repo.file, document.text);
  const time = async (run) => {
    const start = performance.now();
    const value = await run();
    return { ms: performance.now() - start, value };
  };
  const read = await time(() => readDebateFile(repo.file));
  const parse = await time(() => parseDocument(document.text));
  const decide = await time(() => decideTurn({ role, maxRounds: Number.MAX_SAFE_INTEGER, reader: createLedgerReader() }, parse.value.document));
  const findCitations = await time(() => readCitations(parse.value.document));
  const gitCitations = await time(() => checkCitations(repo.dir, { head: resolved.head }, findCitations.value));
  const paths = statePaths(repo.gitDir, repo.dir, repo.file);
  const section = { kind: 'consensus', number: 0, body: 'bench', role, agent: 'bench', time: new Date() };
  const append = await time(() =>
    appendSection({
      file: repo.file,
      lockPath: paths.writeLock,
      expectedChecksum: read.value.checksum,
      stillValid: () => true,
      render: (current) => renderAppend(current.text, section),
    }),
  );
  return { readMs: read.ms, parseMs: parse.ms, decideMs: decide.ms, findCitationsMs: findCitations.ms, gitCitationsMs: gitCitations.ms, appendFsyncMs: append.ms };
}

/**
 * Per-turn overhead for each document size: `reps(size, role)` samples of each role, each on a
 * document of its own (text no earlier sample has read, as a peer's new section is): its cold
 * first read, then a steady-state turn. Documents are made of sections of `sectionBytes`, more of
 * them the longer the document; then `largeSections.reps` Reviewer turns on a document of
 * `largeSections.size` whose sections grow with it (tens of kilobytes each): what the size of the
 * peer's section costs. Returns per size the samples and the cold steps of one more such document.
 */
export async function measureTurnOverhead({ sizes, reps, roles, sectionBytes, largeSections, log = () => {} }) {
  const repo = makeBenchRepo('overhead');
  try {
    // As a session does (src/session/prepare-debate.ts): where the refs stood just before the subject was resolved.
    const stamp = readRefStamp(repo.gitDir);
    const resolved = await resolveSubject(subject, { cwd: repo.dir, exclude: ['reply.md'] });
    const meta = { v: 1, base: resolved.base, head: resolved.head, diff: resolved.diffSha256 };
    // Every document of its own seed: code-debate remembers what it read, by text, for the rest of the process.
    let seed = 0;
    const documentFor = (size, role, shape) =>
      makeDocument(size, { endOn: role === 'reviewer' ? 'response' : 'follow-up', meta, seed: ++seed, sectionBytes: shape === 'fixed' ? sectionBytes : null });
    const sample = async (size, role, shape = 'fixed') => {
      const document = documentFor(size, role, shape);
      const coldReadMs = await timeColdRead({ repo, role, document, resolved, stamp });
      return { ...(await timeSteadyTurn({ repo, role, document, resolved, stamp })), coldReadMs };
    };
    // Warm-up: the first turn of a process compiles the code it runs.
    for (const role of roles) await sample(10_240, role);
    const results = [];
    const measure = async (role, size, count, shape) => {
      const samples = [];
      for (let i = 0; i < count; i++) samples.push(await sample(size, role, shape));
      const document = documentFor(size, role, shape);
      const steps = await timeColdSteps(repo, document, role, resolved);
      const peerBytes = Buffer.byteLength(document.parts.at(-1).body);
      results.push({ role, size, shape, bytes: Buffer.byteLength(document.text), rounds: document.rounds, sections: document.sections, peerBytes, samples, steps });
      const own = samples.map((s) => `${s.ownMs.toFixed(1)} (+ git ${s.gitWaitMs.toFixed(1)})`).join(', ');
      log(
        `  ${role} ${(Buffer.byteLength(document.text) / 1024).toFixed(0)} KB, ${shape} sections: ${own} ms; cold first read ${samples.map((s) => s.coldReadMs.toFixed(0)).join(', ')} ms`,
      );
    };
    for (const role of roles) {
      for (const size of sizes) {
        const count = reps(size, role);
        if (count > 0) await measure(role, size, count, 'fixed');
      }
    }
    if (largeSections.reps > 0) await measure('reviewer', largeSections.size, largeSections.reps, 'growing');
    return { results };
  } finally {
    repo.cleanup();
  }
}
