import { formatHeading } from './classify-heading.js';
import type { Section } from './document.js';
import { parseDocument } from './parse-document.js';
import { normalizeNewlines } from './read-markdown.js';
import { extendsText } from './reading/extends-text.js';

export interface HistoryChange {
  /** What happened to the earlier text, as a clause: "`## Response 1` (line 12) is gone". */
  description: string;
  /** The 1-based line of the earlier text where it stops being there. */
  line: number;
}

interface Line {
  text: string;
  number: number;
}

/**
 * Whether `now` still holds `earlier` and only adds to it, as the file is append-only
 * (docs/protocol.md): null when it does, else what was lost or rewritten. What formatters change
 * does not count: line ends, byte order marks, trailing whitespace, blank lines. A deleted file
 * is `now` null.
 */
export function findHistoryChange(earlier: string, now: string | null): HistoryChange | null {
  // Appending keeps every line, and the last one is at most continued: nothing to read line by line.
  if (now !== null && extendsText(now, earlier)) return null;
  const before = comparableLines(earlier);
  if (before.length === 0) return null;
  if (now === null) return { description: 'it was deleted', line: 1 };
  const after = comparableLines(now);
  const changed = before.find((line, index) => {
    const other = after[index]?.text;
    // The last line may have been continued, by a writer that appended to an unfinished line.
    return index === before.length - 1 ? !other?.startsWith(line.text) : other !== line.text;
  });
  if (changed === undefined) return null;
  if (after.length === 0) return { description: 'it was emptied', line: 1 };
  return describeChange(earlier, now, changed.number);
}

/** The lines a reader sees, numbered as in the file: no line ends, no trailing blanks, no blank lines. */
function comparableLines(text: string): Line[] {
  return normalizeNewlines(text)
    .split('\n')
    .map((line, index) => ({ text: line.trimEnd(), number: index + 1 }))
    .filter((line) => line.text !== '');
}

/** Sections that are gone first, as they cost a turn; else where the text was rewritten. */
function describeChange(earlier: string, now: string, line: number): HistoryChange {
  const parsed = parseDocument(earlier);
  const sections = parsed.ok ? parsed.document.sections : [];
  const current = parseDocument(now);
  const gone = current.ok ? sections.filter((section) => !current.document.sections.some((candidate) => sameSection(candidate, section))) : [];
  const name = (section: Section) => `\`## ${formatHeading(section.kind, section.number)}\` (line ${section.line})`;
  const [first] = gone;
  if (first !== undefined) return { description: `${gone.map(name).join(', ')} ${gone.length === 1 ? 'is' : 'are'} gone`, line: first.line };
  const section = sections.filter((candidate) => candidate.line <= line).at(-1);
  if (section === undefined) return { description: `its opening lines were rewritten (line ${line})`, line };
  return { description: `the text of ${name(section)} was rewritten at line ${line}`, line };
}

function sameSection(a: Section, b: Section): boolean {
  return a.kind === b.kind && a.number === b.number;
}
