import { editDistance } from '../edit-distance.js';
import { configEntries, configKeys, type CodeDebateConfig, type ConfigKey } from './config.js';

const entryOf: ReadonlyMap<string, (typeof configEntries)[number]> = new Map(configEntries.map((config) => [config.key, config]));

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
    const known = entryOf.get(key);
    if (known === undefined) {
      const suggestion = suggestKey(key);
      const hint = suggestion === null ? '' : ` Did you mean \`${suggestion}\`?`;
      errors.push(`In \`${source}\`, found the unknown setting \`${key}\` (set to \`${show(value)}\`).${hint} Expected one of: ${configKeys.join(', ')}.`);
    } else if (known.entry.type.file.check(value)) {
      config[known.key] = value;
    } else {
      errors.push(`In \`${source}\`, expected \`${key}\` to be ${known.entry.type.file.allowed}, got \`${show(value)}\`.`);
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
