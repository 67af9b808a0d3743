import { answerKindOf, peerOf } from '../protocol/turn-table.js';
import type { DebateDocument } from '../protocol/document.js';
import { renderRestateRequest, type RestateItem } from '../protocol/render-restate-request.js';
import type { SideContext } from './side-context.js';

/**
 * What the peer's last section left unread, said back in the section this side writes (see
 * renderRestateRequest): a peer that reads only the file learns which points to restate, and how.
 * The points of this side it did not speak of at all are open, not disputed: they are asked for too.
 */
export function restateRequest(context: Pick<SideContext, 'role' | 'reader'>, document: DebateDocument): string {
  const last = document.sections.at(-1);
  if (last === undefined || last.kind !== answerKindOf(peerOf(context.role))) return '';
  // The walk notes what each section left unread: it reads `last` first.
  const states = context.reader.points(document);
  const items: RestateItem[] = context.reader.unreadIn(last).map(({ id, unread }) => ({ id, kind: unread.kind, line: unread.line, why: unread.why }));
  for (const state of states) {
    if (state.resolved || state.owner !== context.role || state.answer !== null || items.some((item) => item.id === state.point.id)) continue;
    items.push({ id: state.point.id, kind: 'answer', line: null, why: null });
  }
  return renderRestateRequest(last.heading, items, context.reader.unplacedIn(last));
}
