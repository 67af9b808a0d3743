import { describeGate, judgeDebate, type GateMode } from '../ledger/judge-debate.js';
import { renderLedgerTable } from '../ledger/render-ledger-table.js';
import type { DebateDocument, Severity } from '../protocol/document.js';
import { describeDebateUsage } from '../ledger/debate-usage.js';
import type { DebateReport } from './debate-report.js';
import { renderGithubAnnotations } from './render-github.js';
import { renderHtml } from './render-html.js';
import { renderMarkdownSummary } from './render-markdown.js';
import { renderSarif } from './render-sarif.js';
import type { ReportFormat } from './report-formats.js';

export interface RenderContext {
  document: DebateDocument;
  /** The lowest severity that blocks (`--block-on`), for the verdict a summary states. */
  blockOn: Severity;
  /** Whether only reproduced points block (`--block-reproduced`): the gate's rule, so the summary names the points the gate blocks on. */
  blockReproduced: GateMode;
  /** code-debate's version, for SARIF's tool. */
  version: string;
  /** code-debate's own page, for SARIF's tool; null when its package.json names none. */
  homepage: string | null;
  /** The repository's remote URL, for SARIF's provenance; null when it has none. */
  repositoryUri: string | null;
}

/** `report` in `format`: every format from the one report, so they never disagree. */
export function renderReport(report: DebateReport, format: ReportFormat, context: RenderContext): string {
  switch (format) {
    case 'text':
      return `${renderLedgerTable(report)}${blockingLine(report, context)}\nSpend: ${describeDebateUsage(report.usage, context.document)}\n`;
    case 'json':
      return `${JSON.stringify({ ...report, gate: gateOf(report, context) }, null, 2)}\n`;
    case 'markdown':
      return renderMarkdownSummary(report, context.blockOn, context.blockReproduced);
    case 'sarif':
      return renderSarif(report, { version: context.version, homepage: context.homepage, repositoryUri: context.repositoryUri });
    case 'github':
      return renderGithubAnnotations(report);
    case 'html':
      return renderHtml(report, context.document, context.blockOn, context.blockReproduced);
  }
}

/** The gate's verdict on the report, as `show --json` gives it: the settings it judged by and the points that block, most severe first. */
function gateOf(
  report: DebateReport,
  context: Pick<RenderContext, 'blockOn' | 'blockReproduced'>,
): { blockOn: Severity; blockReproduced: GateMode; blocked: boolean; blocking: string[] } {
  const verdict = judgeDebate(report.points, context.blockOn, context.blockReproduced);
  return { blockOn: context.blockOn, blockReproduced: context.blockReproduced, blocked: verdict.blocked, blocking: verdict.blocking.map((point) => point.id) };
}

/** The text report's line of what blocks, as the gate judges it. */
function blockingLine(report: DebateReport, context: Pick<RenderContext, 'blockOn' | 'blockReproduced'>): string {
  const verdict = judgeDebate(report.points, context.blockOn, context.blockReproduced);
  const what = describeGate(context.blockOn, context.blockReproduced);
  if (verdict.blocking.length === 0) return `Nothing blocks at ${what}.`;
  return `Blocking (${what}): ${verdict.blocking.map((point) => `${point.id} ${point.title} (${point.severity}, ${point.standing})`).join('; ')}.`;
}
