import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { useDebateRepos } from '../helpers/e2e.js';
import { start, startCli } from '../helpers/run-cli.js';
import { clisBin, pinned } from './clis.mjs';
import { codeDebateOnPath } from './code-debate-on-path.js';
import { startGeminiSessionStub } from './gemini-session-stub.js';
import { expectSessionDebate } from './session-stub.js';

// Two real Gemini CLI processes (pinned, test/contract/clis.mjs), each given only the shipped
// /code-debate command (Gemini CLI expands a project's commands in headless mode too), debate
// through `code-debate turn` and `submit`: a local stand-in for the Gemini API plays the model,
// answering with real calls of Gemini CLI's run_shell_command tool, which only the policy
// `install-commands` wrote lets run.
const repos = useDebateRepos();
let dir: string;
let real: string;
let bin: string;

beforeAll(async () => {
  real = path.join(clisBin(), 'gemini');
  if (!existsSync(real))
    throw new Error(`Gemini CLI ${pinned.gemini.version} is not installed at ${real}: run \`node test/contract/install-clis.mjs\` (npm run test:agents does).`);
  dir = await mkdtemp(path.join(os.tmpdir(), 'code-debate-contract-gemini-session-'));
  bin = await codeDebateOnPath(dir);
});

/** A home folder of its own for one session: the API key's auth chosen (the base URL alone selects one headless mode refuses). */
async function geminiEnv(stubUrl: string, name: string): Promise<Record<string, string>> {
  const home = path.join(dir, `home-${name}`);
  await mkdir(path.join(home, '.gemini'), { recursive: true });
  await writeFile(path.join(home, '.gemini', 'settings.json'), JSON.stringify({ security: { auth: { selectedType: 'gemini-api-key' } } }));
  return {
    PATH: [bin, path.dirname(real), process.env.PATH ?? ''].join(path.delimiter),
    HOME: home,
    GEMINI_API_KEY: 'stub-key',
    GOOGLE_GEMINI_BASE_URL: stubUrl,
  };
}

describe(`two Gemini CLI ${pinned.gemini.version} sessions on the shipped /code-debate command, for real`, () => {
  it('debate to CONSENSUS through turn and submit, every section canonical; an invalid answer refused and fixed by the session', { timeout: 300_000 }, async () => {
    const stub = await startGeminiSessionStub({ invalidFirst: true });
    try {
      const repo = await repos.repo();
      const envs = [await geminiEnv(stub.url, 'a'), await geminiEnv(stub.url, 'b')];
      // Each session's user installs the commands: the project's /code-debate, and in their own home the policy.
      for (const env of envs) {
        const installed = await startCli(['install-commands', 'gemini'], { cwd: repo.dir, env }).exited;
        expect(installed.code, installed.stderr).toBe(0);
      }
      const session = (env: Record<string, string>) => start(real, ['--skip-trust', '-p', '/code-debate HEAD'], { cwd: repo.dir, env });
      const first = session(envs[0] ?? {});
      const second = session(envs[1] ?? {});
      const [a, b] = await Promise.all([first.exited, second.exited]);
      expectSessionDebate([a, b], await repo.readReply(), stub.commands);
      expect(stub.commands.filter((command) => command.includes('--answer-text')).length).toBeGreaterThanOrEqual(4);
    } finally {
      await stub.close();
    }
  });
});
