import { ConfigError } from '../errors.js';
import { parseDuration } from '../parse-duration.js';

/** A flag's value as node's parseArgs gives it: true for a switch, the text, or every text of a repeated flag. */
export type FlagInput = boolean | string | string[];

/**
 * What one kind of setting accepts, read from a flag and from the settings file, and how it is
 * written back: the one place a range, a list of choices or a message is spelt.
 */
export interface SettingType<T, C = never> {
  /** How parseArgs reads the flag: a switch takes no value; a repeated flag may be given again. */
  input: 'switch' | 'value' | 'repeated';
  /** What help writes after the flag: `<n>`, `<duration>`, `open|closed`; empty for a switch. */
  placeholder: string;
  /** What the value may be, for the docs: `whole number, 1 to 100`. */
  accepts: string;
  /** The flag's value, checked; a wrong one is a ConfigError naming `flag`. */
  fromFlag(input: FlagInput, flag: string): T;
  /** The value as a flag would give it: fromFlag reads it back, and help shows a default so. */
  spell(value: T): string;
  /** Present when a settings file may hold the setting. */
  file?: FileForm<T, C>;
}

export interface FileForm<T, C> {
  /** What the file's value must be, worded to follow "expected `key` to be". */
  allowed: string;
  check(value: unknown): value is C;
  /** The checked value as the setting's: a duration stays as written in the file and is read here. */
  read(value: C, key: string): T;
}

/** A `value` flag's text: parseArgs gives each option the input its definition asks for. */
export function flagText(input: FlagInput): string {
  return typeof input === 'string' ? input : String(input);
}

/** A whole number from `min` to `max`, in a flag and in the file alike. */
export function wholeNumber(min: number, max: number, placeholder = '<n>'): SettingType<number, number> {
  const allowed = `a whole number from ${min} to ${max}`;
  return {
    input: 'value',
    placeholder,
    accepts: `whole number, ${min} to ${max}`,
    fromFlag: (input, flag) => {
      const typed = flagText(input);
      const value = Number(typed);
      if (!/^\d+$/.test(typed.trim()) || value < min || value > max) throw new ConfigError(`Expected \`${flag}\` to be ${allowed}, got \`${typed}\`.`);
      return value;
    },
    spell: String,
    file: {
      allowed,
      check: (value): value is number => typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max,
      read: (value) => value,
    },
  };
}

/** Milliseconds, written `90s`, `10m`, `1.5h`, `500ms` (a bare number is seconds); the file keeps the string. */
export const duration: SettingType<number, string> = {
  input: 'value',
  placeholder: '<duration>',
  accepts: 'duration: `90s`, `10m`, `1.5h`, `500ms`',
  fromFlag: (input, flag) => parseDuration(flagText(input), flag),
  spell: spellMs,
  file: {
    allowed: 'a duration string like "90s", "10m" or "1h"',
    check: (value): value is string => typeof value === 'string' && readsAsDuration(value),
    read: (value, key) => parseDuration(value, key),
  },
};

function readsAsDuration(value: string): boolean {
  try {
    parseDuration(value, 'setting');
    return true;
  } catch {
    return false;
  }
}

/** `600000` → `10m`: the largest unit that divides it, so that parseDuration reads it back exactly. */
function spellMs(ms: number): string {
  const unit = (
    [
      ['h', 3_600_000],
      ['m', 60_000],
      ['s', 1_000],
    ] as const
  ).find(([, size]) => ms % size === 0);
  return unit === undefined ? `${ms}ms` : `${ms / unit[1]}${unit[0]}`;
}

export interface ChoiceWording {
  /** What a wrong flag is told it should be, when "one of a, b" is not how people say it. */
  expected?: string;
  /** What help writes after the flag, when the choices are too many to list there. */
  placeholder?: string;
}

/** One of `values`, in a flag and in the file alike. */
export function choice<const T extends string>(values: readonly T[], wording: ChoiceWording = {}): SettingType<T, T> {
  const expected = wording.expected ?? `one of ${values.join(', ')}`;
  return {
    input: 'value',
    placeholder: wording.placeholder ?? values.join('|'),
    accepts: values.map((value) => `\`${value}\``).join(', '),
    fromFlag: (input, flag) => {
      const typed = flagText(input);
      if ((values as readonly string[]).includes(typed)) return typed as T;
      throw new ConfigError(`Expected \`${flag}\` to be ${expected}, got \`${typed}\`.`);
    },
    spell: (value) => value,
    file: {
      allowed: `one of ${values.map((value) => JSON.stringify(value)).join(', ')}`,
      check: (value): value is T => (values as readonly unknown[]).includes(value),
      read: (value) => value,
    },
  };
}

/** Any text, as typed; checked where it is used (a folder, a file, a subject). */
export function anyText(placeholder: string): SettingType<string> {
  return { input: 'value', placeholder, accepts: 'text', fromFlag: flagText, spell: (value) => value };
}

/** A flag without a value: on when given. */
export const flagSwitch: SettingType<boolean> = {
  input: 'switch',
  placeholder: '',
  accepts: 'switch',
  fromFlag: (input) => input === true,
  spell: (value) => (value ? 'on' : 'off'),
};
