import type { DamageRecord } from './damage-record.js';

/** What a side says of the damage, the one that found it (waiting) and any started after it (refusing) alike. */
export function describeDamage(file: string, damage: Pick<DamageRecord, 'change' | 'savedTo' | 'restore' | 'keep'>): string {
  return (
    `${file} changed, and not by appending: ${damage.change}. Not a turn; nothing is written on it. ` +
    `The text as it was is saved in ${damage.savedTo}: \`${damage.restore}\` restores it and the debate goes on` +
    `${damage.keep === null ? '' : `; or \`${damage.keep}\` keeps the file as it is now, the edit recorded in it, and the debate goes on from there`}`
  );
}
