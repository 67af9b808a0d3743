import { CodeDebateError } from '../errors.js';
import { filesChangedSince } from '../subject/files-changed-since.js';
import type { Subject } from '../subject/subject.js';
import type { DebateDocument } from '../protocol/document.js';
import type { SideContext } from './side-context.js';

export interface CurrentSubject {
  subject: Subject;
  /** Files whose change differs from the snapshot the Review pinned; empty when none or unknown. */
  changedSinceReview: string[];
}

/**
 * The subject as it is for this turn, from `resolve` (resolved again, since the author may have
 * pushed a fix mid-debate), with the files that changed since the snapshot in the document's
 * metadata. If it cannot be resolved now, the turn goes on with `previous`, the subject as last
 * resolved, and says so.
 */
export async function currentSubject(context: SideContext, document: DebateDocument, resolve: () => Promise<Subject>, previous: Subject): Promise<CurrentSubject> {
  try {
    return await describeSubject(context, document, await resolve());
  } catch (error) {
    if (!(error instanceof CodeDebateError)) throw error;
    context.emit({ type: 'warning', role: context.role, message: `the subject could not be resolved again, so this turn uses it as it was last resolved: ${error.message}` });
    return { subject: previous, changedSinceReview: [] };
  }
}

/** `subject` with the files that changed since the snapshot the document's metadata pins. */
export async function describeSubject(context: SideContext, document: DebateDocument, subject: Subject): Promise<CurrentSubject> {
  // A peer that writes no metadata pinned no snapshot to compare with.
  return { subject, changedSinceReview: document.meta === null ? [] : await filesChangedSince(context.root, document.meta, subject) };
}
