import { describe, expect, it } from 'vitest';
import { createCliAgent } from '../../../src/agents/presets/cli-agent-preset.js';
import { ConfigError } from '../../../src/errors.js';

describe('createCliAgent', () => {
  it.each([
    ['claude', 'claude'],
    [' codex ', 'codex'],
    ['gemini', 'gemini'],
    ['claude:sonnet', 'claude:sonnet'],
    ['codex:gpt-5-codex', 'codex:gpt-5-codex'],
    ['gemini:gemini-2.5-pro', 'gemini:gemini-2.5-pro'],
    ['claude:claude-opus-4-1[1m]', 'claude:claude-opus-4-1[1m]'],
  ])('makes %j the agent %s', (spec, name) => {
    expect(createCliAgent(spec)?.name).toBe(name);
  });

  it.each(['builtin', 'claudex', 'cmd:claude', 'openai:gpt-5', 'auto', 'Claude'])('leaves %j to the other agents', (spec) => {
    expect(createCliAgent(spec)).toBeNull();
  });

  it('refuses a missing model, and one that would read as an option', () => {
    expect(() => createCliAgent('gemini:')).toThrow(
      new ConfigError('Cannot use the agent `gemini:`: expected a model after `gemini:`, e.g. `gemini:<model>`, or `gemini` alone for its default model.'),
    );
    expect(() => createCliAgent('claude:--dangerously-skip-permissions')).toThrow(
      new ConfigError(
        'Cannot use the agent `claude:--dangerously-skip-permissions`: expected a model name without spaces that does not start with `-`, got `--dangerously-skip-permissions`.',
      ),
    );
    expect(() => createCliAgent('codex:gpt 5')).toThrow(ConfigError);
  });
});
