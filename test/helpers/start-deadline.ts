import { execFile } from 'node:child_process';

/**
 * A deadline a fake agent must beat by starting and printing: ten times what starting a Node process
 * takes on this machine now, at least `floorMs`, rounded up to whole seconds when it grows (so a
 * message names it plainly). An idle machine keeps the floor; a busy one gets the time it needs.
 */
export async function startDeadlineMs(floorMs: number): Promise<number> {
  const started = performance.now();
  await new Promise<void>((resolve, reject) => execFile(process.execPath, ['-e', ''], (error) => (error ? reject(error) : resolve())));
  const needed = (performance.now() - started) * 10;
  return needed <= floorMs ? floorMs : Math.ceil(needed / 1_000) * 1_000;
}
