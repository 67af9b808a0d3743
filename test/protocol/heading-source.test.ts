import type { Heading } from 'mdast';
import { describe, expect, it } from 'vitest';
import { readHeadingSource } from '../../src/protocol/heading-source.js';
import { readMarkdown } from '../../src/protocol/read-markdown.js';

function headings(source: string): Heading[] {
  const found: Heading[] = [];
  const visit = (node: { type: string; children?: unknown[] }) => {
    if (node.type === 'heading') found.push(node as Heading);
    for (const child of node.children ?? []) visit(child as { type: string; children?: unknown[] });
  };
  visit(readMarkdown(source));
  return found;
}

function only(source: string): Heading {
  const [heading] = headings(source);
  if (!heading) throw new Error(`no heading in ${JSON.stringify(source)}`);
  return heading;
}

describe('readHeadingSource', () => {
  it('reads an ATX heading with its offsets and line', () => {
    const source = 'intro\n\n## Response 1\nbody\n';
    expect(readHeadingSource(source, only(source))).toEqual({
      text: 'Response 1',
      setext: false,
      startOffset: 7,
      endOffset: 20,
      line: 3,
    });
  });

  it('drops a closing sequence and trailing spaces but keeps a # inside a word', () => {
    expect(readHeadingSource('## Review ##  \n', only('## Review ##  \n')).text).toBe('Review');
    expect(readHeadingSource('## Notes on C#\n', only('## Notes on C#\n')).text).toBe('Notes on C#');
  });

  it('reads a setext heading, underline excluded, lines joined', () => {
    const source = 'Response\n1\n---\n';
    expect(readHeadingSource(source, only(source))).toEqual({
      text: 'Response 1',
      setext: true,
      startOffset: 0,
      endOffset: 14,
      line: 1,
    });
  });

  it('reads the text of the source, not a re-serialization', () => {
    expect(readHeadingSource('## Use `a_b` *here*\n', only('## Use `a_b` *here*\n')).text).toBe('Use `a_b` *here*');
  });

  it('leaves the markers of a block quote out of a setext heading in it', () => {
    const source = '> first\n> second\n> ===\n';
    expect(readHeadingSource(source, only(source)).text).toBe('first second');
  });

  it('refuses a heading without a position', () => {
    const heading: Heading = { type: 'heading', depth: 2, children: [] };
    expect(() => readHeadingSource('', heading)).toThrow('Cannot locate a heading without a position');
  });
});
