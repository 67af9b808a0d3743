import { addUsage, type TurnUsage } from '../protocol/usage.js';
import type { CaseResult, ScoredCase } from './case-result.js';
import { views, type View, type ViewScore } from './score-case.js';

export interface ViewTotals extends ViewScore {
  /** found / expected, over the cases with bugs; null when no case expects any. */
  recall: number | null;
  /** correct / points; null when the set holds no point. */
  precision: number | null;
  /** Points of the set raised on clean changes, all false; and on how many of the clean changes. */
  falseOnClean: number;
  cleanWithFindings: number;
}

export interface EvalTotals {
  cases: number;
  /** Debated and scored; the figures below are over these alone. */
  scored: number;
  failed: number;
  /** Stopped by Ctrl-C, or never started. */
  stopped: number;
  /** Of the scored: the cases with bugs, the clean changes, and the bugs expected in all. */
  withBugs: number;
  clean: number;
  expected: number;
  views: Record<View, ViewTotals>;
  /** Real bugs the Review raised and the debate withdrew or dismissed; false findings likewise. */
  lost: number;
  saved: number;
  /** Points settled by agreement: with evidence of their own, and without. */
  agreements: { confirmed: number; accepted: number };
  rounds: number;
  /** What the agents reported, summed (a count a scored case lacks is null). */
  usage: TurnUsage;
  /** The debates' own time, summed (they may run side by side). */
  debateMs: number;
}

const unknownUsage: TurnUsage = { inputTokens: null, outputTokens: null, cachedInputTokens: null, costUsd: null };

/** Pure: the figures over every scored case; micro-averaged (each bug and each point weighs the same). */
export function sumTotals(results: readonly CaseResult[]): EvalTotals {
  const scored = results.filter((result): result is ScoredCase => result.status === 'scored');
  const sum = (read: (result: ScoredCase) => number) => scored.reduce((total, result) => total + read(result), 0);
  const viewTotals = (view: View): ViewTotals => {
    const points = sum((result) => result.score.views[view].points);
    const correct = sum((result) => result.score.views[view].correct);
    const found = sum((result) => result.score.views[view].found);
    const expected = sum((result) => result.score.views[view].expected);
    const uncited = sum((result) => result.score.views[view].uncited);
    const clean = scored.filter((result) => result.clean);
    return {
      points,
      correct,
      found,
      expected,
      uncited,
      recall: expected === 0 ? null : found / expected,
      precision: points === 0 ? null : correct / points,
      falseOnClean: clean.reduce((total, result) => total + result.score.views[view].points, 0),
      cleanWithFindings: clean.filter((result) => result.score.views[view].points > 0).length,
    };
  };
  return {
    cases: results.length,
    scored: scored.length,
    failed: results.filter((result) => result.status === 'failed').length,
    stopped: results.filter((result) => result.status === 'stopped' || result.status === 'not-run').length,
    withBugs: scored.filter((result) => !result.clean).length,
    clean: scored.filter((result) => result.clean).length,
    expected: sum((result) => result.expected.length),
    views: Object.fromEntries(views.map((view) => [view, viewTotals(view)])) as Record<View, ViewTotals>,
    lost: sum((result) => result.score.lost.length),
    saved: sum((result) => result.score.saved.length),
    agreements: { confirmed: sum((result) => result.score.agreements.confirmed.length), accepted: sum((result) => result.score.agreements.accepted.length) },
    rounds: sum((result) => result.rounds),
    usage: addUsage(scored.map((result) => result.usage)) ?? unknownUsage,
    debateMs: sum((result) => result.ms),
  };
}
