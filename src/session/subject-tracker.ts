import type { Subject } from '../git/subject.js';
import type { DebateDocument } from '../protocol/document.js';
import { currentSubject, type CurrentSubject } from './current-subject.js';
import type { SessionContext } from './session-context.js';

/** The subject across the turns of one session: the one last resolved, and when it must be resolved again. */
export interface SubjectTracker {
  /** The subject as last resolved: at the start, then by each turn. */
  latest(): Subject;
  /**
   * The subject as it is for this turn (see currentSubject). Resolved again only when the session
   * waited since it was last resolved: a turn taken straight after the start uses the start's.
   */
  refresh(document: DebateDocument): Promise<CurrentSubject>;
  /** The session waits for its peer: the author may commit meanwhile, so the next turn resolves again. */
  waited(): void;
}

export function trackSubject(context: SessionContext): SubjectTracker {
  let latest = context.subject;
  let stale = false;
  return {
    latest: () => latest,
    async refresh(document) {
      if (!stale) return currentSubject(context, document, async () => latest, latest);
      const current = await currentSubject(context, document, context.resolveSubjectAgain, latest);
      latest = current.subject;
      stale = false;
      return current;
    },
    waited() {
      stale = true;
    },
  };
}
