import type { LedgerReport } from './ledger-report.js';
import { verdictWords } from '../protocol/reproduction.js';

const columns = ['id', 'severity', 'status', 'confidence', 'rounds', 'reviewer', 'responder', 'title'] as const;

/**
 * The report as plain text for a terminal: a heading line with the outcome and the convergence
 * state, one row per point (last stated positions), then position changes, failed citations
 * and flags when there are any.
 */
export function renderLedgerTable(report: LedgerReport): string {
  // The convergence state is judged once a round has its Response: before that, a debate with a round begun has its Review.
  const stage = report.state ?? (report.rounds === 0 ? 'no review yet' : 'the Review awaits its Response');
  const lines = [`${report.title ?? 'Code Debate'}: ${report.outcome}, ${report.rounds === 1 ? '1 round' : `${report.rounds} rounds`}, ${stage}`];
  if (report.convergence.length > 0) lines.push(`Convergence: ${report.convergence.map(({ round, state }) => `${round} ${state}`).join(' → ')}`);
  if (report.points.length === 0) return `${lines.join('\n')}\nNo points yet.\n`;
  const rows = report.points.map((point) => {
    const last = point.rounds.at(-1)?.round ?? point.raisedIn;
    return [
      point.id,
      point.severity ?? '-',
      point.status,
      point.confidence,
      last === point.raisedIn ? `${last}` : `${point.raisedIn}-${last}`,
      point.reviewer ?? '-',
      point.responder ?? '-',
      point.title || 'untitled',
    ];
  });
  const widths = columns.map((column, index) => Math.max(column.length, ...rows.map((row) => row[index]?.length ?? 0)));
  const format = (cells: readonly string[]) =>
    cells
      .map((cell, index) => (index === cells.length - 1 ? cell : cell.padEnd(widths[index] ?? 0)))
      .join('  ')
      .trimEnd();
  lines.push('', format(columns), ...rows.map(format));
  const list = (heading: string, items: readonly string[]) => (items.length === 0 ? [] : ['', `${heading}:`, ...items.map((item) => `- ${item}`)]);
  lines.push(
    ...list(
      'Position changes',
      report.positionChanges.map((change) => `${change.id}: ${change.side} ${change.from} → ${change.to} in round ${change.round} (${change.section})`),
    ),
    ...list(
      'Accepted, not confirmed (agreed without evidence of its own)',
      report.points
        .filter((point) => point.agreement === 'accepted')
        .map(
          (point) =>
            `${point.id}: ${point.responder === 'agreed' || point.reviewer === 'agreed' ? 'agreed' : 'partially agreed'}, citing no place of its own and no reproduction that reproduced, or repeating the other side`,
        ),
    ),
    ...list(
      'Reproductions (run by code-debate)',
      report.points.flatMap((point) =>
        point.reproduction === null ? [] : [`${point.id}: ${verdictWords[point.reproduction.verdict]} (${point.reproduction.section}): ${point.reproduction.why}`],
      ),
    ),
    ...list(
      'Failed citations',
      report.failedCitations.map((failed) => `${failed.path}:${failed.line} (${failed.section}): ${failed.problem}`),
    ),
    ...list(
      'Flags',
      report.flags.map((flag) => `${flag.kind}: ${flag.message}`),
    ),
  );
  return `${lines.join('\n')}\n`;
}
