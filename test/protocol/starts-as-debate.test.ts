import { describe, expect, it } from 'vitest';
import { startsAsDebate } from '../../src/protocol/starts-as-debate.js';

describe('startsAsDebate', () => {
  it.each([
    '# Code Debate: HEAD\n',
    '\uFEFF\n# Code Debate: the diff against main\r\n<!-- code-debate {"v":1} -->\r\n',
    'Notes first.\n\n## Review\n\n### 1. x\n',
    '## Opening\n',
    '## Response 1 ##\n',
    '# Something\n\n## CONSENSUS\n',
  ])('takes %j for a debate', (text) => {
    expect(startsAsDebate(text)).toBe(true);
  });

  it.each([
    'export const x = 1;\n',
    '# Changelog\n\n## 1.0.0\n\n- first\n',
    '# Notes\n\n## Review of the API\n',
    '# Team\n\n## Reviewers\n\n- Ada\n',
    'Intro\n# Code Debate: not the first line\n',
  ])('does not take %j for a debate', (text) => {
    expect(startsAsDebate(text)).toBe(false);
  });
});
