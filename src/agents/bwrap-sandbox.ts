import { execa } from 'execa';

/** Where a sandboxed agent may write: its checkout and a temporary folder; everything else is read-only. */
export interface Sandbox {
  checkout: string;
  tmp: string;
}

/** Whether bubblewrap runs here, or why not (not installed, user namespaces forbidden). */
export type SandboxProbe = { ok: true } | { ok: false; reason: string };

let probed: Promise<SandboxProbe> | null = null;

/**
 * Runs `bwrap` once with the mounts an agent gets: a container may have it installed and still
 * forbid the user namespaces it needs, which only trying tells. Asked once per process.
 */
export function probeSandbox(): Promise<SandboxProbe> {
  probed ??= execa('bwrap', [...mounts([]), '--', 'true'], { reject: false, stdin: 'ignore', timeout: 10_000 }).then((result): SandboxProbe => {
    if ((result.cause as NodeJS.ErrnoException | undefined)?.code === 'ENOENT') return { ok: false, reason: 'bubblewrap (`bwrap`) is not installed' };
    if (result.exitCode === 0) return { ok: true };
    const said =
      String(result.stderr ?? '')
        .trim()
        .split('\n')[0] ?? '';
    return { ok: false, reason: `bubblewrap (\`bwrap\`) cannot run here${said === '' ? '' : ` (${said})`}` };
  });
  return probed;
}

/** bwrap's arguments: the whole file system read-only, a fresh /dev, and `writable` folders bound read-write. */
function mounts(writable: readonly string[]): string[] {
  return ['--ro-bind', '/', '/', '--dev', '/dev', '--die-with-parent', ...writable.flatMap((dir) => ['--bind', dir, dir])];
}

/** `program args` run under bubblewrap, able to write only to `sandbox`'s folders, in `cwd`. */
export function sandboxCommand(sandbox: Sandbox, cwd: string, program: string, args: readonly string[]): { program: string; args: string[] } {
  return { program: 'bwrap', args: [...mounts([sandbox.checkout, sandbox.tmp]), '--chdir', cwd, '--', program, ...args] };
}
