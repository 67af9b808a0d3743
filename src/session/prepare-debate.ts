import path from 'node:path';
import type { Agent } from '../agents/agent.js';
import type { Role } from '../protocol/document.js';
import type { AgentEnvironment } from '../agents/create-agent.js';
import { excludeFromGit } from '../git/exclude-from-git.js';
import { readRefStamp, type RefStamp } from '../git/ref-stamp.js';
import type { ResolveSubjectOptions } from '../subject/resolve-subject.js';
import type { Subject } from '../subject/subject.js';
import { describeEmptySubject } from '../subject/describe-empty-subject.js';
import { ConfigError } from '../errors.js';
import { readStandards } from '../prompts/read-standards.js';
import { withFileLock } from './claims/file-lock.js';
import { makeStateDir } from '../make-state-dir.js';
import type { StatePaths } from './state-paths.js';

export interface DebateNeeds {
  root: string;
  relativeFile: string;
  paths: StatePaths;
  /** The agent spec of each role, `auto` already resolved. */
  specs: Record<Role, string>;
  agentEnvironment: AgentEnvironment;
  /** The user's words for the subject. */
  subject: string;
  subjectOptions: ResolveSubjectOptions;
}

export interface PreparedDebate {
  /** A new agent for the role; both specs were checked already. */
  createAgent(role: Role): Agent;
  /** Whether the debate file was just added to the repository's info/exclude. */
  excluded: boolean;
  subject: Subject;
  /** Where git's refs stood just before `subject` was resolved (see SideContext). */
  subjectStamp: RefStamp | null;
  resolveSubjectAgain(): Promise<Subject>;
  standards: string | null;
}

/**
 * What a side needs besides its role, started together once it holds one: the agent adapters and
 * git's diff code load here (hundreds of modules), not before the claim. Of several failures, the
 * one thrown is the first in the order the steps had when they ran one after another: a bad agent
 * spec, then the exclude, then the subject, then the standards.
 */
export async function prepareDebate(needs: DebateNeeds): Promise<PreparedDebate> {
  const agents = import('../agents/create-agent.js').then(({ createAgent }) => {
    // Both specs are checked, so a bad one fails whichever role this side gets.
    for (const spec of new Set(Object.values(needs.specs))) createAgent(spec, needs.agentEnvironment);
    return (role: Role) => createAgent(needs.specs[role], needs.agentEnvironment);
  });
  const excluded = excludeDebateFile(needs.root, needs.relativeFile, needs.paths);
  const resolver = import('../subject/resolve-subject.js').then(
    ({ resolveSubject }) =>
      () =>
        resolveSubject(needs.subject, needs.subjectOptions),
  );
  const subject = resolver.then(async (resolve) => {
    const stamp = readRefStamp(needs.paths.gitDir);
    const resolved = await resolve();
    // Checked before the claim for all but a pull request, read only now; or the change went meanwhile.
    if (resolved.files.length === 0) throw new ConfigError(describeEmptySubject(needs.subject.trim(), resolved));
    return { subject: resolved, stamp };
  });
  const standards = readStandards(needs.root);
  // All settle before a failure is thrown: the process exits on it, and no step may be cut off half
  // done (the exclude holds a lock, the subject stores a snapshot).
  const [checked, added, resolved, again, read] = await Promise.allSettled([agents, excluded, subject, resolver, standards]);
  const { subject: resolvedSubject, stamp } = valueOf(resolved);
  return { createAgent: valueOf(checked), excluded: valueOf(added), subject: resolvedSubject, subjectStamp: stamp, resolveSubjectAgain: valueOf(again), standards: valueOf(read) };
}

function valueOf<T>(result: PromiseSettledResult<T>): T {
  if (result.status === 'rejected') throw result.reason;
  return result.value;
}

/** Adds the debate file to info/exclude; both sides start together, so the lock keeps them from both adding the line. */
async function excludeDebateFile(root: string, relativeFile: string, paths: StatePaths): Promise<boolean> {
  await makeStateDir(paths.gitDir, paths.dir);
  return withFileLock(path.join(paths.dir, 'info-exclude.lock'), { timeoutMs: 10_000 }, () => excludeFromGit(root, relativeFile));
}
