import { access, constants, stat } from 'node:fs/promises';
import path from 'node:path';
import { cliNames, type CliName } from './cli-agent-names.js';

/** The first of claude, codex, gemini that PATH in `env` names as an executable file, or null. */
export async function findAgentOnPath(env: NodeJS.ProcessEnv): Promise<CliName | null> {
  return (await locateAgentOnPath(env))?.name ?? null;
}

/** Like findAgentOnPath, with the file found. */
export async function locateAgentOnPath(env: NodeJS.ProcessEnv): Promise<{ name: CliName; file: string } | null> {
  for (const name of cliNames) {
    const file = await findExecutable(name, env);
    if (file !== null) return { name, file };
  }
  return null;
}

/**
 * Where `program` is on PATH: the first directory holding it as an executable file. Empty and
 * relative entries are skipped: the agent runs in the repository under review, where they would
 * resolve, and a repository must not choose the program that reviews it.
 */
export async function findExecutable(program: string, env: NodeJS.ProcessEnv): Promise<string | null> {
  const directories = (env.PATH ?? env.Path ?? '').split(path.delimiter).filter((directory) => path.isAbsolute(directory));
  const extensions = process.platform === 'win32' ? (env.PATHEXT ?? '.COM;.EXE;.BAT;.CMD').split(';') : [''];
  for (const directory of directories) {
    for (const extension of extensions) {
      const file = path.join(directory, `${program}${extension}`);
      if (await isExecutableFile(file)) return file;
    }
  }
  return null;
}

/** Whether `file` is a regular file this process may execute. */
export async function isExecutableFile(file: string): Promise<boolean> {
  try {
    if (!(await stat(file)).isFile()) return false;
    await access(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
