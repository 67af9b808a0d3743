import { describe, expect, it } from 'vitest';
import { configKeys, type ConfigKey } from '../../src/config/config.js';
import { suggestKey, validateConfig } from '../../src/config/validate-config.js';

const source = '.code-debate.json';
const agents = 'an agent name: auto, builtin, claude[:<model>], codex[:<model>], gemini[:<model>], openai:<model>, ollama:<model>, human, cmd:<program> [args...]';
const duration = 'a duration string like "90s", "10m" or "1h"';
const allowed: Record<ConfigKey, string> = {
  agent: agents,
  reviewerAgent: agents,
  responderAgent: agents,
  maxRounds: 'a whole number from 1 to 100',
  turnTimeout: duration,
  agentTimeout: duration,
  agentSilence: duration,
  reproductions: 'one of "sandboxed", "unsandboxed", "off"',
  reproductionTimeout: duration,
  timeLimit: duration,
  blockOn: 'one of "critical", "high", "medium", "low", "nit"',
  blockReproduced: 'one of "regardless", "only"',
  maxDiffBytes: 'a whole number from 0 to 100000000',
  maxPeerBytes: 'a whole number from 1024 to 100000000',
  maxAnswerBytes: 'a whole number from 1024 to 100000000',
  maxOutputTokens: 'a whole number from 256 to 10000000',
  maxTokens: 'a whole number from 1 to 1000000000000',
  maxCost: 'a number of dollars above 0, e.g. 0.5',
  file: 'a relative path inside the repository, without `..`',
  timeLimitFails: 'one of "open", "closed"',
  stance: 'one of "default", "devils-advocate"',
  remote: 'a remote name or URL',
  heartbeat: duration,
  sessionTimeout: duration,
};
const keyList =
  'agent, reviewerAgent, responderAgent, file, maxRounds, turnTimeout, agentTimeout, agentSilence, reproductions, reproductionTimeout, maxDiffBytes, maxPeerBytes, maxAnswerBytes, maxOutputTokens, maxTokens, maxCost, stance, blockOn, blockReproduced, timeLimit, timeLimitFails, remote, heartbeat, sessionTimeout';

const good: [ConfigKey, unknown][] = [
  ...['auto', 'builtin', 'human', 'claude', 'claude:opus', 'codex', 'gemini:gemini-2.5-pro', 'openai:gpt-4o', 'ollama:qwen2.5-coder', 'cmd:./my-agent --strict'].map(
    (agent): [ConfigKey, unknown] => ['agent', agent],
  ),
  ['reviewerAgent', 'codex'],
  ['remote', 'origin'],
  ['remote', 'git@example.com:team/app.git'],
  ['heartbeat', '20s'],
  ['reproductions', 'off'],
  ['blockReproduced', 'only'],
  ['reproductionTimeout', '30s'],
  ['sessionTimeout', '20m'],
  ['responderAgent', 'cmd:claude -p'],
  ['maxRounds', 1],
  ['maxRounds', 5],
  ['maxRounds', 100],
  ['turnTimeout', '10m'],
  ['turnTimeout', '1.5h'],
  ['agentTimeout', '500ms'],
  ['agentTimeout', '90'],
  ['agentSilence', '5m'],
  ['timeLimit', '90s'],
  ...(['critical', 'high', 'medium', 'low', 'nit'] as const).map((severity): [ConfigKey, unknown] => ['blockOn', severity]),
  ['maxDiffBytes', 0],
  ['maxDiffBytes', 200_000],
  ['maxDiffBytes', 100_000_000],
  ['maxPeerBytes', 65_536],
  ['maxAnswerBytes', 1_024],
  ['maxOutputTokens', 256],
  ['maxOutputTokens', 16_384],
  ['maxOutputTokens', 10_000_000],
  ['maxTokens', 50_000],
  ['maxCost', 0.5],
  ['file', 'reply.md'],
  ['file', './docs/debate.md'],
  ['file', 'notes/v1..v2.md'],
  ['timeLimitFails', 'open'],
  ['timeLimitFails', 'closed'],
  ['stance', 'default'],
  ['stance', 'devils-advocate'],
];

const bad: [ConfigKey, unknown, string][] = [
  ['agent', '', '""'],
  ['remote', '', '""'],
  ['remote', '--upload-pack=x', '"--upload-pack=x"'],
  ['heartbeat', 30, '30'],
  ['reproductions', 'docker', '"docker"'],
  ['blockReproduced', 'always', '"always"'],
  ['reproductionTimeout', 30, '30'],
  ['sessionTimeout', 'soon', '"soon"'],
  ['agent', 'Claude', '"Claude"'],
  ['agent', 'gpt-4', '"gpt-4"'],
  ['agent', 42, '42'],
  ['agent', null, 'null'],
  ['reviewerAgent', ['claude'], '["claude"]'],
  ['responderAgent', 'claudex', '"claudex"'],
  ['maxRounds', 0, '0'],
  ['maxRounds', 101, '101'],
  ['maxRounds', 2.5, '2.5'],
  ['maxRounds', '3', '"3"'],
  ['turnTimeout', 600, '600'],
  ['turnTimeout', '10 minutes', '"10 minutes"'],
  ['agentTimeout', '0s', '"0s"'],
  ['agentTimeout', '-5s', '"-5s"'],
  ['agentSilence', 'soon', '"soon"'],
  ['timeLimit', '1h30m', '"1h30m"'],
  ['timeLimit', false, 'false'],
  ['blockOn', 'blocker', '"blocker"'],
  ['blockOn', 'High', '"High"'],
  ['blockOn', 1, '1'],
  ['maxDiffBytes', -1, '-1'],
  ['maxDiffBytes', 100_000_001, '100000001'],
  ['maxDiffBytes', 1.5, '1.5'],
  ['maxDiffBytes', '200000', '"200000"'],
  ['maxPeerBytes', 1_023, '1023'],
  ['maxAnswerBytes', 0, '0'],
  ['maxOutputTokens', 255, '255'],
  ['maxOutputTokens', 10_000_001, '10000001'],
  ['maxOutputTokens', 4_096.5, '4096.5'],
  ['maxOutputTokens', '16384', '"16384"'],
  ['maxTokens', 0, '0'],
  ['maxCost', 0, '0'],
  ['maxCost', '1', '"1"'],
  ['file', '/tmp/reply.md', '"/tmp/reply.md"'],
  ['file', '../reply.md', '"../reply.md"'],
  ['file', 'docs/../../reply.md', '"docs/../../reply.md"'],
  ['file', 'docs\\..\\..\\reply.md', '"docs\\\\..\\\\..\\\\reply.md"'],
  ['file', 'C:\\reply.md', '"C:\\\\reply.md"'],
  ['file', '  ', '"  "'],
  ['file', 5, '5'],
  ['timeLimitFails', 'true', '"true"'],
  ['timeLimitFails', true, 'true'],
  ['stance', 'devil', '"devil"'],
  ['stance', { name: 'default' }, '{"name":"default"}'],
];

describe('validateConfig', () => {
  it('has a good value in the table for every setting', () => {
    expect(new Set(good.map(([key]) => key))).toEqual(new Set(configKeys));
    expect(new Set(bad.map(([key]) => key))).toEqual(new Set(configKeys));
  });

  it.each(good)('keeps `%s` set to %j', (key, value) => {
    expect(validateConfig({ [key]: value }, source)).toEqual({ config: { [key]: value }, errors: [] });
  });

  it.each(bad)('refuses `%s` set to %j, naming the file, the key, the value and what is allowed', (key, value, shown) => {
    expect(validateConfig({ [key]: value }, source)).toEqual({
      config: {},
      errors: [`In \`.code-debate.json\`, expected \`${key}\` to be ${allowed[key]}, got \`${shown}\`.`],
    });
  });

  it('keeps the good settings and reports every bad one, in the order of the file', () => {
    const raw = { maxRounds: 0, agent: 'codex', maxRound: 3, blockOn: 'high', stance: 'devil' };
    expect(validateConfig(raw, 'package.json#codeDebate')).toEqual({
      config: { agent: 'codex', blockOn: 'high' },
      errors: [
        'In `package.json#codeDebate`, expected `maxRounds` to be a whole number from 1 to 100, got `0`.',
        `In \`package.json#codeDebate\`, found the unknown setting \`maxRound\` (set to \`3\`). Did you mean \`maxRounds\`? Expected one of: ${keyList}.`,
        'In `package.json#codeDebate`, expected `stance` to be one of "default", "devils-advocate", got `"devil"`.',
      ],
    });
  });

  it('names an unknown key without a suggestion when none is close', () => {
    expect(validateConfig({ colour: 'red' }, source).errors).toEqual([
      `In \`.code-debate.json\`, found the unknown setting \`colour\` (set to \`"red"\`). Expected one of: ${keyList}.`,
    ]);
  });

  it('treats keys the prototype has, such as `toString` and `__proto__`, as unknown', () => {
    const { config, errors } = validateConfig(JSON.parse('{"toString": 1, "__proto__": {"agent": "human"}}'), source);
    expect(config).toEqual({});
    expect(Object.getPrototypeOf(config)).toBe(Object.prototype);
    expect(errors).toEqual([
      `In \`.code-debate.json\`, found the unknown setting \`toString\` (set to \`1\`). Expected one of: ${keyList}.`,
      `In \`.code-debate.json\`, found the unknown setting \`__proto__\` (set to \`{"agent":"human"}\`). Expected one of: ${keyList}.`,
    ]);
  });

  it('shortens a long value in the message', () => {
    expect(validateConfig({ agent: 'x'.repeat(200) }, source).errors).toEqual([`In \`.code-debate.json\`, expected \`agent\` to be ${agents}, got \`"${'x'.repeat(78)}…\`.`]);
  });

  it.each([
    [[], '[]'],
    [null, 'null'],
    ['claude', '"claude"'],
    [3, '3'],
  ])('refuses %j where an object of settings belongs', (raw, shown) => {
    expect(validateConfig(raw, 'package.json#codeDebate')).toEqual({
      config: {},
      errors: [`In \`package.json#codeDebate\`, expected an object of settings like { "maxRounds": 3 }, got \`${shown}\`.`],
    });
  });

  it('accepts an empty object', () => {
    expect(validateConfig({}, source)).toEqual({ config: {}, errors: [] });
  });
});

describe('suggestKey', () => {
  it.each([
    ['maxRound', 'maxRounds'],
    ['max-rounds', 'maxRounds'],
    ['MAXROUNDS', 'maxRounds'],
    ['max_diff_bytes', 'maxDiffBytes'],
    ['agents', 'agent'],
    ['turnTimout', 'turnTimeout'],
    ['blockon', 'blockOn'],
    ['stanse', 'stance'],
    ['timeLimits', 'timeLimit'],
    ['timeLimitFail', 'timeLimitFails'],
    ['reviewer', 'reviewerAgent'],
    ['responder', 'responderAgent'],
    ['maxDiff', 'maxDiffBytes'],
    ['timeout', null],
    ['colour', null],
    ['max', null],
    ['toString', null],
    ['', null],
  ])('suggests %j → %j', (typed, expected) => {
    expect(suggestKey(typed)).toBe(expected);
  });
});
