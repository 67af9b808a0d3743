import { describe, expect, it } from 'vitest';
import { resolveAgent, resolveSetting, type ResolvedSetting, type SettingLayers } from '../../src/config/merge-options.js';

const names = { flag: '--agent', key: 'agent', source: '.code-debate.json', env: 'CODE_DEBATE_AGENT' };
const ignoredCodex =
  '`CODE_DEBATE_AGENT=codex` is not used: `agent` in `.code-debate.json` is `"claude"`, and the settings file wins over the environment. ' +
  'Pass `--agent codex` to use it for this run.';

describe('resolveSetting', () => {
  it.each<[string, SettingLayers<string>, ResolvedSetting<string>]>([
    ['the flag over everything', { flag: 'human', config: 'claude', env: 'codex', fallback: 'auto' }, { value: 'human', from: 'flag', warning: null }],
    ['the flag over the default', { flag: 'human', fallback: 'auto' }, { value: 'human', from: 'flag', warning: null }],
    ['the file over the default', { config: 'claude', fallback: 'auto' }, { value: 'claude', from: 'config', warning: null }],
    ['the file, quietly, when the environment agrees', { config: 'claude', env: 'claude', fallback: 'auto' }, { value: 'claude', from: 'config', warning: null }],
    ['the file, with a warning, when the environment differs', { config: 'claude', env: 'codex', fallback: 'auto' }, { value: 'claude', from: 'config', warning: ignoredCodex }],
    ['the environment when neither flag nor file sets it', { env: 'codex', fallback: 'auto' }, { value: 'codex', from: 'env', warning: null }],
    ['the default when nothing sets it', { fallback: 'auto' }, { value: 'auto', from: 'default', warning: null }],
    ['the default when every layer is undefined', { flag: undefined, config: undefined, env: undefined, fallback: 'auto' }, { value: 'auto', from: 'default', warning: null }],
  ])('takes %s', (_, layers, expected) => {
    expect(resolveSetting(layers, names)).toEqual(expected);
  });

  it('works for any type of value', () => {
    expect(resolveSetting({ config: 3, env: 7, fallback: 5 }, { flag: '--max-rounds', key: 'maxRounds', source: 'package.json#codeDebate', env: 'X' })).toEqual({
      value: 3,
      from: 'config',
      warning: '`X=7` is not used: `maxRounds` in `package.json#codeDebate` is `3`, and the settings file wins over the environment. Pass `--max-rounds 7` to use it for this run.',
    });
  });
});

describe('resolveAgent', () => {
  const config = { agent: 'claude', reviewerAgent: 'codex' };

  it.each([
    ['reviewer', 'codex'],
    ['responder', 'claude'],
  ] as const)('gives the %s its own key before `agent`', (role, agent) => {
    expect(resolveAgent(role, { config, source: '.code-debate.json', fallback: 'auto' })).toEqual({ value: agent, from: 'config', warning: null });
  });

  it('names the key the file set when the environment is ignored, quoting the flag for a shell', () => {
    expect(resolveAgent('reviewer', { config, source: '.code-debate.json', env: "cmd:./agent --tone 'dry'", fallback: 'auto' })).toEqual({
      value: 'codex',
      from: 'config',
      warning:
        '`CODE_DEBATE_AGENT=cmd:./agent --tone \'dry\'` is not used: `reviewerAgent` in `.code-debate.json` is `"codex"`, ' +
        "and the settings file wins over the environment. Pass `--agent 'cmd:./agent --tone '\\''dry'\\'''` to use it for this run.",
    });
  });

  it('lets `--agent` override the file and the environment for both roles', () => {
    for (const role of ['reviewer', 'responder'] as const) {
      expect(resolveAgent(role, { flag: 'builtin', config, source: '.code-debate.json', env: 'gemini', fallback: 'auto' })).toEqual({
        value: 'builtin',
        from: 'flag',
        warning: null,
      });
    }
  });

  it.each([
    ['gemini', { value: 'gemini', from: 'env', warning: null }],
    ['', { value: 'auto', from: 'default', warning: null }],
    ['  ', { value: 'auto', from: 'default', warning: null }],
    [undefined, { value: 'auto', from: 'default', warning: null }],
  ] as const)('uses CODE_DEBATE_AGENT=%j only when no flag or setting names an agent', (env, expected) => {
    expect(resolveAgent('responder', { config: {}, source: null, env, fallback: 'auto' })).toEqual(expected);
  });
});
