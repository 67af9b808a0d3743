import { findHuskyBlock, huskyFileHeader } from './add-husky-block.js';

export type HuskyRemoval =
  /** `text` without the block; `deleteFile` when code-debate created the file and nothing else is left. */
  { ok: true; text: string; deleteFile: boolean } | { ok: true; text: null; deleteFile: false } | { ok: false; reason: string };

/** husky's pre-push file without code-debate's block (and the blank line install put before it); `text: null` when there is no block. */
export function removeHuskyBlock(text: string): HuskyRemoval {
  const lines = text.split('\n');
  const span = findHuskyBlock(lines);
  if (typeof span === 'string') return { ok: false, reason: span };
  if (span === null) return { ok: true, text: null, deleteFile: false };
  const before = lines.slice(0, span.begin);
  if (before.length > 0 && before.at(-1) === '') before.pop();
  const rest = [...before, ...lines.slice(span.end + 1)].join('\n');
  const left = rest.trim();
  const onlyHeader = left === '' || left === huskyFileHeader(false).trim() || left === huskyFileHeader(true).trim();
  return { ok: true, text: rest, deleteFile: span.created && onlyHeader };
}
