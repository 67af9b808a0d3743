import { exampleDebateFile } from '../example-debate-file.js';
import { ConfigError } from '../errors.js';
import { isTracked } from '../git/is-tracked.js';
import { startsAsDebate } from '../protocol/starts-as-debate.js';
import type { FileState } from './read-debate-file.js';

/**
 * Why the file at `relativeFile` must not be taken for a debate, or null when it may: a file git
 * tracks (source, a changelog) is never a debate file, and an existing file with text that does
 * not start as a debate (a `# Code Debate:` title, or a section of the protocol such as `## Review`)
 * is not one either.
 */
export async function whyNotADebate(root: string, relativeFile: string, initial: FileState): Promise<string | null> {
  if (!initial.exists) return null;
  if (await isTracked(root, relativeFile)) return 'git tracks it, and a debate file is never part of the code';
  if (initial.text.trim() !== '' && !startsAsDebate(initial.text)) return 'it exists and is not a debate (no `# Code Debate:` title and no section such as `## Review` in it)';
  return null;
}

/** Refuses, before anything is written to it or to info/exclude, a debate file that would take someone's work for a debate (see whyNotADebate). */
export async function checkDebateFile(root: string, relativeFile: string, initial: FileState): Promise<void> {
  const reason = await whyNotADebate(root, relativeFile, initial);
  if (reason !== null) {
    throw new ConfigError(
      `Cannot use \`${relativeFile}\` as the debate file: ${reason}. Nothing was written. Choose another file with --file, e.g. \`${exampleDebateFile(relativeFile)}\`.`,
    );
  }
}
