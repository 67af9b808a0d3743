import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { wallNow } from './clock.mjs';
import { gitEnv } from './repo.mjs';

export const binPath = fileURLToPath(new URL('../../bin/code-debate.js', import.meta.url));
export const stampAgentPath = fileURLToPath(new URL('../agents/stamp.sh', import.meta.url));
/** chokidar alone, in a process of its own (see the file). */
export const chokidarListenerPath = fileURLToPath(new URL('./chokidar-listener.mjs', import.meta.url));
/** The instant agent, as `--agent` takes it. */
export const stampAgent = `cmd:bash ${JSON.stringify(stampAgentPath)}`;

const running = new Set();

/** Stops every process the bench started that still runs: after a failure or an interrupt. */
export async function stopAll() {
  await Promise.all([...running].map((process) => process.stop()));
}

/**
 * Starts a process and stamps every line it prints on stdout or stderr with the shared wall clock
 * as it arrives. `waitForLine` resolves with the first line (seen from `after` on) that matches:
 * a RegExp, or a function of the line's text.
 */
export function startWatched(command, args, { cwd, env }) {
  const launchedAt = wallNow();
  // The stamp agent appends to $BENCH_STAMP_LOG, outside the checkout a sandboxed `cmd:` agent may write to.
  const child = spawn(command, args, { cwd, env: { ...gitEnv, CODE_DEBATE_SANDBOX: 'off', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const lines = [];
  const waiters = new Set();
  const take = (stream) => {
    let partial = '';
    child[stream].setEncoding('utf8');
    child[stream].on('data', (chunk) => {
      const at = wallNow();
      const parts = (partial + chunk).split('\n');
      partial = parts.pop() ?? '';
      for (const text of parts) {
        const line = { stream, text, at, index: lines.length };
        lines.push(line);
        for (const waiter of waiters) waiter(line);
      }
    });
  };
  take('stdout');
  take('stderr');
  const exited = new Promise((resolve) => child.on('close', (code, signal) => resolve({ code, signal, at: wallNow() })));
  let exit = null;
  exited.then((result) => {
    exit = result;
    for (const waiter of waiters) waiter(null);
  });
  const watched = {
    child,
    launchedAt,
    lines,
    exited,
    /** Everything printed so far, for error messages. */
    output: () => lines.map((line) => line.text).join('\n'),
    waitForLine(pattern, { from = 0, timeoutMs = 15_000 } = {}) {
      const matches = typeof pattern === 'function' ? pattern : (text) => pattern.test(text);
      const found = lines.slice(from).find((line) => matches(line.text));
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () =>
            finish(new Error(`Timed out after ${timeoutMs} ms waiting for ${pattern} from \`${command} ${args.join(' ')}\`. It printed:\n${lines.map((l) => l.text).join('\n')}`)),
          timeoutMs,
        );
        const waiter = (line) => {
          if (line === null)
            finish(new Error(`The process exited (${exit?.code ?? exit?.signal}) before printing ${pattern}. It printed:\n${lines.map((l) => l.text).join('\n')}`));
          else if (matches(line.text)) finish(null, line);
        };
        const finish = (error, line) => {
          clearTimeout(timer);
          waiters.delete(waiter);
          if (error) reject(error);
          else resolve(line);
        };
        waiters.add(waiter);
        if (exit !== null) waiter(null);
      });
    },
    async stop() {
      if (exit === null) child.kill('SIGTERM');
      const timer = setTimeout(() => exit === null && child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
  running.add(watched);
  exited.then(() => running.delete(watched));
  return watched;
}

/** `node bin/code-debate.js ...args` as a watched process. */
export function startCli(args, options) {
  return startWatched(process.execPath, [binPath, ...args], options);
}
