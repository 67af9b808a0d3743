import { accessSync, constants, statSync } from 'node:fs';
import path from 'node:path';
import { execa } from 'execa';
import { absolutePath } from '../../safe-path.js';
import { splitCommand } from '../split-command.js';

export interface Editor {
  program: string;
  args: string[];
  /** As the user wrote it, for messages. */
  command: string;
  /** Where it came from, for messages: `VISUAL`, `EDITOR` or `the default`. */
  source: 'VISUAL' | 'EDITOR' | 'the default';
}

export interface EditorOutcome {
  exitCode: number | undefined;
  /** The signal that ended it, when one did. */
  signal: string | undefined;
  /** The program could not be found. */
  missing: boolean;
  failed: boolean;
  shortMessage: string;
}

/**
 * The person's editor, as git picks it: `$VISUAL`, else `$EDITOR` (split into words like a shell
 * would, without running one), else `vi` when it is on PATH; null when there is none.
 */
export function resolveEditor(env: NodeJS.ProcessEnv): Editor | null {
  for (const source of ['VISUAL', 'EDITOR'] as const) {
    const command = env[source]?.trim() ?? '';
    const [program, ...args] = splitCommand(command);
    if (program !== undefined) return { program, args, command, source };
  }
  return findOnPath('vi', env) ? { program: 'vi', args: [], command: 'vi', source: 'the default' } : null;
}

function findOnPath(program: string, env: NodeJS.ProcessEnv): boolean {
  return absolutePath(env.PATH)
    .split(path.delimiter)
    .some((dir) => {
      if (dir === '') return false;
      const file = path.join(dir, program);
      try {
        accessSync(file, constants.X_OK);
        return statSync(file).isFile();
      } catch {
        return false;
      }
    });
}

/**
 * Opens `file` in the editor on this terminal and waits for it to exit. It stays in the
 * terminal's foreground process group (a detached editor could not read the keyboard), so it is
 * stopped by itself, not by group: SIGTERM when `signal` aborts, SIGKILL 2 s later.
 */
export async function runEditor(editor: Editor, file: string, options: { cwd: string; env: NodeJS.ProcessEnv; signal: AbortSignal }): Promise<EditorOutcome> {
  const result = await execa(editor.program, [...editor.args, file], {
    cwd: options.cwd,
    env: { ...options.env, PATH: absolutePath(options.env.PATH) },
    extendEnv: false,
    stdio: 'inherit',
    cancelSignal: options.signal,
    forceKillAfterDelay: 2_000,
    reject: false,
  });
  return {
    exitCode: result.exitCode,
    signal: result.signal,
    missing: (result.cause as NodeJS.ErrnoException | undefined)?.code === 'ENOENT',
    failed: result.failed,
    shortMessage: result.shortMessage ?? '',
  };
}
