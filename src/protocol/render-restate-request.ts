import type { LabelKind } from './read-lead-label.js';
import { answerPositions, heldPositions, labelsOf } from './position.js';

/** A point the peer's last section left without a reading: a line that could not be read (`line`), or nothing said of it (`line` null). */
export interface RestateItem {
  id: string;
  kind: LabelKind;
  line: string | null;
  why: string | null;
}

/**
 * What a section says back to a peer that reads only the file (docs/protocol.md, "When an answer
 * cannot be read"): each point of `heading` (the peer's last section) that gave no reading, the
 * line as it was written, and the exact form that is read. A block quote: nothing in it is read
 * as a point's, so it never answers or holds one itself. Empty when there is nothing to ask.
 */
export function renderRestateRequest(heading: string, items: readonly RestateItem[], unplaced: readonly string[] = []): string {
  if (items.length === 0 && unplaced.length === 0) return '';
  const lines = [
    `> **Not read in \`## ${heading}\`:** these points stay open until they are restated in the next section, each under its own heading, in the form shown.`,
    '>',
    ...items.map((item) => `> - ${item.id}: ${said(item)} Write ${formOf(item)}.`),
    ...unplaced.map(
      (line) =>
        `> - ${quote(line)} names no point it can be read as: a number may be another point's, and a line may speak of one point only. Put it under the heading of the point it answers, \`### R<n> — <label>\`.`,
    ),
  ];
  return lines.join('\n');
}

function quote(line: string): string {
  return `\`${(line.length > 120 ? `${line.slice(0, 119)}…` : line).replace(/`/g, "'")}\``;
}

function said(item: RestateItem): string {
  if (item.line === null) return 'not answered.';
  return `${quote(item.line)} could not be read${item.why === null ? '' : ` (${item.why.replace(/`/g, "'")})`}.`;
}

function formOf(item: RestateItem): string {
  const headings = (labels: readonly string[]) => labels.map((label) => `\`### ${item.id} — ${label}\``).join(', ');
  if (item.kind === 'answer') return `one of ${headings(labelsOf(answerPositions))}`;
  if (item.kind === 'held') return `one of ${headings(labelsOf(heldPositions))}`;
  return `\`**Severity:** unchanged\` or \`**Severity:** → <critical|high|medium|low|nit>: <reason>\` on the line under \`### ${item.id} — <position>\``;
}
