import { createHash } from 'node:crypto';
import { findHistoryChange } from './find-history-change.js';

/**
 * A hand edit of the debate's earlier text, kept: the line `code-debate keep-edit` appends so that
 * both sides, waiting for the text they had read to come back, go on from the file as it is now
 * (docs/protocol.md, "The file"). The line names what changed and the SHA-256 of the text
 * before it, so it keeps only the text it was written under: an edit made after it is an edit
 * again. An HTML comment, it renders as nothing and reads as no point.
 */
const marker = '<!-- code-debate: a hand edit was kept';
const record = /^<!-- code-debate: a hand edit was kept \((.*)\); the debate goes on from the text above\. sha256:([0-9a-f]{64}) -->$/;

/** The record to append after `text` (which ends as it ends: the record starts on a line of its own). */
export function renderKeptEdit(text: string, change: string): string {
  const oneLine = change.replace(/\s+/g, ' ').replaceAll('--', '- -').trim();
  return `${text === '' || text.endsWith('\n') ? '' : '\n'}\n${marker} (${oneLine}); the debate goes on from the text above. sha256:${digest(text)} -->\n`;
}

/**
 * What the edit kept was, when `text` ends with a record written for the text before it (blank
 * lines and line ends aside); null otherwise.
 */
export function keptEditOf(text: string): string | null {
  const last = lastKeptEdit(text);
  return last !== null && text.slice(last.end).trim() === '' ? last.change : null;
}

/** The last record in `text` written for the text before it, and where its line ends; null when none. */
export function lastKeptEdit(text: string): { change: string; end: number } | null {
  for (let start = text.lastIndexOf(`\n${marker}`); start !== -1; start = start === 0 ? -1 : text.lastIndexOf(`\n${marker}`, start - 1)) {
    const newline = text.indexOf('\n', start + 1);
    const end = newline === -1 ? text.length : newline + 1;
    const found = record.exec(
      text
        .slice(start + 1, end)
        .replace(/\r?\n$/, '')
        .replace(/\r$/, ''),
    );
    if (found !== null && digest(text.slice(0, start)) === found[2]) return { change: found[1] ?? '', end };
  }
  return null;
}

/** Whether an edit was kept since `saved` was taken: `text` holds a record, and `saved` does not extend the text it kept. */
export function keptSince(saved: string, text: string): boolean {
  const kept = lastKeptEdit(text);
  return kept !== null && findHistoryChange(text.slice(0, kept.end), saved) !== null;
}

/** The text a record is written for, as both sides compare it: trailing blank lines and spaces aside. */
function digest(text: string): string {
  return createHash('sha256').update(text.replace(/\r\n?/g, '\n').trimEnd()).digest('hex');
}
