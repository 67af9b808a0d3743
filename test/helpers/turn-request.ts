import path from 'node:path';
import type { TurnRequest } from '../../src/agents/agent.js';
import type { Subject } from '../../src/subject/subject.js';
import { parseDocument } from '../../src/protocol/parse-document.js';

const parsed = parseDocument('');
if (!parsed.ok) throw parsed.error;
export const emptyDocument = parsed.document;

/** A whole Subject for agents that only read what identifies it. */
export const sampleSubject: Subject = {
  text: 'the diff against main',
  kind: 'against',
  base: 'a'.repeat(40),
  head: 'b'.repeat(40),
  description: 'the diff against main',
  diff: '',
  diffSha256: 'c'.repeat(64),
  files: [],
  summary: '',
  omitted: [],
  fileHashes: {},
};

/** A Review turn with a short prompt in `cwd`; overrides replace any field. */
export function turnRequest(cwd: string, overrides: Partial<TurnRequest> = {}): TurnRequest {
  return {
    role: 'reviewer',
    turn: 'review',
    round: 1,
    prompt: 'Review this change.\nIt has two lines.',
    continuation: 'Review this change, as before.',
    document: emptyDocument,
    subject: sampleSubject,
    cwd,
    file: path.join(cwd, 'reply.md'),
    signal: new AbortController().signal,
    timeoutMs: 30_000,
    ...overrides,
  };
}
