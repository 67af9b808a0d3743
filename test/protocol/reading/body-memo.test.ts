import { describe, expect, it } from 'vitest';
import { createBodyMemo } from '../../../src/protocol/reading/body-memo.js';
import { createDebateReader } from '../../../src/protocol/reading/debate-reader.js';
import { parseDocument } from '../../../src/protocol/parse-document.js';
import { readAgentAnswer, scopeOf } from '../../../src/protocol/read-agent-answer.js';
import { readSection, readSummary } from '../../../src/protocol/read-section.js';
import { splitPointBlocks } from '../../../src/protocol/split-point-blocks.js';

const bodies = [
  'Intro.\n\n### R1. Title\nwords\n\n### R2. Other\nmore',
  '1. **Agreed** — yes.\n2. **Disagreed** — no.\n',
  'Prose with no marker at all.\n\n### 2024 plans',
  '- **R1**: Maintained — still so.\n- **F1** Withdrawn.',
];

describe("a reader's body memo (createBodyMemo)", () => {
  it('reads each body as splitPointBlocks and readSummary do, and the same blocks again, frozen: its callers share them', () => {
    const memo = createBodyMemo();
    for (const body of bodies) {
      const blocks = memo.blocks(body);
      expect(blocks).toEqual(splitPointBlocks(body));
      expect(memo.summary(body, blocks)).toBe(readSummary(body));
      expect(memo.blocks(body)).toBe(blocks);
      expect(Object.isFrozen(blocks)).toBe(true);
      expect(blocks.every((block) => Object.isFrozen(block))).toBe(true);
    }
  });

  it('gives readSection the reading it gives reading the body alone', () => {
    const memo = createBodyMemo();
    const known = [
      { id: 'R1', open: true, title: 'Title' },
      { id: 'R2', open: true },
      { id: 'F1', open: true },
    ];
    for (const body of bodies) {
      for (const kind of ['review', 'response', 'follow-up'] as const) {
        expect(readSection(kind, body, known, memo)).toEqual(readSection(kind, body, known));
        expect(readSection(kind, body, known, memo)).toEqual(readSection(kind, body, known));
      }
    }
  });

  it('is one per reader: two readers share no blocks', () => {
    const one = createDebateReader();
    const other = createDebateReader();
    const [body] = bodies as [string];
    expect(one.bodies.blocks(body)).toBe(one.bodies.blocks(body));
    expect(other.bodies.blocks(body)).not.toBe(one.bodies.blocks(body));
    expect(other.bodies.blocks(body)).toEqual(one.bodies.blocks(body));
  });

  it("reads an agent's answer as it is read alone: Markdown, JSON and JSON that does not parse", () => {
    const parsed = parseDocument('# Debate\n\n## Review\n\n### R1. Title\n**Severity:** high\n\nwords\n');
    if (!parsed.ok) throw parsed.error;
    const scope = scopeOf('response', 'responder', parsed.document);
    const memo = createBodyMemo();
    const answers = [
      '### R1. Title\n**Disagreed** — it holds.',
      '{"summary": "", "answers": [{"id": "R1", "label": "Agreed", "reasoning": "yes", "evidence": []}], "newPoints": []}',
      '```json\n{"summary": \n```',
      'Prose that answers nothing.',
    ];
    for (const text of answers) {
      expect(readAgentAnswer(text, scope, memo)).toEqual(readAgentAnswer(text, scope));
      expect(readAgentAnswer(text, scope, memo)).toEqual(readAgentAnswer(text, scope));
    }
  });
});
