import type { ReadableLine } from './readable-lines.js';

export interface TableRow {
  /** The cells, trimmed, without the pipes (an escaped `\|` stays in its cell). */
  cells: string[];
  /** The header row's cells of this row's table ([] for a table without one). */
  header: string[];
  /** The point the row names in its first cell (`R1`, `**R1**`, `#1`, `1`, `R1. <title>`), or null. */
  point: number | null;
  source: string;
}

const delimiterRow = /^\s*\|?\s*:?-{1,}:?\s*(?:\|\s*:?-{1,}:?\s*)*\|?\s*$/;
const pointCell = /^(?:\*\*|__)?(?:(?:R|#|Point\s+)(\d+)\b|(\d+)(?:\*\*|__)?$)/i;

/** The body rows of the GitHub-style tables among `lines` (the rows under a `|---|` line). */
export function readTableRows(lines: readonly ReadableLine[]): TableRow[] {
  const rows: TableRow[] = [];
  let header: string[] | null = null;
  lines.forEach((line, index) => {
    if (line.skipped || !line.table) {
      header = null;
      return;
    }
    if (delimiterRow.test(line.text)) {
      const above = lines[index - 1];
      header = above?.table && !above.skipped ? cellsOf(above.text) : [];
      return;
    }
    if (header === null) return;
    const cells = cellsOf(line.text);
    const named = pointCell.exec(cells.find((cell) => cell !== '') ?? '');
    rows.push({ cells, header, point: named ? Number(named[1] ?? named[2]) : null, source: line.source });
  });
  return rows;
}

function cellsOf(row: string): string[] {
  const inner = row.trim().replace(/^\|/, '').replace(/(?<!\\)\|$/, '');
  return inner.split(/(?<!\\)\|/).map((cell) => cell.trim());
}
