import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { ConfigError } from '../errors.js';
import { configFileName, packageJsonKey, type CodeDebateConfig } from './config.js';
import { validateConfig } from './validate-config.js';

export const packageJsonSource = `package.json#${packageJsonKey}`;

/**
 * The settings of the repository at `root`, from `.code-debate.json` or the `codeDebate` key of
 * `package.json`; `source` names the one they came from, null when neither has any.
 */
export async function readConfig(root: string): Promise<{ config: CodeDebateConfig; source: string | null }> {
  const configPath = path.join(root, configFileName);
  const packagePath = path.join(root, 'package.json');
  const [configText, packageText] = await Promise.all([readOptional(configPath), readOptional(packagePath)]);
  const fromFile = configText === null ? undefined : parseJson(configText, configPath);
  // A package.json that never names the key holds no settings, and may be mid-edit in the change under review.
  const fromPackage = packageText?.includes(`"${packageJsonKey}"`) ? readKey(parseJson(packageText, packagePath)) : undefined;
  if (fromFile !== undefined && fromPackage !== undefined) {
    throw new ConfigError(
      `Found settings in both \`${configFileName}\` and \`${packageJsonSource}\` in \`${root}\`, expected one place. ` +
        `Keep one: move the settings into \`${configFileName}\` and remove the \`${packageJsonKey}\` key, or the other way round.`,
    );
  }
  if (fromFile === undefined && fromPackage === undefined) return { config: {}, source: null };
  const [raw, source, file] = fromFile === undefined ? [fromPackage, packageJsonSource, packagePath] : [fromFile, configFileName, configPath];
  const { config, errors } = validateConfig(raw, source);
  if (errors.length > 0) {
    const count = errors.length === 1 ? 'a problem' : `${errors.length} problems`;
    throw new ConfigError(`Found ${count} in the settings in \`${file}\`; fix or remove these settings:\n${errors.map((error) => `  - ${error}`).join('\n')}`);
  }
  return { config, source };
}

async function readOptional(file: string): Promise<string | null> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new ConfigError(`Cannot read \`${file}\`: ${(error as Error).message}.`, { cause: error });
  }
}

function readKey(json: unknown): unknown {
  return typeof json === 'object' && json !== null && !Array.isArray(json) ? (json as Record<string, unknown>)[packageJsonKey] : undefined;
}

function parseJson(text: string, file: string): unknown {
  const json = text.replace(/^\uFEFF/, '');
  try {
    return JSON.parse(json);
  } catch (error) {
    const reason = (error as Error).message.replace(/\s+/g, ' ');
    throw new ConfigError(`Cannot read \`${file}\`, expected valid JSON (no comments, no trailing commas): ${reason}${locate(json, reason)}.`, {
      cause: error,
    });
  }
}

/** ` (line 3, column 1)` from the `at position 11` that Node 20's JSON errors give, when they give one. */
function locate(text: string, reason: string): string {
  const position = /at position (\d+)/.exec(reason)?.[1];
  if (position === undefined || reason.includes('(line ')) return '';
  const before = text.slice(0, Number(position));
  return ` (line ${before.split('\n').length}, column ${before.length - before.lastIndexOf('\n')})`;
}
