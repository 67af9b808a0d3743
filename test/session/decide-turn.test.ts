import { describe, expect, it } from 'vitest';
import { createLedgerReader } from '../../src/ledger/ledger-reader.js';
import type { Role } from '../../src/protocol/document.js';
import type { Budget } from '../../src/protocol/budget.js';
import { parseDocument } from '../../src/protocol/parse-document.js';
import { decideTurn } from '../../src/session/decide-turn.js';

const usage = '<!-- code-debate usage {"inputTokens":100,"outputTokens":10,"cachedInputTokens":null,"costUsd":null} -->';
const review = `## Review\n\n### R1. Missing null check\n\n**Severity:** medium\n**Evidence:** \`src/app.js:1\`\n\n\`input\` may be null here.\n\n${usage}\n*— Reviewer · in-process · 2026-11-28T15:00:00Z*\n`;
const response = (label: string) => `\n## Response 1\n\n### R1. Missing null check\n**${label}**: as said.\n\n${usage}\n*— Responder · in-process · 2026-11-28T15:01:00Z*\n`;
const noBudget: Budget = { maxTokens: null, maxCostUsd: null };

/** What `role` does next on `text`, with its own reader, as a side decides it. */
function decide(text: string, role: Role, options: { maxRounds?: number; budget?: Budget } = {}) {
  const reader = createLedgerReader();
  const parsed = reader.parse(text);
  if (!parsed.ok) throw parsed.error;
  return decideTurn({ role, reader, maxRounds: options.maxRounds ?? 5, budget: options.budget ?? noBudget }, parsed.document);
}

describe('decideTurn', () => {
  it('gives the Responder the turn after the Review, and has the Reviewer wait for it', () => {
    expect(parseDocument(review).ok).toBe(true);
    expect(decide(review, 'responder')).toEqual({ type: 'write', turn: 'response', number: 1, round: 1 });
    expect(decide(review, 'reviewer')).toEqual({ type: 'wait', for: 'responder' });
  });

  it('writes the CONSENSUS once every point is resolved, with that reason', () => {
    expect(decide(review + response('Agreed'), 'reviewer')).toEqual({ type: 'write', turn: 'consensus', number: 0, round: 1, reason: 'resolved' });
    expect(decide(review + response('Agreed'), 'responder')).toEqual({ type: 'wait', for: 'reviewer' });
  });

  it('follows up on a disputed point, unless the rounds or the budget are spent', () => {
    const disputed = review + response('Disagreed');
    expect(decide(disputed, 'reviewer')).toEqual({ type: 'write', turn: 'follow-up', number: 1, round: 2 });
    expect(decide(disputed, 'reviewer', { maxRounds: 1 })).toEqual({ type: 'write', turn: 'consensus', number: 0, round: 1, reason: 'max-rounds' });
    // The two sections reported 220 tokens.
    expect(decide(disputed, 'reviewer', { budget: { maxTokens: 200, maxCostUsd: null } })).toEqual({
      type: 'write',
      turn: 'consensus',
      number: 0,
      round: 1,
      reason: 'budget-reached',
    });
    expect(decide(disputed, 'reviewer', { budget: { maxTokens: 1_000, maxCostUsd: null } })).toEqual({ type: 'write', turn: 'follow-up', number: 1, round: 2 });
  });
});
