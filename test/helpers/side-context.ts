import { createSideMemory } from '../../src/session/side-memory.js';
import path from 'node:path';
import type { Agent } from '../../src/agents/agent.js';
import { takeRepoSnapshot } from '../../src/git/repo-snapshot.js';
import { createLedgerReader } from '../../src/ledger/ledger-reader.js';
import { appendSection } from '../../src/session/append-section.js';
import { claimRole, createClaimsHeld } from '../../src/session/claims/claim-role.js';
import type { SideContext, SideLimits } from '../../src/session/side-context.js';
import type { SideEvent } from '../../src/session/side-events.js';
import { statePaths } from '../../src/session/state-paths.js';
import { resolveSubject } from '../../src/subject/resolve-subject.js';
import type { GitRepo } from './git-repo.js';

export interface SideUnderTest {
  context: SideContext;
  /** Every event the side emitted, in order. */
  events: SideEvent[];
  /** The debate file (absolute). */
  file: string;
  /** Aborts the side's signal, as Ctrl-C does. */
  interrupt(): void;
  /** Releases the claim; call it once the test is done. */
  release(): Promise<void>;
}

/**
 * A side of a debate on `subject` in `repo`, as runClaimedSide makes it, with `agent` (an object
 * in this process) as its agent: a real claim, the real store on `reply.md` (appendSection with
 * its lock), a real reader and the repository's real snapshot. No checkout: the agent runs in the
 * work tree, as a person's does. `limits` replace the defaults.
 */
export async function sideContext(
  repo: GitRepo,
  agent: Agent,
  options: { role?: 'reviewer' | 'responder'; subject?: string; limits?: Partial<SideLimits> } = {},
): Promise<SideUnderTest> {
  const root = repo.dir;
  const file = path.join(root, 'reply.md');
  const paths = statePaths(path.join(root, '.git'), root, file);
  const claim = await claimRole({ paths, wanted: options.role ?? 'reviewer', fileExists: false, agent: agent.name, held: createClaimsHeld() });
  const subjectWords = options.subject ?? 'HEAD';
  const resolve = () => resolveSubject(subjectWords, { cwd: root, exclude: ['reply.md'] });
  const events: SideEvent[] = [];
  const stop = new AbortController();
  const memory = createSideMemory();
  const context: SideContext = {
    role: claim.role,
    root,
    file,
    relativeFile: 'reply.md',
    subject: await resolve(),
    subjectStamp: null,
    agent,
    claim,
    paths,
    standards: null,
    stance: 'default',
    blockOn: 'medium',
    maxRounds: 5,
    budget: { maxTokens: null, maxCostUsd: null },
    turnTimeoutMs: 600_000,
    agentTimeoutMs: 600_000,
    maxPeerBytes: 100_000,
    maxAnswerBytes: 100_000,
    ...options.limits,
    store: {
      append: (request) => appendSection({ ...request, file, lockPath: paths.writeLock, memory: memory.file }),
      readPeerClaim: async () => null,
    },
    reader: createLedgerReader(),
    memory,
    resolveSubjectAgain: resolve,
    takeSnapshot: () => takeRepoSnapshot(root, { branches: true }),
    signal: stop.signal,
    emit: (event) => events.push(event),
  };
  return { context, events, file, interrupt: () => stop.abort(), release: () => claim.release() };
}
