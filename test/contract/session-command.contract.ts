import { existsSync } from 'node:fs';
import { mkdir, mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { useDebateRepos } from '../helpers/e2e.js';
import { start, startCli } from '../helpers/run-cli.js';
import { clisBin, pinned } from './clis.mjs';
import { codeDebateOnPath } from './code-debate-on-path.js';
import { expectSessionDebate, startSessionStub } from './session-stub.js';

// Two real Claude Code processes (pinned, test/contract/clis.mjs), each given only the shipped
// /code-debate command, debate through `code-debate turn` and `submit`: a local stand-in for the
// Anthropic API plays the model, answering with real calls of Claude Code's Bash tool.
const repos = useDebateRepos();
let dir: string;
let real: string;

beforeAll(async () => {
  real = path.join(clisBin(), 'claude');
  if (!existsSync(real))
    throw new Error(`Claude Code ${pinned.claude.version} is not installed at ${real}: run \`node test/contract/install-clis.mjs\` (npm run test:agents does).`);
  dir = await mkdtemp(path.join(os.tmpdir(), 'code-debate-contract-session-'));
  await codeDebateOnPath(dir);
});

async function claudeEnv(stubUrl: string, name: string): Promise<Record<string, string>> {
  const home = path.join(dir, `home-${name}`);
  await mkdir(home, { recursive: true });
  return {
    PATH: `${path.join(dir, 'bin')}${path.delimiter}${path.dirname(real)}${path.delimiter}${process.env.PATH ?? ''}`,
    HOME: home,
    ANTHROPIC_BASE_URL: stubUrl,
    ANTHROPIC_API_KEY: 'sk-ant-stub',
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
    DISABLE_TELEMETRY: '1',
    DISABLE_AUTOUPDATER: '1',
    CLAUDE_CODE_MAX_RETRIES: '0',
  };
}

describe(`two Claude Code ${pinned.claude.version} sessions on the shipped /code-debate command, for real`, () => {
  it('debate to CONSENSUS through turn and submit, every section canonical; an invalid answer refused and fixed by the session', { timeout: 300_000 }, async () => {
    const stub = await startSessionStub({ invalidFirst: true });
    try {
      const repo = await repos.repo();
      const installed = await startCli(['install-commands', 'claude'], { cwd: repo.dir }).exited;
      expect(installed.code, installed.stderr).toBe(0);
      const session = async (name: string) => start(real, ['-p', '/code-debate HEAD'], { cwd: repo.dir, env: await claudeEnv(stub.url, name) });
      const first = await session('a');
      const second = await session('b');
      const [a, b] = await Promise.all([first.exited, second.exited]);
      expectSessionDebate([a, b], await repo.readReply(), stub.commands);
      expect(a.stdout + b.stdout).toContain('The debate ended.');
    } finally {
      await stub.close();
    }
  });
});
