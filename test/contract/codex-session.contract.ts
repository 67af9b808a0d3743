import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useDebateRepos } from '../helpers/e2e.js';
import { start, startCli } from '../helpers/run-cli.js';
import { cacheDir, clisBin, pinned } from './clis.mjs';
import { codeDebateOnPath } from './code-debate-on-path.js';
import { startCodexSessionStub } from './codex-session-stub.js';
import { expectSessionDebate } from './session-stub.js';

// Two real Codex processes (pinned, test/contract/clis.mjs), each given only the shipped
// /code-debate prompt, debate through `code-debate turn` and `submit`: a local stand-in for the
// Responses API plays the model, answering with real calls of Codex's exec_command tool. Codex runs
// them in its read-only sandbox but for the rule `install-commands` wrote, which lets the two
// commands write the debate file and .git/code-debate.
const repos = useDebateRepos();
let dir = '';
let real: string;
let bin: string;

beforeAll(async () => {
  real = path.join(clisBin(), 'codex');
  if (!existsSync(real)) throw new Error(`Codex ${pinned.codex.version} is not installed at ${real}: run \`node test/contract/install-clis.mjs\` (npm run test:agents does).`);
  // Not under the temporary directory: there Codex refuses to create the helper that sandboxes a command.
  await mkdir(path.join(cacheDir(), 'homes'), { recursive: true });
  dir = await mkdtemp(path.join(cacheDir(), 'homes', 'codex-session-'));
  bin = await codeDebateOnPath(dir);
});

afterAll(async () => {
  if (dir !== '') await rm(dir, { recursive: true, force: true });
});

async function codexEnv(stubUrl: string, name: string): Promise<Record<string, string>> {
  const codexHome = path.join(dir, `codex-home-${name}`);
  await mkdir(codexHome, { recursive: true });
  await writeFile(
    path.join(codexHome, 'config.toml'),
    `model_provider = "stub"\nmodel = "gpt-stub"\n\n[model_providers.stub]\nname = "stub"\nbase_url = "${stubUrl}"\nwire_api = "responses"\nrequires_openai_auth = true\nsupports_websockets = false\n`,
  );
  // Codex runs a command in a login shell, whose profile sets PATH afresh: code-debate is put on it there, as a user's profile does.
  const home = path.join(dir, `home-${name}`);
  await mkdir(home, { recursive: true });
  await writeFile(path.join(home, '.bash_profile'), `export PATH=${JSON.stringify(bin)}:"$PATH"\n`);
  return { PATH: [bin, path.dirname(real), process.env.PATH ?? ''].join(path.delimiter), HOME: home, CODEX_HOME: codexHome, CODEX_API_KEY: 'stub-key' };
}

describe(`two Codex ${pinned.codex.version} sessions on the shipped /code-debate command, for real`, () => {
  it('debate to CONSENSUS through turn and submit, every section canonical; an invalid answer refused and fixed by the session', { timeout: 300_000 }, async () => {
    const stub = await startCodexSessionStub({ invalidFirst: true });
    try {
      const repo = await repos.repo();
      const envs = [await codexEnv(stub.url, 'a'), await codexEnv(stub.url, 'b')];
      const prompts: string[] = [];
      for (const env of envs) {
        const installed = await startCli(['install-commands', 'codex'], { cwd: repo.dir, env }).exited;
        expect(installed.code, installed.stderr).toBe(0);
        prompts.push(await readFile(path.join(env.CODEX_HOME ?? '', 'prompts', 'code-debate.md'), 'utf8'));
      }
      // codex exec does not expand custom prompts: the command's text is the prompt, its arguments filled in.
      const session = (env: Record<string, string>, prompt: string) =>
        start(real, ['exec', '--skip-git-repo-check', prompt.replace(/^---\n[\s\S]*?\n---\n/, '').replaceAll('$ARGUMENTS', 'HEAD')], { cwd: repo.dir, env });
      const first = session(envs[0] ?? {}, prompts[0] ?? '');
      const second = session(envs[1] ?? {}, prompts[1] ?? '');
      const [a, b] = await Promise.all([first.exited, second.exited]);
      expectSessionDebate([a, b], await repo.readReply(), stub.commands);
    } finally {
      await stub.close();
    }
  });
});
