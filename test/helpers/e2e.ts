import { afterEach } from 'vitest';
import { isGone } from '../session/processes.js';
import { makeDebateRepo } from './debate-repo.js';

export type DebateRepo = Awaited<ReturnType<typeof makeDebateRepo>>;

/** A one-point Review a scripted Reviewer can write, citing the line makeDebateRepo adds. */
export const sampleReview = '### R1. Debug output left in\n**Severity:** medium\n**Evidence:** `src/app.js:2`\n\nRemove it.\n';

/** Registers cleanup of every repository (and whatever else is added) after each test, last added first. */
export function useDebateRepos(): { repo(): Promise<DebateRepo>; onCleanup(cleanup: () => Promise<void>): void } {
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  return {
    async repo() {
      const repo = await makeDebateRepo();
      cleanups.push(repo.cleanup);
      return repo;
    },
    onCleanup: (cleanup) => cleanups.push(cleanup),
  };
}

/** Whether `pid` still runs: a zombie nobody reaped (its parent already exited) does not. */
export function isAlive(pid: number): boolean {
  return !isGone(pid);
}
