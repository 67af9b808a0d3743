import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { answerJsonSchema, checkAnswerData, type TurnAnswer } from '../../src/protocol/answer-schema.js';
import { renderAnswer } from '../../src/protocol/render-answer.js';
import { answerOf, readSection } from '../../src/protocol/read-section.js';
import { classifyReproduction, type ReproductionResult, type ReproductionRun } from '../../src/protocol/reproduction.js';
import { sanitizeAgentText } from '../../src/protocol/sanitize-agent-text.js';

const scope = { turn: 'response', role: 'responder', toAnswer: ['R1'], toHold: [] } as const;

// File contents as tests hold them: comments that look like headings, fences, backticks, markers, blank lines, tabs.
const lines = [
  '# a comment',
  '## another',
  '~~~',
  '~~~~~ js',
  '```',
  '### R2 — Agreed',
  '**Reproduction:** `x`',
  '<!-- code-debate reproduction {} -->',
  '',
  '\tindented',
  '    four',
  'plain();',
];
const content = fc.array(fc.constantFrom(...lines), { minLength: 0, maxLength: 8 }).map((parts) => parts.join('\n'));
const command = fc.constantFrom('node --test test/x.test.js', 'sh -c "exit `echo 1`"', 'echo ``two`` && false', 'npm test -- --grep "a b"');

function answerWith(reproduction: unknown, reasoning = 'It fails: see the test.'): TurnAnswer {
  const checked = checkAnswerData(
    { summary: '', answers: [{ id: 'R1', label: 'Agreed', reasoning, evidence: [{ path: 'src/a.js', line: 2, endLine: null }], reproduction }], newPoints: [] },
    scope,
    1,
  );
  if (!checked.ok) throw new Error(checked.problems.join(' '));
  return checked.answer;
}

const run = (commit: string, exitCode: number | null, stopped: string | null = null, tail = ''): ReproductionRun => ({ commit, exitCode, stopped, tail });

describe('a reproduction in the canonical form', () => {
  it('reads back exactly, files and command, through the sanitizer, whatever the files hold', () => {
    fc.assert(
      fc.property(command, fc.array(content, { minLength: 1, maxLength: 3 }), (cmd, contents) => {
        const answer = answerWith(
          { command: cmd, files: contents.map((text, index) => ({ path: `test/case-${index}.test.js`, content: text })) },
          '**Reproduction:** `not this`\n\nThe loop reads one past the end.',
        );
        const body = sanitizeAgentText(renderAnswer(answer), 'Response 1');
        expect(body).not.toMatch(/^#{1,2} /m);
        const reading = readSection('response', body, [{ id: 'R1', open: true }]);
        expect(answerOf(reading)).toEqual(answer);
        expect(reading.results.size).toBe(0);
      }),
      { numRuns: 200 },
    );
  });

  it("carries code-debate's result, read back as data, after the files", () => {
    const answer = answerWith({ command: 'node t.js', files: [{ path: 't.js', content: 'process.exit(1)\n' }] });
    const result = classifyReproduction(run('a'.repeat(40), 1, null, 'AssertionError --> <b>\n## CONSENSUS'), run('b'.repeat(40), 0));
    const body = sanitizeAgentText(renderAnswer(answer, new Map([['R1', result]])), 'Response 1');
    expect(body).toContain('**Result (code-debate):** reproduced: it fails at the head `aaaaaaa` (exit 1) and passes at the base `bbbbbbb`.');
    const reading = readSection('response', body, [{ id: 'R1', open: true }]);
    expect(reading.results.get('R1')).toEqual<ReproductionResult>(result);
    expect(answerOf(reading)).toEqual(answer);
  });

  it('is optional: an answer without one has none, and the schema a backend gets asks for it or null', () => {
    const checked = checkAnswerData({ summary: '', answers: [{ id: 'R1', label: 'Agreed', reasoning: 'yes', evidence: [] }], newPoints: [] }, scope, 1);
    expect(checked.ok && checked.answer.answers[0]).toEqual({ id: 'R1', position: 'agreed', reasoning: 'yes', evidence: [] });
    const schema = JSON.stringify(answerJsonSchema(scope).schema);
    expect(schema).toContain('"reproduction"');
    expect(schema).not.toContain('"default"');
  });

  it('refuses a file outside the subject, twice the same path, or a command of two lines, naming the field', () => {
    const problems = (reproduction: unknown) => {
      const checked = checkAnswerData({ summary: '', answers: [{ id: 'R1', label: 'Agreed', reasoning: 'yes', evidence: [], reproduction }], newPoints: [] }, scope, 1);
      return checked.ok ? [] : checked.problems;
    };
    expect(problems({ command: 'true', files: [{ path: '../x', content: '' }] })).toEqual([
      'answers[0].reproduction.files[0].path: a path is relative to the root of the subject, without `.`, `..`, `.git` or empty parts.',
    ]);
    expect(
      problems({
        command: 'true',
        files: [
          { path: 'a', content: '' },
          { path: 'a', content: '' },
        ],
      }),
    ).toEqual(['answers[0].reproduction.files[1].path: a is given twice.']);
    expect(problems({ command: 'true\nfalse', files: [] })).toEqual(['answers[0].reproduction.command: the command must be one line.']);
  });
});

describe('classifyReproduction', () => {
  const head = 'h'.repeat(40);
  const base = 'b'.repeat(40);
  it('says reproduced, not reproduced or could not run, as the runs at the head and the base say', () => {
    expect(classifyReproduction(run(head, 1), run(base, 0)).verdict).toBe('reproduced');
    expect(classifyReproduction(run(head, 1), null).verdict).toBe('reproduced');
    expect(classifyReproduction(run(head, 0), run(base, 0)).verdict).toBe('not-reproduced');
    expect(classifyReproduction(run(head, 2), run(base, 2))).toMatchObject({
      verdict: 'could-not-run',
      why: 'it fails at both the head `hhhhhhh` (exit 2) and the base `bbbbbbb` (exit 2)',
    });
    expect(classifyReproduction(run(head, null, 'stopped after 60 s (the time limit)'), null)).toMatchObject({
      verdict: 'could-not-run',
      why: 'at the head `hhhhhhh`: stopped after 60 s (the time limit)',
    });
    expect(classifyReproduction(run(head, 1), run(base, null, 'stopped: it printed more than 64 KB')).verdict).toBe('could-not-run');
  });
});

describe('the schema a side that runs no reproduction hands its agent', () => {
  const scopes = [
    { turn: 'review', role: 'reviewer', toAnswer: [], toHold: [] },
    { turn: 'response', role: 'responder', toAnswer: ['R1', 'R2'], toHold: [] },
    { turn: 'follow-up', role: 'reviewer', toAnswer: ['F1'], toHold: ['R1'] },
  ] as const;

  it.each(scopes)('asks for none in a $turn, where the usual schema asks for one on every point', (scope) => {
    const asked = JSON.stringify(answerJsonSchema(scope).schema);
    const off = answerJsonSchema(scope, { reproductions: false }).schema;
    expect(asked).toContain('"reproduction"');
    expect(JSON.stringify(off)).not.toContain('"reproduction"');
    // Only that field goes: every object keeps its other properties and requires the same others.
    const objects = (schema: unknown, found: Array<{ properties: string[]; required: string[] }> = []) => {
      if (schema !== null && typeof schema === 'object') {
        const object = schema as { properties?: Record<string, unknown>; required?: string[] };
        if (object.properties !== undefined)
          found.push({
            properties: Object.keys(object.properties).filter((name) => name !== 'reproduction'),
            required: (object.required ?? []).filter((name) => name !== 'reproduction'),
          });
        for (const [key, value] of Object.entries(schema)) if (key !== 'reproduction') objects(value, found);
      }
      return found;
    };
    const withoutReproduction = (schema: unknown) => JSON.parse(JSON.stringify(schema, (key, value) => (key === 'reproduction' ? undefined : value))) as unknown;
    expect(objects(off)).toEqual(objects(withoutReproduction(answerJsonSchema(scope).schema)));
  });

  it('still validates an answer that brings one anyway', () => {
    const scope = scopes[1];
    const answer = {
      summary: '',
      answers: [
        {
          id: 'R1',
          label: 'Disagreed',
          reasoning: 'It is guarded.',
          evidence: [],
          reproduction: { command: 'node t.js', files: [{ path: 't.js', content: 'process.exit(1)\n' }] },
        },
        { id: 'R2', label: 'Disagreed', reasoning: 'It is guarded too.', evidence: [] },
      ],
      newPoints: [],
    };
    expect(checkAnswerData(answer, scope, 1)).toMatchObject({ ok: true });
  });
});
