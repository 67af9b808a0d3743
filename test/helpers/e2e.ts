import { afterEach, expect } from 'vitest';
import { parseDocument } from '../../src/protocol/parse-document.js';
import { isGone } from '../session/processes.js';
import { headingsOf, makeDebateRepo } from './debate-repo.js';

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

/** The sections of a one-round debate that ended in agreement. */
export const oneRound = ['## Review', '## Response 1', '## CONSENSUS'];

/** The debate in `text` ended whole: the sections `headings`, each once, the file valid, and an outcome stated that begins with `outcome`. */
export function expectEndedWhole(text: string, outcome = 'consensus', headings: readonly string[] = oneRound): void {
  expect(headingsOf(text)).toEqual(headings);
  expect(parseDocument(text).ok).toBe(true);
  expect(text).toContain(`**Outcome:** ${outcome}`);
}
