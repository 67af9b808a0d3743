import { describeGate, judgeDebate, type GateMode } from '../ledger/judge-debate.js';
import { describeUsage } from '../protocol/usage.js';
import type { Severity } from '../protocol/document.js';
import type { DebateReport } from './debate-report.js';

/** The first line of every summary code-debate writes: how a later post finds its own comment to edit it. */
export const summaryMarker = '<!-- code-debate summary -->';

/**
 * The debate in short, as Markdown for a pull request comment or a CI job's summary: the outcome
 * and what blocks, one row per point (severity, status, confidence, each side's last word), the
 * convergence round by round, the citations that failed, the spend when any agent reported it,
 * and where the whole debate is (a path, no link).
 */
export function renderMarkdownSummary(report: DebateReport, blockOn: Severity, gate: GateMode): string {
  const verdict = judgeDebate(report.points, blockOn, gate);
  const what = describeGate(`\`${blockOn}\``, gate);
  const lines = [summaryMarker, `## ${escapeText(report.title ?? 'Code Debate')}`, ''];
  const rounds = report.rounds === 1 ? '1 round' : `${report.rounds} rounds`;
  lines.push(`**Outcome:** ${report.outcome} after ${rounds}${report.state === null ? '' : ` (${report.state})`}.`);
  lines.push(
    verdict.blocking.length === 0
      ? `**Nothing blocks** at ${what}.`
      : `**Blocking** (${what}): ${verdict.blocking.map((point) => `${point.id} ${escapeText(point.title)} (${point.severity}, ${point.standing})`).join('; ')}.`,
  );
  lines.push('');
  if (report.points.length === 0) lines.push('No points were raised.');
  else {
    lines.push('| Point | Severity | Status | Confidence | Reviewer | Responder |', '| --- | --- | --- | --- | --- | --- |');
    for (const point of report.points) {
      lines.push(
        `| ${point.id}. ${escapeCell(point.title || 'untitled')} | ${point.severity ?? '-'} | ${point.status} | ${point.confidence} | ${point.reviewer ?? '-'} | ${point.responder ?? '-'} |`,
      );
    }
  }
  if (report.convergence.length > 0) lines.push('', `**Convergence:** ${report.convergence.map(({ round, state }) => `round ${round} ${state}`).join(' → ')}`);
  if (report.failedCitations.length > 0) {
    lines.push(
      '',
      '**Citations that do not hold:**',
      ...report.failedCitations.map((failed) => `- \`${escapeCode(`${failed.path}:${failed.line}`)}\` (${failed.section}): ${escapeText(failed.problem)}`),
    );
  }
  const reported = report.usage.sections.some((section) => section.inputTokens !== null || section.outputTokens !== null || section.costUsd !== null);
  if (reported) lines.push('', `**Spend:** ${describeUsage(report.usage.total)}.`);
  lines.push('', `The whole debate: \`${escapeCode(report.file)}\`${report.subject?.head ? ` (head ${report.subject.head.slice(0, 12)})` : ''}.`);
  return `${lines.join('\n')}\n`;
}

/** Text from the debate (a peer's or an agent's) as Markdown that renders as the same text: no HTML, no links, no mentions. */
function escapeText(text: string): string {
  return (
    text
      .replace(/[\\`*_{}[\]<>#|!~&]/g, (character) => `\\${character}`)
      // GitHub links mentions, URLs and issue numbers after rendering: a zero-width space breaks each.
      .replace(/@(?=\w)/g, '@\u200b')
      .replace(/:\/\//g, ':\u200b//')
      .replace(/\bwww\./gi, (www) => `${www.slice(0, 3)}\u200b.`)
      .replace(/#(?=\d)/g, '#\u200b')
  );
}

function escapeCell(text: string): string {
  return escapeText(text).replace(/\r?\n/g, ' ');
}

function escapeCode(text: string): string {
  return text.replace(/`/g, "'");
}
