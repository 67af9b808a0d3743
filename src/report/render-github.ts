import { standingOf } from '../ledger/judge-debate.js';
import { verdictWords } from '../protocol/reproduction.js';
import type { DebateReport } from './debate-report.js';

const commands: Record<string, 'error' | 'warning' | 'notice'> = { critical: 'error', high: 'error', medium: 'warning', low: 'notice', nit: 'notice' };

/**
 * GitHub Actions workflow commands that annotate the diff: one per place a confirmed or disputed
 * point cites (`::error file=src/a.js,line=2,endLine=3,title=...::message`), or one without a
 * place for a point that cites none. A point the Responder's disagreement dismissed, or the
 * Reviewer withdrew, annotates nothing. Every value is escaped as the runner reads it.
 */
export function renderGithubAnnotations(report: DebateReport): string {
  const lines: string[] = [];
  for (const point of report.points) {
    const standing = standingOf(point);
    if (standing === 'dismissed' || standing === 'withdrawn') continue;
    const command = point.severity === null ? 'warning' : (commands[point.severity] ?? 'warning');
    const title = `code-debate ${point.id} (${point.severity ?? 'no severity'}, ${standing}): ${point.title || 'untitled'}`;
    const message = [
      `${point.title || 'Untitled point'}: ${standing} after ${report.rounds === 1 ? '1 round' : `${report.rounds} rounds`}, confidence ${point.confidence}.`,
      `Reviewer: ${point.reviewer ?? '-'}; Responder: ${point.responder ?? '-'}.`,
      ...(point.reproduction === null
        ? []
        : [`Reproduction (run by code-debate, ${point.reproduction.section}): ${verdictWords[point.reproduction.verdict]}, ${point.reproduction.why}.`]),
      `See ${report.file}.`,
    ].join('\n');
    const places = point.evidence.length === 0 ? [null] : point.evidence;
    for (const place of places) {
      const where = place === null ? [] : [`file=${escapeProperty(place.path)}`, `line=${place.line}`, ...(place.endLine > place.line ? [`endLine=${place.endLine}`] : [])];
      lines.push(`::${command} ${[...where, `title=${escapeProperty(title)}`].join(',')}::${escapeData(message)}`);
    }
  }
  return lines.map((line) => `${line}\n`).join('');
}

/** A workflow command's message: `%`, CR and LF escaped. */
export function escapeData(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/** A workflow command's property value: as a message, and `:` and `,` too. */
export function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}
