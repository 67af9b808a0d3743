import { codeLineFlags } from './code-line-flags.js';

/** A line of an answer as the label grammar reads it. */
export interface ReadableLine {
  /** The line with its inline code and HTML comments blanked: quoted words are nobody's label. */
  text: string;
  /** The line as written, trimmed, to quote back. */
  source: string;
  /** In fenced code, a block quote or an HTML comment: never read. */
  skipped: boolean;
  /** A table row (`| … |`), read only by the table rules. */
  table: boolean;
}

/**
 * The lines of `text` with what is somebody else's words marked or blanked: fenced code, block
 * quotes and HTML comments are skipped, inline code spans are blanked.
 */
export function readableLines(text: string): ReadableLine[] {
  const sources = text.split('\n');
  // A comment's lines stay lines, so each line keeps its number; one left open runs to the end.
  const uncommented = text.replace(/<!--[\s\S]*?(?:-->|$)/g, (comment) => comment.replace(/[^\n]/g, ' ')).split('\n');
  const fenced = codeLineFlags(sources);
  const indented = indentedCodeFlags(sources);
  const inCode = sources.map((_, index) => (fenced[index] ?? false) || (indented[index] ?? false));
  return sources.map((source, index) => {
    const line = uncommented[index] ?? '';
    const commented = line.trim() === '' && source.trim() !== '';
    const text = blankCodeSpans(line);
    return {
      text,
      source: source.trim(),
      skipped: (inCode[index] ?? false) || commented || /^ {0,3}>/.test(line),
      table: /^ {0,3}\|/.test(line),
    };
  });
}

const listItem = /^(\s*)(?:[-*+]|\d+[.)])(\s+)\S/;

/**
 * true for each line of an indented code block: indented four columns past the list item it is
 * in (if any), after a blank line or another such line. A list item's own continuation lines,
 * indented to its text, are not code.
 */
function indentedCodeFlags(lines: readonly string[]): boolean[] {
  let content = 0;
  let previous: 'blank' | 'code' | 'text' = 'blank';
  return lines.map((line) => {
    if (line.trim() === '') {
      if (previous !== 'code') previous = 'blank';
      return previous === 'code';
    }
    const indent = columns(/^[ \t]*/.exec(line)?.[0] ?? '');
    if (previous !== 'text' && indent >= content + 4) {
      previous = 'code';
      return true;
    }
    const item = listItem.exec(line);
    if (item) content = columns(item[1] ?? '') + (/\d/.test(line.trim()[0] ?? '') ? line.trim().search(/[.)]/) + 1 : 1) + columns(item[2] ?? '');
    else if (indent < content && previous === 'blank') content = 0;
    previous = 'text';
    return false;
  });
}

function columns(indent: string): number {
  let width = 0;
  for (const char of indent) width = char === '\t' ? width + 4 - (width % 4) : width + 1;
  return width;
}

/**
 * `line` with its inline code spans blanked: a run of backticks opens a span that the next run
 * of the same length closes (CommonMark); a run with none after it is text. One pass over the
 * runs, so a line of a hundred thousand backticks costs no more than its length.
 */
function blankCodeSpans(line: string): string {
  const runs = [...line.matchAll(/`+/g)].map((match) => ({ start: match.index, end: match.index + match[0].length }));
  if (runs.length < 2) return line;
  // For each run, the next run of the same length, found from the right.
  const next: number[] = [];
  const lastOfLength = new Map<number, number>();
  for (let i = runs.length - 1; i >= 0; i--) {
    const length = (runs[i]?.end ?? 0) - (runs[i]?.start ?? 0);
    next[i] = lastOfLength.get(length) ?? -1;
    lastOfLength.set(length, i);
  }
  let text = '';
  let at = 0;
  for (let i = 0; i < runs.length; ) {
    const open = runs[i];
    const close = runs[next[i] ?? -1];
    if (open === undefined || close === undefined) {
      i++;
      continue;
    }
    text += line.slice(at, open.start) + ' '.repeat(close.end - open.start);
    at = close.end;
    i = (next[i] ?? i) + 1;
  }
  return text + line.slice(at);
}
