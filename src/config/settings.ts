import type { Role } from '../protocol/document.js';
import type { SettingType } from './setting-type.js';
import type { SettingName, SettingsTable } from './settings-table.js';

/** The settings of a debate: every entry of the table but a command's arguments (`-C`, `--subject`, `--output`). */
export type DebateSettingName = { [N in SettingName]: SettingsTable[N] extends { argument: true } ? never : N }[SettingName];

/** What entry `N`'s flag gives: its type's value. */
type FlagValueOf<N extends SettingName> = SettingsTable[N]['type'] extends SettingType<infer T, infer _C> ? T : never;

/** What entry `N` resolves to: its flag's value, or its default, which may be null for none. */
type ValueOf<N extends SettingName> = FlagValueOf<N> | SettingsTable[N]['default'];

/**
 * The debate settings as the command line gives them: each one absent unless its flag was passed,
 * so that `.code-debate.json` can fill it (see resolveSettings). Values are already checked.
 */
export type DebateFlags = { [N in DebateSettingName]?: FlagValueOf<N> };

/** The three agent entries: resolved together, per role, with the environment (see resolveAgent). */
export type AgentSettingName = 'agent' | 'reviewerAgent' | 'responderAgent';

/**
 * Every setting of a debate, from its flag, else `.code-debate.json`, else the default: one field
 * per entry of the table, named as the table names it, and what is resolved from several.
 */
export type Settings = { [N in Exclude<DebateSettingName, AgentSettingName>]: ValueOf<N> } & {
  /** The agent spec of each role: its own flag or key, else --agent or `agent`, else CODE_DEBATE_AGENT, else auto. */
  agents: Record<Role, string>;
  /**
   * What `file` is relative to: the current directory when `--file` named it, as paths on a
   * command line are; else (the settings file's, or the default reply.md) the work tree's root,
   * where docs/protocol.md puts it, so two terminals in different folders meet in one file.
   */
  fileBase: 'cwd' | 'root';
  /** Settings the environment asked for and did not get, said once to the user. */
  warnings: string[];
};
