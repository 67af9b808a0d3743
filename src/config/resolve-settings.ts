import { ConfigError } from '../errors.js';
import { findRepo, type Repo } from '../git/find-repo.js';
import type { CodeDebateConfig } from './config.js';
import { resolveAgent, resolveSetting } from './merge-options.js';
import { readConfig } from './read-config.js';
import type { AgentSettingName, DebateFlags, Settings } from './settings.js';
import { settingEntries, settingsTable } from './settings-table.js';

const agentEntries: ReadonlySet<string> = new Set<AgentSettingName>(['agent', 'reviewerAgent', 'responderAgent']);

/** Pure: the flags over the settings file over `CODE_DEBATE_AGENT` over the defaults, for every setting of the table. */
export function resolveSettings(flags: DebateFlags, config: CodeDebateConfig, source: string | null, env: NodeJS.ProcessEnv): Settings {
  const file = source ?? 'the settings file';
  const values: Record<string, unknown> = {};
  for (const [name, entry] of settingEntries) {
    if (entry.argument === true || agentEntries.has(name)) continue;
    const key = entry.key;
    const written = key === null ? undefined : (config as Record<string, unknown>)[key];
    // validateConfig has checked what the file holds; read turns it into the setting's value (a duration's milliseconds).
    const fromFile = written === undefined || key === null ? undefined : entry.type.file?.read(written as never, `${key}\` in \`${file}`);
    const flag = (flags as Record<string, unknown>)[name];
    values[name] = resolveSetting({ flag, config: fromFile, fallback: entry.default }, { flag: `--${entry.flag}`, key: key ?? '', source, env: '' }).value;
  }
  const agent = (role: 'reviewer' | 'responder') =>
    resolveAgent(role, {
      flag: (role === 'reviewer' ? flags.reviewerAgent : flags.responderAgent) ?? flags.agent,
      config,
      source,
      env: env.CODE_DEBATE_AGENT,
      fallback: settingsTable.agent.default,
    });
  const agents = { reviewer: agent('reviewer'), responder: agent('responder') };
  const settings = {
    ...values,
    agents: { reviewer: agents.reviewer.value, responder: agents.responder.value },
    fileBase: flags.file === undefined ? 'root' : 'cwd',
    warnings: [...new Set([agents.reviewer.warning, agents.responder.warning].filter((warning) => warning !== null))],
  } as Settings;
  checkRemote(settings);
  return settings;
}

/** What one setting alone cannot say: --debate names a debate on a remote, and a remote's heartbeat is a push. */
function checkRemote(settings: Settings): void {
  if (settings.remote === null) {
    if (settings.debate !== null) throw new ConfigError('`--debate` names a debate on a git remote: give the remote too, e.g. `--remote origin --debate my-review`.');
    return;
  }
  // Each beat is a push: faster than a second, a forge would see a storm of them.
  if (settings.heartbeatMs < 1_000) {
    throw new ConfigError(`Expected the heartbeat (--heartbeat, \`heartbeat\`) to be at least 1s, got ${settings.heartbeatMs} ms: each beat is a push to the remote.`);
  }
}

/** Reads the settings file of the repository around `cwd` and resolves the flags against it. */
export async function loadSettings(cwd: string, flags: DebateFlags, env: NodeJS.ProcessEnv): Promise<Settings> {
  return loadRepoSettings(await findRepo(cwd), flags, env);
}

/** The same for a repository already found: a debate passes it on rather than asking git twice. */
export async function loadRepoSettings(repo: Repo, flags: DebateFlags, env: NodeJS.ProcessEnv): Promise<Settings> {
  const { config, source } = await readConfig(repo.root);
  return resolveSettings(flags, config, source, env);
}
