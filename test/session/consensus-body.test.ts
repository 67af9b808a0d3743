import { describe, expect, it } from 'vitest';
import { trackPoints } from '../../src/ledger/track-points.js';
import { consensusHeader, type ConsensusContext } from '../../src/session/consensus-body.js';
import { parseOk } from '../protocol/parse-ok.js';

const debate =
  '# Code Debate: HEAD\n\n## Review\n\n' +
  '### R1. Missing null check\n**Severity:** high\n`src/app.js:2`\n\n' +
  '### R2. Naming\n**Severity:** nit\n`src/app.js:1`\n\n' +
  '---\n\n## Response 1\n\n- R1: **Agreed**, will fix.\n- R2: **Disagreed**, the name is fine.\n';

const ledger =
  '**Agreed or resolved (1):**\n\n- **R1** (high) Missing null check — Agreed by the Responder\n\n' +
  '**Still disputed (1):**\n\n- **R2** (nit) Naming — Disagreed by the Responder';

const context = (overrides: Partial<ConsensusContext>): ConsensusContext => ({
  reason: 'max-rounds',
  round: 1,
  maxRounds: 5,
  peer: 'responder',
  turnTimeoutMs: 600_000,
  states: trackPoints(parseOk(debate)),
  failedCitations: '',
  ...overrides,
});

describe('consensusHeader', () => {
  it('opens with the outcome, then the ledger', () => {
    expect(consensusHeader(context({ reason: 'max-rounds', round: 5 }))).toBe(
      `**Outcome:** limit reached: 5 rounds, the maximum, ended with 1 point still disputed.\n\n${ledger}`,
    );
  });

  it.each<[Partial<ConsensusContext>, string]>([
    [{ reason: 'resolved', round: 1, states: [] }, '**Outcome:** consensus: every point is resolved after 1 round.'],
    [{ reason: 'resolved', round: 3, states: [] }, '**Outcome:** consensus: every point is resolved after 3 rounds.'],
    [{ reason: 'past-max', maxRounds: 2 }, '**Outcome:** limit reached: the debate went past the maximum of 2 rounds, with 1 point still disputed.'],
    [
      { reason: 'peer-timeout', peer: 'reviewer', turnTimeoutMs: 90_000 },
      '**Outcome:** peer timed out: the Reviewer did not take its turn within 1m30s (--turn-timeout), with 1 point still disputed.',
    ],
  ])('states the outcome for %j', (overrides, outcome) => {
    expect(consensusHeader(context(overrides)).split('\n\n')[0]).toBe(outcome);
  });

  it('counts disputed points in the plural', () => {
    const states = trackPoints(parseOk(debate.replace('**Agreed**', '**Partially agreed**')));
    expect(consensusHeader(context({ states, round: 5 })).split('\n\n')[0]).toBe(
      '**Outcome:** limit reached: 5 rounds, the maximum, ended with 2 points still disputed.',
    );
  });
});

it('lists the citations that failed the evidence check after the ledger', () => {
  const failed = '- `src/app.js:9` (Review): src/app.js has 2 lines, not 9';
  expect(consensusHeader(context({ failedCitations: failed })).endsWith(`${ledger}\n\n**Citations that failed the evidence check:**\n\n${failed}`)).toBe(true);
});
