import { writerOf } from '../protocol/turn-table.js';
import { ProtocolError } from '../errors.js';
import type { WriteAction } from '../protocol/decide-action.js';
import type { DebateDocument } from '../protocol/document.js';
import { normalizeNewlines } from '../protocol/read-markdown.js';
import type { FileState } from './read-debate-file.js';
import type { SideContext } from './side-context.js';

// The two halves of the invariant of a turn: checked before a side writes, and after.

/**
 * The other half of the invariant: a side never writes when the file's last section is its own.
 * Only the CONSENSUS a side writes when the peer let its turn time out follows its own section.
 */
export function checkNotOwnLast(context: Pick<SideContext, 'role'>, action: WriteAction, document: DebateDocument, heading: string): void {
  const last = document.sections.at(-1);
  if (last === undefined || writerOf(last.kind) !== context.role || (action.turn === 'consensus' && action.reason === 'peer-timeout')) return;
  throw new Error(`Invariant broken: the ${context.role} was about to write \`## ${heading}\` after its own \`## ${last.heading}\` (line ${last.line}).`);
}

/**
 * The invariant that keeps a side from writing the same turn twice: the section just written
 * must read back as the file's last section, at the line where its heading was written.
 * Whatever hides it (a block left open that our closer did not close, a heading the parser does
 * not see), the side stops (exit 5) instead of deciding it is still its turn and writing again.
 */
export function checkWrittenLast(context: Pick<SideContext, 'reader' | 'relativeFile'>, written: FileState, action: WriteAction, number: number, heading: string): void {
  // Lines as the parser counts them: a lone CR (a peer's pasted progress output) ends a line too.
  const source = normalizeNewlines(written.text);
  const at = source.lastIndexOf(`\n## ${heading}`);
  const line = at === -1 ? 1 : lineAt(source, at + 1);
  const parsed = context.reader.parse(written.text, written.growth);
  const last = parsed.ok ? parsed.document.sections.at(-1) : undefined;
  if (last !== undefined && last.kind === action.turn && last.number === number && last.line === line) return;
  const found = !parsed.ok
    ? `the file no longer parses (${parsed.error.message})`
    : last === undefined
      ? 'it has no section'
      : `its last section is \`## ${last.heading}\` at line ${last.line}`;
  throw new ProtocolError(
    `Wrote \`## ${heading}\` at line ${line} of ${context.relativeFile}, but reading the file back, ${found}: something before it (a code block or HTML block left open) hides it. ` +
      `Stopped rather than write the turn again; nothing else was written. Look for the block left open in the section before line ${line}.`,
    line,
  );
}

function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let at = text.indexOf('\n'); at !== -1 && at < offset; at = text.indexOf('\n', at + 1)) line++;
  return line;
}
