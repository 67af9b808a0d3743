import { describe, expect, it } from 'vitest';
import type { Role } from '../../src/protocol/document.js';
import { lastRoundStalled } from '../../src/ledger/engagement-of.js';
import { decideAction, decideTimeoutAction } from '../../src/protocol/decide-action.js';
import { parseOk } from './parse-ok.js';
import { seedDebate, seedFollowUp, seedResponse, seedReview } from './seed-peer-text.js';

const review = '# Code Debate: HEAD\n\n## Review\n\n### R1. First\nx\n\n### R2. Second\ny\n';
const response = (n: number, r1 = 'Disagreed', r2 = 'Disagreed') => `\n---\n\n## Response ${n}\n\n- R1: **${r1}**\n- R2: **${r2}**\n`;
const followUp = (n: number) => `\n---\n\n## Reviewer Follow-up ${n}\n\nI maintain R1 and R2: reason ${n}.\n`;
const consensus = '\n---\n\n## CONSENSUS\n\nDone.\n';

/** The Review and `responses` rounds where both points stay disagreed, then Follow-up N if asked. */
function debate(responses: number, endOnFollowUp = false): string {
  let text = review;
  for (let n = 1; n <= responses; n++) text += (n > 1 ? followUp(n - 1) : '') + response(n);
  return endOnFollowUp ? text + followUp(responses) : text;
}

const decide = (text: string, role: Role, maxRounds = 5) => decideAction(parseOk(text), role, { maxRounds, stalled: lastRoundStalled });

describe('decideAction: the turn table of PROTOCOL.md', () => {
  it.each(['', '\n', '# Code Debate: HEAD\n<!-- code-debate {"v":1} -->\n\n'])('with no section (%j) the reviewer writes the Review', (text) => {
    expect(decide(text, 'reviewer')).toEqual({ type: 'write', turn: 'review', number: 0, round: 1 });
    expect(decide(text, 'responder')).toEqual({ type: 'wait', for: 'reviewer' });
  });

  it('after the Review the responder writes Response 1', () => {
    expect(decide(review, 'responder')).toEqual({ type: 'write', turn: 'response', number: 1, round: 1 });
    expect(decide(review, 'reviewer')).toEqual({ type: 'wait', for: 'responder' });
  });

  it('after Response N with open points the reviewer writes Follow-up N', () => {
    for (const n of [1, 2, 3, 4]) {
      expect(decide(debate(n), 'reviewer')).toEqual({ type: 'write', turn: 'follow-up', number: n, round: n + 1 });
      expect(decide(debate(n), 'responder')).toEqual({ type: 'wait', for: 'reviewer' });
    }
  });

  it('ends a round that brought no new reasoning on any open point with a stalled CONSENSUS', () => {
    const restated = review + response(1) + '\n---\n\n## Reviewer Follow-up 1\n\nI maintain R1 and R2.\n' + response(2);
    expect(decide(restated, 'reviewer')).toEqual({ type: 'write', turn: 'follow-up', number: 2, round: 3 });
    const again = `${restated}\n---\n\n## Reviewer Follow-up 2\n\nI maintain R1 and R2.\n${response(3)}`;
    expect(decide(again, 'reviewer')).toEqual({ type: 'write', turn: 'consensus', number: 0, round: 3, reason: 'stalled' });
    expect(decide(again, 'reviewer', 3)).toEqual({ type: 'write', turn: 'consensus', number: 0, round: 3, reason: 'max-rounds' });
    expect(decide(again, 'responder')).toEqual({ type: 'wait', for: 'reviewer' });
    // The stalled-round test is the caller's to give: without it, the round goes on.
    expect(decideAction(parseOk(again), 'reviewer', { maxRounds: 5 })).toEqual({ type: 'write', turn: 'follow-up', number: 3, round: 4 });
  });

  it('after Follow-up N the responder writes Response N+1', () => {
    for (const n of [1, 2, 3, 4]) {
      expect(decide(debate(n, true), 'responder')).toEqual({ type: 'write', turn: 'response', number: n + 1, round: n + 1 });
      expect(decide(debate(n, true), 'reviewer')).toEqual({ type: 'wait', for: 'responder' });
    }
  });

  it('after a CONSENSUS, wherever it stands, both stop', () => {
    for (const text of [review + consensus, debate(1) + consensus, debate(2, true) + consensus, debate(5) + consensus, consensus]) {
      expect(decide(text, 'reviewer')).toEqual({ type: 'stop' });
      expect(decide(text, 'responder')).toEqual({ type: 'stop' });
    }
  });

  it('stops after a CONSENSUS even when a peer kept writing after it', () => {
    const text = debate(1) + consensus + followUp(1) + response(2);
    expect(decide(text, 'reviewer')).toEqual({ type: 'stop' });
    expect(decide(text, 'responder')).toEqual({ type: 'stop' });
  });

  it('reads the aliases like the headings we write', () => {
    const text = '## Opening\n\n1. a\n\n## Response 1\n\n1. **Disagreed**\n\n## Follow-up 1\n\nI maintain it.\n';
    expect(decide(text, 'responder')).toEqual({ type: 'write', turn: 'response', number: 2, round: 2 });
    expect(decide(`${text}\n## consensus\n\nok\n`, 'responder')).toEqual({ type: 'stop' });
  });
});

describe('decideAction: the end of the debate', () => {
  it('writes the CONSENSUS once the spend the sections report reaches the budget, and not before', () => {
    const signed = (usage: string) => `\n<!-- code-debate usage ${usage} -->\n*— Responder · claude · 2026-01-01T00:00:00Z*\n`;
    const spent = debate(1) + signed('{"inputTokens":30000,"outputTokens":2000,"costUsd":0.3}');
    const with_ = (budget: { maxTokens: number | null; maxCostUsd: number | null }) => decideAction(parseOk(spent), 'reviewer', { maxRounds: 5, budget });
    expect(with_({ maxTokens: 32_000, maxCostUsd: null })).toEqual({ type: 'write', turn: 'consensus', number: 0, round: 1, reason: 'budget-reached' });
    expect(with_({ maxTokens: null, maxCostUsd: 0.25 })).toEqual({ type: 'write', turn: 'consensus', number: 0, round: 1, reason: 'budget-reached' });
    expect(with_({ maxTokens: 32_001, maxCostUsd: 0.31 })).toEqual({ type: 'write', turn: 'follow-up', number: 1, round: 2 });
    // The Responder still answers: the budget ends the debate at the Reviewer's turn.
    expect(decideAction(parseOk(spent + followUp(1)), 'responder', { maxRounds: 5, budget: { maxTokens: 1, maxCostUsd: null } })).toEqual({
      type: 'write',
      turn: 'response',
      number: 2,
      round: 2,
    });
  });

  it('writes the CONSENSUS when every point is resolved', () => {
    expect(decide(review + response(1, 'Agreed', 'Agreed'), 'reviewer')).toEqual({ type: 'write', turn: 'consensus', number: 0, round: 1, reason: 'resolved' });
    expect(decide(debate(2, true) + response(3, 'Agreed', 'Agreed'), 'reviewer')).toEqual({
      type: 'write',
      turn: 'consensus',
      number: 0,
      round: 3,
      reason: 'resolved',
    });
  });

  it('writes a follow-up while a point is only partially agreed', () => {
    expect(decide(review + response(1, 'Agreed', 'Partially agreed'), 'reviewer')).toEqual({ type: 'write', turn: 'follow-up', number: 1, round: 2 });
  });

  it('after Response 5 with open points writes the CONSENSUS for max-rounds, never Follow-up 5', () => {
    expect(decide(debate(5), 'reviewer')).toEqual({ type: 'write', turn: 'consensus', number: 0, round: 5, reason: 'max-rounds' });
    expect(decide(debate(5), 'responder')).toEqual({ type: 'wait', for: 'reviewer' });
  });

  it('prefers resolved to max-rounds when the last round resolves everything', () => {
    expect(decide(debate(4, true) + response(5, 'Agreed', 'Agreed'), 'reviewer')).toEqual({
      type: 'write',
      turn: 'consensus',
      number: 0,
      round: 5,
      reason: 'resolved',
    });
  });

  it('honours a smaller maximum', () => {
    expect(decide(debate(1), 'reviewer', 1)).toEqual({ type: 'write', turn: 'consensus', number: 0, round: 1, reason: 'max-rounds' });
    expect(decide(debate(2), 'reviewer', 2)).toEqual({ type: 'write', turn: 'consensus', number: 0, round: 2, reason: 'max-rounds' });
    expect(decide(debate(2), 'reviewer', 3)).toEqual({ type: 'write', turn: 'follow-up', number: 2, round: 3 });
  });

  it('has the responder write the CONSENSUS after a follow-up numbered past the maximum', () => {
    expect(decide(debate(5, true), 'responder')).toEqual({ type: 'write', turn: 'consensus', number: 0, round: 5, reason: 'past-max' });
    expect(decide(debate(3, true), 'responder', 3)).toEqual({ type: 'write', turn: 'consensus', number: 0, round: 3, reason: 'past-max' });
    expect(decide(debate(2, true), 'responder', 3)).toEqual({ type: 'write', turn: 'response', number: 3, round: 3 });
    expect(decide(debate(5, true), 'reviewer')).toEqual({ type: 'wait', for: 'responder' });
  });

  it('has the reviewer write the CONSENSUS after a response numbered past the maximum', () => {
    expect(decide(debate(6), 'reviewer')).toEqual({ type: 'write', turn: 'consensus', number: 0, round: 6, reason: 'past-max' });
    expect(decide(debate(3), 'reviewer', 2)).toEqual({ type: 'write', turn: 'consensus', number: 0, round: 3, reason: 'past-max' });
  });

  it('has the responder write the CONSENSUS right after the Review when the maximum is zero', () => {
    expect(decide(review, 'responder', 0)).toEqual({ type: 'write', turn: 'consensus', number: 0, round: 0, reason: 'past-max' });
  });
});

describe('decideAction against the seed peer', () => {
  it('as the responder, answers each state of a seed reviewer file', () => {
    expect(decide(seedReview(), 'responder')).toEqual({ type: 'write', turn: 'response', number: 1, round: 1 });
    expect(decide(seedReview() + seedResponse(1, 'disagree') + seedFollowUp(1), 'responder')).toEqual({
      type: 'write',
      turn: 'response',
      number: 2,
      round: 2,
    });
  });

  it('as the reviewer, follows up on disagreement and closes on agreement', () => {
    expect(decide(seedReview() + seedResponse(1, 'disagree'), 'reviewer')).toEqual({ type: 'write', turn: 'follow-up', number: 1, round: 2 });
    expect(decide(seedReview() + seedResponse(1, 'partial'), 'reviewer')).toEqual({ type: 'write', turn: 'follow-up', number: 1, round: 2 });
    expect(decide(seedReview() + seedResponse(1, 'agree'), 'reviewer')).toEqual({ type: 'write', turn: 'consensus', number: 0, round: 1, reason: 'resolved' });
  });

  it('stops on every finished seed debate', () => {
    for (const stance of ['agree', 'disagree', 'partial'] as const) {
      expect(decide(seedDebate(stance).text, 'reviewer')).toEqual({ type: 'stop' });
      expect(decide(seedDebate(stance).text, 'responder')).toEqual({ type: 'stop' });
    }
  });
});

describe('decideTimeoutAction', () => {
  it('writes a peer-timeout CONSENSUS for the rounds answered so far', () => {
    expect(decideTimeoutAction(parseOk(''))).toEqual({ type: 'write', turn: 'consensus', number: 0, round: 0, reason: 'peer-timeout' });
    expect(decideTimeoutAction(parseOk(review))).toEqual({ type: 'write', turn: 'consensus', number: 0, round: 0, reason: 'peer-timeout' });
    expect(decideTimeoutAction(parseOk(debate(3, true)))).toEqual({ type: 'write', turn: 'consensus', number: 0, round: 3, reason: 'peer-timeout' });
  });
});
