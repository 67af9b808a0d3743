import { spawn } from 'node:child_process';
import { binPath, type Exit, type Running } from './run-cli.js';
import { stopWithWorker } from './stop-on-exit.js';

/**
 * `code-debate ...args` on a real pseudo-terminal of `columns` columns (util-linux `script`), as a
 * person runs it: stderr is a TTY, so the status line is drawn. What the terminal received, escape
 * codes included, is the output.
 */
export function startInPty(args: readonly string[], options: { cwd: string; env?: Record<string, string>; columns: number }): Running {
  const quoted = [process.execPath, binPath, ...args].map((arg) => `'${arg.replace(/'/g, `'\\''`)}'`).join(' ');
  const child = spawn('script', ['-q', '-e', '-c', `stty cols ${options.columns} rows 40; exec ${quoted}`, '/dev/null'], {
    cwd: options.cwd,
    // A terminal for a person: no CI, and the default agent chosen by the test.
    env: { ...process.env, CI: '', CODE_DEBATE_AGENT: 'builtin', TERM: 'xterm-256color', ...options.env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  stopWithWorker(child, false);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<Exit>((resolve) => child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr })));
  return { child, output: () => ({ stdout, stderr }), exited };
}

/** The status lines drawn in a terminal's output: each is drawn with the cursor hidden, up to the next clear. */
export function statusLines(output: string): string[] {
  return output
    .split('\x1b[?25l')
    .slice(1)
    .map((part) => part.replace(/\x1b\[[0-9;?]*[A-Za-z]/g, '').split(/[\r\n]/)[0] ?? '')
    .filter((line) => line.trim() !== '');
}
