import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { CodeDebateError } from '../errors.js';
import { findHistoryChange } from '../protocol/find-history-change.js';
import { keptEditOf, keptSince, renderKeptEdit } from '../protocol/kept-edit.js';
import { appendSection } from '../session/append-section.js';
import { recoveredDir } from '../session/save-overwritten.js';
import { statePaths } from '../session/state-paths.js';
import { exitCodes, type ExitCode } from '../exit-codes.js';
import { openDebateFile } from './open-debate-file.js';

export interface KeepEditOptions {
  file: string;
  cwd: string;
  write: (text: string) => void;
}

/**
 * `code-debate keep-edit [--file F]`: the debate file's earlier text was edited by hand (a
 * severity changed, a section rewritten) and both sides wait for it to be restored; this keeps it
 * instead, appending a record of the edit that both sides read as "go on from the file as it is
 * now" (see keptEditOf). What changed is named against the newest copy a side saved before the
 * edit. Returns 0 kept (or already kept), 2 nothing to keep or not a debate, 6 outside a work tree.
 */
export async function runKeepEdit(options: KeepEditOptions): Promise<ExitCode> {
  try {
    const { repo, file, shown, current, notADebate } = await openDebateFile(options);
    if (!current.exists) {
      options.write(`code-debate keep-edit: there is no ${shown}: nothing to keep.\n`);
      return exitCodes.usage;
    }
    if (notADebate !== null) {
      options.write(`code-debate keep-edit: ${shown} is not a debate file: ${notADebate}. Nothing was written.\n`);
      return exitCodes.usage;
    }
    const already = keptEditOf(current.text);
    if (already !== null) {
      options.write(`code-debate keep-edit: the edit of ${shown} is kept already (${already}).\n`);
      return exitCodes.ok;
    }
    const paths = statePaths(repo.gitDir, repo.root, file);
    const saved = await newestSaved(recoveredDir(paths), path.basename(file));
    const change = saved === null || keptSince(saved, current.text) ? null : findHistoryChange(saved, current.text);
    if (change === null) {
      options.write(
        `code-debate keep-edit: ${shown} holds all of the debate as a side last saved it${saved === null ? ' (no side saved a copy: none saw an edit)' : ''}: there is no edit to keep. ` +
          'A side that waits for the file to be restored names the edit and this command; a new side takes the file as it finds it.\n',
      );
      return exitCodes.usage;
    }
    const result = await appendSection({
      file,
      lockPath: paths.writeLock,
      expectedChecksum: current.checksum,
      stillValid: () => false,
      render: (now) => renderKeptEdit(now.text, change.description),
    });
    if (!result.written) {
      options.write(`code-debate keep-edit: ${shown} changed while the edit was being kept; run it again.\n`);
      return exitCodes.usage;
    }
    options.write(`Kept the edit of ${shown} (${change.description}): both sides go on from the file as it is now.\n`);
    return exitCodes.ok;
  } catch (error) {
    if (!(error instanceof CodeDebateError)) throw error;
    options.write(`code-debate keep-edit: ${error.message}\n`);
    return error.name === 'GitError' ? exitCodes.gitError : exitCodes.usage;
  }
}

/** The newest copy of the debate file a side saved before an edit (names start with their time), or null. */
async function newestSaved(dir: string, name: string): Promise<string | null> {
  const copies = (await readdir(dir).catch(() => [] as string[])).filter((entry) => entry.endsWith(`-${name}`)).sort();
  const newest = copies.at(-1);
  return newest === undefined ? null : readFile(path.join(dir, newest), 'utf8');
}
