import { describe, expect, it } from 'vitest';
import { sideFlags } from '../../src/cli/duo-command.js';
import { parseCommandLine } from '../../src/cli/parse-args.js';
import { resolveSettings } from '../../src/config/resolve-settings.js';

describe("duo's sides", () => {
  it('are given every setting a debate takes, as resolved, and no other', () => {
    expect(sideFlags(resolveSettings({}, {}, null, {}))).toEqual([
      '--max-rounds',
      '5',
      '--turn-timeout',
      '10m',
      '--agent-timeout',
      '8m',
      '--agent-silence',
      '3m',
      '--reproductions',
      'sandboxed',
      '--reproduction-timeout',
      '1m',
      '--max-diff-bytes',
      '200000',
      '--max-peer-bytes',
      '65536',
      '--max-answer-bytes',
      '262144',
      '--max-output-tokens',
      '16384',
      '--stance',
      'default',
      '--block-on',
      'high',
      '--block-reproduced',
      'regardless',
    ]);
  });

  it('read back, as a side parses them, the settings the duo resolved', () => {
    const settings = resolveSettings(
      { pollMs: 250, maxTokens: 5_000, maxCostUsd: 0.5, turnTimeoutMs: 90_500 },
      { maxRounds: 3, agentTimeout: '1.5h', stance: 'devils-advocate' },
      '.code-debate.json',
      {},
    );
    const side = parseCommandLine([...sideFlags(settings), 'HEAD'], '/work/repo');
    expect(side).toMatchObject({
      command: 'debate',
      flags: { pollMs: 250, maxTokens: 5_000, maxCostUsd: 0.5, turnTimeoutMs: 90_500, maxRounds: 3, agentTimeoutMs: 5_400_000, stance: 'devils-advocate', blockOn: 'high' },
    });
  });
});
