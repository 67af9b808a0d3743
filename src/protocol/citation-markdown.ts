/** How citations and the code they quote are written back into Markdown: on one line, safely. */

const maxShown = 80;

/** Inline code that survives backticks in the text: `` a`b `` gets a longer fence. */
export function inlineCode(text: string): string {
  const longest = Math.max(0, ...[...text.matchAll(/`+/g)].map((match) => match[0].length));
  const fence = '`'.repeat(longest + 1);
  const padded = text.startsWith('`') || text.endsWith('`') ? ` ${text} ` : text;
  return `${fence}${padded}${fence}`;
}

/** Code as one line of inline code: whitespace collapsed, cut to ~80 characters. */
export function inlineSnippet(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return inlineCode(line.length > maxShown ? `${line.slice(0, maxShown - 1)}…` : line);
}

/** `src/a.ts:12` or `src/a.ts:12-14`, as written in a citation. */
export function citationText(citation: { path: string; line: number; endLine: number }): string {
  const lines = citation.endLine === citation.line ? `${citation.line}` : `${citation.line}-${citation.endLine}`;
  return `${citation.path}:${lines}`;
}
