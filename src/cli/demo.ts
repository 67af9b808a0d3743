import { spawn } from 'node:child_process';
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { makeDemoRepo } from '../git/make-demo-repo.js';
import { exitCodes, type ExitCode } from './exit-codes.js';

const bin = fileURLToPath(new URL('../../bin/code-debate.js', import.meta.url));
const subject = 'the diff against main';

/**
 * `code-debate demo`: a real debate, two code-debate processes on the built-in agent in a fresh
 * repository with a planted change, exactly as two terminals would run it; then the file.
 */
export async function runDemo(options: { keep: boolean; signal: AbortSignal; stdout: (text: string) => void; stderr: (text: string) => void }): Promise<ExitCode> {
  const dir = await makeDemoRepo();
  options.stderr(`code-debate demo: a repository with a planted change in ${dir}\n`);
  options.stderr(`code-debate demo: running \`code-debate "${subject}"\` twice, as two terminals would\n\n`);
  try {
    const codes = await Promise.all([runSide(dir, options.signal), runSide(dir, options.signal)]);
    const text = await readFile(path.join(dir, 'reply.md'), 'utf8').catch(() => null);
    if (text !== null) options.stdout(`\n${text}`);
    // The planted problems are meant to be found: a debate that ended is the demo working (exit 0).
    return (codes.find((code) => code > exitCodes.disputed) ?? exitCodes.consensus) as ExitCode;
  } finally {
    if (options.keep) options.stderr(`\ncode-debate demo: kept ${dir}\n`);
    else await rm(dir, { recursive: true, force: true });
  }
}

function runSide(dir: string, signal: AbortSignal): Promise<ExitCode> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, '--agent', 'builtin', subject], { cwd: dir, stdio: ['ignore', 'inherit', 'inherit'], signal, killSignal: 'SIGTERM' });
    child.on('error', (error) => (signal.aborted ? resolve(exitCodes.sigint) : reject(error)));
    child.on('exit', (code) => resolve((code ?? exitCodes.internal) as ExitCode));
  });
}
