import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { locateJsonError } from '../../src/protocol/locate-json-error.js';

describe('locateJsonError', () => {
  it.each([
    ['an object cut after a comma', '{"a": 1,', 'expected a double-quoted property name, found the end of the text', 1, 9],
    ['a missing comma', '{"a": 1 "b": 2}', 'expected `,` or `}` after a property value, found `"`', 1, 9],
    [
      'an answer cut mid-array',
      '{\n  "summary": "x",\n  "answers": [\n    {"id": "R1", "position": "agreed"',
      'expected `,` or `}` after a property value, found the end of the text',
      4,
      38,
    ],
    ['a misspelt literal', '{"a": tru}', 'expected a value (an object, array, string, number, `true`, `false` or `null`), found `t`', 1, 7],
    ['a raw line break in a string', '{"a": "x\ny"}', 'a raw line break inside a string: write it as `\\n` (or `\\u00XX`)', 1, 9],
    ['a trailing comma', '{"a": 1,}', 'expected a double-quoted property name, found `}`', 1, 9],
    ['prose after the object', '{"a": 1}\nDone.', 'expected nothing after the JSON value, found `D`', 2, 1],
    ['an unknown escape', '{"a": "\\x"}', '`\\x` is no escape JSON knows inside a string', 1, 8],
    ['a string left open', '{"a": "x', 'the text ends inside a string', 1, 9],
  ])('names %s and where', (_, text, what, line, column) => {
    expect(locateJsonError(text)).toEqual({ what, line, column });
  });

  it('finds nothing wrong in JSON', () => {
    expect(locateJsonError(' {"a": -1.5e3, "b": "\\u00e9", "c": [true, false, null, {}], "d": []}\n')).toBeNull();
  });

  it('agrees with JSON.parse on whether any text, cut anywhere, is JSON', () => {
    const value = fc.jsonValue();
    fc.assert(
      fc.property(value, fc.nat(), fc.boolean(), (json, cut, pretty) => {
        const text = JSON.stringify(json, null, pretty ? 2 : undefined);
        const cutText = text.slice(0, cut % (text.length + 1));
        let parses = true;
        try {
          JSON.parse(cutText);
        } catch {
          parses = false;
        }
        expect(locateJsonError(cutText) === null).toBe(parses);
      }),
    );
  });
});
