import type { ExpectedFinding } from './eval-case.js';
import type { EvalPoint } from './eval-point.js';
import { matchesFinding } from './match-finding.js';

/**
 * The sets of points a case is scored on: the Review alone (what one reviewer would have said, at
 * the severities it raised them with), the points confirmed after the debate (agreed with evidence
 * of their own), the points whose reproduction reproduced (whoever wrote it, whatever was said of
 * them), and the points the pre-push gate blocks on (confirmed, accepted or disputed at or above
 * --block-on), all but the first at the severities the debate left them with.
 */
export const views = ['review', 'confirmed', 'reproduced', 'gate'] as const;
export type View = (typeof views)[number];

export interface ViewScore {
  /** The points in the set that cite a place in the code: the findings. */
  points: number;
  /** Of them, those that report an expected finding; the rest are false findings. */
  correct: number;
  /** The expected findings that at least one point of the set reports. */
  found: number;
  expected: number;
  /**
   * The points in the set that cite no line, left out of the figures: the protocol asks a Review
   * for at least one point, so a reviewer with nothing to report raises one that says so, and a
   * point that names no place cannot be told true or false by place.
   */
  uncited: number;
}

export interface CaseScore {
  views: Record<View, ViewScore>;
  /** For each expected finding, in the case's order: the ids of the points of each set that report it. */
  foundBy: Array<Record<View, string[]>>;
  /** For each point, in the ledger's order: the expected findings (indexes) it reports, as raised and as it ended. */
  reports: Array<{ id: string; asRaised: number[]; asEnded: number[] }>;
  /** Review points that report a real bug and that the debate withdrew or dismissed: what it lost. */
  lost: string[];
  /** Review points that report no expected finding and that the debate withdrew or dismissed: what it saved. */
  saved: string[];
  /** The points settled by agreement: with evidence of their own (confirmed), or without (accepted). */
  agreements: { confirmed: string[]; accepted: string[] };
}

const inView: Record<View, (point: EvalPoint) => boolean> = {
  review: (point) => point.inReview,
  confirmed: (point) => point.standing === 'confirmed',
  reproduced: (point) => point.reproduced,
  gate: (point) => point.blocking,
};

/** Pure: how the debate's points compare with what the case expected. */
export function scoreCase(points: readonly EvalPoint[], expected: readonly ExpectedFinding[]): CaseScore {
  const reportsOf = (point: EvalPoint, severity: EvalPoint['severity']) => expected.flatMap((finding, index) => (matchesFinding({ ...point, severity }, finding) ? [index] : []));
  const reports = points.map((point) => ({ id: point.id, asRaised: reportsOf(point, point.raisedSeverity), asEnded: reportsOf(point, point.severity) }));
  // The Review is scored as it was written; the other sets as the debate left them.
  const reported = (view: View, index: number) => (view === 'review' ? reports[index]?.asRaised : reports[index]?.asEnded) ?? [];
  const inSet = (view: View) => points.flatMap((point, index) => (inView[view](point) ? [index] : []));
  const members = (view: View) => inSet(view).filter((index) => (points[index]?.evidence.length ?? 0) > 0);
  const foundBy = expected.map((_, finding) => {
    const ids = (view: View) =>
      members(view)
        .filter((index) => reported(view, index).includes(finding))
        .map((index) => points[index]?.id ?? '');
    return { review: ids('review'), confirmed: ids('confirmed'), reproduced: ids('reproduced'), gate: ids('gate') };
  });
  const score = (view: View): ViewScore => ({
    points: members(view).length,
    correct: members(view).filter((index) => reported(view, index).length > 0).length,
    found: foundBy.filter((found) => found[view].length > 0).length,
    expected: expected.length,
    uncited: inSet(view).length - members(view).length,
  });
  const dropped = inSet('review').filter((index) => members('review').includes(index) && (points[index]?.standing === 'withdrawn' || points[index]?.standing === 'dismissed'));
  return {
    views: { review: score('review'), confirmed: score('confirmed'), reproduced: score('reproduced'), gate: score('gate') },
    foundBy,
    reports,
    lost: dropped.filter((index) => reported('review', index).length > 0).map((index) => points[index]?.id ?? ''),
    saved: dropped.filter((index) => reported('review', index).length === 0).map((index) => points[index]?.id ?? ''),
    agreements: {
      confirmed: points.filter((point) => point.standing === 'confirmed').map((point) => point.id),
      accepted: points.filter((point) => point.standing === 'accepted').map((point) => point.id),
    },
  };
}
