import { formatDuration } from '../format-duration.js';
import { escapeHtml } from '../report/render-chart.js';
import { reportStyle } from '../report/render-html.js';
import type { CaseResult, ScoredCase } from './case-result.js';
import { formatCost, formatTokens, plural, ratio, scoreCell } from './eval-figures.js';
import type { EvalReport } from './eval-report.js';
import { views, type View } from './score-case.js';

const extraStyle = `
td.num{text-align:right;white-space:nowrap}.missed{color:#b52b27}.found{color:#3c8d40}
.case{background:#fff;border-radius:8px;padding:12px 16px;margin:14px 0}.case h3{margin:0 0 8px}
pre.output{white-space:pre-wrap;background:#f6f7f9;padding:6px 8px;border-radius:4px;font:12.5px/1.4 ui-monospace,SFMono-Regular,Menlo,monospace}
`;

const viewNames: Record<View, string> = { review: 'Review alone', confirmed: 'Confirmed after the debate', reproduced: 'Reproduced by a test', gate: 'Gate' };

/**
 * The eval as one self-contained page in the style of the debate report (no network, no
 * scripts): the setup and the totals on top, a row per case, then each case's expected
 * findings with the points that found them, and every point with where the debate left it.
 */
export function renderEvalHtml(report: EvalReport): string {
  const { totals, setup } = report;
  const title = `code-debate eval: ${escapeHtml(report.dataset.name)}`;
  const totalRows = views
    .map((view) => {
      const figures = totals.views[view];
      const name = view === 'gate' ? `Gate (${setup.blockOn} or worse)` : viewNames[view];
      return `<tr id="total-${view}"><td>${name}</td><td class="num">${ratio(figures.found, figures.expected)}</td><td class="num">${ratio(figures.correct, figures.points)}</td><td class="num">${figures.falseOnClean} on ${figures.cleanWithFindings} of ${totals.clean}</td><td class="num">${figures.uncited}</td></tr>`;
    })
    .join('');
  const notCounted =
    totals.failed + totals.stopped === 0 ? '' : ` Not counted: ${totals.failed} failed, ${totals.stopped} stopped or not run${report.interrupted ? ' (stopped by Ctrl-C)' : ''}.`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">
<title>${title}</title><style>${reportStyle}${extraStyle}</style></head>
<body><main>
<h1>${title}</h1>
<section class="verdict" id="setup"><p>${plural(report.dataset.cases, 'case')} of <code>${escapeHtml(report.dataset.dir)}</code> (${report.dataset.format} format), debated by Reviewer <b>${escapeHtml(setup.agents.reviewer)}</b> and Responder <b>${escapeHtml(setup.agents.responder)}</b>, up to ${plural(setup.maxRounds, 'round')}, stance ${escapeHtml(setup.stance)}, started ${escapeHtml(report.startedAt)}.</p>
<p>Over ${plural(totals.scored, 'debated case')} (${totals.withBugs} with ${plural(totals.expected, 'bug')}, ${totals.clean} clean): the debate lost <b>${plural(totals.lost, 'real bug')}</b> (raised in the Review, then withdrawn or dismissed) and saved <b>${plural(totals.saved, 'false finding')}</b>. ${plural(totals.rounds, 'round')}; tokens ${formatTokens(totals.usage)}, cost ${formatCost(totals.usage)}; ${formatDuration(totals.debateMs)} of debates in ${formatDuration(report.ms)}.${notCounted}</p></section>
<h2>Totals</h2>
<table id="totals"><thead><tr><th>Points</th><th>Recall</th><th>Precision</th><th>False findings on clean changes</th><th>Points citing no line (left out)</th></tr></thead><tbody>${totalRows}</tbody></table>
<h2>Cases</h2>
<p>Review, confirmed, reproduced, gate: the bugs found of those expected, + the points that cite a line and report no expected bug (false findings).</p>
<table id="cases"><thead><tr><th>Case</th><th>Language</th><th>Bugs</th><th>Review</th><th>Confirmed</th><th>Reproduced</th><th>Gate</th><th>Lost</th><th>Saved</th><th>Rounds</th><th>Tokens</th><th>Cost</th><th>Time</th></tr></thead><tbody>${report.cases.map(caseRow).join('')}</tbody></table>
<h2>Each case</h2>
${report.cases.map(caseDetail).join('\n')}
</main></body></html>
`;
}

function caseRow(result: CaseResult): string {
  const id = `<td><a href="#case-${escapeHtml(result.id)}">${escapeHtml(result.id)}</a></td><td>${escapeHtml(result.language ?? '-')}</td><td class="num">${result.clean ? 'clean' : result.expected.length}</td>`;
  if (result.status !== 'scored') return `<tr>${id}<td colspan="10">${escapeHtml(describeUnscored(result))}</td></tr>`;
  const { score } = result;
  const cells = [
    scoreCell(score.views.review),
    scoreCell(score.views.confirmed),
    scoreCell(score.views.reproduced),
    scoreCell(score.views.gate),
    String(score.lost.length),
    String(score.saved.length),
    String(result.rounds),
    formatTokens(result.usage),
    formatCost(result.usage),
    formatDuration(result.ms),
  ];
  return `<tr>${id}${cells.map((cell) => `<td class="num">${escapeHtml(cell)}</td>`).join('')}</tr>`;
}

function describeUnscored(result: Exclude<CaseResult, ScoredCase>): string {
  if (result.status === 'failed') return `failed: ${result.reason}`;
  return result.status === 'stopped' ? 'stopped by Ctrl-C' : 'not run';
}

function caseDetail(result: CaseResult): string {
  const head = `<section class="case" id="case-${escapeHtml(result.id)}"><h3>${escapeHtml(result.id)}: ${escapeHtml(result.title)}</h3>`;
  if (result.status === 'failed')
    return `${head}<p>${escapeHtml(describeUnscored(result))}</p>${result.output.length === 0 ? '' : `<pre class="output">${escapeHtml(result.output.join('\n'))}</pre>`}</section>`;
  if (result.status !== 'scored') return `${head}<p>${escapeHtml(describeUnscored(result))}</p></section>`;
  const findings = result.expected.map((finding, index) => {
    const found = result.score.foundBy[index];
    const by = views.map((view) => {
      const ids = found?.[view] ?? [];
      return `${viewNames[view]}: ${ids.length === 0 ? '<span class="missed">missed</span>' : `<span class="found">${escapeHtml(ids.join(', '))}</span>`}`;
    });
    const rating = finding.minSeverity === null ? '' : `, ${finding.minSeverity} or worse`;
    return `<li><code>${escapeHtml(`${finding.file}:${finding.line}${finding.endLine === finding.line ? '' : `-${finding.endLine}`}`)}</code> (±${finding.tolerance}${rating}) ${escapeHtml(finding.what)}<br>${by.join('; ')}</li>`;
  });
  const expected = result.clean ? '<p>A clean change: every point raised on it is false.</p>' : `<ol>${findings.join('')}</ol>`;
  const rows = result.points.map((point, index) => {
    const reported = result.score.reports[index] ?? { asRaised: [], asEnded: [] };
    const cited = point.evidence.map((evidence) => `${evidence.path}:${evidence.line}${evidence.endLine === evidence.line ? '' : `-${evidence.endLine}`}`).join(', ');
    const severity = point.raisedSeverity === point.severity ? (point.severity ?? '-') : `${point.raisedSeverity ?? '-'} → ${point.severity ?? '-'}`;
    return `<tr><td>${escapeHtml(point.id)}</td><td>${escapeHtml(point.title)}</td><td>${escapeHtml(severity)}</td><td>${point.standing}${point.blocking ? ', blocks' : ''}</td><td><code>${escapeHtml(cited || 'none')}</code></td><td>${describeReports(reported.asRaised, reported.asEnded)}</td></tr>`;
  });
  const points =
    result.points.length === 0
      ? '<p>No point was raised.</p>'
      : `<table><thead><tr><th>Point</th><th>Title</th><th>Severity</th><th>Standing</th><th>Cites</th><th>Reports</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
  const kept = result.repo === null ? '' : `<p>The repository and its debate: <code>${escapeHtml(result.repo)}</code>.</p>`;
  return `${head}<p>Outcome ${escapeHtml(result.outcome)} after ${plural(result.rounds, 'round')}.</p>${expected}${points}${kept}</section>`;
}

/** The expected findings a point reports (numbered from 1), as raised and, when its severity changed that, as it ended. */
function describeReports(asRaised: readonly number[], asEnded: readonly number[]): string {
  const name = (findings: readonly number[]) => (findings.length === 0 ? 'no expected finding' : findings.map((finding) => `finding ${finding + 1}`).join(', '));
  return asRaised.join() === asEnded.join() ? name(asEnded) : `${name(asRaised)} as raised; ${name(asEnded)} at its final severity`;
}
