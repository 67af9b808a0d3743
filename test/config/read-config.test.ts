import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readConfig } from '../../src/config/read-config.js';
import { ConfigError } from '../../src/errors.js';
import { useTempDir } from '../helpers/temp-dir.js';

const makeDir = useTempDir('config');

/** A temp directory holding `files` (name → text). */
async function repoWith(files: Record<string, string>): Promise<string> {
  const root = await makeDir();
  await Promise.all(Object.entries(files).map(([name, text]) => writeFile(path.join(root, name), text)));
  return root;
}

/** The ConfigError reading `root` fails with. */
async function refusal(root: string): Promise<ConfigError> {
  const error: unknown = await readConfig(root).then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(ConfigError);
  return error as ConfigError;
}

const packageJson = (extra: object): string => JSON.stringify({ name: 'app', version: '1.0.0', ...extra }, null, 2);

describe('readConfig', () => {
  it.each<[string, Record<string, string>]>([
    ['neither file', {}],
    ['a package.json without `codeDebate`', { 'package.json': packageJson({}) }],
    ['a broken package.json that never names `codeDebate`', { 'package.json': '{ "name": "app", ' }],
  ])('gives no settings and no source for %s', async (_, files) => {
    expect(await readConfig(await repoWith(files))).toEqual({ config: {}, source: null });
  });

  it('reads `.code-debate.json`, and ignores a package.json without `codeDebate`', async () => {
    const root = await repoWith({
      '.code-debate.json': '{ "agent": "codex", "maxRounds": 3, "turnTimeout": "90s" }\n',
      'package.json': packageJson({ description: 'no settings here' }),
    });
    expect(await readConfig(root)).toEqual({ config: { agent: 'codex', maxRounds: 3, turnTimeout: '90s' }, source: '.code-debate.json' });
  });

  it('reads the `codeDebate` key of package.json', async () => {
    const root = await repoWith({ 'package.json': packageJson({ codeDebate: { reviewerAgent: 'claude', blockOn: 'high' } }) });
    expect(await readConfig(root)).toEqual({ config: { reviewerAgent: 'claude', blockOn: 'high' }, source: 'package.json#codeDebate' });
  });

  it('reads a file that starts with a byte order mark', async () => {
    const root = await repoWith({ '.code-debate.json': '\uFEFF{ "stance": "devils-advocate" }' });
    expect(await readConfig(root)).toEqual({ config: { stance: 'devils-advocate' }, source: '.code-debate.json' });
  });

  it('refuses settings in both places, saying to keep one', async () => {
    const root = await repoWith({ '.code-debate.json': '{}', 'package.json': packageJson({ codeDebate: { maxRounds: 2 } }) });
    expect((await refusal(root)).message).toBe(
      `Found settings in both \`.code-debate.json\` and \`package.json#codeDebate\` in \`${root}\`, expected one place. ` +
        'Keep one: move the settings into `.code-debate.json` and remove the `codeDebate` key, or the other way round.',
    );
  });

  it('lists every problem of the settings in one error', async () => {
    const root = await repoWith({ '.code-debate.json': JSON.stringify({ maxRounds: 0, agent: 'codex', blokOn: 'high', file: '/etc/passwd' }) });
    expect((await refusal(root)).message).toBe(
      [
        `Found 3 problems in the settings in \`${path.join(root, '.code-debate.json')}\`; fix or remove these settings:`,
        '  - In `.code-debate.json`, expected `maxRounds` to be a whole number from 1 to 100, got `0`.',
        '  - In `.code-debate.json`, found the unknown setting `blokOn` (set to `"high"`). Did you mean `blockOn`? Expected one of: ' +
          'agent, reviewerAgent, responderAgent, file, maxRounds, turnTimeout, agentTimeout, agentSilence, reproductions, reproductionTimeout, maxDiffBytes, maxPeerBytes, maxAnswerBytes, maxOutputTokens, maxTokens, maxCost, stance, blockOn, blockReproduced, timeLimit, timeLimitFails, remote, heartbeat, sessionTimeout.',
        '  - In `.code-debate.json`, expected `file` to be a relative path inside the repository, without `..`, got `"/etc/passwd"`.',
      ].join('\n'),
    );
  });

  it('refuses a `codeDebate` key that is not an object', async () => {
    const root = await repoWith({ 'package.json': packageJson({ codeDebate: null }) });
    expect((await refusal(root)).message).toBe(
      `Found a problem in the settings in \`${path.join(root, 'package.json')}\`; fix or remove these settings:\n` +
        '  - In `package.json#codeDebate`, expected an object of settings like { "maxRounds": 3 }, got `null`.',
    );
  });

  it.each([
    ['.code-debate.json', '{\n  "maxRounds": 3,\n}\n'],
    ['package.json', '{\n  "codeDebate": { "maxRounds": 3 },\n}\n'],
  ])('refuses a broken %s, naming the file, the parse error and the line', async (name, text) => {
    const root = await repoWith({ [name]: text });
    const error = await refusal(root);
    expect(error.message).toMatch(/^Cannot read `.+`, expected valid JSON \(no comments, no trailing commas\): .+\(line 3,? column 1\)\.$/);
    expect(error.message).toContain(`\`${path.join(root, name)}\``);
    expect(error.cause).toBeInstanceOf(SyntaxError);
  });

  it('refuses an empty `.code-debate.json`', async () => {
    const root = await repoWith({ '.code-debate.json': '' });
    expect((await refusal(root)).message).toBe(
      `Cannot read \`${path.join(root, '.code-debate.json')}\`, expected valid JSON (no comments, no trailing commas): Unexpected end of JSON input.`,
    );
  });

  it('refuses a `.code-debate.json` that is a directory, keeping the cause', async () => {
    const root = await makeDir();
    await mkdir(path.join(root, '.code-debate.json'));
    const error = await refusal(root);
    expect(error.message).toMatch(/^Cannot read `.+\.code-debate\.json`: EISDIR: illegal operation on a directory, read\.$/);
    expect((error.cause as NodeJS.ErrnoException).code).toBe('EISDIR');
  });
});
