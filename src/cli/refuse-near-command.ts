import { existsSync } from 'node:fs';
import path from 'node:path';
import { ConfigError } from '../errors.js';
import { editDistance } from '../edit-distance.js';
import { subcommands } from './subcommands.js';

/**
 * A subject that starts with a command's name, or a typo of one, is most likely a mistaken
 * command: `stauts`, `shwo reply.md`, `"show reply.md"`. A subject of one word may be one edit
 * from a command of the same first letter (`stauts`, `hepl`); in a subject of several words only
 * a swap of two neighbouring letters or a letter case counts (`shwo reply.md`, `Show x`), since
 * `slow query`, `stats endpoint` and `helm chart` are subjects. A path (`demo/`, `hooks` when it
 * exists, `a.js`) is never a typo.
 */
export function refuseNearCommand(subject: string, first: string, alone: boolean, cwd: string): void {
  const word = first.toLowerCase();
  if (/[/.\\]/.test(word) || existsSync(path.resolve(cwd, first))) return;
  const near = subcommands.find((command) => {
    if (word === command) return true;
    if (word[0] !== command[0]) return false;
    return alone ? editDistance(word, command) <= 1 : isSwap(word, command);
  });
  if (near === undefined) return;
  throw new ConfigError(
    `\`${first}\` is not a command: did you mean \`code-debate ${near}\`? ` +
      `To debate the subject "${subject}", give it as \`code-debate --subject "${subject}"\` or \`code-debate -- ${subject}\`.`,
  );
}

/** Whether `a` is `b` with two neighbouring letters swapped. */
function isSwap(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  const differ = [...a].flatMap((char, index) => (char === b[index] ? [] : [index]));
  const [i, j] = differ;
  return differ.length === 2 && i !== undefined && j === i + 1 && a[i] === b[j] && a[j] === b[i];
}
