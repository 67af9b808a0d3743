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
      return `${renderLedgerTable(report)}Spend: ${describeDebateUsage(report.usage, context.document)}\n`;
    case 'json':
      return `${JSON.stringify(report, null, 2)}\n`;
    case 'markdown':
      return renderMarkdownSummary(report, context.blockOn);
    case 'sarif':
      return renderSarif(report, { version: context.version, homepage: context.homepage, repositoryUri: context.repositoryUri });
    case 'github':
      return renderGithubAnnotations(report);
    case 'html':
      return renderHtml(report, context.document, context.blockOn);
  }
}
