import type { Nodes } from 'mdast';
import { normalizeNewlines, readMarkdown } from '../../protocol/read-markdown.js';

// An unclosed comment runs to the end, as it does in HTML and in CommonMark's HTML blocks.
const commentPattern = /<!--[\s\S]*?(?:-->|$)/g;

/**
 * A saved draft without its HTML comments (the instructions code-debate wrote, and any other),
 * as git drops `#` lines from a commit message. Comments inside code are the person's text and
 * stay. A line that held only comments goes with them; blank lines are squeezed, ends trimmed.
 */
export function stripDraftComments(draft: string): string {
  // Below the scissors line (a Review's diff) nothing is the person's text, as with `git commit -v`.
  const whole = normalizeNewlines(draft);
  const cut = whole.search(/^# -{24} >8 -{24}$/m);
  const text = cut === -1 ? whole : whole.slice(0, cut);
  const code = codeRanges(text);
  const kept = text.replace(commentPattern, (comment: string, offset: number) => (code.some(([start, end]) => offset >= start && offset < end) ? comment : '\u0000'));
  return kept
    .split('\n')
    .filter((line) => !(line.includes('\u0000') && line.replaceAll('\u0000', '').trim() === ''))
    .join('\n')
    .replaceAll('\u0000', '')
    .replace(/[ \t]+$/gm, '')
    .replace(/\n{3,}/g, '\n\n')
    .replace(/^\n+/, '')
    .trimEnd();
}

function codeRanges(text: string): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  const visit = (node: Nodes) => {
    if ((node.type === 'code' || node.type === 'inlineCode') && node.position?.start.offset !== undefined && node.position.end.offset !== undefined) {
      ranges.push([node.position.start.offset, node.position.end.offset]);
    }
    if ('children' in node) for (const child of node.children) visit(child);
  };
  visit(readMarkdown(text));
  return ranges;
}
