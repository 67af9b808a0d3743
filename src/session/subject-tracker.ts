import { readRefStamp, refsUnchanged } from '../git/ref-stamp.js';
import type { Subject, SubjectKind } from '../subject/subject.js';
import type { DebateDocument } from '../protocol/document.js';
import { localKinds } from './agent-checkout.js';
import { currentSubject, type CurrentSubject } from './current-subject.js';
import type { SideContext } from './side-context.js';

/** The subject across the turns of one session: the one last resolved, and when it must be resolved again. */
export interface SubjectTracker {
  /** The subject as last resolved: at the start, then by each turn. */
  latest(): Subject;
  /**
   * The subject as it is for this turn (see currentSubject). Resolved again only when the session
   * waited since it was last resolved, and then not when git's refs are provably where they were
   * for the last resolve (see RefStamp): a turn taken straight after the start uses the start's.
   */
  refresh(document: DebateDocument): Promise<CurrentSubject>;
  /** The session waits for its peer: the author may commit meanwhile, so the next turn resolves again. */
  waited(): void;
}

/**
 * Subjects git resolves from refs, the index and the config alone. The work tree (`working-tree`,
 * paths) changes without git knowing, and a pull request changes on GitHub: those are resolved every time.
 */
const fromRefs: ReadonlySet<SubjectKind> = new Set(['commit', 'range', 'against', 'staged', 'free-text']);

export function trackSubject(context: SideContext): SubjectTracker {
  let latest = context.subject;
  let stale = false;
  // The refs as they stood just before `latest` was resolved; null when unknown.
  let resolvedAt = context.subjectStamp;
  return {
    latest: () => latest,
    async refresh(document) {
      // A local subject an agent reads from its checkout is the change as it was at the start: what the person saves later is theirs.
      if (context.checkout !== undefined && localKinds.has(latest.kind)) stale = false;
      const stamp = stale && fromRefs.has(latest.kind) ? readRefStamp(context.paths.gitDir) : null;
      if (!stale || (stamp !== null && resolvedAt !== null && refsUnchanged(resolvedAt, stamp))) {
        stale = false;
        return currentSubject(context, document, async () => latest, latest);
      }
      let resolved = false;
      const current = await currentSubject(
        context,
        document,
        async () => {
          const subject = await context.resolveSubjectAgain();
          resolved = true;
          return subject;
        },
        latest,
      );
      resolvedAt = resolved ? stamp : null;
      latest = current.subject;
      stale = false;
      return current;
    },
    waited() {
      stale = true;
    },
  };
}
