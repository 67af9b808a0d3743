import { BoundedMap } from '../bounded-map.js';

// What git says about commits named by their full sha (their merge base, the count between them,
// their short form) never changes: each session resolves its subject again every turn, and asks
// git only for what the refs now name.
const fullSha = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/;
const keptFacts = 256;
const facts = new BoundedMap<string, Promise<unknown>>(keptFacts);

/** Whether every one of `revisions` is a full sha (a fixed commit), not a name that may move. */
export function areFullShas(revisions: readonly string[]): boolean {
  return revisions.every((revision) => fullSha.test(revision));
}

/**
 * `ask()`, asked of git once per process for `key` (the repository and the full shas it is about);
 * a failure is not kept.
 */
export function rememberCommitFact<T>(key: readonly string[], ask: () => Promise<T>): Promise<T> {
  const name = JSON.stringify(key);
  const known = facts.get(name) as Promise<T> | undefined;
  if (known) return known;
  const answer = ask();
  facts.set(name, answer);
  answer.catch(() => facts.delete(name));
  return answer;
}
