import { leadingLabel, matchPhrase, wholeLabel, type LabelKind, type LabelValues } from './label-words.js';
import { memoizeText, memoLimits } from './memoize-text.js';
import { readTableRows, type TableRow } from './read-table-rows.js';
import { splitPointBlocks, type PointBlock } from './split-point-blocks.js';
import { readableLines } from './readable-lines.js';

/** Where a label stood (README, "the label grammar"). */
export type LabelPlace = 'heading' | 'lead' | 'first-words' | 'emphasis' | 'key-line' | 'table';

export interface FoundLabel<K extends LabelKind = LabelKind> {
  value: LabelValues[K];
  place: LabelPlace;
  /** The line it was read from, as written (trimmed), to quote back to the agent. */
  line: string;
}

/** What the labels found for one point come to: one value, none, or a conflict between two or more. */
export type LabelReading<K extends LabelKind> =
  | { state: 'read'; value: LabelValues[K]; found: ReadonlyArray<FoundLabel<K>> }
  | { state: 'missing' }
  | { state: 'conflict'; found: ReadonlyArray<FoundLabel<K>> };

const keys: Record<LabelKind, string> = {
  category: 'verdict|status|category|position|decision|response|answer|stance|assessment',
  position: 'verdict|status|category|position|decision|response|answer|stance|assessment',
  severity: 'severity|priority',
};
const keyPatterns: Record<LabelKind, RegExp> = {
  category: keyPattern('category'),
  position: keyPattern('position'),
  severity: keyPattern('severity'),
};

// `**Verdict:** X`, `**Verdict**: X`, `Verdict: X`, `Severity = X`, `Severity — X`: at a line's start
// (after a list marker) or after a `(`, `|`, `;`, `,` or `·`; at a line's start `Severity X` too.
// Mid-sentence ("it returns status: Accepted (202)") a key is prose.
function keyPattern(kind: LabelKind): RegExp {
  const separated = String.raw`(?:[:=—–]|\s-)`;
  // The opener may also close after the label: `**Severity: High**`.
  return new RegExp(
    String.raw`(?:(?:^\s*(?:[-*+]\s+|\d+[.)]\s+)?|[,;(|·]\s*)(\*\*|__|\*|_)?(?:${keys[kind]})\s*(?:${separated}\s*\1|\1\s*${separated}|${separated})|^\s*(?:[-*+]\s+|\d+[.)]\s+)?(?:${keys[kind]})(?=\s)\s*${separated}?)\s*`,
    'gi',
  );
}

const emphasisSpans = [/\*\*([^*\n]+?)\*\*/g, /__([^_\n]+?)__/g, /(?<![*\p{L}\p{N}])\*(?![*\s])([^*\n]+?)\*(?![*\p{L}\p{N}])/gu, /(?<![_\p{L}\p{N}])_(?![_\s])([^_\n]+?)_(?![_\p{L}\p{N}])/gu];

/**
 * The labels of `kind` that a point's block gives it, by the grammar's places: its heading or list
 * lead, the first words of its answer, an emphasized label, a key line, a keyed table. Rows of a
 * table that name a point are read for the whole section by `readTableLabels`.
 */
export function readBlockLabels<K extends LabelKind>(kind: K, block: PointBlock): ReadonlyArray<FoundLabel<K>> {
  let byKind = blockMemo.get(block);
  if (byKind === undefined) {
    byKind = new Map();
    blockMemo.set(block, byKind);
  }
  let found = byKind.get(kind);
  if (found === undefined) {
    found = Object.freeze(readBlock(kind, block));
    byKind.set(kind, found);
  }
  return found as ReadonlyArray<FoundLabel<K>>;
}

const blockMemo = new WeakMap<PointBlock, Map<LabelKind, ReadonlyArray<FoundLabel>>>();

function readBlock<K extends LabelKind>(kind: K, block: PointBlock): Array<FoundLabel<K>> {
  if (block.style === 'table') return [];
  const lines = block.text.split('\n');
  const marker = lines[0]?.trim() ?? '';
  const found: Array<FoundLabel<K>> = readTitleLabels(kind, block.title).labels.map((value) => ({ value, place: block.style === 'heading' ? 'heading' : 'lead', line: marker }));
  // A list item's answer starts on its marker line; a heading's, on the line after it.
  const answerStart = block.style === 'heading' || block.title === '' ? 1 : 0;
  return [...found, ...readAnswer(kind, lines.slice(answerStart).join('\n'), block.style === 'heading' || block.title === '')];
}

/**
 * The labels of `kind` in a text that answers one point without a marker of its own (a prose
 * section about a single point, or the answer under a point's heading): places 2 to 4.
 */
export function readTextLabels<K extends LabelKind>(kind: K, text: string): ReadonlyArray<FoundLabel<K>> {
  return textMemo[kind](text) as ReadonlyArray<FoundLabel<K>>;
}

const textMemo: { [K in LabelKind]: (text: string) => ReadonlyArray<FoundLabel<K>> } = {
  category: memoizeText((text) => Object.freeze(readAnswer('category', text, true)), memoLimits.replies),
  position: memoizeText((text) => Object.freeze(readAnswer('position', text, true)), memoLimits.replies),
  severity: memoizeText((text) => Object.freeze(readAnswer('severity', text, true)), memoLimits.replies),
};

function readAnswer<K extends LabelKind>(kind: K, text: string, firstWords: boolean): Array<FoundLabel<K>> {
  const found: Array<FoundLabel<K>> = [];
  const lines = readableLines(text);
  if (firstWords) {
    const first = lines.find((line) => line.text.trim() !== '' || line.skipped);
    const lead = first && !first.skipped && !first.table ? leadingLabel(kind, first.text.replace(/^\s*(?:[-*+]|\d+[.)])\s+/, '')) : null;
    if (first && lead) found.push({ value: lead.value, place: 'first-words', line: first.source });
  }
  for (const line of lines) {
    if (line.skipped || line.table) continue;
    for (const value of keyedLabels(kind, line.text)) found.push({ value, place: 'key-line', line: line.source });
    // "a **critical** path" is prose: severities are never read from emphasis alone.
    if (kind !== 'severity') for (const value of emphasizedLabels(kind, line.text)) found.push({ value, place: 'emphasis', line: line.source });
  }
  const rows = readTableRows(lines);
  for (const row of rows) {
    if (row.point !== null) continue;
    // A column headed `Severity` over several rows rates several things (jobs, cases), not the point.
    const alone = rows.filter((other) => other.header === row.header).length === 1;
    for (const value of keyedCells(kind, row, alone)) found.push({ value, place: 'table', line: row.source });
  }
  return found;
}

function keyedLabels<K extends LabelKind>(kind: K, line: string): Array<LabelValues[K]> {
  const values: Array<LabelValues[K]> = [];
  const pattern = keyPatterns[kind];
  pattern.lastIndex = 0;
  for (let match = pattern.exec(line); match !== null; match = pattern.exec(line)) {
    const opener = match[1] ?? '';
    // An opener not closed before the label closes after it: the label is read with it.
    const unclosed = opener !== '' && match[0].indexOf(opener) === match[0].lastIndexOf(opener);
    // After a key the label is declared: what follows it (`, with a caveat`, `· **Effort:** low`) is commentary.
    const found = matchPhrase(kind, (unclosed ? opener : '') + line.slice(match.index + match[0].length));
    if (found && (found.emphasized || /^(?:\s*$|\s*[.:;!|,·—–()[\]]|\s+-\s|\s*-$)/.test(found.rest))) values.push(found.value);
  }
  return values;
}

function emphasizedLabels<K extends LabelKind>(kind: K, line: string): Array<LabelValues[K]> {
  const values: Array<LabelValues[K]> = [];
  for (const pattern of emphasisSpans) {
    for (const match of line.matchAll(pattern)) {
      const value = wholeLabel(kind, match[1] ?? '');
      if (value !== null) values.push(value);
    }
  }
  return values;
}

/** A table about one point: a column headed by a key over its one row (`| Verdict |`), or a row that starts with one (`| Severity | High |`). */
const keyCells: Record<LabelKind, RegExp> = {
  category: new RegExp(String.raw`^(?:\*\*|__)?(?:${keys.category})(?:\*\*|__)?$`, 'i'),
  position: new RegExp(String.raw`^(?:\*\*|__)?(?:${keys.position})(?:\*\*|__)?$`, 'i'),
  severity: new RegExp(String.raw`^(?:\*\*|__)?(?:${keys.severity})(?:\*\*|__)?$`, 'i'),
};

function keyedCells<K extends LabelKind>(kind: K, row: TableRow, alone: boolean): Array<LabelValues[K]> {
  const key = keyCells[kind];
  const values: Array<LabelValues[K]> = [];
  row.cells.forEach((cell, index) => {
    const header = row.header[index];
    const keyed = (alone && header !== undefined && key.test(header)) || (index === 1 && key.test(row.cells[0] ?? ''));
    const value = keyed ? wholeLabel(kind, cell) : null;
    if (value !== null) values.push(value);
  });
  return values;
}

/**
 * The labels of `kind` in the rows of a section's tables that name a point (`| R1 | Agreed |
 * reason |`), by point number: a cell that is wholly a label is that point's.
 */
export function readTableLabels<K extends LabelKind>(kind: K, body: string): ReadonlyMap<number, ReadonlyArray<FoundLabel<K>>> {
  return tableMemo[kind](body) as ReadonlyMap<number, ReadonlyArray<FoundLabel<K>>>;
}

const tableMemo: { [K in LabelKind]: (body: string) => ReadonlyMap<number, ReadonlyArray<FoundLabel<K>>> } = {
  category: memoizeText((body) => readTables('category', body), memoLimits.sections),
  position: memoizeText((body) => readTables('position', body), memoLimits.sections),
  severity: memoizeText((body) => readTables('severity', body), memoLimits.sections),
};

function readTables<K extends LabelKind>(kind: K, body: string): Map<number, Array<FoundLabel<K>>> {
  const byPoint = new Map<number, Array<FoundLabel<K>>>();
  // Under points marked `### R1` or `1.`, a table numbered 1, 2, 3 lists cases, not points: only `R1` rows name one.
  const marked = splitPointBlocks(body).some((block) => block.style !== 'table');
  for (const row of readTableRows(readableLines(body))) {
    if (row.point === null || (marked && row.bare)) continue;
    for (const cell of row.cells) {
      const value = wholeLabel(kind, cell);
      if (value === null) continue;
      const found = byPoint.get(row.point) ?? [];
      found.push({ value, place: 'table', line: row.source });
      byPoint.set(row.point, found);
    }
  }
  return byPoint;
}

/**
 * The labels of `kind` a point's heading title or list lead carries, and the title without them:
 * the whole of it, its start (a label before a `.`, `:` or dash, or in brackets) and its end (a
 * label after a dash or colon, or in brackets), each read as often as labels are stacked there.
 */
export function readTitleLabels<K extends LabelKind>(kind: K, title: string): { labels: Array<LabelValues[K]>; rest: string } {
  const labels: Array<LabelValues[K]> = [];
  let rest = title.trim();
  for (let taken = true; taken && rest !== ''; ) {
    taken = false;
    const bracket = /^[([]\s*([^()[\]\n]*?)\s*[)\]]/.exec(rest.slice(0, 200));
    const inBracket = bracket ? wholeLabel(kind, unkeyed(kind, bracket[1] ?? '')) : null;
    if (bracket && inBracket !== null) {
      labels.push(inBracket);
      rest = rest.slice(bracket[0].length).replace(leadingDelimiter, '');
      taken = true;
      continue;
    }
    const lead = leadingLabel(kind, rest);
    if (lead) {
      labels.push(lead.value);
      rest = lead.rest.replace(leadingDelimiter, '');
      taken = true;
    }
  }
  for (let taken = true; taken && rest !== ''; ) {
    taken = false;
    // Only the end is read: a title of thousands of spaces must not cost their square.
    const tail = rest.slice(-200);
    const head = rest.slice(0, rest.length - tail.length);
    const bracket = /^(.*?)\s*[([]\s*([^()[\]\n]*?)\s*[)\]][\s.!]*$/.exec(tail);
    const inBracket = bracket ? wholeLabel(kind, unkeyed(kind, bracket[2] ?? '')) : null;
    if (bracket && inBracket !== null) {
      labels.push(inBracket);
      rest = head + (bracket[1] ?? '');
      taken = true;
      continue;
    }
    const after = trailingLabel[kind].exec(tail);
    const trailing = after ? wholeLabel(kind, unkeyed(kind, after[2] ?? '')) : null;
    if (after && trailing !== null) {
      labels.push(trailing);
      // `Unchecked result, severity: high` is titled `Unchecked result`.
      rest = head + (after[1] ?? '').replace(trailingKey[kind], '');
      taken = true;
    }
  }
  return { labels, rest: rest.trim() };
}

const leadingDelimiter = /^\s*(?:[.:;!|]|[—–]+|-{1,2}(?=\s|$))?\s*/;
const trailingKey: Record<LabelKind, RegExp> = {
  category: new RegExp(String.raw`[,;]?\s*\b(?:${keys.category})\s*$`, 'i'),
  position: new RegExp(String.raw`[,;]?\s*\b(?:${keys.position})\s*$`, 'i'),
  severity: new RegExp(String.raw`[,;]?\s*\b(?:${keys.severity})\s*$`, 'i'),
};

// A label at a title's end after a dash or `|`, or a colon: `Default log level: info` is a title,
// so a severity after a colon counts only where a key names it (`…, severity: high`).
const trailingLabel: Record<LabelKind, RegExp> = {
  category: /^(.*)(?:\s*[—–]+\s*|\s+--?\s+|\s*:\s+|\s+\|\s+)(.+?)\s*$/,
  position: /^(.*)(?:\s*[—–]+\s*|\s+--?\s+|\s*:\s+|\s+\|\s+)(.+?)\s*$/,
  severity: /^(.*)(?:\s*[—–]+\s*|\s+--?\s+|[,;]?\s*\b(?:severity|priority)\s*:\s+|\s+\|\s+)(.+?)\s*$/i,
};

/** `Severity: high` in brackets reads as `high`. */
function unkeyed(kind: LabelKind, text: string): string {
  return text.replace(new RegExp(String.raw`^(\*\*|__)?(?:${keys[kind]})\s*(?:[:=]\s*\1|\1\s*[:=])\s*`, 'i'), '');
}

/**
 * One value, none, or a conflict: the same label given twice is one label, and a partial label
 * takes in the parts it is made of (`Partially agreed`, then `**Agreed:** … **Disagreed:** …`;
 * `Accepted in part`, then what is accepted and what is maintained).
 */
export function settleLabels<K extends LabelKind>(found: ReadonlyArray<FoundLabel<K>>): LabelReading<K> {
  if (found.length === 0) return { state: 'missing' };
  const values = new Set<string>(found.map((label) => label.value));
  const partial = [...values].find((value) => parts[value] !== undefined);
  if (partial !== undefined && [...values].every((value) => value === partial || parts[partial]?.has(value))) {
    return { state: 'read', value: partial as LabelValues[K], found };
  }
  if (values.size > 1) return { state: 'conflict', found };
  return { state: 'read', value: found[0]?.value as LabelValues[K], found };
}

const parts: Record<string, ReadonlySet<string>> = {
  'partially-agreed': new Set(['agreed', 'disagreed']),
  'conceded-part': new Set(['accepted', 'maintained']),
};
