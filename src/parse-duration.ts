import { ConfigError } from './errors.js';

const units = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000 } as const;

// The unit words people write after a number (`10 minutes`, `30 sec`), and the letter that means them here.
const unitWords: ReadonlyArray<[RegExp, keyof typeof units]> = [
  [/^(?:ms|msecs?|millis|milliseconds?)$/i, 'ms'],
  [/^(?:s|secs?|seconds?)$/i, 's'],
  [/^(?:m|mins?|minutes?)$/i, 'm'],
  [/^(?:h|hrs?|hours?)$/i, 'h'],
];

/** `10` and `minutes` → `10m`: the spelling of a number and a unit word that parseDuration reads; null for a word that is no unit. */
export function spellDuration(number: string, word: string): string | null {
  // A capital letter alone may mean something else (`10M`): only words are read in any case.
  if (word.length === 1 && word !== word.toLowerCase()) return null;
  const unit = unitWords.find(([pattern]) => pattern.test(word))?.[1];
  return unit === undefined ? null : `${number}${unit}`;
}

/** `90s`, `10m`, `1.5h`, `500ms`; a bare number is seconds. */
export function parseDuration(text: string, flag: string): number {
  const match = /^(\d+(?:\.\d+)?)\s*(ms|s|m|h)?$/.exec(text.trim());
  if (!match?.[1]) {
    const spelled = /^(\d+(?:\.\d+)?)\s*([a-z]+)$/i.exec(text.trim());
    const hint = spelled?.[1] === undefined || spelled[2] === undefined ? null : spellDuration(spelled[1], spelled[2]);
    throw new ConfigError(`Expected \`${flag}\` to be a duration like 90s, 10m or 1h, got \`${text}\`${hint === null ? '' : `: write \`${hint}\``}.`);
  }
  const ms = Math.round(Number(match[1]) * units[(match[2] ?? 's') as keyof typeof units]);
  if (ms <= 0) throw new ConfigError(`Expected \`${flag}\` to be longer than zero, got \`${text}\`.`);
  return ms;
}
