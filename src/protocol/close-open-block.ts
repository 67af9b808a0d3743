import { fenceOpening } from './code-line-flags.js';
import type { DebateDocument } from './document.js';
import { normalizeNewlines, readMarkdown } from './read-markdown.js';
import { scanBlocks, type ScanState } from './scan-blocks.js';

const probeHeading = 'code-debate probe';

// CommonMark's HTML blocks that only an end marker closes (kinds 1 to 5), with that marker.
const htmlBlocks: ReadonlyArray<{ start: RegExp; end: RegExp; closer: (start: RegExpExecArray) => string }> = [
  { start: /^ {0,3}<(script|pre|style|textarea)(?=[\s>]|$)/i, end: /<\/(?:script|pre|style|textarea)>/i, closer: (start) => `</${(start[1] ?? 'pre').toLowerCase()}>` },
  { start: /^ {0,3}<!--/, end: /-->/, closer: () => '-->' },
  { start: /^ {0,3}<\?/, end: /\?>/, closer: () => '?>' },
  { start: /^ {0,3}<![A-Za-z]/, end: />/, closer: () => '>' },
  { start: /^ {0,3}<!\[CDATA\[/, end: /\]\]>/, closer: () => ']]>' },
];

/**
 * The line that closes the block a section's text leaves open, when that block would swallow a
 * heading written after it (a fenced code block, or an HTML block such as `<pre>` or `<!--`);
 * '' when a heading after `text` is a heading. `text` is the file from the last section's
 * heading on: appended first, the line puts our heading where we write it, for a CommonMark
 * reader and for a line-oriented `grep '^## '` peer alike, and leaves the peer's bytes as they are.
 */
export function closeOpenBlock(text: string): string {
  const source = normalizeNewlines(text);
  if (headingStays(source)) return '';
  return openBlockCloser(source);
}

/** closeOpenBlock for the last section of `document`, parsed from `text`: read from its heading's line on. */
export function closeLastSection(text: string, document: DebateDocument): string {
  // Line numbers are the parser's, which counts a lone CR as a line end too.
  const source = normalizeNewlines(text);
  const line = document.sections.at(-1)?.line ?? 1;
  let offset = 0;
  for (let at = 1; at < line && offset !== -1; at++) offset = source.indexOf('\n', offset) + 1 || -1;
  return closeOpenBlock(offset === -1 ? source : source.slice(offset));
}

/**
 * Whether a level-2 heading written after `source` (and a blank line) is one, for a text the block
 * scanner read up to `resume` (see scanBlocks): only the lines from there on are scanned, with the
 * heading after them, where closeOpenBlock parses the last section again. null where the scanner
 * cannot tell (a rule it does not model): then closeOpenBlock.
 */
export function headingStaysAfterScan(source: string, resume: ScanState): boolean | null {
  // From where the scan stopped, as a text of its own: the megabytes before are not copied to read two lines.
  const rest = source.slice(resume.offset);
  const scanned = scanBlocks(`${rest}\n\n## ${probeHeading}\n`, { ...resume, offset: 0 });
  if (scanned === null) return null;
  const last = scanned.blocks.at(-1);
  return last?.type === 'heading' && last.depth === 2 && last.start >= rest.length;
}

/** Whether a level-2 heading written after `text` (and a blank line) is one. */
function headingStays(text: string): boolean {
  const probe = readMarkdown(`${text}\n\n## ${probeHeading}\n`).children.at(-1);
  return probe?.type === 'heading' && probe.depth === 2;
}

/** The closer of the top-level block still open at the end of `text`, by CommonMark's line rules. */
function openBlockCloser(text: string): string {
  let open: { end: (line: string) => boolean; closer: string } | null = null;
  for (const line of text.split('\n')) {
    if (open !== null) {
      if (open.end(line)) open = null;
      continue;
    }
    const fence = fenceOpening.exec(line)?.[1];
    if (fence !== undefined) {
      const mark = fence[0] ?? '`';
      open = { end: (next) => new RegExp(`^ {0,3}\\${mark}{${fence.length},}\\s*$`).test(next), closer: fence };
      continue;
    }
    for (const block of htmlBlocks) {
      const start = block.start.exec(line);
      if (start === null) continue;
      // An HTML block may end on the line it starts.
      if (!block.end.test(line.slice(start[0].length))) open = { end: (next) => block.end.test(next), closer: block.closer(start) };
      break;
    }
  }
  return open?.closer ?? '';
}
