import { countWords } from './describe-diff.js';
import type { FileDiff } from './file-diff.js';

/**
 * The file's part of the diff with its `---`/`+++` lines and hunks replaced by one line saying
 * what was there, for a file that is not valid UTF-8 text (its lines would reach the agent as
 * U+FFFD). The `diff --git`, mode and `index` lines stay.
 */
export function replaceNonUtf8Hunks(file: FileDiff): string {
  const lines = file.patch.split('\n');
  const end = lines.findIndex((line, index) => index > 0 && (line.startsWith('--- ') || line.startsWith('+++ ') || line.startsWith('@@')));
  const header = end === -1 ? lines.filter((line) => line !== '') : lines.slice(0, end);
  return `${header.join('\n')}\nNot shown: the file is not valid UTF-8 text (${countWords(file.added, 'line')} added, ${file.deleted} removed).\n`;
}
