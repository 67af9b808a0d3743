import { formatHeading } from './classify-heading.js';
import type { DocumentMeta, Role, SectionKind } from './document.js';
import { renderSignature } from './turn-table.js';
import { renderUsageLine, type TurnUsage } from './usage.js';

export interface SectionToWrite {
  kind: SectionKind;
  number: number;
  /** Already sanitized body. */
  body: string;
  role: Role;
  agent: string;
  time: Date;
  /**
   * Written on the line above the signature, for every reader of the file (see TurnUsage); `null`
   * (nothing reported) writes an empty one, so that the line above the signature is always ours:
   * an agent's body that ends with a usage line of its own cannot pass it for the section's.
   */
  usage?: TurnUsage | null;
}

/**
 * The exact text to append after `existing` for one section: a newline if the file lacks its
 * last one, the line that closes a block the peer left open (`close`, see closeOpenBlock), a
 * blank line, the `---` separator, the heading, the body and our signature. It ends with a blank
 * line, so a peer appending `---` right after it cannot turn the signature into a setext heading.
 * A file written with CRLF (`crlf`) gets CRLF. Only the end of `existing` is read (to its last
 * character that is not whitespace): a caller may pass just that, and `crlf`.
 */
export function renderAppend(existing: string, section: SectionToWrite, crlf = existing.includes('\r\n'), close = ''): string {
  let text = '';
  if (existing !== '') {
    if (!existing.endsWith('\n')) text += '\n';
    if (close !== '') text += `${close}\n`;
    if (!/\n\s*\n$/.test(trailingSpace(existing + text))) text += '\n';
    text += '---\n\n';
  }
  text += renderSection(section);
  return crlf ? text.replace(/\r?\n/g, '\r\n') : text;
}

/** The title line and our metadata comment that open a new file. */
/** The header's fields; a subject that is a commit or a range has no snapshot, and its header says nothing of one. */
export type HeaderMeta = Omit<DocumentMeta, 'snapshot'> & { snapshot?: string | null };

export function renderHeader(subject: string, meta: HeaderMeta): string {
  const title = subject.replace(/\s+/g, ' ').trim();
  const { snapshot, ...rest } = meta;
  return `# Code Debate: ${title}\n<!-- code-debate ${JSON.stringify(snapshot === null || snapshot === undefined ? rest : meta)} -->\n\n`;
}

export function renderSection(section: SectionToWrite): string {
  const heading = formatHeading(section.kind, section.number);
  const usage = section.usage === undefined ? '' : `${renderUsageLine(section.usage)}\n`;
  return `## ${heading}\n\n${section.body}\n\n${usage}${renderSignature(section.role, section.agent, section.time)}\n\n`;
}

/** The whitespace `text` ends with: all a test anchored at the end on whitespace alone needs to read, not the whole file. */
function trailingSpace(text: string): string {
  let start = text.length;
  while (start > 0 && /\s/.test(text.charAt(start - 1))) start--;
  return text.slice(start);
}
