import { describe, expect, it } from 'vitest';
import { codeLineFlags } from '../../src/protocol/code-line-flags.js';
import { splitPointBlocks } from '../../src/protocol/split-point-blocks.js';

const numbersAndTitles = (body: string) => splitPointBlocks(body).map(({ number, title }) => [number, title]);

describe('splitPointBlocks: the markers docs/protocol.md allows', () => {
  it('cuts at `### R1. title` headings, each block up to the next marker', () => {
    expect(splitPointBlocks('Intro.\n\n### R1. First\nabout one\n\n### R2. Second\nabout two\n')).toEqual([
      { id: 'R1', number: 1, fromNumber: false, title: 'First', marker: '### R1. First', style: 'heading', text: '### R1. First\nabout one' },
      { id: 'R2', number: 2, fromNumber: false, title: 'Second', marker: '### R2. Second', style: 'heading', text: '### R2. Second\nabout two' },
    ]);
  });

  it('cuts at `### 1. title` headings', () => {
    expect(numbersAndTitles('### 1. First\nx\n### 2. Second\ny')).toEqual([
      [1, 'First'],
      [2, 'Second'],
    ]);
  });

  it.each([
    ['### R1: First', 'First'],
    ['### R1 — First', 'First'],
    ['#### 1) First', 'First'],
    ['### **R1. First**', 'First'],
    ['### R1. First ###', 'First'],
    ['   ### R1. First', 'First'],
  ])('reads the heading `%s`', (line, title) => {
    expect(numbersAndTitles(line)).toEqual([[1, title]]);
  });

  it.each(['### r1) First', '### Point 1: First', '### #1 First', '### 2024 plans'])('reads no marker in the heading `%s`: it names no id', (line) => {
    expect(splitPointBlocks(line)).toEqual([]);
  });

  it('takes the id a line names over its number, and guesses none when it only mentions one', () => {
    expect(splitPointBlocks('### 2. R3 — Agreed').map(({ id, title }) => [id, title])).toEqual([['R3', 'Agreed']]);
    expect(splitPointBlocks('1. **Agreed** on R3 and R4').map(({ id }) => id)).toEqual([null]);
    expect(splitPointBlocks('### F2. A finding of the Responder').map(({ id, number }) => [id, number])).toEqual([['F2', 2]]);
  });

  it('cuts at `1. ...` list items', () => {
    expect(splitPointBlocks('1. **Agreed** — yes.\n2. **Disagreed** — no.\n   still two\n')).toEqual([
      { id: 'R1', number: 1, fromNumber: true, title: 'Agreed — yes.', marker: '1. **Agreed** — yes.', style: 'numbered', text: '1. **Agreed** — yes.' },
      { id: 'R2', number: 2, fromNumber: true, title: 'Disagreed — no.', marker: '2. **Disagreed** — no.', style: 'numbered', text: '2. **Disagreed** — no.\n   still two' },
    ]);
  });

  it('cuts at `1)` list items and `**1.**` bold numbers', () => {
    expect(numbersAndTitles('1) one\n2) two')).toEqual([
      [1, 'one'],
      [2, 'two'],
    ]);
    expect(numbersAndTitles('**1.** one\n\n**2.** two')).toEqual([
      [1, 'one'],
      [2, 'two'],
    ]);
    expect(numbersAndTitles('**1. one**\n**2. two**')).toEqual([
      [1, 'one'],
      [2, 'two'],
    ]);
  });

  it('cuts at `R1` ids, bold or in a bullet', () => {
    expect(numbersAndTitles('**R1** — **Agreed**\n\n**R2**: Disagreed')).toEqual([
      [1, 'Agreed'],
      [2, 'Disagreed'],
    ]);
    expect(numbersAndTitles('- R1: Agreed\n- R2. Partially agreed')).toEqual([
      [1, 'Agreed'],
      [2, 'Partially agreed'],
    ]);
  });

  it('prefers headings to ids and ids to list items', () => {
    expect(numbersAndTitles('### R1. Title\n1. a step\n2. another step\n### R2. Next')).toEqual([
      [1, 'Title'],
      [2, 'Next'],
    ]);
    expect(numbersAndTitles('R2: Agreed, because:\n1. a\n2. b')).toEqual([[2, 'Agreed, because:']]);
  });

  it('keeps numbers that do not start at one', () => {
    expect(numbersAndTitles('2. **Agreed**\n3. **Disagreed**')).toEqual([
      [2, 'Agreed'],
      [3, 'Disagreed'],
    ]);
  });

  // Renumbering a list that repeats its numbers would be a guess at which point each item means.
  it('keeps a repeated number as written: a lazy `1.` `1.` list names point 1 each time', () => {
    expect(numbersAndTitles('1. a\n1. b\n1. c')).toEqual([
      [1, 'a'],
      [1, 'b'],
      [1, 'c'],
    ]);
    expect(numbersAndTitles('1. a\n2. b\n2. c')).toEqual([
      [1, 'a'],
      [2, 'b'],
      [2, 'c'],
    ]);
  });

  it('keeps distinct numbers written out of order: point N is R<N>', () => {
    expect(numbersAndTitles('3. **Agreed**\n1. **Disagreed**')).toEqual([
      [3, 'Agreed'],
      [1, 'Disagreed'],
    ]);
  });

  it('does not take indented, inline or code lines for markers', () => {
    const body = 'Intro with 1. inline\n   1. nested? no, indented\n```\n### R9. in code\n1. in code\n```\n~~~\n2. in tildes\n~~~\n';
    expect(splitPointBlocks(body)).toEqual([]);
  });

  it('finds nothing in prose', () => {
    expect(splitPointBlocks('The change looks fine. 2023. was a year.\n### Summary\n')).toEqual([]);
    expect(splitPointBlocks('')).toEqual([]);
  });
});

describe('codeLineFlags', () => {
  it('marks fences and the lines between them', () => {
    expect(codeLineFlags(['a', '```ts', 'code', '```', 'b'])).toEqual([false, true, true, true, false]);
  });

  it('closes a fence only with the same character, at least as long, alone on its line', () => {
    expect(codeLineFlags(['````', '```', '~~~~', '```` x', '`````', 'after'])).toEqual([true, true, true, true, true, false]);
  });

  it('keeps an unclosed fence open to the end', () => {
    expect(codeLineFlags(['a', '~~~', 'b', 'c'])).toEqual([false, true, true, true]);
  });

  it('does not take a fence indented by four spaces', () => {
    expect(codeLineFlags(['    ```', 'x'])).toEqual([false, false]);
  });
});

describe('splitPointBlocks: explicit ids', () => {
  it('keeps a repeated `R<N>` id as written', () => {
    expect(numbersAndTitles('- R1: first half\n- R1: second half\n- R3: x')).toEqual([
      [1, 'first half'],
      [1, 'second half'],
      [3, 'x'],
    ]);
  });
});
