import { describe, expect, it } from 'vitest';
import { BoundedMap } from '../../src/bounded-map.js';
import { answerJsonSchema, type AnswerJsonSchema, type AnswerScope } from '../../src/protocol/answer-schema.js';

const scope: AnswerScope = { turn: 'response', role: 'responder', toAnswer: ['R1', 'R2'], toHold: [] };

describe('answerJsonSchema with the schemas a side keeps', () => {
  it('gives the schema made alone, the same object for the same scope, another for another scope', () => {
    const kept = new BoundedMap<string, AnswerJsonSchema>(32);
    const schema = answerJsonSchema(scope, { kept });
    expect(schema).toEqual(answerJsonSchema(scope));
    expect(answerJsonSchema({ ...scope, toAnswer: ['R1', 'R2'] }, { kept })).toBe(schema);
    const without = answerJsonSchema(scope, { reproductions: false, kept });
    expect(without).toEqual(answerJsonSchema(scope, { reproductions: false }));
    expect(without).not.toEqual(schema);
    expect(answerJsonSchema({ ...scope, toAnswer: ['R1'] }, { kept })).toEqual(answerJsonSchema({ ...scope, toAnswer: ['R1'] }));
    expect(kept.size).toBe(3);
  });

  it('alone, makes a new schema each time: nothing is kept but where the caller keeps it', () => {
    expect(answerJsonSchema(scope)).not.toBe(answerJsonSchema(scope));
    const kept = new BoundedMap<string, AnswerJsonSchema>(1);
    const first = answerJsonSchema(scope, { kept });
    answerJsonSchema({ ...scope, toAnswer: ['R1'] }, { kept });
    const again = answerJsonSchema(scope, { kept });
    expect(again).not.toBe(first);
    expect(again).toEqual(first);
  });
});
