import { processClaims } from './process-claims.js';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { AgentError, ConfigError } from '../errors.js';
import { exitCodes, type ExitCode } from '../exit-codes.js';
import type { Command } from './parse-args.js';
import type { DebateFlags } from '../config/settings.js';
import { settingsTable, type SettingName } from '../config/settings-table.js';
import { shellWord } from '../shell-word.js';
import { renderSessionCall, sessionCallCode, shellCalls } from './render-session-call.js';

export interface SessionCommandOptions {
  command: Extract<Command, { command: 'turn' | 'submit' }>;
  signal: AbortSignal;
  env: NodeJS.ProcessEnv;
  stdin: NodeJS.ReadableStream & { isTTY?: boolean };
  write: (text: string) => void;
  note: (text: string) => void;
}

/** `code-debate turn` and `code-debate submit`: one call of the side an interactive session plays. */
export async function runSessionCommand(options: SessionCommandOptions): Promise<ExitCode> {
  const { command } = options;
  const [{ findRepo }, { loadRepoSettings }, { playSessionCall }] = await Promise.all([
    import('../git/find-repo.js'),
    import('../config/resolve-settings.js'),
    import('../session/interactive/play-session-call.js'),
  ]);
  const repo = await findRepo(command.cwd);
  const settings = await loadRepoSettings(repo, command.flags, options.env);
  const answer = command.command === 'submit' ? await readAnswer(command, options.stdin) : null;
  const again = { options: repeatedOptions(command.flags) };
  try {
    const result = await playSessionCall({
      settings,
      claimsHeld: processClaims,
      cwd: command.cwd,
      repo,
      subject: command.command === 'turn' ? command.subject : null,
      session: command.session,
      answer,
      signal: options.signal,
      env: options.env,
    });
    options.write(renderSessionCall(result, shellCalls(result.session, again)));
    return sessionCallCode(result);
  } catch (error) {
    // An answer that will not do is the session's to fix: refused with what was wrong, nothing written.
    if (command.command === 'submit' && error instanceof AgentError && (error.kind === 'bad-output' || error.kind === 'too-long')) {
      options.write(`${error.message}\n`);
      return exitCodes.answerRefused;
    }
    throw error;
  }
}

/**
 * The options a session's later calls repeat, as this call was given them: the debate file and
 * what shapes its turns. The role and the lease are the session's from its first call on; each
 * call waits as long as it is told.
 */
function repeatedOptions(flags: DebateFlags): string[] {
  const kept: SettingName[] = ['file', 'remote', 'debate', 'maxRounds', 'maxDiffBytes', 'maxPeerBytes', 'maxAnswerBytes', 'stance', 'blockOn'];
  return kept.flatMap((name) => {
    const value = (flags as Record<string, unknown>)[name];
    if (value === undefined) return [];
    const entry = settingsTable[name] as { flag: string; type: { spell(value: unknown): string } };
    return [`--${entry.flag}`, shellWord(entry.type.spell(value))];
  });
}

/** The answer from --answer-text, else --answer <file>, else stdin; a terminal on stdin has no answer waiting in it. */
async function readAnswer(
  { answer: file, answerText, cwd }: { answer: string | null; answerText: string | null; cwd: string },
  stdin: SessionCommandOptions['stdin'],
): Promise<string> {
  if (answerText !== null) {
    if (answerText.trim() === '') throw new ConfigError('`code-debate submit --answer-text` got an empty answer: give the JSON object (or the Markdown) of the answer in it.');
    return answerText;
  }
  if (file !== null) {
    return readFile(path.resolve(cwd, file), 'utf8').catch((error: NodeJS.ErrnoException) => {
      throw new ConfigError(`Cannot read the answer from \`${file}\` (${error.code ?? error.message}): give the file the answer was saved to, or the answer on stdin.`, {
        cause: error,
      });
    });
  }
  if (stdin.isTTY === true) {
    throw new ConfigError(
      "`code-debate submit` reads the answer from stdin, and stdin is a terminal: give it as `--answer-text '<answer>'`, pipe it in (`code-debate submit --session <id> <<'ANSWER' ... ANSWER`) or give `--answer <file>`.",
    );
  }
  const chunks: Buffer[] = [];
  for await (const chunk of stdin) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  const text = Buffer.concat(chunks).toString('utf8');
  if (text.trim() === '') throw new ConfigError('`code-debate submit` got an empty answer on stdin: give the JSON object (or the Markdown) of the answer, or `--answer <file>`.');
  return text;
}
