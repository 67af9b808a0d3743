import { convergenceStates } from '../ledger/convergence-state.js';
import type { DebateReport } from './debate-report.js';

/** Text for HTML and SVG: `&`, `<`, `>` and both quotes escaped. */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

const statusColours = { open: '#d9534f', resolved: '#3c8d40', withdrawn: '#8a8f98' } as const;

/**
 * The debate's shape as one inline SVG: the convergence state of each round as a line (from
 * DIVERGENT at the bottom to CONSENSUS at the top), and under it one row per point, a cell per
 * round coloured by the point's status then, labelled with both sides' positions.
 */
export function renderChart(report: DebateReport): string {
  const rounds = Math.max(1, report.rounds);
  const left = 170;
  const cell = 96;
  const width = left + rounds * cell + 20;
  const lineHeight = 140;
  const rowHeight = 26;
  const top = 30;
  const rowsTop = top + lineHeight + 40;
  const height = rowsTop + report.points.length * rowHeight + 20;
  const x = (round: number) => left + (round - 1) * cell + cell / 2;
  const y = (state: string) => top + lineHeight - (convergenceStates.indexOf(state as (typeof convergenceStates)[number]) / (convergenceStates.length - 1)) * lineHeight;
  const parts: string[] = [];
  for (const state of convergenceStates) {
    parts.push(`<text x="${left - 10}" y="${y(state) + 4}" text-anchor="end" class="axis">${state}</text>`);
    parts.push(`<line x1="${left}" x2="${width - 20}" y1="${y(state)}" y2="${y(state)}" class="grid"/>`);
  }
  const points = report.convergence.map(({ round, state }) => `${x(round)},${y(state)}`).join(' ');
  if (report.convergence.length > 1) parts.push(`<polyline points="${points}" class="trajectory" data-chart="convergence"/>`);
  for (const { round, state } of report.convergence)
    parts.push(`<circle cx="${x(round)}" cy="${y(state)}" r="5" class="state" data-round="${round}"><title>Round ${round}: ${state}</title></circle>`);
  for (let round = 1; round <= rounds; round++) parts.push(`<text x="${x(round)}" y="${rowsTop - 12}" text-anchor="middle" class="axis">round ${round}</text>`);
  report.points.forEach((point, index) => {
    const rowY = rowsTop + index * rowHeight;
    parts.push(`<text x="${left - 10}" y="${rowY + 17}" text-anchor="end" class="label">${escapeHtml(`${point.id} ${truncate(point.title, 18)}`)}</text>`);
    for (const entry of point.rounds) {
      const label = `${point.id}, round ${entry.round}: ${entry.status}; Reviewer ${entry.reviewer ?? '-'}, Responder ${entry.responder ?? '-'}`;
      parts.push(
        `<rect x="${x(entry.round) - cell / 2 + 3}" y="${rowY + 2}" width="${cell - 6}" height="${rowHeight - 4}" rx="4" fill="${statusColours[entry.status]}" data-point="${escapeHtml(point.id)}" data-round="${entry.round}"><title>${escapeHtml(label)}</title></rect>`,
        `<text x="${x(entry.round)}" y="${rowY + 17}" text-anchor="middle" class="cell">${escapeHtml(entry.responder ?? entry.reviewer ?? '')}</text>`,
      );
    }
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" id="chart" role="img" aria-label="Convergence and positions round by round" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}">${parts.join('')}</svg>`;
}

function truncate(text: string, length: number): string {
  return text.length <= length ? text : `${text.slice(0, length - 1)}…`;
}
