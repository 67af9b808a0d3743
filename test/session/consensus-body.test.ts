import { describe, expect, it } from 'vitest';
import type { CitationCheck } from '../../src/git/check-citations.js';
import { buildLedger } from '../../src/ledger/build-ledger.js';
import { readOutcome } from '../../src/ledger/read-outcome.js';
import { consensusBody, type ConsensusContext } from '../../src/session/consensus-body.js';
import { parseOk } from '../protocol/parse-ok.js';

const debate = [
  '# Code Debate: HEAD',
  '',
  '## Review',
  '',
  '### R1. Missing null check',
  '**Severity:** high',
  '`src/app.js:2` reads `user.name` before checking `user`.',
  '',
  '### R2. Naming',
  '**Severity:** nit',
  '`src/app.js:1` calls it `x`.',
  '',
  '### R3. No retry on timeout',
  '**Severity:** medium',
  'The fetch in `src/app.js:9` gives up at once.',
  '',
  '### R4. Log level',
  '**Severity:** low',
  'Debug logs in production.',
  '',
  '---',
  '',
  '## Response 1',
  '',
  '### R1. Missing null check',
  '**Disagreed**: callers never pass null.',
  '',
  '### R2. Naming',
  '**Disagreed**: `x` is the convention here.',
  '',
  '### R3. No retry on timeout',
  '**Partially agreed**: a retry belongs in the client, not here; I will add a timeout test.',
  '',
  '### R4. Log level',
  '**Disagreed**: the level is set by the environment.',
  '',
  '---',
  '',
  '## Reviewer Follow-up 1',
  '',
  '### R1. Missing null check',
  '**Maintained**: `src/app.js:2` is reached from the webhook with no user.',
  '',
  '### R2. Naming',
  '**Maintained**: one letter names hide intent.',
  '',
  '### R3. No retry on timeout',
  '**Maintained**: the client has no retry either.',
  '',
  '### R4. Log level',
  '**Withdrawn**: the environment sets it, as the Responder says.',
  '',
  '---',
  '',
  '## Response 2',
  '',
  '### R1. Missing null check',
  '**Agreed**: the webhook path at `src/app.js:2` is real; I will guard `user` and add a test.',
  '',
  '### R2. Naming',
  '**Disagreed**: the convention stands.',
  '',
  '### R3. No retry on timeout',
  '**Partially agreed**: a timeout test now, the retry in a follow-up change.',
  '',
].join('\n');

const failing: CitationCheck = { section: 'Review', path: 'src/app.js', line: 9, endLine: 9, quote: null, ok: false, problem: 'src/app.js has 3 lines, not 9' } as CitationCheck;

const context = (overrides: Partial<ConsensusContext> = {}): ConsensusContext => ({
  reason: 'max-rounds',
  round: 2,
  maxRounds: 2,
  peer: 'responder',
  turnTimeoutMs: 600_000,
  document: parseOk(debate),
  checks: [failing],
  ...overrides,
});

describe('consensusBody', () => {
  it('writes the CONSENSUS from the ledger: outcome, summary, confidence groups, changes, citations, flags, actions', () => {
    expect(consensusBody(context(), 'The null check is the one fix that matters.')).toBe(
      [
        '**Outcome:** limit reached: 2 rounds, the maximum, ended with 2 points still disputed.',
        '',
        '### Summary',
        '',
        'The null check is the one fix that matters.',
        '',
        '### Confirmed (HIGH confidence)',
        '',
        '- **R1** (high) Missing null check: agreed in Response 2. The webhook path at `src/app.js:2` is real; I will guard `user` and add a test.',
        '',
        '### Majority / partial (MEDIUM confidence)',
        '',
        '- **R3** (medium) No retry on timeout: partially agreed after round 2.',
        '  - Responder (Response 2): A timeout test now, the retry in a follow-up change.',
        '  - Reviewer (Reviewer Follow-up 1, maintained): The client has no retry either.',
        '',
        '### Split (LOW confidence)',
        '',
        '- **R2** (nit) Naming: still disputed.',
        '  - Reviewer (Reviewer Follow-up 1): One letter names hide intent. Evidence: `src/app.js:1` (not checked).',
        '  - Responder (Response 2): The convention stands.',
        '',
        '### Withdrawn',
        '',
        '- **R4** (low) Log level: withdrawn in Reviewer Follow-up 1. The environment sets it, as the Responder says.',
        '',
        '### Position changes',
        '',
        '- Round 2 (Reviewer Follow-up 1): the Reviewer moved on R4 from maintained to withdrawn.',
        '- Round 2 (Response 2): the Responder moved on R1 from Disagreed to Agreed.',
        '',
        '### Citations that failed the evidence check',
        '',
        '- `src/app.js:9` (Review): src/app.js has 3 lines, not 9',
        '',
        '### Spend',
        '',
        'No agent reported its usage.',
        '',
        '### Action items',
        '',
        '1. **R1** (high) Missing null check: fix. The webhook path at `src/app.js:2` is real; I will guard `user` and add a test.',
        '2. **R3** (medium) No retry on timeout: fix the agreed part. A timeout test now, the retry in a follow-up change.',
        '3. **R2** (nit) Naming: decide, the sides still disagree.',
      ].join('\n'),
    );
  });

  it.each<[Partial<ConsensusContext>, string]>([
    [{ reason: 'resolved', round: 1 }, '**Outcome:** consensus: every point is resolved after 1 round.'],
    [{ reason: 'resolved', round: 3 }, '**Outcome:** consensus: every point is resolved after 3 rounds.'],
    [{ reason: 'stalled', round: 3 }, '**Outcome:** stalled: round 3 brought no new reasoning on any open point, so the debate stopped early with 2 points still disputed.'],
    [{ reason: 'past-max', maxRounds: 1 }, '**Outcome:** limit reached: the debate went past the maximum of 1 rounds, with 2 points still disputed.'],
    [
      { reason: 'budget-reached', round: 2, budget: { maxTokens: null, maxCostUsd: 0.25 } },
      '**Outcome:** budget reached: the debate spent $0.0000 (0 tokens), its budget of $0.2500 (--max-cost), after 2 rounds, with 2 points still disputed.',
    ],
    [
      { reason: 'peer-timeout', peer: 'reviewer', turnTimeoutMs: 90_000 },
      '**Outcome:** peer timed out: the Reviewer did not take its turn within 1m30s (--turn-timeout), with 2 points still disputed.',
    ],
  ])('states the outcome for %j so that the ledger reads it back', (overrides, outcome) => {
    const body = consensusBody(context(overrides), null);
    expect(body.split('\n\n')[0]).toBe(outcome);
    const written = parseOk(`${debate}\n---\n\n## CONSENSUS\n\n${body}\n`);
    const expected = {
      resolved: 'consensus',
      stalled: 'stalled',
      'past-max': 'limit-reached',
      'budget-reached': 'budget-reached',
      'peer-timeout': 'peer-timeout',
      'max-rounds': 'limit-reached',
    }[overrides.reason ?? 'max-rounds'];
    expect(readOutcome(buildLedger(written))).toBe(expected);
  });

  it('has no summary without a narrative, and says None. for an empty group', () => {
    const body = consensusBody(context({ checks: [] }), null);
    expect(body).not.toContain('### Summary');
    expect(body).not.toContain('### Citations that failed');
    const single = parseOk(
      '# Code Debate: HEAD\n\n## Review\n\n### R1. Typo\n**Severity:** nit\nA typo.\n\n---\n\n## Response 1\n\n### R1. Typo\n**Agreed**: fixing it in `src/app.js:2`.\n',
    );
    const agreed = consensusBody(context({ document: single, checks: [], reason: 'resolved', round: 1 }), null);
    expect(agreed).toContain('### Majority / partial (MEDIUM confidence)\n\nNone.');
    expect(agreed).toContain('### Flags\n\n- The responder agreed with all 1 points in round 1: verify the reasoning is its own.');
  });

  it('marks an agreement on failed evidence as MEDIUM and says why', () => {
    const document = parseOk(
      '# Code Debate: HEAD\n\n## Review\n\n### R1. Off by one\n**Severity:** high\n`src/app.js:9` loops once too often.\n\n---\n\n## Response 1\n\n### R1. Off by one\n**Agreed**: will fix.\n',
    );
    const body = consensusBody(context({ document, reason: 'resolved', round: 1 }), null);
    expect(body).toContain(
      '### Majority / partial (MEDIUM confidence)\n\n- **R1** (high) Off by one: agreed in Response 1. Will fix. Only MEDIUM: ' +
        'accepted, not confirmed: the agreement brought no evidence of its own (a place it cites, a reproduction that reproduced) in its own words, ' +
        'and its evidence failed the check (`src/app.js:9`).',
    );
  });
});
