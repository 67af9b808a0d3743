import { expect } from 'vitest';
import { debatePoint } from './answer-from-schema.js';

/**
 * The sections of the debate the stand-ins play (R1 raised, then agreed), as code-debate renders
 * them from the answers' data (docs/protocol.md, "The canonical form"): the agents' JSON became
 * these blocks, not their text.
 */
export const canonicalReview = [`### R1. ${debatePoint.title}`, '', `**Severity:** ${debatePoint.severity}`, '**Evidence:** `src/app.js:2`', '', debatePoint.reasoning].join('\n');
export const canonicalResponse = ['### R1 — Agreed', '', '**Evidence:** none', '', 'the log goes; it was left from debugging.'].join('\n');

/** The text of the section `## <heading>` of `text` (up to the next level-2 heading). */
export function sectionOf(text: string, heading: string): string {
  const start = text.indexOf(`\n## ${heading}\n`);
  if (start < 0) return '';
  const end = text.indexOf('\n## ', start + 1);
  return text.slice(start, end < 0 ? undefined : end);
}

/** A section an answer was refused for goes back to the agent with this (src/session/ask-agent.ts), and is reported with it. */
export const reasked = 'could not be used';

/**
 * The Review (and, when `responded`, the Response) of `text` are the canonical forms of the
 * stand-ins' answers; no side was asked again, so every answer was valid at its first try:
 * neither in what the sides reported (`stderr`) nor in any prompt a stand-in was sent (`requests`).
 */
export function expectCanonicalDebate(text: string, { stderr, requests, responded = true }: { stderr: string; requests: readonly string[]; responded?: boolean }): void {
  expect(sectionOf(text, 'Review')).toContain(canonicalReview);
  if (responded) {
    expect(sectionOf(text, 'Response 1')).toContain(canonicalResponse);
    expect(text).toMatch(/^### R1 — Agreed$/m);
  }
  expect(stderr).not.toContain(reasked);
  expect(requests.filter((request) => request.includes(reasked))).toEqual([]);
}
