import { findHistoryChange, type HistoryChange } from '../protocol/find-history-change.js';
import type { FileState } from './read-debate-file.js';

/** What a state of the file lost of `seen`, the last state this side accepted; null when nothing. */
export function historyChangeOf(seen: FileState, state: FileState): HistoryChange | null {
  if (state.replacedBy !== undefined && seen.text.trim() !== '') return { description: `it was replaced by ${state.replacedBy}`, line: 1 };
  // Bytes only appended lose nothing: one compare of memory, where the text of megabytes is compared line by line.
  if (state.exists && state.bytes.length >= seen.bytes.length && state.bytes.compare(seen.bytes, 0, seen.bytes.length, 0, seen.bytes.length) === 0) return null;
  return findHistoryChange(seen.text, state.exists ? state.text : null);
}
