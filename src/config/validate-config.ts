import path from 'node:path';
import { editDistance } from '../edit-distance.js';
import { agentNames } from '../agents/agent-names.js';
import { parseDuration } from '../parse-duration.js';
import { stances } from '../prompts/stance.js';
import { severities } from '../protocol/document.js';
import {
  configKeys,
  configSettings,
  maxDiffBytesRange,
  maxAnswerBytesRange,
  maxOutputTokensRange,
  maxTokensRange,
  maxPeerBytesRange,
  maxRoundsRange,
  timeLimitFailsValues,
  type CodeDebateConfig,
  type ConfigKey,
} from './config.js';

type Check<T> = (value: unknown) => value is T;

/** `claude[:<model>]` → `claude`: the agent families `createAgent` knows; it checks the rest. */
const agentFamilies: ReadonlySet<string> = new Set(agentNames.map((name) => /^[a-z]+/.exec(name)?.[0] ?? name));

const isAgent: Check<string> = (value): value is string =>
  typeof value === 'string' && agentFamilies.has(value.trim().split(':', 1)[0] ?? '');

const isWhole =
  (range: { min: number; max: number }): Check<number> =>
  (value): value is number =>
    typeof value === 'number' && Number.isInteger(value) && value >= range.min && value <= range.max;

const isDuration: Check<string> = (value): value is string => {
  if (typeof value !== 'string') return false;
  try {
    parseDuration(value, 'setting');
    return true;
  } catch {
    return false;
  }
};

const isOneOf =
  <T extends string>(values: readonly T[]): Check<T> =>
  (value): value is T =>
    (values as readonly unknown[]).includes(value);

// A committed file is read on every OS, so a Windows-absolute path is refused on Linux too.
const isRelativePath: Check<string> = (value): value is string =>
  typeof value === 'string' &&
  value.trim() !== '' &&
  !path.posix.isAbsolute(value) &&
  !path.win32.isAbsolute(value) &&
  !value.split(/[\\/]/).includes('..');

const checks: { readonly [K in ConfigKey]-?: Check<NonNullable<CodeDebateConfig[K]>> } = {
  agent: isAgent,
  reviewerAgent: isAgent,
  responderAgent: isAgent,
  maxRounds: isWhole(maxRoundsRange),
  turnTimeout: isDuration,
  agentTimeout: isDuration,
  timeLimit: isDuration,
  blockOn: isOneOf(severities),
  maxDiffBytes: isWhole(maxDiffBytesRange),
  maxPeerBytes: isWhole(maxPeerBytesRange),
  maxAnswerBytes: isWhole(maxAnswerBytesRange),
  maxOutputTokens: isWhole(maxOutputTokensRange),
  maxTokens: isWhole(maxTokensRange),
  maxCost: (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value) && value > 0,
  file: isRelativePath,
  timeLimitFails: isOneOf(timeLimitFailsValues),
  stance: isOneOf(stances),
  remote: (value: unknown): value is string => typeof value === 'string' && value.trim() !== '' && !value.startsWith('-'),
  heartbeat: isDuration,
};

/**
 * The settings of `raw` (a parsed `.code-debate.json` or `package.json#codeDebate`, named by
 * `source`): the valid ones in `config`, one message per unknown key or wrong value in `errors`.
 */
export function validateConfig(raw: unknown, source: string): { config: CodeDebateConfig; errors: string[] } {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    return { config: {}, errors: [`In \`${source}\`, expected an object of settings like { "maxRounds": 3 }, got \`${show(raw)}\`.`] };
  }
  const config: Partial<Record<ConfigKey, unknown>> = {};
  const errors: string[] = [];
  for (const [key, value] of Object.entries(raw)) {
    if (!Object.hasOwn(checks, key)) {
      const suggestion = suggestKey(key);
      const hint = suggestion === null ? '' : ` Did you mean \`${suggestion}\`?`;
      errors.push(`In \`${source}\`, found the unknown setting \`${key}\` (set to \`${show(value)}\`).${hint} Expected one of: ${configKeys.join(', ')}.`);
    } else if (checks[key as ConfigKey](value)) {
      config[key as ConfigKey] = value;
    } else {
      errors.push(`In \`${source}\`, expected \`${key}\` to be ${configSettings[key as ConfigKey].allowed}, got \`${show(value)}\`.`);
    }
  }
  return { config: config as CodeDebateConfig, errors };
}

function show(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
}

const normalize = (key: string): string => key.toLowerCase().replace(/[-_\s]/g, '');

/** The setting `key` was likely meant to be: `max-rounds`, `maxround`, `reviewer` → a real key. */
export function suggestKey(key: string): ConfigKey | null {
  const typed = normalize(key);
  let best: { key: ConfigKey; distance: number } | null = null;
  for (const candidate of configKeys) {
    const distance = editDistance(typed, normalize(candidate));
    if (distance <= 2 && (best === null || distance < best.distance)) best = { key: candidate, distance };
  }
  return best?.key ?? (typed.length >= 5 ? (configKeys.find((candidate) => normalize(candidate).startsWith(typed)) ?? null) : null);
}
