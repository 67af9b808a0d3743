import type { Signature } from './document.js';
import { readSignature } from './turn-table.js';
import { isUsageLine, readUsageLine, type TurnUsage } from './usage.js';

/** A thematic break line (`---`, `* * *`): what splitBody trims off a section's end, and a setext underline that may be one. */
export const separatorPattern = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;

/**
 * Drops the trailing separator and blank lines, and takes our signature line off the end, and the
 * usage line above it; `bodyOffset`: where the body starts in `raw`.
 */
export function splitBody(raw: string): { body: string; bodyOffset: number; signature: Signature | null; usage: TurnUsage | null } {
  const lines = raw.split('\n');
  const trimEnd = () => {
    while (lines.length > 0 && (lines.at(-1)?.trim() === '' || separatorPattern.test(lines.at(-1) ?? ''))) lines.pop();
  };
  trimEnd();
  const signature = readSignature(lines.at(-1) ?? '');
  if (signature !== null) {
    lines.pop();
    trimEnd();
  }
  // Our usage line, even an empty one, is taken off: a usage line above it is the agent's text.
  const usageText = signature !== null && isUsageLine(lines.at(-1) ?? '') ? (lines.pop() ?? '') : null;
  const usage = usageText === null ? null : readUsageLine(usageText);
  if (usageText !== null) trimEnd();
  let bodyOffset = 0;
  while (lines.length > 0 && lines[0]?.trim() === '') bodyOffset += (lines.shift() ?? '').length + 1;
  return { body: lines.join('\n'), bodyOffset, signature, usage };
}
