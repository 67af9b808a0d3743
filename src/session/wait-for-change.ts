import { readSignature } from '../protocol/turn-table.js';
import { setTimeout as delay } from 'node:timers/promises';
import type { FileWatch } from '../watch/watch-file.js';
import { readDebateFile, textEnd, type FileMemory, type FileState } from './read-debate-file.js';

/** How long a changed file must stay the same before it is read as a whole turn. */
export const settleMs = 120;

/** Whether `text` ends with the signature code-debate closes every section with: such a change is complete as it lands. */
export function endsWithSignature(text: string): boolean {
  // Only the last line is read: a file of megabytes is not searched.
  const lastLine = text.lastIndexOf('\n', text.trimEnd().length - 1);
  return lastLine !== -1 && readSignature(text.slice(lastLine + 1)) !== null;
}

/**
 * Waits until the file's checksum differs from `checksum`. A change that ends with a section's
 * signature (a code-debate peer writes each section in one rename) is read at once; any other
 * must hold still for `settleMs` first (a peer appending with several writes is read once it is
 * done, so its agent is not started on half a section). Returns the new state, or null when
 * `timeoutMs` passed or `signal` fired first.
 */
export async function waitForChange(file: string, watch: FileWatch, checksum: string, timeoutMs: number, signal: AbortSignal, memory?: FileMemory): Promise<FileState | null> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const reason = await watch.next(deadline - Date.now(), signal);
    if (signal.aborted) return null;
    const state = await readDebateFile(file, memory);
    if (state.checksum !== checksum) {
      const settled = endsWithSignature(textEnd(state)) ? state : await settle(file, state, memory);
      // A writer that truncates and writes the same text again was read halfway: no change.
      if (settled.checksum !== checksum) return settled;
    }
    if (reason === 'timeout' || Date.now() >= deadline) return null;
  }
}

async function settle(file: string, first: FileState, memory: FileMemory | undefined): Promise<FileState> {
  let state = first;
  for (let attempt = 0; attempt < 50; attempt++) {
    await delay(settleMs);
    const again = await readDebateFile(file, memory);
    if (again.checksum === state.checksum) return again;
    state = again;
  }
  return state;
}
