import { spawnSync } from 'node:child_process';
import { binPath, start, type Running, type StartOptions } from './run-cli.js';

/**
 * How to run a process under a host name of its own (a UTS namespace: `unshare --uts`), as a side
 * on another machine runs: the same pid namespace, so the test can still stop and watch it. Root
 * may do it directly; anyone else through a user namespace. Null where neither works (a container
 * that forbids namespaces): the tests that need it are skipped.
 */
function probeUnshare(): string[] | null {
  for (const prefix of [['--uts'], ['--map-root-user', '--uts']]) {
    if (spawnSync('unshare', [...prefix, 'true'], { stdio: 'ignore' }).status === 0) return prefix;
  }
  return null;
}

const unshare = probeUnshare();

export const canRunOnOtherHost = unshare !== null;

/** `node bin/code-debate.js ...args` as if on the machine `host` (see probeUnshare); its pid is the CLI's own. */
export function startCliOnHost(host: string, args: readonly string[], options: StartOptions): Running {
  if (unshare === null) throw new Error('unshare --uts is not available here: check canRunOnOtherHost first');
  // unshare and sh both exec in place: the pid the test holds is the CLI's.
  const shell = 'hostname "$1" && shift && exec "$@"';
  return start('unshare', [...unshare, 'sh', '-c', shell, 'sh', host, process.execPath, binPath, ...args], { ...options, env: { CODE_DEBATE_AGENT: 'builtin', ...options.env } });
}
