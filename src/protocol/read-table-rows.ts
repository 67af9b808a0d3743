import { wholeLabel } from './label-words.js';
import type { ReadableLine } from './readable-lines.js';

export interface TableRow {
  /** The row's line among those read. */
  index: number;
  /** The cells, trimmed, without the pipes (an escaped `\|` stays in its cell). */
  cells: string[];
  /** The header row's cells of this row's table ([] for a table without one). */
  header: string[];
  /**
   * The point the row names in its first cell: `R1`, `**R1**`, `#1`, `Point 1`, `R1. <title>`, or
   * a bare `1` under a header such as `#` or `ID`; null for a row that names none.
   */
  point: number | null;
  /** Whether the row names its point by a bare number (under a header such as `#`), not `R1`. */
  bare: boolean;
  /** The point's title in the row: the rest of its id cell, else its first cell that is no label. */
  title: string;
  source: string;
}

const delimiterRow = /^\s*\|?\s*:?-{1,}:?\s*(?:\|\s*:?-{1,}:?\s*)*\|?\s*$/;
const namedPoint = /^(?:\*\*|__)?(?:R|#|Point\s+)(\d+)\b(?:\*\*|__)?\s*[.:)\-—–]*\s*(.*)$/i;
const bareNumber = /^(?:\*\*|__)?(\d+)(?:\*\*|__)?$/;
// A bare number is a point's only in a column of ids: a table of jobs numbered 1, 2, 3 names no point.
const idHeader = /^(?:\*\*|__)?(?:#|id|no\.?|nr\.?|n°|point|item|finding|issue|ref)(?:\*\*|__)?$/i;

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
    if (header !== null) rows.push(rowOf(index, cellsOf(line.text), header, line.source));
  });
  return rows;
}

function rowOf(index: number, cells: string[], header: string[], source: string): TableRow {
  const at = cells.findIndex((cell) => cell !== '');
  const first = cells[at] ?? '';
  const named = namedPoint.exec(first);
  const bare = named ? null : bareNumber.exec(first);
  const number = named?.[1] ?? (bare && idHeader.test(header[at] ?? '') ? bare[1] : undefined);
  if (number === undefined) return { index, cells, header, point: null, bare: false, title: '', source };
  const own = (named?.[2] ?? '').replace(/\*\*/g, '').trim();
  const isLabel = (cell: string) => (wholeLabel('category', cell) ?? wholeLabel('position', cell) ?? wholeLabel('severity', cell)) !== null;
  const title = own !== '' ? own : (cells.slice(at + 1).find((cell) => cell !== '' && !isLabel(cell)) ?? '').replace(/\*\*/g, '').trim();
  return { index, cells, header, point: Number(number), bare: named === null, title, source };
}

function cellsOf(row: string): string[] {
  const inner = row.trim().replace(/^\|/, '').replace(/(?<!\\)\|$/, '');
  return inner.split(/(?<!\\)\|/).map((cell) => cell.trim());
}
