import type { TurnRequest } from '../../../src/agents/agent.js';
import type { Subject } from '../../../src/git/subject.js';
import { parseDocument } from '../../../src/protocol/parse-document.js';

const parsed = parseDocument('');
if (!parsed.ok) throw parsed.error;
const emptyDocument = parsed.document;

/** A Review turn with a short prompt; a chat agent reads only the prompt, turn, signal and deadline. */
export function turnRequest(overrides: Partial<TurnRequest> = {}): TurnRequest {
  return {
    role: 'reviewer',
    turn: 'review',
    round: 1,
    prompt: 'Review this change.\nIt has two lines.',
    document: emptyDocument,
    // Chat agents never read the subject: only what identifies it is filled in.
    subject: { text: 'the diff against main', kind: 'against', description: 'the diff against main' } as Subject,
    cwd: '/nonexistent',
    file: '/nonexistent/reply.md',
    signal: new AbortController().signal,
    timeoutMs: 30_000,
    ...overrides,
  };
}
