import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Role } from '../protocol/document.js';
import { addUsage, readUsageLine, renderUsageLine, type TurnUsage } from '../protocol/usage.js';
import { writeFileAtomic } from '../write-file-atomic.js';
import type { StatePaths } from './state-paths.js';

/**
 * What a side's failed turns spent (every try, re-asks included) and no section has carried yet:
 * kept under the git directory, so a restarted side writes it into its next section's usage line,
 * where `show`, the CONSENSUS and --max-tokens / --max-cost count it with the rest.
 */
function spentPath(paths: StatePaths, role: Role): string {
  return path.join(paths.dir, `unwritten-usage-${role}.txt`);
}

export async function readUnwrittenUsage(paths: StatePaths, role: Role): Promise<TurnUsage | null> {
  const text = await readFile(spentPath(paths, role), 'utf8').catch(() => '');
  return readUsageLine(text.trim());
}

export async function addUnwrittenUsage(paths: StatePaths, role: Role, spent: TurnUsage): Promise<void> {
  const total = addUsage([...[await readUnwrittenUsage(paths, role)].filter((usage) => usage !== null), spent]);
  await writeFileAtomic(spentPath(paths, role), `${renderUsageLine(total)}\n`, 0o644);
}

export async function clearUnwrittenUsage(paths: StatePaths, role: Role): Promise<void> {
  await rm(spentPath(paths, role), { force: true });
}
