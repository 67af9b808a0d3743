import type { Heading, Nodes, RootContent } from 'mdast';
import { classifyHeading } from './classify-heading.js';
import { stripControlChars } from './control-chars.js';
import { readHeadingSource } from './heading-source.js';
import { normalizeNewlines, readMarkdown } from './read-markdown.js';

const probeHeading = 'code-debate probe';

/**
 * Makes an agent's text safe to place inside its own section (docs/protocol.md, "What an agent may not
 * write"): level-1 and level-2 headings become level 3, ATX or setext, in containers too; no line
 * starts with `# ` or `## `, code included; a code fence or HTML block left open cannot swallow
 * the sections after it. A heading that repeats the section's own heading is dropped, and control
 * characters (NUL, ESC, ...: see stripControlChars) are removed. `remember` is told the body and
 * its nodes, read on their own, when they can stand for the body once appended (see
 * DebateReader.rememberSectionBody).
 */
export function sanitizeAgentText(text: string, ownHeading: string, remember?: (body: string, nodes: readonly RootContent[]) => void): string {
  // Remark drops a byte order mark that starts the text, not one in the middle of the file: gone, both read the same.
  let body = trimBlankLines(dropOwnHeading(stripControlChars(normalizeNewlines(text).replaceAll('\uFEFF', '')).text.replace(/[ \t]+$/gm, ''), ownHeading));
  // Each text is parsed once, for its headings and whether it stays contained: remark is most of what this costs.
  let read = readBody(body);
  for (let pass = 0; pass < 3 && read.headings.length > 0; pass++) {
    body = demoteHeadings(body, read.headings);
    read = readBody(body);
  }
  const final = trimBlankLines(closeOpenFences(body.replace(/^#{1,2}(?=[ \t]|$)/gm, '###')));
  const { headings, contained, nodes } = final === body ? read : readBody(final);
  if (!contained || headings.length > 0) return fenceWhole(final);
  // Once appended, the body is read again as part of what the file gained: with these nodes, it is not parsed twice.
  remember?.(final, nodes);
  return final;
}

/** Blank lines off both ends; the first line keeps its indent, which may make it code. */
function trimBlankLines(text: string): string {
  return text.replace(/^(?:[ \t]*\n)+/, '').trimEnd();
}

function dropOwnHeading(text: string, ownHeading: string): string {
  const lines = trimBlankLines(text).split('\n');
  const first = /^ {0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(lines[0] ?? '')?.[1];
  const own = classifyHeading(ownHeading);
  const found = first === undefined ? null : classifyHeading(first);
  if (own && found && own.kind === found.kind && own.number === found.number) lines.shift();
  return lines.join('\n');
}

/**
 * The level-1 and level-2 headings of `text`, and whether a heading written after it is still seen
 * as a top-level section heading: read together, from `text` with that heading after it. Up to
 * the heading, the tree is that of `text` alone: a blank line and a line starting `## ` close every
 * block except those that swallow the heading, and then it is not contained.
 */
function readBody(text: string): { headings: Heading[]; contained: boolean; nodes: RootContent[] } {
  const tree = readMarkdown(`${text}\n\n## ${probeHeading}\n`);
  const probe = tree.children.at(-1);
  const contained = probe?.type === 'heading' && probe.depth === 2;
  const headings: Heading[] = [];
  const visit = (node: Nodes) => {
    if (node !== probe && node.type === 'heading' && node.depth <= 2) headings.push(node);
    if ('children' in node) for (const child of node.children) visit(child);
  };
  visit(tree);
  return { headings, contained, nodes: contained ? tree.children.slice(0, -1) : [] };
}

/** Rewrites each level-1/2 heading (`found` in `text`) to level 3, from the end so earlier offsets stay valid. */
function demoteHeadings(text: string, found: readonly Heading[]): string {
  let result = text;
  const headings = found.map((heading) => readHeadingSource(text, heading));
  for (const heading of headings.sort((a, b) => b.startOffset - a.startOffset)) {
    const raw = result.slice(heading.startOffset, heading.endOffset);
    const rewritten = heading.setext ? `### ${heading.text}` : raw.replace(/^#{1,2}(?!#)/, '###');
    result = result.slice(0, heading.startOffset) + rewritten + result.slice(heading.endOffset);
  }
  return result;
}

function closeOpenFences(text: string): string {
  let open: string | null = null;
  for (const line of text.split('\n')) {
    const fence = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence === undefined) continue;
    if (open === null) open = fence;
    else if (fence[0] === open[0] && fence.length >= open.length && line.trim() === fence) open = null;
  }
  return open === null ? text : `${text}\n${open}`;
}

/** The last resort: the whole text as a fenced block whose fence no line can close. */
function fenceWhole(body: string): string {
  const longest = Math.max(2, ...[...body.matchAll(/~+/g)].map((match) => match[0].length));
  const fence = '~'.repeat(longest + 1);
  return `${fence}text\n${body}\n${fence}`;
}
