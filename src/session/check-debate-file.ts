import { ConfigError } from '../errors.js';
import { isTracked } from '../git/is-tracked.js';
import { classifyHeading } from '../protocol/classify-heading.js';
import type { FileState } from './read-debate-file.js';

/**
 * Refuses a debate file that would take someone's work for a debate, before anything is written
 * to it or to info/exclude: a file git tracks (source, a changelog) is never a debate file, and
 * an existing file with text that does not start as a debate (a `# Code Debate:` title, or a
 * section of the protocol such as `## Review`) is not one either.
 */
export async function checkDebateFile(root: string, relativeFile: string, initial: FileState): Promise<void> {
  if (!initial.exists) return;
  const refuse = (reason: string) =>
    new ConfigError(`Cannot use \`${relativeFile}\` as the debate file: ${reason}. Nothing was written. Choose another file with --file, e.g. \`reply.md\`.`);
  if (await isTracked(root, relativeFile)) throw refuse('git tracks it, and a debate file is never part of the code');
  if (initial.text.trim() !== '' && !startsAsDebate(initial.text)) {
    throw refuse('it exists and is not a debate (no `# Code Debate:` title and no section such as `## Review` in it)');
  }
}

/** Whether `text` opens with a debate's title, or holds a level-2 heading of the protocol. */
export function startsAsDebate(text: string): boolean {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  if (/^ {0,3}#[ \t]+Code Debate:/i.test(lines.find((line) => line.trim() !== '') ?? '')) return true;
  return lines.some((line) => {
    const heading = /^ {0,3}##[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$/.exec(line)?.[1];
    return heading !== undefined && classifyHeading(heading) !== null;
  });
}
