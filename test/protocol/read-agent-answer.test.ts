import { describe, expect, it } from 'vitest';
import { answerJsonSchema, checkAnswerData, maxEvidence, maxPoints } from '../../src/protocol/answer-schema.js';
import { findJson, readAgentAnswer, scopeOf } from '../../src/protocol/read-agent-answer.js';
import { parseOk } from './parse-ok.js';

const review = '## Review\n\n### R1. Debug output left in\n**Severity:** medium\n\nRemove it.\n\n### R2. No test\n**Severity:** low\n\nAdd one.\n';
const afterResponse = `${review}\n---\n\n## Response 1\n\n### R1 — Agreed\n\nIt goes.\n\n### R2 — Disagreed\n\nTrivial.\n\n### F1. Query built from input\n\n**Severity:** high\n**Evidence:** \`src/db.js:4\`\n\nInjectable.\n`;

describe('findJson', () => {
  it.each([
    ['{"a":1}', { a: 1 }],
    ['  {"a":1}\n', { a: 1 }],
    ['Here is my answer:\n\n```json\n{"a":1}\n```\n', { a: 1 }],
    ['```\n{"a":1}\n```', { a: 1 }],
  ])('finds the object in %j', (text, value) => {
    expect(findJson(text)).toEqual(value);
  });

  it.each([
    ['Markdown that quotes JSON in its reasoning', '### R1 — Agreed\n\nThe config should be:\n\n```json\n{"retries":3}\n```\n'],
    ['two objects', '```json\n{"a":1}\n```\n\n```json\n{"b":2}\n```'],
    ['an array', '[{"a":1}]'],
    ['broken JSON', '{"a":'],
    ['prose', 'Agreed, all of it.'],
  ])('finds none in %s', (_, text) => {
    expect(findJson(text)).toBeUndefined();
  });
});

describe('the scope of a turn', () => {
  it('gives the follow-up the F points to answer, the R points to hold, and the next R number', () => {
    const scope = scopeOf('follow-up', 'reviewer', parseOk(afterResponse));
    expect(scope).toMatchObject({ toAnswer: ['F1'], toHold: ['R2'], nextNumber: 3 });
    expect(scope.known).toEqual([
      { id: 'R1', open: false, title: 'Debug output left in' },
      { id: 'R2', open: true, title: 'No test' },
      { id: 'F1', open: true, title: 'Query built from input' },
    ]);
    const schema = JSON.stringify(answerJsonSchema(scope).schema);
    expect(schema).toContain('"enum":["F1"]');
    expect(schema).toContain('"enum":["R2"]');
    expect(schema).not.toContain('minLength');
  });

  it('sends the bounds of each array, so a grammar holds a model to one answer per open point', () => {
    const response = parseOk(`${review}\n---\n\n## Response 1\n\n### R1 — Disagreed\n\nNo.\n\n### R2 — Disagreed\n\nNo.\n`);
    const { schema } = answerJsonSchema(scopeOf('response', 'responder', parseOk(review)));
    const properties = schema.properties as Record<string, { minItems?: number; maxItems?: number; items?: { properties: Record<string, { maxItems?: number }> } }>;
    expect(properties.answers).toMatchObject({ minItems: 2, maxItems: 2 });
    expect(properties.answers?.items?.properties.evidence?.maxItems).toBe(maxEvidence);
    expect(properties.newPoints).toMatchObject({ maxItems: maxPoints });
    expect(properties.newPoints).not.toHaveProperty('minItems');
    const positions = answerJsonSchema(scopeOf('follow-up', 'reviewer', response)).schema.properties as Record<string, { maxItems?: number }>;
    expect(positions.positions?.maxItems).toBe(2);
    expect(JSON.stringify(schema)).not.toMatch(/"(minLength|maxLength|pattern|minimum)"/);
  });

  it('refuses an answer that leaves an open point out, and one that answers a point twice', () => {
    const scope = scopeOf('response', 'responder', parseOk(review));
    const answer = (id: string) => ({ id, label: 'Agreed', reasoning: 'Yes.', evidence: [] });
    const short = checkAnswerData({ summary: '', answers: [answer('R1')], newPoints: [] }, scope, 1);
    expect(short).toEqual({ ok: false, problems: ['answers: answer each of R1, R2 once.', 'answers: R2 is not answered: answer every open point.'] });
    const twice = checkAnswerData({ summary: '', answers: [answer('R1'), answer('R1')], newPoints: [] }, scope, 1);
    expect(twice).toEqual({ ok: false, problems: ['answers[1].id: R1 is given twice.', 'answers: R2 is not answered: answer every open point.'] });
  });

  it('takes a path that repeats its own line as the path, and refuses one whose line is another', () => {
    const scope = scopeOf('response', 'responder', parseOk(review));
    const answer = (path: string, line: number, endLine: number | null) => ({
      summary: '',
      answers: ['R1', 'R2'].map((id) => ({ id, label: 'Agreed', reasoning: 'Yes.', evidence: [{ path, line, endLine }] })),
      newPoints: [],
    });
    expect(checkAnswerData(answer('src/app.js:2', 2, null), scope, 1)).toMatchObject({
      ok: true,
      answer: { answers: [{ evidence: [{ path: 'src/app.js', line: 2, endLine: null }] }, {}] },
    });
    expect(checkAnswerData(answer('src/app.js:2-4', 2, 4), scope, 1)).toMatchObject({
      ok: true,
      answer: { answers: [{ evidence: [{ path: 'src/app.js', line: 2, endLine: 4 }] }, {}] },
    });
    expect(checkAnswerData(answer('src/app.js:3', 2, null), scope, 1)).toMatchObject({
      ok: false,
      problems: [expect.stringMatching(/^answers\[0\]\.evidence\[0\]\.path: a path has no spaces/), expect.any(String)],
    });
    expect(checkAnswerData(answer('src/app.js:2-4', 2, null), scope, 1)).toMatchObject({ ok: false });
  });

  it('numbers the points a turn raises after every point of its side', () => {
    const checked = checkAnswerData(
      {
        summary: '',
        positions: [],
        answers: [{ id: 'F1', label: 'Agreed', reasoning: 'Yes.', evidence: [] }],
        newPoints: [{ title: 'Leak', severity: 'low', evidence: [], reasoning: 'The handle stays open.' }],
      },
      scopeOf('follow-up', 'reviewer', parseOk(afterResponse)),
      3,
    );
    expect(checked).toMatchObject({ ok: true, answer: { newPoints: [{ id: 'R3', title: 'Leak' }] } });
  });

  it('refuses an answer about a settled point, naming the field', () => {
    const checked = checkAnswerData(
      {
        summary: '',
        positions: [{ id: 'R1', position: 'Maintained', reasoning: 'x', severity: null }],
        answers: [{ id: 'F1', label: 'Agreed', reasoning: 'Yes.', evidence: [] }],
        newPoints: [],
      },
      scopeOf('follow-up', 'reviewer', parseOk(afterResponse)),
      3,
    );
    expect(checked).toEqual({ ok: false, problems: ['positions[0].id: Invalid input: expected "R2".'] });
  });
});

describe('an answer in Markdown', () => {
  it('keeps a remark on a settled point as text, and asks nothing again for it', () => {
    const read = readAgentAnswer('### R1. Maintained\n\nGood that it goes.\n\n### F1 — Agreed\n\nInjectable indeed.\n', scopeOf('follow-up', 'reviewer', parseOk(afterResponse)));
    expect(read).toMatchObject({
      ok: true,
      json: false,
      answer: { summary: '*On R1, already settled:* Good that it goes.', answers: [{ id: 'F1', position: 'agreed', reasoning: 'Injectable indeed.' }] },
    });
  });

  it('keeps the reasoning after a label as written, its emphasis included', () => {
    const read = readAgentAnswer(
      '### R2. No test\n**Maintained**: trivial code *breaks* too.\n\n### F1\n**Agreed** — see `name`, **unescaped**.\n',
      scopeOf('follow-up', 'reviewer', parseOk(afterResponse)),
    );
    expect(read).toMatchObject({
      ok: true,
      answer: {
        positions: [{ id: 'R2', position: 'maintained', reasoning: 'trivial code *breaks* too.' }],
        answers: [{ id: 'F1', position: 'agreed', reasoning: 'see `name`, **unescaped**.' }],
      },
    });
  });

  it('names every open point of the other side it leaves unanswered, and each label it cannot read', () => {
    const read = readAgentAnswer('### R2 — Agreed (in part)\n\nMaybe.\n', scopeOf('follow-up', 'reviewer', parseOk(afterResponse)));
    expect(read).toEqual({
      ok: false,
      json: false,
      problems: [
        'F1 is not answered: answer it under its own heading `### F1 — <label>`.',
        'R2: no position could be read in "### R2 — Agreed (in part)" (no position stands in the point\'s heading or on the first line under it). Put exactly one of Maintained, Withdrawn, Accepted, Partially accepted in the point\'s heading: `### R2 — Maintained`.',
      ],
    });
  });
});

describe('an answer meant as JSON that does not parse', () => {
  const scope = () => scopeOf('response', 'responder', parseOk(review));

  it.each([
    ['cut short', '{\n  "summary": "Both fair.",\n  "answers": [\n    {"id": "R1", "position": "agreed", "reasoning": "It go', 'the text ends inside a string, at 4:59'],
    ['with prose after it', '{"summary": "", "answers": [], "positions": [], "newPoints": []}\nHope this helps.', 'expected nothing after the JSON value, found `H`, at 2:1'],
    [
      'in a fenced block cut off',
      'Here it is:\n\n```json\n{\n  "summary": "x",\n  "answers": [\n',
      'expected a value (an object, array, string, number, `true`, `false` or `null`), found the end of the text, at 7:1',
    ],
    ['in a closed fenced block with a trailing comma', '```json\n{"summary": "x",}\n```\n', 'expected a double-quoted property name, found `}`, at 2:17'],
  ])('says so, %s, where, and asks for the JSON again, never for headings', (_, text, where) => {
    const read = readAgentAnswer(text, scope());
    expect(read).toEqual({
      ok: false,
      json: true,
      problems: [`The JSON did not parse: ${where} (line:column). Send the whole JSON object again, complete and valid.`],
    });
  });

  it('leaves a Markdown answer its Markdown advice, JSON quoted in it or not', () => {
    const read = readAgentAnswer('### R1 — Agreed\n\nThe config should be:\n\n```json\n{"retries":\n```\n', scope());
    expect(read).toEqual({ ok: false, json: false, problems: ['R2 is not answered: answer it under its own heading `### R2 — <label>`.'] });
  });
});
