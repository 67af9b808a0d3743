import { createHash } from 'node:crypto';
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Role } from '../protocol/document.js';
import { writeFileAtomic } from '../write-file-atomic.js';
import type { VerdictPoint } from '../ledger/judge-debate.js';

/** What decides a debate's result: the same key means the same debate, so its result is reused. */
export interface DebateKeyInput {
  /** The range's subject, with full shas: commits never change, so neither does the diff. */
  subject: string;
  agents: Record<Role, string>;
  maxRounds: number;
  stance: string;
  maxDiffBytes: number;
  maxPeerBytes: number;
  maxAnswerBytes: number;
  budget: { maxTokens: number | null; maxCostUsd: number | null };
}

/** A finished debate of one range, as the cache keeps it. The verdict is judged again on reading, with the current `--block-on`. */
/** Version 2: points carry the answering side's position (`answer`), whichever side raised them; a version 1 entry is debated again. */
export interface CachedDebate {
  version: 2;
  subject: string;
  /** The debate file, relative to the work tree. */
  file: string;
  /** When the debate finished (ISO 8601). */
  finishedAt: string;
  /** The ledger's outcome: `consensus`, `limit-reached`, ... */
  outcome: string;
  points: VerdictPoint[];
}

/** sha256 (hex) of everything that decides the debate's result. */
export function debateKey(input: DebateKeyInput): string {
  const { subject, agents, maxRounds, stance, maxDiffBytes, maxPeerBytes, maxAnswerBytes, budget } = input;
  const canonical = JSON.stringify({
    v: 1,
    subject,
    reviewer: agents.reviewer,
    responder: agents.responder,
    maxRounds,
    stance,
    maxDiffBytes,
    maxPeerBytes,
    maxAnswerBytes,
    budget,
  });
  return createHash('sha256').update(canonical).digest('hex');
}

/** `<git dir>/code-debate/pre-push-cache/<key>.json`: beside the claims, never in the work tree. */
export function cachePath(gitDir: string, key: string): string {
  return path.join(gitDir, 'code-debate', 'pre-push-cache', `${key}.json`);
}

/** The cached debate for `key`; null when there is none, or it cannot be read (it is then debated again). */
export async function readCachedDebate(gitDir: string, key: string): Promise<CachedDebate | null> {
  const text = await readFile(cachePath(gitDir, key), 'utf8').catch(() => null);
  if (text === null) return null;
  try {
    const value = JSON.parse(text) as Partial<CachedDebate>;
    return value.version === 2 && typeof value.file === 'string' && Array.isArray(value.points) ? (value as CachedDebate) : null;
  } catch {
    return null;
  }
}

export async function writeCachedDebate(gitDir: string, key: string, entry: CachedDebate): Promise<void> {
  const file = cachePath(gitDir, key);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFileAtomic(file, `${JSON.stringify(entry, null, 2)}\n`, 0o644);
}
