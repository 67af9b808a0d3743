import { lstat, readdir } from 'node:fs/promises';
import path from 'node:path';
import { editDistance } from '../edit-distance.js';
import { ConfigError } from '../errors.js';
import { findNearPath } from '../subject/find-near-path.js';
import { parseKeywordSubject, parseRevisionWords } from '../subject/parse-subject-text.js';
import { readRefNames, tryResolveCommit } from '../subject/resolve-commit.js';
import { openGit } from '../git/run-git.js';
import { subcommands } from './subcommands.js';

export interface TypedSubject {
  /** The subject as typed, words joined by one space. */
  subject: string;
  /** Where paths in it start (`-C`, else the current folder), inside a git work tree. */
  cwd: string;
  /** The command that took it, for the messages: `code-debate` or `code-debate duo`. */
  command: 'code-debate' | 'code-debate duo';
}

// A word with a folder separator, a leading dot, or a file name's extension (`app.js`, not `v1.2`).
const pathLike = /[/\\]|^\.|[^.]\.[A-Za-z][A-Za-z0-9]{0,9}$/;

const exists = (file: string): Promise<boolean> =>
  lstat(file).then(
    () => true,
    () => false,
  );

/**
 * A subject typed as plain words (not `--subject`, not after `--`) that is most likely a mistake,
 * refused before a role is claimed: one word that is no revision, existing path, pull request or
 * keyword (`stat`, `version`), and path-looking words that name nothing (`src/nonexistent.js`).
 * Several words of prose stay free text. The message names the nearest command, revision or
 * path, and how to give free text.
 */
export async function checkTypedSubject({ subject, cwd, command }: TypedSubject): Promise<void> {
  const words = subject.split(' ').filter((word) => word !== '');
  const [word] = words;
  if (word === undefined) return;
  if (words.length > 1) {
    if (!words.every((each) => pathLike.test(each))) return;
    for (const each of words) if (!(await exists(path.resolve(cwd, each)))) await refusePath(each, { subject, cwd, command });
    return;
  }
  if (parseKeywordSubject(word) !== null) return;
  // Throws for what cannot be a revision (`-x`, `..`): refused here too, before the claim.
  if (parseRevisionWords(word).kind !== 'commit-or-text') return;
  if (await exists(path.resolve(cwd, word))) return;
  const git = openGit(cwd);
  if ((await tryResolveCommit(git, word)) !== null) return;
  const refs = await readRefNames(git);
  // A path-looking word near no path may be a branch's typo (`feature/logn`).
  const near = pathLike.test(word)
    ? nearest(
        word,
        refs.map((name) => ({ name, line: `${command} ${name}` })),
      )
    : await nearestSubject(word, cwd, command, refs);
  if (pathLike.test(word) && (near === null || (await findNearPath(cwd, word)) !== null)) await refusePath(word, { subject, cwd, command });
  throw new ConfigError(
    `\`${word}\` names no command, revision, existing path or pull request${near === null ? '.' : `: did you mean \`${near}\`?`} ` +
      `${near === null ? `Subjects are e.g. \`HEAD\`, \`main..HEAD\`, \`the diff against main\`, \`staged\`, \`working tree\`, paths or \`PR #42\`. ` : ''}` +
      `To debate it as free text, give it as \`${command} --subject "${word}"\`.`,
  );
}

async function refusePath(word: string, { subject, cwd, command }: TypedSubject): Promise<never> {
  const near = await findNearPath(cwd, word);
  const rest =
    near === null
      ? ''
      : subject === word
        ? near
        : subject
            .split(' ')
            .map((each) => (each === word ? near : each))
            .join(' ');
  throw new ConfigError(
    `\`${word}\` looks like a path, and there is no such file or folder in ${cwd}${near === null ? '.' : `: did you mean \`${command} ${rest}\`?`} ` +
      `To debate "${subject}" as free text, give it as \`${command} --subject "${subject}"\`.`,
  );
}

/** The nearest of the commands, `--version`, the keywords, the revisions and the names in `cwd`, as a command line; null when none is near. */
async function nearestSubject(word: string, cwd: string, command: TypedSubject['command'], refs: readonly string[]): Promise<string | null> {
  const entries = await readdir(cwd).catch(() => [] as string[]);
  const candidates: Array<{ name: string; line: string }> = [
    // `code-debate duo stat` is no typo of `code-debate status`.
    ...(command === 'code-debate' ? [...subcommands.map((name) => ({ name, line: `code-debate ${name}` })), { name: 'version', line: 'code-debate --version' }] : []),
    ...['staged', 'worktree', 'uncommitted'].map((name) => ({ name, line: `${command} ${name}` })),
    ...refs.map((name) => ({ name, line: `${command} ${name}` })),
    ...entries.filter((name) => name !== '.git').map((name) => ({ name, line: `${command} ${name}` })),
  ];
  return nearest(word, candidates);
}

function nearest(word: string, candidates: ReadonlyArray<{ name: string; line: string }>): string | null {
  const typed = word.toLowerCase();
  const limit = typed.length <= 3 ? 1 : typed.length <= 7 ? 2 : 3;
  let best: { line: string; distance: number } | null = null;
  for (const { name, line } of candidates) {
    const lower = name.toLowerCase();
    // The start of a longer name (`stat` of `status`) is as near as the limit allows.
    const distance = Math.min(editDistance(typed, lower), typed.length >= 3 && lower.startsWith(typed) ? limit : Number.POSITIVE_INFINITY);
    if (distance <= limit && (best === null || distance < best.distance)) best = { line, distance };
  }
  return best?.line ?? null;
}
