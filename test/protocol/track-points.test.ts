import { describe, expect, it } from 'vitest';
import { trackPoints, type PointState } from '../../src/protocol/track-points.js';
import { parseOk } from './parse-ok.js';
import { seedDebate, seedFollowUp, seedResponse, seedReview } from './seed-peer-text.js';

const review = '## Review\n\n### R1. Unchecked result (high)\n`src/a.ts:3`\n\n### R2. Missing test\nSeverity: low.\n';

/** Our Review followed by sections given as `[heading, body]`, separated the way we write them. */
function debate(...sections: Array<[string, string]>): string {
  return review + sections.map(([heading, body]) => `\n---\n\n## ${heading}\n\n${body}\n`).join('');
}

type Summary = Pick<PointState, 'raisedIn' | 'answer' | 'held' | 'resolved'> & { id: string };

function summary(text: string): Summary[] {
  return trackPoints(parseOk(text)).map(({ point, raisedIn, answer, held, resolved }) => ({
    id: point.id,
    raisedIn,
    answer,
    held,
    resolved,
  }));
}

function state(id: string, raisedIn: number, answer: Summary['answer'], held: Summary['held'], resolved: boolean): Summary {
  return { id, raisedIn, answer, held, resolved };
}

describe('trackPoints: the Review', () => {
  it('opens every point of the Review in round 1', () => {
    expect(trackPoints(parseOk(review))).toEqual([
      {
        point: {
          id: 'R1',
          number: 1,
          title: 'Unchecked result',
          severity: 'high',
          evidence: [{ path: 'src/a.ts', line: 3 }],
          text: '### R1. Unchecked result (high)\n`src/a.ts:3`',
        },
        raisedIn: 1,
        owner: 'reviewer',
        answer: null,
        held: null,
        resolved: false,
      },
      {
        point: { id: 'R2', number: 2, title: 'Missing test', severity: 'low', evidence: [], text: '### R2. Missing test\nSeverity: low.' },
        raisedIn: 1,
        owner: 'reviewer',
        answer: null,
        held: null,
        resolved: false,
      },
    ]);
  });

  it('has nothing to track before the Review', () => {
    expect(trackPoints(parseOk(''))).toEqual([]);
  });
});

describe('trackPoints: the responses', () => {
  it('resolves an Agreed point and keeps a Partially agreed one open', () => {
    expect(summary(debate(['Response 1', '- R1: **Agreed**\n- R2: **Partially agreed** — one test, not two.']))).toEqual([
      state('R1', 1, 'agreed', null, true),
      state('R2', 1, 'partially-agreed', null, false),
    ]);
  });

  it('keeps a Disagreed point open', () => {
    expect(summary(debate(['Response 1', '1. **Disagreed**\n2. **Disagreed**']))).toEqual([state('R1', 1, 'disagreed', null, false), state('R2', 1, 'disagreed', null, false)]);
  });

  it('keeps an uncategorized or unanswered point open', () => {
    expect(summary(debate(['Response 1', '1. Will look at it.']))).toEqual([state('R1', 1, null, null, false), state('R2', 1, null, null, false)]);
  });

  it('never reopens a point once it is resolved', () => {
    const text = debate(
      ['Response 1', '1. **Agreed**\n2. **Disagreed**'],
      ['Reviewer Follow-up 1', '- R1: I maintain it after all.\n- R2: I maintain it.'],
      ['Response 2', '1. **Disagreed**\n2. **Disagreed**'],
    );
    expect(summary(text)).toEqual([state('R1', 1, 'agreed', null, true), state('R2', 1, 'disagreed', null, false)]);
  });

  it('takes the latest answer and clears the reviewer reply it answers', () => {
    const text = debate(
      ['Response 1', '1. **Agreed**\n2. **Disagreed**'],
      ['Reviewer Follow-up 1', '2. I maintain it.'],
      ['Response 2', 'R2. **Agreed**: the check is redundant.'],
    );
    expect(summary(text)).toEqual([state('R1', 1, 'agreed', null, true), state('R2', 1, 'agreed', null, true)]);
  });

  // Prose names no point: even with one point open, reading it as that point's answer would be a guess.
  it.each(['Agreed. I will add the test.', 'Agreed, but only on the name.'])('reads no answer from the prose answer %j, even with a single point open', (answer) => {
    const text = debate(['Response 1', '1. **Agreed**\n2. **Disagreed**'], ['Reviewer Follow-up 1', 'I maintain R2.'], ['Response 2', answer]);
    expect(summary(text)).toEqual([state('R1', 1, 'agreed', null, true), state('R2', 1, 'disagreed', null, false)]);
  });
});

describe('trackPoints: the follow-ups', () => {
  const response: [string, string] = ['Response 1', '1. **Disagreed**\n2. **Partially agreed**'];
  const followedUp = (body: string) => summary(debate(response, ['Reviewer Follow-up 1', body]));

  it.each([
    ['R1: Withdrawn.', 'withdrawn'],
    ['### R1 — Withdrawn\nThe path is unreachable.', 'withdrawn'],
    ['R1: **Accepted**: the reasoning holds.', 'accepted'],
    ['R1: Accepted.', 'accepted'],
    ['### R1 — Partially accepted\n\nThe severity drops to low.', 'conceded-part'],
  ] as const)('resolves a point the reviewer answers %j', (body, reply) => {
    expect(followedUp(body)[0]).toEqual(state('R1', 1, 'disagreed', reply, true));
  });

  it('keeps a maintained point open', () => {
    expect(followedUp('### R1. Maintained\nThe config writer accepts user edits.\n\n### R2\n**Verdict:** Maintained')).toEqual([
      state('R1', 1, 'disagreed', 'maintained', false),
      state('R2', 1, 'partially-agreed', 'maintained', false),
    ]);
  });

  it.each([
    'R1: I withdraw this point.',
    'R1: I accept the reasoning.',
    'R1: I concede.',
    'R1: I maintain it; I cannot accept that it is unreachable.',
    'R1: I accept this and will not maintain it.',
    'R1: I will not withdraw it.',
    "R1: I won't withdraw it.",
    'R1: I cannot accept that.',
    'R1: I do not accept this.',
    'R1: I never conceded it.',
    'R1: Conceded.',
    '### R1\n**Accepted in part**: the severity drops to low.',
  ])('takes no position from the sentence %j', (body) => {
    expect(followedUp(body)[0]).toEqual(state('R1', 1, 'disagreed', null, false));
  });

  it('raises a new point with the next id in the next round, severity and evidence read', () => {
    const body = '### R1\n**Maintained**: it holds.\n\n### R2\nWithdrawn.\n\n### R3. Leaked handle (medium)\nSee `src/io.ts:88`.';
    const states = trackPoints(parseOk(debate(response, ['Reviewer Follow-up 1', body])));
    expect(states.map((found) => [found.point.id, found.raisedIn, found.answer, found.held, found.resolved])).toEqual([
      ['R1', 1, 'disagreed', 'maintained', false],
      ['R2', 1, 'partially-agreed', 'withdrawn', true],
      ['R3', 2, null, null, false],
    ]);
    expect(states[2]?.point).toMatchObject({
      id: 'R3',
      number: 3,
      title: 'Leaked handle',
      severity: 'medium',
      evidence: [{ path: 'src/io.ts', line: 88 }],
    });
  });

  it('reads only the `###` markers when a follow-up mixes them with `- R1:` lines', () => {
    // the first marker style found decides how a body is cut: the `- R1:` / `- R2:` lines are not read
    expect(followedUp('- R1: I maintain it.\n- R2: I withdraw it.\n\n### R3. Leaked handle')).toEqual([
      state('R1', 1, 'disagreed', null, false),
      state('R2', 1, 'partially-agreed', null, false),
      state('R3', 2, null, null, false),
    ]);
  });

  it('tracks the raised point through the next responses', () => {
    const text = debate(
      response,
      ['Reviewer Follow-up 1', '- R1: Withdrawn.\n- R2: Maintained.\n- R3: New: the handle leaks.'],
      ['Response 2', '- R2: **Agreed**\n- R3: **Disagreed**'],
      ['Reviewer Follow-up 2', '- R3: Maintained — it leaks.'],
      ['Response 3', '- R3: **Agreed**'],
    );
    expect(summary(text)).toEqual([state('R1', 1, 'disagreed', 'withdrawn', true), state('R2', 1, 'agreed', null, true), state('R3', 2, 'agreed', null, true)]);
  });

  it('reads the reply, not the point title: `Accepts any input` maintained is maintained', () => {
    expect(followedUp('### R1. Accepts any input\n**Maintained**: the input is never checked.')[0]).toEqual(state('R1', 1, 'disagreed', 'maintained', false));
  });

  it('reads no label from prose, wherever a bold label stands in it', () => {
    expect(followedUp('### R1\nYou say I should withdraw it. **Maintained**: it still fails.')[0]).toEqual(state('R1', 1, 'disagreed', null, false));
  });

  it('raises no point from a plain numbered list of reasons in a follow-up, and reads no line that names another id for the list number', () => {
    expect(followedUp('1. Maintained: R1 holds.\n2. The check is missing.\n3. Nothing tests it.')).toEqual([
      state('R1', 1, 'disagreed', null, false),
      state('R2', 1, 'partially-agreed', null, false),
    ]);
  });

  it('keeps a remark on a settled point as text: it changes nothing', () => {
    const text = debate(['Response 1', '1. **Agreed**\n2. **Disagreed**'], ['Reviewer Follow-up 1', '### R1. Maintained\n\nGood.\n\n### R2 — Maintained\n\nStill missing.']);
    expect(summary(text)).toEqual([state('R1', 1, 'agreed', null, true), state('R2', 1, 'disagreed', 'maintained', false)]);
  });

  it("tracks the Responder's own point: the Reviewer answers it, and the Responder holds its position", () => {
    const text = debate(
      [
        'Response 1',
        '### R1 — Agreed\n\nWill fix.\n\n### R2 — Agreed\n\nWill add.\n\n### F1. SQL built from input\n\n**Severity:** critical\n**Evidence:** `src/db.ts:4`\n\nThe query concatenates `name`.',
      ],
      ['Reviewer Follow-up 1', '### F1 — Disagreed\n\n**Evidence:** `src/db.ts:2`\n\n`name` is escaped on line 2.'],
      ['Response 2', '### F1 — Maintained\n\n**Severity:** unchanged\n\nLine 2 escapes quotes only.'],
    );
    const states = trackPoints(parseOk(text));
    expect(states.map((found) => [found.point.id, found.owner, found.raisedIn, found.answer, found.held, found.resolved])).toEqual([
      ['R1', 'reviewer', 1, 'agreed', null, true],
      ['R2', 'reviewer', 1, 'agreed', null, true],
      ['F1', 'responder', 1, 'disagreed', 'maintained', false],
    ]);
    expect(states[2]?.point).toMatchObject({ title: 'SQL built from input', severity: 'critical', evidence: [{ path: 'src/db.ts', line: 4 }] });
  });

  it('changes nothing on a follow-up of prose only', () => {
    expect(followedUp('I maintain both points.')).toEqual(summary(debate(response)));
  });
});

describe('trackPoints: debates with the seed peer', () => {
  it('resolves both points when it agrees', () => {
    expect(summary(seedReview() + seedResponse(1, 'agree'))).toEqual([state('R1', 1, 'agreed', null, true), state('R2', 1, 'agreed', null, true)]);
  });

  it('keeps both points open after its partial reply and prose follow-up, and resolves them in round 2', () => {
    const round1 = seedReview() + seedResponse(1, 'partial') + seedFollowUp(1);
    expect(summary(round1)).toEqual([state('R1', 1, 'partially-agreed', null, false), state('R2', 1, 'partially-agreed', null, false)]);
    expect(summary(round1 + seedResponse(2, 'partial'))).toEqual([state('R1', 1, 'agreed', null, true), state('R2', 1, 'agreed', null, true)]);
  });

  it('leaves both points disagreed at the end of a disagreeing debate', () => {
    expect(summary(seedDebate('disagree').text)).toEqual([state('R1', 1, 'disagreed', null, false), state('R2', 1, 'disagreed', null, false)]);
  });

  it('leaves R2 open when the seed peer answers point 1 only', () => {
    // seed-peer.sh looks for `### N.` headings; our `### R1.` has none, so it answers point 1 alone
    expect(summary(review + seedResponse(1, 'agree', ['1']))).toEqual([state('R1', 1, 'agreed', null, true), state('R2', 1, null, null, false)]);
  });
});
