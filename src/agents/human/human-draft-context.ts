import { peerOf } from '../../protocol/turn-table.js';
import type { DebateDocument, Point } from '../../protocol/document.js';
import { trackPoints } from '../../protocol/track-points.js';

/** What a person needs beside each open point to answer it: where it points, and each side's latest words. */
export interface PointContext {
  evidence: string[];
  /** The Reviewer's latest words on the point (its raise, or its latest follow-up), and the section. */
  reviewer: { section: string; text: string } | null;
  responder: { section: string; text: string } | null;
}

/** Each point's context, by id, from the document (read as the session reads it). */
export function readPointContexts(document: DebateDocument): Map<string, PointContext> {
  const contexts = new Map<string, PointContext>();
  const of = (id: string) => {
    let found = contexts.get(id);
    if (found === undefined) {
      found = { evidence: [], reviewer: null, responder: null };
      contexts.set(id, found);
    }
    return found;
  };
  const raise = (point: Point, section: string, owner: 'reviewer' | 'responder' = 'reviewer') => {
    const context = of(point.id);
    context.evidence = point.evidence.map(
      (evidence) => `${evidence.path}:${evidence.line}${evidence.endLine !== undefined && evidence.endLine !== evidence.line ? `-${evidence.endLine}` : ''}`,
    );
    // The point's own heading is the draft's heading already.
    context[owner] = { section, text: point.text.replace(/^[^\n]*\n/, '') };
  };
  // The Review's points are the walk's start; those a follow-up raises, the walk reports.
  const review = document.sections.find((section) => section.kind === 'review');
  for (const point of document.points) raise(point, review?.heading ?? 'Review');
  trackPoints(document, {
    raised: (state, section) => raise(state.point, section.heading, state.owner),
    answered(state, stated, section) {
      if (stated !== null && stated.text.trim() !== '') of(state.point.id)[peerOf(state.owner)] = { section: section.heading, text: stated.text };
    },
    held(state, stated, section) {
      if (stated.text.trim() !== '') of(state.point.id)[state.owner] = { section: section.heading, text: stated.text };
    },
  });
  return contexts;
}

/** `text` as comment lines of at most `width` columns (words kept whole where they fit), at most `maxLines` of them. */
export function wrapForComment(text: string, width: number, maxLines: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.replace(/\r\n?/g, '\n').split('\n')) {
    let line = '';
    for (const word of paragraph.split(/\s+/).filter((part) => part !== '')) {
      for (let rest = word; rest !== ''; ) {
        const room = width - (line === '' ? 0 : line.length + 1);
        if (rest.length <= room) {
          line = line === '' ? rest : `${line} ${rest}`;
          rest = '';
        } else if (line !== '') {
          lines.push(line);
          line = '';
        } else {
          lines.push(rest.slice(0, width));
          rest = rest.slice(width);
        }
      }
    }
    if (line !== '') lines.push(line);
  }
  return lines.length <= maxLines ? lines : [...lines.slice(0, maxLines - 1), `… (${lines.length - maxLines + 1} more lines in the debate file)`];
}
