import type { Role, Severity } from '../protocol/document.js';
import { atOrAbove, type JudgedPoint, type Verdict } from '../ledger/judge-debate.js';
import type { DebateRange } from './plan-push-ranges.js';
import type { PushLine } from './read-push-lines.js';

/** Every line the gate prints starts so, under git's own output. */
export const prefix = 'code-debate pre-push:';

export const bypassAdvice = 'to push without the review, `git push --no-verify` or `CODE_DEBATE_SKIP=1 git push`';

/** `refs/heads/main` → `main`, `refs/tags/v1` → `tag v1`; a push under another name shows both. */
export function describeLine(line: PushLine): string {
  const remote = shortRef(line.remoteRef);
  if (line.localSha === null || line.localRef === line.remoteRef) return remote;
  return `${shortRef(line.localRef)} → ${remote}`;
}

function shortRef(ref: string): string {
  if (ref.startsWith('refs/heads/')) return ref.slice('refs/heads/'.length);
  if (ref.startsWith('refs/tags/')) return `tag ${ref.slice('refs/tags/'.length)}`;
  return ref;
}

/** `2 commits, 1a2b3c4..5d6e7f8`, or `root commit 1a2b3c4` (against the empty tree). */
export function describeRange(range: DebateRange): string {
  if (range.base === null) return `root commit ${range.head.slice(0, 7)}`;
  return `${range.commits} ${range.commits === 1 ? 'commit' : 'commits'}, ${range.base.slice(0, 7)}..${range.head.slice(0, 7)}`;
}

/** `builtin on both sides`, or `claude as Reviewer and codex as Responder`; a `cmd:` agent by its program's name. */
export function describeAgents(agents: Record<Role, string>): string {
  const reviewer = describeAgent(agents.reviewer);
  const responder = describeAgent(agents.responder);
  return reviewer === responder ? `${reviewer} on both sides` : `${reviewer} as Reviewer and ${responder} as Responder`;
}

function describeAgent(spec: string): string {
  const trimmed = spec.trim();
  if (!trimmed.startsWith('cmd:')) return trimmed;
  const program = /^cmd:\s*(?:"([^"]*)"|'([^']*)'|(\S+))/.exec(trimmed);
  const word = program?.[1] ?? program?.[2] ?? program?.[3] ?? '';
  return `cmd:${word.split(/[\\/]/).at(-1) ?? word}`;
}

/** The verdict on one range, as indented lines under its heading line. */
export function renderVerdict(verdict: Verdict, blockOn: Severity): string[] {
  if (verdict.blocked) {
    const count = verdict.blocking.length;
    return [`blocked by ${count} ${count === 1 ? 'point' : 'points'} at or above ${blockOn}:`, ...verdict.blocking.map((point) => `  ${renderPoint(point)}`)];
  }
  const count = verdict.points.length;
  const settled = verdict.points.filter((point) => atOrAbove(point.severity, blockOn)).length;
  const detail = count === 0 ? 'no point raised' : `${count} ${count === 1 ? 'point' : 'points'}, none at or above ${blockOn} confirmed or disputed`;
  return [`passes: ${detail}${settled > 0 ? ` (${settled} at or above it withdrawn or dismissed)` : ''}`];
}

/** `R1 (critical, confirmed) Credential committed in src/config.js` */
export function renderPoint(point: JudgedPoint): string {
  return `${point.id} (${point.severity ?? 'no severity'}, ${point.standing}) ${point.title}`;
}
