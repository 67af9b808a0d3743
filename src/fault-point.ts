import { existsSync, watch, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ConfigError } from './errors.js';

/**
 * Fault injection, for the fault tests (test/faults) and for diagnosing a race by hand; read from
 * `CODE_DEBATE_FAULT` here only, and a no-op when it is unset. It lists `<point>=<action>`,
 * comma-separated. Points: `claim` (just before taking a role), `<lock>-lock-held` (the lock
 * taken, before its work) and `<lock>-lock-releasing` (its work done, e.g. the section renamed
 * into place, before the lock is released or anything else happens), for the `write` and
 * `takeover` locks; `save-overwritten` (a change that took text away seen, before the text is
 * saved); `remote-append` (a section's commit made, just before it is pushed to the remote,
 * `--remote`); `file-events`, `safety-ticks` and `block-closer`. Actions: `kill` (SIGKILL this process there), `stop`
 * (SIGSTOP it: `kill -CONT` resumes it), `gate:<dir>` (create `<dir>/<pid>.ready`, wait until
 * `<dir>/go` exists, then record when in `<dir>/<pid>.passed`: several processes pass at once),
 * for `file-events`, `none` (no file watcher at all: only the checksum ticks see changes), for
 * `safety-ticks`, `none` (no checksum ticks: only the watcher or the poller sees changes), and for
 * `block-closer`, `none` (a block the peer left open is not closed before our section: the
 * read-back check after a write must then stop the side).
 */
export function faultAction(point: string, env: NodeJS.ProcessEnv = process.env): string | null {
  const spec = env.CODE_DEBATE_FAULT;
  if (!spec) return null;
  for (const entry of spec.split(',')) {
    const at = entry.indexOf('=');
    if (at !== -1 && entry.slice(0, at).trim() === point) return entry.slice(at + 1).trim();
  }
  return null;
}

/** Acts out the fault set for `point`, if any (see faultAction). */
export async function reachFaultPoint(point: string): Promise<void> {
  const action = faultAction(point);
  if (action === null) return;
  if (action === 'kill') process.kill(process.pid, 'SIGKILL');
  else if (action === 'stop') process.kill(process.pid, 'SIGSTOP');
  else if (action.startsWith('gate:')) await passGate(action.slice('gate:'.length));
  else throw new ConfigError(`Expected the action of \`${point}\` in CODE_DEBATE_FAULT to be kill, stop or gate:<dir>, got \`${action}\`.`);
}

async function passGate(dir: string): Promise<void> {
  const go = path.join(dir, 'go');
  await new Promise<void>((resolve) => {
    // Watched before announcing this process, so `go` cannot appear unseen in between.
    const watcher = watch(dir, () => check());
    const poll = setInterval(() => check(), 100);
    const check = () => {
      if (!existsSync(go)) return;
      watcher.close();
      clearInterval(poll);
      resolve();
    };
    writeFileSync(path.join(dir, `${process.pid}.ready`), '');
    check();
  });
  writeFileSync(path.join(dir, `${process.pid}.passed`), String(performance.timeOrigin + performance.now()));
}
