import { describe, expect, it } from 'vitest';
import { parseDuration } from '../src/parse-duration.js';
import { ConfigError } from '../src/errors.js';

describe('parseDuration', () => {
  it.each([
    ['500ms', 500],
    ['90s', 90_000],
    ['10m', 600_000],
    ['1h', 3_600_000],
    ['1.5h', 5_400_000],
    ['0.5s', 500],
    ['90', 90_000],
    [' 2m ', 120_000],
    ['10 m', 600_000],
    ['1000h', 3_600_000_000],
  ])('reads %j as %i ms', (text, ms) => {
    expect(parseDuration(text, '--turn-timeout')).toBe(ms);
  });

  it.each(['', 'soon', '-5s', '5d', '1e3', '10M', '.5s', '1h30m', '5 s s'])('refuses %j, naming the flag and the value', (text) => {
    expect(() => parseDuration(text, '--agent-timeout')).toThrow(new ConfigError(`Expected \`--agent-timeout\` to be a duration like 90s, 10m or 1h, got \`${text}\`.`));
  });

  it.each([
    ['10 minutes', '10m'],
    ['30sec', '30s'],
    ['1.5 Hours', '1.5h'],
    ['250 milliseconds', '250ms'],
  ])('refuses %j with the spelling that works, %s', (text, spelled) => {
    expect(() => parseDuration(text, '--turn-timeout')).toThrow(
      new ConfigError(`Expected \`--turn-timeout\` to be a duration like 90s, 10m or 1h, got \`${text}\`: write \`${spelled}\`.`),
    );
  });

  it.each(['0', '0s', '0ms', '0.0001s'])('refuses %j, which is no time at all', (text) => {
    expect(() => parseDuration(text, '--turn-timeout')).toThrow(new ConfigError(`Expected \`--turn-timeout\` to be longer than zero, got \`${text}\`.`));
    expect(() => parseDuration(text, '--turn-timeout')).toThrow(ConfigError);
  });
});
