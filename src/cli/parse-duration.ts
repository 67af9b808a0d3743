import { ConfigError } from '../errors.js';

const units = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000 } as const;

/** `90s`, `10m`, `1.5h`, `500ms`; a bare number is seconds. */
export function parseDuration(text: string, flag: string): number {
  const match = /^(\d+(?:\.\d+)?)\s*(ms|s|m|h)?$/.exec(text.trim());
  if (!match?.[1]) {
    throw new ConfigError(`Expected \`${flag}\` to be a duration like 90s, 10m or 1h, got \`${text}\`.`);
  }
  const ms = Math.round(Number(match[1]) * units[(match[2] ?? 's') as keyof typeof units]);
  if (ms <= 0) throw new ConfigError(`Expected \`${flag}\` to be longer than zero, got \`${text}\`.`);
  return ms;
}
