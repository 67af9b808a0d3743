import { mkdtemp, readFile, realpath, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach } from 'vitest';
import type { TurnRequest } from '../../../src/agents/agent.js';
import { signalGroup } from '../../../src/agents/kill-process-group.js';
import { turnRequest as baseTurnRequest } from '../../helpers/turn-request.js';

/** The fake `claude`, `codex` and `gemini` executables. */
export const fakeBin = fileURLToPath(new URL('../../fixtures/bin', import.meta.url));

export interface FakeCall {
  program: string;
  argv: string[];
  stdin: string;
  env: Record<string, string>;
  cwd: string;
  /** The files named by options the fake reads (codex's `--output-schema`), as they were when it ran; absent when none was named. */
  files?: Record<string, string | null>;
}

/** The variables a test changes; each is restored after the test. */
const touched = [
  'PATH',
  'FAKE_CLI_LOG',
  'FAKE_CLI_MODE',
  'FAKE_CLI_ANSWER',
  'FAKE_CLI_SESSIONS',
  'FAKE_CLI_GATE',
  'CLAUDECODE',
  'CLAUDE_CODE_ENTRYPOINT',
  'CLAUDE_CODE_SESSION_ID',
  'CLAUDE_CODE_MAX_RETRIES',
];

/**
 * Puts the fake CLIs first on PATH for the in-process agents (runAgentProcess inherits
 * process.env) with a fresh log in a temp directory, and undoes all of it after each test.
 */
export function useFakeClis() {
  let dir = '';
  let saved: Record<string, string | undefined> = {};
  const groups: number[] = [];
  beforeEach(async () => {
    saved = Object.fromEntries(touched.map((key) => [key, process.env[key]]));
    dir = await realpath(await mkdtemp(path.join(os.tmpdir(), 'code-debate-presets-')));
    process.env.PATH = `${fakeBin}${path.delimiter}${process.env.PATH ?? ''}`;
    process.env.FAKE_CLI_LOG = path.join(dir, 'calls.jsonl');
    for (const key of touched.slice(2)) delete process.env[key];
  });
  afterEach(async () => {
    // A failed test must not leave a hanging fake running.
    for (const pid of groups.splice(0)) signalGroup(pid, 'SIGKILL');
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
    await rm(dir, { recursive: true, force: true });
  });
  return {
    dir: () => dir,
    mode(mode: string) {
      process.env.FAKE_CLI_MODE = mode;
    },
    async calls(): Promise<FakeCall[]> {
      const text = await readFile(path.join(dir, 'calls.jsonl'), 'utf8');
      return text
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line) as FakeCall);
    },
    request(overrides: Partial<TurnRequest> = {}): TurnRequest {
      return turnRequest(dir, { onProcess: (pid) => groups.push(pid), ...overrides });
    },
  };
}

/** A prompt with a line that reads like an error, as a diff under review may hold. */
export const prompt = 'Review this change.\n+ throw new Error("429 Too Many Requests: model not found, not logged in")\nWrite the review.';

function turnRequest(cwd: string, overrides: Partial<TurnRequest>): TurnRequest {
  return baseTurnRequest(cwd, { prompt, ...overrides });
}
