import { spawn } from 'node:child_process';
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { makeDemoRepo } from '../git/make-demo-repo.js';
import { exitCodes, type ExitCode } from '../exit-codes.js';

const bin = fileURLToPath(new URL('../../bin/code-debate.js', import.meta.url));
const subject = 'the diff against main';

/**
 * `code-debate demo`: a real debate, two code-debate processes on the built-in agent in a fresh
 * repository with a planted change, exactly as two terminals would run it; then the file, what
 * happened, and what to try next.
 */
export async function runDemo(options: { keep: boolean; signal: AbortSignal; stdout: (text: string) => void; stderr: (text: string) => void }): Promise<ExitCode> {
  const dir = await makeDemoRepo();
  options.stderr(
    `code-debate demo: a throw-away repository whose branch plants debug output, a live-looking API key, a TODO and source changed without tests ` +
      `(${options.keep ? `kept in ${dir}` : 'removed at the end; --keep keeps it'}).\n` +
      `code-debate demo: running \`code-debate "${subject}"\` twice, as two terminals would, on the built-in agent, which finds patterns like these, not logic bugs.\n\n`,
  );
  let codes: ExitCode[] = [];
  try {
    codes = await Promise.all([runSide(dir, options.signal), runSide(dir, options.signal)]);
    const text = await readFile(path.join(dir, 'reply.md'), 'utf8').catch(() => null);
    if (text !== null) options.stdout(`\n${text}`);
  } finally {
    if (!options.keep) await rm(dir, { recursive: true, force: true });
  }
  // The planted problems are meant to be found: a debate that ended is the demo working (exit 0).
  const failed = codes.find((code) => code > exitCodes.disputed);
  options.stderr(`\n${failed === undefined ? closing(options.keep ? dir : null) : `code-debate demo: a side exited with ${failed}: its lines above say why.\n`}`);
  return (failed ?? exitCodes.ok) as ExitCode;
}

/** What the demo showed and what to try next, once the debate ended. */
function closing(kept: string | null): string {
  return (
    'code-debate demo: the debate ended: above is reply.md as the two sides wrote it, the Review, the Response and the CONSENSUS with its verdict.\n' +
    `${kept === null ? 'The repository is gone; `code-debate demo --keep` keeps it' : `The repository is in ${kept}`} to look around (\`code-debate show\` there).\n` +
    'Next: in your own repository, run `code-debate "the diff against main"` in two terminals, with a model (`--agent claude`, `codex`, `gemini`, ' +
    '`openai:<model>`, `ollama:<model>`) or yourself (`--agent human`) on either side.\n'
  );
}

function runSide(dir: string, signal: AbortSignal): Promise<ExitCode> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, '--agent', 'builtin', subject], { cwd: dir, stdio: ['ignore', 'inherit', 'inherit'], signal, killSignal: 'SIGTERM' });
    child.on('error', (error) => (signal.aborted ? resolve(exitCodes.sigint) : reject(error)));
    child.on('exit', (code) => resolve((code ?? exitCodes.internal) as ExitCode));
  });
}
