import { shellWord } from '../shell-word.js';
import type { Subject } from './subject.js';

/**
 * The git command that shows a subject's change, for an agent that reads it with its own tools
 * (an interactive session) instead of in its prompt. Commits are named by their sha, so the
 * command shows what the debate reviews even after the branch moves.
 */
export function diffCommand(subject: Subject): string {
  const paths = subject.kind === 'paths' && subject.files.length > 0 ? ` -- ${subject.files.map(shellWord).join(' ')}` : '';
  if (subject.kind === 'staged') return `git diff --cached${paths}`;
  if (subject.head === null) return subject.base === null ? `git diff${paths}` : `git diff ${subject.base}${paths}`;
  return subject.base === null ? `git show ${subject.head}${paths}` : `git diff ${subject.base} ${subject.head}${paths}`;
}
