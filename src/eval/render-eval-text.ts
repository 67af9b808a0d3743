import { formatDuration } from '../format-duration.js';
import type { CaseResult } from './case-result.js';
import { formatCost, formatTokens, plural, ratio, scoreCell } from './eval-figures.js';
import type { EvalReport } from './eval-report.js';
import { views, type View } from './score-case.js';

const viewNames = (report: EvalReport): Record<View, string> => ({
  review: 'Review alone',
  confirmed: 'Confirmed after the debate',
  reproduced: 'Reproduced by a test',
  gate: `Gate (${report.setup.blockOn} or worse)`,
});

/** The eval as a person reads it on a terminal: a row per case, then the totals in words. */
export function renderEvalText(report: EvalReport): string {
  const header = ['case', 'language', 'bugs', 'review', 'confirmed', 'reproduced', 'gate', 'lost', 'saved', 'rounds', 'tokens', 'cost', 'time'];
  const rows = report.cases.map(caseRow);
  const widths = header.map((title, column) => Math.max(title.length, ...rows.filter((row) => row.length === header.length).map((row) => row[column]?.length ?? 0)));
  // A failed case's row ends with its reason, which no column holds.
  const line = (cells: readonly string[]) => cells.map((cell, column) => (column === cells.length - 1 ? cell : cell.padEnd(widths[column] ?? 0))).join('  ');
  const { totals } = report;
  const names = viewNames(report);
  const nameWidth = Math.max(...Object.values(names).map((name) => name.length));
  const summary = views.map((view) => {
    const figures = totals.views[view];
    const clean = totals.clean === 0 ? '' : `; on clean changes ${plural(figures.falseOnClean, 'false finding')} (${figures.cleanWithFindings} of ${totals.clean} changes)`;
    const uncited = figures.uncited === 0 ? '' : `; ${plural(figures.uncited, 'point')} citing no line left out`;
    return `  ${names[view].padEnd(nameWidth)}  recall ${ratio(figures.found, figures.expected)}, precision ${ratio(figures.correct, figures.points)}${clean}${uncited}`;
  });
  return [
    `${report.dataset.name} (${report.dataset.format} format): ${plural(report.dataset.cases, 'case')}; Reviewer ${report.setup.agents.reviewer}, Responder ${report.setup.agents.responder}; ` +
      `up to ${plural(report.setup.maxRounds, 'round')}, stance ${report.setup.stance}.`,
    '',
    line(header),
    ...rows.map(line),
    '',
    'review, confirmed, reproduced, gate: the bugs found of those expected, + the points that cite a line and report no expected bug (false findings).',
    "A point is matched to a bug by place, without reading it: citing the bug's lines, or lines near them with a word of the bug's description. " +
      'A point on those lines for another reason still counts: read the points behind a figure before trusting it (docs/eval.md).',
    '',
    `Over ${plural(totals.scored, 'debated case')} (${totals.withBugs} with ${plural(totals.expected, 'bug')}, ${totals.clean} clean):`,
    ...summary,
    `  Agreements: ${totals.agreements.confirmed} confirmed with the answer's own evidence, ${totals.agreements.accepted} only accepted without it.`,
    `  The debate lost ${plural(totals.lost, 'real bug')} (raised in the Review, then withdrawn or dismissed) and saved ${plural(totals.saved, 'false finding')} (withdrawn or dismissed).`,
    `  ${plural(totals.rounds, 'round')}; tokens ${formatTokens(totals.usage)}, cost ${formatCost(totals.usage)} (as the agents reported them); ` +
      `${formatDuration(totals.debateMs)} of debates in ${formatDuration(report.ms)}.`,
    ...(totals.failed + totals.stopped === 0
      ? []
      : [`  Not counted: ${totals.failed} failed, ${totals.stopped} stopped or not run${report.interrupted ? ' (stopped by Ctrl-C)' : ''}.`]),
    '',
  ].join('\n');
}

function caseRow(result: CaseResult): string[] {
  const start = [result.id, result.language ?? '-', result.clean ? 'clean' : String(result.expected.length)];
  switch (result.status) {
    case 'scored': {
      const { views } = result.score;
      return [
        ...start,
        scoreCell(views.review),
        scoreCell(views.confirmed),
        scoreCell(views.reproduced),
        scoreCell(views.gate),
        String(result.score.lost.length),
        String(result.score.saved.length),
        String(result.rounds),
        formatTokens(result.usage),
        formatCost(result.usage),
        formatDuration(result.ms),
      ];
    }
    case 'failed':
      return [...start, `failed: ${result.reason}`];
    case 'stopped':
      return [...start, 'stopped by Ctrl-C'];
    case 'not-run':
      return [...start, 'not run'];
  }
}
