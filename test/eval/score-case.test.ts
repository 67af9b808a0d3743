import { describe, expect, it } from 'vitest';
import type { ExpectedFinding } from '../../src/eval/eval-case.js';
import type { EvalPoint } from '../../src/eval/eval-point.js';
import { scoreCase } from '../../src/eval/score-case.js';

const bug = (line: number, minSeverity: ExpectedFinding['minSeverity'] = null): ExpectedFinding => ({
  file: 'src/a.js',
  line,
  endLine: line,
  tolerance: 1,
  minSeverity,
  keyword: null,
  kind: null,
  what: `the bug at ${line}`,
});

function point(id: string, line: number | null, more: Partial<EvalPoint> = {}): EvalPoint {
  return {
    id,
    owner: 'reviewer',
    title: id,
    text: '',
    inReview: true,
    raisedSeverity: 'high',
    severity: 'high',
    evidence: line === null ? [] : [{ path: 'src/a.js', line, endLine: line }],
    standing: 'confirmed',
    blocking: true,
    reproduced: false,
    ...more,
  };
}

describe('scoreCase', () => {
  it('scores the Review as raised, the confirmed points and the gate as the debate left them, and names what the debate lost and saved', () => {
    const expected = [bug(10, 'high'), bug(30), bug(50)];
    const points = [
      // A real bug the Responder talked the Reviewer out of.
      point('R1', 10, { standing: 'withdrawn', blocking: false }),
      // A real bug confirmed, then lowered below the case's least severity: found by the Review only.
      point('R2', 10, { severity: 'medium', blocking: false }),
      // A real bug confirmed, reproduced and blocking, raised twice (two correct points, one bug found).
      point('R3', 30, { reproduced: true }),
      point('R4', 31, { title: 'The same bug, cited a line below it', severity: 'low', raisedSeverity: 'low', blocking: false, standing: 'accepted' }),
      // An invented finding, dismissed: saved; a reproduction of it reproduced all the same: a false finding of the reproduced set.
      point('R5', 90, { standing: 'dismissed', blocking: false, reproduced: true }),
      // An invented finding left disputed: not confirmed, but the gate blocks on it.
      point('R6', 70, { standing: 'disputed' }),
      // The Responder's own finding of a real bug: not in the Review.
      point('F1', 50, { owner: 'responder', inReview: false }),
      // A point that cites no line: left out, counted apart.
      point('R7', null, { severity: 'nit', raisedSeverity: 'nit', blocking: false }),
    ];
    const score = scoreCase(points, expected);
    expect(score.views).toEqual({
      review: { points: 6, correct: 4, found: 2, expected: 3, uncited: 1 },
      confirmed: { points: 3, correct: 2, found: 2, expected: 3, uncited: 1 },
      reproduced: { points: 2, correct: 1, found: 1, expected: 3, uncited: 0 },
      gate: { points: 3, correct: 2, found: 2, expected: 3, uncited: 0 },
    });
    expect(score.foundBy).toEqual([
      { review: ['R1', 'R2'], confirmed: [], reproduced: [], gate: [] },
      { review: ['R3', 'R4'], confirmed: ['R3'], reproduced: ['R3'], gate: ['R3'] },
      { review: [], confirmed: ['F1'], reproduced: [], gate: ['F1'] },
    ]);
    // R4 was agreed without evidence of its own: accepted, not confirmed.
    expect(score.agreements).toEqual({ confirmed: ['R2', 'R3', 'F1', 'R7'], accepted: ['R4'] });
    expect(score.reports.find((report) => report.id === 'R2')).toEqual({ id: 'R2', asRaised: [0], asEnded: [] });
    expect(score.lost).toEqual(['R1']);
    expect(score.saved).toEqual(['R5']);
  });

  it('counts every cited point on a clean change as false, and a clean change expects nothing', () => {
    const score = scoreCase([point('R1', 3), point('R2', null)], []);
    expect(score.views.review).toEqual({ points: 1, correct: 0, found: 0, expected: 0, uncited: 1 });
    expect(score.foundBy).toEqual([]);
  });
});
