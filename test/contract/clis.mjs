// The agent CLIs the contract suite runs for real, pinned, and where they are installed: a cache
// folder outside the project's dependencies (`$CODE_DEBATE_CLI_CACHE`, else
// `$XDG_CACHE_HOME/code-debate/agent-clis`, else `~/.cache/...`), one folder per set of versions.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * The versions npm installs on Node 20 that the presets were checked against, and Microsoft's
 * SARIF Multitool, a real consumer of the SARIF code-debate writes (keyed by their executables).
 */
export const pinned = {
  claude: { pkg: '@anthropic-ai/claude-code', version: '2.1.197' },
  codex: { pkg: '@openai/codex', version: '0.169.0' },
  gemini: { pkg: '@google/gemini-cli', version: '0.61.0' },
  'sarif-multitool': { pkg: '@microsoft/sarif-multitool', version: '5.7.0' },
};

export function cacheDir() {
  const base = process.env.CODE_DEBATE_CLI_CACHE ?? path.join(process.env.XDG_CACHE_HOME ?? path.join(os.homedir(), '.cache'), 'code-debate', 'agent-clis');
  const key = Object.values(pinned)
    .map(({ pkg, version }) => `${pkg.replace(/[@/]/g, '_')}-${version}`)
    .join('+');
  return path.join(base, key);
}

/** The folder holding the `claude`, `codex` and `gemini` executables. */
export function clisBin() {
  return path.join(cacheDir(), 'node_modules', '.bin');
}

/** Installs the pinned CLIs into the cache unless they are there; returns the bin folder. */
export function installClis() {
  const dir = cacheDir();
  const bin = clisBin();
  if (Object.keys(pinned).every((name) => existsSync(path.join(bin, name)))) return bin;
  mkdirSync(dir, { recursive: true });
  const specs = Object.values(pinned).map(({ pkg, version }) => `${pkg}@${version}`);
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--no-save', '--prefix', dir, ...specs], { stdio: 'inherit' });
  return bin;
}
