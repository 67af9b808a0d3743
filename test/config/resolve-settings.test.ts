import { describe, expect, it } from 'vitest';
import { resolveSettings } from '../../src/config/resolve-settings.js';
import type { DebateFlags } from '../../src/config/settings.js';

const noFlags: DebateFlags = {};

describe('resolveSettings: --max-output-tokens', () => {
  it('is 16384 unless set', () => {
    expect(resolveSettings(noFlags, {}, null, {}).maxOutputTokens).toBe(16_384);
  });

  it('is `maxOutputTokens` of the settings file, and the flag over it', () => {
    expect(resolveSettings(noFlags, { maxOutputTokens: 8_192 }, '.code-debate.json', {}).maxOutputTokens).toBe(8_192);
    expect(resolveSettings({ ...noFlags, maxOutputTokens: 2_048 }, { maxOutputTokens: 8_192 }, '.code-debate.json', {}).maxOutputTokens).toBe(2_048);
  });
});
