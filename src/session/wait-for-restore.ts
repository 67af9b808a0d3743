import { roleName } from '../protocol/turn-table.js';
import { ProtocolError } from '../errors.js';
import type { HistoryChange } from '../protocol/find-history-change.js';
import { historyChangeOf } from './history-change-of.js';
import { keptEditOf } from '../protocol/kept-edit.js';
import type { FileWatch } from '../watch/watch-file.js';
import { formatDuration } from '../format-duration.js';
import { shellWord } from '../shell-word.js';
import type { FileState } from './read-debate-file.js';
import { saveOverwritten } from './save-overwritten.js';
import { clearDamageRecord, writeDamageRecord } from './damage-record.js';
import type { SideContext } from './side-context.js';
import { waitForChange } from './wait-for-change.js';

/** The state to go on from: the text this side had read, restored, or the file as it is now with the edit kept (what was edited). */
export interface Restored {
  state: FileState;
  kept: string | null;
}

/**
 * The file lost text this side had read (an editor with an old buffer saved over it, it was
 * deleted or replaced): that is no turn, and nothing is built on it. The text as it was is saved
 * and the user told where; then this side waits, up to --turn-timeout, for the file to hold that
 * text again, or for `code-debate keep-edit` to keep the file as it is now (a record of the edit
 * appended to it, see keptEditOf), and returns that state. It recreates nothing itself: which
 * text is right is the user's call. Past the limit it stops with a ProtocolError naming the saved
 * copy. Returns the last state seen when interrupted.
 */
export async function waitForRestore(context: SideContext, watch: FileWatch, seen: FileState, damaged: FileState, change: HistoryChange): Promise<Restored> {
  const kept = (state: FileState): Restored | null => {
    const edit = state.exists ? keptEditOf(state.text) : null;
    if (edit === null) return null;
    context.emit({ type: 'history-kept', role: context.role, file: context.relativeFile, change: edit });
    return { state, kept: edit };
  };
  // The edit may have been kept already, while this side's agent was still writing.
  const already = kept(damaged);
  if (already !== null) return already;
  const savedTo = await saveOverwritten(context.paths, context.file, seen.bytes);
  const restore = context.store.restoreCommand?.(seen) ?? `cp ${savedTo} ${context.relativeFile}`;
  // A deleted file, or one replaced by another debate, has no edit to keep; a debate on a remote is restored only.
  const keep = context.store.restoreCommand === undefined && damaged.exists && damaged.replacedBy === undefined ? keepCommand(context) : null;
  // A side started on the file meanwhile, or after this one gave up, refuses it as this one does: recorded before it is said.
  const local = context.store.restoreCommand === undefined;
  if (local) await writeDamageRecord(context.paths, { role: context.role, change: change.description, savedTo, restore, keep, at: new Date().toISOString() });
  context.emit({ type: 'history-changed', role: context.role, file: context.relativeFile, change: change.description, savedTo, timeoutMs: context.turnTimeoutMs, restore, keep });
  const settled = async (restored: Restored): Promise<Restored> => {
    if (local) await clearDamageRecord(context.paths);
    return restored;
  };
  const deadline = Date.now() + context.turnTimeoutMs;
  let current = damaged;
  for (;;) {
    const next = await waitForChange(context.file, watch, current.checksum, deadline - Date.now(), context.signal, context.memory.file);
    if (next === null) {
      if (context.signal.aborted) return { state: current, kept: null };
      const side = roleName(context.role);
      throw new ProtocolError(
        `${context.relativeFile} no longer holds the debate as the ${side} last read it: ${change.description}, and it was not restored within ` +
          `${formatDuration(context.turnTimeoutMs)} (--turn-timeout). The text as it was is saved in ${savedTo}: \`${restore}\` ` +
          `restores it${keep === null ? '' : `, or \`${keep}\` keeps the file as it is now`}; then start code-debate again` +
          `${current.exists || current.replacedBy !== undefined ? '' : ', which begins a new debate if the file is still not there'}.`,
        change.line,
      );
    }
    current = next;
    if (historyChangeOf(seen, current) === null) {
      context.emit({ type: 'history-restored', role: context.role, file: context.relativeFile });
      return settled({ state: current, kept: null });
    }
    const keptNow = kept(current);
    if (keptNow !== null) return settled(keptNow);
  }
}

/** The command that keeps the file as it is now, run from the work tree's root. */
function keepCommand(context: SideContext): string {
  return context.relativeFile === 'reply.md' ? 'code-debate keep-edit' : `code-debate keep-edit ${shellWord(context.relativeFile)}`;
}
