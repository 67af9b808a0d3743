import type { Role } from '../protocol/document.js';
import type { CodeDebateConfig } from './config.js';
import { shellWord } from '../shell-word.js';

/** Where a setting's value came from: a flag beats the file, the file beats the environment. */
export type SettingSource = 'flag' | 'config' | 'env' | 'default';

export interface ResolvedSetting<T> {
  value: T;
  from: SettingSource;
  /** Set when the environment asked for another value and was not used. */
  warning: string | null;
}

export interface SettingLayers<T> {
  flag?: T | undefined;
  config?: T | undefined;
  env?: T | undefined;
  fallback: T;
}

/** How the warning names each layer, e.g. `--agent`, `agent`, `.code-debate.json`, `CODE_DEBATE_AGENT`. */
export interface SettingNames {
  flag: string;
  key: string;
  /** The file the settings came from, as `readConfig` names it. */
  source: string | null;
  env: string;
}

/** The value of one setting: the flag, else the file, else the environment, else the default. */
export function resolveSetting<T>(layers: SettingLayers<T>, names: SettingNames): ResolvedSetting<T> {
  const { flag, config, env, fallback } = layers;
  if (flag !== undefined) return { value: flag, from: 'flag', warning: null };
  if (config !== undefined) {
    const ignored = env !== undefined && env !== config;
    const warning = ignored
      ? `\`${names.env}=${String(env)}\` is not used: \`${names.key}\` in \`${names.source ?? 'the settings file'}\` is ` +
        `\`${JSON.stringify(config)}\`, and the settings file wins over the environment. ` +
        `Pass \`${names.flag} ${shellWord(String(env))}\` to use it for this run.`
      : null;
    return { value: config, from: 'config', warning };
  }
  if (env !== undefined) return { value: env, from: 'env', warning: null };
  return { value: fallback, from: 'default', warning: null };
}

export interface AgentLayers {
  flag?: string | undefined;
  config: CodeDebateConfig;
  source: string | null;
  /** `CODE_DEBATE_AGENT`; empty counts as unset. */
  env?: string | undefined;
  fallback: string;
}

/** The agent for `role`: `--agent`, else the role's own key, else `agent`, else `CODE_DEBATE_AGENT`. */
export function resolveAgent(role: Role, layers: AgentLayers): ResolvedSetting<string> {
  const roleKey = role === 'reviewer' ? 'reviewerAgent' : 'responderAgent';
  const key = layers.config[roleKey] === undefined ? 'agent' : roleKey;
  return resolveSetting(
    { flag: layers.flag, config: layers.config[key], env: layers.env?.trim() === '' ? undefined : layers.env, fallback: layers.fallback },
    { flag: '--agent', key, source: layers.source, env: 'CODE_DEBATE_AGENT' },
  );
}
