import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { waitFor } from '../helpers/wait-for.js';

export interface RaceGate {
  /** The environment that stops a process at `point` until the gate opens (CODE_DEBATE_FAULT). */
  env: Record<string, string>;
  /** Waits until every one of `pids` stands at the gate, then lets them all through at once. */
  open(pids: readonly number[]): Promise<void>;
  /** How far apart, in milliseconds, the first and the last of `pids` went through. */
  spread(pids: readonly number[]): Promise<number>;
}

/** A gate in `dir` (see src/fault-point.ts): processes started apart take `point` at the same instant. */
export async function raceGate(dir: string, point = 'claim'): Promise<RaceGate> {
  await mkdir(dir, { recursive: true });
  return {
    env: { CODE_DEBATE_FAULT: `${point}=gate:${dir}` },
    async open(pids) {
      await waitFor(
        async () => {
          const names = new Set(await readdir(dir));
          return pids.every((pid) => names.has(`${pid}.ready`));
        },
        `processes ${pids.join(', ')} to reach the gate`,
        60_000,
      );
      await writeFile(path.join(dir, 'go'), '');
    },
    async spread(pids) {
      const times = await Promise.all(pids.map(async (pid) => Number(await readFile(path.join(dir, `${pid}.passed`), 'utf8'))));
      return Math.max(...times) - Math.min(...times);
    },
  };
}
