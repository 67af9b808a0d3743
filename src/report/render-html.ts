import { roleName } from '../protocol/turn-table.js';
import { verdictWords } from '../protocol/reproduction.js';
import { buildLedger } from '../ledger/build-ledger.js';
import { describeGate, judgeDebate, type GateMode } from '../ledger/judge-debate.js';
import { roleOn, type LedgerPoint } from '../ledger/ledger.js';
import type { DebateDocument, Severity } from '../protocol/document.js';
import { describeUsage } from '../protocol/usage.js';
import type { DebateReport } from './debate-report.js';
import { escapeHtml, renderChart } from './render-chart.js';
import { renderMarkdownHtml } from './render-markdown-html.js';

/** The page's look, shared by every page code-debate writes (the eval's too), so they read as one family. */
export const reportStyle = `
body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;margin:0;color:#1d2127;background:#f6f7f9}
main{max-width:1200px;margin:0 auto;padding:24px}
h1{font-size:22px;margin:0 0 6px}h2{font-size:17px;margin:28px 0 10px}
.verdict{padding:14px 18px;border-radius:8px;background:#fff;border-left:6px solid #3c8d40}
.verdict.blocked{border-left-color:#d9534f}
table{border-collapse:collapse;width:100%;background:#fff}th,td{border:1px solid #dfe2e6;padding:6px 8px;text-align:left;vertical-align:top}
th{background:#eef0f3}.sev-critical,.sev-high{color:#b52b27;font-weight:600}.sev-medium{color:#9a6700}
svg{background:#fff;border-radius:8px;max-width:100%;height:auto}
svg .axis{font-size:11px;fill:#59606b}svg .label{font-size:12px;fill:#1d2127}svg .cell{font-size:10px;fill:#fff}
svg .grid{stroke:#e6e8eb}svg .trajectory{fill:none;stroke:#2f6fdf;stroke-width:2}svg .state{fill:#2f6fdf}
.point{background:#fff;border-radius:8px;padding:12px 16px;margin:14px 0}
.thread{display:grid;grid-template-columns:1fr 1fr;gap:10px}
.turn{border:1px solid #e3e6ea;border-radius:6px;padding:8px}
.turn h4{margin:0 0 4px;font-size:12px;color:#59606b}
.turn .md{word-break:break-word}.turn .md>:last-child{margin-bottom:0}
.turn p,.turn ul,.turn ol,.turn pre,.turn blockquote{margin:0 0 6px}.turn ul,.turn ol{padding-left:20px}.turn blockquote{padding-left:8px;border-left:3px solid #dfe2e6;color:#59606b}
.turn pre{white-space:pre-wrap;background:#f6f7f9;padding:4px 6px;border-radius:4px}
.turn code{font:12.5px/1.4 ui-monospace,SFMono-Regular,Menlo,monospace}
mark.failed{background:#fde2e1;border-bottom:2px solid #d9534f}
.reviewer{grid-column:1}.responder{grid-column:2}
`;

/**
 * The debate as one self-contained page (no network, no scripts, no fonts to fetch): the verdict
 * on top, the ledger as a table, the convergence and every point's positions round by round as
 * an inline SVG, and each point's thread, the Reviewer's turns beside the Responder's, with the
 * citations that do not hold marked and what the line really reads in their title.
 */
export function renderHtml(report: DebateReport, document: DebateDocument, blockOn: Severity, gate: GateMode): string {
  const verdict = judgeDebate(report.points, blockOn, gate);
  const what = describeGate(`<b>${blockOn}</b>`, gate);
  const ledger = buildLedger(document);
  const title = escapeHtml(report.title ?? 'Code Debate');
  const blocking =
    verdict.blocking.length === 0
      ? `Nothing blocks at ${what}.`
      : `Blocking (${what}): ${verdict.blocking.map((point) => `${escapeHtml(point.id)} ${escapeHtml(point.title)} (${point.severity}, ${point.standing})`).join('; ')}.`;
  const spend = report.usage.sections.some((section) => section.inputTokens !== null || section.costUsd !== null)
    ? `<p>Spend: ${escapeHtml(describeUsage(report.usage.total))}.</p>`
    : '';
  const rows = report.points
    .map(
      (point) =>
        `<tr id="row-${escapeHtml(point.id)}"><td><a href="#point-${escapeHtml(point.id)}">${escapeHtml(point.id)}</a></td><td>${escapeHtml(point.title || 'untitled')}</td><td class="sev-${point.severity ?? 'none'}">${point.severity ?? '-'}</td><td>${point.status}</td><td>${point.confidence}${point.agreement === 'accepted' ? ' (accepted)' : ''}${point.reproduction === null ? '' : `, ${verdictWords[point.reproduction.verdict]}`}</td><td>${point.reviewer ?? '-'}</td><td>${point.responder ?? '-'}</td></tr>`,
    )
    .join('');
  const failed = new Map(report.failedCitations.map((citation) => [`${citation.path}:${citation.line}`, citation.problem]));
  const threads = ledger.points.map((point) => renderThread(point, failed)).join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">
<title>${title}</title><style>${reportStyle}</style></head>
<body><main>
<h1>${title}</h1>
<section class="verdict${verdict.blocked ? ' blocked' : ''}" id="verdict"><p><b>Outcome:</b> ${escapeHtml(report.outcome)} after ${report.rounds === 1 ? '1 round' : `${report.rounds} rounds`}${report.state === null ? '' : ` (${report.state})`}.</p><p>${blocking}</p>${spend}<p>The whole debate: <code>${escapeHtml(report.file)}</code>${report.subject?.head ? ` at ${escapeHtml(report.subject.head.slice(0, 12))}` : ''}.</p></section>
<h2>Points</h2>
<table id="ledger"><thead><tr><th>Point</th><th>Title</th><th>Severity</th><th>Status</th><th>Confidence</th><th>Reviewer</th><th>Responder</th></tr></thead><tbody>${rows}</tbody></table>
${renderFailedCitations(report)}
<h2>How it converged</h2>
${renderChart(report)}
<h2>Threads</h2>
${threads}
</main></body></html>
`;
}

/** The citations that do not hold, each with what its line really reads; nothing when all hold. */
function renderFailedCitations(report: DebateReport): string {
  if (report.failedCitations.length === 0) return '';
  const items = report.failedCitations.map(
    (citation) => `<li><code>${escapeHtml(`${citation.path}:${citation.line}`)}</code> (${escapeHtml(citation.section)}): ${escapeHtml(citation.problem)}</li>`,
  );
  return `<h2>Citations that do not hold</h2><ul id="failed-citations">${items.join('')}</ul>`;
}

function renderThread(point: LedgerPoint, failed: ReadonlyMap<string, string>): string {
  const turns = point.rounds.flatMap((round) => [
    round.raiser === null || round.raiser.text === '' ? '' : turn(roleOn(point, 'raiser'), round.raiser.section, round.raiser.position, round.raiser.text, failed),
    round.answerer === null || round.answerer.text === '' ? '' : turn(roleOn(point, 'answerer'), round.answerer.section, round.answerer.position, round.answerer.text, failed),
  ]);
  return `<section class="point" id="point-${escapeHtml(point.id)}"><h3>${escapeHtml(point.id)}. ${escapeHtml(point.title || 'untitled')} <small>(${point.severity ?? 'no severity'}, ${point.status})</small></h3><div class="thread">${turns.join('')}</div></section>`;
}

function turn(side: 'reviewer' | 'responder', section: string, position: string, text: string, failed: ReadonlyMap<string, string>): string {
  return `<div class="turn ${side}"><h4>${escapeHtml(section)} · ${roleName(side)} · ${escapeHtml(position)}</h4><div class="md">${markFailed(renderMarkdownHtml(text), failed)}</div></div>`;
}

/** Each citation that does not hold, marked where the text cites it, with what the line really reads as its title (one pass: a title is never marked again). */
function markFailed(html: string, failed: ReadonlyMap<string, string>): string {
  if (failed.size === 0) return html;
  const byText = new Map([...failed].map(([citation, problem]) => [escapeHtml(citation), problem]));
  const alternatives = [...byText.keys()].sort((a, b) => b.length - a.length).map((text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  // `src/a.js:5` is not marked inside `src/a.js:50`.
  const pattern = new RegExp(`(?:${alternatives.join('|')})(?!\\d)`, 'g');
  return html.replace(pattern, (text) => `<mark class="failed" title="${escapeHtml(byText.get(text) ?? '')}">${text}</mark>`);
}
