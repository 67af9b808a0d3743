import { classifyChangeRisk, riskTiers } from './classify-change-risk.js';
import type { FileDiff } from '../git/file-diff.js';

/** A file as the diff shows it: its own part, or a one-line note when it is not valid UTF-8. */
export interface ShownFile {
  file: FileDiff;
  nonUtf8: boolean;
  patch: string;
}

const byteLength = (text: string): number => Buffer.byteLength(text, 'utf8');

/**
 * Largest risk first: by tier (source, then docs, then generated and lock files), then by lines
 * changed, then by bytes of diff, most first; ties keep the diff's order.
 */
export function rankByRisk(files: readonly ShownFile[]): ShownFile[] {
  const keyed = files.map((shown, order) => ({
    shown,
    order,
    tier: riskTiers.indexOf(classifyChangeRisk(shown.file.path)),
    lines: shown.file.added + shown.file.deleted,
    bytes: byteLength(shown.patch),
  }));
  keyed.sort((a, b) => a.tier - b.tier || b.lines - a.lines || b.bytes - a.bytes || a.order - b.order);
  return keyed.map(({ shown }) => shown);
}

/**
 * The files whose part fits in `maxBytes` of diff, taken in risk order; a file too large for
 * what is left is skipped and smaller ones after it may still fit.
 */
export function fitDiffBudget(files: readonly ShownFile[], maxBytes: number): Set<ShownFile> {
  const kept = new Set<ShownFile>();
  let left = maxBytes;
  for (const shown of rankByRisk(files)) {
    const bytes = byteLength(shown.patch);
    if (bytes > left) continue;
    kept.add(shown);
    left -= bytes;
  }
  return kept;
}
